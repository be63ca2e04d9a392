// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What NCCL puts in /dev/shm, from its source: the SHM transport's buffer per connection and the
// proxy's operations pool, whose size changes with the release. Used to read the figures NCCL
// prints when it fails (and, with NCCL_DEBUG=INFO, when it allocates).

#include "core/profile.h"
#include "core/size.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace shmwise::nccl {

// One SHM-transport connection on one channel with NCCL's default buffer sizes
// (src/transport/shm.cc, src/init.cc computeBuffSizes): the connection's header (4096) and the
// LL (524288), LL128 (4915200) and SIMPLE (NCCL_BUFFSIZE, 4194304) buffers. The receiving side
// allocates it (NCCL_SHM_LOCALITY=2, the default); the sender makes a 4096-byte segment of its
// own. Per channel, per peer, per direction.
inline constexpr Bytes ShmHeaderBytes = 4096;
inline constexpr Bytes LlBufferBytes = 524288;
inline constexpr Bytes Ll128BufferBytes = 4915200;
inline constexpr Bytes SimpleBufferBytes = 4194304;
inline constexpr Bytes ShmConnectionBytes =
    ShmHeaderBytes + LlBufferBytes + Ll128BufferBytes + SimpleBufferBytes; // 9637888

// The proxy's operations pool (/dev/shm/nccl-*, src/proxy.cc proxyProgressInit, sized by
// src/include/proxy.h), one per proxy state with a connection the proxy drives (NET and CollNet,
// so usually between nodes), in the releases from `fromMinor` to `toMinor` of 2.x. The last
// local rank to attach unlinks it.
struct ProxyPool
{
    int fromMinor;
    int toMinor;
    Bytes bytes;
};
const ProxyPool *proxyPools();
int proxyPoolCount();

// A segment NCCL asked for, read by its size.
enum class Segment
{
    Unknown,
    Connection, // SHM-transport buffers: `connections` of them at the default sizes
    ProxyPool,  // the proxy's operations pool of the releases named in `releases`
};
struct SegmentReading
{
    Segment kind = Segment::Unknown;
    quint64 connections = 0;
    QString releases; // "2.24", "2.26-2.27"
};
// `bytes` as NCCL printed it (the segment, or the file it extends, which holds 4 bytes more for
// its reference count); `version` ("2.18.1") narrows a proxy pool to its release when known.
SegmentReading readSegment(Bytes bytes, const QString &version = QString());

// What NCCL puts in /dev/shm on one host of the job, as a range that each unknown of the profile
// widens (`deciding` names the profile keys that would narrow it; the plan counts `high`):
// - SHM-transport buffers between GPUs of the host that cannot reach each other directly (no
//   P2P, or NCCL_P2P_DISABLE=1): per process 2 to 6 receiving connections (2 channels, as
//   NCCL duplicates the channels its search finds; a ring's link, plus a tree's two links within
//   the host), each a file of ShmConnectionBytes and its 4-byte count, with the sender's 4096 and
//   count. From 2.24.3 with NCCL_CUMEM_HOST_ENABLE in effect (the default with driver 12.6 and
//   later) these are pinned host memory instead; 2.26.3 and later fall back to /dev/shm when
//   that allocation fails (Docker without --cap-add SYS_NICE).
// - Between hosts, one proxy operations pool per process, of its release's size.
// Nothing for a job without GPUs (Gloo, not NCCL) or with one process on one host.
struct ShmEstimate
{
    Bytes low = 0;
    Bytes high = 0;
    Bytes transportLow = 0, transportHigh = 0; // the host's SHM-transport buffers
    Bytes poolLow = 0, poolHigh = 0;           // the host's proxy pools
    QStringList deciding; // nccl.p2p, nccl.version, nccl.nodes, nccl.cumem_host
};
inline constexpr quint64 MinConnectionsPerProcess = 2;
inline constexpr quint64 MaxConnectionsPerProcess = 6;
ShmEstimate estimateShm(const NcclSpec &spec, quint64 processesPerNode, quint64 gpus);
// The plan term's title: the SHM transport's buffers, the proxy's pools, or both, as counted.
QString titleShm(const ShmEstimate &e);
// The estimate in one sentence, for the plan's breakdown: what this job counts and why.
QString summarizeShm(const NcclSpec &spec, quint64 processesPerNode, const ShmEstimate &e);
// How it is counted, for the breakdown's folded details: NCCL's sizes and where they come from.
QString explainShm(const NcclSpec &spec, quint64 processesPerNode, const ShmEstimate &e);

} // namespace shmwise::nccl
