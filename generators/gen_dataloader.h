// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "artifact.h"

namespace shmwise::gen {

// The Python module with make_loader(), which every environment gets.
Artifact dataLoaderSnippet(const Profile &profile, const ShmPlan &plan);

} // namespace shmwise::gen
