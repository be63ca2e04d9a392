// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "generators/artifacts.h"
#include "generators/filetext.h"

namespace shmwise::gen {

// The POSIX sh preflight check every environment gets, for a container entrypoint or before the
// training command: free space in /dev/shm and the open-file limit against what the job needs.
Artifact preflightScript(const Profile &profile, const ShmPlan &plan,
                         const FileText &text = FileText());

} // namespace shmwise::gen
