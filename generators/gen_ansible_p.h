// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "generators/artifacts.h"
#include "generators/filetext.h"

namespace shmwise::gen {

// Ansible: a playbook that does on every host of a fleet what bare-metal's files do on one (the
// /dev/shm line of /etc/fstab and a remount, never shrinking a larger /dev/shm; the open-file
// limit when it must rise; Docker's default-shm-size where the host runs Docker), ending with a
// check that fails hosts still too small; and an example inventory.
QVector<Artifact> ansibleArtifacts(const Profile &profile, const ShmPlan &plan,
                                   const FileText &text);

} // namespace shmwise::gen
