// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What sizing.cpp (the arithmetic) and planterms.cpp (the breakdown in words) share.

#include "core/profile.h"
#include "core/sizing.h"

namespace shmwise::detail {

// One loader's share of /dev/shm.
struct LoaderCore
{
    Bytes batch = 0;     // in /dev/shm, headers included
    Bytes batchData = 0; // the tensors' own pages, without file_system's headers
    quint64 inFlight = 0;
    Bytes prefetch = 0;
    Bytes held = 0;
    Bytes headers = 0; // file_system's headers over all batches in flight
    Bytes resident = 0;
    Bytes semaphores = 0;
    Bytes grouped = 0; // samples the main process groups into batches (grouped_batch_size)
    Bytes kept = 0;    // batches and samples the script keeps referenced (kept_batches, _samples)
    Bytes running = 0; // while the loop iterates this loader
    // While another loader runs: a parked or kept loader's full queue and the batch the loop
    // still holds; a one-at-a-time loader's last batch, which the loop variable keeps.
    quint64 idleBatches = 0;
    Bytes idleBatchBytes = 0;
    Bytes idle = 0;
};

// The terms of the loader that runs at the fullest moment, as a single-loader plan has them.
// `tag` names the loader in each title when the job has several.
void appendRunningTerms(ShmPlan &plan, const Workload &w, const LoaderCore &c, const QString &tag);
// What a loader keeps in /dev/shm while another one runs.
void appendIdleTerm(ShmPlan &plan, const Workload &w, const LoaderCore &c, const QString &running);

} // namespace shmwise::detail
