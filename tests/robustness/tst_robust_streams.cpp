// SPDX-License-Identifier: GPL-3.0-or-later
// Sources that never end: a profile that is a device or a pipe, a target that prints without
// end on stdout or stderr, a target that sends its report and then does not exit, and an ssh
// host whose command hangs after a timeout.
#include "robustutil.h"
#include "sshdfixture.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using robust::shmwise;
using robust::writeFile;

class TestRobustStreams : public QObject
{
    Q_OBJECT
    QTemporaryDir m_tmp;

    QString binDir(const QString &name)
    {
        const QString dir = m_tmp.filePath(name);
        QDir().mkpath(dir);
        return dir;
    }

private Q_SLOTS:
    // The 4 MiB cap looked at size(), which is 0 for a device: /dev/zero was read until
    // std::bad_alloc.
    void profileFromDeviceOrPipeIsCapped()
    {
        QElapsedTimer t;
        t.start();
        const testutil::RunResult zero = shmwise(
            {QStringLiteral("plan"), QStringLiteral("--profile"), QStringLiteral("/dev/zero")}, {},
            30000);
        QVERIFY(!zero.timedOut);
        QCOMPARE(zero.exitCode, 2);
        QVERIFY2(zero.err.contains("too large"), zero.err.constData());
        QVERIFY(t.elapsed() < 20000);

        // A pipe: 5 MiB on stdin.
        const testutil::RunResult pipe = shmwise(
            {QStringLiteral("plan"), QStringLiteral("--profile"), QStringLiteral("/dev/stdin")},
            QProcessEnvironment::systemEnvironment(), 30000, QByteArray(5 * 1024 * 1024, '#'));
        QCOMPARE(pipe.exitCode, 2);
        QVERIFY2(pipe.err.contains("too large"), pipe.err.constData());

        // A profile on a pipe within the cap is read.
        const testutil::RunResult ok = shmwise(
            {QStringLiteral("plan"), QStringLiteral("--profile"), QStringLiteral("/dev/stdin")},
            QProcessEnvironment::systemEnvironment(), 30000, robust::kProfile);
        QVERIFY2(ok.exitCode == 0, ok.err.constData());
    }

    // A target printing forever reached 8 GB in 15 s; a 300 MB stderr line was echoed back.
    void endlessOutputStopsTheTarget_data()
    {
        QTest::addColumn<QByteArray>("script");
        QTest::addColumn<QByteArray>("message");
        QTest::newRow("stdout") << QByteArray("exec yes 'shmwise-probe 1'\n")
                                << QByteArray("more than 4 MiB of report");
        QTest::newRow("stderr") << QByteArray("exec yes 'no such thing' >&2\n")
                                << QByteArray("more than 64 KiB of errors");
        QTest::newRow("one stderr line") << QByteArray("exec tr '\\000' x </dev/zero >&2\n")
                                         << QByteArray("more than 64 KiB of errors");
    }
    void endlessOutputStopsTheTarget()
    {
        QFETCH(QByteArray, script);
        QFETCH(QByteArray, message);
        const QString bin =
            binDir(QStringLiteral("endless-") + QString::fromLatin1(QTest::currentDataTag())
                                                    .replace(QLatin1Char(' '), QLatin1Char('-')));
        QVERIFY(robust::fakeDocker(bin, script));
        QElapsedTimer t;
        t.start();
        const testutil::RunResult r = shmwise({QStringLiteral("probe"), QStringLiteral("--target"),
                                               QStringLiteral("docker://endless"),
                                               QStringLiteral("--timeout"), QStringLiteral("60")},
                                              robust::withPath(bin), 90000);
        QVERIFY(!r.timedOut);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(message), r.err.left(2000).constData());
        // Stopped when the cap was passed, long before the timeout; little is echoed back.
        QVERIFY2(t.elapsed() < 30000, qPrintable(QString::number(t.elapsed())));
        QVERIFY2(r.err.size() < 4096, qPrintable(QString::number(r.err.size())));
    }

    // A complete report from a target that then did not exit was called "did not answer".
    void completeReportFromATargetThatStays()
    {
        const QString bin = binDir(QStringLiteral("stays"));
        QVERIFY(robust::fakeDocker(bin, "sh -s\nexec sleep 600\n"));
        QElapsedTimer t;
        t.start();
        const testutil::RunResult r = shmwise(
            {QStringLiteral("probe"), QStringLiteral("--target"), QStringLiteral("docker://stays"),
             QStringLiteral("--timeout"), QStringLiteral("30"), QStringLiteral("--json")},
            robust::withPath(bin), 60000);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QVERIFY(o[QStringLiteral("shm")][QStringLiteral("size_bytes")].isDouble());
        QVERIFY2(t.elapsed() < 20000, qPrintable(QString::number(t.elapsed())));
    }

    // Figures a target may send: a CPU quota of 2^64-1 us became "0 usable CPUs", and CPUs
    // named twice in a list were counted twice; `plan --target` sized with them.
    void absurdFiguresFromATarget()
    {
        const QString bin = binDir(QStringLiteral("figures"));
        QVERIFY(robust::fakeDocker(
            bin, "cat >/dev/null\nprintf 'shmwise-probe 1\\ncpu.online=0-3,2-5,5\\n"
                 "cpu.allowed_list=0-3,2-5\\ncgroup.cpu_quota_us=18446744073709551615\\n"
                 "cgroup.cpu_period_us=1\\nshmwise-probe-end\\n'\n"));
        const testutil::RunResult r =
            shmwise({QStringLiteral("probe"), QStringLiteral("--target"),
                     QStringLiteral("docker://c"), QStringLiteral("--json")},
                    robust::withPath(bin));
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject cpu =
            QJsonDocument::fromJson(r.out).object()[QStringLiteral("cpu")].toObject();
        QCOMPARE(cpu[QStringLiteral("online")].toInt(), 6);
        QCOMPARE(cpu[QStringLiteral("count")].toInt(), 6);
        QCOMPARE(cpu[QStringLiteral("usable")].toInt(), 6);
        QVERIFY(cpu[QStringLiteral("quota")].isNull());
    }

    // After a timeout the master kept the hung session, and so itself, alive past its
    // ControlPersist.
    void sshMasterClosedAfterTimeout()
    {
        if (geteuid() == 0 && !QFileInfo::exists(QStringLiteral("/run/sshd")))
            QDir().mkpath(QStringLiteral("/run/sshd"));
        SshdFixture sshd;
        sshd.setExtraConfig(QStringLiteral("ForceCommand sleep 20\n"));
        if (!sshd.start())
            QSKIP(qPrintable(sshd.why()));
        const QString runtime = m_tmp.filePath(QStringLiteral("run"));
        QVERIFY(QDir().mkpath(runtime));
        QVERIFY(::chmod(QFile::encodeName(runtime).constData(), 0700) == 0);
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_RUNTIME_DIR"), runtime);
        const testutil::RunResult r =
            shmwise({QStringLiteral("probe"), QStringLiteral("--target"), sshd.target(),
                     QStringLiteral("--ssh-config"), sshd.config(), QStringLiteral("--timeout"),
                     QStringLiteral("4")},
                    env, 60000);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("did not answer"), r.err.constData());
        // The master had connected (the session was accepted), and is gone within moments.
        QVERIFY(sshd.log().contains("Accepted publickey"));
        const QString dir = runtime + QStringLiteral("/shmwise-ssh");
        bool gone = false;
        for (int i = 0; i < 100 && !gone; ++i) {
            gone = QDir(dir).entryList(QDir::System).isEmpty();
            if (!gone)
                QTest::qWait(100);
        }
        if (!gone) {
            // End it, so it does not outlive the test either.
            for (const QString &s : QDir(dir).entryList(QDir::System))
                testutil::run(QStringLiteral("ssh"),
                              {QStringLiteral("-o"),
                               QStringLiteral("ControlPath=") + dir + QLatin1Char('/') + s,
                               QStringLiteral("-O"), QStringLiteral("exit"), QStringLiteral("x")});
        }
        QVERIFY2(gone, "the ssh master outlived the timed-out probe");
    }
};

QTEST_GUILESS_MAIN(TestRobustStreams)
#include "tst_robust_streams.moc"
