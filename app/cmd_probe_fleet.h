// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "app/cliutil.h"
#include "probes/fleet.h"

#include <QCommandLineParser>
#include <QVector>

#include <optional>

namespace shmwise::cli {

// --inventory, --limit and --jobs: many hosts for the commands that probe.
struct FleetOptions
{
    QCommandLineOption inventory;
    QCommandLineOption limit;
    QCommandLineOption jobs;
    QCommandLineOption selector; // with --target k8s://NAMESPACE/: the pods to probe
};
FleetOptions addFleetOptions(QCommandLineParser &parser);

// True when the command line names more than one host: --target given twice or more, an
// inventory, or the pods of a --selector.
bool wantsFleet(const QCommandLineParser &parser, const FleetOptions &fleet,
                const TargetOptions &targets);

// The hosts: every --target (named by its text) and then the inventory's hosts that --limit
// selects. False, with the message printed under `command`'s name, on a refused target, an
// unreadable inventory, a --limit that selects nothing or a bad --jobs.
bool readFleet(const QCommandLineParser &parser, const FleetOptions &fleet,
               const TargetOptions &targets, const QString &command, QVector<FleetHost> *hosts,
               ProbeOptions *probeOptions, int *jobs);

// --jobs (8 when not given): false, with the message printed, outside 1..256.
bool readJobs(const QCommandLineParser &parser, const FleetOptions &fleet, const QString &command,
              int *jobs);

// plan and generate with several hosts: probes them all and fills in what the profile does not
// say from the host with the smallest /dev/shm (the least memory on a tie), naming it on stderr.
// False, with the message printed, when any host could not be probed.
bool applyFleet(const QCommandLineParser &parser, const FleetOptions &fleet,
                const TargetOptions &targets, const QString &command, Profile &profile,
                std::optional<HostFacts> *facts);

// plan and generate: --target (to size against that host) and the fleet options.
struct HostOptions
{
    TargetOptions targets;
    FleetOptions fleet;
};
HostOptions addHostOptions(QCommandLineParser &parser);

// plan and generate: the profile of --profile, with what it does not say about its host filled in
// from --target or the fleet (applyTarget, applyFleet). nullopt, with the message printed, when
// the profile is invalid or a host could not be probed.
std::optional<Profile> readProfileForHosts(const QCommandLineParser &parser,
                                           const QCommandLineOption &profileOption,
                                           const HostOptions &hosts, const QString &command,
                                           std::optional<HostFacts> *facts);

} // namespace shmwise::cli

namespace shmwise {
// `shmwise probe` with several hosts: one table, or one JSON object; 0 when every host was
// probed, 2 when any could not be.
int runProbeFleet(const QCommandLineParser &parser, const cli::FleetOptions &fleet,
                  const cli::TargetOptions &targets, bool json, const std::optional<ShmPlan> &plan);
} // namespace shmwise
