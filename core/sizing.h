// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/profile.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace shmwise {

// One line of a plan's breakdown: what takes /dev/shm, how much, and why.
struct PlanTerm
{
    PlanTerm() = default;
    PlanTerm(QString id_, QString title_, Bytes bytes_, QString why_, QString loader_ = {},
             QString details_ = {})
        : id(std::move(id_)), title(std::move(title_)), bytes(bytes_), why(std::move(why_)),
          loader(std::move(loader_)), details(std::move(details_))
    {}
    QString
        id; // stable: prefetch, held, headers, resident, semaphores, processes, nccl, ray, margin
    QString title; // translated
    Bytes bytes = 0;
    QString why;    // translated
    QString loader; // the loader the term belongs to, in a job of several; else empty
    // How the figure is counted, where that takes more than `why`'s sentence (translated; the
    // window folds it, `plan` prints it under `why`); else empty.
    QString details;
};

struct ShmPlan
{
    // One collated batch as it lands in /dev/shm: each tensor of the batch is one shared-memory
    // object, and tmpfs allocates whole pages for it.
    Bytes batchBytes = 0;
    quint64 batchesInFlight = 0; // per process, all loaders: queues + batches the loop holds
    Bytes requiredBytes = 0;     // the least /dev/shm that runs the job without a Bus error
    Bytes recommendedBytes = 0;  // what to configure: required plus headroom, rounded
    std::optional<Bytes> environmentDefaultBytes;
    QVector<PlanTerm> breakdown;
    quint64 openFiles = 0;   // shared-memory file descriptors the main process holds at most
    quint64 nofileLimit = 0; // a `ulimit -n` that covers them with room for the rest
    QStringList warnings;    // translated
    QStringList warningIds;  // one per warning: what it is about ("shm-below-plan")
    // What makes the plan impossible as configured (translated): /dev/shm larger than the memory
    // it lives in. The wizard keeps Next disabled and `plan`/`generate` exit 2 while any is set.
    QStringList errors;
    QStringList errorIds; // one per error
    // In a job of several loaders, the one whose run makes the fullest moment (the others are
    // counted idle beside it); empty for one loader.
    QString runningLoader;
};

// A warning or error of the plan, with the id that says what it is about: the same id as the
// host finding that says the same from a probe (findings.h), where there is one.
inline void addPlanWarning(ShmPlan &plan, const char *id, const QString &text)
{
    plan.warnings << text;
    plan.warningIds << QLatin1String(id);
}
inline void addPlanError(ShmPlan &plan, const char *id, const QString &text)
{
    plan.errors << text;
    plan.errorIds << QLatin1String(id);
}

// DataLoader settings and the /dev/shm they need.
struct ShmFitOption
{
    quint64 numWorkers = 0;
    quint64 prefetchFactor = 0; // 0 when numWorkers is 0
    quint64 batchSize = 0;
    Bytes requiredBytes = 0;
};

// The settings a fit chooses among, richest first, each needing less /dev/shm than the one
// before it: the profile's own settings first, loading in the main process last. fitPlan() takes
// the first that fits; the generated loader does the same at run time. In a job of several
// loaders only the first changes here (the sizes are the whole job's); jobFitOptions() leans them
// all.
QVector<ShmFitOption> fitOptions(const Profile &profile);

// Settings for every loader of the job, and what the whole job needs with them.
struct JobFitOption
{
    QVector<ShmFitOption> loaders; // in the order of Profile::loaders(); their requiredBytes is 0
    int leaned = -1;               // the loader this option changed; -1: the profile's own
    Bytes requiredBytes = 0;
};
// The fit across all loaders, richest first, each needing less than the one before: the other
// loaders (validation, evaluation) lean before the training loader (the first), prefetch depth
// before workers, an evaluation batch before the training batch, loading in the main process
// last. With one loader it is fitOptions(); fitPlan() and the generated loader use it.
QVector<JobFitOption> jobFitOptions(const Profile &profile);

// The calibrated model. Exposed so the breakdown, the tests and docs/model.md speak of the same
// numbers.
namespace model {
// Batches the training loop holds besides the prefetch queue: the one being trained on and the
// one being handed over. Under fork without persistent workers, each new epoch forks fresh
// workers while the loop still holds the last batch, and they inherit its mapping: one more.
constexpr quint64 HeldBatches = 2;
constexpr quint64 HeldBatchesForkRespawn = 3;
// Python multiprocessing's semaphores live in /dev/shm: 8 pages per loader and 3 per worker,
// measured up to twice that at an epoch boundary.
constexpr quint64 SemaphorePagesPerLoader = 8;
constexpr quint64 SemaphorePagesPerWorker = 3;
constexpr quint64 SemaphoreFactor = 2;
// NCCL's share is estimated in core/nccl.h (estimateShm) from what the profile says of it.
// Headroom over the measured peaks: repeated runs of one configuration differ by a few
// percent, and batches of variable-size samples vary more.
constexpr Bytes MarginFixed = 2ULL * 1024 * 1024;
constexpr quint64 MarginPercent = 5;
// Under file_system each shared tensor's file starts with a header (PyTorch's refcounted map
// allocator): measured 64 bytes on PyTorch 1.13 (a 4032-byte tensor takes one page, 4036 two).
// file_descriptor files hold only the data.
constexpr Bytes FileSystemHeaderBytes = 64;
// Under file_descriptor each live shared tensor is one open descriptor. The main process holds
// those of every batch it has taken from the workers: the held ones and, when one worker is slow,
// the batches of all the others, taken out of order (measured on PyTorch 1.13, 64 keys, 8
// workers, prefetch 2: 674-738 descriptors with uniform samples, 930 with one slow sample; the
// bound is 19 batches, 1216). A worker holds only its own queue (prefetch_factor + 1 batches),
// never more than that bound. Each process has its own limit.
Bytes headerBytes(const Workload &w);
quint64 openFilesPerProcess(const Workload &w, quint64 workers, quint64 prefetchFactor);
// Files a Python training process holds open besides the shared tensors (libraries, sockets,
// CUDA's device nodes).
constexpr quint64 BaseOpenFiles = 256;
constexpr quint64 DefaultNofile = 1024;
// The kernel's default fs.nr_open: no process may have a nofile limit above it, so setrlimit
// (and pam_limits, Docker's --ulimit, a container runtime) fails for a larger one.
constexpr quint64 NrOpenDefault = 1048576;

// Copies of the Dataset's resident tensors in /dev/shm while the loader runs: one under spawn
// or forkserver (the Dataset is pickled once, its tensors moved into /dev/shm); under fork none,
// unless samples are views that reach the queue uncopied: then each worker shares the whole
// storage, W copies, and W + 1 without persistent workers (at a new epoch the loop still holds
// a batch of an old worker's copy). Measured on PyTorch 1.13 and 2.6.
quint64 datasetCopies(const Workload &w, quint64 workers);
// Batches the loop holds for a workload (HeldBatches or HeldBatchesForkRespawn).
quint64 heldBatches(const Workload &w);
} // namespace model

ShmPlan computePlan(const Profile &profile);

// A size people write, at least `bytes`: 64, 128, 192, 256, 384, 512, 768 MiB, then 1, 1.5, 2,
// 3, 4, 6, 8, 12, ... GiB.
Bytes niceRoundUp(Bytes bytes);

QJsonObject planToJson(const ShmPlan &plan);

} // namespace shmwise
