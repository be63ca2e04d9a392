// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// `shmwise measure` on another host, over the SSH connection the probe uses: the hook and a
// runner (resources/measure/remote_runner.py, for the host's own Python) are sent with the
// command and removed after it; nothing is installed. The run reads as one on this computer.

#include "probes/jobmeasure.h"
#include "probes/probetarget.h"

namespace shmwise {

// Runs `options.command` on `target` (an SSH host) in `options.workDir` (the login's home when
// empty). A private /dev/shm (`options.privateShm`) is not offered there: the run says so. The
// job's own output goes to this process's standard error; `progress` is called as on this
// computer, and returning false stops the job (SIGINT, SIGTERM, SIGKILL on the host).
MeasureRun runRemoteMeasurement(const Target &target, const ProbeOptions &probe,
                                const MeasureOptions &options);

// The shell script sent to the host's `sh -s` (for tests: it holds the hook, the runner and the
// settings, and runs nothing else).
QByteArray remoteMeasureScript(const MeasureOptions &options);

} // namespace shmwise
