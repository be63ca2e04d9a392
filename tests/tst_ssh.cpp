// SPDX-License-Identifier: GPL-3.0-or-later
// The SSH transport against a real sshd on 127.0.0.1 (tests/sshdfixture.h): the same facts as the
// local probe, one shared connection, an unknown host key refused with a clear message, injection
// attempts that start no process, and a host that never answers.
#include "testutil.h"

#include "probes/prober.h"
#include "sshdfixture.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace shmwise;

namespace {

ProbeResult probeWith(const QString &target, const ProbeOptions &o, int waitMs = 30000)
{
    Prober p;
    p.setOptions(o);
    p.setTarget(target);
    QSignalSpy spy(&p, &Prober::finished);
    p.probe();
    if (!spy.wait(waitMs))
        return {};
    return spy.at(0).at(0).value<ProbeResult>();
}

} // namespace

class TestSsh : public QObject
{
    Q_OBJECT
    SshdFixture m_sshd;
    QTemporaryDir m_tmp;
    QStringList m_controlDirs;

    ProbeOptions options(const QString &controlName, const QString &config = {})
    {
        ProbeOptions o;
        o.sshConfig = config.isEmpty() ? m_sshd.config() : config;
        o.controlDir = m_tmp.filePath(controlName);
        o.timeoutMs = 30000;
        m_controlDirs << o.controlDir;
        return o;
    }
    // `ssh -O CMD` against the shared connection in `controlDir`.
    testutil::RunResult control(const ProbeOptions &o, const QString &cmd)
    {
        const QString path = sshControlPath(*parseTarget(m_sshd.target()), o);
        return testutil::run(QStringLiteral("ssh"),
                             {QStringLiteral("-F"), m_sshd.config(), QStringLiteral("-o"),
                              QStringLiteral("ControlPath=") + path, QStringLiteral("-p"),
                              QString::number(m_sshd.port()), QStringLiteral("-l"), m_sshd.user(),
                              QStringLiteral("-O"), cmd, QStringLiteral("127.0.0.1")},
                             {}, 20000);
    }

private Q_SLOTS:
    void initTestCase()
    {
        // sshd as root insists on its privilege-separation directory, which a service start
        // would create.
        if (geteuid() == 0 && !QFileInfo::exists(QStringLiteral("/run/sshd")))
            QDir().mkpath(QStringLiteral("/run/sshd"));
        if (!m_sshd.start())
            QSKIP(qPrintable(m_sshd.why()));
    }
    void cleanupTestCase()
    {
        // Masters persist after a probe by design; end ours so nothing outlives the test.
        QString error;
        QStringList dirs = m_controlDirs;
        dirs << sshControlDir(QString(), &error);
        for (const QString &dir : std::as_const(dirs)) {
            if (dir.isEmpty())
                continue;
            const QStringList sockets = QDir(dir).entryList(QDir::System);
            for (const QString &socket : sockets)
                testutil::run(QStringLiteral("ssh"),
                              {QStringLiteral("-o"),
                               QStringLiteral("ControlPath=") + dir + QLatin1Char('/') + socket,
                               QStringLiteral("-O"), QStringLiteral("exit"),
                               QStringLiteral("127.0.0.1")},
                              {}, 20000);
        }
        m_sshd.stop();
    }

    void sameFactsAsLocal()
    {
        const ProbeResult local = probeBlocking(QStringLiteral("local"));
        QVERIFY(local.ok());
        const ProbeResult r = probeWith(m_sshd.target(), options(QStringLiteral("same")));
        QVERIFY2(r.ok(), qPrintable(r.error + QLatin1Char('\n') + r.stderrText + QLatin1Char('\n') +
                                    QString::fromUtf8(m_sshd.log())));
        QVERIFY(r.facts.complete);
        QCOMPARE(r.facts.shmSizeBytes, local.facts.shmSizeBytes);
        QCOMPARE(r.facts.memTotalBytes, local.facts.memTotalBytes);
        QCOMPARE(r.facts.cpusOnline, local.facts.cpusOnline);
        QCOMPARE(r.facts.kernel, local.facts.kernel);
    }

    void oneConnectionForRepeatedProbes()
    {
        const ProbeOptions o = options(QStringLiteral("reuse"));
        const int before = m_sshd.log().count("Accepted publickey");
        QElapsedTimer t;
        QVector<qint64> ms;
        for (int i = 0; i < 4; ++i) {
            t.start();
            const ProbeResult r = probeWith(m_sshd.target(), o);
            ms << t.elapsed();
            QVERIFY2(r.ok(), qPrintable(r.error + r.stderrText));
        }
        qInfo("ssh probe: first %lld ms, then %lld, %lld, %lld ms", ms[0], ms[1], ms[2], ms[3]);
        QCOMPARE(m_sshd.log().count("Accepted publickey") - before, 1);
        const testutil::RunResult check = control(o, QStringLiteral("check"));
        QCOMPARE(check.exitCode, 0);
        QVERIFY(check.err.contains("Master running"));
    }

    void unknownHostKeyRefused()
    {
        const ProbeResult r = probeWith(
            m_sshd.target(), options(QStringLiteral("unknown"), m_sshd.configUnknownKey()));
        QCOMPARE(r.status, ProbeResult::Status::Failed);
        QVERIFY2(r.stderrText.contains(QLatin1String("Host key verification failed")),
                 qPrintable(r.stderrText));
        QVERIFY2(r.error.contains(QLatin1String("known_hosts")), qPrintable(r.error));
        QVERIFY2(r.error.contains(QLatin1String("not known yet")), qPrintable(r.error));
        // Connect once as ShmWise connects (its config, port and user); no ssh-keyscan, which
        // knows neither an alias nor a config file.
        QVERIFY2(r.error.contains(QStringLiteral("`ssh -F %1 -p %2 %3@127.0.0.1`")
                                      .arg(m_sshd.configUnknownKey())
                                      .arg(m_sshd.port())
                                      .arg(m_sshd.user())),
                 qPrintable(r.error));
        QVERIFY(!r.error.contains(QLatin1String("ssh-keyscan")));
        QVERIFY(!r.error.contains(QLatin1String("CHANGED")));
        // The CLI says the same, with exit code 2.
        const testutil::RunResult cli =
            testutil::run(testutil::shmwiseBinary(),
                          {QStringLiteral("probe"), QStringLiteral("--target"), m_sshd.target(),
                           QStringLiteral("--ssh-config"), m_sshd.configUnknownKey()});
        QCOMPARE(cli.exitCode, 2);
        QVERIFY(cli.err.contains("known_hosts"));
    }

    // A known_hosts whose key for the host is another one: a possible impersonation, said as
    // such (not as an unknown key), with the ssh-keygen -R line for the name known_hosts uses
    // ("[127.0.0.1]:PORT") and its file; no literal carriage return reaches the terminal.
    void changedHostKeyNamed()
    {
        const QString keygen = QStandardPaths::findExecutable(QStringLiteral("ssh-keygen"));
        if (keygen.isEmpty())
            QSKIP("ssh-keygen is not installed");
        const QString other = m_tmp.filePath(QStringLiteral("other_host_key"));
        QFile::remove(other);
        QCOMPARE(testutil::run(keygen, {QStringLiteral("-q"), QStringLiteral("-t"),
                                        QStringLiteral("ed25519"), QStringLiteral("-N"), QString(),
                                        QStringLiteral("-f"), other})
                     .exitCode,
                 0);
        QFile pub(other + QStringLiteral(".pub"));
        QVERIFY(pub.open(QIODevice::ReadOnly));
        const QByteArray key = pub.readAll().split(' ').mid(0, 2).join(' ');
        const QString known = m_tmp.filePath(QStringLiteral("known_hosts_changed"));
        QFile kh(known);
        QVERIFY(kh.open(QIODevice::WriteOnly));
        kh.write(QStringLiteral("[127.0.0.1]:%1 ").arg(m_sshd.port()).toUtf8() + key + '\n');
        kh.close();
        QFile cfg(m_tmp.filePath(QStringLiteral("changed_config")));
        QVERIFY(cfg.open(QIODevice::WriteOnly));
        cfg.write(QStringLiteral("Host *\n  IdentityFile %1\n  IdentitiesOnly yes\n"
                                 "  UserKnownHostsFile %2\n  GlobalKnownHostsFile /dev/null\n"
                                 "  HostKeyAlgorithms ssh-ed25519\n")
                      .arg(m_sshd.path(QStringLiteral("user_key")), known)
                      .toUtf8());
        cfg.close();
        const ProbeResult r =
            probeWith(m_sshd.target(), options(QStringLiteral("changed"), cfg.fileName()));
        QCOMPARE(r.status, ProbeResult::Status::Failed);
        QVERIFY2(r.error.contains(QLatin1String("CHANGED")), qPrintable(r.error + r.stderrText));
        QVERIFY2(r.error.contains(QStringLiteral("`ssh-keygen -R '[127.0.0.1]:%1' -f %2`")
                                      .arg(m_sshd.port())
                                      .arg(known)),
                 qPrintable(r.error));
        QVERIFY2(r.error.contains(known + QStringLiteral(", line 1")), qPrintable(r.error));
        QVERIFY(!r.error.contains(QLatin1String("not known yet")));
        QVERIFY(!r.stderrText.contains(QLatin1Char('\r')));
        const testutil::RunResult cli =
            testutil::run(testutil::shmwiseBinary(),
                          {QStringLiteral("probe"), QStringLiteral("--target"), m_sshd.target(),
                           QStringLiteral("--ssh-config"), cfg.fileName()});
        QCOMPARE(cli.exitCode, 2);
        QVERIFY2(cli.err.contains("CHANGED"), cli.err.constData());
        QVERIFY2(!cli.err.contains("\\u000d") && !cli.err.contains('\r'), cli.err.constData());
    }

    void wrongKeyRefused()
    {
        QFile cfg(m_tmp.filePath(QStringLiteral("nokey_config")));
        QVERIFY(cfg.open(QIODevice::WriteOnly));
        cfg.write(QStringLiteral("Host *\n  IdentityFile %1\n  IdentitiesOnly yes\n"
                                 "  UserKnownHostsFile %2\n  GlobalKnownHostsFile /dev/null\n")
                      .arg(m_tmp.filePath(QStringLiteral("no_such_key")),
                           m_sshd.path(QStringLiteral("known_hosts")))
                      .toUtf8());
        cfg.close();
        const ProbeResult r =
            probeWith(m_sshd.target(), options(QStringLiteral("nokey"), cfg.fileName()));
        QCOMPARE(r.status, ProbeResult::Status::Failed);
        QVERIFY2(r.error.contains(QLatin1String("ssh-copy-id")),
                 qPrintable(r.error + r.stderrText));
    }

    // Nothing may start for a target that smuggles shell syntax or options: a stand-in ssh on
    // PATH would record any start, and the file the payload would create must not appear.
    void injectionStartsNothing()
    {
        QTemporaryDir dir;
        const QString marker = dir.filePath(QStringLiteral("pwned"));
        const QString standIn = dir.filePath(QStringLiteral("ssh"));
        QFile f(standIn);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("#!/bin/sh\necho started >> \"$0.ran\"\nexec /usr/bin/ssh \"$@\"\n");
        f.close();
        f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("PATH"),
                   dir.path() + QLatin1Char(':') + env.value(QStringLiteral("PATH")));
        const QStringList attacks{
            QStringLiteral("ssh://localhost;touch ") + marker,
            QStringLiteral("ssh://-oProxyCommand=touch ") + marker,
            QStringLiteral("ssh://-oProxyCommand=sh"),
            QStringLiteral("ssh://$(touch ") + marker + QLatin1Char(')'),
            QStringLiteral("ssh://127.0.0.1:22`touch ") + marker + QLatin1Char('`'),
            QStringLiteral("ssh://u@h\ntouch ") + marker,
            QStringLiteral("docker://x;touch ") + marker,
            QStringLiteral("k8s://ns/pod/c&&touch ") + marker,
        };
        for (const QString &a : attacks) {
            const testutil::RunResult r = testutil::run(
                testutil::shmwiseBinary(), {QStringLiteral("probe"), QStringLiteral("--target"), a},
                {}, 20000, env);
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains("refused target"), r.err.constData());
            Prober p;
            p.setTarget(a);
            QSignalSpy spy(&p, &Prober::finished);
            p.probe();
            QVERIFY(spy.wait(5000));
            QCOMPARE(spy.at(0).at(0).value<ProbeResult>().status, ProbeResult::Status::Refused);
            QCOMPARE(p.processesStarted(), 0);
        }
        QVERIFY(!QFile::exists(marker));
        QVERIFY(!QFile::exists(standIn + QStringLiteral(".ran")));
    }

    void neverAnswersTimesOutAndCancels()
    {
        quint16 port = 0;
        const int fd = sshdfixture::silentListener(&port);
        QVERIFY(fd >= 0);
        const QString target = QStringLiteral("ssh://127.0.0.1:%1").arg(port);
        ProbeOptions o = options(QStringLiteral("silent"));
        o.timeoutMs = 1500;
        o.connectTimeoutS = 60; // the prober's own timeout must be what ends it
        QElapsedTimer t;
        t.start();
        const ProbeResult r = probeWith(target, o, 10000);
        QCOMPARE(r.status, ProbeResult::Status::TimedOut);
        QVERIFY(t.elapsed() < 5000);

        o.timeoutMs = 60000;
        Prober p;
        p.setOptions(o);
        p.setTarget(target);
        QSignalSpy spy(&p, &Prober::finished);
        p.probe();
        QTest::qWait(500);
        QVERIFY(p.isBusy());
        t.start();
        p.cancel();
        QVERIFY(t.elapsed() < 200); // cancel never blocks
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).value<ProbeResult>().status, ProbeResult::Status::Cancelled);
        ::close(fd);
    }

    void cliOverSsh()
    {
        const testutil::RunResult r = testutil::run(
            testutil::shmwiseBinary(),
            {QStringLiteral("probe"), QStringLiteral("--target"), m_sshd.target(),
             QStringLiteral("--ssh-config"), m_sshd.config(), QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QVERIFY(o[QStringLiteral("shm")][QStringLiteral("size_bytes")].isDouble());
        QCOMPARE(o[QStringLiteral("target")].toString(), m_sshd.target());
    }
};

QTEST_GUILESS_MAIN(TestSsh)
#include "tst_ssh.moc"
