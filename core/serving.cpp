// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/serving.h"

#include "core/nccl.h"
#include "core/servingspec.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <algorithm>

namespace shmwise {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::Serving)
};

struct ServerName
{
    Server server;
    const char *name;
};
constexpr ServerName kServers[] = {
    {Server::Plain, "plain"},
    {Server::TorchServe, "torchserve"},
    {Server::Vllm, "vllm"},
    {Server::Sglang, "sglang"},
    {Server::TritonPython, "triton-python"},
    {Server::LightLlm, "lightllm"},
};
} // namespace

QString workloadKindName(WorkloadKind k)
{
    return k == WorkloadKind::Serving ? QStringLiteral("serving") : QStringLiteral("training");
}

std::optional<WorkloadKind> workloadKindFromName(const QString &name)
{
    if (name == QLatin1String("training"))
        return WorkloadKind::Training;
    if (name == QLatin1String("serving"))
        return WorkloadKind::Serving;
    return std::nullopt;
}

QStringList workloadKindNames()
{
    return {QStringLiteral("training"), QStringLiteral("serving")};
}

QString serverName(Server s)
{
    for (const ServerName &n : kServers)
        if (n.server == s)
            return QLatin1String(n.name);
    return {};
}

std::optional<Server> serverFromName(const QString &name)
{
    for (const ServerName &n : kServers)
        if (name == QLatin1String(n.name))
            return n.server;
    return std::nullopt;
}

QStringList serverNames()
{
    QStringList out;
    for (const ServerName &n : kServers)
        out << QLatin1String(n.name);
    return out;
}

bool serverRunsLoaders(Server s)
{
    return s == Server::Plain || s == Server::TorchServe;
}

namespace serving {

Bytes ringBytes(Bytes chunkBytes, quint64 readers, quint64 chunks)
{
    return satMul(satAdd(satAdd(chunkBytes, 1), readers), chunks);
}

int vllmRelease(const QString &version)
{
    static const QRegularExpression re(
        QStringLiteral(R"(^v?(\d{1,3})\.(\d{1,3})(?:\.(\d{1,3}))?)"));
    const QRegularExpressionMatch m = re.match(version.trimmed());
    if (!m.hasMatch())
        return 0;
    return m.captured(1).toInt() * 10000 + m.captured(2).toInt() * 100 + m.captured(3).toInt();
}

bool serverOnly(const Profile &p)
{
    return p.serving.used && !serverRunsLoaders(p.serving.server);
}

quint64 modelProcesses(const Profile &p)
{
    const ServingSpec &s = p.serving;
    if (s.used &&
        (s.server == Server::Vllm || s.server == Server::Sglang || s.server == Server::LightLlm))
        return std::max<quint64>(1, satMul(satMul(s.tensorParallel, s.pipelineParallel),
                                           s.server == Server::Vllm ? s.dataParallel : 1));
    return std::max<quint64>(1, p.workload.processesPerNode);
}

Bytes termsBytes(const QVector<PlanTerm> &terms)
{
    Bytes sum = 0;
    for (const PlanTerm &t : terms)
        sum = satAdd(sum, t.bytes);
    return sum;
}

namespace {

void warn(QStringList *ids, QStringList *texts, const char *id, const QString &text)
{
    if (ids)
        *ids << QLatin1String(id);
    if (texts)
        *texts << text;
}

void vllmTerms(const ServingSpec &s, QVector<PlanTerm> &out, QStringList *ids, QStringList *texts)
{
    const int release = vllmRelease(s.version);
    const quint64 tp = std::max<quint64>(1, s.tensorParallel);
    const quint64 pp = std::max<quint64>(1, s.pipelineParallel);
    const quint64 dp = std::max<quint64>(1, s.dataParallel);
    const quint64 world = satMul(tp, pp);
    // The V0 engine (the default before 0.8) has no executor queues in /dev/shm.
    const bool v0 = release > 0 && release < 800;
    const bool multiprocess = !v0 && (world > 1 || dp > 1 || s.multiprocessExecutor);
    if (multiprocess) {
        const Bytes chunk = s.queueChunkBytes.value_or(
            release > 0 && release < 901 ? VllmOldBroadcastChunkBytes : VllmBroadcastChunkBytes);
        const bool oldResponse = release > 0 && release < 1101;
        const Bytes response = oldResponse ? VllmOldResponseChunkBytes : VllmResponseChunkBytes;
        const Bytes broadcast = satMul(ringBytes(chunk, world, VllmChunks), dp);
        out.append({QStringLiteral("vllm-broadcast"), Tr::tr("vLLM's broadcast queue"), broadcast,
                    Tr::tr("The multiprocess executor sends each step to its %1 worker "
                           "process(es) through one shared-memory ring of %2 chunks of %3 "
                           "(VLLM_MQ_MAX_CHUNK_BYTES_MB) plus a flag byte per reader and chunk: "
                           "%4 per engine, %5 engine(s).")
                        .arg(world)
                        .arg(VllmChunks)
                        .arg(formatSize(chunk), formatSize(ringBytes(chunk, world, VllmChunks)))
                        .arg(dp)});
        const Bytes responses = satMul(satMul(ringBytes(response, 1, VllmChunks), world), dp);
        out.append(
            {QStringLiteral("vllm-responses"), Tr::tr("vLLM's response queues"), responses,
             Tr::tr("Each worker process answers through a ring of its own, %1 chunks of "
                    "%2 (%3 each; the chunk does not follow VLLM_MQ_MAX_CHUNK_BYTES_MB), "
                    "%4 of them.")
                     .arg(VllmChunks)
                     .arg(formatSize(response), formatSize(ringBytes(response, 1, VllmChunks)))
                     .arg(satMul(world, dp)) +
                 (release == 0
                      ? QLatin1Char(' ') +
                            Tr::tr("Releases before 0.11.1 use 10 MiB chunks, %1 in "
                                   "all; serving.version decides.")
                                .arg(formatSize(satMul(
                                    satMul(ringBytes(VllmOldResponseChunkBytes, 1, VllmChunks),
                                           world),
                                    dp)))
                      : QString())});
        if (release == 0)
            warn(ids, texts, "serving-version-unknown",
                 Tr::tr("vLLM's release is not given (serving.version): its response queues are "
                        "planned with the 24 MiB chunks of 0.11.1 and later, the larger of the "
                        "two sizes vLLM has used."));
    } else if (!v0 && world == 1) {
        out.append(
            {QStringLiteral("vllm-broadcast"), Tr::tr("vLLM's broadcast queue"), 0,
             Tr::tr("One process on a GPU runs vLLM's single-process executor, which "
                    "keeps no message queue in /dev/shm; the multiprocess executor "
                    "(--distributed-executor-backend mp, the CPU build, data "
                    "parallelism) adds %1 (serving.multiprocess_executor).")
                 .arg(formatSize(satAdd(ringBytes(VllmBroadcastChunkBytes, 1, VllmChunks),
                                        ringBytes(VllmResponseChunkBytes, 1, VllmChunks))))});
    }
    if (tp > 1) {
        const Bytes group = satMul(satMul(ringBytes(GroupChunkBytes, tp - 1, GroupChunks), pp), dp);
        out.append({QStringLiteral("tp-group"), Tr::tr("The tensor-parallel group's broadcaster"),
                    group,
                    Tr::tr("Rank 0 of each tensor-parallel group broadcasts to the other %1 "
                           "through a ring of %2 chunks of %3: %4 each, %5 group(s).")
                        .arg(tp - 1)
                        .arg(GroupChunks)
                        .arg(formatSize(GroupChunkBytes),
                             formatSize(ringBytes(GroupChunkBytes, tp - 1, GroupChunks)))
                        .arg(satMul(pp, dp))});
    }
    if (s.kvOffloadBytes > 0) {
        if (release > 0 && release < 2600)
            out.append({QStringLiteral("kv-offload"), Tr::tr("The CPU KV-offload tier"), 0,
                        Tr::tr("Before 0.26 the default CPU offload of %1 is pinned host memory, "
                               "not /dev/shm (only the opt-in TieringOffloadingSpec puts it "
                               "there).")
                            .arg(formatSize(s.kvOffloadBytes))});
        else
            out.append({QStringLiteral("kv-offload"), Tr::tr("The CPU KV-offload tier"),
                        s.kvOffloadBytes,
                        Tr::tr("From 0.26 the CPU KV-offload tier (--kv-offloading-size) is one "
                               "file of the whole instance, /dev/shm/vllm_offload_*.mmap, "
                               "populated in full at start. A hybrid model was seen to take "
                               "1.92 times the size (vllm#53042): measure it.")});
    }
    if (s.mmShmCacheBytes && *s.mmShmCacheBytes > 0)
        out.append({QStringLiteral("mm-cache"), Tr::tr("The multimodal processor cache"),
                    *s.mmShmCacheBytes,
                    Tr::tr("--mm-processor-cache-type shm keeps the processed multimodal inputs "
                           "in one ring of --mm-processor-cache-gb in /dev/shm (4 GiB unless "
                           "set), filled as it is used.")});
}

void sglangTerms(const ServingSpec &s, QVector<PlanTerm> &out, QStringList *ids, QStringList *texts)
{
    const quint64 tp = std::max<quint64>(1, s.tensorParallel);
    const quint64 pp = std::max<quint64>(1, s.pipelineParallel);
    if (tp > 1)
        out.append({QStringLiteral("tp-group"), Tr::tr("The tensor-parallel group's broadcaster"),
                    satMul(ringBytes(GroupChunkBytes, tp - 1, GroupChunks), pp),
                    Tr::tr("SGLang's tensor-parallel group broadcasts to its other %1 rank(s) "
                           "through a ring of %2 chunks of %3 (SGLANG_USE_MESSAGE_QUEUE_"
                           "BROADCASTER, on by default): %4 per group, %5 group(s).")
                        .arg(tp - 1)
                        .arg(GroupChunks)
                        .arg(formatSize(GroupChunkBytes),
                             formatSize(ringBytes(GroupChunkBytes, tp - 1, GroupChunks)))
                        .arg(pp)});
    if (s.payloadBytes > 0)
        out.append({QStringLiteral("mm-features"), Tr::tr("Multimodal features in flight"),
                    s.payloadBytes,
                    Tr::tr("On one node the tokenizer hands each multimodal feature tensor to "
                           "the scheduler in a /dev/shm segment of its size, freed once the "
                           "scheduler has it: the features in flight at once "
                           "(serving.payload_bytes).")});
    else
        warn(ids, texts, "serving-payload-unknown",
             Tr::tr("A multimodal model's features pass from SGLang's tokenizer to its scheduler "
                    "through /dev/shm (freed when taken); set serving.payload_bytes to the "
                    "features in flight at once to plan them. Text models need none."));
}

void tritonTerms(const ServingSpec &s, QVector<PlanTerm> &out, QStringList *ids, QStringList *texts)
{
    const Bytes initial = s.poolDefaultBytes.value_or(TritonPoolDefaultBytes);
    const Bytes growth = std::max<Bytes>(1, s.poolGrowthBytes.value_or(TritonPoolGrowthBytes));
    const quint64 instances = std::max<quint64>(1, s.instances);
    // GrowIfNeeded adds growth x (request / growth + 1) to the pool and never shrinks it.
    const Bytes grown = s.payloadBytes > 0 ? satMul(growth, s.payloadBytes / growth + 1) : Bytes(0);
    const Bytes pool = satAdd(initial, grown);
    out.append({QStringLiteral("triton-pools"), Tr::tr("Triton's Python-backend pools"),
                satMul(pool, instances),
                (s.payloadBytes > 0
                     ? Tr::tr("Each of the %1 model instance(s) has a pool of its own that "
                              "starts at %2 (shm-default-byte-size) and grows by %3 steps "
                              "(shm-growth-byte-size) to hold the request and response tensors "
                              "of %4 (serving.payload_bytes): %5 each. A pool never shrinks.")
                           .arg(instances)
                           .arg(formatSize(initial), formatSize(growth), formatSize(s.payloadBytes),
                                formatSize(pool))
                     : Tr::tr("Each of the %1 model instance(s) has a pool of its own that "
                              "starts at %2 (shm-default-byte-size) and grows by %3 steps as "
                              "tensors pass through it, never shrinking.")
                           .arg(instances)
                           .arg(formatSize(initial), formatSize(growth)))});
    if (s.payloadBytes == 0)
        warn(ids, texts, "serving-payload-unknown",
             Tr::tr("Triton's Python-backend pools grow without a limit to the largest request "
                    "and response an instance holds at once: set serving.payload_bytes to it, "
                    "or the plan counts only their starting size."));
}

void lightllmTerms(const ServingSpec &s, QVector<PlanTerm> &out)
{
    const quint64 requests = s.maxRequests.value_or(LightLlmMaxRequests);
    const quint64 tokens = s.maxRequestTokens.value_or(LightLlmMaxRequestTokens);
    const Bytes structures =
        satAdd(satMul(LightLlmReqBytes, requests), satMul(satMul(requests, 16), tokens));
    out.append({QStringLiteral("lightllm-requests"), Tr::tr("LightLLM's request structures"),
                structures,
                Tr::tr("%1 requests (--running_max_req_size) of up to %2 tokens "
                       "(--max_req_total_len): %3 bytes of request structure and 16 bytes of "
                       "token log-probabilities per token each, as LightLLM's own check "
                       "computes.")
                    .arg(requests)
                    .arg(tokens)
                    .arg(LightLlmReqBytes)});
    out.append({QStringLiteral("lightllm-headroom"), Tr::tr("LightLLM's own headroom"),
                LightLlmHeadroomBytes,
                Tr::tr("LightLLM recommends 2 GiB more than its structures for text models "
                       "(shm_size_check.py) and warns, without stopping, below that; a "
                       "multimodal model's image cache (--cache_capacity) adds more.")});
}

} // namespace

QVector<PlanTerm> planTerms(const Profile &p, QStringList *warningIds, QStringList *warnings)
{
    QVector<PlanTerm> out;
    if (!p.serving.used)
        return out;
    switch (p.serving.server) {
    case Server::Plain:
    case Server::TorchServe:
        break;
    case Server::Vllm:
        vllmTerms(p.serving, out, warningIds, warnings);
        break;
    case Server::Sglang:
        sglangTerms(p.serving, out, warningIds, warnings);
        break;
    case Server::TritonPython:
        tritonTerms(p.serving, out, warningIds, warnings);
        break;
    case Server::LightLlm:
        lightllmTerms(p.serving, out);
        break;
    }
    return out;
}

ShmPlan computeServerPlan(const Profile &p)
{
    ShmPlan plan;
    plan.environmentDefaultBytes = environmentDefaultShm(p.environment);
    plan.breakdown = planTerms(p, &plan.warningIds, &plan.warnings);
    const quint64 n = modelProcesses(p);
    const nccl::ShmEstimate e = nccl::estimateShm(p.nccl, n, p.job.gpus);
    if (e.high > 0)
        plan.breakdown.append({QStringLiteral("nccl"), nccl::titleShm(e), e.high,
                               nccl::summarizeShm(p.nccl, n, e), QString(),
                               nccl::explainShm(p.nccl, n, e)});
    if (p.job.otherShmBytes > 0)
        plan.breakdown.append(
            {QStringLiteral("other"), Tr::tr("The server's other shared memory"),
             p.job.otherShmBytes,
             p.job.otherShmKind.isEmpty()
                 ? Tr::tr("Shared memory the server kept in /dev/shm besides the terms above, as "
                          "measured.")
                 : Tr::tr("Shared memory the server kept in /dev/shm besides the terms above, as "
                          "measured: %1.")
                       .arg(p.job.otherShmKind)});
    plan.requiredBytes = termsBytes(plan.breakdown);
    Bytes rec = niceRoundUp(satAdd(plan.requiredBytes, plan.requiredBytes / 4));
    if (plan.environmentDefaultBytes && rec < *plan.environmentDefaultBytes)
        rec = *plan.environmentDefaultBytes;
    plan.recommendedBytes = std::max(rec, plan.requiredBytes);
    plan.nofileLimit = model::DefaultNofile;
    if (p.host.memoryBytes && plan.requiredBytes > *p.host.memoryBytes)
        addPlanError(plan, "shm-above-host-memory",
                     Tr::tr("The server needs %1 of /dev/shm, more than the host's memory (%2): "
                            "/dev/shm lives in memory, so it can never hold that.")
                         .arg(formatSize(plan.requiredBytes), formatSize(*p.host.memoryBytes)));
    else if (p.job.memoryBytes && plan.requiredBytes > *p.job.memoryBytes)
        addPlanError(plan, "memory-limit-below-shm",
                     Tr::tr("The server needs %1 of /dev/shm, more than its memory limit (%2): "
                            "pages in /dev/shm count against the limit, so it is OOM-killed "
                            "before /dev/shm fills. Raise the limit.")
                         .arg(formatSize(plan.requiredBytes), formatSize(*p.job.memoryBytes)));
    return plan;
}

std::optional<ServerJob> serverJob(const ServingSpec &s)
{
    const QString tp = QString::number(std::max<quint64>(1, s.tensorParallel));
    const QString pp = QString::number(std::max<quint64>(1, s.pipelineParallel));
    auto gib = [](Bytes b) {
        return QString::number(std::max<Bytes>(1, (b + (1ULL << 30) - 1) >> 30));
    };
    ServerJob j;
    switch (s.server) {
    case Server::Plain:
    case Server::TorchServe:
        return std::nullopt;
    case Server::Vllm:
        j.image = QStringLiteral("vllm/vllm-openai:latest");
        j.command = {QStringLiteral("vllm"), QStringLiteral("serve"),
                     QStringLiteral("facebook/opt-125m"), QStringLiteral("--tensor-parallel-size"),
                     tp};
        if (s.pipelineParallel > 1)
            j.command << QStringLiteral("--pipeline-parallel-size") << pp;
        if (s.dataParallel > 1)
            j.command << QStringLiteral("--data-parallel-size") << QString::number(s.dataParallel);
        if (s.multiprocessExecutor)
            j.command << QStringLiteral("--distributed-executor-backend") << QStringLiteral("mp");
        if (s.kvOffloadBytes)
            j.command << QStringLiteral("--kv-offloading-size") << gib(s.kvOffloadBytes);
        if (s.mmShmCacheBytes)
            j.command << QStringLiteral("--mm-processor-cache-type") << QStringLiteral("shm")
                      << QStringLiteral("--mm-processor-cache-gb") << gib(*s.mmShmCacheBytes);
        return j;
    case Server::Sglang:
        j.image = QStringLiteral("lmsysorg/sglang:latest");
        j.command = {QStringLiteral("python3"),
                     QStringLiteral("-m"),
                     QStringLiteral("sglang.launch_server"),
                     QStringLiteral("--model-path"),
                     QStringLiteral("Qwen/Qwen2.5-0.5B-Instruct"),
                     QStringLiteral("--tp"),
                     tp,
                     QStringLiteral("--host"),
                     QStringLiteral("0.0.0.0")};
        return j;
    case Server::TritonPython:
        j.image = QStringLiteral("nvcr.io/nvidia/tritonserver:25.07-py3");
        j.command = {QStringLiteral("tritonserver"), QStringLiteral("--model-repository=/models")};
        if (s.poolDefaultBytes)
            j.command << QStringLiteral("--backend-config=python,shm-default-byte-size=%1")
                             .arg(*s.poolDefaultBytes);
        if (s.poolGrowthBytes)
            j.command << QStringLiteral("--backend-config=python,shm-growth-byte-size=%1")
                             .arg(*s.poolGrowthBytes);
        return j;
    case Server::LightLlm:
        j.image = QStringLiteral("ghcr.io/modeltc/lightllm:main");
        j.command = {QStringLiteral("python3"),
                     QStringLiteral("-m"),
                     QStringLiteral("lightllm.server.api_server"),
                     QStringLiteral("--model_dir"),
                     QStringLiteral("/models/model"),
                     QStringLiteral("--tp"),
                     tp};
        if (s.maxRequests)
            j.command << QStringLiteral("--running_max_req_size")
                      << QString::number(*s.maxRequests);
        if (s.maxRequestTokens)
            j.command << QStringLiteral("--max_req_total_len")
                      << QString::number(*s.maxRequestTokens);
        return j;
    }
    return std::nullopt;
}

void setServing(Profile &p, const ServingSpec &next)
{
    const JobSpec defaults;
    const auto jobOf = [](const ServingSpec &spec) {
        return spec.used ? serverJob(spec) : std::nullopt;
    };
    const auto before = jobOf(p.serving);
    const bool ownImage =
        p.job.image != defaults.image && !(before && before->image == p.job.image);
    const bool ownCommand =
        p.job.command != defaults.command && !(before && before->command == p.job.command);
    p.serving = next;
    const auto after = jobOf(p.serving);
    if (!ownImage)
        p.job.image = after ? after->image : defaults.image;
    if (!ownCommand)
        p.job.command = after ? after->command : defaults.command;
}

bool imageHasServerEntrypoint(const QString &image)
{
    static const QRegularExpression vllm(
        QStringLiteral(R"(^(?:docker\.io/)?vllm/vllm-openai(?:[:@]|$))"));
    return vllm.match(image).hasMatch();
}

} // namespace serving

} // namespace shmwise
