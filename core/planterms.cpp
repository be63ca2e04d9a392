// SPDX-License-Identifier: GPL-3.0-or-later
// The plan's breakdown in words (each term with why it is there) and the plan as JSON.
#include "core/sizing.h"
#include "core/sizing_p.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <climits>

namespace shmwise {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::Sizing)
};
} // namespace

namespace detail {

void appendRunningTerms(ShmPlan &plan, const Workload &w, const LoaderCore &c, const QString &tag)
{
    const quint64 workers = w.numWorkers;
    const quint64 pf = w.effectivePrefetchFactor();
    const int first = plan.breakdown.size();
    if (workers > 0) {
        plan.breakdown.append(
            {QStringLiteral("prefetch"), Tr::tr("Batches prefetched by workers"), c.prefetch,
             Tr::tr("%1 workers x prefetch_factor %2 = %3 batches of %4 each, collated by the "
                    "workers straight into /dev/shm and waiting for the training loop.")
                     .arg(workers)
                     .arg(pf)
                     .arg(satMul(workers, pf))
                     .arg(formatSize(c.batchData)) +
                 (w.samplesVary()
                      ? Tr::tr(" Samples vary in size: every batch is counted at the largest "
                               "shape given, since a collate that pads to the longest sample "
                               "makes a batch of batch_size x the longest.")
                      : QString())});
        const quint64 held = model::heldBatches(w);
        plan.breakdown.append(
            {QStringLiteral("held"), Tr::tr("Batches held by the training loop"), c.held,
             held == model::HeldBatchesForkRespawn
                 ? Tr::tr("%1 more batches stay in /dev/shm: the batch being trained on, the one "
                          "being handed over, and, at each new epoch, the last batch, which the "
                          "freshly forked workers inherit (persistent_workers=True avoids that "
                          "one).")
                       .arg(held)
                 : Tr::tr("%1 more batches stay in /dev/shm while the loop uses them: the batch "
                          "being trained on and the one being handed over.")
                       .arg(held)});
        if (c.headers > 0)
            plan.breakdown.append(
                {QStringLiteral("headers"), Tr::tr("file_system headers"), c.headers,
                 Tr::tr("Under the file_system strategy each shared tensor's file holds a "
                        "%1-byte header in front of the data (measured), so a tensor whose bytes "
                        "per batch are a multiple of 4 KiB, or just under one, takes one page "
                        "more: %2 per batch here, over %3 batches in flight. file_descriptor "
                        "has no header.")
                     .arg(model::FileSystemHeaderBytes)
                     .arg(formatSize(c.batch - c.batchData))
                     .arg(c.inFlight)});
        if (c.resident > 0 && w.startMethod != StartMethod::Fork)
            plan.breakdown.append(
                {QStringLiteral("resident"), Tr::tr("Dataset tensors moved to /dev/shm"),
                 c.resident,
                 Tr::tr("Under the %1 start method the Dataset is pickled to each worker; its "
                        "tensors are moved into /dev/shm once and stay there for the loader's "
                        "life. Under fork they would be inherited instead.")
                     .arg(startMethodName(w.startMethod))});
        else if (c.resident > 0)
            plan.breakdown.append(
                {QStringLiteral("resident"), Tr::tr("Dataset tensor shared whole by each worker"),
                 c.resident,
                 Tr::tr("Each sample is a slice of the Dataset's %1 tensor and reaches the queue "
                        "uncopied. Under fork, sharing a slice moves the slice's whole storage "
                        "into /dev/shm, once in each worker: %2 copies (measured), one more at "
                        "each new epoch while the loop holds the last batch unless "
                        "persistent_workers=True. .clone() the slice in the Dataset, or use "
                        "spawn, and only the batches take /dev/shm.")
                     .arg(formatSize(w.datasetResidentBytes))
                     .arg(model::datasetCopies(w, workers))});
        if (c.grouped > 0)
            plan.breakdown.append(
                {QStringLiteral("grouped"), Tr::tr("Samples grouped by the main process"),
                 c.grouped,
                 Tr::tr("The DataLoader yields single samples, which the main process groups "
                        "into batches of %1 in two buckets by aspect ratio (Detectron2's "
                        "ASPECT_RATIO_GROUPING): the batch being trained on, %1 samples, and up "
                        "to %2 more in the two part-filled buckets, all still in /dev/shm.")
                     .arg(w.groupedBatchSize)
                     .arg(2 * (w.groupedBatchSize - 1))});
        if (c.kept > 0) {
            QStringList what;
            if (w.keptBatches > 0)
                what << Tr::tr("%n batch(es) (a window of batches pulled ahead, a list of recent "
                               "ones)",
                               nullptr, int(std::min<quint64>(w.keptBatches, INT_MAX)));
            if (w.keptSamples > 0)
                what << Tr::tr("%n sample(s) kept across batches (a pass kept by "
                               "itertools.cycle, cached validation batches)",
                               nullptr, int(std::min<quint64>(w.keptSamples, INT_MAX)));
            plan.breakdown.append(
                {QStringLiteral("kept"), Tr::tr("Batches the script keeps"), c.kept,
                 Tr::tr("The script keeps references to %1 (measured). A batch from the workers "
                        "stays in /dev/shm as long as anything refers to it, so these are "
                        "counted whole, at %2 a batch. Copy what must be kept "
                        "(tensor.clone()), or keep less, and they leave /dev/shm.")
                     .arg(what.join(Tr::tr(" and ")), formatSize(c.batch))});
        }
        plan.breakdown.append(
            {QStringLiteral("semaphores"), Tr::tr("Multiprocessing semaphores"), c.semaphores,
             Tr::tr("Python's multiprocessing keeps its semaphores in /dev/shm: a few pages per "
                    "loader and per worker, doubled at an epoch boundary when workers restart.")});
    } else {
        plan.breakdown.append(
            {QStringLiteral("prefetch"), Tr::tr("Batches prefetched by workers"), 0,
             Tr::tr("num_workers is 0: the main process loads every batch itself, so the "
                    "DataLoader puts nothing in /dev/shm (and loading is not parallel).")});
    }
    if (!tag.isEmpty()) {
        for (int i = first; i < plan.breakdown.size(); ++i) {
            plan.breakdown[i].loader = w.name;
            plan.breakdown[i].title = Tr::tr("%1 (%2, running)").arg(plan.breakdown[i].title, tag);
        }
    }
}

void appendIdleTerm(ShmPlan &plan, const Workload &w, const LoaderCore &c, const QString &running)
{
    if (c.idle == 0)
        return;
    PlanTerm t;
    t.loader = w.name;
    t.bytes = c.idle;
    if (w.lifetime == LoaderLifetime::OneAtATime) {
        t.id = QStringLiteral("released");
        t.title = Tr::tr("%1, done, while %2 runs").arg(w.name, running);
        t.why = Tr::tr("%1 runs to its end before %2 starts, so its queue is empty; the loop "
                       "variable still holds its last batch (%3), and its semaphores stay.")
                    .arg(w.name, running, formatSize(c.batch));
    } else {
        t.id = QStringLiteral("parked");
        t.title = w.lifetime == LoaderLifetime::Parked
                      ? Tr::tr("%1, parked while %2 runs").arg(w.name, running)
                      : Tr::tr("%1, kept alive while %2 runs").arg(w.name, running);
        t.why = Tr::tr("%1's iterator stays alive with its prefetch queue full while %2 runs "
                       "(measured): %3 batches of %4, counting the one the loop still holds, "
                       "and its semaphores.")
                    .arg(w.name, running)
                    .arg(c.idleBatches)
                    .arg(formatSize(c.batch));
    }
    if (c.resident > 0)
        t.why += Tr::tr(" Its Dataset's tensors in /dev/shm stay with it.");
    plan.breakdown.append(t);
}

} // namespace detail

QJsonObject planToJson(const ShmPlan &plan)
{
    QJsonArray breakdown;
    for (const PlanTerm &t : plan.breakdown) {
        QJsonObject o{{QStringLiteral("id"), t.id},
                      {QStringLiteral("title"), t.title},
                      {QStringLiteral("bytes"), qint64(t.bytes)},
                      {QStringLiteral("why"), t.why}};
        if (!t.loader.isEmpty())
            o.insert(QStringLiteral("loader"), t.loader);
        if (!t.details.isEmpty())
            o.insert(QStringLiteral("details"), t.details);
        breakdown.append(o);
    }
    QJsonArray warnings, errors;
    for (const QString &s : plan.warnings)
        warnings.append(s);
    for (const QString &s : plan.errors)
        errors.append(s);
    QJsonObject out{
        {QStringLiteral("required_bytes"), qint64(plan.requiredBytes)},
        {QStringLiteral("recommended_bytes"), qint64(plan.recommendedBytes)},
        {QStringLiteral("environment_default_bytes"),
         plan.environmentDefaultBytes ? QJsonValue(qint64(*plan.environmentDefaultBytes))
                                      : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("batch_bytes"), qint64(plan.batchBytes)},
        {QStringLiteral("batches_in_flight"), qint64(plan.batchesInFlight)},
        {QStringLiteral("open_files"), qint64(plan.openFiles)},
        {QStringLiteral("nofile_limit"), qint64(plan.nofileLimit)},
        {QStringLiteral("breakdown"), breakdown},
        {QStringLiteral("warnings"), warnings},
        {QStringLiteral("errors"), errors},
    };
    if (!plan.runningLoader.isEmpty())
        out.insert(QStringLiteral("running_loader"), plan.runningLoader);
    return out;
}

} // namespace shmwise
