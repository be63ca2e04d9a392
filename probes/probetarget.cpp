// SPDX-License-Identifier: GPL-3.0-or-later
#include "probes/probetarget.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QMutex>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <sys/stat.h>
#include <unistd.h>

namespace shmwise {

namespace {

// A word for a POSIX shell: as it is when it needs no quoting, else in single quotes.
QString shellQuote(const QString &word)
{
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9_@%+=:,./-]+$"));
    if (plain.match(word).hasMatch())
        return word;
    QString q = word;
    q.replace(QLatin1Char('\''), QLatin1String("'\\''"));
    return QLatin1Char('\'') + q + QLatin1Char('\'');
}

// The ssh command that logs in to the target as ShmWise reaches it.
QString sshLoginCommand(const Target &target, const QString &sshConfig)
{
    QString c = QStringLiteral("ssh");
    if (!sshConfig.isEmpty())
        c += QStringLiteral(" -F ") + shellQuote(sshConfig);
    if (target.port > 0)
        c += QStringLiteral(" -p %1").arg(target.port);
    c += QLatin1Char(' ') + shellQuote(target.user.isEmpty()
                                           ? target.host
                                           : target.user + QLatin1Char('@') + target.host);
    return c;
}

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::Probe)
};

} // namespace

namespace {
QString defaultControlDir()
{
    // XDG_RUNTIME_DIR is private to the user by definition; QStandardPaths would invent one
    // when it is unset, which is not.
    const QString runtime = qEnvironmentVariable("XDG_RUNTIME_DIR");
    if (!runtime.isEmpty() && QFileInfo(runtime).isDir()) {
        const QString dir = runtime + QStringLiteral("/shmwise-ssh");
        // Room for "/ssh-" and the hash within the socket path limit.
        if (QFile::encodeName(dir).size() + 22 <= MaxControlPathBytes)
            return dir;
    }
    return QStringLiteral("/tmp/shmwise-ssh-%1").arg(getuid());
}

QString controlKey(const Target &target, const ProbeOptions &options)
{
    QCryptographicHash h(QCryptographicHash::Sha256);
    h.addData(target.toString().toUtf8());
    h.addData(QByteArrayView("\0", 1));
    // The config file by its absolute name: the same alias in two files is two hosts.
    h.addData(QFile::encodeName(
        options.sshConfig.isEmpty() ? QString() : QFileInfo(options.sshConfig).absoluteFilePath()));
    return QString::fromLatin1(h.result().toHex().left(16));
}

QStringList sshTargetArguments(const Target &target, const ProbeOptions &options)
{
    QStringList a;
    if (!options.sshConfig.isEmpty())
        a << QStringLiteral("-F") << options.sshConfig;
    if (target.port > 0)
        a << QStringLiteral("-p") << QString::number(target.port);
    if (!target.user.isEmpty())
        a << QStringLiteral("-l") << target.user;
    return a;
}
} // namespace

QString sshControlDir(const QString &wanted, QString *error)
{
    const QString dir = wanted.isEmpty() ? defaultControlDir() : wanted;
    const QByteArray path = QFile::encodeName(dir);
    // mkdir with 0700 from the start: no window in which another user could enter.
    if (::mkdir(path.constData(), 0700) != 0 && errno != EEXIST) {
        if (error)
            *error = Tr::tr("cannot create the ssh control directory %1: %2")
                         .arg(dir, QString::fromLocal8Bit(strerror(errno)));
        return {};
    }
    struct stat st;
    if (::lstat(path.constData(), &st) != 0 || !S_ISDIR(st.st_mode)) {
        if (error)
            *error = Tr::tr("the ssh control directory %1 is not a directory").arg(dir);
        return {};
    }
    if (st.st_uid != getuid()) {
        if (error)
            *error = Tr::tr("the ssh control directory %1 belongs to another user (uid %2), who "
                            "could take over the connections; set XDG_RUNTIME_DIR to a private "
                            "directory of yours (for example XDG_RUNTIME_DIR=/run/user/%3, or "
                            "mkdir -m 700 ~/.shmwise-run and point XDG_RUNTIME_DIR there) and "
                            "probe again")
                         .arg(dir)
                         .arg(st.st_uid)
                         .arg(getuid());
        return {};
    }
    if ((st.st_mode & 077) != 0) {
        if (error)
            *error = Tr::tr("the ssh control directory %1 is open to other users (mode %2); it "
                            "must have mode 0700 (chmod 700 %1)")
                         .arg(dir)
                         .arg(st.st_mode & 0777, 4, 8, QLatin1Char('0'));
        return {};
    }
    return dir;
}

QString sshControlPath(const Target &target, const ProbeOptions &options, QString *error)
{
    const QString dir = sshControlDir(options.controlDir, error);
    if (dir.isEmpty())
        return {};
    const QString path = dir + QStringLiteral("/ssh-") + controlKey(target, options);
    if (QFile::encodeName(path).size() > MaxControlPathBytes) {
        if (error)
            *error = Tr::tr("the ssh control socket %1 would be longer than %2 bytes, more than a "
                            "socket name can hold; use a shorter XDG_RUNTIME_DIR")
                         .arg(path)
                         .arg(MaxControlPathBytes);
        return {};
    }
    return path;
}

namespace {
QMutex masterMutex;
QHash<QString, int> &masterUsers()
{
    static QHash<QString, int> users;
    return users;
}
} // namespace

void holdSshMaster(const QString &controlPath)
{
    const QMutexLocker lock(&masterMutex);
    ++masterUsers()[controlPath];
}

void releaseSshMaster(const QString &controlPath)
{
    const QMutexLocker lock(&masterMutex);
    auto it = masterUsers().find(controlPath);
    if (it != masterUsers().end() && --*it <= 0)
        masterUsers().erase(it);
}

int sshMasterUsers(const QString &controlPath)
{
    const QMutexLocker lock(&masterMutex);
    return masterUsers().value(controlPath);
}

bool sshSessionRefused(const QString &stderrText)
{
    return stderrText.contains(QLatin1String("Session open refused by peer")) ||
           stderrText.contains(QLatin1String("session request failed"));
}

void closeSshMaster(const Target &target, const ProbeOptions &options)
{
    if (target.kind != Target::Kind::Ssh)
        return;
    const QString path = sshControlPath(target, options);
    if (path.isEmpty() || !QFileInfo::exists(path) || sshMasterUsers(path) > 0)
        return;
    // Detached, and silent: ssh -O exit prints "Exit request sent." on stderr, which is not for
    // the user's terminal.
    QProcess ssh;
    ssh.setProgram(options.sshProgram);
    ssh.setArguments(QStringList{QStringLiteral("-o"), QStringLiteral("BatchMode=yes"),
                                 QStringLiteral("-o"), QStringLiteral("ControlPath=") + path,
                                 QStringLiteral("-O"), QStringLiteral("exit")} +
                     sshTargetArguments(target, options) +
                     QStringList{QStringLiteral("--"), target.host});
    ssh.setStandardInputFile(QProcess::nullDevice());
    ssh.setStandardOutputFile(QProcess::nullDevice());
    ssh.setStandardErrorFile(QProcess::nullDevice());
    ssh.startDetached();
}

std::optional<ProbeCommand> probeCommand(const Target &target, const ProbeOptions &options,
                                         QString *error)
{
    ProbeCommand c;
    const QStringList shell{QStringLiteral("sh"), QStringLiteral("-s")};
    switch (target.kind) {
    case Target::Kind::Local:
        c.program = options.shellProgram;
        c.arguments = {QStringLiteral("-s")};
        return c;
    case Target::Kind::Ssh: {
        const QString controlPath = sshControlPath(target, options, error);
        if (controlPath.isEmpty())
            return std::nullopt;
        c.program = options.sshProgram;
        // Host key checking stays as the user configured it (never turned off): an unknown
        // key fails in BatchMode, and explainTransportFailure() says what to do.
        c.arguments = {QStringLiteral("-T"),
                       QStringLiteral("-o"),
                       QStringLiteral("BatchMode=yes"),
                       QStringLiteral("-o"),
                       QStringLiteral("ConnectTimeout=%1").arg(options.connectTimeoutS),
                       QStringLiteral("-o"),
                       QStringLiteral("ControlMaster=auto"),
                       QStringLiteral("-o"),
                       QStringLiteral("ControlPath=") + controlPath,
                       QStringLiteral("-o"),
                       QStringLiteral("ControlPersist=%1").arg(options.controlPersistS)};
        c.arguments << sshTargetArguments(target, options);
        c.arguments << QStringLiteral("--") << target.host << shell;
        return c;
    }
    case Target::Kind::Docker:
        c.program = options.dockerProgram;
        c.arguments =
            QStringList{QStringLiteral("exec"), QStringLiteral("-i"), target.container} + shell;
        return c;
    case Target::Kind::Kubernetes:
        c.program = options.kubectlProgram;
        c.arguments = {QStringLiteral("exec"), QStringLiteral("-i")};
        if (!target.ns.isEmpty())
            c.arguments << QStringLiteral("-n") << target.ns;
        c.arguments << target.pod;
        if (!target.container.isEmpty())
            c.arguments << QStringLiteral("-c") << target.container;
        c.arguments << QStringLiteral("--") << shell;
        return c;
    }
    return std::nullopt;
}

QString transportStderrText(const QByteArray &bytes)
{
    QString text = QString::fromUtf8(bytes);
    text.replace(QLatin1String("\r\n"), QLatin1String("\n"));
    text.replace(QLatin1Char('\r'), QLatin1Char('\n'));
    return text.trimmed();
}

QString explainTransportFailure(const Target &target, const QString &stderrText, int exitCode,
                                const QString &sshConfig)
{
    const QString host = target.host;
    auto has = [&stderrText](const char *s) {
        return stderrText.contains(QLatin1String(s), Qt::CaseInsensitive);
    };
    if (target.kind == Target::Kind::Ssh) {
        if (sshSessionRefused(stderrText))
            return Tr::tr("%1 refused one more session on the shared connection: its sshd allows "
                          "only so many at once (MaxSessions, 10 by default). Probe fewer of its "
                          "targets at a time (--jobs), or raise MaxSessions in its "
                          "sshd_config.")
                .arg(host);
        // A changed key is said before an unknown one: ssh's message for it ends with "Host
        // key verification failed" as well.
        static const QRegularExpression changedFor(
            QStringLiteral("Host key for (\\S+) has changed"));
        static const QRegularExpression offending(
            QStringLiteral("Offending \\S+ key in (\\S+):(\\d+)"));
        static const QRegularExpression unknownFor(
            QStringLiteral("No \\S+ host key is known for (\\S+)"));
        const QString login = sshLoginCommand(target, sshConfig);
        if (has("REMOTE HOST IDENTIFICATION HAS CHANGED") || has("has changed and you have")) {
            const QRegularExpressionMatch name = changedFor.match(stderrText);
            // The name known_hosts stores: "[host]:port" for a port other than 22.
            const QString known = name.hasMatch() ? name.captured(1)
                                  : target.port > 0 && target.port != 22
                                      ? QStringLiteral("[%1]:%2").arg(host).arg(target.port)
                                      : host;
            const QRegularExpressionMatch file = offending.match(stderrText);
            QString remove = QStringLiteral("ssh-keygen -R %1").arg(shellQuote(known));
            QString stored = QStringLiteral("known_hosts");
            if (file.hasMatch()) {
                stored = Tr::tr("%1, line %2").arg(file.captured(1), file.captured(2));
                if (!file.captured(1).endsWith(QLatin1String("/.ssh/known_hosts")))
                    remove += QStringLiteral(" -f ") + shellQuote(file.captured(1));
            }
            return Tr::tr("The host key of %1 has CHANGED since it was stored (%2). Someone may "
                          "be impersonating the host, or it was reinstalled: check the new key's "
                          "fingerprint with its administrator before you trust it. Then remove "
                          "the old key with `%3`, connect once with `%4` to store the new one, "
                          "and probe again.")
                .arg(known, stored, remove, login);
        }
        if (has("Host key verification failed") || has("host key is known")) {
            const QRegularExpressionMatch name = unknownFor.match(stderrText);
            const QString known = name.hasMatch() ? name.captured(1) : host;
            return Tr::tr("The host key of %1 is not known yet (no %2 entry in known_hosts), so "
                          "ssh refused to connect without asking. Connect once with `%3` in a "
                          "terminal, check the fingerprint it shows with the host's "
                          "administrator and accept it; then probe again.")
                .arg(host, known, login);
        }
        if (has("Permission denied"))
            return Tr::tr("%1 did not accept any of your keys (it may only allow passwords, which "
                          "ShmWise never asks for). Load a key into ssh-agent (`ssh-add`) and "
                          "install it on the host with `ssh-copy-id %1`, or name the key with "
                          "IdentityFile in your ssh config.")
                .arg(host);
        if (has("Could not resolve hostname"))
            return Tr::tr("The host name %1 could not be resolved; check the name or add a Host "
                          "entry to your ssh config.")
                .arg(host);
        // ssh names the address and port a name or an alias resolved to.
        static const QRegularExpression connectTo(
            QStringLiteral("connect to host (\\S+) port (\\d+)"));
        const QRegularExpressionMatch to = connectTo.match(stderrText);
        const QString where =
            to.hasMatch() ? Tr::tr("%1 (%2, port %3)").arg(host, to.captured(1), to.captured(2))
                          : host;
        if (has("Connection refused"))
            return Tr::tr("%1 refused the connection: no ssh server listens on that port.")
                .arg(where);
        if (has("timed out"))
            return Tr::tr("The connection to %1 timed out; check the host, the port and any "
                          "firewall or VPN in between.")
                .arg(where);
        if (has("Too many authentication failures"))
            return Tr::tr("%1 closed the connection after too many keys were offered; set "
                          "IdentitiesOnly yes and IdentityFile for it in your ssh config.")
                .arg(host);
    }
    if (target.kind == Target::Kind::Docker) {
        if (has("No such container"))
            return Tr::tr("There is no running container named %1 (see `docker ps`).")
                .arg(target.container);
        if (has("is not running"))
            return Tr::tr("The container %1 is not running; the probe needs a running container.")
                .arg(target.container);
        if (has("permission denied") && has("docker"))
            return Tr::tr("You may not use the Docker daemon; join the docker group or use sudo.");
    }
    if (target.kind == Target::Kind::Kubernetes) {
        if (has("NotFound"))
            return Tr::tr("The pod %1 was not found; check the name and the namespace "
                          "(kubectl get pods -n NAMESPACE).")
                .arg(target.pod);
        if (has("Forbidden"))
            return Tr::tr("Your Kubernetes account may not exec into %1 (it needs the pods/exec "
                          "permission).")
                .arg(target.pod);
        // kubectl's own words when it has no cluster to talk to: no kubeconfig (it then tries
        // localhost:8080), a context whose server is down or unreachable, or expired
        // credentials.
        if (has("The connection to the server") || has("Unable to connect to the server") ||
            has("couldn't get current server API group list"))
            return Tr::tr("kubectl could not reach a Kubernetes cluster: no cluster is configured "
                          "for it (a kubeconfig file and its current context), or the cluster's "
                          "API server is down or out of reach. Check with `kubectl config "
                          "current-context` and `kubectl get pods -n NAMESPACE`, then probe "
                          "again.");
        if (has("You must be logged in to the server") || has("Unauthorized"))
            return Tr::tr("The Kubernetes cluster did not accept your credentials (they may have "
                          "expired): log in again as your cluster's tooling asks, then probe "
                          "again.");
    }
    if (has("sh: not found") || has("executable file not found") || exitCode == 127)
        return Tr::tr("The target has no /bin/sh to run the probe with.");
    return {};
}

QStringList sshConfigAliases(const QString &configText)
{
    QStringList out;
    QSet<QString> listed;
    static const QRegularExpression space(QStringLiteral("\\s+"));
    const QStringList lines = configText.split(QLatin1Char('\n'));
    for (const QString &raw : lines) {
        const QString line = raw.trimmed();
        // "Host a b" or "Host=a b"; keywords are case-insensitive.
        if (!line.startsWith(QLatin1String("host"), Qt::CaseInsensitive) || line.size() < 5 ||
            !(line.at(4).isSpace() || line.at(4) == QLatin1Char('=')))
            continue;
        // The keyword's own separator is whitespace or one '='; the names are split on
        // whitespace only, so "-oX=y" stays one (refused) name.
        QString rest = line.mid(4).trimmed();
        if (rest.startsWith(QLatin1Char('=')))
            rest = rest.mid(1);
        const QStringList names = rest.split(space, Qt::SkipEmptyParts);
        for (const QString &n : names) {
            if (n.contains(QLatin1Char('*')) || n.contains(QLatin1Char('?')) ||
                n.startsWith(QLatin1Char('!')) || n.startsWith(QLatin1Char('#')))
                continue;
            if (!listed.contains(n) && parseTarget(QStringLiteral("ssh://") + n)) {
                listed.insert(n);
                out << n;
            }
        }
    }
    return out;
}

} // namespace shmwise
