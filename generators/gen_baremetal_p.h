// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "generators/artifacts.h"
#include "generators/filetext.h"

namespace shmwise::gen {

// Bare metal or VM: remount now, fstab for reboots, limits.d when the open-file limit must rise,
// and a sysctl.d file for System V users only.
QVector<Artifact> bareMetalArtifacts(const Profile &profile, const ShmPlan &plan,
                                     const FileText &text);

} // namespace shmwise::gen
