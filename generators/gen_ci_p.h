// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "generators/artifacts.h"

namespace shmwise::gen {

// Test jobs in CI containers: a GitHub Actions job container with --shm-size in its options,
// and a GitLab Runner Docker executor with shm_size in config.toml.
QVector<Artifact> ciArtifacts(const Profile &profile, const ShmPlan &plan);

} // namespace shmwise::gen
