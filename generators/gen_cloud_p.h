// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "generators/artifacts.h"
#include "generators/filetext.h"

namespace shmwise::gen {

QVector<Artifact> azureMlArtifacts(const Profile &profile, const ShmPlan &plan);
QVector<Artifact> awsBatchArtifacts(const Profile &profile, const ShmPlan &plan);
QVector<Artifact> awsEcsArtifacts(const Profile &profile, const ShmPlan &plan);
// Platforms without a /dev/shm setting: what they allow and the DataLoader-side mitigation.
QVector<Artifact> sageMakerArtifacts(const Profile &profile, const ShmPlan &plan,
                                     const FileText &text);
QVector<Artifact> vertexAiArtifacts(const Profile &profile, const ShmPlan &plan,
                                    const FileText &text);

} // namespace shmwise::gen
