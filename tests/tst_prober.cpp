// SPDX-License-Identifier: GPL-3.0-or-later
// The asynchronous Prober: results through signals, cancel, timeout, refresh, stale jobs dropped,
// and refused targets that start nothing.
#include "testutil.h"

#include "probes/prober.h"

#include <QElapsedTimer>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace shmwise;

namespace {

ProbeResult resultAt(const QSignalSpy &spy, int i)
{
    return spy.at(i).at(0).value<ProbeResult>();
}

// A "shell" that never answers: the probe's stand-in for a hung host.
QString hangingShell(const QTemporaryDir &dir)
{
    const QString path = dir.filePath(QStringLiteral("hang.sh"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write("#!/bin/sh\nexec sleep 60\n");
    f.close();
    f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    return path;
}

// A "shell" that runs `body` in place of the probe script (which it reads and drops).
QString fakeShell(const QTemporaryDir &dir, const QByteArray &name, const QByteArray &body)
{
    const QString path = dir.filePath(QString::fromLatin1(name));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write("#!/bin/sh\n" + body);
    f.close();
    f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    return path;
}

} // namespace

class TestProber : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void localProbe()
    {
        Prober p;
        QSignalSpy done(&p, &Prober::finished);
        QSignalSpy busy(&p, &Prober::busyChanged);
        QVERIFY(!p.isBusy());
        const quint64 job = p.probe();
        // Asynchronous: nothing has been delivered when probe() returns.
        QVERIFY(p.isBusy());
        QCOMPARE(done.count(), 0);
        QVERIFY(done.wait(10000));
        const ProbeResult r = resultAt(done, 0);
        QCOMPARE(r.job, job);
        QVERIFY2(r.ok(), qPrintable(r.error));
        QVERIFY(r.facts.complete);
        QVERIFY(p.facts().shmSizeBytes);
        QVERIFY(!p.isBusy());
        QCOMPARE(busy.count(), 2);
        QCOMPARE(p.processesStarted(), 1);
    }

    void staleResultsDropped()
    {
        Prober p;
        QSignalSpy done(&p, &Prober::finished);
        p.probe();
        p.probe();
        const quint64 last = p.probe();
        QVERIFY(done.wait(10000));
        QTest::qWait(300);
        QCOMPARE(done.count(), 1);
        QCOMPARE(resultAt(done, 0).job, last);
        QVERIFY(resultAt(done, 0).ok());
    }

    void timeoutAndCancel()
    {
        QTemporaryDir dir;
        ProbeOptions o;
        o.shellProgram = hangingShell(dir);
        o.timeoutMs = 700;
        Prober p;
        p.setOptions(o);
        QSignalSpy done(&p, &Prober::finished);
        QElapsedTimer t;
        t.start();
        p.probe();
        QVERIFY(done.wait(5000));
        QVERIFY(t.elapsed() < 3000);
        QCOMPARE(resultAt(done, 0).status, ProbeResult::Status::TimedOut);
        QVERIFY(resultAt(done, 0).error.contains(QLatin1String("did not answer")));

        o.timeoutMs = 60000;
        p.setOptions(o);
        const quint64 job = p.probe();
        QTest::qWait(100);
        QVERIFY(p.isBusy());
        p.cancel();
        QCOMPARE(done.count(), 2);
        QCOMPARE(resultAt(done, 1).job, job);
        QCOMPARE(resultAt(done, 1).status, ProbeResult::Status::Cancelled);
        QVERIFY(!p.isBusy());
        QTest::qWait(200);
        QCOMPARE(done.count(), 2);
    }

    // A target's output is kept within caps; past them the transport is stopped.
    void outputCapped()
    {
        QTemporaryDir dir;
        ProbeOptions o;
        o.timeoutMs = 60000;
        o.shellProgram = fakeShell(dir, "out", "exec yes 'shmwise-probe 1'\n");
        QElapsedTimer t;
        t.start();
        ProbeResult r = probeBlocking(QStringLiteral("local"), o);
        QCOMPARE(r.status, ProbeResult::Status::Failed);
        QVERIFY2(r.error.contains(QLatin1String("more than 4 MiB")), qPrintable(r.error));
        QVERIFY(t.elapsed() < 30000);

        o.shellProgram = fakeShell(dir, "err", "exec tr '\\000' x </dev/zero >&2\n");
        r = probeBlocking(QStringLiteral("local"), o);
        QCOMPARE(r.status, ProbeResult::Status::Failed);
        QVERIFY2(r.error.contains(QLatin1String("more than 64 KiB")), qPrintable(r.error));
        QVERIFY(r.stderrText.size() <= MaxStderrBytes);
    }
    // A complete report is the answer, whether or not the target exits after it.
    void completeReportUsed()
    {
        QTemporaryDir dir;
        ProbeOptions o;
        o.timeoutMs = 30000;
        o.shellProgram = fakeShell(dir, "stays", "/bin/sh -s\nexec sleep 60\n");
        QElapsedTimer t;
        t.start();
        const ProbeResult r = probeBlocking(QStringLiteral("local"), o);
        QVERIFY2(r.ok(), qPrintable(r.error));
        QVERIFY(r.facts.complete);
        QVERIFY(t.elapsed() < ExitGraceMs + 10000);
        // Cut off mid-report and hung: still a timeout.
        o.timeoutMs = 800;
        o.shellProgram =
            fakeShell(dir, "half", "printf 'shmwise-probe 1\\nos.kernel=x\\n'\nexec sleep 60\n");
        const ProbeResult h = probeBlocking(QStringLiteral("local"), o);
        QCOMPARE(h.status, ProbeResult::Status::TimedOut);
    }

    void refusedTargetStartsNothing()
    {
        Prober p;
        QString error;
        QVERIFY(!p.setTarget(QStringLiteral("ssh://localhost;touch /tmp/x"), &error));
        QVERIFY(error.contains(QLatin1String("';'")));
        QSignalSpy done(&p, &Prober::finished);
        p.probe();
        QVERIFY(done.wait(2000));
        QCOMPARE(resultAt(done, 0).status, ProbeResult::Status::Refused);
        QCOMPARE(p.processesStarted(), 0);
    }

    void missingClient()
    {
        ProbeOptions o;
        o.dockerProgram = QStringLiteral("/nonexistent/docker");
        Prober p;
        p.setOptions(o);
        QVERIFY(p.setTarget(QStringLiteral("docker://c")));
        QSignalSpy done(&p, &Prober::finished);
        p.probe();
        QVERIFY(done.wait(5000));
        QCOMPARE(resultAt(done, 0).status, ProbeResult::Status::Failed);
        QVERIFY(resultAt(done, 0).error.contains(QLatin1String("/nonexistent/docker")));
    }

    void refresh()
    {
        Prober p;
        p.setRefreshInterval(100);
        QSignalSpy done(&p, &Prober::finished);
        p.probe();
        QTRY_VERIFY_WITH_TIMEOUT(done.count() >= 3, 15000);
        p.cancel();
        const int n = done.count();
        QTest::qWait(400);
        QCOMPARE(done.count(), n);
        for (int i = 0; i < n; ++i)
            QVERIFY(resultAt(done, i).ok());
    }

    void blockingForTheCli()
    {
        const ProbeResult r = probeBlocking(QStringLiteral("local"));
        QVERIFY(r.ok());
        QCOMPARE(probeBlocking(QStringLiteral("docker://-x")).status, ProbeResult::Status::Refused);
    }
};

QTEST_GUILESS_MAIN(TestProber)
#include "tst_prober.moc"
