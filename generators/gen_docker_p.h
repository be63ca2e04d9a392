// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "generators/artifacts.h"

namespace shmwise::gen {

// docker run (with --shm-size, and the --ipc=host alternative), the same job as a compose
// service, and daemon.json.
QVector<Artifact> dockerArtifacts(const Profile &profile, const ShmPlan &plan);
QVector<Artifact> podmanArtifacts(const Profile &profile, const ShmPlan &plan);
QVector<Artifact> composeArtifacts(const Profile &profile, const ShmPlan &plan);
QVector<Artifact> swarmArtifacts(const Profile &profile, const ShmPlan &plan);

} // namespace shmwise::gen
