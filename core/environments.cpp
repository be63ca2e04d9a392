// SPDX-License-Identifier: GPL-3.0-or-later
// The environments and the other names a profile uses: names, titles and default sizes.
#include "core/environments.h"

#include <QCoreApplication>

namespace shmwise {

namespace {

struct NameTable
{
    int value;
    const char *name;
};

const NameTable kEnvironments[] = {
    {int(Environment::BareMetal), "bare-metal"}, {int(Environment::Docker), "docker"},
    {int(Environment::Compose), "compose"},      {int(Environment::Swarm), "swarm"},
    {int(Environment::Podman), "podman"},        {int(Environment::Kubernetes), "kubernetes"},
    {int(Environment::AzureMl), "azure-ml"},     {int(Environment::AwsBatch), "aws-batch"},
    {int(Environment::AwsEcs), "aws-ecs"},       {int(Environment::SageMaker), "sagemaker"},
    {int(Environment::VertexAi), "vertex-ai"},   {int(Environment::Slurm), "slurm"},
    {int(Environment::Ansible), "ansible"},
};
const NameTable kKinds[] = {
    {int(KubernetesKind::Pod), "Pod"},
    {int(KubernetesKind::Deployment), "Deployment"},
    {int(KubernetesKind::Job), "Job"},
    {int(KubernetesKind::PyTorchJob), "PyTorchJob"},
    {int(KubernetesKind::TrainJob), "TrainJob"},
    {int(KubernetesKind::RayJob), "RayJob"},
    {int(KubernetesKind::RayCluster), "RayCluster"},
    {int(KubernetesKind::LeaderWorkerSet), "LeaderWorkerSet"},
    {int(KubernetesKind::InferenceService), "InferenceService"},
};
const NameTable kStartMethods[] = {
    {int(StartMethod::Fork), "fork"},
    {int(StartMethod::Spawn), "spawn"},
    {int(StartMethod::Forkserver), "forkserver"},
};
const NameTable kSlurmContainers[] = {
    {int(SlurmContainer::None), "none"},
    {int(SlurmContainer::Apptainer), "apptainer"},
    {int(SlurmContainer::Enroot), "enroot"},
};
const NameTable kStrategies[] = {
    {int(SharingStrategy::FileDescriptor), "file_descriptor"},
    {int(SharingStrategy::FileSystem), "file_system"},
};
const NameTable kDTypes[] = {
    {int(DType::Float64), "float64"}, {int(DType::Float32), "float32"},
    {int(DType::Float16), "float16"}, {int(DType::BFloat16), "bfloat16"},
    {int(DType::Int64), "int64"},     {int(DType::Int32), "int32"},
    {int(DType::Int16), "int16"},     {int(DType::Int8), "int8"},
    {int(DType::UInt8), "uint8"},     {int(DType::Bool), "bool"},
};

template <size_t N> QString nameOf(const NameTable (&table)[N], int value)
{
    for (const NameTable &e : table) {
        if (e.value == value)
            return QLatin1String(e.name);
    }
    return {};
}

template <size_t N> std::optional<int> valueOf(const NameTable (&table)[N], const QString &name)
{
    for (const NameTable &e : table) {
        if (name == QLatin1String(e.name))
            return e.value;
    }
    return std::nullopt;
}

template <size_t N> QStringList namesOf(const NameTable (&table)[N])
{
    QStringList out;
    for (const NameTable &e : table)
        out << QLatin1String(e.name);
    return out;
}

template <class E, size_t N>
std::optional<E> enumOf(const NameTable (&table)[N], const QString &name)
{
    const auto v = valueOf(table, name);
    return v ? std::optional<E>(E(*v)) : std::nullopt;
}

} // namespace

QString environmentName(Environment e)
{
    return nameOf(kEnvironments, int(e));
}
std::optional<Environment> environmentFromName(const QString &name)
{
    return enumOf<Environment>(kEnvironments, name);
}
QStringList environmentNames()
{
    return namesOf(kEnvironments);
}

namespace {
struct EnvironmentTr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::Environment)
};
} // namespace

QString environmentTitle(Environment e)
{
    switch (e) {
    case Environment::BareMetal:
        return EnvironmentTr::tr("Bare metal or VM");
    case Environment::Docker:
        return EnvironmentTr::tr("Docker (docker run)");
    case Environment::Compose:
        return EnvironmentTr::tr("Docker Compose");
    case Environment::Swarm:
        return EnvironmentTr::tr("Docker Swarm");
    case Environment::Podman:
        return EnvironmentTr::tr("Podman");
    case Environment::Kubernetes:
        return EnvironmentTr::tr("Kubernetes");
    case Environment::AzureMl:
        return EnvironmentTr::tr("Azure Machine Learning");
    case Environment::AwsBatch:
        return EnvironmentTr::tr("AWS Batch");
    case Environment::AwsEcs:
        return EnvironmentTr::tr("Amazon ECS");
    case Environment::SageMaker:
        return EnvironmentTr::tr("Amazon SageMaker");
    case Environment::VertexAi:
        return EnvironmentTr::tr("Google Vertex AI");
    case Environment::Slurm:
        return EnvironmentTr::tr("Slurm (sbatch)");
    case Environment::Ansible:
        return EnvironmentTr::tr("Bare-metal fleet (Ansible)");
    }
    return {};
}

QString kubernetesKindName(KubernetesKind k)
{
    return nameOf(kKinds, int(k));
}
std::optional<KubernetesKind> kubernetesKindFromName(const QString &name)
{
    return enumOf<KubernetesKind>(kKinds, name);
}
QString startMethodName(StartMethod m)
{
    return nameOf(kStartMethods, int(m));
}
std::optional<StartMethod> startMethodFromName(const QString &name)
{
    return enumOf<StartMethod>(kStartMethods, name);
}
QString slurmContainerName(SlurmContainer c)
{
    return nameOf(kSlurmContainers, int(c));
}

std::optional<SlurmContainer> slurmContainerFromName(const QString &name)
{
    return enumOf<SlurmContainer>(kSlurmContainers, name);
}

QStringList slurmContainerNames()
{
    return namesOf(kSlurmContainers);
}

QString sharingStrategyName(SharingStrategy s)
{
    return nameOf(kStrategies, int(s));
}
std::optional<SharingStrategy> sharingStrategyFromName(const QString &name)
{
    return enumOf<SharingStrategy>(kStrategies, name);
}
QString dtypeName(DType d)
{
    return nameOf(kDTypes, int(d));
}
std::optional<DType> dtypeFromName(const QString &name)
{
    return enumOf<DType>(kDTypes, name);
}
QStringList dtypeNames()
{
    return namesOf(kDTypes);
}

int dtypeSize(DType d)
{
    switch (d) {
    case DType::Float64:
    case DType::Int64:
        return 8;
    case DType::Float32:
    case DType::Int32:
        return 4;
    case DType::Float16:
    case DType::BFloat16:
    case DType::Int16:
        return 2;
    case DType::Int8:
    case DType::UInt8:
    case DType::Bool:
        return 1;
    }
    return 1;
}

std::optional<Bytes> environmentDefaultShm(Environment e)
{
    switch (e) {
    case Environment::BareMetal:
    case Environment::Ansible:
    case Environment::Slurm: // the node's /dev/shm, or job_container/tmpfs: half of RAM
        return std::nullopt;
    case Environment::AzureMl:
        return 2 * GiB; // resources.shm_size default
    case Environment::Docker:
    case Environment::Compose:
    case Environment::Swarm:
    case Environment::Podman:
    case Environment::Kubernetes:
    case Environment::AwsBatch:
    case Environment::AwsEcs:
        return 64 * MiB;
    case Environment::SageMaker:
    case Environment::VertexAi:
        // Not documented: SageMaker's local mode gives 64 MiB, hosted training containers may get
        // more, scaled with the instance. Only a measurement tells.
        return std::nullopt;
    }
    return 64 * MiB;
}

bool environmentHasShmSetting(Environment e)
{
    return e != Environment::SageMaker && e != Environment::VertexAi;
}

bool environmentRunsInContainer(Environment e)
{
    return e != Environment::BareMetal && e != Environment::Ansible && e != Environment::Slurm;
}

QStringList kubernetesKindNames()
{
    return namesOf(kKinds);
}
QStringList startMethodNames()
{
    return namesOf(kStartMethods);
}
QStringList sharingStrategyNames()
{
    return namesOf(kStrategies);
}

} // namespace shmwise
