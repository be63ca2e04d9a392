// SPDX-License-Identifier: GPL-3.0-or-later
#include "probes/hostfill.h"

#include "core/environments.h"
#include "probes/findings.h"

namespace shmwise {

void applyFacts(Profile &profile, const HostFacts &facts, FactsPolicy policy,
                bool factsAreTheJobsContainer)
{
    HostSpec &h = profile.host;
    const bool overwrite = policy == FactsPolicy::Overwrite;
    // A container job gets a new container's /dev/shm, whether the machine probed is a host or
    // itself a container (a dev container, a CI runner): only the job's own container tells it.
    const bool hostShmIsTheJobs =
        factsAreTheJobsContainer || !environmentRunsInContainer(profile.environment);
    if (facts.shmSizeBytes && hostShmIsTheJobs && (overwrite || !h.shmBytes))
        h.shmBytes = facts.shmSizeBytes;
    const std::optional<Bytes> memory = facts.usableMemoryBytes();
    if (memory && (overwrite || !h.memoryBytes))
        h.memoryBytes = memory;
    const std::optional<quint64> cpus = facts.usableCpus();
    if (cpus && (overwrite || !h.cpus))
        h.cpus = cpus;
}

} // namespace shmwise
