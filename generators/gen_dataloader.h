// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "artifact.h"

namespace shmwise::gen {

// The two artifacts every environment gets: the Python module with make_loader(), and the
// POSIX sh preflight check for a container entrypoint.
Artifact dataLoaderSnippet(const Profile &profile, const ShmPlan &plan);
Artifact preflightScript(const Profile &profile, const ShmPlan &plan);

} // namespace shmwise::gen
