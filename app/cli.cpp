// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli.h"
#include "app/cliutil.h"
#include "app/cmd_probe_fleet.h"
#include "app/commands.h"

#include "app/terminalout.h"
#include "core/exitcodes.h"
#include "core/presets.h"
#include "core/profile.h"
#include "core/sizing.h"
#include "probes/findings.h"
#include "probes/prober.h"
#include "validators/validators.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

#include <cmath>
#include <cstdio>

namespace shmwise {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::Cli)
};

using cli::err;
using cli::out;

struct Command
{
    const char *name;
    const char *summary;
    int (*run)(const QStringList &args);
};

int runPlan(const QStringList &args);

const Command kCommands[] = {
    {"plan",
     QT_TRANSLATE_NOOP("shmwise::Cli", "compute the /dev/shm a training job needs, and why"),
     &runPlan},
    {"generate",
     QT_TRANSLATE_NOOP("shmwise::Cli", "write the configs for the profile's environment, with why"),
     &runGenerate},
    {"validate",
     QT_TRANSLATE_NOOP(
         "shmwise::Cli",
         "check a config file (fstab, sysctl, limits, docker run, compose, Kubernetes, Python)"),
     &runValidate},
    {"probe",
     QT_TRANSLATE_NOOP(
         "shmwise::Cli",
         "report what a host (local, ssh, docker, k8s) gives a job, and what will break it"),
     &runProbe},
    {"diagnose",
     QT_TRANSLATE_NOOP("shmwise::Cli",
                       "explain a DataLoader, NCCL or OOM error log and say what to do"),
     &runDiagnose},
};

QString mainHelp()
{
    QString h = Tr::tr("Usage: shmwise [COMMAND] [OPTIONS]\n"
                       "\n"
                       "Sizes /dev/shm for PyTorch DataLoader training and explains the number.\n"
                       "\n"
                       "Commands:\n");
    for (const Command &c : kCommands)
        h += QStringLiteral("  %1  %2\n")
                 .arg(QLatin1String(c.name), -10)
                 .arg(QCoreApplication::translate("shmwise::Cli", c.summary));
    h += Tr::tr("\n"
                "Options:\n"
                "  -h, --help     show this help (shmwise COMMAND --help for a command)\n"
                "  -v, --version  show the version\n"
                "\n"
                "Exit codes: 0 done (warnings are output, not failure); 1 a file was judged "
                "invalid;\n"
                "2 bad usage, an unreadable file, an invalid profile or a file that could not "
                "be written.\n");
    return h;
}

// Wraps text at word boundaries for a terminal, indenting every line. Chinese text, which has
// no spaces, may break between any two characters, though not before closing punctuation nor
// after opening punctuation.
QString wrapped(const QString &text, int indent, int width = 96)
{
    struct Piece
    {
        QString text;
        bool spaceBefore;
    };
    static const QString closing = QStringLiteral("，。、；：！？）」』】…");
    static const QString opening = QStringLiteral("（「『【");
    QList<Piece> pieces;
    const QStringList words = text.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    for (const QString &w : words) {
        bool first = true;
        bool glue = false; // the last piece ends with opening punctuation
        for (const QChar c : w) {
            const bool wide = cli::displayWidth(QString(c)) == 2;
            const bool startsPiece = !first && !glue && !closing.contains(c) &&
                                     (wide || cli::displayWidth(pieces.last().text.right(1)) == 2);
            if (first || startsPiece) {
                pieces.append({QString(c), first});
                first = false;
            } else {
                pieces.last().text += c;
            }
            glue = opening.contains(c);
        }
    }
    const QString pad(indent, QLatin1Char(' '));
    QString result;
    QString line;
    for (const Piece &p : pieces) {
        const int space = p.spaceBefore && !line.isEmpty() ? 1 : 0;
        if (!line.isEmpty() &&
            indent + cli::displayWidth(line) + space + cli::displayWidth(p.text) > width) {
            result += pad + line + QLatin1Char('\n');
            line.clear();
        }
        if (p.spaceBefore && !line.isEmpty())
            line += QLatin1Char(' ');
        line += p.text;
    }
    if (!line.isEmpty())
        result += pad + line + QLatin1Char('\n');
    return result;
}

int runPlan(const QStringList &args)
{
    QCommandLineParser parser;
    const QCommandLineOption profileOpt(QStringLiteral("profile"),
                                        Tr::tr("The profile to plan for."), Tr::tr("FILE"));
    const QCommandLineOption jsonOpt(QStringLiteral("json"),
                                     Tr::tr("Print one JSON object on stdout."));
    const QCommandLineOption fitOpt(
        QStringLiteral("fit"),
        Tr::tr("Also fit the DataLoader settings to a /dev/shm of SIZE (default: the profile's "
               "host.shm_bytes)."),
        Tr::tr("SIZE"));
    parser.addOption(profileOpt);
    parser.addOption(jsonOpt);
    parser.addOption(fitOpt);
    const cli::TargetOptions targetOpts = cli::addTargetOptions(
        parser, Tr::tr("Size against this host: local, ssh://[user@]host[:port], "
                       "docker://CONTAINER or k8s://[NAMESPACE/]POD[/CONTAINER]."));
    const cli::FleetOptions fleetOpts = cli::addFleetOptions(parser);
    const int parsed = cli::parseCommand(
        parser, args,
        QStringLiteral(
            "plan --profile FILE [--json] [--fit SIZE] [--target T]... [--inventory FILE]"),
        Tr::tr("Computes the /dev/shm the profile's training job needs on one host: the "
               "least that runs without a Bus error, what to configure, and a "
               "breakdown of why."));
    if (parsed >= 0)
        return parsed;
    std::optional<Bytes> fitSize;
    if (parser.isSet(fitOpt)) {
        QString error;
        fitSize = parseSize(parser.value(fitOpt), &error);
        if (!fitSize) {
            err() << Tr::tr("shmwise plan: --fit: %1").arg(error) << '\n';
            return ExitUsage;
        }
    }
    const QString path = parser.value(profileOpt);
    std::optional<Profile> loaded =
        cli::readProfileOption(parser, profileOpt, QStringLiteral("plan"));
    if (!loaded)
        return ExitUsage;
    Profile &profile = *loaded;
    std::optional<HostFacts> facts;
    if (cli::wantsFleet(parser, fleetOpts, targetOpts)
            ? !cli::applyFleet(parser, fleetOpts, targetOpts, QStringLiteral("plan"), profile,
                               &facts)
            : !cli::applyTarget(parser, targetOpts, QStringLiteral("plan"), profile, &facts))
        return ExitUsage;
    const ShmPlan plan = computePlan(profile);
    const QVector<Finding> hostFindings =
        facts ? findingsForJob(*facts, profile, &plan) : QVector<Finding>();
    if (!fitSize && profile.host.shmBytes)
        fitSize = profile.host.shmBytes;
    std::optional<ShmFit> fit;
    if (fitSize)
        fit = fitPlan(profile, *fitSize);

    if (parser.isSet(jsonOpt)) {
        QJsonObject o = planToJson(plan);
        o.insert(QStringLiteral("profile"), path);
        o.insert(QStringLiteral("environment"), environmentName(profile.environment));
        o.insert(QStringLiteral("fit"), fit ? QJsonValue(fitToJson(*fit)) : QJsonValue());
        if (facts)
            o.insert(QStringLiteral("host_findings"), findingsToJson(hostFindings));
        out() << QJsonDocument(o).toJson(QJsonDocument::Indented);
        for (const QString &w : plan.warnings)
            err() << Tr::tr("warning: %1").arg(w) << '\n';
        for (const Finding &f : hostFindings)
            err() << Tr::tr("%1: %2 (%3)").arg(findingSeverityName(f.severity), f.title, f.id)
                  << '\n';
        return ExitOk;
    }

    const Workload &w = profile.workload;
    QTextStream &o = out();
    if (w.preset.isEmpty())
        o << Tr::tr("Plan for %1 (%2)").arg(path, environmentTitle(profile.environment));
    else
        o << Tr::tr("Plan for %1 (%2, preset %3)")
                 .arg(path, environmentTitle(profile.environment), w.preset);
    o << "\n\n";
    o << Tr::tr("One batch: %1 (%2 samples of %3); %4 batches in flight per process.")
             .arg(formatSize(plan.batchBytes))
             .arg(w.batchSize)
             .arg(formatSize(w.bytesPerSample()))
             .arg(plan.batchesInFlight)
      << "\n\n";
    int width = 0;
    for (const PlanTerm &t : plan.breakdown)
        width = std::max(width, cli::displayWidth(t.title));
    for (const PlanTerm &t : plan.breakdown) {
        o << "  " << cli::padded(t.title, width) << "  " << formatSize(t.bytes).rightJustified(10)
          << '\n';
        o << wrapped(t.why, 6);
    }
    o << '\n';
    o << Tr::tr("Required /dev/shm:    %1 (%2 bytes)")
             .arg(formatSize(plan.requiredBytes))
             .arg(plan.requiredBytes)
      << '\n';
    o << Tr::tr("Recommended /dev/shm: %1").arg(formatSize(plan.recommendedBytes));
    if (plan.environmentDefaultBytes)
        o << Tr::tr("  (default here: %1)").arg(formatSize(*plan.environmentDefaultBytes));
    o << '\n';
    if (plan.openFiles > 0)
        o << Tr::tr("Open files:           %1 shared-memory descriptors; ulimit -n %2 covers them")
                 .arg(plan.openFiles)
                 .arg(plan.nofileLimit)
          << '\n';
    if (fit) {
        o << '\n';
        if (fit->fitsAsConfigured) {
            o << Tr::tr("Fits in %1 as configured.").arg(formatSize(fit->shmBytes)) << '\n';
        } else if (fit->possible) {
            o << Tr::tr(
                     "To fit in %1: num_workers=%2, prefetch_factor=%3, batch_size=%4 (needs %5).")
                     .arg(formatSize(fit->shmBytes))
                     .arg(fit->numWorkers)
                     .arg(fit->numWorkers ? QString::number(fit->prefetchFactor)
                                          : QStringLiteral("-"))
                     .arg(fit->batchSize)
                     .arg(formatSize(fit->requiredBytes))
              << '\n';
        }
        for (const QString &c : fit->costs)
            o << "  - " << wrapped(c, 4).mid(4);
    }
    if (facts) {
        o << '\n' << Tr::tr("Host %1:").arg(parser.value(targetOpts.target)) << '\n';
        if (hostFindings.isEmpty())
            o << "  " << Tr::tr("nothing there will break this job.") << '\n';
        for (const Finding &f : hostFindings) {
            o << "  - "
              << wrapped(
                     QStringLiteral("%1: %2 (%3). %4 %5")
                         .arg(findingSeverityName(f.severity), f.title, f.id, f.evidence, f.fix),
                     4)
                     .mid(4);
        }
    }
    if (!plan.warnings.isEmpty()) {
        o << '\n' << Tr::tr("Warnings:") << '\n';
        for (const QString &s : plan.warnings)
            o << "  - " << wrapped(s, 4).mid(4);
    }
    return ExitOk;
}

} // namespace

namespace cli {

int displayWidth(const QString &s)
{
    int columns = 0;
    for (const QChar c : s) {
        const char16_t u = c.unicode();
        const bool wide = (u >= 0x1100 && u <= 0x115F) || (u >= 0x2E80 && u <= 0xA4CF) ||
                          (u >= 0xAC00 && u <= 0xD7A3) || (u >= 0xF900 && u <= 0xFAFF) ||
                          (u >= 0xFE30 && u <= 0xFE4F) || (u >= 0xFF00 && u <= 0xFF60) ||
                          (u >= 0xFFE0 && u <= 0xFFE6);
        columns += wide ? 2 : 1;
    }
    return columns;
}

QString padded(const QString &s, int width)
{
    return s + QString(std::max(0, width - displayWidth(s)), QLatin1Char(' '));
}

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
                       const QString &command, QString *target, ProbeOptions *probeOptions)
{
    *target = parser.value(options.target);
    QString why;
    if (!target->isEmpty() && !parseTarget(*target, &why)) {
        err() << QStringLiteral("shmwise %1: ").arg(command) << why << '\n';
        return false;
    }
    if (parser.isSet(options.timeout)) {
        const std::optional<double> seconds =
            parseSeconds(parser.value(options.timeout), 0.1, 3600);
        if (!seconds) {
            err() << QStringLiteral("shmwise %1: ").arg(command)
                  << Tr::tr("--timeout wants seconds between 0.1 and 3600, not '%1'")
                         .arg(parser.value(options.timeout))
                  << '\n';
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
        err() << QStringLiteral("shmwise %1: ").arg(command)
              << Tr::tr("unexpected argument '%1'; the profile is given with --profile FILE")
                     .arg(parser.positionalArguments().constFirst())
              << '\n';
        return std::nullopt;
    }
    if (!parser.isSet(profile)) {
        err() << QStringLiteral("shmwise %1: ").arg(command) << Tr::tr("--profile FILE is required")
              << '\n';
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
        err() << QStringLiteral("shmwise %1: ").arg(command)
              << Tr::tr("cannot probe %1: %2").arg(target, r.error) << '\n';
        return false;
    }
    const HostFacts &f = r.facts;
    // What the profile states about its host wins; the probe fills the gaps.
    HostSpec &h = profile.host;
    // A container job gets its own /dev/shm, not the one of the host it was probed from.
    const bool hostShmIsTheJobs =
        !environmentRunsInContainer(profile.environment) || !probedOutsideContainers(f);
    if (!h.shmBytes && f.shmSizeBytes && hostShmIsTheJobs)
        h.shmBytes = f.shmSizeBytes;
    if (!h.memoryBytes)
        h.memoryBytes = f.memoryLimitBytes ? f.memoryLimitBytes : f.memTotalBytes;
    if (!h.cpus)
        h.cpus = f.usableCpus();
    *facts = f;
    return true;
}

} // namespace cli

QString versionText()
{
    return QStringLiteral("shmwise %1 (Qt %2, yaml-cpp %3, libyaml %4, KSyntaxHighlighting: %5)")
        .arg(QStringLiteral(SHMWISE_VERSION), QLatin1String(qVersion()),
             QStringLiteral(SHMWISE_YAML_CPP_VERSION), yamlParserVersion(),
#ifdef SHMWISE_HAVE_KSYNTAXHIGHLIGHTING
             QStringLiteral("yes")
#else
             QStringLiteral("no")
#endif
        );
}

int runCli(const QStringList &arguments)
{
    const QStringList args = arguments.mid(1);
    if (args.isEmpty()) {
        out() << mainHelp();
        return ExitOk;
    }
    const QString first = args.constFirst();
    if (first == QLatin1String("-h") || first == QLatin1String("--help") ||
        first == QLatin1String("help")) {
        if (first == QLatin1String("help") && args.size() > 1) {
            for (const Command &c : kCommands) {
                if (args.at(1) == QLatin1String(c.name))
                    return c.run({QStringLiteral("shmwise"), QStringLiteral("--help")});
            }
            err() << Tr::tr("shmwise: unknown command '%1'").arg(args.at(1)) << '\n';
            return ExitUsage;
        }
        out() << mainHelp();
        return ExitOk;
    }
    if (first == QLatin1String("-v") || first == QLatin1String("--version")) {
        out() << versionText() << '\n';
        return ExitOk;
    }
    for (const Command &c : kCommands) {
        if (first == QLatin1String(c.name)) {
            QStringList rest = args;
            rest[0] = QStringLiteral("shmwise ") + first; // parser skips the program name
            const int code = c.run(rest);
            out().flush();
            err().flush();
            return code;
        }
    }
    err() << Tr::tr("shmwise: unknown command '%1'").arg(first) << '\n' << mainHelp();
    return ExitUsage;
}

} // namespace shmwise
