// SPDX-License-Identifier: GPL-3.0-or-later
#include "validators/dockerdaemon_p.h"

#include "validators/validate_common_p.h"

#include <QRegularExpression>
#include <QStringList>

namespace shmwise::validators {

namespace {

// The docker CLI stopped checking --ipc in 2017; dockerd refuses the container (IpcMode.Valid()
// in moby's hostconfig): 26.1 at create, 20.10 when the container starts.
std::optional<QString> checkIpc(const QString &v)
{
    static const QStringList modes = {QStringLiteral("none"), QStringLiteral("private"),
                                      QStringLiteral("shareable"), QStringLiteral("host")};
    // Podman also takes ns:PATH; the same flags table reads both tools' command lines.
    if (v.isEmpty() || modes.contains(v) ||
        (v.startsWith(QLatin1String("container:")) && v.size() > 10) ||
        (v.startsWith(QLatin1String("ns:")) && v.size() > 3))
        return std::nullopt;
    return Tr::tr("'%1' is not an IPC mode: the docker CLI and Compose pass it, and dockerd "
                  "refuses the container (\"invalid IPC mode\": 26.1 at create, 20.10 when it "
                  "starts); use private, shareable, host, none or container:NAME")
        .arg(v);
}

std::optional<qlonglong> integer(const QString &v)
{
    static const QRegularExpression re(QStringLiteral("^[+-]?[0-9]+$"));
    bool ok = false;
    const qlonglong n = v.toLongLong(&ok);
    if (!re.match(v).hasMatch() || !ok)
        return std::nullopt;
    return n;
}

// dockerd's range check ("range for oom score adj is [-1000, 1000]").
std::optional<QString> checkOomScoreAdj(const QString &v)
{
    const std::optional<qlonglong> n = integer(v);
    if (n && *n >= -1000 && *n <= 1000)
        return std::nullopt;
    return Tr::tr("%1 is outside -1000..1000: the docker CLI passes it and dockerd refuses "
                  "the container at create (\"range for oom score adj is [-1000, 1000]\")")
        .arg(v);
}

// moby's signal.ParseSignal: a number other than 0, or a name of its Linux signal map, any
// case, with or without SIG.
std::optional<QString> checkStopSignal(const QString &v)
{
    if (const std::optional<qlonglong> n = integer(v)) {
        if (*n != 0)
            return std::nullopt;
    } else {
        QString s = v.toUpper();
        if (s.startsWith(QLatin1String("SIG")))
            s = s.mid(3);
        static const QStringList names = {
            QStringLiteral("ABRT"),   QStringLiteral("ALRM"),   QStringLiteral("BUS"),
            QStringLiteral("CHLD"),   QStringLiteral("CLD"),    QStringLiteral("CONT"),
            QStringLiteral("FPE"),    QStringLiteral("HUP"),    QStringLiteral("ILL"),
            QStringLiteral("INT"),    QStringLiteral("IO"),     QStringLiteral("IOT"),
            QStringLiteral("KILL"),   QStringLiteral("PIPE"),   QStringLiteral("POLL"),
            QStringLiteral("PROF"),   QStringLiteral("PWR"),    QStringLiteral("QUIT"),
            QStringLiteral("SEGV"),   QStringLiteral("STKFLT"), QStringLiteral("STOP"),
            QStringLiteral("SYS"),    QStringLiteral("TERM"),   QStringLiteral("TRAP"),
            QStringLiteral("TSTP"),   QStringLiteral("TTIN"),   QStringLiteral("TTOU"),
            QStringLiteral("URG"),    QStringLiteral("USR1"),   QStringLiteral("USR2"),
            QStringLiteral("VTALRM"), QStringLiteral("WINCH"),  QStringLiteral("XCPU"),
            QStringLiteral("XFSZ"),   QStringLiteral("RTMIN"),  QStringLiteral("RTMAX")};
        static const QRegularExpression rt(
            QStringLiteral("^RTM(IN\\+([1-9]|1[0-5])|AX-([1-9]|1[0-4]))$"));
        if (names.contains(s) || rt.match(s).hasMatch())
            return std::nullopt;
    }
    return Tr::tr("'%1' is not a signal: the docker CLI passes it and dockerd refuses the "
                  "container at create (\"Invalid signal\"); use a name such as SIGTERM or "
                  "SIGINT")
        .arg(v);
}

// Linux capabilities 0..37, which every supported daemon knows; PERFMON, BPF and
// CHECKPOINT_RESTORE (38..40, Linux 5.8 and 5.9) are newer.
const QStringList &oldCapabilities()
{
    static const QStringList caps = {QStringLiteral("CHOWN"),
                                     QStringLiteral("DAC_OVERRIDE"),
                                     QStringLiteral("DAC_READ_SEARCH"),
                                     QStringLiteral("FOWNER"),
                                     QStringLiteral("FSETID"),
                                     QStringLiteral("KILL"),
                                     QStringLiteral("SETGID"),
                                     QStringLiteral("SETUID"),
                                     QStringLiteral("SETPCAP"),
                                     QStringLiteral("LINUX_IMMUTABLE"),
                                     QStringLiteral("NET_BIND_SERVICE"),
                                     QStringLiteral("NET_BROADCAST"),
                                     QStringLiteral("NET_ADMIN"),
                                     QStringLiteral("NET_RAW"),
                                     QStringLiteral("IPC_LOCK"),
                                     QStringLiteral("IPC_OWNER"),
                                     QStringLiteral("SYS_MODULE"),
                                     QStringLiteral("SYS_RAWIO"),
                                     QStringLiteral("SYS_CHROOT"),
                                     QStringLiteral("SYS_PTRACE"),
                                     QStringLiteral("SYS_PACCT"),
                                     QStringLiteral("SYS_ADMIN"),
                                     QStringLiteral("SYS_BOOT"),
                                     QStringLiteral("SYS_NICE"),
                                     QStringLiteral("SYS_RESOURCE"),
                                     QStringLiteral("SYS_TIME"),
                                     QStringLiteral("SYS_TTY_CONFIG"),
                                     QStringLiteral("MKNOD"),
                                     QStringLiteral("LEASE"),
                                     QStringLiteral("AUDIT_WRITE"),
                                     QStringLiteral("AUDIT_CONTROL"),
                                     QStringLiteral("SETFCAP"),
                                     QStringLiteral("MAC_OVERRIDE"),
                                     QStringLiteral("MAC_ADMIN"),
                                     QStringLiteral("SYSLOG"),
                                     QStringLiteral("WAKE_ALARM"),
                                     QStringLiteral("BLOCK_SUSPEND"),
                                     QStringLiteral("AUDIT_READ")};
    return caps;
}

const QStringList &newCapabilities()
{
    static const QStringList caps = {QStringLiteral("PERFMON"), QStringLiteral("BPF"),
                                     QStringLiteral("CHECKPOINT_RESTORE")};
    return caps;
}

// The name as moby normalises it: upper case, CAP_ in front; ALL stays ALL.
QString capabilityName(const QString &v)
{
    const QString s = v.toUpper();
    return s.startsWith(QLatin1String("CAP_")) ? s.mid(4) : s;
}

std::optional<QString> checkCapability(const QString &name, const QString &v)
{
    if (v.compare(QLatin1String("ALL"), Qt::CaseInsensitive) == 0)
        return std::nullopt;
    const QString cap = capabilityName(v);
    if (cap != QLatin1String("ALL") &&
        (oldCapabilities().contains(cap) || newCapabilities().contains(cap)))
        return std::nullopt;
    return Tr::tr("'%1' is not a capability: the docker CLI passes it and dockerd refuses the "
                  "container at create (\"invalid %2: unknown capability\"); use a name such as "
                  "SYS_NICE or IPC_LOCK, or ALL")
        .arg(v, name == QLatin1String("cap-drop") ? QStringLiteral("CapDrop")
                                                  : QStringLiteral("CapAdd"));
}

std::optional<QString> checkMinimumMemory(const QString &name, const QString &v)
{
    QString why;
    const std::optional<quint64> bytes = parseDockerSize(v, &why);
    if (!bytes || *bytes == 0 || *bytes >= kDockerdMinMemory)
        return std::nullopt;
    const QString quote = name == QLatin1String("memory")
                              ? QStringLiteral("Minimum memory limit allowed is 6MB")
                              : QStringLiteral("Minimum memory reservation allowed is 6MB");
    return Tr::tr("%1 is below 6 MiB, the least --%2 dockerd takes: it refuses the container "
                  "at create (\"%3\")")
        .arg(v, name, quote);
}

// The CFS period and quota in microseconds (0: not set).
std::optional<QString> checkCpuPeriod(const QString &v)
{
    const std::optional<qlonglong> n = integer(v);
    if (!n || *n == 0 || (*n >= 1000 && *n <= 1000000))
        return std::nullopt;
    return Tr::tr("%1 µs is outside 1000..1000000: dockerd refuses the container at create "
                  "(\"CPU cfs period can not be less than 1ms (i.e. 1000) or larger than 1s\")")
        .arg(v);
}

std::optional<QString> checkCpuQuota(const QString &v)
{
    const std::optional<qlonglong> n = integer(v);
    if (!n || *n <= 0 || *n >= 1000)
        return std::nullopt;
    return Tr::tr("%1 µs is below 1000: dockerd refuses the container at create (\"CPU cfs "
                  "quota can not be less than 1ms\"); -1 or 0 leaves the quota unset")
        .arg(v);
}

} // namespace

std::optional<QString> checkCreateValue(const QString &name, const QString &v)
{
    if (name == QLatin1String("ipc"))
        return checkIpc(v);
    if (name == QLatin1String("oom-score-adj") && integer(v))
        return checkOomScoreAdj(v);
    if (name == QLatin1String("stop-signal"))
        return checkStopSignal(v);
    if (name == QLatin1String("cap-add") || name == QLatin1String("cap-drop"))
        return checkCapability(name, v);
    if (name == QLatin1String("memory") || name == QLatin1String("memory-reservation"))
        return checkMinimumMemory(name, v);
    if (name == QLatin1String("cpu-period"))
        return checkCpuPeriod(v);
    if (name == QLatin1String("cpu-quota"))
        return checkCpuQuota(v);
    return std::nullopt;
}

std::optional<QString> createValueCaveat(const QString &name, const QString &v)
{
    QString why;
    if (name == QLatin1String("kernel-memory")) {
        const std::optional<quint64> bytes = parseDockerSize(v, &why);
        if (bytes && *bytes && *bytes < kDockerdMinMemory)
            return Tr::tr("%1 is below 6 MiB: dockerd 20.10 (Debian 12's docker.io) refuses the "
                          "container at create (\"Minimum kernel memory limit allowed is 6MB\"), "
                          "and 26.1 ignores --kernel-memory, which is deprecated; drop it")
                .arg(v);
    }
    if ((name == QLatin1String("cap-add") || name == QLatin1String("cap-drop")) &&
        newCapabilities().contains(capabilityName(v)))
        return Tr::tr("dockerd 20.10 (Debian 12's docker.io) does not know %1 and refuses the "
                      "container at create (\"unknown capability\"); 26.1 takes it where the "
                      "kernel has it (Linux 5.8, CHECKPOINT_RESTORE 5.9)")
            .arg(v);
    return std::nullopt;
}

QString sysctlNamespace(const QString &key)
{
    static const QStringList ipc = {
        QStringLiteral("kernel.msgmax"), QStringLiteral("kernel.msgmnb"),
        QStringLiteral("kernel.msgmni"), QStringLiteral("kernel.sem"),
        QStringLiteral("kernel.shmall"), QStringLiteral("kernel.shmmax"),
        QStringLiteral("kernel.shmmni"), QStringLiteral("kernel.shm_rmid_forced")};
    if (ipc.contains(key) || key.startsWith(QLatin1String("fs.mqueue.")))
        return QStringLiteral("ipc");
    if (key.startsWith(QLatin1String("net.")))
        return QStringLiteral("network");
    return {};
}

} // namespace shmwise::validators
