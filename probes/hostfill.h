// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/profile.h"
#include "probes/probefacts.h"

namespace shmwise {

enum class FactsPolicy
{
    FillGaps,  // what the profile states about its host wins (plan and generate --target)
    Overwrite, // the user asked for the probed host's values (the wizard's "Use in profile")
};

// Copies a probed host's /dev/shm, memory (its cgroup limit, else its RAM) and usable CPUs into
// profile.host; a fact the probe did not learn leaves the profile's value alone. A container job
// gets its own /dev/shm, not that of the machine it was probed from (a host, or a container such
// as a dev container that will start the job's): the /dev/shm is left alone then, unless
// `factsAreTheJobsContainer` says the facts were probed inside the job's own container. The one
// place the command line and the wizard do this.
void applyFacts(Profile &profile, const HostFacts &facts, FactsPolicy policy,
                bool factsAreTheJobsContainer = false);

} // namespace shmwise
