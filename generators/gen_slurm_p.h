// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "generators/artifacts.h"
#include "generators/filetext.h"

namespace shmwise::gen {

// Slurm: an sbatch script that checks the node's /dev/shm (size and free space) and `ulimit -n`
// before training, exports the DataLoader settings and starts the job with srun; its comments
// explain where /dev/shm comes from on Slurm nodes.
QVector<Artifact> slurmArtifacts(const Profile &profile, const ShmPlan &plan, const FileText &text);

} // namespace shmwise::gen
