// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sizing.h"
#include "core/sizing_p.h"

#include "core/nccl.h"
#include "core/ray.h"
#include "core/serving.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <algorithm>
#include <limits>

namespace shmwise {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::Sizing)
};

// One batch in /dev/shm: each tensor of the batch is one shared-memory object of its bytes plus
// `header`, in whole pages. A list collate passes each sample's tensors on as objects of their
// own; a Dataset that yields whole batches makes one sample the batch.
Bytes batchBytesOf(const Workload &w, quint64 batchSize, Bytes header)
{
    if (w.wholeBatches)
        batchSize = 1;
    quint64 objectsPerTensor = 1;
    if (w.collate == Collate::List) {
        objectsPerTensor = batchSize;
        batchSize = 1;
    }
    if (w.sample.isEmpty())
        return satMul(
            roundUp(satAdd(satMul(w.sampleBytes.value_or(0), batchSize), header), PageSize),
            objectsPerTensor);
    Bytes total = 0;
    for (const TensorSpec &t : w.sample) {
        const auto b = t.bytes();
        total = satAdd(
            total,
            roundUp(satAdd(satMul(b ? *b : std::numeric_limits<Bytes>::max(), batchSize), header),
                    PageSize));
    }
    return satMul(total, objectsPerTensor);
}

} // namespace

Bytes model::headerBytes(const Workload &w)
{
    return w.sharingStrategy == SharingStrategy::FileSystem ? FileSystemHeaderBytes : 0;
}

quint64 model::openFilesPerProcess(const Workload &w, quint64 workers, quint64 prefetchFactor)
{
    if (w.sharingStrategy != SharingStrategy::FileDescriptor || workers == 0)
        return 0;
    // Samples grouped by the main process hold theirs too: the batch trained on and two
    // part-filled buckets.
    const quint64 grouped = w.groupedBatchSize > 1 ? 3 * w.groupedBatchSize - 2 : 0;
    return satMul(satAdd(satAdd(satMul(workers, prefetchFactor), heldBatches(w)), grouped),
                  w.tensorCount());
}

quint64 model::datasetCopies(const Workload &w, quint64 workers)
{
    if (workers == 0 || w.datasetResidentBytes == 0)
        return 0;
    if (w.startMethod != StartMethod::Fork)
        return 1;
    if (!w.sharesDatasetStorage())
        return 0;
    return w.persistentWorkers ? workers : workers + 1;
}

quint64 model::heldBatches(const Workload &w)
{
    return w.startMethod == StartMethod::Fork && !w.persistentWorkers ? HeldBatchesForkRespawn
                                                                      : HeldBatches;
}

namespace {

using detail::LoaderCore;

LoaderCore loaderCoreFor(const Workload &w, quint64 workers, quint64 prefetchFactor,
                         quint64 batchSize)
{
    LoaderCore c;
    c.batch = batchBytesOf(w, batchSize, model::headerBytes(w));
    c.batchData = batchBytesOf(w, batchSize, 0);
    if (workers == 0)
        return c; // the main process loads batches itself: nothing goes through /dev/shm
    c.prefetch = satMul(satMul(workers, prefetchFactor), c.batchData);
    const quint64 held = model::heldBatches(w);
    c.held = satMul(held, c.batchData);
    c.inFlight = satAdd(satMul(workers, prefetchFactor), held);
    c.headers = satMul(c.inFlight, c.batch - c.batchData);
    c.resident = satMul(model::datasetCopies(w, workers),
                        roundUp(satAdd(w.datasetResidentBytes, model::headerBytes(w)), PageSize));
    c.semaphores = satMul(
        satMul(model::SemaphoreFactor, PageSize),
        satAdd(model::SemaphorePagesPerLoader, satMul(model::SemaphorePagesPerWorker, workers)));
    // Grouping in the main process (Detectron2's AspectRatioGroupedDataset): the batch of N
    // being trained on, and two buckets of up to N - 1 samples each waiting to fill. The buckets
    // belong to the grouping object, so they stay while another loader runs.
    const quint64 n = w.groupedBatchSize;
    Bytes waiting = 0;
    if (n > 1) {
        waiting = satMul(2 * (n - 1), c.batch);
        c.grouped = satAdd(waiting, satMul(n, c.batch));
    }
    // Batches the script keeps referenced stay whole in /dev/shm, running or not; kept samples
    // are whole batches of them at the batch size planned.
    const quint64 perBatch = w.wholeBatches || batchSize == 0 ? 1 : batchSize;
    c.kept = satMul(satAdd(w.keptBatches, (w.keptSamples + perBatch - 1) / perBatch), c.batch);
    c.running =
        satAdd(satAdd(satAdd(satAdd(satAdd(satAdd(c.prefetch, c.held), c.headers), c.resident),
                             c.semaphores),
                      c.grouped),
               c.kept);
    c.idleBatches =
        w.lifetime == LoaderLifetime::OneAtATime ? 1 : satAdd(satMul(workers, prefetchFactor), 1);
    c.idleBatchBytes = satMul(c.idleBatches, c.batch);
    // A one-at-a-time loader's workers are gone once it has run (unless persistent); the batch
    // the loop keeps still holds one worker's copy of a shared Dataset tensor.
    Bytes idleResident = c.resident;
    if (w.lifetime == LoaderLifetime::OneAtATime && w.startMethod == StartMethod::Fork &&
        !w.persistentWorkers && c.resident > 0)
        idleResident = roundUp(satAdd(w.datasetResidentBytes, model::headerBytes(w)), PageSize);
    c.idle = satAdd(satAdd(satAdd(satAdd(c.idleBatchBytes, idleResident), c.semaphores), waiting),
                    c.kept);
    return c;
}

// The whole job at its fullest moment: one loader running, every other one idle beside it.
struct Core
{
    QVector<LoaderCore> loaders;
    int running = 0; // the loader whose run makes the fullest moment
    Bytes perProcess = 0;
    Bytes processes = 0; // the other processes' share
    Bytes nccl = 0;
    Bytes margin = 0;
    Bytes rayStore = 0; // a ceiling Ray keeps to, so no margin is counted over it
    Bytes required = 0;
};

// The job with each loader at the given settings (in the order of Profile::loaders()).
Core coreForSettings(const Profile &p, const QVector<ShmFitOption> &settings)
{
    Core c;
    const QVector<Workload> all = p.loaders();
    for (int i = 0; i < all.size(); ++i) {
        const ShmFitOption &o = settings[i];
        c.loaders.append(loaderCoreFor(all[i], o.numWorkers, o.prefetchFactor, o.batchSize));
    }
    Bytes idleAll = 0;
    for (const LoaderCore &l : c.loaders)
        idleAll = satAdd(idleAll, l.idle);
    for (int i = 0; i < c.loaders.size(); ++i) {
        const Bytes moment = satAdd(idleAll - c.loaders[i].idle, c.loaders[i].running);
        if (i == 0 || moment > c.perProcess) {
            c.perProcess = moment;
            c.running = i;
        }
    }
    const quint64 n = std::max<quint64>(1, p.workload.processesPerNode);
    c.processes = satMul(n - 1, c.perProcess);
    c.nccl = nccl::estimateShm(p.nccl, n, p.job.gpus).high;
    const Bytes subtotal =
        satAdd(satAdd(satAdd(c.perProcess, c.processes), c.nccl), p.job.otherShmBytes);
    if (subtotal > 0)
        c.margin = roundUp(satAdd(model::MarginFixed, satMul(subtotal / 100, model::MarginPercent)),
                           PageSize);
    c.rayStore = ray::countedStoreBytes(p);
    c.required = satAdd(satAdd(subtotal, c.margin), c.rayStore);
    return c;
}

QVector<ShmFitOption> profiledSettings(const Profile &p)
{
    QVector<ShmFitOption> settings;
    for (const Workload &w : p.loaders())
        settings.append({w.numWorkers, w.effectivePrefetchFactor(), w.batchSize, 0});
    return settings;
}

// The job with the first loader at the given settings (the fit's knobs) and every other loader
// as profiled.
Core coreFor(const Profile &p, quint64 workers, quint64 prefetchFactor, quint64 batchSize)
{
    QVector<ShmFitOption> settings = profiledSettings(p);
    settings[0] = {workers, prefetchFactor, batchSize, 0};
    return coreForSettings(p, settings);
}

} // namespace

Bytes niceRoundUp(Bytes bytes)
{
    if (bytes <= 64 * MiB)
        return 64 * MiB;
    const Bytes mib[] = {128, 192, 256, 384, 512, 768};
    for (Bytes m : mib) {
        if (bytes <= m * MiB)
            return m * MiB;
    }
    // 1, 1.5, 2, 3, 4, 6, 8, 12, ... GiB
    Bytes step = GiB;
    for (;;) {
        if (bytes <= step)
            return step;
        const Bytes half = step + step / 2;
        if (bytes <= half)
            return half;
        if (step > std::numeric_limits<Bytes>::max() / 2)
            return roundUp(bytes, GiB);
        step *= 2;
    }
}

ShmPlan computePlan(const Profile &profile)
{
    // A model server that runs no loader of the profile's: its own terms.
    if (serving::serverOnly(profile))
        return serving::computeServerPlan(profile);
    const Workload &w = profile.workload;
    const quint64 workers = w.numWorkers;
    const quint64 pf = w.effectivePrefetchFactor();
    const Core c = coreFor(profile, workers, pf, w.batchSize);
    const quint64 n = std::max<quint64>(1, w.processesPerNode);
    const QVector<Workload> all = profile.loaders();
    const bool several = all.size() > 1;

    ShmPlan plan;
    plan.batchBytes = c.loaders[0].batch;
    plan.environmentDefaultBytes = environmentDefaultShm(profile.environment);
    plan.requiredBytes = c.required;
    const Workload &run = all[c.running];
    plan.runningLoader = several ? run.name : QString();
    detail::appendRunningTerms(plan, run, c.loaders[c.running], several ? run.name : QString());
    plan.batchesInFlight = c.loaders[c.running].inFlight;
    for (int i = 0; i < all.size(); ++i) {
        if (i != c.running) {
            detail::appendIdleTerm(plan, all[i], c.loaders[i], run.name);
            plan.batchesInFlight = satAdd(plan.batchesInFlight, c.loaders[i].idleBatches);
        }
    }

    if (n > 1 && profile.serving.used) {
        plan.breakdown.append(
            {QStringLiteral("processes"), Tr::tr("The server's other worker processes"),
             c.processes,
             Tr::tr("%1 worker processes of the server each run their own DataLoaders for the "
                    "requests they answer, all at once under load, so the terms above are "
                    "needed %1 times over one shared /dev/shm.")
                 .arg(n)});
    } else if (n > 1) {
        plan.breakdown.append(
            {QStringLiteral("processes"), Tr::tr("Other data-parallel processes"), c.processes,
             Tr::tr("%1 processes on this host each run their own DataLoader, so the terms above "
                    "are needed %1 times over one shared /dev/shm.")
                 .arg(n)});
    }
    if (c.nccl > 0) {
        const nccl::ShmEstimate e = nccl::estimateShm(profile.nccl, n, profile.job.gpus);
        plan.breakdown.append({QStringLiteral("nccl"), nccl::titleShm(e), c.nccl,
                               nccl::summarizeShm(profile.nccl, n, e), QString(),
                               nccl::explainShm(profile.nccl, n, e)});
    }
    if (profile.job.otherShmBytes > 0)
        plan.breakdown.append(
            {QStringLiteral("other"), Tr::tr("The job's other shared memory"),
             profile.job.otherShmBytes,
             (profile.job.otherShmKind.isEmpty()
                  ? Tr::tr("Shared memory the job keeps in /dev/shm besides its loaders' batches, "
                           "as measured.")
                  : Tr::tr("Shared memory the job keeps in /dev/shm besides its loaders' batches, "
                           "as measured: %1.")
                        .arg(profile.job.otherShmKind)) +
                 Tr::tr(" It does not change with the loaders' settings; measure again after "
                        "changing what the script shares.")});
    ray::appendToPlan(profile, plan);
    if (c.margin > 0)
        plan.breakdown.append(
            {QStringLiteral("margin"), Tr::tr("Margin"), c.margin,
             Tr::tr("%1 plus %2% over the terms above: when ShmWise measured real PyTorch "
                    "DataLoaders, repeated runs of one configuration peaked a few percent apart, "
                    "and batches of variable-size samples vary more.")
                 .arg(formatSize(model::MarginFixed))
                 .arg(model::MarginPercent)});

    // Recommendation: headroom of a quarter for batches whose size varies, rounded to a size
    // people write, and never below the default (a smaller value would shrink /dev/shm, and 0
    // means "unlimited" or "default" depending on the tool).
    // Ray's store is a ceiling it keeps to, so the headroom and the rounding are over the rest,
    // and the sum is rounded to whole GiB.
    const Bytes varying = c.required - c.rayStore;
    Bytes rec = niceRoundUp(satAdd(varying, varying / 4));
    if (c.rayStore > 0)
        rec = roundUp(satAdd(rec, c.rayStore), GiB);
    if (plan.environmentDefaultBytes && rec < *plan.environmentDefaultBytes)
        rec = *plan.environmentDefaultBytes;
    plan.recommendedBytes = std::max(rec, c.required);

    // Each loader's descriptors, all of them at once: a parked loader's queue keeps its own.
    for (const Workload &l : all)
        plan.openFiles =
            satAdd(plan.openFiles,
                   model::openFilesPerProcess(l, l.numWorkers, l.effectivePrefetchFactor()));
    // Never above fs.nr_open's default: a larger limit is refused wherever it is set, and the
    // warning below says what to change instead.
    plan.nofileLimit =
        std::clamp<quint64>(roundUp(satAdd(plan.openFiles, model::BaseOpenFiles), 1024),
                            model::DefaultNofile, model::NrOpenDefault);

    // Errors: a /dev/shm that cannot exist. It lives in memory and counts against the memory
    // limit, so a plan above either can never run; without any stated memory, a plan above what
    // any single machine holds is the same mistake (a batch or worker count typed wrong).
    const HostSpec &h = profile.host;
    constexpr Bytes LargestMachine = Bytes(64) << 40; // 64 TiB
    if (h.memoryBytes && c.required > *h.memoryBytes)
        addPlanError(plan, "shm-above-host-memory",
                     Tr::tr("The job needs %1 of /dev/shm, more than the host's memory (%2): "
                            "/dev/shm lives in memory, so it can never hold that. Lower "
                            "batch_size, num_workers or prefetch_factor.")
                         .arg(formatSize(c.required), formatSize(*h.memoryBytes)));
    else if (profile.job.memoryBytes && c.required > *profile.job.memoryBytes)
        addPlanError(plan, "memory-limit-below-shm",
                     Tr::tr("The job needs %1 of /dev/shm, more than its memory limit (%2): "
                            "pages in /dev/shm count against the limit, so the job is "
                            "OOM-killed long before /dev/shm fills. Lower batch_size, "
                            "num_workers or prefetch_factor, or raise the limit.")
                         .arg(formatSize(c.required), formatSize(*profile.job.memoryBytes)));
    else if (!h.memoryBytes && !profile.job.memoryBytes && c.required > LargestMachine)
        addPlanError(plan, "shm-above-any-machine",
                     Tr::tr("The job needs %1 of /dev/shm, more than any single machine's "
                            "memory (%2 is already far beyond most): check batch_size, "
                            "num_workers and prefetch_factor.")
                         .arg(formatSize(c.required), formatSize(LargestMachine)));

    // Warnings: things that will break or waste memory.
    if (h.memoryBytes) {
        if (plan.recommendedBytes > *h.memoryBytes / 2)
            addPlanWarning(plan, "shm-over-half-memory",
                           Tr::tr("The recommended /dev/shm (%1) is more than half of the host's "
                                  "memory (%2): it competes with the page cache and the job's own "
                                  "memory. Lower num_workers, prefetch_factor or batch_size.")
                               .arg(formatSize(plan.recommendedBytes), formatSize(*h.memoryBytes)));
        if (profile.job.memoryBytes &&
            satAdd(*profile.job.memoryBytes, plan.recommendedBytes) > *h.memoryBytes)
            addPlanWarning(plan, "memory-plus-shm-over-host",
                           Tr::tr("The job's memory (%1) plus /dev/shm (%2) is more than the host "
                                  "has (%3): pages in /dev/shm count against the same memory, so "
                                  "the job would be OOM-killed.")
                               .arg(formatSize(*profile.job.memoryBytes),
                                    formatSize(plan.recommendedBytes), formatSize(*h.memoryBytes)));
    }
    if (h.cpus && satMul(workers, n) > *h.cpus + *h.cpus / 2)
        addPlanWarning(plan, "workers-over-cpus",
                       Tr::tr("%1 workers in all (%2 per process) for %3 CPUs: workers beyond the "
                              "CPUs add /dev/shm use without loading faster.")
                           .arg(satMul(workers, n))
                           .arg(workers)
                           .arg(*h.cpus));
    if (pf > 4)
        addPlanWarning(plan, "prefetch-deep",
                       Tr::tr("prefetch_factor %1 keeps %2 batches per worker in /dev/shm; more "
                              "than 2-4 rarely speeds training up.")
                           .arg(pf)
                           .arg(pf));
    if (w.sharingStrategy == SharingStrategy::FileSystem && workers > 0 &&
        w.startMethod != StartMethod::Fork)
        addPlanWarning(plan, "spawn-file-system",
                       Tr::tr("spawn or forkserver together with the file_system strategy was "
                              "seen to hang at interpreter exit on PyTorch 2.6 with Python 3.13, "
                              "after training finished (torch_shm_manager). Prefer "
                              "file_descriptor with a raised ulimit -n."));
    if (w.sharingStrategy == SharingStrategy::FileSystem && workers > 0)
        addPlanWarning(plan, "file-system-copies",
                       Tr::tr("The file_system sharing strategy keeps the same data in /dev/shm "
                              "as file_descriptor plus a %1-byte header per shared tensor, "
                              "%2 in all here (counted above). It avoids running out of file "
                              "descriptors, and leaves /dev/shm/torch_* files behind when a "
                              "process crashes.")
                           .arg(model::FileSystemHeaderBytes)
                           .arg(formatSize(c.loaders[0].headers)));
    for (const Workload &l : all) {
        const QString who = several ? Tr::tr("Loader %1: ").arg(l.name) : QString();
        if (l.numWorkers > 0 && l.startMethod == StartMethod::Fork && l.sharesDatasetStorage())
            addPlanWarning(plan, "dataset-moved-per-worker",
                           who + Tr::tr("each of the %1 workers moves the Dataset's whole %2 "
                                        "tensor into /dev/shm when it shares the first slice "
                                        "(counted above, %3 copies). .clone() the slice in "
                                        "__getitem__ or __iter__ (or use the spawn start "
                                        "method) and only the batches take /dev/shm.")
                                     .arg(l.numWorkers)
                                     .arg(formatSize(l.datasetResidentBytes))
                                     .arg(model::datasetCopies(l, l.numWorkers)));
        else if (l.numWorkers > 0 && l.startMethod == StartMethod::Fork &&
                 l.datasetResidentBytes > 0 && !l.viewsIntoDataset &&
                 (l.wholeBatches || l.collate == Collate::List))
            addPlanWarning(plan, "samples-uncopied",
                           who + Tr::tr("Samples reach the queue uncopied (%1). If they are "
                                        "slices of the Dataset's %2 tensor, each worker moves "
                                        "all of it into /dev/shm, which this plan does not "
                                        "count: set views_into_dataset: true, or .clone() "
                                        "the slices.")
                                     .arg(l.wholeBatches ? QStringLiteral("batch_size: none")
                                                         : QStringLiteral("collate: list"),
                                          formatSize(l.datasetResidentBytes)));
    }
    if (satAdd(plan.openFiles, model::BaseOpenFiles) > model::NrOpenDefault)
        addPlanWarning(plan, "open-files-over-nr-open",
                       Tr::tr("The main process can hold up to about %1 shared-memory file "
                              "descriptors, more than any process may open (fs.nr_open, %2 by "
                              "default): the limit is set to %2, which is not enough. Use the "
                              "file_system sharing strategy, fewer workers or a smaller "
                              "prefetch factor.")
                           .arg(plan.openFiles)
                           .arg(model::NrOpenDefault));
    else if (satAdd(plan.openFiles, model::BaseOpenFiles) > model::DefaultNofile)
        addPlanWarning(plan, "nofile-below-plan",
                       Tr::tr("The main process can hold up to about %1 shared-memory file "
                              "descriptors: raise ulimit -n to %2 (or use the file_system "
                              "strategy), or the loader fails with \"Too many open files\" or "
                              "\"received 0 items of ancdata\".")
                           .arg(plan.openFiles)
                           .arg(plan.nofileLimit));
    if (!profile.shmAdjustable()) {
        if (h.shmBytes && *h.shmBytes < c.required)
            addPlanWarning(plan, "shm-fixed-below-plan",
                           Tr::tr("/dev/shm here is %1 and cannot be changed, but the job needs "
                                  "%2: use the fitted DataLoader settings.")
                               .arg(formatSize(*h.shmBytes), formatSize(c.required)));
        else if (!h.shmBytes && !environmentHasShmSetting(profile.environment))
            addPlanWarning(plan, "shm-no-setting",
                           Tr::tr("%1 has no setting for /dev/shm; only DataLoader settings "
                                  "can keep the job within what it gives.")
                               .arg(environmentTitle(profile.environment)));
    } else if (h.shmBytes && *h.shmBytes < c.required) {
        addPlanWarning(plan, "shm-below-plan",
                       Tr::tr("/dev/shm is %1 today but the job needs %2: raise it before "
                              "training.")
                           .arg(formatSize(*h.shmBytes), formatSize(c.required)));
    }
    return plan;
}

QVector<ShmFitOption> fitOptions(const Profile &profile)
{
    const Workload &w = profile.workload;
    QVector<ShmFitOption> options;
    auto offer = [&](quint64 workers, quint64 pf, quint64 batch) {
        const Core c = coreFor(profile, workers, pf, batch);
        // Only settings that need less than every richer one: the others are never chosen.
        if (!options.isEmpty() && c.required >= options.constLast().requiredBytes)
            return;
        options.append({workers, workers ? pf : 0, batch, c.required});
    };
    offer(w.numWorkers, w.effectivePrefetchFactor(), w.batchSize);
    // Keep the batch size (it changes training itself) and as many workers as possible, giving
    // up prefetch depth first: at equal /dev/shm, more workers load faster than deeper queues.
    const quint64 pf0 = std::max<quint64>(1, w.effectivePrefetchFactor());
    for (quint64 workers = w.numWorkers; workers >= 1; --workers) {
        for (quint64 pf = pf0; pf >= 1; --pf)
            offer(workers, pf, w.batchSize);
    }
    // Then a smaller batch with one worker, before giving up parallel loading altogether.
    if (w.numWorkers >= 1) {
        for (quint64 batch = w.batchSize / 2; batch >= 1; batch /= 2)
            offer(1, 1, batch);
    }
    offer(0, 0, w.batchSize);
    return options;
}

QVector<JobFitOption> jobFitOptions(const Profile &profile)
{
    const QVector<Workload> all = profile.loaders();
    QVector<ShmFitOption> current = profiledSettings(profile);
    QVector<JobFitOption> options;
    auto offer = [&](int loader, quint64 workers, quint64 pf, quint64 batch) {
        QVector<ShmFitOption> settings = current;
        settings[loader] = {workers, workers ? pf : 0, batch, 0};
        const Core c = coreForSettings(profile, settings);
        // Only settings that need less than every richer one: the others are never chosen.
        if (!options.isEmpty() && c.required >= options.constLast().requiredBytes)
            return;
        current[loader] = settings[loader];
        options.append({settings, loader, c.required});
    };
    const Workload &first = all.constFirst();
    offer(0, first.numWorkers, first.effectivePrefetchFactor(), first.batchSize);
    options.last().leaned = -1;
    // The other loaders (validation, evaluation) give up loading speed before the training loader
    // does: their speed costs the job less. Each keeps its batch size and as many workers as
    // possible, giving up prefetch depth first.
    QVector<int> order;
    for (int i = int(all.size()) - 1; i >= 1; --i)
        order.append(i);
    order.append(0);
    for (int i : order) {
        const Workload &w = all[i];
        const quint64 pf0 = std::max<quint64>(1, w.effectivePrefetchFactor());
        for (quint64 workers = w.numWorkers; workers >= 1; --workers) {
            for (quint64 pf = pf0; pf >= 1; --pf)
                offer(i, workers, pf, w.batchSize);
        }
    }
    // Then an evaluation loader's batch (it does not change training) and its workers, before the
    // training loader's batch, and loading in the main process last.
    for (int i : order) {
        const Workload &w = all[i];
        if (w.numWorkers >= 1 && !w.wholeBatches) {
            for (quint64 batch = w.batchSize / 2; batch >= 1; batch /= 2)
                offer(i, 1, 1, batch);
        }
        offer(i, 0, 0, w.batchSize);
    }
    return options;
}

} // namespace shmwise
