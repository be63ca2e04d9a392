// SPDX-License-Identifier: GPL-3.0-or-later
#include "probes/hostfill.h"

#include "core/environments.h"
#include "core/size.h"
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
    // The memory as a person would type it (23.5GiB, not 24683772KiB): at most a tenth of a GiB
    // below the probe's, which only makes the checks against it a little stricter.
    const std::optional<Bytes> memory = facts.usableMemoryBytes();
    if (memory && (overwrite || !h.memoryBytes))
        h.memoryBytes = readableFloor(*memory);
    const std::optional<quint64> cpus = facts.usableCpus();
    if (cpus && (overwrite || !h.cpus))
        h.cpus = cpus;
}

} // namespace shmwise
