// SPDX-License-Identifier: GPL-3.0-or-later
// What NCCL's /dev/shm segments are, read from the sizes NCCL prints (core/nccl).
#include "core/nccl.h"

#include <QTest>

using namespace shmwise;

class TestNccl : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void connectionBuffers()
    {
        QCOMPARE(nccl::ShmConnectionBytes, Bytes(9637888));
        nccl::SegmentReading r = nccl::readSegment(9637888);
        QCOMPARE(r.kind, nccl::Segment::Connection);
        QCOMPARE(r.connections, quint64(1));
        // The file is extended to the segment and its 4-byte reference count.
        r = nccl::readSegment(9637892);
        QCOMPARE(r.kind, nccl::Segment::Connection);
        QCOMPARE(r.connections, quint64(1));
        QCOMPARE(nccl::readSegment(2 * 9637888).connections, quint64(2));
    }

    void proxyPools()
    {
        nccl::SegmentReading r = nccl::readSegment(14156128);
        QCOMPARE(r.kind, nccl::Segment::ProxyPool);
        QCOMPARE(r.releases, QStringLiteral("2.24"));
        r = nccl::readSegment(7340384, QStringLiteral("2.21.5"));
        QCOMPARE(r.releases, QStringLiteral("2.21-2.22"));
        QCOMPARE(nccl::readSegment(33030528).releases, QStringLiteral("2.26-2.27"));
        QCOMPARE(nccl::readSegment(34210176 + 4).releases, QStringLiteral("2.28-2.30"));
        // A release the log names that the pool is not of: not read as that pool.
        QCOMPARE(nccl::readSegment(14156128, QStringLiteral("2.18.1")).kind,
                 nccl::Segment::Unknown);
        // The table runs through the releases in order, each larger than the last.
        for (int i = 1; i < nccl::proxyPoolCount(); ++i) {
            QVERIFY(nccl::proxyPools()[i].fromMinor > nccl::proxyPools()[i - 1].toMinor);
            QVERIFY(nccl::proxyPools()[i].bytes > nccl::proxyPools()[i - 1].bytes);
        }
    }

    void otherSizes()
    {
        // Non-default buffer sizes or an older layout (nccl-tests#166 printed 5967872).
        QCOMPARE(nccl::readSegment(5967872).kind, nccl::Segment::Unknown);
        QCOMPARE(nccl::readSegment(0).kind, nccl::Segment::Unknown);
    }
};

QTEST_MAIN(TestNccl)
#include "tst_nccl.moc"
