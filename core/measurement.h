// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What `shmwise measure` saw of a running job: the DataLoaders its Python hook
// (resources/measure/sitecustomize.py) reported, line by line, and the profile made of them.
// No I/O here: the command feeds the hook's lines and the sampler's readings in.

#include "core/frameworks.h"
#include "core/profile.h"
#include "core/size.h"

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QMap>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace shmwise {

// One tensor of a loader's sample as measured: its largest and smallest shape over the batches
// seen. `packed`: the batch held it with a first dimension other than the samples of the batch
// (targets concatenated across samples); its per-sample size is that dimension divided by the
// samples, rounded up.
struct MeasuredTensor
{
    QString key; // the path in the batch: "input_ids", "0", "instances/gt_boxes"
    QString dtype;
    int itemSize = 0;
    QVector<quint64> maxShape;
    QVector<quint64> minShape;
    bool packed = false;
};

struct MeasuredLoader
{
    // Where the job made it: the first frame of the job's own code.
    QString file;
    int line = 0;
    QString function;
    QString framework;      // transformers, lightning, ultralytics, mmengine, detectron2, timm...
    QString frameworkFrame; // file:line of the framework's code that made it
    QString className;      // the DataLoader class (a framework's subclass)
    QVector<qint64> pids;   // the processes (ranks) that made it

    std::optional<quint64> batchSize; // none: a batch sampler makes the batches
    // The batches the main process groups the loader's single samples into (Detectron2's
    // AspectRatioGroupedDataset); 0 when nothing groups them.
    quint64 groupedBatchSize = 0;
    quint64 numWorkers = 0;
    std::optional<quint64> prefetchFactor;
    bool persistentWorkers = false;
    bool pinMemory = false;
    QString startMethod;
    QString sharingStrategy;
    QString collate;
    QString batchSampler;
    QString sampler;
    QString dataset;
    bool iterable = false;
    Bytes residentBytes = 0;
    quint64 datasetId = 0; // the Dataset object's identity in its process
    quint64 iterations = 0;

    // From the batches the main process received.
    quint64 batches = 0;
    QVector<Bytes> batchShmBytes; // of each batch, at most MaxBatchesKept of them
    Bytes maxShmBytes = 0;
    Bytes maxTensorBytes = 0;
    quint64 maxObjects = 0;
    quint64 maxSamples = 0;
    QString kind; // stack, list or whole; empty when no batch was seen
    QVector<MeasuredTensor> tensors;
    Bytes viewBytes = 0; // the largest storage a batch's tensor was a small view of
    bool truncated = false;
    // The most of its batches the script referred to at once, as the main process received one
    // (the loop's own two included), and the batches of one pass when the loader knows them.
    quint64 maxLive = 0;
    Bytes maxKeptBytes = 0; // of older batches than the loop's two, still referred to
    // Where the job asked for batches it then kept (file:line of its own code) and what holds
    // them ("itertools.cycle", "list", "collections.deque", "dict"; empty when not found), at
    // most four places.
    struct KeptAt
    {
        QString site;
        QString function;
        QString holder;
    };
    QVector<KeptAt> keptAt;
    std::optional<quint64> epochBatches;
    // The largest batch its workers sent, as they sent it (a worker killed while writing one to
    // a full /dev/shm counts too), and its samples: what a run in which the main process never
    // received a batch is planned from.
    Bytes workerBatchBytes = 0;
    quint64 workerBatchSamples = 0;
    double firstBatchTime = -1;
    double lastBatchTime = -1;
    // The loaders (indexes into MeasuredJob::loaders) whose iterator was open and unfinished
    // while this one yielded a batch.
    QSet<int> openBeside;
    // The loaders that yielded batches while an iterator of this one was open and unfinished.
    QSet<int> parkedWhile;

    QString name; // the profile's name for it: train, val, ...
    bool seen() const { return batches > 0; }
    // "file:line" for people.
    QString where() const;
    Bytes batchPercentile(int percent) const;
};

inline constexpr int MaxBatchesKept = 100000;
// The tensors of one loader's batches kept: a batch of more is marked truncated.
inline constexpr int MaxTensorsKept = 4096;

// Reads the hook's lines as they come. Lines that are not the hook's, or are cut off, are
// counted and skipped; nothing the job writes can make it fail.
class MeasurementLog
{
public:
    void feed(const QByteArray &line);

    QVector<MeasuredLoader> loaders;
    QString torchVersion;
    QString pythonVersion;
    QSet<qint64> hookPids;  // processes where the hook ran
    QStringList hookErrors; // the hook switched itself off, and why
    int badLines = 0;
    quint64 totalBatches = 0;
    double lastBatchTime = -1;
    // Tensors the script moved to shared memory itself (Tensor.share_memory_: a Hogwild model),
    // by the line that did it (file:line), in bytes; at most 64 lines.
    QMap<QString, Bytes> sharedByScript;

    // Batches of the loader with the fewest, among all loaders made; 0 with none.
    quint64 fewestBatches() const;

private:
    // (pid, hook id) -> index into loaders
    QHash<QPair<qint64, int>, int> m_index;
    // (pid, index into loaders): the loaders a process has made
    QSet<QPair<qint64, int>> m_taken;
    // index into loaders -> tensor key -> index into that loader's tensors
    QHash<int, QHash<QString, int>> m_tensorIndex;
};

// Names the loaders: the first made is "train" (a framework's training loader is made first),
// the others "val", "val2", ...; an evaluation loader keeps the name its function or variable
// suggests when it is a plain word.
void nameLoaders(QVector<MeasuredLoader> &loaders);

// How a loader lives beside the others, from what the hook saw.
LoaderLifetime measuredLifetime(const MeasuredLoader &l);

// The profile of the job as measured: every loader seen, with its settings and its sample at
// the largest shapes seen, in the environment given. A loader made but never iterated is
// planned with the sample of the first loader that was, and `notes` says so; loaders of ranks
// become processes_per_node. Returns nullopt, with a note, when no loader was seen at all.
std::optional<Profile> profileFromMeasurement(const QVector<MeasuredLoader> &loaders,
                                              Environment environment, QStringList *notes);

// A measurement applied to the job being planned: the loaders (their settings and samples) and
// the shared memory the measurement found beside them are the measurement's; the job's hosts,
// GPUs and processes per node stay the job's (a run on a laptop with one process says what one
// process uses). Returns, for people, each value that changed and each that was kept though the
// measurement differed.
QStringList applyMeasurement(Profile &job, const Profile &measured);

QJsonObject measuredLoaderToJson(const MeasuredLoader &l);

// The sample as measured, for people: "input_ids int64 [32..512]; labels int64 []".
QString measuredSampleText(const MeasuredLoader &l);

} // namespace shmwise
