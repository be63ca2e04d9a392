// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

// The subcommands; each takes its arguments with "shmwise COMMAND" first and returns the exit
// code (core/exitcodes.h).
namespace shmwise {

// `shmwise plan --profile FILE [--json] [--fit SIZE] [--target T]... [--inventory FILE]`: 0 done;
// 2 usage, an invalid profile, or a host that could not be probed.
int runPlan(const QStringList &args);

// `shmwise generate --profile FILE [--out DIR] [--only ID,...] [--force] [--json] [--target T]`:
// 0 done; 2 usage, an invalid profile, or a file that could not be written or would be
// overwritten.
int runGenerate(const QStringList &args);

// `shmwise validate FILE [--kind KIND] [--json]`: 0 no error, 1 errors found, 2 usage or an
// unreadable file.
int runValidate(const QStringList &args);

// `shmwise probe [--target T]... [--inventory FILE [--limit PATTERN]] [--jobs N] [--profile FILE]
// [--json] [--watch SECONDS] [--ssh-config FILE] [--timeout SECONDS]`: 0 when the probe ran
// (findings or not); 2 for bad usage, a refused target, or a host (any of several) that could
// not be probed.
int runProbe(const QStringList &args);

// `shmwise diagnose [FILE|-] [--target T] [--json]`: 0 when the log was read (findings or not);
// 2 for bad usage, an unreadable file, or a target that could not be probed.
int runDiagnose(const QStringList &args);

// `shmwise measure [--seconds S] [--batches N] [--shm SIZE] [--out FILE] [--json]
// [--environment ENV] [--dir DIR] -- COMMAND...`: 0 when the job was measured (whatever its own
// exit status); 2 for bad usage or a job that could not be started.
int runMeasure(const QStringList &args);

// `shmwise clean [--target T] [--dir DIR] [--older-than AGE] [--yes] [--json]`: 0 when the
// listing (or the removal) was done; 1 when a listed file could not be removed (it changed, or
// was opened, after it was listed); 2 for bad usage, a folder that cannot be read, or a target
// that could not be reached.
int runClean(const QStringList &args);

// `shmwise watch [--target T] [--interval 2s] [--warn 80%] [--crit 95%] [--once] [--samples N]
// [--json] [--textfile DIR]`: 0 when interrupted or below --warn; 3 at --warn and 4 at --crit
// (the last sample, with --once or --samples); 2 for bad usage or a target that cannot be
// sampled (--once).
int runWatch(const QStringList &args);

} // namespace shmwise
