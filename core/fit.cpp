// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/fit.h"

#include "core/serving.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <algorithm>

namespace shmwise {

QString fitTextInUi(const char *source)
{
    return QCoreApplication::translate("shmwise::Fit", source);
}

QStringList fitCosts(const Workload &w, bool possible, Bytes shmBytes, quint64 numWorkers,
                     quint64 prefetchFactor, quint64 batchSize, const FitText &text)
{
    QStringList costs;
    if (!possible) {
        costs << text(QT_TRANSLATE_NOOP("shmwise::Fit",
                                        "Nothing fits in %1: NCCL alone needs more. Set "
                                        "NCCL_SHM_DISABLE=1 (slower, over the network) or give "
                                        "the job more /dev/shm."))
                     .arg(formatSize(shmBytes));
        return costs;
    }
    const quint64 pf0 = std::max<quint64>(1, w.effectivePrefetchFactor());
    if (numWorkers < w.numWorkers && numWorkers > 0)
        costs << text(QT_TRANSLATE_NOOP("shmwise::Fit",
                                        "num_workers %1 instead of %2: fewer batches are prepared "
                                        "in parallel, so loading may become the bottleneck."))
                     .arg(numWorkers)
                     .arg(w.numWorkers);
    if (numWorkers > 0 && prefetchFactor < pf0)
        costs << text(QT_TRANSLATE_NOOP("shmwise::Fit",
                                        "prefetch_factor %1 instead of %2: a shorter queue absorbs "
                                        "less variation in loading time."))
                     .arg(prefetchFactor)
                     .arg(pf0);
    if (batchSize < w.batchSize)
        costs << text(QT_TRANSLATE_NOOP("shmwise::Fit",
                                        "batch_size %1 instead of %2: this changes training "
                                        "itself (scale the learning rate, or accumulate "
                                        "gradients over %3 steps)."))
                     .arg(batchSize)
                     .arg(w.batchSize)
                     .arg((w.batchSize + batchSize - 1) / batchSize);
    if (numWorkers == 0 && w.numWorkers > 0)
        costs << text(QT_TRANSLATE_NOOP("shmwise::Fit",
                                        "num_workers 0: batches are loaded in the training "
                                        "process, one at a time, with no /dev/shm used; expect "
                                        "slower steps."));
    return costs;
}

namespace {

// What the fitted settings of every loader give up; with several loaders each sentence names its
// loader.
QStringList jobCosts(const Profile &profile, bool possible, Bytes shmBytes,
                     const QVector<ShmFitOption> &settings, const FitText &text)
{
    const QVector<Workload> all = profile.loaders();
    if (!possible || settings.size() != all.size())
        return fitCosts(profile.workload, false, shmBytes, 0, 0, profile.workload.batchSize, text);
    QStringList costs;
    for (int i = 0; i < all.size(); ++i) {
        const ShmFitOption &o = settings[i];
        const QStringList own =
            fitCosts(all[i], true, shmBytes, o.numWorkers, o.prefetchFactor, o.batchSize, text);
        for (const QString &c : own)
            costs << (all.size() > 1 ? text(QT_TRANSLATE_NOOP("shmwise::Fit", "Loader %1: %2"))
                                           .arg(all[i].name, c)
                                     : c);
    }
    return costs;
}

} // namespace

namespace {

// A server that runs no loader of the profile's: only its own settings change what it needs.
QString serverCost(Bytes required, Bytes shmBytes, const FitText &text)
{
    return text(QT_TRANSLATE_NOOP("shmwise::Fit",
                                  "The server's own structures need %1, more than the %2 of "
                                  "/dev/shm there; no DataLoader setting changes them. Lower the "
                                  "server's settings (vLLM: VLLM_MQ_MAX_CHUNK_BYTES_MB, fewer "
                                  "tensor-parallel processes; Triton: fewer instances, smaller "
                                  "requests), or run it where /dev/shm can be raised."))
        .arg(formatSize(required), formatSize(shmBytes));
}

} // namespace

ShmFit fitPlan(const Profile &profile, Bytes shmBytes)
{
    const Workload &w = profile.workload;
    ShmFit fit;
    fit.shmBytes = shmBytes;
    if (!profile.otherLoaders.isEmpty()) {
        for (const Workload &l : profile.loaders())
            fit.loaderNames << l.name;
    }
    // A server that runs no loader of the profile's has no loader setting to lean: its own
    // structures fit or they do not, and its own settings are what to change.
    if (serving::serverOnly(profile)) {
        fit.requiredBytes = computePlan(profile).requiredBytes;
        fit.possible = fit.fitsAsConfigured = fit.requiredBytes <= shmBytes;
        if (!fit.possible)
            fit.costs << serverCost(fit.requiredBytes, shmBytes, fitTextInUi);
        return fit;
    }
    const QVector<JobFitOption> options = jobFitOptions(profile);
    for (int i = 0; i < options.size(); ++i) {
        const JobFitOption &o = options[i];
        if (o.requiredBytes > shmBytes)
            continue;
        fit.possible = true;
        fit.fitsAsConfigured = i == 0;
        fit.loaders = o.loaders;
        fit.numWorkers = o.loaders.constFirst().numWorkers;
        fit.prefetchFactor =
            i == 0 ? w.effectivePrefetchFactor() : o.loaders.constFirst().prefetchFactor;
        fit.batchSize = o.loaders.constFirst().batchSize;
        fit.requiredBytes = o.requiredBytes;
        break;
    }
    if (fit.fitsAsConfigured)
        return fit;
    fit.costs = jobCosts(profile, fit.possible, shmBytes, fit.loaders, fitTextInUi);
    return fit;
}

LoaderSettings loaderSettings(const Profile &profile, const ShmPlan &plan)
{
    const Workload &w = profile.workload;
    LoaderSettings s;
    if (profile.shmAdjustable()) {
        s.numWorkers = w.numWorkers;
        s.prefetchFactor = w.numWorkers > 0 ? w.effectivePrefetchFactor() : 0;
        s.batchSize = w.batchSize;
        s.requiredBytes = plan.requiredBytes;
        return s;
    }
    // What the job gets when nobody can raise /dev/shm: what the profile measured, else the
    // environment's documented default (half the RAM on bare metal, when the RAM is known), else
    // the 64 MiB container runtimes give. Anything but a measurement is said to be assumed.
    // Where no default is documented (SageMaker, Vertex AI) nothing is assumed: the plan's own
    // settings stay, and the job measures /dev/shm before it trusts them (the preflight).
    const auto byDefault = environmentDefaultShm(profile.environment);
    if (!profile.host.shmBytes && !byDefault && environmentRunsInContainer(profile.environment)) {
        s.shmUnknown = true;
        s.numWorkers = w.numWorkers;
        s.prefetchFactor = w.numWorkers > 0 ? w.effectivePrefetchFactor() : 0;
        s.batchSize = w.batchSize;
        s.requiredBytes = plan.requiredBytes;
        return s;
    }
    s.fitted = true;
    if (profile.host.shmBytes) {
        s.availableShm = *profile.host.shmBytes;
    } else {
        s.shmAssumed = true;
        s.availableShm = byDefault                  ? *byDefault
                         : profile.host.memoryBytes ? *profile.host.memoryBytes / 2
                                                    : 64 * MiB;
    }
    const ShmFit fit = fitPlan(profile, s.availableShm);
    s.costs = fit.costs;
    s.fits = fit.possible;
    if (serving::serverOnly(profile)) {
        // No loader to lean: the server's own structures, which fit or do not.
        s.requiredBytes = fit.requiredBytes;
        return s;
    }
    s.loaders = fit.loaders;
    if (fit.possible) {
        s.numWorkers = fit.numWorkers;
        s.prefetchFactor = fit.numWorkers > 0 ? fit.prefetchFactor : 0;
        s.batchSize = fit.batchSize;
        s.requiredBytes = fit.requiredBytes;
    } else {
        // Nothing fits (NCCL alone is too big): loading in the main process is the least shm,
        // and what it still needs is what the plan says for no workers.
        Profile noWorkers = profile;
        noWorkers.workload.setNumWorkers(0);
        s.numWorkers = 0;
        s.prefetchFactor = 0;
        s.batchSize = w.batchSize;
        s.requiredBytes = computePlan(noWorkers).requiredBytes;
    }
    return s;
}

QStringList loaderCosts(const Profile &profile, const LoaderSettings &s, const FitText &text)
{
    if (!s.fitted)
        return {};
    if (serving::serverOnly(profile))
        return s.fits ? QStringList()
                      : QStringList{serverCost(s.requiredBytes, s.availableShm, text)};
    if (s.fits && s.loaders.size() > 1)
        return jobCosts(profile, true, s.availableShm, s.loaders, text);
    return fitCosts(profile.workload, s.fits, s.availableShm, s.numWorkers, s.prefetchFactor,
                    s.batchSize, text);
}

bool settingsAsConfigured(const Workload &w, const LoaderSettings &s)
{
    const quint64 ownPrefetch = w.numWorkers > 0 ? w.effectivePrefetchFactor() : 0;
    return s.fits && s.numWorkers == w.numWorkers && s.batchSize == w.batchSize &&
           (s.numWorkers == 0 || s.prefetchFactor == ownPrefetch);
}

QJsonObject fitToJson(const ShmFit &fit)
{
    QJsonArray costs;
    for (const QString &s : fit.costs)
        costs.append(s);
    QJsonObject o{
        {QStringLiteral("shm_bytes"), qint64(fit.shmBytes)},
        {QStringLiteral("fits_as_configured"), fit.fitsAsConfigured},
        {QStringLiteral("possible"), fit.possible},
        {QStringLiteral("num_workers"), qint64(fit.numWorkers)},
        {QStringLiteral("prefetch_factor"),
         fit.numWorkers ? QJsonValue(qint64(fit.prefetchFactor)) : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("batch_size"), qint64(fit.batchSize)},
        {QStringLiteral("required_bytes"), qint64(fit.requiredBytes)},
        {QStringLiteral("costs"), costs},
    };
    if (fit.loaders.size() > 1) {
        QJsonArray loaders;
        for (int i = 0; i < fit.loaders.size(); ++i) {
            const ShmFitOption &l = fit.loaders[i];
            loaders.append(QJsonObject{{QStringLiteral("name"), fit.loaderNames.value(i)},
                                       {QStringLiteral("num_workers"), qint64(l.numWorkers)},
                                       {QStringLiteral("prefetch_factor"),
                                        l.numWorkers ? QJsonValue(qint64(l.prefetchFactor))
                                                     : QJsonValue(QJsonValue::Null)},
                                       {QStringLiteral("batch_size"), qint64(l.batchSize)}});
        }
        o.insert(QStringLiteral("loaders"), loaders);
    }
    return o;
}

} // namespace shmwise
