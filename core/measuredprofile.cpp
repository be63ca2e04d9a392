// SPDX-License-Identifier: GPL-3.0-or-later
// The profile made of a measurement (profileFromMeasurement), and a measurement applied to the
// profile of the job being planned (applyMeasurement).
#include "core/measurement.h"

#include <QCoreApplication>
#include <QSet>

#include <algorithm>
#include <climits>

namespace shmwise {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::Measurement)
};

// A name the profile takes for a tensor: letters, digits and '_', not starting with a digit.
QString tensorName(const QString &key, QSet<QString> *used)
{
    QString n;
    for (const QChar c : key) {
        if ((c.isLetterOrNumber() && c.unicode() < 128) || c == QLatin1Char('_'))
            n += c;
        else if (!n.endsWith(QLatin1Char('_')))
            n += QLatin1Char('_');
    }
    while (n.endsWith(QLatin1Char('_')) && n.size() > 1)
        n.chop(1);
    if (n.isEmpty() || n == QLatin1String("_"))
        n = QStringLiteral("tensor");
    if (n.at(0).isDigit())
        n.prepend(QStringLiteral("item"));
    n.truncate(48);
    QString unique = n;
    for (int i = 2; used->contains(unique); ++i)
        unique = n + QString::number(i);
    used->insert(unique);
    return unique;
}

// The profile's dtype for a measured one; an unknown dtype becomes one of its element size.
DType dtypeFor(const MeasuredTensor &t)
{
    if (const auto d = dtypeFromName(t.dtype))
        return *d;
    switch (t.itemSize) {
    case 8:
        return DType::Float64;
    case 2:
        return DType::Float16;
    case 1:
        return DType::UInt8;
    default:
        return DType::Float32;
    }
}

QVector<TensorSpec> sampleOf(const MeasuredLoader &l)
{
    QVector<TensorSpec> sample;
    QSet<QString> used;
    for (const MeasuredTensor &m : l.tensors) {
        TensorSpec t(tensorName(m.key, &used), m.maxShape, dtypeFor(m));
        // An element size above the dtype's (complex128 as float64) counts whole elements more.
        const int known = dtypeFromName(m.dtype) ? 0 : m.itemSize;
        if (known > 8 && !t.shape.isEmpty())
            t.shape.last() *= quint64(known / 8);
        else if (known > 8)
            t.shape = {quint64(known / 8)};
        if (m.minShape.size() == m.maxShape.size() && m.minShape != m.maxShape && known <= 8)
            t.minShape = m.minShape;
        sample.append(t);
    }
    return sample;
}

} // namespace

std::optional<Profile> profileFromMeasurement(const QVector<MeasuredLoader> &loadersIn,
                                              Environment environment, QStringList *notes)
{
    // A loader never iterated whose Dataset a later loader took over was replaced by it
    // (Accelerate's prepare(), Lightning's distributed sampler): it never runs.
    QVector<int> kept;
    for (int i = 0; i < loadersIn.size(); ++i) {
        const MeasuredLoader &l = loadersIn[i];
        bool replaced = false;
        for (int j = i + 1; j < loadersIn.size() && !l.seen(); ++j)
            replaced = replaced || (loadersIn[j].datasetId == l.datasetId && l.datasetId != 0 &&
                                    loadersIn[j].pids == l.pids);
        if (replaced) {
            notes->append(Tr::tr("The loader made at %1 was replaced by a later one over the "
                                 "same dataset and never ran; it is left out.")
                              .arg(l.where()));
            continue;
        }
        kept.append(i);
    }
    const MeasuredLoader *model = nullptr;
    for (int i : kept) {
        if (loadersIn[i].seen() && !loadersIn[i].tensors.isEmpty()) {
            model = &loadersIn[i];
            break;
        }
    }
    // No batch reached the main process (a worker died writing its first one to a full
    // /dev/shm): the batches the workers sent are planned as one tensor of their bytes.
    QVector<MeasuredLoader> fromWorkers;
    if (!model) {
        fromWorkers = loadersIn;
        for (int i : kept) {
            MeasuredLoader &l = fromWorkers[i];
            if (l.workerBatchBytes == 0)
                continue;
            const quint64 samples = std::max<quint64>(
                1, l.batchSize.value_or(std::max<quint64>(1, l.workerBatchSamples)));
            MeasuredTensor t;
            t.key = QStringLiteral("batch");
            t.dtype = QStringLiteral("uint8");
            t.itemSize = 1;
            t.maxShape = {(l.workerBatchBytes + samples - 1) / samples};
            t.minShape = t.maxShape;
            l.tensors = {t};
            l.kind = QStringLiteral("stack");
            l.maxSamples = samples;
            l.maxShmBytes = l.workerBatchBytes;
            notes->append(
                Tr::tr("Loader %1 delivered no batch, but its workers made batches of "
                       "up to %2: the plan is made from those.")
                    .arg(l.name.isEmpty() ? l.where() : l.name, formatSize(l.workerBatchBytes)));
            if (!model)
                model = &l;
        }
    }
    if (!model) {
        notes->append(Tr::tr("No DataLoader delivered a batch while the job was measured, so "
                             "there is nothing to plan from."));
        return std::nullopt;
    }
    Profile p = newProfile();
    p.environment = environment;
    p.otherLoaders.clear();
    QVector<Workload> all;
    const QVector<MeasuredLoader> &loaders = fromWorkers.isEmpty() ? loadersIn : fromWorkers;
    for (int i : kept) {
        const MeasuredLoader &l = loaders[i];
        const MeasuredLoader &shapes =
            (l.seen() || l.workerBatchBytes > 0) && !l.tensors.isEmpty() ? l : *model;
        Workload w;
        w.name = l.name;
        w.lifetime = measuredLifetime(l);
        w.wholeBatches = shapes.kind == QLatin1String("whole");
        w.collate = shapes.kind == QLatin1String("list") ? Collate::List : Collate::Stack;
        w.dataset = l.iterable ? DatasetKind::Iterable : DatasetKind::Map;
        w.sample = sampleOf(shapes);
        quint64 batch = l.batchSize.value_or(0);
        if (batch == 0)
            batch = std::max<quint64>(1, l.seen() ? l.maxSamples : shapes.maxSamples);
        // A batch sampler may make batches larger than any batch_size the loader states.
        batch = std::max(batch, l.maxSamples);
        w.batchSize = std::clamp<quint64>(batch, 1, 1u << 20);
        // Single samples grouped into batches by the main process.
        if (w.batchSize == 1 && l.groupedBatchSize >= 2)
            w.groupedBatchSize = l.groupedBatchSize;
        w.setNumWorkers(std::min<quint64>(l.numWorkers, 1024));
        if (w.numWorkers > 0 && l.prefetchFactor)
            w.prefetchFactor = std::clamp<quint64>(*l.prefetchFactor, 1, 1024);
        w.persistentWorkers = w.numWorkers > 0 && l.persistentWorkers;
        w.pinMemory = l.pinMemory;
        w.startMethod = startMethodFromName(l.startMethod).value_or(StartMethod::Fork);
        w.sharingStrategy =
            sharingStrategyFromName(l.sharingStrategy).value_or(SharingStrategy::FileDescriptor);
        w.datasetResidentBytes = std::max(l.residentBytes, l.viewBytes);
        // Batches the script kept referenced beyond the two the loop holds: a whole pass kept
        // (itertools.cycle, a cached list of every batch) is samples, whose bytes stay the same
        // at any batch size; a shorter window is batches, which grow with it.
        // Counted in whole batches of what they held: a list that keeps only each batch's
        // labels is a few pages a batch, not the batches.
        const Bytes perBatch = std::max<Bytes>(l.maxShmBytes, PageSize);
        const quint64 extra =
            l.numWorkers > 0 && l.maxKeptBytes > 0 ? (l.maxKeptBytes + perBatch - 1) / perBatch : 0;
        if (extra > 0) {
            if (l.epochBatches && l.maxLive >= *l.epochBatches)
                w.keptSamples = satMul(extra, std::max<quint64>(1, batch));
            else
                w.keptBatches = extra;
            notes->append(Tr::tr("The script kept up to %n batch(es) of loader %1 referenced "
                                 "besides the two the loop holds%2; they stay in /dev/shm and "
                                 "are planned as %3.",
                                 nullptr, int(std::min<quint64>(extra, INT_MAX)))
                              .arg(l.name.isEmpty() ? l.where() : l.name,
                                   l.epochBatches && l.maxLive >= *l.epochBatches
                                       ? Tr::tr(" (a whole pass of its batches)")
                                       : QString(),
                                   w.keptSamples ? QStringLiteral("kept_samples")
                                                 : QStringLiteral("kept_batches")));
            // The line that keeps them, where the hook saw it.
            QStringList where;
            for (const MeasuredLoader::KeptAt &k : l.keptAt)
                where << (k.holder == QLatin1String("itertools.cycle")
                              ? Tr::tr("an itertools.cycle over the batches asked for at %1")
                          : k.holder == QLatin1String("list")
                              ? Tr::tr("a list of the batches asked for at %1")
                          : k.holder.isEmpty()
                              ? Tr::tr("the batches asked for at %1")
                              : Tr::tr("a %1 of the batches asked for at %2").arg(k.holder))
                             .arg(k.site);
            if (!where.isEmpty())
                notes->append(Tr::tr("What keeps them: %1.").arg(where.join(QStringLiteral("; "))));
        }
        w.viewsIntoDataset = l.viewBytes > 0;
        // The framework the loader was made by, when ShmWise knows its settings.
        if (frameworkNames().contains(l.framework))
            w.framework = l.framework;
        if (&shapes != &l)
            notes->append(Tr::tr("Loader %1 (%2) delivered no batch while the job was measured; "
                                 "it is planned with the sample of loader %3.")
                              .arg(l.name, l.where(), shapes.name));
        all.append(w);
    }
    p.workload = all.takeFirst();
    p.workload.processesPerNode = std::clamp<quint64>(quint64(model->pids.size()), 1, 1024);
    // The job's processes run every loader of it: processes_per_node is the job's.
    for (Workload &other : all)
        other.processesPerNode = p.workload.processesPerNode;
    p.otherLoaders = all;
    if (p.otherLoaders.isEmpty())
        p.workload.name.clear();
    return p;
}

QStringList applyMeasurement(Profile &job, const Profile &measured)
{
    QStringList changes;
    const Workload before = job.workload;
    const Workload &after = measured.workload;
    auto change = [&](const QString &what, const QString &from, const QString &to) {
        if (from != to)
            changes << Tr::tr("%1 %2 → %3").arg(what, from, to);
    };
    const auto yesNo = [](bool b) {
        return b ? Tr::tr("on") : Tr::tr("off");
    };
    change(Tr::tr("batch size"), QString::number(before.batchSize),
           QString::number(after.batchSize));
    change(Tr::tr("workers"), QString::number(before.numWorkers),
           QString::number(after.numWorkers));
    change(Tr::tr("prefetch factor"), QString::number(before.effectivePrefetchFactor()),
           QString::number(after.effectivePrefetchFactor()));
    change(Tr::tr("persistent workers"), yesNo(before.persistentWorkers),
           yesNo(after.persistentWorkers));
    change(Tr::tr("pin memory"), yesNo(before.pinMemory), yesNo(after.pinMemory));
    change(Tr::tr("start method"), startMethodName(before.startMethod),
           startMethodName(after.startMethod));
    change(Tr::tr("sharing strategy"), sharingStrategyName(before.sharingStrategy),
           sharingStrategyName(after.sharingStrategy));
    if (before.sample != after.sample || before.sampleBytes != after.sampleBytes)
        changes << Tr::tr("the sample as measured (%n tensor(s))", nullptr,
                          int(after.sample.size()));
    if (job.otherLoaders.size() != measured.otherLoaders.size())
        changes << Tr::tr("other loaders %1 → %2")
                       .arg(job.otherLoaders.size())
                       .arg(measured.otherLoaders.size());
    if (job.job.otherShmBytes != measured.job.otherShmBytes)
        changes << Tr::tr("other shared memory %1 → %2")
                       .arg(formatSize(job.job.otherShmBytes),
                            formatSize(measured.job.otherShmBytes));
    const quint64 processes = before.processesPerNode;
    job.workload = after;
    job.otherLoaders = measured.otherLoaders;
    job.workload.processesPerNode = processes;
    job.job.otherShmBytes = measured.job.otherShmBytes;
    job.job.otherShmKind = measured.job.otherShmKind;
    if (after.processesPerNode != processes)
        changes << Tr::tr("processes per node kept at %1 (the measured run had %2)")
                       .arg(processes)
                       .arg(after.processesPerNode);
    return changes;
}

} // namespace shmwise
