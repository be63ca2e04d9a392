// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What model servers keep in /dev/shm, term by term, read from each server's source (the file
// and line of each figure are in docs/model.md, "Model servers"). A figure the profile does not
// decide is planned at its high end, and the term says which key decides it.

#include "core/profile.h"
#include "core/size.h"
#include "core/sizing.h"

#include <QString>
#include <QVector>

namespace shmwise::serving {

// vLLM's shared-memory message queues (shm_broadcast.py ShmRingBuffer): a segment of
// (chunk + 1 + readers) x chunks bytes, made whole (tmpfs fills it as messages are written).
inline constexpr quint64 VllmChunks = 10;
inline constexpr Bytes VllmBroadcastChunkBytes = 16ULL << 20;    // VLLM_MQ_MAX_CHUNK_BYTES_MB=16
inline constexpr Bytes VllmOldBroadcastChunkBytes = 10ULL << 20; // before 0.9.1
inline constexpr Bytes VllmResponseChunkBytes = 24ULL << 20;     // from 0.11.1
inline constexpr Bytes VllmOldResponseChunkBytes = 10ULL << 20;  // before 0.11.1
// A tensor-parallel group's broadcaster (parallel_state.py, vLLM and SGLang alike).
inline constexpr Bytes GroupChunkBytes = 4ULL << 20;
inline constexpr quint64 GroupChunks = 6;
// Triton's Python backend (src/python_be.cc): each instance's pool starts at 1 MiB and grows in
// 1 MiB steps (64 MiB and 64 MiB before r23.09), never shrinking.
inline constexpr Bytes TritonPoolDefaultBytes = 1ULL << 20;
inline constexpr Bytes TritonPoolGrowthBytes = 1ULL << 20;
// LightLLM (lightllm/utils/shm_size_check.py, v1.1.0+): its recommended /dev/shm for a text
// model, (sizeof(Req) x R + R x 16 x L) / 2^30 + 2 GiB; sizeof(Req) is a ctypes structure of
// 120932 bytes at v1.2.0's defaults.
inline constexpr Bytes LightLlmReqBytes = 120932;
inline constexpr quint64 LightLlmMaxRequests = 256;
inline constexpr quint64 LightLlmMaxRequestTokens = 16384;
inline constexpr Bytes LightLlmHeadroomBytes = 2ULL << 30;

// One ring buffer of vLLM's or SGLang's MessageQueue.
Bytes ringBytes(Bytes chunkBytes, quint64 readers, quint64 chunks);

// vLLM's release as major * 10000 + minor * 100 + patch ("0.11.1": 1101); 0 when unknown.
int vllmRelease(const QString &version);

// Whether the profile is a server that runs no DataLoader of the profile's: then the plan is
// the server's terms alone.
bool serverOnly(const Profile &p);
// Processes of one model on the host, for NCCL's share: TP x PP x DP of vLLM, SGLang and
// LightLLM; the profile's processes_per_node otherwise.
quint64 modelProcesses(const Profile &p);

// The server's terms of the plan (none for plain and torchserve, whose loaders are planned as
// a job's), and the warnings that name what the profile leaves undecided.
QVector<PlanTerm> planTerms(const Profile &p, QStringList *warningIds = nullptr,
                            QStringList *warnings = nullptr);
Bytes termsBytes(const QVector<PlanTerm> &terms);

// The plan of a server that runs no loader of the profile's (serverOnly()).
ShmPlan computeServerPlan(const Profile &p);

// The image and command of a server that runs no loader of the profile's, with the flags of the
// profile's settings, for a profile that gives none of its own (`job.image`, `job.command`). The
// model is vLLM's and SGLang's quick-start model, to be replaced.
struct ServerJob
{
    QString image;
    QStringList command;
};
std::optional<ServerJob> serverJob(const ServingSpec &s);
// Sets the profile's server settings to `next`; the job's image and command follow them (the
// server's own, or the training defaults when it serves no longer) unless the user wrote their
// own.
void setServing(Profile &p, const ServingSpec &next);

// The image runs its server as its entrypoint (vllm/vllm-openai: `vllm serve`): docker run and
// Compose then give the command's program as --entrypoint, and its arguments after the image.
bool imageHasServerEntrypoint(const QString &image);

} // namespace shmwise::serving
