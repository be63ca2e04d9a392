// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The parts of the Kubernetes validator that operators' kinds share: the pod-spec check, and the
// checks of KubeRay's and Kubeflow Trainer's kinds and of admission policies.

#include "validators/validate_common_p.h"

#include <optional>

namespace shmwise::validators {

// What checkPodSpec() found of the pod's /dev/shm.
struct PodFacts
{
    bool shmMount = false;               // a container mounts something at /dev/shm (or hostIPC)
    std::optional<quint64> shmSizeLimit; // the memory emptyDir's sizeLimit there, when one
    YamlNode shmSizeNode;
};
// Volumes, mounts, memory limits and /dev/shm of a pod spec (or of the part of one a patch
// adds). `warnNoShm`: warn when nothing is mounted at /dev/shm. `ownVolumes`: a mount naming no
// volume listed here is an error (false for a patch, whose mounts may name the runtime's).
PodFacts checkPodSpec(const YamlNode &spec, Sink &sink, bool warnNoShm = true,
                      bool ownVolumes = true);

// KubeRay's RayJob and RayCluster beyond their CRD (validation.go, pod.go of v1.7.0), and what
// the object store leaves of /dev/shm.
void checkKubeRay(const YamlNode &doc, const QString &kind, Sink &sink);
// Kubeflow Trainer's TrainJob beyond its CRD: the patch that mounts /dev/shm, and its webhook's
// rules on it.
void checkTrainJob(const YamlNode &doc, Sink &sink);
// Kyverno's ClusterPolicy, Policy and MutatingPolicy, and Kubernetes' MutatingAdmissionPolicy:
// a mutation that gives every emptyDir without a sizeLimit one caps a /dev/shm left unsized.
void checkPolicy(const YamlNode &doc, const QString &kind, Sink &sink);

} // namespace shmwise::validators
