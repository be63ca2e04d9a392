// SPDX-License-Identifier: GPL-3.0-or-later
// `shmwise measure --target ssh://...` against a real sshd on 127.0.0.1 (tests/sshdfixture.h)
// and a real PyTorch job: the hook and the runner go over the connection and are removed after;
// the loaders, the plan and the profile are those of a run on this computer; a cancelled or
// unruly job is stopped on the host.
#include "probes/remotemeasure.h"
#include "sshdfixture.h"
#include "testutil.h"

#include <QDir>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace shmwise;
using namespace testutil;

namespace {

// The folders a measurement over SSH makes on the host (here, this computer's /tmp); tests that
// measure locally at the same time use other names.
QStringList measureLeftovers()
{
    return QDir(QDir::tempPath())
        .entryList({QStringLiteral("shmwise-remote-measure-*")}, QDir::Dirs | QDir::NoDotAndDotDot);
}

} // namespace

class TestRemoteMeasure : public QObject
{
    Q_OBJECT
    SshdFixture m_sshd;
    QString m_python;

    QStringList over() const
    {
        return {QStringLiteral("--target"), m_sshd.target(), QStringLiteral("--ssh-config"),
                m_sshd.config()};
    }

private Q_SLOTS:
    void initTestCase()
    {
        QString why;
        m_python = pythonWithTorch(&why);
        if (m_python.isEmpty())
            QSKIP(qPrintable(why));
        if (!m_sshd.start())
            QSKIP(qPrintable(m_sshd.why()));
    }
    void cleanupTestCase() { m_sshd.stop(); }

    // The script a measurement sends: the hook and the runner whole, the settings as one line,
    // nothing of the user's command outside the here-document of the settings.
    void scriptHoldsHookAndRunner()
    {
        MeasureOptions o;
        o.command = {QStringLiteral("python3"), QStringLiteral("train.py; rm -rf ~"),
                     QStringLiteral("$(reboot)")};
        o.seconds = 5;
        const QByteArray s = remoteMeasureScript(o);
        QVERIFY(s.contains("SHMWISE_END_OF_HOOK\n"));
        QVERIFY(s.contains("def main():"));
        const qsizetype config = s.indexOf("<<'SHMWISE_END_OF_CONFIG'\n");
        const qsizetype end = s.indexOf("\nSHMWISE_END_OF_CONFIG\n");
        QVERIFY(config > 0 && end > config);
        QCOMPARE(s.count("rm -rf ~"), 1);
        QVERIFY(s.indexOf("rm -rf ~") > config && s.indexOf("rm -rf ~") < end);
        // The settings are one line of JSON.
        const QByteArray json = s.mid(config + 26, end - config - 26);
        QVERIFY2(!json.contains('\n'), json.constData());
        QCOMPARE(
            QJsonDocument::fromJson(json).object().value(QLatin1String("command")).toArray().size(),
            3);
    }

    // A host without python3: the script says so, and leaves nothing behind.
    void scriptWithoutPython()
    {
        QTemporaryDir bin;
        for (const char *tool : {"mktemp", "cat", "rm"})
            QVERIFY(QFile::link(QStandardPaths::findExecutable(QLatin1String(tool)),
                                bin.filePath(QLatin1String(tool))));
        MeasureOptions o;
        o.command = {QStringLiteral("python3"), QStringLiteral("train.py")};
        const QStringList before = measureLeftovers();
        QProcess sh;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("PATH"), bin.path());
        sh.setProcessEnvironment(env);
        sh.start(QStringLiteral("/bin/sh"), {QStringLiteral("-s")});
        QVERIFY(sh.waitForStarted());
        sh.write(remoteMeasureScript(o));
        sh.closeWriteChannel();
        QVERIFY(sh.waitForFinished(20000));
        const QByteArray out = sh.readAllStandardOutput();
        QVERIFY2(out.startsWith("R ") && out.contains("\"why\":\"no-python\""), out.constData());
        for (const QString &d : measureLeftovers())
            QVERIFY2(before.contains(d), qPrintable(d));
    }

    // A real job over SSH: the same report as on this computer, the profile written here, and
    // nothing left on the host.
    void realJobOverSsh()
    {
        QTemporaryDir dir;
        const QString profile = dir.filePath(QStringLiteral("measured.yaml"));
        const QStringList before = measureLeftovers();
        QStringList args = {QStringLiteral("measure"), QStringLiteral("--json")};
        args << over()
             << QStringList{QStringLiteral("--environment"),
                            QStringLiteral("docker"),
                            QStringLiteral("--out"),
                            profile,
                            QStringLiteral("--dir"),
                            sourceDir(),
                            QStringLiteral("--"),
                            m_python,
                            QStringLiteral("tests/calibration/jobs/text_padded.py")};
        const RunResult r = run(shmwiseBinary(), args, {}, 240000);
        const QJsonObject json = QJsonDocument::fromJson(r.out).object();
        QVERIFY2(r.exitCode == 0, (r.err.right(3000)).constData());
        QCOMPARE(json.value(QLatin1String("stop_reason")).toString(), QStringLiteral("exited"));
        QCOMPARE(json.value(QLatin1String("exit_code")).toInt(-1), 0);
        // The job's own output comes back (on standard error).
        QVERIFY2(r.err.trimmed().endsWith("done"), r.err.right(2000).constData());
        QCOMPARE(json.value(QLatin1String("loaders")).toArray().size(), 2);
        const qint64 required = json.value(QLatin1String("plan"))
                                    .toObject()
                                    .value(QLatin1String("required_bytes"))
                                    .toInteger();
        const qint64 held = json.value(QLatin1String("shm"))
                                .toObject()
                                .value(QLatin1String("measured_peak_bytes"))
                                .toInteger();
        QVERIFY(required > 0);
        QVERIFY(held > 0);
        QVERIFY2(json.value(QLatin1String("within_plan")).toBool(),
                 qPrintable(QStringLiteral("peak %1 > required %2").arg(held).arg(required)));
        qInfo("over ssh: peak %.1f MiB, required %.1f MiB", double(held) / 1048576,
              double(required) / 1048576);
        QFile written(profile);
        QVERIFY(written.open(QIODevice::ReadOnly));
        QVERIFY2(written.readAll().contains(".."), "padded lengths as a range");
        // None of its own is left (another test's may come and go meanwhile).
        for (const QString &d : measureLeftovers())
            QVERIFY2(before.contains(d), qPrintable(d));
    }

    // An unruly job (ignores SIGINT, leaves a grandchild in a session of its own and a file in
    // /dev/shm) is stopped on the host, and its file removed.
    void unrulyJobStoppedThere()
    {
        QStringList args = {QStringLiteral("measure"), QStringLiteral("--json"),
                            QStringLiteral("--seconds"), QStringLiteral("10")};
        args << over()
             << QStringList{QStringLiteral("--"), m_python,
                            sourceDir() + QStringLiteral("/tests/measure/unruly.py"),
                            QStringLiteral("--mode"), QStringLiteral("hang")};
        const RunResult r = run(shmwiseBinary(), args, {}, 120000);
        const QJsonObject json = QJsonDocument::fromJson(r.out).object();
        QVERIFY2(r.exitCode == 0, r.err.right(3000).constData());
        QCOMPARE(json.value(QLatin1String("stop_reason")).toString(), QStringLiteral("time"));
        // 10 s, SIGINT's 5 s and SIGTERM's 3 s of grace, and the reaping.
        QVERIFY(json.value(QLatin1String("seconds")).toDouble() < 25);
        const QRegularExpression child(QStringLiteral("grandchild (\\d+)"));
        const QRegularExpressionMatch g = child.match(QString::fromUtf8(r.err));
        QVERIFY2(g.hasMatch(), r.err.constData());
        QTRY_VERIFY_WITH_TIMEOUT(!processAlive(g.captured(1).toLongLong()), 5000);
        const QJsonArray removed = json.value(QLatin1String("shm"))
                                       .toObject()
                                       .value(QLatin1String("removed_files"))
                                       .toArray();
        // What was left, and why, when it was not removed.
        QVERIFY2(removed.size() == 1, QJsonDocument(json.value(QLatin1String("shm")).toObject())
                                          .toJson(QJsonDocument::Compact)
                                          .constData());
        QVERIFY(!QFile::exists(QStringLiteral("/dev/shm/") + removed.first().toString()));
    }

    // Cancelled from here (the wizard's Cancel): the connection closes and the job stops on the
    // host all the same.
    void cancelStopsTheJob()
    {
        MeasureOptions o;
        o.command = {m_python, sourceDir() + QStringLiteral("/tests/measure/unruly.py"),
                     QStringLiteral("--mode"), QStringLiteral("forever")};
        o.seconds = 60;
        o.handleSignals = false;
        QElapsedTimer clock;
        clock.start();
        o.progress = [&](double seconds, quint64) {
            return seconds < 2;
        };
        ProbeOptions probe;
        probe.sshConfig = m_sshd.config();
        const MeasureRun run = runRemoteMeasurement(*parseTarget(m_sshd.target()), probe, o);
        QVERIFY2(run.started, qPrintable(run.error));
        QCOMPARE(run.stopReason, QStringLiteral("interrupted"));
        QVERIFY(clock.elapsed() < 30000);
        // The runner stops the job once it finds the connection gone (SIGINT, SIGTERM, SIGKILL).
        const auto jobs = [] {
            int n = 0;
            for (const QString &p : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
                QFile cmd(QStringLiteral("/proc/%1/cmdline").arg(p));
                if (cmd.open(QIODevice::ReadOnly) && cmd.readAll().contains("unruly.py"))
                    ++n;
            }
            return n;
        };
        QTRY_COMPARE_WITH_TIMEOUT(jobs(), 0, 20000);
    }

    // No python3 on the path there, a --shm, a Docker target: said, nothing run.
    void refusals()
    {
        QStringList args = {QStringLiteral("measure"), QStringLiteral("--shm"),
                            QStringLiteral("64MiB")};
        args << over() << QStringList{QStringLiteral("--"), QStringLiteral("python3")};
        RunResult r = run(shmwiseBinary(), args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--shm"), r.err.constData());
        r = run(shmwiseBinary(),
                {QStringLiteral("measure"), QStringLiteral("--target"),
                 QStringLiteral("docker://x"), QStringLiteral("--"), QStringLiteral("python3")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("SSH host"), r.err.constData());
    }
};

QTEST_MAIN(TestRemoteMeasure)
#include "tst_remotemeasure.moc"
