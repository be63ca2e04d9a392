// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/nccl.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace shmwise::nccl {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::Nccl)
};

// A file in /dev/shm as tmpfs holds it: the segment, NCCL's 4-byte reference count, whole pages.
Bytes fileBytes(Bytes segment)
{
    return roundUp(segment + 4, PageSize);
}

// "2.21.5" as {21, 5}; {-1, -1} when not given.
std::pair<int, int> release(const QString &version)
{
    static const QRegularExpression re(QStringLiteral(R"(^2\.(\d+)(?:\.(\d+))?$)"));
    const QRegularExpressionMatch m = re.match(version);
    if (!m.hasMatch())
        return {-1, -1};
    return {m.captured(1).toInt(), m.captured(2).isEmpty() ? 0 : m.captured(2).toInt()};
}

bool atLeast(std::pair<int, int> r, int minor, int patch)
{
    return r.first > minor || (r.first == minor && r.second >= patch);
}

// sizeof(struct ncclProxyOpsPool) in each release line: MAX_OPS_PER_PEER x NCCL_MAX_LOCAL_RANKS
// proxy ops (1024 x 64 to 2.24, 2048 x 72 from 2.25) of sizeof(struct ncclProxyOp) (112 bytes
// in 2.21, 160 in 2.23, 216 in 2.24-2.25, 224 in 2.26, 232 from 2.28), its free lists, a mutex
// and a condition variable (src/include/proxy.h of each tag).
const ProxyPool kPools[] = {
    {19, 19, 4194656},  {20, 20, 5767520},  {21, 22, 7340384},  {23, 23, 10486112},
    {24, 24, 14156128}, {25, 25, 31850880}, {26, 27, 33030528}, {28, 30, 34210176},
};

QString releases(const ProxyPool &p)
{
    return p.fromMinor == p.toMinor ? QStringLiteral("2.%1").arg(p.fromMinor)
                                    : QStringLiteral("2.%1-2.%2").arg(p.fromMinor).arg(p.toMinor);
}

} // namespace

const ProxyPool *proxyPools()
{
    return kPools;
}

int proxyPoolCount()
{
    return int(std::size(kPools));
}

SegmentReading readSegment(Bytes bytes, const QString &version)
{
    SegmentReading r;
    // The file is extended to the segment plus its 4-byte reference count.
    for (const Bytes size : {bytes, bytes >= 4 ? bytes - 4 : bytes}) {
        if (size >= ShmConnectionBytes && size % ShmConnectionBytes == 0 &&
            size / ShmConnectionBytes <= 64) {
            r.kind = Segment::Connection;
            r.connections = size / ShmConnectionBytes;
            return r;
        }
    }
    static const QRegularExpression minorOf(QStringLiteral(R"(^2\.(\d+))"));
    const QRegularExpressionMatch m = minorOf.match(version);
    const int minor = m.hasMatch() ? m.captured(1).toInt() : -1;
    for (const Bytes size : {bytes, bytes >= 4 ? bytes - 4 : bytes}) {
        for (const ProxyPool &p : kPools) {
            if (p.bytes != size)
                continue;
            // A release the log names that this pool is not of: some other segment.
            if (minor >= 0 && (minor < p.fromMinor || minor > p.toMinor))
                continue;
            r.kind = Segment::ProxyPool;
            r.releases = releases(p);
            return r;
        }
    }
    return r;
}

ShmEstimate estimateShm(const NcclSpec &spec, quint64 processesPerNode, quint64 gpus)
{
    ShmEstimate e;
    const quint64 ranks = std::max<quint64>(1, processesPerNode);
    if (gpus == 0)
        return e;
    const std::pair<int, int> r = release(spec.version);
    const bool known = r.first >= 0;
    // SHM transport, between this host's processes.
    if (ranks > 1 && spec.p2p != std::optional<bool>(true)) {
        const Bytes perConnection = fileBytes(ShmConnectionBytes) + fileBytes(ShmHeaderBytes);
        const bool pinned =
            spec.cumemHost == std::optional<bool>(true) && (!known || atLeast(r, 24, 3));
        const bool maybePinned = !spec.cumemHost && (!known || atLeast(r, 24, 3));
        if (!spec.p2p)
            e.deciding << QStringLiteral("nccl.p2p");
        if (maybePinned)
            e.deciding << QStringLiteral("nccl.cumem_host");
        if (!pinned) {
            e.transportHigh = satMul(ranks, satMul(MaxConnectionsPerProcess, perConnection));
            if (spec.p2p.has_value() && !maybePinned)
                e.transportLow = satMul(ranks, satMul(MinConnectionsPerProcess, perConnection));
        }
    }
    // The proxy's pool, one per process, when connections go between hosts.
    // One process on a host whose count of hosts is not known: most likely no NCCL at all.
    const bool manyNodes = spec.nodes && *spec.nodes > 1;
    if (manyNodes || (!spec.nodes && ranks > 1)) {
        Bytes poolLow = 0, poolHigh = 0;
        if (known) {
            // Older than the first release checked: at most that one's pool.
            const ProxyPool *match = &kPools[0];
            for (const ProxyPool &p : kPools)
                if (r.first >= p.fromMinor)
                    match = &p;
            poolLow = poolHigh = fileBytes(match->bytes);
        } else {
            poolLow = fileBytes(kPools[0].bytes);
            poolHigh = fileBytes(kPools[std::size(kPools) - 1].bytes);
            e.deciding << QStringLiteral("nccl.version");
        }
        e.poolHigh = satMul(ranks, poolHigh);
        e.poolLow = manyNodes ? satMul(ranks, poolLow) : 0;
        if (!spec.nodes)
            e.deciding << QStringLiteral("nccl.nodes");
    }
    e.low = satAdd(e.transportLow, e.poolLow);
    e.high = satAdd(e.transportHigh, e.poolHigh);
    return e;
}

QString titleShm(const ShmEstimate &e)
{
    if (e.poolHigh == 0)
        return Tr::tr("NCCL's buffers between GPUs");
    if (e.transportHigh == 0)
        return Tr::tr("NCCL's proxy pools");
    return Tr::tr("NCCL's buffers and proxy pools");
}

QString summarizeShm(const NcclSpec &spec, quint64 processesPerNode, const ShmEstimate &e)
{
    const quint64 ranks = std::max<quint64>(1, processesPerNode);
    QStringList parts;
    if (e.transportHigh > 0) {
        const QString size =
            e.transportLow > 0
                ? Tr::tr("%1 to %2").arg(formatSize(e.transportLow), formatSize(e.transportHigh))
                : Tr::tr("up to %1").arg(formatSize(e.transportHigh));
        if (spec.p2p == std::optional<bool>(false))
            parts << Tr::tr("%1 GPU processes on this host that do not reach each other directly "
                            "exchange data through files in /dev/shm: %2.")
                         .arg(ranks)
                         .arg(size);
        else
            parts << Tr::tr("%1 GPU processes on this host exchange data through files in "
                            "/dev/shm unless their GPUs reach each other directly, which is not "
                            "known (Direct GPU links): %2.")
                         .arg(ranks)
                         .arg(size);
    }
    if (e.poolHigh > 0) {
        if (!spec.nodes)
            parts << Tr::tr("A job on more than one host adds a pool per process, up to %1 in "
                            "all; how many hosts is not known (Hosts in the job).")
                         .arg(formatSize(e.poolHigh));
        else
            parts << Tr::tr("The job spans %1 hosts, which adds a pool per process: %2.")
                         .arg(*spec.nodes)
                         .arg(e.poolLow == e.poolHigh
                                  ? formatSize(e.poolHigh)
                                  : Tr::tr("%1 to %2")
                                        .arg(formatSize(e.poolLow), formatSize(e.poolHigh)));
    }
    if (!e.deciding.isEmpty())
        parts << Tr::tr("The plan counts the most; the details say what narrows it.");
    return parts.join(QLatin1Char(' '));
}

QString explainShm(const NcclSpec &spec, quint64 processesPerNode, const ShmEstimate &e)
{
    const quint64 ranks = std::max<quint64>(1, processesPerNode);
    QStringList parts;
    parts << Tr::tr("NCCL puts two things in /dev/shm. Between GPUs of one host that cannot reach "
                    "each other directly, its SHM transport gives each connection a file of "
                    "9637888 bytes (NCCL's default buffers: 4096 + LL 524288 + LL128 4915200 + "
                    "SIMPLE 4194304), 2 to 6 per process (2 channels; a ring's link, plus a "
                    "tree's two). Between hosts, each process's proxy keeps an operations pool "
                    "of 4.0 MiB (NCCL 2.19) to 32.6 MiB (2.28 and later), allocated in full and "
                    "unlinked once its peers attach, so ls /dev/shm does not show it.");
    if (ranks > 1 && spec.p2p == std::optional<bool>(true))
        parts << Tr::tr("This host's GPUs reach each other directly (nccl.p2p), so the SHM "
                        "transport is not used.");
    else if (ranks > 1 && e.transportHigh == 0)
        parts << Tr::tr("NCCL_CUMEM_HOST_ENABLE (NCCL 2.24.3 and later) puts those buffers in "
                        "pinned host memory instead of /dev/shm.");
    else if (ranks > 1 && e.transportHigh > 0) {
        // The arithmetic of this job's figure, from the numbers just quoted.
        const Bytes perConnection = fileBytes(ShmConnectionBytes) + fileBytes(ShmHeaderBytes);
        const QString each =
            Tr::tr("%1 bytes a connection (its buffers' file and its 4096-byte header file, "
                   "each with NCCL's 4-byte reference count and taken in whole 4 KiB pages)")
                .arg(perConnection);
        if (e.transportLow == 0)
            parts << Tr::tr("SHM transport on this host: %1 processes x up to %2 connections x "
                            "%3 = up to %4.")
                         .arg(ranks)
                         .arg(MaxConnectionsPerProcess)
                         .arg(each, formatSize(e.transportHigh));
        else
            parts << Tr::tr("SHM transport on this host: %1 processes x %2 to %3 connections x "
                            "%4 = %5 to %6.")
                         .arg(ranks)
                         .arg(MinConnectionsPerProcess)
                         .arg(MaxConnectionsPerProcess)
                         .arg(each, formatSize(e.transportLow), formatSize(e.transportHigh));
    }
    if (e.poolHigh > 0 && e.poolLow == e.poolHigh)
        parts << Tr::tr("Proxy pools: %1 processes x %2 = %3.")
                     .arg(ranks)
                     .arg(formatSize(e.poolHigh / ranks), formatSize(e.poolHigh));
    else if (e.poolHigh > 0 && e.poolLow == 0)
        parts << Tr::tr("Proxy pools, if the job spans more than one host: %1 processes x up to "
                        "%2 = up to %3.")
                     .arg(ranks)
                     .arg(formatSize(e.poolHigh / ranks), formatSize(e.poolHigh));
    else if (e.poolHigh > 0)
        parts << Tr::tr("Proxy pools: %1 processes x %2 to %3 = %4 to %5.")
                     .arg(ranks)
                     .arg(formatSize(e.poolLow / ranks), formatSize(e.poolHigh / ranks),
                          formatSize(e.poolLow), formatSize(e.poolHigh));
    if (!e.deciding.isEmpty()) {
        QStringList narrowing;
        for (const QString &key : e.deciding) {
            if (key == QLatin1String("nccl.p2p"))
                narrowing << Tr::tr("Direct GPU links (the Environment page; nccl.p2p in the "
                                    "profile file): yes where "
                                    "nvidia-smi topo -p2p r says OK between the GPUs and "
                                    "NCCL_P2P_DISABLE is not set, and then the SHM transport "
                                    "is not used.");
            else if (key == QLatin1String("nccl.nodes"))
                narrowing << Tr::tr("Hosts in the job (the Environment page; nccl.nodes in the "
                                    "profile file): one host has no "
                                    "proxy pools.");
            else if (key == QLatin1String("nccl.version"))
                narrowing << Tr::tr("NCCL's release, nccl.version in the profile file (the "
                                    "wizard does not ask it): python -c \"import torch; "
                                    "print(torch.cuda.nccl.version())\" prints (2, 21, 5) for "
                                    "2.21.5.");
            else if (key == QLatin1String("nccl.cumem_host"))
                narrowing << Tr::tr("Whether NCCL 2.24.3 or later keeps those buffers in pinned "
                                    "host memory instead, nccl.cumem_host in the profile file "
                                    "(the wizard does not ask it): it does unless "
                                    "NCCL_CUMEM_HOST_ENABLE=0, the driver is older than 12.6 "
                                    "or Docker runs without --cap-add SYS_NICE, so the plan "
                                    "cannot count on it.");
        }
        parts << Tr::tr("The plan counts the high end. What narrows it: %1")
                     .arg(narrowing.join(QLatin1Char(' ')));
    }
    parts << Tr::tr("NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=ALLOC,SHM prints the real figures; shmwise "
                    "diagnose reads them.");
    return parts.join(QLatin1Char(' '));
}

} // namespace shmwise::nccl
