// SPDX-License-Identifier: GPL-3.0-or-later
// A profile's model server: `workload.kind: serving` and the `serving:` mapping, read and
// written. What the settings mean for /dev/shm is core/serving.h's.
#include "core/profilereader_p.h"
#include "core/serving.h"
#include "core/yamlscalar.h"

namespace shmwise::profileyaml {

namespace {

// Tensor-parallel and instance counts beyond any one host.
constexpr quint64 MaxServingCount = 4096;

} // namespace

void readServing(Reader &r, const YAML::Node &root, Profile &p)
{
    if (!r.present(root, "serving"))
        return;
    const YAML::Node n = root["serving"];
    if (!r.checkMap(n, QStringLiteral("serving"),
                    {QStringLiteral("server"), QStringLiteral("version"),
                     QStringLiteral("tensor_parallel_size"),
                     QStringLiteral("pipeline_parallel_size"), QStringLiteral("data_parallel_size"),
                     QStringLiteral("queue_chunk_bytes"), QStringLiteral("multiprocess_executor"),
                     QStringLiteral("kv_offload_bytes"), QStringLiteral("mm_shm_cache_bytes"),
                     QStringLiteral("instances"), QStringLiteral("pool_default_bytes"),
                     QStringLiteral("pool_growth_bytes"), QStringLiteral("payload_bytes"),
                     QStringLiteral("max_requests"), QStringLiteral("max_request_tokens")}))
        return;
    ServingSpec &s = p.serving;
    const QString k = QStringLiteral("serving.");
    if (r.present(n, "server"))
        if (const auto v = r.readEnum<Server>(n["server"], k + QStringLiteral("server"),
                                              &serverFromName, serverNames()))
            s.server = *v;
    if (r.present(n, "version"))
        if (const auto v = r.readString(n["version"], k + QStringLiteral("version"))) {
            if (serving::vllmRelease(*v) == 0)
                r.report(n["version"], k + QStringLiteral("version"),
                         Tr::tr("'%1' is not a release such as 0.11.1").arg(*v));
            s.version = *v;
        }
    auto count = [&](const char *key, quint64 min, quint64 &into) {
        if (!r.present(n, key))
            return;
        const QString path = k + QLatin1String(key);
        if (const auto v = r.readCount(n[key], path, min)) {
            if (*v > MaxServingCount)
                r.report(n[key], path, Tr::tr("at most %1 (got %2)").arg(MaxServingCount).arg(*v));
            into = *v;
        }
    };
    count("tensor_parallel_size", 1, s.tensorParallel);
    count("pipeline_parallel_size", 1, s.pipelineParallel);
    count("data_parallel_size", 1, s.dataParallel);
    count("instances", 1, s.instances);
    auto optionalCount = [&](const char *key, std::optional<quint64> &into) {
        quint64 v = 0;
        if (!r.present(n, key))
            return;
        count(key, 1, v);
        if (v)
            into = v;
    };
    optionalCount("max_requests", s.maxRequests);
    optionalCount("max_request_tokens", s.maxRequestTokens);
    auto size = [&](const char *key) -> std::optional<Bytes> {
        if (!r.present(n, key))
            return std::nullopt;
        return r.readMemory(n[key], k + QLatin1String(key), true);
    };
    s.queueChunkBytes = size("queue_chunk_bytes");
    if (s.queueChunkBytes && *s.queueChunkBytes == 0)
        r.report(n["queue_chunk_bytes"], k + QStringLiteral("queue_chunk_bytes"),
                 Tr::tr("must be more than 0"));
    s.kvOffloadBytes = size("kv_offload_bytes").value_or(0);
    s.mmShmCacheBytes = size("mm_shm_cache_bytes");
    s.poolDefaultBytes = size("pool_default_bytes");
    // Triton refuses a pool under 1 MiB and a growth of 0.
    if (s.poolDefaultBytes && *s.poolDefaultBytes < serving::TritonPoolDefaultBytes)
        r.report(n["pool_default_bytes"], k + QStringLiteral("pool_default_bytes"),
                 Tr::tr("Triton refuses a shm-default-byte-size under 1 MiB"));
    s.poolGrowthBytes = size("pool_growth_bytes");
    if (s.poolGrowthBytes && *s.poolGrowthBytes == 0)
        r.report(n["pool_growth_bytes"], k + QStringLiteral("pool_growth_bytes"),
                 Tr::tr("Triton refuses a shm-growth-byte-size of 0"));
    s.payloadBytes = size("payload_bytes").value_or(0);
    if (r.present(n, "multiprocess_executor"))
        s.multiprocessExecutor =
            r.readBool(n["multiprocess_executor"], k + QStringLiteral("multiprocess_executor"))
                .value_or(false);
}

void writeServing(YAML::Emitter &e, const ServingSpec &spec)
{
    const ServingSpec d;
    // Only the settings of the server chosen: the others' (kept while the wizard switches
    // between servers) would say nothing in the file.
    ServingSpec s = d;
    s.used = spec.used;
    s.server = spec.server;
    const bool vllm = spec.server == Server::Vllm;
    const bool sglang = spec.server == Server::Sglang;
    const bool triton = spec.server == Server::TritonPython;
    const bool lightllm = spec.server == Server::LightLlm;
    if (vllm || sglang || lightllm)
        s.tensorParallel = spec.tensorParallel;
    if (vllm || sglang)
        s.pipelineParallel = spec.pipelineParallel;
    if (vllm) {
        s.dataParallel = spec.dataParallel;
        s.version = spec.version;
        s.queueChunkBytes = spec.queueChunkBytes;
        s.multiprocessExecutor = spec.multiprocessExecutor;
        s.kvOffloadBytes = spec.kvOffloadBytes;
        s.mmShmCacheBytes = spec.mmShmCacheBytes;
    }
    if (triton) {
        s.instances = spec.instances;
        s.poolDefaultBytes = spec.poolDefaultBytes;
        s.poolGrowthBytes = spec.poolGrowthBytes;
    }
    if (triton || sglang)
        s.payloadBytes = spec.payloadBytes;
    if (lightllm) {
        s.maxRequests = spec.maxRequests;
        s.maxRequestTokens = spec.maxRequestTokens;
    }
    e << YAML::Key << "serving" << YAML::Value << YAML::BeginMap;
    e << YAML::Key << "server" << YAML::Value << serverName(s.server).toStdString();
    if (!s.version.isEmpty()) {
        e << YAML::Key << "version" << YAML::Value;
        if (!yamlPlainIsSafe(s.version))
            e << YAML::DoubleQuoted;
        e << s.version.toStdString();
    }
    auto count = [&](const char *key, quint64 v, quint64 def) {
        if (v != def)
            e << YAML::Key << key << YAML::Value << v;
    };
    auto size = [&](const char *key, Bytes v) {
        e << YAML::Key << key << YAML::Value << profileSize(v).toStdString();
    };
    count("tensor_parallel_size", s.tensorParallel, d.tensorParallel);
    count("pipeline_parallel_size", s.pipelineParallel, d.pipelineParallel);
    count("data_parallel_size", s.dataParallel, d.dataParallel);
    if (s.queueChunkBytes)
        size("queue_chunk_bytes", *s.queueChunkBytes);
    if (s.multiprocessExecutor)
        e << YAML::Key << "multiprocess_executor" << YAML::Value << true;
    if (s.kvOffloadBytes)
        size("kv_offload_bytes", s.kvOffloadBytes);
    if (s.mmShmCacheBytes)
        size("mm_shm_cache_bytes", *s.mmShmCacheBytes);
    count("instances", s.instances, d.instances);
    if (s.poolDefaultBytes)
        size("pool_default_bytes", *s.poolDefaultBytes);
    if (s.poolGrowthBytes)
        size("pool_growth_bytes", *s.poolGrowthBytes);
    if (s.payloadBytes)
        size("payload_bytes", s.payloadBytes);
    if (s.maxRequests)
        e << YAML::Key << "max_requests" << YAML::Value << *s.maxRequests;
    if (s.maxRequestTokens)
        e << YAML::Key << "max_request_tokens" << YAML::Value << *s.maxRequestTokens;
    e << YAML::EndMap;
}

} // namespace shmwise::profileyaml
