// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cliutil.h"
#include "probes/podlist.h"

#include "app/terminalout.h"
#include "core/exitcodes.h"
#include "core/profile.h"
#include "probes/findings.h"
#include "probes/hostfill.h"
#include "probes/prober.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QRegularExpression>
#include <QTextStream>

#include <cmath>
#include <cstdio>

namespace shmwise::cli {

QTextStream &out()
{
    static EscapingDevice device(stdout);
    static QTextStream s(&device);
    return s;
}

QTextStream &err()
{
    static EscapingDevice device(stderr);
    static QTextStream s(&device);
    return s;
}

void printError(const QString &command, const QString &message)
{
    err() << Tr::tr("shmwise %1: %2").arg(command, message) << '\n';
}

int parseCommand(QCommandLineParser &parser, const QStringList &args, const QString &usage,
                 const QString &description)
{
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    parser.setApplicationDescription(description);
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")},
                                  Tr::tr("Show this help."));
    parser.addOption(help);
    if (!parser.parse(args)) {
        err() << "shmwise: " << parser.errorText() << '\n'
              << Tr::tr("Try 'shmwise %1 --help'.").arg(usage.section(QLatin1Char(' '), 0, 0))
              << '\n';
        return ExitUsage;
    }
    if (parser.isSet(help)) {
        out() << Tr::tr("Usage: shmwise %1").arg(usage) << "\n\n" << description << "\n\n";
        QString text = parser.helpText();
        // Qt's own first lines repeat the usage for the whole program; keep only the options.
        const int at = text.indexOf(QLatin1String("Options:"));
        out() << (at >= 0 ? text.mid(at) : text);
        return ExitOk;
    }
    return -1;
}

TargetOptions addTargetOptions(QCommandLineParser &parser, const QString &targetHelp,
                               const QString &defaultTarget)
{
    TargetOptions o{
        defaultTarget.isEmpty()
            ? QCommandLineOption(QStringLiteral("target"), targetHelp, Tr::tr("T"))
            : QCommandLineOption(QStringLiteral("target"), targetHelp, Tr::tr("T"), defaultTarget),
        QCommandLineOption(QStringLiteral("ssh-config"),
                           Tr::tr("The OpenSSH client configuration for ssh:// targets (ssh -F)."),
                           Tr::tr("FILE")),
        QCommandLineOption(QStringLiteral("timeout"),
                           Tr::tr("Give up probing after SECONDS (default 15)."),
                           Tr::tr("SECONDS"))};
    parser.addOptions({o.target, o.sshConfig, o.timeout});
    return o;
}

bool readTargetOptions(const QCommandLineParser &parser, const TargetOptions &options,
                       const QString &command, QString *target, ProbeOptions *probeOptions,
                       bool podFleets)
{
    *target = parser.value(options.target);
    QString why;
    // k8s://NAMESPACE/ names the pods --selector picks, for the commands that probe many hosts
    // (readFleet lists them); to any other it is a refused target.
    if (!target->isEmpty() && !(podFleets && podFleetNamespace(*target)) &&
        !parseTarget(*target, &why)) {
        printError(command, why);
        return false;
    }
    if (parser.isSet(options.timeout)) {
        const std::optional<double> seconds =
            parseSeconds(parser.value(options.timeout), 0.1, 3600);
        if (!seconds) {
            printError(command, Tr::tr("--timeout wants seconds between 0.1 and 3600, not '%1'")
                                    .arg(parser.value(options.timeout)));
            return false;
        }
        const double s = *seconds;
        probeOptions->timeoutMs = int(s * 1000);
        probeOptions->connectTimeoutS =
            std::max(1, std::min(probeOptions->connectTimeoutS, int(s)));
    }
    if (parser.isSet(options.sshConfig))
        probeOptions->sshConfig = parser.value(options.sshConfig);
    return true;
}

std::optional<double> parseSeconds(const QString &text, double min, double max)
{
    bool ok = false;
    const double s = text.trimmed().toDouble(&ok);
    // Comparisons with NaN are all false, so test finiteness first.
    if (!ok || !std::isfinite(s) || s < min || s > max)
        return std::nullopt;
    return s;
}

std::optional<double> parseDuration(const QString &text, double min, double max)
{
    static const QRegularExpression re(QStringLiteral("^\\s*([^a-z\\s]+)\\s*(ms|s|m|h|d)?\\s*$"));
    const QRegularExpressionMatch m = re.match(text);
    if (!m.hasMatch())
        return std::nullopt;
    const QString unit = m.captured(2);
    const double scale = unit == QLatin1String("ms")  ? 0.001
                         : unit == QLatin1String("m") ? 60
                         : unit == QLatin1String("h") ? 3600
                         : unit == QLatin1String("d") ? 86400
                                                      : 1;
    const std::optional<double> n = parseSeconds(m.captured(1), -1e18, 1e18);
    if (!n || *n * scale < min || *n * scale > max)
        return std::nullopt;
    return *n * scale;
}

std::optional<Profile> readProfile(const QString &path)
{
    const ProfileResult loaded = loadProfile(path);
    if (!loaded.ok()) {
        for (const ProfileProblem &p : loaded.problems)
            err() << p.toString() << '\n';
        return std::nullopt;
    }
    return loaded.profile;
}

std::optional<Profile> readProfileOption(const QCommandLineParser &parser,
                                         const QCommandLineOption &profile, const QString &command)
{
    if (!parser.positionalArguments().isEmpty()) {
        printError(command,
                   Tr::tr("unexpected argument '%1'; the profile is given with --profile FILE")
                       .arg(parser.positionalArguments().constFirst()));
        return std::nullopt;
    }
    if (!parser.isSet(profile)) {
        printError(command, Tr::tr("--profile FILE is required"));
        return std::nullopt;
    }
    return readProfile(parser.value(profile));
}

bool applyTarget(const QCommandLineParser &parser, const TargetOptions &options,
                 const QString &command, Profile &profile, std::optional<HostFacts> *facts)
{
    if (!parser.isSet(options.target))
        return true;
    QString target;
    ProbeOptions probeOptions;
    if (!readTargetOptions(parser, options, command, &target, &probeOptions))
        return false;
    const ProbeResult r = probeBlocking(target, probeOptions);
    if (!r.ok()) {
        printError(command, Tr::tr("cannot probe %1: %2").arg(target, r.error));
        return false;
    }
    // What the profile states about its host wins; the probe fills the gaps.
    // A docker:// or k8s:// target is taken for the job's own container.
    applyFacts(profile, r.facts, FactsPolicy::FillGaps, targetIsContainer(target));
    *facts = r.facts;
    return true;
}

} // namespace shmwise::cli
