// SPDX-License-Identifier: GPL-3.0-or-later
// The job's output as measure keeps it: a bounded tail as a terminal would show it, the whole
// of it in a file up to its limit, diagnose's rules over every line, and what is passed on.
#include "probes/diagnosis.h"
#include "probes/joboutput.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <fcntl.h>
#include <unistd.h>

using namespace shmwise;

class TestJobOutput : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void tailIsBoundedAndWhole()
    {
        JobOutput::Options o;
        o.tailLines = 5;
        o.tailBytes = 1024;
        JobOutput out(o);
        // 100,000 lines, fed in odd chunks that cut lines in two.
        QByteArray all;
        for (int i = 0; i < 100000; ++i)
            all += "line " + QByteArray::number(i) + '\n';
        for (qsizetype at = 0; at < all.size(); at += 777)
            out.feed(
                2, QByteArrayView(all.constData() + at, std::min<qsizetype>(777, all.size() - at)));
        const JobOutputSummary s = out.finish();
        QCOMPARE(s.lines, qint64(100000));
        QCOMPARE(s.bytes, qint64(all.size()));
        QCOMPARE(s.tail, QStringList({QStringLiteral("line 99995"), QStringLiteral("line 99996"),
                                      QStringLiteral("line 99997"), QStringLiteral("line 99998"),
                                      QStringLiteral("line 99999")}));
    }

    void aLongLineIsCutNotKept()
    {
        JobOutput::Options o;
        o.tailBytes = 4096;
        JobOutput out(o);
        out.feed(1, QByteArray(10 << 20, 'x'));
        out.feed(1, "\nend\n");
        const JobOutputSummary s = out.finish();
        QCOMPARE(s.lines, qint64(2));
        QCOMPARE(s.tail.last(), QStringLiteral("end"));
        qsizetype kept = 0;
        for (const QString &l : s.tail)
            kept += l.size();
        QVERIFY(kept <= 4096);
    }

    void terminalView()
    {
        // A progress bar rewritten with carriage returns, colours, a CRLF line.
        const QByteArray bytes = "epoch 1:  10%\r epoch 1:  50%\r epoch 1: 100%\n"
                                 "\x1b[31mERROR\x1b[0m: boom\r\n"
                                 "\xff bad utf-8\n";
        const QStringList lines = terminalLines(bytes, 10);
        QCOMPARE(lines.size(), 3);
        QCOMPARE(lines[0], QStringLiteral(" epoch 1: 100%"));
        QCOMPARE(lines[1], QStringLiteral("ERROR: boom"));
        QVERIFY(lines[2].endsWith(QLatin1String(" bad utf-8")));
        QCOMPARE(terminalLines(bytes, 1), QStringList{lines[2]});
        // A worker's signal handler writes its message with the terminating NUL, after the
        // main process's traceback; blank lines at the end say nothing either.
        static const char workerText[] = "RuntimeError: DataLoader worker (pid 7) is killed\n"
                                         "ERROR: Unexpected bus error encountered in worker.\n"
                                         "\0\n  \r\n\n";
        const QByteArray worker(workerText, sizeof workerText - 1);
        QCOMPARE(terminalLines(worker, 1),
                 QStringList{QStringLiteral("ERROR: Unexpected bus error encountered in worker.")});
        QCOMPARE(terminalLines(QByteArray("\0\n\n", 3), 5), QStringList{});
    }

    void busErrorIsFound()
    {
        JobOutput out({});
        out.feed(1, "step 1\nstep 2\n");
        out.feed(2, "RuntimeError: DataLoader worker (pid 4242) is killed by signal: Bus error. "
                    "It is possible that dataloader's workers are out of shared memory. Please "
                    "try to raise your shared memory limit.\n");
        const JobOutputSummary s = out.finish();
        QVERIFY(!s.findings.isEmpty());
        QCOMPARE(s.findings.first().id, QString::fromLatin1(diagnosis::ShmExhausted));
        QCOMPARE(s.findings.first().line, 3);
    }

    void logFileStopsAtItsLimit()
    {
        QTemporaryDir dir;
        JobOutput::Options o;
        o.logPath = dir.filePath(QStringLiteral("out.log"));
        o.logLimit = 1000;
        JobOutput out(o);
        for (int i = 0; i < 100; ++i)
            out.feed(1, "0123456789abcdefghi\n");
        const JobOutputSummary s = out.finish();
        QVERIFY(s.logTruncated);
        QCOMPARE(QFileInfo(o.logPath).size(), qint64(1000));
        QCOMPARE(s.bytes, qint64(2000));
        // A file that cannot be written is said, and the rest goes on.
        JobOutput::Options bad;
        bad.logPath = dir.filePath(QStringLiteral("missing/out.log"));
        JobOutput none(bad);
        none.feed(1, "x\n");
        const JobOutputSummary t = none.finish();
        QVERIFY(!t.logError.isEmpty());
        QCOMPARE(t.lines, qint64(1));
    }

    void forwardsEachStream()
    {
        int out[2], err[2];
        QVERIFY(pipe2(out, O_CLOEXEC | O_NONBLOCK) == 0 && pipe2(err, O_CLOEXEC | O_NONBLOCK) == 0);
        JobOutput::Options o;
        o.forwardOut = out[1];
        o.forwardErr = err[1];
        JobOutput j(o);
        j.feed(1, "to stdout\n");
        j.feed(2, "to stderr\n");
        j.finish();
        char buf[64];
        const ssize_t a = read(out[0], buf, sizeof buf);
        QCOMPARE(QByteArray(buf, int(a)), QByteArray("to stdout\n"));
        const ssize_t b = read(err[0], buf, sizeof buf);
        QCOMPARE(QByteArray(buf, int(b)), QByteArray("to stderr\n"));
        for (int fd : {out[0], out[1], err[0], err[1]})
            close(fd);
    }
};

QTEST_GUILESS_MAIN(TestJobOutput)
#include "tst_joboutput.moc"
