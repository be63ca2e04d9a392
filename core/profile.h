// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/environments.h"
#include "core/servingspec.h"
#include "core/size.h"

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace shmwise {

// The largest values a profile takes: past them no flag ShmWise writes would be a real number.
constexpr quint64 MaxProfileGpus = 1024;
constexpr Bytes MaxProfileBytes = Bytes(1) << 60; // 1 EiB: memory, /dev/shm
constexpr quint64 MaxProfileCount = 1024;         // workers, prefetch factor, processes per node

struct TensorSpec
{
    TensorSpec() = default;
    TensorSpec(QString name_, QVector<quint64> shape_, DType dtype_ = DType::Float32,
               QVector<quint64> minShape_ = {})
        : name(std::move(name_)), shape(std::move(shape_)), dtype(dtype_),
          minShape(std::move(minShape_))
    {}
    QString name;
    QVector<quint64> shape; // empty: a scalar; for a dimension that varies, its largest value
    DType dtype = DType::Float32;
    // Empty when every dimension is fixed; else one entry per dimension: the smallest value of a
    // dimension that varies ("16000..160000"), equal to shape's for a fixed one.
    QVector<quint64> minShape;

    bool varies() const { return !minShape.isEmpty() && minShape != shape; }

    // Elements in one sample; nullopt when the product overflows 64 bits.
    std::optional<quint64> elements() const;
    std::optional<Bytes> bytes() const;
    bool operator==(const TensorSpec &o) const
    {
        return name == o.name && shape == o.shape && dtype == o.dtype &&
               (varies() ? minShape : QVector<quint64>()) ==
                   (o.varies() ? o.minShape : QVector<quint64>());
    }
};

// How a loader lives beside the job's other loaders.
enum class LoaderLifetime
{
    OneAtATime, // iterated to its end before another loader runs (an evaluation loader)
    Parked,     // paused mid-epoch with its prefetch queue full while another runs (validation
                // in the middle of a training epoch)
    Kept,       // its queue stays full for the whole job: a sampler that repeats forever, or an
                // iterator made at start-up and kept
};
QString loaderLifetimeName(LoaderLifetime l);
std::optional<LoaderLifetime> loaderLifetimeFromName(const QString &name);
QStringList loaderLifetimeNames();

// What the DataLoader's collate_fn makes of a batch of samples.
enum class Collate
{
    Stack, // one tensor per key of the sample (default_collate, padding collates)
    List,  // the list of samples itself (Detectron2's trivial_batch_collator)
};
QString collateName(Collate c);
std::optional<Collate> collateFromName(const QString &name);
QStringList collateNames();

enum class DatasetKind
{
    Map,
    Iterable
};
QString datasetKindName(DatasetKind k);
std::optional<DatasetKind> datasetKindFromName(const QString &name);
QStringList datasetKindNames();

// One DataLoader of the job.
struct Workload
{
    QString name; // the loader's name ("train", "val"); empty for a profile's only loader
    LoaderLifetime lifetime = LoaderLifetime::OneAtATime;
    Collate collate = Collate::Stack;
    DatasetKind dataset = DatasetKind::Map;
    // batch_size=None: the Dataset yields whole batches, each one "sample"; batchSize is unused.
    bool wholeBatches = false;
    // Each sample is a slice of a tensor the Dataset holds (datasetResidentBytes). When the
    // slice reaches the workers' queue uncopied (batch_size=None or a list collate), sharing it
    // shares its whole storage.
    bool viewsIntoDataset = false;

    QString preset; // empty when none
    // The framework that builds this loader (frameworkNames(): "transformers", "ultralytics",
    // ...), as `shmwise measure` found it; empty when the script builds it itself. The generated
    // files then name the framework's own settings.
    QString framework;
    // The tensors of one sample, or, when empty, sampleBytes as one tensor.
    QVector<TensorSpec> sample;
    std::optional<Bytes> sampleBytes;
    quint64 batchSize = 0;
    // The main process groups the loader's single samples into batches of this size, in two
    // buckets by aspect ratio (Detectron2's ASPECT_RATIO_GROUPING); 0 when it does not.
    quint64 groupedBatchSize = 0;
    quint64 processesPerNode = 1;
    quint64 numWorkers = 0;
    std::optional<quint64> prefetchFactor; // given explicitly; see effectivePrefetchFactor()
    bool persistentWorkers = false;
    bool pinMemory = false;
    StartMethod startMethod = StartMethod::Fork;
    SharingStrategy sharingStrategy = SharingStrategy::FileDescriptor;
    Bytes datasetResidentBytes = 0;
    // Batches of this loader the script keeps referenced besides the ones the loop holds (a
    // gradient-accumulation window pulled up front, a list of recent batches): each stays in
    // /dev/shm while referenced. They scale with the batch.
    quint64 keptBatches = 0;
    // Samples of this loader kept referenced across batches (a whole pass kept by
    // itertools.cycle, validation batches cached in a list): whole batches of them stay in
    // /dev/shm; their bytes do not change with the batch size.
    quint64 keptSamples = 0;

    // PyTorch's own rule: 2 batches per worker unless set; no prefetching without workers.
    quint64 effectivePrefetchFactor() const;
    // "tensor", or "tensorN" with the smallest N that no tensor of the sample is named yet.
    QString unusedTensorName() const;
    // Sets the workers; with none, also drops prefetch_factor and persistent_workers, which
    // PyTorch refuses without workers.
    void setNumWorkers(quint64 workers);
    // Bytes of one sample (sum of its tensors, each at its largest); saturates on overflow.
    Bytes bytesPerSample() const;
    // Number of tensors (shared-memory objects) in one collated batch.
    quint64 tensorCount() const;
    // Samples in one batch: batchSize, or 1 when the Dataset yields whole batches.
    quint64 samplesPerBatch() const { return wholeBatches ? 1 : batchSize; }
    // Whether a tensor of the sample has a dimension that varies.
    bool samplesVary() const;
    // Whether sharing a sample shares the Dataset's whole tensor: views that reach the queue
    // uncopied.
    bool sharesDatasetStorage() const
    {
        return viewsIntoDataset && (wholeBatches || collate == Collate::List);
    }
    bool operator==(const Workload &o) const;
};

struct JobSpec
{
    QString name = QStringLiteral("train");
    QString image = QStringLiteral("pytorch/pytorch:latest");
    QStringList command = {QStringLiteral("python"), QStringLiteral("train.py")};
    std::optional<Bytes> memoryBytes;
    quint64 gpus = 0;
    // The job (or something beside it) uses System V shared memory (shmget): only then are the
    // kernel.shm* settings offered, which never size /dev/shm.
    bool systemVIpc = false;
    // Shared memory the job keeps in /dev/shm outside its loaders' batches, on one host, as
    // measured (shared model parameters, tensors sent through queues, a Dataset moved there),
    // and what it was; planned as it is.
    Bytes otherShmBytes = 0;
    QString otherShmKind;
    bool operator==(const JobSpec &o) const
    {
        return name == o.name && image == o.image && command == o.command &&
               memoryBytes == o.memoryBytes && gpus == o.gpus && systemVIpc == o.systemVIpc &&
               otherShmBytes == o.otherShmBytes && otherShmKind == o.otherShmKind;
    }
};

struct HostSpec
{
    std::optional<Bytes> shmBytes;
    std::optional<bool> shmAdjustable;
    std::optional<Bytes> memoryBytes;
    std::optional<quint64> cpus;
    bool operator==(const HostSpec &o) const
    {
        return shmBytes == o.shmBytes && shmAdjustable == o.shmAdjustable &&
               memoryBytes == o.memoryBytes && cpus == o.cpus;
    }
};

// What the profile knows of the job's NCCL (`nccl:`); each unknown widens the estimate of what
// NCCL puts in /dev/shm (nccl.h), whose high end the plan counts.
struct NcclSpec
{
    QString version;         // "2.21.5" (torch.cuda.nccl.version(): (2, 21, 5)); empty: unknown
    std::optional<bool> p2p; // the host's GPUs reach each other directly (NVLink, PCIe P2P)
    std::optional<quint64> nodes;  // hosts in the job
    std::optional<bool> cumemHost; // NCCL_CUMEM_HOST_ENABLE in effect (NCCL 2.24.3+, driver 12.6+)
    bool operator==(const NcclSpec &o) const
    {
        return version == o.version && p2p == o.p2p && nodes == o.nodes && cumemHost == o.cumemHost;
    }
};

// Ray (`ray:`): its object store lives in /dev/shm beside the job's DataLoaders (ray.h).
struct RaySpec
{
    bool used = false;
    // --object-store-memory / ray.init(object_store_memory=...); nullopt: Ray's default, which
    // follows the memory Ray sees (ray::defaultObjectStoreBytes).
    std::optional<Bytes> objectStoreBytes;
    bool operator==(const RaySpec &o) const
    {
        return used == o.used && objectStoreBytes == o.objectStoreBytes;
    }
};

// Slurm (`slurm:`): what runs the job's container on the node.
struct SlurmSpec
{
    SlurmContainer container = SlurmContainer::None;
    bool operator==(const SlurmSpec &o) const { return container == o.container; }
};

// The Kubeflow Trainer releases whose TrainJob ShmWise writes: the field that patches the
// runtime's pods changed in each (podSpecOverrides, podTemplateOverrides, runtimePatches).
enum class TrainerRelease
{
    V2_0,
    V2_1,
    V2_2,
    V2_3,
};
QString trainerReleaseName(TrainerRelease r); // "2.0"
std::optional<TrainerRelease> trainerReleaseFromName(const QString &name);
QStringList trainerReleaseNames();

struct KubernetesSpec
{
    KubernetesKind kind = KubernetesKind::Job;
    QString ns = QStringLiteral("default");
    TrainerRelease trainer = TrainerRelease::V2_3; // for kind TrainJob
    bool operator==(const KubernetesSpec &o) const
    {
        return kind == o.kind && ns == o.ns && trainer == o.trainer;
    }
};

// The most DataLoaders a profile may list under `loaders`.
inline constexpr int MaxLoaders = 16;

struct Profile
{
    int version = 1;
    Environment environment = Environment::Docker;
    KubernetesSpec kubernetes;
    JobSpec job;
    NcclSpec nccl;
    RaySpec ray;
    SlurmSpec slurm;
    HostSpec host;
    // A model server (workload.kind: serving, `serving:`) rather than a training run.
    ServingSpec serving;
    Workload workload; // the job's first (training) loader
    // The job's other loaders (validation, test), each with its own sample and settings. They
    // share processes_per_node with the first.
    QVector<Workload> otherLoaders;

    // Every loader of the job, the first one first.
    QVector<Workload> loaders() const;

    // /dev/shm can be changed for this job: false when the profile says so, or when the
    // environment has no setting for it (SageMaker, Vertex AI).
    bool shmAdjustable() const;
    // Ray runs the job: the profile says so, or the manifest is KubeRay's.
    bool usesRay() const;
    bool operator==(const Profile &o) const
    {
        return version == o.version && environment == o.environment && kubernetes == o.kubernetes &&
               job == o.job && nccl == o.nccl && ray == o.ray && slurm == o.slurm &&
               host == o.host && serving == o.serving && workload == o.workload &&
               otherLoaders == o.otherLoaders;
    }
};

// A problem found in a profile: where it is and what to do about it.
struct ProfileProblem
{
    QString file;
    int line = 0; // 1-based; 0 when unknown
    int column = 0;
    QString key; // dotted path such as workload.batch_size
    QString message;

    // FILE:LINE: KEY: MESSAGE, the form every command prints.
    QString toString() const;
};

struct ProfileResult
{
    std::optional<Profile> profile; // set only when there are no problems
    QVector<ProfileProblem> problems;
    bool ok() const { return profile.has_value() && problems.isEmpty(); }
};

// Reads a profile. `fileName` is used in messages only. Never throws.
ProfileResult parseProfile(const QByteArray &yaml, const QString &fileName);
ProfileResult loadProfile(const QString &path);

// Writes a profile that parseProfile() reads back to an equal Profile. Presets are written out
// in full (with the preset's name kept) so the file means the same with a later preset set.
QByteArray writeProfile(const Profile &profile);
// Writes atomically; keeps a backup of a different existing file as FILE.bak.
bool saveProfile(const Profile &profile, const QString &path, QString *error);

// A shape as people type it: "3, 224, 224", "3x224x224", "[3, 224, 224]", or "" / "[]" for a
// scalar. nullopt with `error` set for anything else.
// A dimension may be a range, "16000..160000", for samples whose size varies: the result holds
// its largest value and `minShape` (when given) its smallest, or stays empty when every
// dimension is fixed.
std::optional<QVector<quint64>> parseShape(const QString &text, QString *error = nullptr,
                                           QVector<quint64> *minShape = nullptr);
// "3, 224, 224"; "" for a scalar; a varying dimension as "16000..160000".
QString formatShape(const QVector<quint64> &shape, const QVector<quint64> &minShape = {});

// The workload a preset gives (its sample and settings), or nullopt for an unknown id.
std::optional<Workload> presetWorkload(const QString &id);

// Kubernetes' rule for a name, as the message that says what breaks it (empty when it is
// fine): namespaces and containers are DNS-1123 labels (63, no dots), pods DNS-1123 subdomains
// (`subdomain`: 253, dots between labels). The profile's namespace and a k8s:// target are
// checked by it alike.
QString kubernetesNameProblem(const QString &value, bool subdomain = false);

// What a new profile starts as: Docker and the image-classification preset.
Profile newProfile();

// Checks a profile built in code (the GUI builds one field by field). Same rules as the reader.
QVector<ProfileProblem> validateProfile(const Profile &profile);

// The /dev/shm the job will have, and where that figure comes from: the size the profile gives
// (the Environment page's "/dev/shm there", a probe of the job's own container), else the
// environment's default (Docker's 64 MiB), else, where the job runs on the host itself,
// `hostShm` (the probed host's /dev/shm). No size where none of these is known.
struct JobShm
{
    std::optional<Bytes> bytes;
    QString source; // for people: "Docker's default", "as the profile gives it", ...
};
JobShm jobShm(const Profile &p, std::optional<Bytes> hostShm = std::nullopt);

} // namespace shmwise
