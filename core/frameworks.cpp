// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/frameworks.h"

#include <QCoreApplication>

namespace shmwise {

namespace {

struct Framework
{
    const char *name;
    const char *workers;
    const char *batch;
    const char *prefetch;
    const char *persistent;
    const char *note;
};

// Checked against each framework's source: Transformers' TrainingArguments fields, passed on by
// Trainer._get_dataloader; Ultralytics' build_dataloader (batch // world_size, the validation
// loader at twice the batch); Detectron2's build_batch_data_loader (IMS_PER_BATCH over all
// GPUs, AspectRatioGroupedDataset); MMEngine's Runner.build_dataloader; timm's train.py.
const Framework kFrameworks[] = {
    {"transformers", "TrainingArguments(dataloader_num_workers=N)",
     "TrainingArguments(per_device_train_batch_size=B, per_device_eval_batch_size=B)",
     "TrainingArguments(dataloader_prefetch_factor=P)",
     "TrainingArguments(dataloader_persistent_workers=True)",
     QT_TRANSLATE_NOOP("shmwise::Measurement",
                       "The Trainer makes one DataLoader per process; the batch sizes are per "
                       "device, so each rank holds its own.")},
    {"accelerate", "DataLoader(num_workers=N) before accelerator.prepare()",
     "DataLoader(batch_size=B) before accelerator.prepare()", "DataLoader(prefetch_factor=P)",
     "DataLoader(persistent_workers=True)",
     QT_TRANSLATE_NOOP("shmwise::Measurement",
                       "accelerator.prepare() makes a new loader from yours with the same "
                       "settings; the batch size stays per process.")},
    {"lightning", "DataLoader(num_workers=N) in the DataModule's *_dataloader()",
     "DataLoader(batch_size=B) in the DataModule's *_dataloader()", "DataLoader(prefetch_factor=P)",
     "DataLoader(persistent_workers=True)",
     QT_TRANSLATE_NOOP("shmwise::Measurement",
                       "Lightning runs the DataLoaders its DataModule returns (re-made with a "
                       "distributed sampler under DDP); validation in the middle of an epoch "
                       "(val_check_interval) parks the training loader with its queue full.")},
    {"ultralytics", "workers=N", "batch=B", nullptr, nullptr,
     QT_TRANSLATE_NOOP("shmwise::Measurement",
                       "Ultralytics' batch is the total over all GPUs (each rank takes batch "
                       "divided by the world size) and workers is per rank; its validation "
                       "loader uses twice the batch (but for obb, semantic and depth tasks) and "
                       "twice the workers. Its loaders repeat their sampler forever, so the "
                       "training loader's queue stays full while validation runs.")},
    {"mmengine", "train_dataloader=dict(num_workers=N)", "train_dataloader=dict(batch_size=B)",
     "train_dataloader=dict(prefetch_factor=P)", "train_dataloader=dict(persistent_workers=True)",
     QT_TRANSLATE_NOOP("shmwise::Measurement",
                       "MMEngine passes the dict's keys to the DataLoader of each rank; "
                       "batch_size is per GPU, and val_dataloader has its own.")},
    {"detectron2", "cfg.DATALOADER.NUM_WORKERS", "cfg.SOLVER.IMS_PER_BATCH", nullptr, nullptr,
     QT_TRANSLATE_NOOP("shmwise::Measurement",
                       "Detectron2's IMS_PER_BATCH is the total over all GPUs; NUM_WORKERS is "
                       "per rank. With DATALOADER.ASPECT_RATIO_GROUPING (its default) the "
                       "workers yield single images, which the main process groups into "
                       "batches, holding up to two part-filled batches as well.")},
    {"timm", "train.py -j N (--workers)", "train.py -b B (--batch-size)", nullptr, nullptr,
     QT_TRANSLATE_NOOP("shmwise::Measurement",
                       "timm's -b is per process; validation uses --validation-batch-size or "
                       "the same batch.")},
};

const Framework *find(const QString &framework)
{
    for (const Framework &f : kFrameworks)
        if (framework == QLatin1String(f.name))
            return &f;
    return nullptr;
}

QString py(bool b)
{
    return b ? QStringLiteral("True") : QStringLiteral("False");
}

} // namespace

std::optional<FrameworkKnobs> frameworkKnobs(const QString &framework)
{
    const Framework *f = find(framework);
    if (!f)
        return std::nullopt;
    FrameworkKnobs k;
    k.framework = framework;
    k.workers = QLatin1String(f->workers);
    k.batch = QLatin1String(f->batch);
    k.prefetch = f->prefetch ? QLatin1String(f->prefetch) : QString();
    k.persistent = f->persistent ? QLatin1String(f->persistent) : QString();
    k.note = QCoreApplication::translate("shmwise::Measurement", f->note);
    return k;
}

QStringList frameworkNames()
{
    QStringList names;
    for (const Framework &f : kFrameworks)
        names << QLatin1String(f.name);
    return names;
}

QString frameworkTitle(const QString &framework)
{
    static const std::pair<const char *, const char *> titles[] = {
        {"transformers", "Hugging Face Transformers"},
        {"accelerate", "Hugging Face Accelerate"},
        {"lightning", "Lightning"},
        {"ultralytics", "Ultralytics"},
        {"mmengine", "MMEngine"},
        {"detectron2", "Detectron2"},
        {"timm", "timm"}};
    for (const auto &[name, title] : titles)
        if (framework == QLatin1String(name))
            return QLatin1String(title);
    return framework;
}

bool frameworkSharesWorkers(const QString &framework)
{
    return framework == QLatin1String("transformers") || framework == QLatin1String("timm") ||
           framework == QLatin1String("ultralytics") || framework == QLatin1String("detectron2");
}

const char *frameworkNoteSource(const QString &framework)
{
    const Framework *f = find(framework);
    return f ? f->note : nullptr;
}

QStringList frameworkSettings(const QString &framework, const Workload &w, quint64 batchSize,
                              quint64 numWorkers, quint64 prefetch, bool training)
{
    const quint64 ranks = qMax<quint64>(1, w.processesPerNode);
    const bool workers = numWorkers > 0;
    // Keyword arguments of a DataLoader (or a dict of one) in PyTorch's own names.
    auto kwargs = [&] {
        QStringList a{QStringLiteral("batch_size=%1").arg(batchSize),
                      QStringLiteral("num_workers=%1").arg(numWorkers)};
        if (workers) {
            a << QStringLiteral("prefetch_factor=%1").arg(prefetch);
            a << QStringLiteral("persistent_workers=%1").arg(py(w.persistentWorkers));
        }
        a << QStringLiteral("pin_memory=%1").arg(py(w.pinMemory));
        return a.join(QStringLiteral(", "));
    };
    if (framework == QLatin1String("transformers")) {
        // TrainingArguments holds one set of worker settings for the training and the evaluation
        // loaders (Trainer.get_train_dataloader / get_eval_dataloader read the same fields).
        if (!training)
            return {
                QStringLiteral("TrainingArguments(per_device_eval_batch_size=%1)").arg(batchSize)};
        QStringList a{QStringLiteral("per_device_train_batch_size=%1").arg(batchSize),
                      QStringLiteral("dataloader_num_workers=%1").arg(numWorkers)};
        if (workers) {
            a << QStringLiteral("dataloader_prefetch_factor=%1").arg(prefetch);
            a << QStringLiteral("dataloader_persistent_workers=%1").arg(py(w.persistentWorkers));
        }
        a << QStringLiteral("dataloader_pin_memory=%1").arg(py(w.pinMemory));
        return {QStringLiteral("TrainingArguments(%1)").arg(a.join(QStringLiteral(", ")))};
    }
    if (framework == QLatin1String("accelerate"))
        return {
            QStringLiteral("DataLoader(dataset, %1)  # then accelerator.prepare()").arg(kwargs())};
    if (framework == QLatin1String("lightning"))
        return {QStringLiteral("DataLoader(dataset, %1)  # returned by %2()")
                    .arg(kwargs(), training ? QStringLiteral("train_dataloader")
                                            : QStringLiteral("val_dataloader"))};
    if (framework == QLatin1String("mmengine"))
        return {QStringLiteral("%1=dict(%2)")
                    .arg(training ? QStringLiteral("train_dataloader")
                                  : QStringLiteral("val_dataloader"),
                         kwargs())};
    if (framework == QLatin1String("ultralytics")) {
        if (!training)
            return {};
        return {QStringLiteral("model.train(batch=%1, workers=%2)")
                    .arg(batchSize * ranks)
                    .arg(numWorkers)};
    }
    if (framework == QLatin1String("detectron2")) {
        if (!training)
            return {};
        // With aspect-ratio grouping the DataLoader yields single images (batch size 1) that the
        // main process groups into batches of IMS_PER_BATCH / ranks (grouped_batch_size); when
        // the profile does not say how many, IMS_PER_BATCH stays as it is.
        if (w.groupedBatchSize > 1)
            return {QStringLiteral("cfg.SOLVER.IMS_PER_BATCH = %1").arg(w.groupedBatchSize * ranks),
                    QStringLiteral("cfg.DATALOADER.NUM_WORKERS = %1").arg(numWorkers)};
        if (batchSize <= 1)
            return {QStringLiteral("cfg.DATALOADER.NUM_WORKERS = %1").arg(numWorkers)};
        return {QStringLiteral("cfg.SOLVER.IMS_PER_BATCH = %1").arg(batchSize * ranks),
                QStringLiteral("cfg.DATALOADER.NUM_WORKERS = %1").arg(numWorkers)};
    }
    if (framework == QLatin1String("timm"))
        return {training ? QStringLiteral("train.py -b %1 -j %2").arg(batchSize).arg(numWorkers)
                         : QStringLiteral("train.py --validation-batch-size %1").arg(batchSize)};
    return {};
}

} // namespace shmwise
