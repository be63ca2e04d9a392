// SPDX-License-Identifier: GPL-3.0-or-later
// Targets and transports: parsing and refusing target strings, the exact argument vectors given
// to ssh, docker and kubectl, and stand-in clients on PATH that record their arguments and run
// the probe with a real sh.
#include "testutil.h"

#include "probes/prober.h"
#include "probes/probetarget.h"

#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>
#include <unistd.h>

using namespace shmwise;

namespace {

// A stand-in client: records one argument per line, then runs the probe it gets on stdin.
QString writeStandIn(const QTemporaryDir &dir, const QString &name)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write("#!/bin/sh\n"
            "# Records its arguments, then runs the probe from stdin as a container would.\n"
            "for a in \"$@\"; do printf '%s\\n' \"$a\"; done > \"$0.argv\"\n"
            "exec sh -s\n");
    f.close();
    f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    return path;
}

QStringList recorded(const QString &standIn)
{
    QFile f(standIn + QStringLiteral(".argv"));
    if (!f.open(QIODevice::ReadOnly))
        return {QStringLiteral("<not run>")};
    QString s = QString::fromUtf8(f.readAll());
    if (s.endsWith(QLatin1Char('\n')))
        s.chop(1);
    return s.split(QLatin1Char('\n'));
}

} // namespace

class TestProbeTarget : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void accepted_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("kind");
        QTest::addColumn<QStringList>("parts"); // user, host, port, ns, pod, container
        QTest::addColumn<QString>("canonical");
        auto parts = [](const char *u, const char *h, int p, const char *n, const char *pod,
                        const char *c) {
            return QStringList{QLatin1String(u), QLatin1String(h),   QString::number(p),
                               QLatin1String(n), QLatin1String(pod), QLatin1String(c)};
        };
        QTest::newRow("local") << "local" << int(Target::Kind::Local)
                               << parts("", "", 0, "", "", "") << "local";
        QTest::newRow("empty") << "" << int(Target::Kind::Local) << parts("", "", 0, "", "", "")
                               << "local";
        QTest::newRow("ssh host") << "ssh://gpu-box" << int(Target::Kind::Ssh)
                                  << parts("", "gpu-box", 0, "", "", "") << "ssh://gpu-box";
        QTest::newRow("ssh full") << "ssh://ml_user@10.0.0.7:2222" << int(Target::Kind::Ssh)
                                  << parts("ml_user", "10.0.0.7", 2222, "", "", "")
                                  << "ssh://ml_user@10.0.0.7:2222";
        QTest::newRow("ssh ipv6") << "ssh://root@[::1]:22" << int(Target::Kind::Ssh)
                                  << parts("root", "::1", 22, "", "", "") << "ssh://root@[::1]:22";
        QTest::newRow("docker") << "docker://trainer_1" << int(Target::Kind::Docker)
                                << parts("", "", 0, "", "", "trainer_1") << "docker://trainer_1";
        QTest::newRow("k8s pod") << "k8s://train-0" << int(Target::Kind::Kubernetes)
                                 << parts("", "", 0, "", "train-0", "") << "k8s://train-0";
        QTest::newRow("k8s ns") << "k8s://ml/train-0" << int(Target::Kind::Kubernetes)
                                << parts("", "", 0, "ml", "train-0", "") << "k8s://ml/train-0";
        QTest::newRow("k8s container")
            << "k8s://ml/train-0/pytorch" << int(Target::Kind::Kubernetes)
            << parts("", "", 0, "ml", "train-0", "pytorch") << "k8s://ml/train-0/pytorch";
    }
    void accepted()
    {
        QFETCH(QString, text);
        QFETCH(int, kind);
        QFETCH(QStringList, parts);
        QFETCH(QString, canonical);
        QString error;
        const std::optional<Target> t = parseTarget(text, &error);
        QVERIFY2(t, qPrintable(error));
        QCOMPARE(int(t->kind), kind);
        QCOMPARE(t->user, parts.at(0));
        QCOMPARE(t->host, parts.at(1));
        QCOMPARE(t->port, parts.at(2).toInt());
        QCOMPARE(t->ns, parts.at(3));
        QCOMPARE(t->pod, parts.at(4));
        QCOMPARE(t->container, parts.at(5));
        QCOMPARE(t->toString(), canonical);
        QCOMPARE(*parseTarget(t->toString()), *t);
    }

    void refused_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("semicolon") << "ssh://localhost;touch /tmp/x"
                                   << "holds ';'";
        QTest::newRow("option host") << "ssh://-oProxyCommand=touch /tmp/x"
                                     << "starts with '-'";
        QTest::newRow("option user") << "ssh://-F/etc/passwd@host"
                                     << "starts with '-'";
        QTest::newRow("dollar") << "ssh://$(reboot)"
                                << "holds '$'";
        QTest::newRow("backtick") << "docker://`id`"
                                  << "holds '`'";
        QTest::newRow("space") << "docker://a b"
                               << "holds a space";
        QTest::newRow("newline") << "k8s://ns/pod\nrm"
                                 << "control character";
        QTest::newRow("tab") << "k8s://ns/po\td"
                             << "control character";
        QTest::newRow("option container") << "docker://--privileged"
                                          << "starts with '-'";
        QTest::newRow("option ns") << "k8s://-n/pod"
                                   << "starts with '-'";
        QTest::newRow("pipe") << "k8s://ns/pod/c|sh"
                              << "holds '|'";
        QTest::newRow("quote") << "ssh://h'ost"
                               << "holds '''";
        QTest::newRow("empty host") << "ssh://"
                                    << "the host is missing";
        QTest::newRow("empty pod") << "k8s://ns/"
                                   << "names a namespace, not a pod";
        QTest::newRow("empty pod, container") << "k8s://ns//c"
                                              << "the pod is missing";
        QTest::newRow("bad port") << "ssh://host:99999"
                                  << "not a port";
        QTest::newRow("port junk") << "ssh://host:22;id"
                                   << "not a port";
        QTest::newRow("too many parts") << "k8s://a/b/c/d"
                                        << "too many parts";
        QTest::newRow("unknown scheme") << "ftp://host"
                                        << "unknown target";
        QTest::newRow("glob") << "docker://*"
                              << "holds '*'";
        QTest::newRow("ampersand") << "ssh://a&b"
                                   << "holds '&'";
        // Kubernetes' own name rules, as the profile's namespace is checked.
        QTest::newRow("namespace case") << "k8s://Bad_NS/pod"
                                        << "the namespace 'Bad_NS' is not a valid name";
        QTest::newRow("namespace dot") << "k8s://a.b/pod"
                                       << "the namespace 'a.b' is not a valid name";
        QTest::newRow("pod case") << "k8s://ns/Train-0"
                                  << "the pod 'Train-0' is not a valid name";
        QTest::newRow("container underscore") << "k8s://ns/pod/my_ctr"
                                              << "the container 'my_ctr' is not a valid name";
    }
    void refused()
    {
        QFETCH(QString, text);
        QFETCH(QString, message);
        QString error;
        QVERIFY(!parseTarget(text, &error));
        QVERIFY2(error.contains(message), qPrintable(error));
    }

    void sshArguments()
    {
        QTemporaryDir dir;
        ProbeOptions o;
        o.controlDir = dir.filePath(QStringLiteral("ctl"));
        o.sshConfig = QStringLiteral("/etc/shmwise-test/ssh_config");
        o.connectTimeoutS = 5;
        const std::optional<ProbeCommand> c =
            probeCommand(*parseTarget(QStringLiteral("ssh://ml@gpu-box:2222")), o);
        QVERIFY(c);
        QCOMPARE(c->program, QStringLiteral("ssh"));
        const QStringList want{
            QStringLiteral("-T"),
            QStringLiteral("-o"),
            QStringLiteral("BatchMode=yes"),
            QStringLiteral("-o"),
            QStringLiteral("ConnectTimeout=5"),
            QStringLiteral("-o"),
            QStringLiteral("ControlMaster=auto"),
            QStringLiteral("-o"),
            QStringLiteral("ControlPath=") +
                sshControlPath(*parseTarget(QStringLiteral("ssh://ml@gpu-box:2222")), o),
            QStringLiteral("-o"),
            QStringLiteral("ControlPersist=120"),
            QStringLiteral("-F"),
            o.sshConfig,
            QStringLiteral("-p"),
            QStringLiteral("2222"),
            QStringLiteral("-l"),
            QStringLiteral("ml"),
            QStringLiteral("--"),
            QStringLiteral("gpu-box"),
            QStringLiteral("sh"),
            QStringLiteral("-s")};
        QCOMPARE(c->arguments, want);
        for (const QString &a : c->arguments)
            QVERIFY(!a.contains(QLatin1String("StrictHostKeyChecking")));
        // The control directory is private.
        struct stat st;
        QCOMPARE(::stat(QFile::encodeName(o.controlDir).constData(), &st), 0);
        QCOMPARE(st.st_mode & 0777, mode_t(0700));
    }
    // ssh's %C hashes the resolved host, user and port: two aliases for one HostName, or one
    // alias in two config files, would share a connection. The path is keyed on the target as
    // written and the config file instead, and stays within a socket name's limit.
    void controlPathPerTargetAndConfig()
    {
        QTemporaryDir dir;
        ProbeOptions o;
        o.controlDir = dir.filePath(QStringLiteral("c"));
        auto path = [&o](const char *target, const char *config) {
            o.sshConfig = QLatin1String(config);
            return sshControlPath(*parseTarget(QLatin1String(target)), o);
        };
        const QString a = path("ssh://cluster-a", "/etc/ssh/a");
        QVERIFY(a.startsWith(o.controlDir + QStringLiteral("/ssh-")));
        QCOMPARE(a.size(), o.controlDir.size() + 5 + 16);
        QVERIFY(!a.contains(QLatin1String("%C")));
        QCOMPARE(path("ssh://cluster-a", "/etc/ssh/a"), a);
        QVERIFY(path("ssh://cluster-b", "/etc/ssh/a") != a);
        QVERIFY(path("ssh://cluster-a", "/etc/ssh/b") != a);
        QVERIFY(path("ssh://cluster-a", "") != a);
        QVERIFY(path("ssh://me@cluster-a", "/etc/ssh/a") != a);
        QVERIFY(path("ssh://cluster-a:2222", "/etc/ssh/a") != a);

        // The default directory under a long XDG_RUNTIME_DIR falls back to /tmp; a chosen
        // directory that is too long is refused with a message.
        const QString longDir = dir.filePath(QString(80, QLatin1Char('d')));
        QVERIFY(QDir().mkpath(longDir));
        QVERIFY(::chmod(QFile::encodeName(longDir).constData(), 0700) == 0);
        const QByteArray oldRuntime = qgetenv("XDG_RUNTIME_DIR");
        qputenv("XDG_RUNTIME_DIR", QFile::encodeName(longDir));
        ProbeOptions d;
        const QString fallback = sshControlPath(*parseTarget(QStringLiteral("ssh://h")), d);
        QVERIFY2(fallback.startsWith(QStringLiteral("/tmp/shmwise-ssh-")), qPrintable(fallback));
        QVERIFY(QFile::encodeName(fallback).size() <= MaxControlPathBytes);
        if (oldRuntime.isNull())
            qunsetenv("XDG_RUNTIME_DIR");
        else
            qputenv("XDG_RUNTIME_DIR", oldRuntime);
        d.controlDir = longDir;
        QString error;
        QVERIFY(sshControlPath(*parseTarget(QStringLiteral("ssh://h")), d, &error).isEmpty());
        QVERIFY2(error.contains(QLatin1String("90 bytes")), qPrintable(error));
    }
    void foreignControlDirExplained()
    {
        if (geteuid() != 0)
            QSKIP("needs root to make a directory that another user owns");
        QTemporaryDir dir;
        const QString other = dir.filePath(QStringLiteral("other"));
        QVERIFY(QDir().mkdir(other));
        QVERIFY(::chmod(QFile::encodeName(other).constData(), 0700) == 0);
        QVERIFY(::chown(QFile::encodeName(other).constData(), 65534, 65534) == 0);
        ProbeOptions o;
        o.controlDir = other;
        QString error;
        QVERIFY(!probeCommand(*parseTarget(QStringLiteral("ssh://h")), o, &error));
        QVERIFY2(error.contains(QLatin1String("another user")), qPrintable(error));
        QVERIFY2(error.contains(QLatin1String("XDG_RUNTIME_DIR")), qPrintable(error));
    }
    void unsafeControlDirRefused()
    {
        QTemporaryDir dir;
        const QString open = dir.filePath(QStringLiteral("open"));
        QVERIFY(QDir().mkdir(open));
        QVERIFY(::chmod(QFile::encodeName(open).constData(), 0777) == 0);
        ProbeOptions o;
        o.controlDir = open;
        QString error;
        QVERIFY(!probeCommand(*parseTarget(QStringLiteral("ssh://h")), o, &error));
        QVERIFY2(error.contains(QLatin1String("0700")), qPrintable(error));
    }

    void containerClients_data()
    {
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("client");
        QTest::addColumn<QStringList>("argv");
        auto l = [](std::initializer_list<const char *> a) {
            QStringList s;
            for (const char *x : a)
                s << QLatin1String(x);
            return s;
        };
        QTest::newRow("docker") << "docker://trainer_1"
                                << "docker" << l({"exec", "-i", "trainer_1", "sh", "-s"});
        QTest::newRow("k8s pod") << "k8s://train-0"
                                 << "kubectl" << l({"exec", "-i", "train-0", "--", "sh", "-s"});
        QTest::newRow("k8s ns") << "k8s://ml/train-0"
                                << "kubectl"
                                << l({"exec", "-i", "-n", "ml", "train-0", "--", "sh", "-s"});
        QTest::newRow("k8s container")
            << "k8s://ml/train-0/pytorch"
            << "kubectl"
            << l({"exec", "-i", "-n", "ml", "train-0", "-c", "pytorch", "--", "sh", "-s"});
    }
    // The real Prober with stand-in clients on PATH: the exact argument vector, and a report
    // that comes back through the client's stdin and stdout.
    void containerClients()
    {
        QFETCH(QString, target);
        QFETCH(QString, client);
        QFETCH(QStringList, argv);
        QTemporaryDir dir;
        const QString standIn = writeStandIn(dir, client);
        QVERIFY(!standIn.isEmpty());
        const QByteArray oldPath = qgetenv("PATH");
        qputenv("PATH", QFile::encodeName(dir.path()) + ':' + oldPath);
        Prober prober;
        QVERIFY(prober.setTarget(target));
        QSignalSpy spy(&prober, &Prober::finished);
        prober.probe();
        QVERIFY(spy.wait(20000));
        qputenv("PATH", oldPath);
        const ProbeResult r = spy.at(0).at(0).value<ProbeResult>();
        QVERIFY2(r.ok(), qPrintable(r.error));
        QVERIFY(r.facts.complete);
        QVERIFY(r.facts.shmSizeBytes);
        QCOMPARE(recorded(standIn), argv);
    }

    void explanations()
    {
        const Target ssh = *parseTarget(QStringLiteral("ssh://gpu-box"));
        QVERIFY(explainTransportFailure(ssh, QStringLiteral("Host key verification failed."), 255)
                    .contains(QLatin1String("known_hosts")));
        // An alias: the address and port it resolved to are named; the login command is the
        // alias itself, with the config it was read from.
        const QString timedOut = explainTransportFailure(
            ssh, QStringLiteral("ssh: connect to host 10.1.2.3 port 2222: Connection timed out"),
            255);
        QVERIFY2(timedOut.contains(QLatin1String("gpu-box (10.1.2.3, port 2222)")),
                 qPrintable(timedOut));
        const QString unknown = explainTransportFailure(
            ssh,
            QStringLiteral("No ED25519 host key is known for gpu-box and you have requested strict "
                           "checking.\nHost key verification failed."),
            255, QStringLiteral("/home/me/my config"));
        QVERIFY2(unknown.contains(QLatin1String("`ssh -F '/home/me/my config' gpu-box`")),
                 qPrintable(unknown));
        // A changed key (ssh's banner also ends "Host key verification failed") is not unknown.
        const QString changed = explainTransportFailure(
            ssh,
            transportStderrText(
                "@@@@@@@@@@@\r\n@    WARNING: REMOTE HOST IDENTIFICATION HAS CHANGED!     @\r\n"
                "Offending ECDSA key in /home/me/.ssh/known_hosts:7\r\n"
                "Host key for gpu-box has changed and you have requested strict checking.\r\n"
                "Host key verification failed.\r\n"),
            255);
        QVERIFY2(changed.contains(QLatin1String("CHANGED")) &&
                     changed.contains(QLatin1String("`ssh-keygen -R gpu-box`")) &&
                     changed.contains(QLatin1String("/home/me/.ssh/known_hosts, line 7")) &&
                     !changed.contains(QLatin1String("not known")),
                 qPrintable(changed));
        QVERIFY(explainTransportFailure(
                    ssh, QStringLiteral("ml@gpu-box: Permission denied (publickey,password)."), 255)
                    .contains(QLatin1String("ssh-copy-id gpu-box")));
        const Target docker = *parseTarget(QStringLiteral("docker://x"));
        QVERIFY(explainTransportFailure(
                    docker, QStringLiteral("Error response from daemon: No such container: x"), 1)
                    .contains(QLatin1String("docker ps")));
        QVERIFY(explainTransportFailure(ssh, QStringLiteral("something else"), 1).isEmpty());
        // kubectl with no cluster configured, as it prints it (kubectl 1.30 without a
        // kubeconfig): a sentence that says so, not the client's log lines.
        const Target pod = *parseTarget(QStringLiteral("k8s://ml-team/trainer-0"));
        const QString noCluster = QStringLiteral(
            "E1203 10:11:24.808902    2322 memcache.go:265] \"Unhandled Error\" err=\"couldn't "
            "get current server API group list: Get \\\"http://localhost:8080/api?timeout=32s\\\": "
            "dial tcp [::1]:8080: connect: connection refused\"\n"
            "The connection to the server localhost:8080 was refused - did you specify the right "
            "host or port?\n");
        QVERIFY2(
            explainTransportFailure(pod, noCluster, 1).contains(QLatin1String("current-context")),
            qPrintable(explainTransportFailure(pod, noCluster, 1)));
        QVERIFY(explainTransportFailure(pod,
                                        QStringLiteral("error: You must be logged in to the "
                                                       "server (Unauthorized)"),
                                        1)
                    .contains(QLatin1String("credentials")));
    }
    // A master another probe of this process still uses is not closed (ssh -O exit would end
    // that probe's session too); once nobody uses it, it is.
    void sharedMasterClosedOnlyWhenUnused()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString log = dir.filePath(QStringLiteral("ssh.log"));
        const QString fake = dir.filePath(QStringLiteral("ssh"));
        QFile f(fake);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("#!/bin/sh\necho \"$*\" >> '" + QFile::encodeName(log) + "'\n");
        f.close();
        QVERIFY(f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                 QFileDevice::ExeOwner));
        ProbeOptions o;
        o.sshProgram = fake;
        o.controlDir = dir.filePath(QStringLiteral("ctl"));
        const auto t = parseTarget(QStringLiteral("ssh://u@gpu1"));
        QVERIFY(t);
        const QString path = sshControlPath(*t, o);
        QVERIFY(!path.isEmpty());
        // A socket stands where the master listens: a plain file is enough for the check.
        QFile sock(path);
        QVERIFY(sock.open(QIODevice::WriteOnly));
        sock.close();
        holdSshMaster(path);
        holdSshMaster(path);
        QCOMPARE(sshMasterUsers(path), 2);
        releaseSshMaster(path);
        closeSshMaster(*t, o); // one probe still uses it
        QTest::qWait(300);
        QVERIFY(!QFileInfo::exists(log));
        releaseSshMaster(path);
        QCOMPARE(sshMasterUsers(path), 0);
        closeSshMaster(*t, o);
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(log), 5000);
        QFile l(log);
        QVERIFY(l.open(QIODevice::ReadOnly));
        QVERIFY2(l.readAll().contains("-O exit"), "ssh -O exit was not run");
        // The server refusing a session on the shared connection is named as such.
        QVERIFY(sshSessionRefused(QStringLiteral(
            "mux_client_request_session: session request failed: Session open refused by peer")));
        QVERIFY(explainTransportFailure(*t,
                                        QStringLiteral("channel 3: open failed: administratively "
                                                       "prohibited: Session open refused by peer"),
                                        255)
                    .contains(QLatin1String("MaxSessions")));
    }

    void sshConfigAliases()
    {
        const QString config = QStringLiteral(
            "# comment\nHost gpu-box train2\n  HostName 10.0.0.5\nHost *.internal !bad\n"
            "host=lab\nHOST  ?wild\nHostName not-a-host-line\nHost -oProxyCommand=x\n"
            "Host gpu-box\n");
        QCOMPARE(shmwise::sshConfigAliases(config),
                 (QStringList{QStringLiteral("gpu-box"), QStringLiteral("train2"),
                              QStringLiteral("lab")}));
        QVERIFY(shmwise::sshConfigAliases(QString()).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestProbeTarget)
#include "tst_probetarget.moc"
