// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The limits a job meets beside /dev/shm's size (findingsForHost() adds them): the user's quota
// on the tmpfs, the cgroup's memory limit with /dev/shm in it, and Shmem that is not /dev/shm.

#include "probes/findings.h"

namespace shmwise {

void addLimitFindings(const HostFacts &facts, const ShmPlan *plan, QVector<Finding> *out);

} // namespace shmwise
