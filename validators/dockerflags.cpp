// SPDX-License-Identifier: GPL-3.0-or-later
#include "validators/dockerflags_p.h"

#include "validators/csvfields_p.h"
#include "validators/dockerdaemon_p.h"
#include "validators/suggest_p.h"
#include "validators/validate_common_p.h"

#include <QRegularExpression>
#include <QStringList>

namespace shmwise::validators {

namespace {

// The value checks the table below refers to: each gets the option's long name (for the
// message) and the value written.

bool isInt(const QString &s)
{
    static const QRegularExpression re(QStringLiteral("^[+-]?[0-9]+$"));
    return re.match(s).hasMatch();
}

bool isGoDuration(const QString &v)
{
    static const QRegularExpression re(
        QStringLiteral("^[+-]?(0|([0-9]*(\\.[0-9]*)?(ns|us|\u00b5s|ms|s|m|h))+)$"));
    return re.match(v).hasMatch() && v != QLatin1String(".");
}

std::optional<QString> checkBool(const QString &name, const QString &v)
{
    static const QStringList bools = {
        QStringLiteral("1"),     QStringLiteral("t"),     QStringLiteral("T"),
        QStringLiteral("TRUE"),  QStringLiteral("true"),  QStringLiteral("True"),
        QStringLiteral("0"),     QStringLiteral("f"),     QStringLiteral("F"),
        QStringLiteral("FALSE"), QStringLiteral("false"), QStringLiteral("False")};
    if (!bools.contains(v))
        return Tr::tr("invalid argument \"%1\" for --%2: write true or false").arg(v, name);
    return std::nullopt;
}

std::optional<QString> checkSize(const QString &, const QString &v)
{
    QString why;
    if (!parseDockerSize(v, &why))
        return why;
    return std::nullopt;
}

// --memory-swap: a size, or -1 for unlimited swap.
std::optional<QString> checkSwap(const QString &name, const QString &v)
{
    if (v == QLatin1String("-1"))
        return std::nullopt;
    return checkSize(name, v);
}

std::optional<QString> checkCpus(const QString &, const QString &v)
{
    static const QRegularExpression re(QStringLiteral(
        "^[+-]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][+-]?[0-9]+)?$|^[+-]?[0-9]+/[0-9]+$"));
    if (!re.match(v).hasMatch())
        return Tr::tr("'%1' is not a number of CPUs, such as 1.5").arg(v);
    return std::nullopt;
}

std::optional<QString> checkInt(const QString &name, const QString &v)
{
    if (!isInt(v))
        return Tr::tr("--%1 takes a whole number, not '%2'").arg(name, v);
    return std::nullopt;
}

std::optional<QString> checkDuration(const QString &name, const QString &v)
{
    if (!isGoDuration(v))
        return Tr::tr("--%1 takes a duration such as 30s or 1m30s, not '%2'").arg(name, v);
    return std::nullopt;
}

std::optional<QString> checkUlimit(const QString &, const QString &v)
{
    // github.com/docker/go-units ParseUlimit.
    static const QStringList names = {
        QStringLiteral("core"),     QStringLiteral("cpu"),        QStringLiteral("data"),
        QStringLiteral("fsize"),    QStringLiteral("locks"),      QStringLiteral("memlock"),
        QStringLiteral("msgqueue"), QStringLiteral("nice"),       QStringLiteral("nofile"),
        QStringLiteral("nproc"),    QStringLiteral("rss"),        QStringLiteral("rtprio"),
        QStringLiteral("rttime"),   QStringLiteral("sigpending"), QStringLiteral("stack")};
    const qsizetype eq = v.indexOf(QLatin1Char('='));
    if (eq < 0)
        return Tr::tr("invalid ulimit argument '%1': write NAME=SOFT[:HARD], such as "
                      "nofile=65536:65536")
            .arg(v);
    const QString name = v.left(eq);
    if (!names.contains(name))
        return Tr::tr("invalid ulimit type '%1'; Docker knows %2")
            .arg(name, names.join(QStringLiteral(", ")));
    const QStringList parts = v.mid(eq + 1).split(QLatin1Char(':'));
    if (parts.size() > 2)
        return Tr::tr("too many limit values in '%1': write SOFT[:HARD]").arg(v);
    bool ok1 = false, ok2 = true;
    const qint64 soft = isInt(parts[0]) ? parts[0].toLongLong(&ok1) : 0;
    qint64 hard = soft;
    if (parts.size() == 2)
        hard = isInt(parts[1]) ? parts[1].toLongLong(&ok2) : (ok2 = false, 0);
    if (!ok1 || !ok2)
        return Tr::tr("'%1': the limits must be whole numbers, such as nofile=65536:65536").arg(v);
    if (soft > hard)
        return Tr::tr("ulimit soft limit must be less than or equal to hard limit: %1 > %2 (write "
                      "%3=%2:%2)")
            .arg(soft)
            .arg(hard)
            .arg(name);
    return std::nullopt;
}

std::optional<QString> checkGpus(const QString &, const QString &v)
{
    // github.com/docker/cli opts/gpus.go.
    const std::optional<QStringList> fields = csvFields(v);
    if (!fields)
        return Tr::tr("'%1' is not a valid --gpus value (a quote is out of place)").arg(v);
    QStringList seen;
    auto count = [](const QString &c) -> std::optional<QString> {
        if (c == QLatin1String("all") || isInt(c))
            return std::nullopt;
        return Tr::tr("invalid count (%1): write a number or all").arg(c);
    };
    for (const QString &f : *fields) {
        const qsizetype eq = f.indexOf(QLatin1Char('='));
        const QString key = eq < 0 ? f : f.left(eq);
        if (seen.contains(key))
            return Tr::tr("gpu request key '%1' can be specified only once").arg(key);
        seen.append(key);
        if (eq < 0) {
            seen.append(QStringLiteral("count"));
            if (auto e = count(key))
                return e;
            continue;
        }
        const QString val = f.mid(eq + 1);
        if (key == QLatin1String("count")) {
            if (auto e = count(val))
                return e;
        } else if (key != QLatin1String("driver") && key != QLatin1String("device") &&
                   key != QLatin1String("capabilities") && key != QLatin1String("options")) {
            return Tr::tr("unexpected key '%1' in '%2'; --gpus takes all, a count, or "
                          "count=, device=, driver=, capabilities=, options=")
                .arg(key, f);
        }
    }
    return std::nullopt;
}

bool validPort(const QString &p, bool allowEmpty)
{
    if (p.isEmpty())
        return allowEmpty;
    const QStringList r = p.split(QLatin1Char('-'));
    if (r.size() > 2)
        return false;
    for (const QString &x : r) {
        static const QRegularExpression digits(QStringLiteral("^[0-9]+$"));
        if (!digits.match(x).hasMatch() || x.size() > 5 || x.toInt() > 65535)
            return false;
    }
    return r.size() == 1 || r[0].toInt() <= r[1].toInt();
}

std::optional<QString> checkPublish(const QString &, const QString &v)
{
    // github.com/docker/go-connections nat.ParsePortSpec.
    QString spec = v;
    const qsizetype slash = spec.lastIndexOf(QLatin1Char('/'));
    if (slash >= 0) {
        const QString proto = spec.mid(slash + 1).toLower();
        if (proto != QLatin1String("tcp") && proto != QLatin1String("udp") &&
            proto != QLatin1String("sctp"))
            return Tr::tr("invalid proto: %1").arg(spec.mid(slash + 1));
        spec.truncate(slash);
    }
    QString ip;
    if (spec.startsWith(QLatin1Char('['))) { // [IPv6]:host:container
        const qsizetype close = spec.indexOf(QLatin1Char(']'));
        if (close < 0)
            return Tr::tr("invalid IP address in '%1'").arg(v);
        ip = spec.mid(1, close - 1);
        spec = spec.mid(close + 1);
        if (spec.startsWith(QLatin1Char(':')))
            spec = spec.mid(1);
    }
    const QStringList parts = spec.split(QLatin1Char(':'));
    QString host, container;
    if (parts.size() == 1) {
        container = parts[0];
    } else if (parts.size() == 2) {
        host = parts[0];
        container = parts[1];
    } else if (parts.size() == 3 && ip.isEmpty()) {
        host = parts[1];
        container = parts[2];
    } else if (ip.isEmpty()) {
        return std::nullopt; // an IPv6 address without brackets: left to the daemon
    } else {
        return Tr::tr("invalid port specification: '%1'").arg(v);
    }
    if (container.isEmpty())
        return Tr::tr("no port specified: %1").arg(v);
    if (!validPort(container, false))
        return Tr::tr("invalid containerPort: %1").arg(container);
    if (!validPort(host, true))
        return Tr::tr("invalid hostPort: %1").arg(host);
    return std::nullopt;
}

std::optional<QString> checkExpose(const QString &, const QString &v)
{
    QString p = v.section(QLatin1Char('/'), 0, 0);
    if (!validPort(p, false))
        return Tr::tr("invalid range format for --expose: %1").arg(v);
    return std::nullopt;
}

std::optional<QString> checkPid(const QString &, const QString &v)
{
    if (v.isEmpty() || v == QLatin1String("host") ||
        (v.startsWith(QLatin1String("container:")) && v.size() > 10))
        return std::nullopt;
    return Tr::tr("--pid: invalid PID mode '%1'; use host or container:NAME").arg(v);
}

// --uts and --userns.
std::optional<QString> checkHostOnly(const QString &name, const QString &v)
{
    if (v.isEmpty() || v == QLatin1String("host"))
        return std::nullopt;
    return Tr::tr("--%1: invalid mode '%2'; the only mode is host").arg(name, v);
}

std::optional<QString> checkCgroupns(const QString &, const QString &v)
{
    if (v.isEmpty() || v == QLatin1String("host") || v == QLatin1String("private"))
        return std::nullopt;
    return Tr::tr("--cgroupns: invalid mode '%1'; use host or private").arg(v);
}

std::optional<QString> checkAttach(const QString &, const QString &v)
{
    const QString l = v.toLower();
    if (l == QLatin1String("stdin") || l == QLatin1String("stdout") || l == QLatin1String("stderr"))
        return std::nullopt;
    return Tr::tr("valid streams are STDIN, STDOUT and STDERR, not '%1'").arg(v);
}

std::optional<QString> checkSysctl(const QString &, const QString &v)
{
    // opts.ValidateSysctl: only namespaced keys may be set per container.
    const QString key = v.section(QLatin1Char('='), 0, 0);
    if (!v.contains(QLatin1Char('=')))
        return Tr::tr("--sysctl takes KEY=VALUE, not '%1'").arg(v);
    if (!sysctlNamespace(key).isEmpty())
        return std::nullopt;
    return Tr::tr("sysctl '%1' is not allowed: a container may only set namespaced keys "
                  "(kernel.shm*, kernel.msg*, kernel.sem, fs.mqueue.*, net.*)")
        .arg(key);
}

// docker run --help (Docker 28.2) and its hidden aliases (--net, --net-alias, --dns-opt), then
// Podman's own options.
const RunFlag kFlags[] = {
    {"add-host", 0, true, false, nullptr},
    {"annotation", 0, true, false, nullptr},
    {"attach", 'a', true, false, checkAttach},
    {"blkio-weight", 0, true, false, checkInt},
    {"blkio-weight-device", 0, true, false, nullptr},
    {"cap-add", 0, true, false, nullptr},
    {"cap-drop", 0, true, false, nullptr},
    {"cgroup-parent", 0, true, false, nullptr},
    {"cgroupns", 0, true, false, checkCgroupns},
    {"cidfile", 0, true, false, nullptr},
    {"cpu-count", 0, true, false, checkInt},
    {"cpu-percent", 0, true, false, checkInt},
    {"cpu-period", 0, true, false, checkInt},
    {"cpu-quota", 0, true, false, checkInt},
    {"cpu-rt-period", 0, true, false, checkInt},
    {"cpu-rt-runtime", 0, true, false, checkInt},
    {"cpu-shares", 'c', true, false, checkInt},
    {"cpus", 0, true, false, checkCpus},
    {"cpuset-cpus", 0, true, false, nullptr},
    {"cpuset-mems", 0, true, false, nullptr},
    {"detach", 'd', false, false, checkBool},
    {"detach-keys", 0, true, false, nullptr},
    {"device", 0, true, false, nullptr},
    {"device-cgroup-rule", 0, true, false, nullptr},
    {"device-read-bps", 0, true, false, nullptr},
    {"device-read-iops", 0, true, false, nullptr},
    {"device-write-bps", 0, true, false, nullptr},
    {"device-write-iops", 0, true, false, nullptr},
    {"disable-content-trust", 0, false, false, checkBool},
    {"dns", 0, true, false, nullptr},
    {"dns-opt", 0, true, false, nullptr},
    {"dns-option", 0, true, false, nullptr},
    {"dns-search", 0, true, false, nullptr},
    {"domainname", 0, true, false, nullptr},
    {"entrypoint", 0, true, false, nullptr},
    {"env", 'e', true, false, nullptr},
    {"env-file", 0, true, false, nullptr},
    {"expose", 0, true, false, checkExpose},
    {"gpus", 0, true, false, checkGpus},
    {"group-add", 0, true, false, nullptr},
    {"health-cmd", 0, true, false, nullptr},
    {"health-interval", 0, true, false, checkDuration},
    {"health-retries", 0, true, false, checkInt},
    {"health-start-interval", 0, true, false, checkDuration},
    {"health-start-period", 0, true, false, checkDuration},
    {"health-timeout", 0, true, false, checkDuration},
    {"help", 0, false, false, checkBool},
    {"hostname", 'h', true, false, nullptr},
    {"init", 0, false, false, checkBool},
    {"interactive", 'i', false, false, checkBool},
    {"io-maxbandwidth", 0, true, false, nullptr},
    {"io-maxiops", 0, true, false, nullptr},
    {"ip", 0, true, false, nullptr},
    {"ip6", 0, true, false, nullptr},
    {"ipc", 0, true, false, nullptr},
    {"isolation", 0, true, false, nullptr},
    {"kernel-memory", 0, true, false, checkSize},
    {"label", 'l', true, false, nullptr},
    {"label-file", 0, true, false, nullptr},
    {"link", 0, true, false, nullptr},
    {"link-local-ip", 0, true, false, nullptr},
    {"log-driver", 0, true, false, nullptr},
    {"log-opt", 0, true, false, nullptr},
    {"mac-address", 0, true, false, nullptr},
    {"memory", 'm', true, false, checkSize},
    {"memory-reservation", 0, true, false, checkSize},
    {"memory-swap", 0, true, false, checkSwap},
    {"memory-swappiness", 0, true, false, checkInt},
    {"mount", 0, true, false, nullptr},
    {"name", 0, true, false, nullptr},
    {"net", 0, true, false, nullptr},
    {"net-alias", 0, true, false, nullptr},
    {"network", 0, true, false, nullptr},
    {"network-alias", 0, true, false, nullptr},
    {"no-healthcheck", 0, false, false, checkBool},
    {"oom-kill-disable", 0, false, false, checkBool},
    {"oom-score-adj", 0, true, false, checkInt},
    {"pid", 0, true, false, checkPid},
    {"pids-limit", 0, true, false, checkInt},
    {"platform", 0, true, false, nullptr},
    {"privileged", 0, false, false, checkBool},
    {"publish", 'p', true, false, checkPublish},
    {"publish-all", 'P', false, false, checkBool},
    {"pull", 0, true, false, nullptr},
    {"quiet", 'q', false, false, checkBool},
    {"read-only", 0, false, false, checkBool},
    {"restart", 0, true, false, nullptr},
    {"rm", 0, false, false, checkBool},
    {"runtime", 0, true, false, nullptr},
    {"security-opt", 0, true, false, nullptr},
    {"shm-size", 0, true, false, checkSize},
    {"sig-proxy", 0, false, false, checkBool},
    {"stop-signal", 0, true, false, nullptr},
    {"stop-timeout", 0, true, false, checkInt},
    {"storage-opt", 0, true, false, nullptr},
    {"sysctl", 0, true, false, checkSysctl},
    {"tmpfs", 0, true, false, nullptr},
    {"tty", 't', false, false, checkBool},
    {"ulimit", 0, true, false, checkUlimit},
    {"use-api-socket", 0, false, false, checkBool},
    {"user", 'u', true, false, nullptr},
    {"userns", 0, true, false, checkHostOnly},
    {"uts", 0, true, false, checkHostOnly},
    {"volume", 'v', true, false, nullptr},
    {"volume-driver", 0, true, false, nullptr},
    {"volumes-from", 0, true, false, nullptr},
    {"workdir", 'w', true, false, nullptr},
    // Podman only
    {"arch", 0, true, true, nullptr},
    {"authfile", 0, true, true, nullptr},
    {"cert-dir", 0, true, true, nullptr},
    {"cgroup-conf", 0, true, true, nullptr},
    {"cgroups", 0, true, true, nullptr},
    {"chrootdirs", 0, true, true, nullptr},
    {"conmon-pidfile", 0, true, true, nullptr},
    {"creds", 0, true, true, nullptr},
    {"decryption-key", 0, true, true, nullptr},
    {"env-host", 0, false, true, checkBool},
    {"env-merge", 0, true, true, nullptr},
    {"gidmap", 0, true, true, nullptr},
    {"group-entry", 0, true, true, nullptr},
    // Read as a duration like the other health- options, though Podman takes an action here.
    {"health-on-failure", 0, true, true, checkDuration},
    {"hostuser", 0, true, true, nullptr},
    {"http-proxy", 0, false, true, checkBool},
    {"image-volume", 0, true, true, nullptr},
    {"init-path", 0, true, true, nullptr},
    {"no-hosts", 0, false, true, checkBool},
    {"os", 0, true, true, nullptr},
    {"passwd", 0, false, true, checkBool},
    {"passwd-entry", 0, true, true, nullptr},
    {"personality", 0, true, true, nullptr},
    {"pidfile", 0, true, true, nullptr},
    {"pod", 0, true, true, nullptr},
    {"pod-id-file", 0, true, true, nullptr},
    {"preserve-fds", 0, true, true, nullptr},
    {"rdt-class", 0, true, true, nullptr},
    {"read-only-tmpfs", 0, false, true, checkBool},
    {"replace", 0, false, true, checkBool},
    {"requires", 0, true, true, nullptr},
    {"retry", 0, true, true, nullptr},
    {"retry-delay", 0, true, true, nullptr},
    {"rootfs", 0, false, true, checkBool},
    {"sdnotify", 0, true, true, nullptr},
    {"seccomp-policy", 0, true, true, nullptr},
    {"secret", 0, true, true, nullptr},
    {"shm-size-systemd", 0, true, true, nullptr},
    {"subgidname", 0, true, true, nullptr},
    {"subuidname", 0, true, true, nullptr},
    {"systemd", 0, true, true, nullptr},
    {"timeout", 0, true, true, nullptr},
    {"tls-verify", 0, false, true, checkBool},
    {"tz", 0, true, true, nullptr},
    {"uidmap", 0, true, true, nullptr},
    {"umask", 0, true, true, nullptr},
    {"unsetenv", 0, true, true, nullptr},
    {"unsetenv-all", 0, false, true, checkBool},
    {"variant", 0, true, true, nullptr},
};

} // namespace

const RunFlag *findRunFlag(const QString &longName, bool podman)
{
    for (const RunFlag &f : kFlags) {
        if (longName == QLatin1String(f.name) && (podman || !f.podmanOnly))
            return &f;
    }
    return nullptr;
}

const RunFlag *findRunShortFlag(QChar c)
{
    for (const RunFlag &f : kFlags) {
        if (f.shortName && c == QLatin1Char(f.shortName))
            return &f;
    }
    return nullptr;
}

QString closestRunFlag(const QString &longName, bool podman)
{
    QString plain = longName;
    plain.replace(QLatin1Char('_'), QLatin1Char('-'));
    ClosestMatch match(plain, 2);
    for (const RunFlag &f : kFlags) {
        if (f.podmanOnly && !podman)
            continue;
        const QString name = QLatin1String(f.name);
        QString joined = name;
        if (plain == joined.remove(QLatin1Char('-')))
            match.offer(name, 1); // shmsize for shm-size
        else
            match.offer(name);
    }
    return match.best();
}

std::optional<QString> checkRunFlagValue(const QString &name, const QString &v)
{
    const RunFlag *f = findRunFlag(name, true);
    if (!f || !f->check)
        return std::nullopt;
    return f->check(name, v);
}

} // namespace shmwise::validators
