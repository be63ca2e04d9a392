// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/size.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace shmwise {

enum class Environment
{
    BareMetal,
    Docker,
    Compose,
    Swarm,
    Podman,
    Kubernetes,
    AzureMl,
    AwsBatch,
    AwsEcs,
    SageMaker,
    VertexAi,
    Slurm,
    Ansible,
};

enum class KubernetesKind
{
    Pod,
    Deployment,
    Job,
    PyTorchJob,       // Kubeflow training operator v1 (kubeflow.org/v1)
    TrainJob,         // Kubeflow Trainer v2 (trainer.kubeflow.org/v1alpha1)
    RayJob,           // KubeRay (ray.io/v1)
    RayCluster,       // KubeRay (ray.io/v1)
    LeaderWorkerSet,  // LWS (leaderworkerset.x-k8s.io/v1): a group of pods per replica, for serving
    InferenceService, // KServe (serving.kserve.io/v1beta1): a model server's predictor
};
// What runs the job's container on a Slurm node (`slurm.container`).
enum class SlurmContainer
{
    None,      // the job runs on the node itself
    Apptainer, // apptainer exec (or singularity)
    Enroot,    // enroot through pyxis: srun --container-image
};
enum class StartMethod
{
    Fork,
    Spawn,
    Forkserver
};
enum class SharingStrategy
{
    FileDescriptor,
    FileSystem
};
enum class DType
{
    Float64,
    Float32,
    Float16,
    BFloat16,
    Int64,
    Int32,
    Int16,
    Int8,
    UInt8,
    Bool
};

// Names as written in profiles and JSON; the inverse functions return nullopt for unknown names.
QString environmentName(Environment e);
std::optional<Environment> environmentFromName(const QString &name);
QStringList environmentNames();
QString environmentTitle(Environment e); // translated, for people
QString kubernetesKindName(KubernetesKind k);
std::optional<KubernetesKind> kubernetesKindFromName(const QString &name);
QString startMethodName(StartMethod m);
std::optional<StartMethod> startMethodFromName(const QString &name);
QString slurmContainerName(SlurmContainer c);
std::optional<SlurmContainer> slurmContainerFromName(const QString &name);
QStringList slurmContainerNames();
QString sharingStrategyName(SharingStrategy s);
std::optional<SharingStrategy> sharingStrategyFromName(const QString &name);
QString dtypeName(DType d);
std::optional<DType> dtypeFromName(const QString &name);
QStringList dtypeNames();
int dtypeSize(DType d);

// /dev/shm an environment gives a job when nobody configures it (domain.md, "Default sizes").
// Bare metal's default is half of RAM, which depends on the host: nullopt there. nullopt too for
// SageMaker and Vertex AI training, whose /dev/shm size is not documented.
std::optional<Bytes> environmentDefaultShm(Environment e);
// Whether the environment has any setting for the size of /dev/shm.
bool environmentHasShmSetting(Environment e);
// Whether the job runs in a container of its own, with a /dev/shm of its own (every environment
// but the host-level ones: bare metal, an Ansible fleet, Slurm nodes).
bool environmentRunsInContainer(Environment e);
// Every name a profile may use, in the order people see them (for messages and completion).
QStringList kubernetesKindNames();
QStringList startMethodNames();
QStringList sharingStrategyNames();

} // namespace shmwise
