// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

#include <optional>

namespace shmwise {

// Where a probe runs, as written on the command line and in the GUI:
//   local
//   ssh://[user@]host[:port]        host may be an alias from ~/.ssh/config, or [IPv6]
//   docker://container
//   k8s://pod, k8s://namespace/pod, k8s://namespace/pod/container
struct Target
{
    enum class Kind
    {
        Local,
        Ssh,
        Docker,
        Kubernetes
    };
    Kind kind = Kind::Local;
    QString user;      // ssh
    QString host;      // ssh
    int port = 0;      // ssh; 0: the client's default
    QString container; // docker; kubernetes (optional)
    QString ns;        // kubernetes (optional)
    QString pod;       // kubernetes

    QString toString() const; // the canonical text, which parseTarget() reads back
    bool operator==(const Target &o) const
    {
        return kind == o.kind && user == o.user && host == o.host && port == o.port &&
               container == o.container && ns == o.ns && pod == o.pod;
    }
};

// Parses a target. Every part a user supplies (user, host, container, namespace, pod) is refused
// when it starts with '-' (a client would read it as an option) or holds anything outside
// letters, digits and . _ - (and ':' inside an [IPv6] host): no spaces, control characters or
// shell metacharacters reach any process. nullopt with `error` (translated, "refused target:
// WHY") and `reason` (WHY alone, for a form that names the field) set when refused.
std::optional<Target> parseTarget(const QString &text, QString *error = nullptr,
                                  QString *reason = nullptr);

struct ProbeOptions
{
    int timeoutMs = 15000;     // the whole probe, connection included
    int connectTimeoutS = 8;   // ssh -o ConnectTimeout
    QString sshConfig;         // ssh -F FILE when set
    QString controlDir;        // ssh ControlPath directory; empty: a private default
    int controlPersistS = 120; // how long an idle shared ssh connection stays up
    QString sshProgram = QStringLiteral("ssh");
    QString dockerProgram = QStringLiteral("docker");
    QString kubectlProgram = QStringLiteral("kubectl");
    QString shellProgram = QStringLiteral("/bin/sh");
};

// A program and its separate arguments: never joined into a shell command line.
struct ProbeCommand
{
    QString program;
    QStringList arguments;
};

// The command that runs the probe script (read from its stdin) on `target`. For ssh it creates
// the private control directory when needed; nullopt with `error` set when that fails.
std::optional<ProbeCommand> probeCommand(const Target &target, const ProbeOptions &options,
                                         QString *error = nullptr);

// Host aliases an OpenSSH client config offers (its `Host` lines, without patterns such as
// `*` or `!x`), in file order, for the GUI to suggest.
QStringList sshConfigAliases(const QString &configText);

// The ControlPath directory used when ProbeOptions::controlDir is empty:
// $XDG_RUNTIME_DIR/shmwise-ssh, else /tmp/shmwise-ssh-UID. Created with mode 0700, and refused
// when it exists with another owner or wider permissions (another user could take over the
// sockets). Empty with `error` set when it cannot be made safe.
QString sshControlDir(const QString &wanted, QString *error = nullptr);

// The longest ControlPath used: a socket's path holds 108 bytes on Linux, and ssh appends a
// 17-character suffix to it while creating the socket.
constexpr int MaxControlPathBytes = 90;

// The shared connection's socket for `target`: DIR/ssh-HASH, where HASH is a short hash of the
// target as written (user, alias or host, port) and the ssh config file. Unlike ssh's own %C
// (the resolved host name, user and port), two aliases for one HostName, or one alias in two
// config files, never share a connection, so one cluster's facts cannot answer for another.
// Empty with `error` set when the directory is unsafe or the path would be too long.
QString sshControlPath(const Target &target, const ProbeOptions &options, QString *error = nullptr);

// Closes the shared connection of `target` (ssh -O exit) without waiting: after a timeout the
// master would otherwise keep the hung session, and itself, alive past its ControlPersist. A
// master another probe of this process still uses (see holdSshMaster()) is left open: closing
// it would end that probe's session too.
void closeSshMaster(const Target &target, const ProbeOptions &options);
// Counts the probes of this process that use the master at `controlPath` (thread-safe).
void holdSshMaster(const QString &controlPath);
void releaseSshMaster(const QString &controlPath);
int sshMasterUsers(const QString &controlPath);
// Whether ssh's stderr says the server refused one more session on a shared connection (sshd's
// MaxSessions, 10 by default).
bool sshSessionRefused(const QString &stderrText);

// What to tell the user when a transport failed: turns the client's stderr (and exit code) into
// a translated message that says what to do. Empty when nothing is recognised. `sshConfig`, the
// client configuration the target was reached with (ssh -F), goes into the commands it gives.
QString explainTransportFailure(const Target &target, const QString &stderrText, int exitCode,
                                const QString &sshConfig = QString());

// A transport's stderr as text: UTF-8, its CRLF and lone CR line ends (ssh writes its warnings
// with them) made LF, trimmed.
QString transportStderrText(const QByteArray &bytes);

} // namespace shmwise
