// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The frameworks that build DataLoaders for the user (Hugging Face's Trainer, Lightning,
// Ultralytics, MMEngine, Detectron2, timm, Accelerate): where each reads a loader's settings, in
// its own words, and what they mean there (per rank, or the total over all GPUs).

#include "core/profile.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace shmwise {

// The setting a framework reads for a loader's knobs, in its own words, and what it means there.
struct FrameworkKnobs
{
    QString framework;
    QString workers;  // where num_workers is set
    QString batch;    // where the batch size is set
    QString prefetch; // empty when the framework passes no prefetch_factor through
    QString persistent;
    QString note; // translated: what the knob means there (per rank, global, ...)
};
std::optional<FrameworkKnobs> frameworkKnobs(const QString &framework);

// The names a profile's `framework:` takes, as `shmwise measure` writes them.
QStringList frameworkNames();
// The framework's name for people ("Hugging Face Transformers"), or the name as given.
QString frameworkTitle(const QString &framework);
// What the knobs mean there, untranslated (context "shmwise::Measurement"), for a translator of
// the caller's choosing (a generated file's language); null for an unknown framework.
const char *frameworkNoteSource(const QString &framework);

// Whether the framework's other loaders take their workers from the training loader's setting
// (one dataloader_num_workers, one -j, one NUM_WORKERS for all of them).
bool frameworkSharesWorkers(const QString &framework);

// The loader's planned settings in the framework's own words, ready to paste: for the first
// (training) loader, "TrainingArguments(per_device_train_batch_size=32, ...)"; for a framework
// whose other loaders follow from the training one's settings (Ultralytics, Detectron2), empty
// for those. `training` is whether `w` is the job's first loader; batch sizes the framework
// counts over all GPUs are the per-process batch times the processes per node.
QStringList frameworkSettings(const QString &framework, const Workload &w, quint64 batchSize,
                              quint64 numWorkers, quint64 prefetch, bool training);

} // namespace shmwise
