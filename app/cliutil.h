// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/profile.h"
#include "probes/findings.h"
#include "probes/probefacts.h"
#include "probes/probetarget.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <QTextStream>

namespace shmwise::cli {

// The context of every message of the command line.
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::Cli)
};

// stdout and stderr. With --json, only the JSON object goes to out(); people's text to err().
QTextStream &out();
QTextStream &err();
// A command's error, one line on stderr: "shmwise COMMAND: MESSAGE".
void printError(const QString &command, const QString &message);

// Parses a command's options, printing the help or the error itself. Returns -1 to go on, or
// the exit code to return. `usage` is what follows "shmwise " in the usage line.
int parseCommand(QCommandLineParser &parser, const QStringList &args, const QString &usage,
                 const QString &description);

// --target, --ssh-config and --timeout, for every command that probes a host.
struct TargetOptions
{
    QCommandLineOption target;
    QCommandLineOption sshConfig;
    QCommandLineOption timeout;
};
TargetOptions addTargetOptions(QCommandLineParser &parser, const QString &targetHelp,
                               const QString &defaultTarget = QString());

// Reads those options: the target is checked before anything starts. Returns false, with the
// message printed under `command`'s name, for a refused target or a bad timeout.
// `podFleets`: k8s://NAMESPACE/ is taken too (the pods of --selector, for the commands that
// probe many hosts).
bool readTargetOptions(const QCommandLineParser &parser, const TargetOptions &options,
                       const QString &command, QString *target, ProbeOptions *probeOptions,
                       bool podFleets = false);

// A number of seconds from an option: NaN, infinities, trailing text and anything outside
// [min, max] are refused (nullopt), so no option can remove a limit or hang a loop.
std::optional<double> parseSeconds(const QString &text, double min, double max);
// A duration: a number with an optional unit, ms, s, m, h or d ("500ms", "2s", "10m", "1.5h";
// none is seconds), in seconds within [min, max]; nullopt otherwise.
std::optional<double> parseDuration(const QString &text, double min, double max);

// Loads a profile, printing one FILE:LINE: KEY: MESSAGE line per problem when it is invalid.
std::optional<Profile> readProfile(const QString &path);
// The same for a command whose only input is --profile FILE: refuses stray arguments and a
// missing option, naming `command`.
std::optional<Profile> readProfileOption(const QCommandLineParser &parser,
                                         const QCommandLineOption &profile, const QString &command);

// For plan and generate: with --target given, probes it and fills in what the profile does not
// say about its host (/dev/shm, memory, CPUs), so the plan and the fit are for that host.
// Returns false, with the message printed, when the target is refused or cannot be probed.
bool applyTarget(const QCommandLineParser &parser, const TargetOptions &options,
                 const QString &command, Profile &profile, std::optional<HostFacts> *facts);

} // namespace shmwise::cli
