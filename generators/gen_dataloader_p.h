// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "generators/artifacts.h"
#include "generators/filetext.h"

namespace shmwise::gen {

// The Python module with make_loader(), which every environment gets.
// Whether the generated make_loader() fits its settings to the free /dev/shm when it is called:
// where /dev/shm cannot be raised, or its size was measured (host.shm_bytes).
bool loaderFitsAtRunTime(const Profile &profile);
Artifact dataLoaderSnippet(const Profile &profile, const ShmPlan &plan,
                           const FileText &text = FileText());

} // namespace shmwise::gen
