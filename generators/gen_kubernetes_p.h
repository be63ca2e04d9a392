// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "generators/artifacts.h"

namespace shmwise::gen {

// The manifest of the profile's kind (Pod, Deployment, Job or Kubeflow PyTorchJob) with a
// memory-backed emptyDir at /dev/shm.
QVector<Artifact> kubernetesArtifacts(const Profile &profile, const ShmPlan &plan);

// How podSpec() writes the pod's one container.
struct PodOptions
{
    PodOptions() = default;
    PodOptions(QString name, QString restart)
        : containerName(std::move(name)), restartPolicy(std::move(restart))
    {}
    QString containerName;
    QString restartPolicy;   // empty: none written
    bool withCommand = true; // false where the operator writes the command (KubeRay)
    bool withGpus = true;    // false for a pod that runs no training process (Ray's head)
    QString mountNote;       // the /dev/shm mount's note; empty for the usual one
    // Written instead of the job's command, as it is: its $(NAME) are Kubernetes' to expand
    // (a LeaderWorkerSet's LWS_LEADER_ADDRESS); with its note.
    QStringList command;
    QString commandNote;
};
// Writes a pod spec (the part under `spec:` of a Pod or a pod template) at `indent`: the
// container with its memory limit raised by /dev/shm, and the memory emptyDir at /dev/shm.
void podSpec(TextBuilder &b, const Profile &profile, const ShmPlan &plan, const QString &indent,
             const PodOptions &options);
// `volumes:` with the memory emptyDir named dshm, sized for the plan, at `indent`.
void shmVolumes(TextBuilder &b, const ShmPlan &plan, const QString &indent);
// `metadata:` with the name and the profile's namespace.
void metadata(TextBuilder &b, const Profile &profile, const QString &name);
// The summary's remarks: no memory limit written; the open-file limit Kubernetes cannot set.
QString memoryRemark(const Profile &profile, const ShmPlan &plan);
QString nofileRemark(const ShmPlan &plan);

// Kubeflow Trainer v2's TrainJob (gen_trainjob.cpp) and KubeRay's RayJob or RayCluster
// (gen_kuberay.cpp).
Artifact trainJobManifest(const Profile &profile, const ShmPlan &plan);
Artifact kubeRayManifest(const Profile &profile, const ShmPlan &plan);
// The cluster-wide defaults (gen_k8s_policy.cpp): a Kyverno ClusterPolicy and a Kubernetes
// MutatingAdmissionPolicy that give labelled pods the plan's /dev/shm.
QVector<Artifact> kubernetesPolicyArtifacts(const Profile &profile, const ShmPlan &plan);

} // namespace shmwise::gen
