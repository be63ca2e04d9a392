// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/nccl.h"

#include <QRegularExpression>

namespace shmwise::nccl {

namespace {

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

} // namespace shmwise::nccl
