// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "generators/artifacts.h"

namespace shmwise::gen {

// The manifest of the profile's kind (Pod, Deployment, Job or Kubeflow PyTorchJob) with a
// memory-backed emptyDir at /dev/shm.
QVector<Artifact> kubernetesArtifacts(const Profile &profile, const ShmPlan &plan);

} // namespace shmwise::gen
