// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/nccl.h"

#include <QRegularExpression>

namespace shmwise::nccl {

namespace {

// sizeof(struct ncclProxyOpsPool) in each release line (2.21 to 2.29).
const ProxyPool kPools[] = {
    {21, 22, 7340384},  {23, 23, 10486112}, {24, 24, 14156128},
    {25, 25, 31850880}, {26, 27, 33030528}, {28, 29, 34210176},
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
