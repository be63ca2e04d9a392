// SPDX-License-Identifier: GPL-3.0-or-later
#include "validators/dockerflags_p.h"

#include "validators/validators.h"

#include <QRegularExpression>
#include <QStringList>

namespace shmwise::validators {

namespace {

// docker run --help (Docker 28.2) and its hidden aliases (--net, --net-alias, --dns-opt), then
// Podman's own options.
const RunFlag kFlags[] = {
    {"add-host", 0, true, false},
    {"annotation", 0, true, false},
    {"attach", 'a', true, false},
    {"blkio-weight", 0, true, false},
    {"blkio-weight-device", 0, true, false},
    {"cap-add", 0, true, false},
    {"cap-drop", 0, true, false},
    {"cgroup-parent", 0, true, false},
    {"cgroupns", 0, true, false},
    {"cidfile", 0, true, false},
    {"cpu-count", 0, true, false},
    {"cpu-percent", 0, true, false},
    {"cpu-period", 0, true, false},
    {"cpu-quota", 0, true, false},
    {"cpu-rt-period", 0, true, false},
    {"cpu-rt-runtime", 0, true, false},
    {"cpu-shares", 'c', true, false},
    {"cpus", 0, true, false},
    {"cpuset-cpus", 0, true, false},
    {"cpuset-mems", 0, true, false},
    {"detach", 'd', false, false},
    {"detach-keys", 0, true, false},
    {"device", 0, true, false},
    {"device-cgroup-rule", 0, true, false},
    {"device-read-bps", 0, true, false},
    {"device-read-iops", 0, true, false},
    {"device-write-bps", 0, true, false},
    {"device-write-iops", 0, true, false},
    {"disable-content-trust", 0, false, false},
    {"dns", 0, true, false},
    {"dns-opt", 0, true, false},
    {"dns-option", 0, true, false},
    {"dns-search", 0, true, false},
    {"domainname", 0, true, false},
    {"entrypoint", 0, true, false},
    {"env", 'e', true, false},
    {"env-file", 0, true, false},
    {"expose", 0, true, false},
    {"gpus", 0, true, false},
    {"group-add", 0, true, false},
    {"health-cmd", 0, true, false},
    {"health-interval", 0, true, false},
    {"health-retries", 0, true, false},
    {"health-start-interval", 0, true, false},
    {"health-start-period", 0, true, false},
    {"health-timeout", 0, true, false},
    {"help", 0, false, false},
    {"hostname", 'h', true, false},
    {"init", 0, false, false},
    {"interactive", 'i', false, false},
    {"io-maxbandwidth", 0, true, false},
    {"io-maxiops", 0, true, false},
    {"ip", 0, true, false},
    {"ip6", 0, true, false},
    {"ipc", 0, true, false},
    {"isolation", 0, true, false},
    {"kernel-memory", 0, true, false},
    {"label", 'l', true, false},
    {"label-file", 0, true, false},
    {"link", 0, true, false},
    {"link-local-ip", 0, true, false},
    {"log-driver", 0, true, false},
    {"log-opt", 0, true, false},
    {"mac-address", 0, true, false},
    {"memory", 'm', true, false},
    {"memory-reservation", 0, true, false},
    {"memory-swap", 0, true, false},
    {"memory-swappiness", 0, true, false},
    {"mount", 0, true, false},
    {"name", 0, true, false},
    {"net", 0, true, false},
    {"net-alias", 0, true, false},
    {"network", 0, true, false},
    {"network-alias", 0, true, false},
    {"no-healthcheck", 0, false, false},
    {"oom-kill-disable", 0, false, false},
    {"oom-score-adj", 0, true, false},
    {"pid", 0, true, false},
    {"pids-limit", 0, true, false},
    {"platform", 0, true, false},
    {"privileged", 0, false, false},
    {"publish", 'p', true, false},
    {"publish-all", 'P', false, false},
    {"pull", 0, true, false},
    {"quiet", 'q', false, false},
    {"read-only", 0, false, false},
    {"restart", 0, true, false},
    {"rm", 0, false, false},
    {"runtime", 0, true, false},
    {"security-opt", 0, true, false},
    {"shm-size", 0, true, false},
    {"sig-proxy", 0, false, false},
    {"stop-signal", 0, true, false},
    {"stop-timeout", 0, true, false},
    {"storage-opt", 0, true, false},
    {"sysctl", 0, true, false},
    {"tmpfs", 0, true, false},
    {"tty", 't', false, false},
    {"ulimit", 0, true, false},
    {"use-api-socket", 0, false, false},
    {"user", 'u', true, false},
    {"userns", 0, true, false},
    {"uts", 0, true, false},
    {"volume", 'v', true, false},
    {"volume-driver", 0, true, false},
    {"volumes-from", 0, true, false},
    {"workdir", 'w', true, false},
    // Podman only
    {"arch", 0, true, true},
    {"authfile", 0, true, true},
    {"cert-dir", 0, true, true},
    {"cgroup-conf", 0, true, true},
    {"cgroups", 0, true, true},
    {"chrootdirs", 0, true, true},
    {"conmon-pidfile", 0, true, true},
    {"creds", 0, true, true},
    {"decryption-key", 0, true, true},
    {"env-host", 0, false, true},
    {"env-merge", 0, true, true},
    {"gidmap", 0, true, true},
    {"group-entry", 0, true, true},
    {"health-on-failure", 0, true, true},
    {"hostuser", 0, true, true},
    {"http-proxy", 0, false, true},
    {"image-volume", 0, true, true},
    {"init-path", 0, true, true},
    {"no-hosts", 0, false, true},
    {"os", 0, true, true},
    {"passwd", 0, false, true},
    {"passwd-entry", 0, true, true},
    {"personality", 0, true, true},
    {"pidfile", 0, true, true},
    {"pod", 0, true, true},
    {"pod-id-file", 0, true, true},
    {"preserve-fds", 0, true, true},
    {"rdt-class", 0, true, true},
    {"read-only-tmpfs", 0, false, true},
    {"replace", 0, false, true},
    {"requires", 0, true, true},
    {"retry", 0, true, true},
    {"retry-delay", 0, true, true},
    {"rootfs", 0, false, true},
    {"sdnotify", 0, true, true},
    {"seccomp-policy", 0, true, true},
    {"secret", 0, true, true},
    {"shm-size-systemd", 0, true, true},
    {"subgidname", 0, true, true},
    {"subuidname", 0, true, true},
    {"systemd", 0, true, true},
    {"timeout", 0, true, true},
    {"tls-verify", 0, false, true},
    {"tz", 0, true, true},
    {"uidmap", 0, true, true},
    {"umask", 0, true, true},
    {"unsetenv", 0, true, true},
    {"unsetenv-all", 0, false, true},
    {"variant", 0, true, true},
};

int editDistance(const QString &a, const QString &b)
{
    QVector<int> prev(b.size() + 1), cur(b.size() + 1);
    for (int j = 0; j <= b.size(); ++j)
        prev[j] = j;
    for (int i = 1; i <= a.size(); ++i) {
        cur[0] = i;
        for (int j = 1; j <= b.size(); ++j)
            cur[j] = std::min(
                {prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a.at(i - 1) == b.at(j - 1) ? 0 : 1)});
        std::swap(prev, cur);
    }
    return prev[b.size()];
}

bool isInt(const QString &s)
{
    static const QRegularExpression re(QStringLiteral("^[+-]?[0-9]+$"));
    return re.match(s).hasMatch();
}

std::optional<QString> checkUlimit(const QString &v)
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

// encoding/csv's reading of one record, as the CLI uses for --gpus; nullopt on a quote error.
std::optional<QStringList> csvFields(const QString &v)
{
    QStringList out;
    QString cur;
    int i = 0;
    const int n = int(v.size());
    while (true) {
        cur.clear();
        if (i < n && v.at(i) == QLatin1Char('"')) {
            ++i;
            while (true) {
                if (i >= n)
                    return std::nullopt;
                if (v.at(i) == QLatin1Char('"')) {
                    if (i + 1 < n && v.at(i + 1) == QLatin1Char('"')) {
                        cur += QLatin1Char('"');
                        i += 2;
                        continue;
                    }
                    ++i;
                    break;
                }
                cur += v.at(i++);
            }
            if (i < n && v.at(i) != QLatin1Char(','))
                return std::nullopt;
        } else {
            while (i < n && v.at(i) != QLatin1Char(',')) {
                if (v.at(i) == QLatin1Char('"'))
                    return std::nullopt;
                cur += v.at(i++);
            }
        }
        out.append(cur);
        if (i >= n)
            break;
        ++i; // the comma
    }
    return out;
}

std::optional<QString> checkGpus(const QString &v)
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

std::optional<QString> checkPublish(const QString &v)
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

bool isGoDuration(const QString &v)
{
    static const QRegularExpression re(
        QStringLiteral("^[+-]?(0|([0-9]*(\\.[0-9]*)?(ns|us|\u00b5s|ms|s|m|h))+)$"));
    return re.match(v).hasMatch() && v != QLatin1String(".");
}

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
    QString best;
    int bestD = 3;
    QString plain = longName;
    plain.replace(QLatin1Char('_'), QLatin1Char('-'));
    for (const RunFlag &f : kFlags) {
        if (f.podmanOnly && !podman)
            continue;
        const QString name = QLatin1String(f.name);
        int d = editDistance(plain, name);
        QString joined = name;
        if (plain == joined.remove(QLatin1Char('-')))
            d = 1; // shmsize for shm-size
        if (d < bestD) {
            bestD = d;
            best = name;
        }
    }
    return best;
}

std::optional<QString> checkRunFlagValue(const QString &name, const QString &v)
{
    const RunFlag *f = findRunFlag(name, true);
    if (f && !f->takesValue) {
        static const QStringList bools = {
            QStringLiteral("1"),     QStringLiteral("t"),     QStringLiteral("T"),
            QStringLiteral("TRUE"),  QStringLiteral("true"),  QStringLiteral("True"),
            QStringLiteral("0"),     QStringLiteral("f"),     QStringLiteral("F"),
            QStringLiteral("FALSE"), QStringLiteral("false"), QStringLiteral("False")};
        if (!bools.contains(v))
            return Tr::tr("invalid argument \"%1\" for --%2: write true or false").arg(v, name);
        return std::nullopt;
    }
    if (name == QLatin1String("shm-size") || name == QLatin1String("memory") ||
        name == QLatin1String("memory-reservation") || name == QLatin1String("kernel-memory") ||
        (name == QLatin1String("memory-swap") && v != QLatin1String("-1"))) {
        QString why;
        if (!parseDockerSize(v, &why))
            return why;
        return std::nullopt;
    }
    if (name == QLatin1String("cpus")) {
        static const QRegularExpression re(QStringLiteral(
            "^[+-]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][+-]?[0-9]+)?$|^[+-]?[0-9]+/[0-9]+$"));
        if (!re.match(v).hasMatch())
            return Tr::tr("'%1' is not a number of CPUs, such as 1.5").arg(v);
        return std::nullopt;
    }
    static const QStringList ints = {
        QStringLiteral("cpu-shares"),     QStringLiteral("cpu-period"),
        QStringLiteral("cpu-quota"),      QStringLiteral("cpu-rt-period"),
        QStringLiteral("cpu-rt-runtime"), QStringLiteral("cpu-count"),
        QStringLiteral("cpu-percent"),    QStringLiteral("pids-limit"),
        QStringLiteral("oom-score-adj"),  QStringLiteral("memory-swappiness"),
        QStringLiteral("health-retries"), QStringLiteral("stop-timeout"),
        QStringLiteral("blkio-weight")};
    if (ints.contains(name)) {
        if (!isInt(v))
            return Tr::tr("--%1 takes a whole number, not '%2'").arg(name, v);
        return std::nullopt;
    }
    if (name.startsWith(QLatin1String("health-")) && name != QLatin1String("health-cmd")) {
        if (!isGoDuration(v))
            return Tr::tr("--%1 takes a duration such as 30s or 1m30s, not '%2'").arg(name, v);
        return std::nullopt;
    }
    if (name == QLatin1String("ulimit"))
        return checkUlimit(v);
    if (name == QLatin1String("gpus"))
        return checkGpus(v);
    if (name == QLatin1String("publish"))
        return checkPublish(v);
    if (name == QLatin1String("expose")) {
        QString p = v.section(QLatin1Char('/'), 0, 0);
        if (!validPort(p, false))
            return Tr::tr("invalid range format for --expose: %1").arg(v);
        return std::nullopt;
    }
    if (name == QLatin1String("pid")) {
        if (v.isEmpty() || v == QLatin1String("host") ||
            (v.startsWith(QLatin1String("container:")) && v.size() > 10))
            return std::nullopt;
        return Tr::tr("--pid: invalid PID mode '%1'; use host or container:NAME").arg(v);
    }
    if (name == QLatin1String("uts") || name == QLatin1String("userns")) {
        if (v.isEmpty() || v == QLatin1String("host"))
            return std::nullopt;
        return Tr::tr("--%1: invalid mode '%2'; the only mode is host").arg(name, v);
    }
    if (name == QLatin1String("cgroupns")) {
        if (v.isEmpty() || v == QLatin1String("host") || v == QLatin1String("private"))
            return std::nullopt;
        return Tr::tr("--cgroupns: invalid mode '%1'; use host or private").arg(v);
    }
    if (name == QLatin1String("attach")) {
        const QString l = v.toLower();
        if (l == QLatin1String("stdin") || l == QLatin1String("stdout") ||
            l == QLatin1String("stderr"))
            return std::nullopt;
        return Tr::tr("valid streams are STDIN, STDOUT and STDERR, not '%1'").arg(v);
    }
    if (name == QLatin1String("sysctl")) {
        // opts.ValidateSysctl: only namespaced keys may be set per container.
        const QString key = v.section(QLatin1Char('='), 0, 0);
        if (!v.contains(QLatin1Char('=')))
            return Tr::tr("--sysctl takes KEY=VALUE, not '%1'").arg(v);
        static const QStringList ipc = {
            QStringLiteral("kernel.msgmax"), QStringLiteral("kernel.msgmnb"),
            QStringLiteral("kernel.msgmni"), QStringLiteral("kernel.sem"),
            QStringLiteral("kernel.shmall"), QStringLiteral("kernel.shmmax"),
            QStringLiteral("kernel.shmmni"), QStringLiteral("kernel.shm_rmid_forced")};
        if (ipc.contains(key) || key.startsWith(QLatin1String("fs.mqueue.")) ||
            key.startsWith(QLatin1String("net.")))
            return std::nullopt;
        return Tr::tr("sysctl '%1' is not allowed: a container may only set namespaced keys "
                      "(kernel.shm*, kernel.msg*, kernel.sem, fs.mqueue.*, net.*)")
            .arg(key);
    }
    return std::nullopt;
}

std::optional<QString> checkImageReference(const QString &ref)
{
    if (ref.isEmpty())
        return Tr::tr("the image name is empty");
    QString name = ref;
    const qsizetype at = name.indexOf(QLatin1Char('@'));
    if (at >= 0) {
        static const QRegularExpression digest(
            QStringLiteral("^[a-z0-9]+(?:[.+_-][a-z0-9]+)*:[a-zA-Z0-9=_-]{32,}$"));
        if (!digest.match(name.mid(at + 1)).hasMatch())
            return Tr::tr("invalid reference format: the digest after @ must be like "
                          "sha256:<64 hex digits>");
        name.truncate(at);
    }
    // Split off the registry host: the first component, when it has a dot, a port or
    // capitals, or is localhost.
    QString domain, remainder = name;
    const qsizetype slash = name.indexOf(QLatin1Char('/'));
    if (slash >= 0) {
        const QString first = name.left(slash);
        if (first.contains(QLatin1Char('.')) || first.contains(QLatin1Char(':')) ||
            first == QLatin1String("localhost") || first != first.toLower()) {
            domain = first;
            remainder = name.mid(slash + 1);
        }
    }
    QString tag;
    const qsizetype colon = remainder.lastIndexOf(QLatin1Char(':'));
    if (colon >= 0) {
        tag = remainder.mid(colon + 1);
        remainder.truncate(colon);
        static const QRegularExpression tagRe(QStringLiteral("^[\\w][\\w.-]{0,127}$"));
        if (!tagRe.match(tag).hasMatch())
            return Tr::tr("invalid reference format: tag '%1' (a tag is letters, digits, _, . "
                          "and -, up to 128)")
                .arg(tag);
    }
    if (!domain.isEmpty()) {
        static const QRegularExpression domainRe(
            QStringLiteral("^(?:(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])"
                           "(?:\\.(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9]))*"
                           "|\\[[0-9a-fA-F:.]+\\])(?::[0-9]+)?$"));
        if (!domainRe.match(domain).hasMatch())
            return Tr::tr("invalid reference format: registry '%1'").arg(domain);
    }
    if (remainder != remainder.toLower())
        return Tr::tr("invalid reference format: repository name (%1) must be lowercase")
            .arg(remainder);
    static const QRegularExpression pathRe(
        QStringLiteral("^[a-z0-9]+(?:(?:[._]|__|[-]+)[a-z0-9]+)*"
                       "(?:/[a-z0-9]+(?:(?:[._]|__|[-]+)[a-z0-9]+)*)*$"));
    if (!pathRe.match(remainder).hasMatch())
        return Tr::tr("invalid reference format: '%1' (names are lowercase letters, digits and "
                      "single separators . _ -, parts joined by /)")
            .arg(ref);
    if (domain.size() + 1 + remainder.size() > 255)
        return Tr::tr("invalid reference format: the repository name is longer than 255 "
                      "characters");
    return std::nullopt;
}

} // namespace shmwise::validators
