// SPDX-License-Identifier: GPL-3.0-or-later
#include "probes/probefacts.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>
#include <vector>

namespace shmwise {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::Probe)
};

// Reports are small (a few KiB); these bounds keep a hostile or broken one from using more
// than a little memory.
constexpr int MaxProblems = 50;
constexpr int MaxExtra = 500;
constexpr int MaxValueChars = 4096;
constexpr int MaxKernelMessages = 64;

// The cgroup v1 "no limit" is PAGE_COUNTER_MAX pages (about 2^63); anything from 2^60 up is no
// limit in practice.
constexpr quint64 UnlimitedFloor = 1ULL << 60;

bool isUnknown(const QString &v)
{
    return v.isEmpty() || v == QLatin1String("unknown");
}

std::optional<quint64> toUInt(const QString &v)
{
    if (isUnknown(v))
        return std::nullopt;
    bool ok = false;
    const quint64 n = v.toULongLong(&ok);
    if (!ok)
        return std::nullopt;
    return n;
}

std::optional<Bytes> kbToBytes(const QString &v)
{
    const std::optional<quint64> kb = toUInt(v);
    if (!kb)
        return std::nullopt;
    Bytes out = 0;
    if (mulOverflows(*kb, KiB, &out))
        return std::numeric_limits<Bytes>::max();
    return out;
}

std::optional<bool> toBool(const QString &v)
{
    if (v == QLatin1String("1"))
        return true;
    if (v == QLatin1String("0"))
        return false;
    return std::nullopt;
}

bool validKey(const QByteArray &key)
{
    if (key.isEmpty() || key.size() > 128)
        return false;
    for (const char c : key) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                        (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
        if (!ok)
            return false;
    }
    return true;
}

QJsonValue jsonNum(const std::optional<quint64> &v)
{
    return v ? QJsonValue(double(*v)) : QJsonValue();
}

QJsonValue jsonStr(const QString &v)
{
    return isUnknown(v) ? QJsonValue() : QJsonValue(v);
}

QJsonValue jsonBool(const std::optional<bool> &v)
{
    return v ? QJsonValue(*v) : QJsonValue();
}

QJsonValue jsonLimit(const std::optional<quint64> &v)
{
    if (!v)
        return QJsonValue();
    if (*v == std::numeric_limits<quint64>::max())
        return QStringLiteral("unlimited");
    return double(*v);
}

} // namespace

std::optional<Bytes> parseDockerSizeSetting(const QString &text)
{
    // The same grammar as the validators' Docker sizes; the value is truncated like Go's
    // int64(float) and saturates instead of overflowing.
    static const QRegularExpression re(
        QStringLiteral("^([0-9]+(?:\\.[0-9]+)?) ?(?:(b)|([kmgtp])(b|ib)?)?$"),
        QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch m = re.match(text);
    if (!m.hasMatch())
        return std::nullopt;
    int shift = 0;
    if (m.hasCaptured(3))
        shift = 10 * (1 + int(QStringLiteral("kmgtp").indexOf(m.captured(3).toLower())));
    bool ok = false;
    const double v = std::ldexp(m.captured(1).toDouble(&ok), shift);
    if (!ok || !std::isfinite(v) || v >= 18446744073709551615.0)
        return std::numeric_limits<Bytes>::max();
    return Bytes(v);
}

std::optional<quint64> countCpuList(const QString &list)
{
    const QString s = list.trimmed();
    if (s.isEmpty() || s.size() > 8192)
        return std::nullopt;
    std::vector<std::pair<quint64, quint64>> ranges;
    const QStringList parts = s.split(QLatin1Char(','));
    for (const QString &part : parts) {
        const int dash = part.indexOf(QLatin1Char('-'));
        bool ok1 = false, ok2 = true;
        const quint64 a = part.left(dash < 0 ? part.size() : dash).toULongLong(&ok1);
        const quint64 b = dash < 0 ? a : part.mid(dash + 1).toULongLong(&ok2);
        if (!ok1 || !ok2 || b < a || b - a > 1000000)
            return std::nullopt;
        ranges.emplace_back(a, b);
    }
    // A CPU named twice ("0-3,2-5", "1,1") is one CPU: count the union of the ranges.
    std::sort(ranges.begin(), ranges.end());
    quint64 count = 0;
    quint64 from = ranges.front().first, to = ranges.front().second;
    for (const auto &[a, b] : ranges) {
        if (a <= to) {
            to = std::max(to, b);
        } else {
            count += to - from + 1;
            from = a;
            to = b;
        }
    }
    return count + (to - from + 1);
}

std::optional<quint64> HostFacts::usableCpus() const
{
    std::optional<quint64> n = cpusAllowed ? cpusAllowed : cpusOnline;
    // A quota beyond any machine's CPU count (such as 2^64-1 microseconds) is no limit; it
    // must not wrap around into "0 usable CPUs".
    if (cpuQuota && std::isfinite(*cpuQuota) && *cpuQuota > 0 && *cpuQuota <= MaxQuotaCpus) {
        const quint64 q = quint64(std::ceil(*cpuQuota));
        if (!n || q < *n)
            n = q;
    }
    return n;
}

HostFacts parseProbeReport(const QByteArray &report)
{
    HostFacts f;
    QMap<QString, QString> kv;
    bool sawEnd = false;
    auto problem = [&f](int line, const QString &text) {
        if (f.problems.size() < MaxProblems)
            f.problems << Tr::tr("line %1: %2").arg(line).arg(text);
        else if (f.problems.size() == MaxProblems)
            f.problems << Tr::tr("more problems not shown");
    };
    // Lines are views into the report, not copies: a scan can send tens of thousands.
    const char *const data = report.constData();
    qsizetype pos = 0;
    int lineNo = 0;
    while (pos < report.size()) {
        qsizetype end = report.indexOf('\n', pos);
        if (end < 0)
            end = report.size();
        qsizetype length = end - pos;
        if (length > 0 && data[pos + length - 1] == '\r')
            --length;
        const QByteArray line = QByteArray::fromRawData(data + pos, length);
        pos = end + 1;
        ++lineNo;
        if (line.isEmpty())
            continue;
        if (line.startsWith("shmwise-probe ")) {
            bool ok = false;
            const int v = line.mid(14).trimmed().toInt(&ok);
            if (!ok || v <= 0)
                problem(lineNo, Tr::tr("unreadable report header"));
            else
                f.reportVersion = v;
            continue;
        }
        if (line == "shmwise-probe-end") {
            sawEnd = true;
            continue;
        }
        const qsizetype eq = line.indexOf('=');
        const QByteArray rawKey = QByteArray::fromRawData(line.constData(), eq < 0 ? 0 : eq);
        if (eq <= 0 || !validKey(rawKey)) {
            // Login banners and shell noise end up here; they are reported, not fatal.
            problem(lineNo,
                    Tr::tr("not a key=value line: %1").arg(QString::fromUtf8(line.left(80))));
            continue;
        }
        // The lists of the /dev/shm scan: thousands of lines of one key, read as they come.
        if (isShmScanListKey(rawKey)) {
            readShmScanLine(
                rawKey, QByteArray::fromRawData(line.constData() + eq + 1, line.size() - eq - 1),
                &f.shmScan);
            continue;
        }
        const QString key = QString::fromLatin1(line.left(eq));
        QString value = QString::fromUtf8(line.mid(eq + 1).left(MaxValueChars));
        // Control characters would reach terminals and JSON consumers; they carry no meaning
        // in any fact.
        for (QChar &c : value) {
            if (c.unicode() < 0x20 || (c.unicode() >= 0x7f && c.unicode() <= 0x9f))
                c = QLatin1Char(' ');
        }
        if (!kv.contains(key) && kv.size() >= MaxExtra + 200)
            continue;
        kv.insert(key, value);
    }
    if (f.reportVersion == 0 && !report.isEmpty())
        f.problems.prepend(Tr::tr("no probe report header (\"shmwise-probe 1\")"));
    else if (f.reportVersion > ProbeReportVersion)
        f.problems << Tr::tr("report version %1 is newer than this ShmWise reads (%2); known facts "
                             "are used")
                          .arg(f.reportVersion)
                          .arg(ProbeReportVersion);
    f.complete = sawEnd;
    if (f.reportVersion > 0 && !sawEnd)
        f.problems << Tr::tr("the report was cut off (no end marker)");

    auto take = [&kv](const char *key) -> QString {
        return kv.take(QLatin1String(key));
    };
    f.shmSizeBytes = kbToBytes(take("shm.size_kb"));
    f.shmUsedBytes = kbToBytes(take("shm.used_kb"));
    f.shmFreeBytes = kbToBytes(take("shm.free_kb"));
    f.shmMounted = toBool(take("shm.mounted"));
    f.shmFsType = take("shm.fstype");
    f.shmOptions = take("shm.options");
    f.shmTorchFiles = toUInt(take("shm.torch_files"));
    f.memTotalBytes = kbToBytes(take("memory.total_kb"));
    f.memAvailableBytes = kbToBytes(take("memory.available_kb"));
    f.shmemBytes = kbToBytes(take("memory.shmem_kb"));
    f.swapTotalBytes = kbToBytes(take("swap.total_kb"));
    f.swapFreeBytes = kbToBytes(take("swap.free_kb"));

    const QString cg = take("cgroup.version");
    f.cgroupVersion = cg == QLatin1String("1") ? 1 : cg == QLatin1String("2") ? 2 : 0;
    f.cgroupPath = take("cgroup.path");
    const QString limit = take("cgroup.memory_limit_bytes");
    if (limit == QLatin1String("max")) {
        f.memoryLimitKnown = true;
    } else if (const std::optional<quint64> l = toUInt(limit)) {
        f.memoryLimitKnown = true;
        if (*l < UnlimitedFloor)
            f.memoryLimitBytes = *l;
    } else if (f.cgroupVersion == 0 && !isUnknown(cg)) {
        f.memoryLimitKnown = false;
    }
    f.memoryUsageBytes = toUInt(take("cgroup.memory_usage_bytes"));
    f.cgroupShmemBytes = toUInt(take("cgroup.memory_stat_shmem_bytes"));
    f.cgroupAnonBytes = toUInt(take("cgroup.memory_stat_anon_bytes"));
    f.cgroupFileBytes = toUInt(take("cgroup.memory_stat_file_bytes"));
    {
        const QString q = take("shm.quota");
        if (q == QLatin1String("none") || q == QLatin1String("user"))
            f.shmQuota = q;
        // "USED SOFT HARD" in KiB.
        const QStringList u = take("shm.quota_user_kb").split(QLatin1Char(' '));
        if (u.size() == 3) {
            const std::optional<Bytes> used = kbToBytes(u.at(0));
            const std::optional<Bytes> soft = kbToBytes(u.at(1));
            const std::optional<Bytes> hard = kbToBytes(u.at(2));
            if (used && soft && hard) {
                f.shmQuotaUsedBytes = used;
                f.shmQuotaSoftBytes = soft;
                f.shmQuotaHardBytes = hard;
            }
        }
    }
    readShmScanScalars(&kv, &f.shmScan);
    {
        const QString quota = take("cgroup.cpu_quota_us");
        const std::optional<quint64> period = toUInt(take("cgroup.cpu_period_us"));
        const std::optional<quint64> q = toUInt(quota); // "-1" and "max" are no quota
        // A quota of more CPUs than any machine has (2^64-1 us, say) limits nothing.
        if (q && period && *period > 0 && double(*q) / double(*period) <= MaxQuotaCpus)
            f.cpuQuota = double(*q) / double(*period);
    }
    f.cpusOnline = countCpuList(take("cpu.online"));
    f.cpusAllowed = countCpuList(take("cpu.allowed_list"));

    auto orUnknown = [](const QString &v) {
        return v.isEmpty() ? QStringLiteral("unknown") : v;
    };
    f.containerRuntime = orUnknown(take("container.runtime"));
    f.containerEvidence = take("container.evidence");
    f.orchestrator = orUnknown(take("container.orchestrator"));
    f.orchestratorEvidence = take("container.orchestrator_evidence");
    f.wsl = toBool(take("host.wsl"));
    f.kataHostVirtioFs = toBool(take("kata.host_virtiofs"));
    {
        const QString sb = take("container.sandbox");
        if (sb == QLatin1String("none") || sb == QLatin1String("gvisor") ||
            sb == QLatin1String("kata"))
            f.sandbox = sb;
    }
    const QString removeIpc = take("logind.remove_ipc");
    if (removeIpc == QLatin1String("yes") || removeIpc == QLatin1String("no"))
        f.logindRemoveIpc = removeIpc == QLatin1String("yes");
    f.uid = toUInt(take("user.uid"));
    f.userName = take("user.name");
    f.linger = toBool(take("user.linger"));
    {
        // dockerd reads default-shm-size as a JSON string with a Docker size; it refuses to start
        // on anything else, so such a value is reported rather than guessed at.
        const QString ds = take("docker.default_shm_size");
        if (ds == QLatin1String("unset")) {
            f.dockerDaemonShm = QStringLiteral("unset");
        } else if (ds == QLatin1String("unknown")) {
            f.dockerDaemonShm = QStringLiteral("unreadable");
        } else if (!ds.isEmpty()) {
            f.dockerDaemonShmSetting = ds;
            const bool quoted =
                ds.size() >= 2 && ds.startsWith(QLatin1Char('"')) && ds.endsWith(QLatin1Char('"'));
            const std::optional<Bytes> b =
                quoted ? parseDockerSizeSetting(ds.mid(1, ds.size() - 2)) : std::nullopt;
            if (b && *b > 0) {
                f.dockerDaemonShm = QStringLiteral("set");
                f.dockerDefaultShmBytes = *b;
            } else {
                f.dockerDaemonShm = QStringLiteral("invalid");
                f.problems << Tr::tr("/etc/docker/daemon.json sets default-shm-size to %1, which "
                                     "is not a quoted Docker size such as \"2g\"; the Docker "
                                     "daemon refuses to start with it")
                                  .arg(ds.left(80));
            }
        }
    }

    f.gpuCount = toUInt(take("gpu.count"));
    f.gpuSource = take("gpu.source");
    if (f.gpuCount) {
        const quint64 n = std::min<quint64>(*f.gpuCount, 256);
        for (quint64 i = 0; i < n; ++i) {
            GpuInfo g;
            const QString prefix = QStringLiteral("gpu.%1.").arg(i);
            g.name = take((prefix + QStringLiteral("name")).toLatin1().constData());
            const std::optional<quint64> mib =
                toUInt(take((prefix + QStringLiteral("memory_mib")).toLatin1().constData()));
            if (mib)
                g.memoryBytes = satMul(*mib, MiB);
            f.gpus << g;
        }
    }

    auto nofile = [](const QString &v) -> std::optional<quint64> {
        if (v == QLatin1String("unlimited"))
            return std::numeric_limits<quint64>::max();
        return toUInt(v);
    };
    f.nofileSoft = nofile(take("ulimit.nofile_soft"));
    f.nofileHard = nofile(take("ulimit.nofile_hard"));
    f.shmmax = toUInt(take("sysctl.shmmax"));
    f.shmall = toUInt(take("sysctl.shmall"));
    f.shmmni = toUInt(take("sysctl.shmmni"));
    f.sysvSegments = toUInt(take("sysv.shm_segments"));
    auto known = [](const QString &v) {
        return isUnknown(v) ? QString() : v;
    };
    f.osName = known(take("os.name"));
    f.kernel = known(take("os.kernel"));
    f.torchVersion = known(take("torch.version"));
    {
        static const QRegularExpression pyVersion(QStringLiteral("^3\\.[0-9]{1,2}$"));
        const QString v = take("python.version");
        f.pythonVersion = pyVersion.match(v).hasMatch() ? v : QString();
    }
    const QString km = take("kernel.messages");
    if (km == QLatin1String("readable"))
        f.kernelMessagesReadable = true;
    else if (km == QLatin1String("unreadable"))
        f.kernelMessagesReadable = false;
    for (int i = 0; i < MaxKernelMessages; ++i) {
        const QString key = QStringLiteral("kernel.message.%1").arg(i);
        if (!kv.contains(key))
            break;
        f.kernelMessages << kv.take(key);
    }
    // What is left is unknown to this version; keep it for the user and later versions.
    for (auto it = kv.cbegin(); it != kv.cend() && f.extra.size() < MaxExtra; ++it)
        f.extra.insert(it.key(), it.value());
    return f;
}

QByteArray probeScript()
{
    static const QByteArray script = [] {
        QFile f(QStringLiteral(":/probe/probe.sh"));
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }();
    return script;
}

QJsonObject hostFactsToJson(const HostFacts &f)
{
    QJsonObject shm{
        {QStringLiteral("size_bytes"), jsonNum(f.shmSizeBytes)},
        {QStringLiteral("used_bytes"), jsonNum(f.shmUsedBytes)},
        {QStringLiteral("free_bytes"), jsonNum(f.shmFreeBytes)},
        {QStringLiteral("mounted"), jsonBool(f.shmMounted)},
        {QStringLiteral("fstype"), jsonStr(f.shmFsType)},
        {QStringLiteral("options"), jsonStr(f.shmOptions)},
        {QStringLiteral("torch_files"), jsonNum(f.shmTorchFiles)},
        {QStringLiteral("quota"),
         QJsonObject{{QStringLiteral("mode"), jsonStr(f.shmQuota)},
                     {QStringLiteral("user_used_bytes"), jsonNum(f.shmQuotaUsedBytes)},
                     {QStringLiteral("user_soft_bytes"), jsonNum(f.shmQuotaSoftBytes)},
                     {QStringLiteral("user_hard_bytes"), jsonNum(f.shmQuotaHardBytes)}}},
    };
    QJsonObject memory{
        {QStringLiteral("total_bytes"), jsonNum(f.memTotalBytes)},
        {QStringLiteral("available_bytes"), jsonNum(f.memAvailableBytes)},
        {QStringLiteral("shmem_bytes"), jsonNum(f.shmemBytes)},
        {QStringLiteral("swap_total_bytes"), jsonNum(f.swapTotalBytes)},
        {QStringLiteral("swap_free_bytes"), jsonNum(f.swapFreeBytes)},
        {QStringLiteral("limit_bytes"), jsonNum(f.memoryLimitBytes)},
        {QStringLiteral("limit_known"), f.memoryLimitKnown},
        {QStringLiteral("cgroup_usage_bytes"), jsonNum(f.memoryUsageBytes)},
        {QStringLiteral("cgroup_shmem_bytes"), jsonNum(f.cgroupShmemBytes)},
        {QStringLiteral("cgroup_anon_bytes"), jsonNum(f.cgroupAnonBytes)},
        {QStringLiteral("cgroup_file_bytes"), jsonNum(f.cgroupFileBytes)},
    };
    QJsonObject cgroup{
        {QStringLiteral("version"), f.cgroupVersion ? QJsonValue(f.cgroupVersion) : QJsonValue()},
        {QStringLiteral("path"), jsonStr(f.cgroupPath)},
    };
    QJsonObject cpu{
        {QStringLiteral("count"), jsonNum(f.cpusAllowed ? f.cpusAllowed : f.cpusOnline)},
        {QStringLiteral("online"), jsonNum(f.cpusOnline)},
        {QStringLiteral("quota"), f.cpuQuota ? QJsonValue(*f.cpuQuota) : QJsonValue()},
        {QStringLiteral("usable"), jsonNum(f.usableCpus())},
    };
    QJsonObject container{
        {QStringLiteral("runtime"), jsonStr(f.containerRuntime)},
        {QStringLiteral("evidence"), jsonStr(f.containerEvidence)},
        {QStringLiteral("orchestrator"), jsonStr(f.orchestrator)},
        {QStringLiteral("orchestrator_evidence"), jsonStr(f.orchestratorEvidence)},
        {QStringLiteral("wsl"), jsonBool(f.wsl)},
        {QStringLiteral("sandbox"), jsonStr(f.sandbox)},
        {QStringLiteral("kata_host_virtiofs"), jsonBool(f.kataHostVirtioFs)},
        {QStringLiteral("docker_default_shm_bytes"), jsonNum(f.dockerDefaultShmBytes)},
        {QStringLiteral("docker_daemon_json_shm"), jsonStr(f.dockerDaemonShm)},
    };
    QJsonArray gpus;
    for (const GpuInfo &g : f.gpus)
        gpus.append(QJsonObject{{QStringLiteral("name"), jsonStr(g.name)},
                                {QStringLiteral("memory_bytes"), jsonNum(g.memoryBytes)}});
    QJsonObject ulimit{
        {QStringLiteral("nofile_soft"), jsonLimit(f.nofileSoft)},
        {QStringLiteral("nofile_hard"), jsonLimit(f.nofileHard)},
    };
    QJsonObject sysv{
        {QStringLiteral("shmmax"), jsonNum(f.shmmax)},
        {QStringLiteral("shmall"), jsonNum(f.shmall)},
        {QStringLiteral("shmmni"), jsonNum(f.shmmni)},
        {QStringLiteral("segments"), jsonNum(f.sysvSegments)},
    };
    QJsonObject extra;
    for (auto it = f.extra.cbegin(); it != f.extra.cend(); ++it)
        extra.insert(it.key(), it.value());
    return QJsonObject{
        {QStringLiteral("report_version"), f.reportVersion},
        {QStringLiteral("complete"), f.complete},
        {QStringLiteral("shm"), shm},
        {QStringLiteral("memory"), memory},
        {QStringLiteral("cgroup"), cgroup},
        {QStringLiteral("cpu"), cpu},
        {QStringLiteral("container"), container},
        {QStringLiteral("gpu_count"), jsonNum(f.gpuCount)},
        {QStringLiteral("gpus"), gpus},
        {QStringLiteral("ulimit"), ulimit},
        {QStringLiteral("sysv"), sysv},
        {QStringLiteral("session"),
         QJsonObject{{QStringLiteral("logind_remove_ipc"), jsonBool(f.logindRemoveIpc)},
                     {QStringLiteral("uid"), jsonNum(f.uid)},
                     {QStringLiteral("user"), jsonStr(f.userName)},
                     {QStringLiteral("linger"), jsonBool(f.linger)}}},
        {QStringLiteral("os"), QJsonObject{{QStringLiteral("name"), jsonStr(f.osName)},
                                           {QStringLiteral("kernel"), jsonStr(f.kernel)}}},
        {QStringLiteral("torch"),
         QJsonObject{{QStringLiteral("version"), jsonStr(f.torchVersion)}}},
        {QStringLiteral("python"),
         QJsonObject{{QStringLiteral("version"), jsonStr(f.pythonVersion)}}},
        {QStringLiteral("kernel_messages"),
         f.kernelMessagesReadable ? QJsonValue(QJsonArray::fromStringList(f.kernelMessages))
                                  : QJsonValue()},
        {QStringLiteral("extra"), extra},
        {QStringLiteral("problems"), QJsonArray::fromStringList(f.problems)},
    };
}

} // namespace shmwise
