// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What a profile says of a model server (`workload.kind: serving` and `serving:`): which server
// and the settings that change what it keeps in /dev/shm. The figures are in core/serving.h.

#include "core/size.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace shmwise {

// The kind of job: a training run, or a service that answers requests.
enum class WorkloadKind
{
    Training,
    Serving,
};
QString workloadKindName(WorkloadKind k); // "training", "serving"
std::optional<WorkloadKind> workloadKindFromName(const QString &name);
QStringList workloadKindNames();

enum class Server
{
    // A service of its own (FastAPI, Flask under gunicorn, a queue consumer): worker processes
    // (processes_per_node), each running the profile's DataLoaders for batch inference.
    Plain,
    TorchServe,   // the same: its workers are Python processes that run the handler's loaders
    Vllm,         // vLLM's multiprocess executor: shared-memory message queues
    Sglang,       // SGLang: its tensor-parallel broadcast queue
    TritonPython, // Triton's Python backend: a growing pool per model instance
    LightLlm,     // LightLLM: request structures, its own recommended size
};
QString serverName(Server s); // plain, torchserve, vllm, sglang, triton-python, lightllm
std::optional<Server> serverFromName(const QString &name);
QStringList serverNames();
// The server runs the profile's DataLoaders in each of its worker processes (plain, torchserve);
// the others keep their own structures and run no loader of the profile's.
bool serverRunsLoaders(Server s);

struct ServingSpec
{
    bool used = false; // workload.kind: serving
    Server server = Server::Plain;
    // vLLM, SGLang, LightLLM: processes of one model on the host.
    quint64 tensorParallel = 1;
    quint64 pipelineParallel = 1;
    quint64 dataParallel = 1; // vLLM: engines on the host (internal load balancing)
    // vLLM: VLLM_MQ_MAX_CHUNK_BYTES_MB (the executor's broadcast queue's chunk; 16 MiB).
    std::optional<Bytes> queueChunkBytes;
    // vLLM's release ("0.11.1"); empty: unknown, planned with the largest queues of any.
    QString version;
    // vLLM: the multiprocess executor even at one process (--distributed-executor-backend mp,
    // the CPU build): its queues without tensor parallelism.
    bool multiprocessExecutor = false;
    // vLLM: the CPU KV-offload tier (--kv-offloading-size), a file in /dev/shm from 0.26.
    Bytes kvOffloadBytes = 0;
    // vLLM: --mm-processor-cache-type shm, a segment of --mm-processor-cache-gb (4 GiB).
    std::optional<Bytes> mmShmCacheBytes;
    // Triton's Python backend: model instances (instance_group counts, every model) and the
    // pool's settings (--backend-config=python,shm-default-byte-size / shm-growth-byte-size).
    quint64 instances = 1;
    std::optional<Bytes> poolDefaultBytes;
    std::optional<Bytes> poolGrowthBytes;
    // The largest request and response tensors one instance (or one vLLM message, one SGLang
    // multimodal feature) holds in shared memory at once; 0: not known.
    Bytes payloadBytes = 0;
    // LightLLM: --running_max_req_size and --max_req_total_len.
    std::optional<quint64> maxRequests;
    std::optional<quint64> maxRequestTokens;
    bool operator==(const ServingSpec &o) const
    {
        return used == o.used && server == o.server && tensorParallel == o.tensorParallel &&
               pipelineParallel == o.pipelineParallel && dataParallel == o.dataParallel &&
               queueChunkBytes == o.queueChunkBytes && version == o.version &&
               multiprocessExecutor == o.multiprocessExecutor &&
               kvOffloadBytes == o.kvOffloadBytes && mmShmCacheBytes == o.mmShmCacheBytes &&
               instances == o.instances && poolDefaultBytes == o.poolDefaultBytes &&
               poolGrowthBytes == o.poolGrowthBytes && payloadBytes == o.payloadBytes &&
               maxRequests == o.maxRequests && maxRequestTokens == o.maxRequestTokens;
    }
};

} // namespace shmwise
