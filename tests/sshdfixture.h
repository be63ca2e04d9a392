// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A real OpenSSH server on 127.0.0.1 for one test (or benchmark): its own port, host key, user
// key, known_hosts and client config in a private temporary directory, running as the current
// user. Used by tst_ssh and bench_probe.

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThread>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <pwd.h>
#include <sys/socket.h>
#include <unistd.h>

namespace sshdfixture {

inline sockaddr_in loopback(quint16 port)
{
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    return a;
}

// A listening socket on 127.0.0.1 that accepts connections (the kernel does) but never speaks:
// a host that never answers. Returns the fd, and the port through `port`.
inline int silentListener(quint16 *port)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in a = loopback(0);
    socklen_t len = sizeof a;
    if (fd < 0 || ::bind(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) != 0 ||
        ::listen(fd, 16) != 0 || ::getsockname(fd, reinterpret_cast<sockaddr *>(&a), &len) != 0) {
        if (fd >= 0)
            ::close(fd);
        return -1;
    }
    *port = ntohs(a.sin_port);
    return fd;
}

inline quint16 freePort()
{
    quint16 port = 0;
    const int fd = silentListener(&port);
    if (fd >= 0)
        ::close(fd);
    return port;
}

inline bool canConnect(quint16 port)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in a = loopback(port);
    const bool ok = fd >= 0 && ::connect(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) == 0;
    if (fd >= 0)
        ::close(fd);
    return ok;
}

} // namespace sshdfixture

class SshdFixture
{
public:
    SshdFixture() = default;
    ~SshdFixture() { stop(); }
    SshdFixture(const SshdFixture &) = delete;
    SshdFixture &operator=(const SshdFixture &) = delete;

    // Lines added to sshd_config, such as "ForceCommand sleep 20\n" for a host whose
    // command never ends. Call before start().
    void setExtraConfig(const QString &lines) { m_extraConfig = lines; }

    // Starts sshd; false with why() set when this machine cannot (no sshd, no ssh-keygen).
    // `wrapper`, when given, is a command that runs sshd (its arguments follow it), such as a
    // helper that starts it in a private mount namespace.
    bool start(const QStringList &wrapper = {})
    {
        const QString sshd = QFile::exists(QStringLiteral("/usr/sbin/sshd"))
                                 ? QStringLiteral("/usr/sbin/sshd")
                                 : QStandardPaths::findExecutable(QStringLiteral("sshd"));
        const QString keygen = QStandardPaths::findExecutable(QStringLiteral("ssh-keygen"));
        if (sshd.isEmpty() || keygen.isEmpty() ||
            QStandardPaths::findExecutable(QStringLiteral("ssh")).isEmpty()) {
            m_why = QStringLiteral("needs OpenSSH (Debian: openssh-server, openssh-client)");
            return false;
        }
        if (!m_dir.isValid()) {
            m_why = QStringLiteral("no temporary directory");
            return false;
        }
        const struct passwd *pw = getpwuid(getuid());
        if (!pw) {
            m_why = QStringLiteral("the current user has no passwd entry");
            return false;
        }
        m_user = QString::fromLocal8Bit(pw->pw_name);
        // sshd refuses a private directory that others can write; QTemporaryDir is 0700.
        for (const char *key : {"host_key", "user_key"}) {
            QProcess p;
            p.start(keygen, {QStringLiteral("-q"), QStringLiteral("-t"), QStringLiteral("ed25519"),
                             QStringLiteral("-N"), QString(), QStringLiteral("-f"),
                             path(QLatin1String(key))});
            if (!p.waitForFinished(20000) || p.exitCode() != 0) {
                m_why = QStringLiteral("ssh-keygen failed: ") +
                        QString::fromUtf8(p.readAllStandardError());
                return false;
            }
        }
        m_port = sshdfixture::freePort();
        write(QStringLiteral("authorized_keys"), read(QStringLiteral("user_key.pub")));
        write(QStringLiteral("known_hosts"),
              QStringLiteral("[127.0.0.1]:%1 ").arg(m_port).toUtf8() +
                  read(QStringLiteral("host_key.pub")));
        write(QStringLiteral("empty_known_hosts"), {});
        write(QStringLiteral("sshd_config"),
              QStringLiteral("Port %1\nListenAddress 127.0.0.1\nHostKey %2\nPidFile %3\n"
                             "AuthorizedKeysFile %4\nPasswordAuthentication no\n"
                             "KbdInteractiveAuthentication no\nPubkeyAuthentication yes\n"
                             "PermitRootLogin prohibit-password\nStrictModes no\nUsePAM no\n"
                             "LogLevel VERBOSE\nMaxSessions 50\nMaxStartups 50\n%5")
                  .arg(m_port)
                  .arg(path(QStringLiteral("host_key")), path(QStringLiteral("sshd.pid")),
                       path(QStringLiteral("authorized_keys")), m_extraConfig)
                  .toUtf8());
        writeClientConfig(QStringLiteral("ssh_config"), QStringLiteral("known_hosts"));
        writeClientConfig(QStringLiteral("ssh_config_unknown_key"),
                          QStringLiteral("empty_known_hosts"));
        m_sshd.setProcessChannelMode(QProcess::MergedChannels);
        m_sshd.setStandardOutputFile(path(QStringLiteral("sshd.log")));
        const QStringList args{sshd, QStringLiteral("-D"), QStringLiteral("-e"),
                               QStringLiteral("-f"), path(QStringLiteral("sshd_config"))};
        if (wrapper.isEmpty())
            m_sshd.start(args.first(), args.mid(1));
        else
            m_sshd.start(wrapper.first(), wrapper.mid(1) + args);
        if (!m_sshd.waitForStarted(10000)) {
            m_why = QStringLiteral("sshd did not start");
            return false;
        }
        for (int i = 0; i < 100; ++i) {
            if (sshdfixture::canConnect(m_port))
                return true;
            if (m_sshd.state() != QProcess::Running)
                break;
            QThread::msleep(50);
        }
        m_why = QStringLiteral("sshd did not listen: ") + QString::fromUtf8(log());
        return false;
    }

    void stop()
    {
        if (m_sshd.state() != QProcess::NotRunning) {
            m_sshd.terminate();
            if (!m_sshd.waitForFinished(5000))
                m_sshd.kill();
            m_sshd.waitForFinished(5000);
        }
    }

    QString why() const { return m_why; }
    quint16 port() const { return m_port; }
    QString user() const { return m_user; }
    QString path(const QString &name) const { return m_dir.filePath(name); }
    QString target() const
    {
        return QStringLiteral("ssh://%1@127.0.0.1:%2").arg(m_user).arg(m_port);
    }
    QString config() const { return path(QStringLiteral("ssh_config")); }
    QString configUnknownKey() const { return path(QStringLiteral("ssh_config_unknown_key")); }
    QByteArray log() const { return read(QStringLiteral("sshd.log")); }

private:
    QByteArray read(const QString &name) const
    {
        QFile f(path(name));
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }
    void write(const QString &name, const QByteArray &data) const
    {
        QFile f(path(name));
        if (f.open(QIODevice::WriteOnly))
            f.write(data);
        f.setPermissions(QFile::ReadOwner | QFile::WriteOwner);
    }
    void writeClientConfig(const QString &name, const QString &knownHosts) const
    {
        // Host key checking stays strict: the test's known_hosts is the only one consulted.
        write(name, QStringLiteral("Host *\n  IdentityFile %1\n  IdentitiesOnly yes\n"
                                   "  UserKnownHostsFile %2\n  GlobalKnownHostsFile /dev/null\n"
                                   "  StrictHostKeyChecking yes\n  LogLevel ERROR\n")
                        .arg(path(QStringLiteral("user_key")), path(knownHosts))
                        .toUtf8());
    }

    QTemporaryDir m_dir;
    QString m_extraConfig;
    QProcess m_sshd;
    QString m_why;
    QString m_user;
    quint16 m_port = 0;
};
