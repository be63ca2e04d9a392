// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What NCCL puts in /dev/shm, from its source: the SHM transport's buffer per connection and the
// proxy's operations pool, whose size changes with the release. Used to read the figures NCCL
// prints when it fails (and, with NCCL_DEBUG=INFO, when it allocates).

#include "core/size.h"

#include <QString>

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

} // namespace shmwise::nccl
