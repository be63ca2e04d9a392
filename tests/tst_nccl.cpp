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

    // The estimate of what NCCL puts in /dev/shm on one host, from what the profile knows.
    void estimateByWhatIsKnown()
    {
        // A file of the connection's buffers and its count, and the sender's header, in pages.
        const Bytes perConnection = 9641984 + 8192;
        NcclSpec s;
        // No GPUs: Gloo, not NCCL. One process with no host count given: no NCCL assumed.
        QCOMPARE(nccl::estimateShm(s, 8, 0).high, Bytes(0));
        QCOMPARE(nccl::estimateShm(s, 1, 1).high, Bytes(0));
        // Nothing known: the SHM transport's 6 connections per process and the largest pool.
        nccl::ShmEstimate e = nccl::estimateShm(s, 8, 8);
        QCOMPARE(e.transportHigh, 8 * 6 * perConnection);
        QCOMPARE(e.poolHigh, 8 * Bytes(34213888)); // 34210176 + 4, in pages
        QCOMPARE(e.low, Bytes(0));
        QCOMPARE(e.high, e.transportHigh + e.poolHigh);
        QCOMPARE(e.deciding,
                 QStringList({QStringLiteral("nccl.p2p"), QStringLiteral("nccl.cumem_host"),
                              QStringLiteral("nccl.version"), QStringLiteral("nccl.nodes")}));
        // One host whose GPUs reach each other directly: nothing in /dev/shm.
        s.p2p = true;
        s.nodes = 1;
        e = nccl::estimateShm(s, 8, 8);
        QCOMPARE(e.high, Bytes(0));
        QVERIFY(e.deciding.isEmpty());
        // No P2P on an NCCL before 2.24.3: the SHM transport, 2 to 6 connections per process.
        s.p2p = false;
        s.version = QStringLiteral("2.21.5");
        e = nccl::estimateShm(s, 4, 4);
        QCOMPARE(e.transportLow, 4 * 2 * perConnection);
        QCOMPARE(e.transportHigh, 4 * 6 * perConnection);
        QCOMPARE(e.poolHigh, Bytes(0));
        QVERIFY(e.deciding.isEmpty());
        // 2.24.3 and later with NCCL_CUMEM_HOST_ENABLE in effect: pinned memory instead; the
        // setting does nothing on 2.21.
        s.cumemHost = true;
        QCOMPARE(nccl::estimateShm(s, 4, 4).transportHigh, 4 * 6 * perConnection);
        s.version = QStringLiteral("2.24.3");
        QCOMPARE(nccl::estimateShm(s, 4, 4).transportHigh, Bytes(0));
        s.version = QStringLiteral("2.24.2");
        QCOMPARE(nccl::estimateShm(s, 4, 4).transportHigh, 4 * 6 * perConnection);
        // Between hosts: one pool per process, of the release's size.
        s = NcclSpec();
        s.p2p = true;
        s.nodes = 2;
        s.version = QStringLiteral("2.23.4");
        e = nccl::estimateShm(s, 8, 8);
        QCOMPARE(e.low, 8 * Bytes(10489856)); // 10486112 + 4, in pages
        QCOMPARE(e.high, e.low);
        // One process per host on several hosts still has its pool.
        QCOMPARE(nccl::estimateShm(s, 1, 1).high, Bytes(10489856));
        // Older than the first release checked: at most that one's pool.
        s.version = QStringLiteral("2.18.1");
        QCOMPARE(nccl::estimateShm(s, 1, 1).high, Bytes(4198400));
    }

    void explained()
    {
        NcclSpec s;
        const nccl::ShmEstimate e = nccl::estimateShm(s, 8, 8);
        const QString text = nccl::explainShm(s, 8, e);
        QVERIFY(text.contains(QStringLiteral("9637888")));
        QVERIFY(text.contains(QStringLiteral("nccl.p2p")));
        QVERIFY(text.contains(QStringLiteral("up to")));
        s.p2p = true;
        s.nodes = 1;
        QVERIFY(nccl::explainShm(s, 8, nccl::estimateShm(s, 8, 8))
                    .contains(QStringLiteral("not used")));
        // The figure follows from the numbers the details quote (a walk could not get from
        // 9637888 bytes to 220.9 MiB), and each key that would narrow it says where it is set,
        // the ones the wizard does not ask included.
        s = NcclSpec();
        s.nodes = 1;
        const nccl::ShmEstimate four = nccl::estimateShm(s, 4, 4);
        QCOMPARE(four.high, Bytes(4 * 6 * 9650176));
        QCOMPARE(9650176, roundUp(9637888 + 4, 4096) + roundUp(4096 + 4, 4096));
        const QString details = nccl::explainShm(s, 4, four);
        QVERIFY2(details.contains(QStringLiteral(
                     "4 processes x up to 6 connections x 9650176 bytes a connection")),
                 qPrintable(details));
        QVERIFY2(details.contains(QStringLiteral("= up to 220.9 MiB")), qPrintable(details));
        QVERIFY2(
            details.contains(QStringLiteral("Direct GPU links (the Environment page; nccl.p2p")),
            qPrintable(details));
        QVERIFY2(details.contains(QStringLiteral(
                     "nccl.cumem_host in the profile file (the wizard does not ask it)")),
                 qPrintable(details));
        QVERIFY2(!details.contains(QStringLiteral("Proxy pools:")), qPrintable(details));
        s.nodes = 2;
        s.version = QStringLiteral("2.23.4");
        const QString pools = nccl::explainShm(s, 4, nccl::estimateShm(s, 4, 4));
        QVERIFY2(pools.contains(QStringLiteral("Proxy pools: 4 processes x 10 MiB = 40 MiB")),
                 qPrintable(pools));
    }

    // The plan's sentence says what this job counts, in words, and no figure of NCCL's sources:
    // those are the details. One host has no pools to speak of.
    void summarized()
    {
        NcclSpec s;
        s.nodes = 1;
        QString text = nccl::summarizeShm(s, 4, nccl::estimateShm(s, 4, 4));
        QVERIFY2(text.contains(QStringLiteral("Direct GPU links")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("up to 220.9 MiB")), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("host adds")) &&
                     !text.contains(QStringLiteral("pool")) &&
                     !text.contains(QStringLiteral("9637888")),
                 qPrintable(text));
        s.p2p = false;
        s.nodes = 2;
        s.version = QStringLiteral("2.21.5");
        text = nccl::summarizeShm(s, 4, nccl::estimateShm(s, 4, 4));
        QVERIFY2(text.contains(QStringLiteral("do not reach each other")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("spans 2 hosts")), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("narrows")), qPrintable(text));
        s.nodes.reset();
        text = nccl::summarizeShm(s, 4, nccl::estimateShm(s, 4, 4));
        QVERIFY2(text.contains(QStringLiteral("how many hosts is not known")), qPrintable(text));
        s = NcclSpec();
        s.p2p = true;
        s.nodes = 1;
        QVERIFY(nccl::summarizeShm(s, 4, nccl::estimateShm(s, 4, 4)).isEmpty());
    }
};

QTEST_MAIN(TestNccl)
#include "tst_nccl.moc"
