// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "findings.h"
#include "probefacts.h"

#include <QString>
#include <QVector>

namespace shmwise {

// The ids diagnoseLog() can raise.
namespace diagnosis {
inline const char *const ShmExhausted = "shm-exhausted";
inline const char *const FdExhausted = "fd-exhausted";
inline const char *const WorkerExited = "worker-exited";
inline const char *const DataLoaderTimeout = "dataloader-timeout";
inline const char *const NcclShm = "nccl-shm";
inline const char *const CudaOom = "cuda-oom";
inline const char *const HostOom = "host-oom";
} // namespace diagnosis

// Turns pasted error output (a traceback, a job log, dmesg) into findings, one per id, each
// with the first line that shows it (Finding::line) and how many lines did. Any text is
// accepted; a log that shows none of the known failures gives no findings. When the host's
// facts are known they sharpen the fix (the /dev/shm size in place, for example).
QVector<Finding> diagnoseLog(const QString &log, const HostFacts *facts = nullptr);

// Every id diagnoseLog() knows, in the order it reports them.
QStringList diagnosisIds();

} // namespace shmwise
