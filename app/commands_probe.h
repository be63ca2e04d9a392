// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

namespace shmwise {

// `shmwise probe [--target T] [--profile FILE] [--json] [--watch SECONDS] [--ssh-config FILE]
// [--timeout SECONDS]`: 0 when the probe ran (findings or not); 2 for bad usage, a refused
// target, or a host that could not be probed.
int runProbe(const QStringList &args);

// `shmwise diagnose [FILE|-] [--target T] [--json]`: 0 when the log was read (findings or not);
// 2 for bad usage, an unreadable file, or a target that could not be probed.
int runDiagnose(const QStringList &args);

} // namespace shmwise
