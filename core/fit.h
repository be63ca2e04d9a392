// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Fitting a job to the /dev/shm there is: the richest DataLoader settings whose plan fits, what
// each change gives up, and the settings the generated loader and preflight use.

#include "core/profile.h"
#include "core/sizing.h"

#include <QJsonObject>
#include <QStringList>

#include <functional>

namespace shmwise {

// The largest DataLoader settings whose plan fits a given /dev/shm.
struct ShmFit
{
    Bytes shmBytes = 0;
    bool fitsAsConfigured = false; // the profile's own settings fit
    bool possible = false;         // some setting fits (num_workers 0 always does, NCCL aside)
    quint64 numWorkers = 0;
    quint64 prefetchFactor = 0; // 0 when numWorkers is 0
    quint64 batchSize = 0;
    Bytes requiredBytes = 0; // of the fitted settings
    QStringList costs;       // translated: what the user gives up
    // Every loader's fitted settings, in the order of Profile::loaders() (the fields above are
    // the first's); empty when nothing fits.
    QVector<ShmFitOption> loaders;
    QStringList loaderNames; // with several loaders, their names, in the same order
};
ShmFit fitPlan(const Profile &profile, Bytes shmBytes);
QJsonObject fitToJson(const ShmFit &fit);

// Looks up one of the fit's sentences, marked QT_TRANSLATE_NOOP("shmwise::Fit", "..."), in some
// language: the UI's (fitPlan) or a generated file's.
using FitText = std::function<QString(const char *source)>;
// The sentences of the fit in the UI's language.
QString fitTextInUi(const char *source);

// What fitted settings give up against the workload's own settings, one sentence each, in the
// language `text` gives; when `possible` is false, the one sentence that nothing fits in
// `shmBytes`.
QStringList fitCosts(const Workload &workload, bool possible, Bytes shmBytes, quint64 numWorkers,
                     quint64 prefetchFactor, quint64 batchSize, const FitText &text);

// The DataLoader settings the snippet and the preflight use: the plan's own, or, when /dev/shm
// cannot be changed here, the fit for the /dev/shm there is.
struct LoaderSettings
{
    bool fitted = false;     // settings come from fitPlan()
    bool fits = true;        // when fitted: some setting fits (NCCL alone may not)
    bool shmAssumed = false; // when fitted: the profile does not say how big /dev/shm is
    // /dev/shm cannot be raised, and neither the profile nor a documented default says how big
    // it is (SageMaker, Vertex AI): nothing is fitted, the job must measure it first.
    bool shmUnknown = false;
    Bytes availableShm = 0; // the /dev/shm fitted to, when fitted
    quint64 numWorkers = 0;
    quint64 prefetchFactor = 0; // 0: not passed (no workers, or PyTorch's default)
    quint64 batchSize = 0;
    Bytes requiredBytes = 0;       // /dev/shm these settings need
    QStringList costs;             // in the UI's language, when fitted
    QVector<ShmFitOption> loaders; // when fitted: every loader's settings (ShmFit::loaders)
};
LoaderSettings loaderSettings(const Profile &profile, const ShmPlan &plan);

// What the fitted settings give up, in the language `text` gives (LoaderSettings::costs holds
// them in the UI's); empty unless fitted.
QStringList loaderCosts(const Profile &profile, const LoaderSettings &settings,
                        const FitText &text);

// Whether the settings are the workload's own: nothing to apply.
bool settingsAsConfigured(const Workload &workload, const LoaderSettings &settings);

} // namespace shmwise
