// SPDX-License-Identifier: GPL-3.0-or-later
// Shared ssh connections against real sshd instances: ControlPath=DIR/%C let two aliases with
// the same HostName, user and port share one connection, so an alias that must be refused
// "succeeded" after the other, and two clusters behind different ProxyCommands for one
// address answered for each other.
#include "robustutil.h"
#include "sshdfixture.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTest>

using robust::shmwise;
using robust::writeFile;

class TestRobustSsh : public QObject
{
    Q_OBJECT
    SshdFixture m_a;
    SshdFixture m_b;
    QTemporaryDir m_tmp;
    QString m_runtime;

    QProcessEnvironment env() const
    {
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        e.insert(QStringLiteral("XDG_RUNTIME_DIR"), m_runtime);
        return e;
    }
    testutil::RunResult probe(const QString &target, const QString &config)
    {
        return shmwise({QStringLiteral("probe"), QStringLiteral("--target"), target,
                        QStringLiteral("--ssh-config"), config, QStringLiteral("--json"),
                        QStringLiteral("--timeout"), QStringLiteral("30")},
                       env(), 60000);
    }
    static QString common(const SshdFixture &s)
    {
        return QStringLiteral("  User %1\n  IdentitiesOnly yes\n  GlobalKnownHostsFile /dev/null\n"
                              "  StrictHostKeyChecking yes\n  LogLevel ERROR\n")
            .arg(s.user());
    }

private Q_SLOTS:
    void initTestCase()
    {
        if (geteuid() == 0 && !QFileInfo::exists(QStringLiteral("/run/sshd")))
            QDir().mkpath(QStringLiteral("/run/sshd"));
        if (!m_a.start())
            QSKIP(qPrintable(m_a.why()));
        if (!m_b.start())
            QSKIP(qPrintable(m_b.why()));
        m_runtime = m_tmp.filePath(QStringLiteral("run"));
        QVERIFY(QDir().mkpath(m_runtime));
        QVERIFY(::chmod(QFile::encodeName(m_runtime).constData(), 0700) == 0);
    }
    void cleanupTestCase()
    {
        const QString dir = m_runtime + QStringLiteral("/shmwise-ssh");
        for (const QString &s : QDir(dir).entryList(QDir::System))
            testutil::run(QStringLiteral("ssh"),
                          {QStringLiteral("-o"),
                           QStringLiteral("ControlPath=") + dir + QLatin1Char('/') + s,
                           QStringLiteral("-O"), QStringLiteral("exit"), QStringLiteral("x")},
                          {}, 20000);
    }

    // Two aliases for one sshd; `bad` has no known host key and must stay refused.
    void aliasesDoNotShareTrust()
    {
        const QString config = m_tmp.filePath(QStringLiteral("aliases_config"));
        QVERIFY(writeFile(config,
                          QStringLiteral("Host good\n  UserKnownHostsFile %1\n"
                                         "Host bad\n  UserKnownHostsFile %2\n"
                                         "Host good bad\n  HostName 127.0.0.1\n  Port %3\n"
                                         "  IdentityFile %4\n%5")
                              .arg(m_a.path(QStringLiteral("known_hosts")),
                                   m_a.path(QStringLiteral("empty_known_hosts")))
                              .arg(m_a.port())
                              .arg(m_a.path(QStringLiteral("user_key")), common(m_a))
                              .toUtf8(),
                          0600));
        const testutil::RunResult alone = probe(QStringLiteral("ssh://bad"), config);
        QCOMPARE(alone.exitCode, 2);
        QVERIFY2(alone.err.contains("known_hosts"), alone.err.constData());
        const testutil::RunResult good = probe(QStringLiteral("ssh://good"), config);
        QVERIFY2(good.exitCode == 0, good.err.constData());
        const testutil::RunResult after = probe(QStringLiteral("ssh://bad"), config);
        QVERIFY2(after.exitCode == 2, "ssh://bad was probed over ssh://good's connection");
        QVERIFY2(after.err.contains("known_hosts"), after.err.constData());
    }

    // Two clusters whose head nodes are both 10.0.0.5, reached through different jump
    // commands: each alias must reach its own sshd.
    void clustersBehindOneAddress()
    {
        const QString nc = QStandardPaths::findExecutable(QStringLiteral("nc"));
        if (nc.isEmpty())
            QSKIP("needs nc for ProxyCommand (Debian: netcat-openbsd)");
        const QString knownHosts = m_tmp.filePath(QStringLiteral("clusters_known_hosts"));
        QVERIFY(
            writeFile(knownHosts,
                      "cluster-a " + robust::readFile(m_a.path(QStringLiteral("host_key.pub"))) +
                          "cluster-b " + robust::readFile(m_b.path(QStringLiteral("host_key.pub"))),
                      0600));
        auto block = [&](const char *name, const SshdFixture &s) {
            return QStringLiteral("Host %1\n  HostName 10.0.0.5\n  ProxyCommand %2 127.0.0.1 %3\n"
                                  "  HostKeyAlias %1\n  IdentityFile %4\n"
                                  "  UserKnownHostsFile %5\n%6")
                .arg(QLatin1String(name), nc)
                .arg(s.port())
                .arg(s.path(QStringLiteral("user_key")), knownHosts, common(s));
        };
        const QString config = m_tmp.filePath(QStringLiteral("clusters_config"));
        QVERIFY(
            writeFile(config, (block("cluster-a", m_a) + block("cluster-b", m_b)).toUtf8(), 0600));
        const int aBefore = int(m_a.log().count("Accepted publickey"));
        const int bBefore = int(m_b.log().count("Accepted publickey"));
        const testutil::RunResult a = probe(QStringLiteral("ssh://cluster-a"), config);
        QVERIFY2(a.exitCode == 0, a.err.constData());
        QCOMPARE(int(m_a.log().count("Accepted publickey")), aBefore + 1);
        const testutil::RunResult b = probe(QStringLiteral("ssh://cluster-b"), config);
        QVERIFY2(b.exitCode == 0, b.err.constData());
        QVERIFY2(int(m_b.log().count("Accepted publickey")) == bBefore + 1,
                 "cluster-b was answered over cluster-a's connection");
        QCOMPARE(QJsonDocument::fromJson(b.out).object()[QStringLiteral("target")].toString(),
                 QStringLiteral("ssh://cluster-b"));
        // plan --target sizes against the host it names, reusing that host's own connection.
        const QString profile = m_tmp.filePath(QStringLiteral("p.yaml"));
        QVERIFY(writeFile(profile, robust::kProfile));
        const testutil::RunResult plan =
            shmwise({QStringLiteral("plan"), QStringLiteral("--profile"), profile,
                     QStringLiteral("--target"), QStringLiteral("ssh://cluster-b"),
                     QStringLiteral("--ssh-config"), config},
                    env(), 60000);
        QVERIFY2(plan.exitCode == 0, plan.err.constData());
        QCOMPARE(int(m_a.log().count("Accepted publickey")), aBefore + 1);
        QCOMPARE(int(m_b.log().count("Accepted publickey")), bBefore + 1);
    }

    void foreignControlDirExplained()
    {
        if (geteuid() != 0)
            QSKIP("needs root to give a directory to another user");
        const QString runtime = m_tmp.filePath(QStringLiteral("foreign"));
        QVERIFY(QDir().mkpath(runtime + QStringLiteral("/shmwise-ssh")));
        QVERIFY(::chmod(QFile::encodeName(runtime).constData(), 0700) == 0);
        QVERIFY(::chown(QFile::encodeName(runtime + QStringLiteral("/shmwise-ssh")).constData(),
                        65534, 65534) == 0);
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        e.insert(QStringLiteral("XDG_RUNTIME_DIR"), runtime);
        const testutil::RunResult r =
            shmwise({QStringLiteral("probe"), QStringLiteral("--target"), m_a.target(),
                     QStringLiteral("--ssh-config"), m_a.config()},
                    e, 30000);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("another user"), r.err.constData());
        QVERIFY2(r.err.contains("XDG_RUNTIME_DIR"), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestRobustSsh)
#include "tst_robust_ssh.moc"
