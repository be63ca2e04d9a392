// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/environments.h"
#include "core/size.h"

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace shmwise {

struct TensorSpec
{
    QString name;
    QVector<quint64> shape; // empty: a scalar
    DType dtype = DType::Float32;

    // Elements in one sample; nullopt when the product overflows 64 bits.
    std::optional<quint64> elements() const;
    std::optional<Bytes> bytes() const;
    bool operator==(const TensorSpec &o) const
    {
        return name == o.name && shape == o.shape && dtype == o.dtype;
    }
};

struct Workload
{
    QString preset; // empty when none
    // The tensors of one sample, or, when empty, sampleBytes as one tensor.
    QVector<TensorSpec> sample;
    std::optional<Bytes> sampleBytes;
    quint64 batchSize = 0;
    quint64 processesPerNode = 1;
    quint64 numWorkers = 0;
    std::optional<quint64> prefetchFactor; // given explicitly; see effectivePrefetchFactor()
    bool persistentWorkers = false;
    bool pinMemory = false;
    StartMethod startMethod = StartMethod::Fork;
    SharingStrategy sharingStrategy = SharingStrategy::FileDescriptor;
    Bytes datasetResidentBytes = 0;

    // PyTorch's own rule: 2 batches per worker unless set; no prefetching without workers.
    quint64 effectivePrefetchFactor() const;
    // "tensor", or "tensorN" with the smallest N that no tensor of the sample is named yet.
    QString unusedTensorName() const;
    // Sets the workers; with none, also drops prefetch_factor and persistent_workers, which
    // PyTorch refuses without workers.
    void setNumWorkers(quint64 workers);
    // Bytes of one sample (sum of its tensors); saturates on overflow.
    Bytes bytesPerSample() const;
    // Number of tensors (shared-memory objects) in one collated batch.
    int tensorCount() const;
    bool operator==(const Workload &o) const;
};

struct JobSpec
{
    QString name = QStringLiteral("train");
    QString image = QStringLiteral("pytorch/pytorch:latest");
    QStringList command = {QStringLiteral("python"), QStringLiteral("train.py")};
    std::optional<Bytes> memoryBytes;
    quint64 gpus = 0;
    bool operator==(const JobSpec &o) const
    {
        return name == o.name && image == o.image && command == o.command &&
               memoryBytes == o.memoryBytes && gpus == o.gpus;
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

struct KubernetesSpec
{
    KubernetesKind kind = KubernetesKind::Job;
    QString ns = QStringLiteral("default");
    bool operator==(const KubernetesSpec &o) const { return kind == o.kind && ns == o.ns; }
};

struct Profile
{
    int version = 1;
    Environment environment = Environment::Docker;
    KubernetesSpec kubernetes;
    JobSpec job;
    HostSpec host;
    Workload workload;

    // /dev/shm can be changed for this job: false when the profile says so, or when the
    // environment has no setting for it (SageMaker, Vertex AI).
    bool shmAdjustable() const;
    bool operator==(const Profile &o) const
    {
        return version == o.version && environment == o.environment && kubernetes == o.kubernetes &&
               job == o.job && host == o.host && workload == o.workload;
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
std::optional<QVector<quint64>> parseShape(const QString &text, QString *error = nullptr);
QString formatShape(const QVector<quint64> &shape); // "3, 224, 224"; "" for a scalar

// The workload a preset gives (its sample and settings), or nullopt for an unknown id.
std::optional<Workload> presetWorkload(const QString &id);

// What a new profile starts as: Docker and the image-classification preset.
Profile newProfile();

// Checks a profile built in code (the GUI builds one field by field). Same rules as the reader.
QVector<ProfileProblem> validateProfile(const Profile &profile);

} // namespace shmwise
