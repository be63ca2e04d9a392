// SPDX-License-Identifier: GPL-3.0-or-later
// `shmwise plan`: the /dev/shm a profile's job needs, the breakdown of why, and the fit.
#include "app/cliutil.h"
#include "app/cmd_probe_fleet.h"
#include "app/commands.h"

#include "core/exitcodes.h"
#include "core/fit.h"
#include "core/profile.h"
#include "core/serving.h"
#include "core/sizing.h"
#include "core/textwidth.h"
#include "probes/findings.h"

#include <QCommandLineParser>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

namespace shmwise {

namespace {

using namespace cli;

// Wraps text for a terminal by the line-breaking rules of core/textwidth.h, indenting every
// line by `indent` columns.
QString wrapped(const QString &text, int indent, int width = 96)
{
    const QString pad(indent, QLatin1Char(' '));
    QString result;
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        if (line.trimmed().isEmpty())
            continue;
        for (const QString &piece : wrapLine(pad + line.trimmed(), width))
            result += piece + QLatin1Char('\n');
    }
    return result;
}

// `findings` is null when no host was probed.
void printPlanJson(const QString &path, const Profile &profile, const ShmPlan &plan,
                   const std::optional<ShmFit> &fit, const QVector<Finding> *findings)
{
    QJsonObject o = planToJson(plan);
    o.insert(QStringLiteral("profile"), path);
    o.insert(QStringLiteral("environment"), environmentName(profile.environment));
    o.insert(QStringLiteral("fit"), fit ? QJsonValue(fitToJson(*fit)) : QJsonValue());
    if (findings)
        o.insert(QStringLiteral("host_findings"), findingsToJson(*findings));
    out() << QJsonDocument(o).toJson(QJsonDocument::Indented);
    for (const QString &w : plan.warnings)
        err() << Tr::tr("warning: %1").arg(w) << '\n';
    if (!findings)
        return;
    for (const Finding &f : *findings)
        err() << Tr::tr("%1: %2 (%3)").arg(findingSeverityName(f.severity), f.title, f.id) << '\n';
}

// `target` is null when no host was probed.
void printPlanText(const QString &path, const Profile &profile, const ShmPlan &plan,
                   const std::optional<ShmFit> &fit, const QString *target,
                   const QVector<Finding> &hostFindings)
{
    const Workload &w = profile.workload;
    QTextStream &o = out();
    if (w.preset.isEmpty())
        o << Tr::tr("Plan for %1 (%2)").arg(path, environmentTitle(profile.environment));
    else
        o << Tr::tr("Plan for %1 (%2, preset %3)")
                 .arg(path, environmentTitle(profile.environment), w.preset);
    o << "\n\n";
    const QString loader =
        profile.otherLoaders.isEmpty() ? QString() : Tr::tr("Loader %1: ").arg(w.name);
    if (serving::serverOnly(profile))
        o << Tr::tr("A %1 server: what it keeps in /dev/shm, term by term.")
                 .arg(serverName(profile.serving.server));
    else if (w.wholeBatches)
        o << loader
          << Tr::tr("One batch: %1 (the Dataset yields whole batches); %2 batches in flight per "
                    "process.")
                 .arg(formatSize(plan.batchBytes))
                 .arg(plan.batchesInFlight);
    else
        o << loader
          << Tr::tr("One batch: %1 (%2 samples of %3); %4 batches in flight per process.")
                 .arg(formatSize(plan.batchBytes))
                 .arg(w.batchSize)
                 .arg(formatSize(w.bytesPerSample()))
                 .arg(plan.batchesInFlight);
    if (!plan.runningLoader.isEmpty())
        o << "\n"
          << Tr::tr("The fullest moment: while %1 runs, with the other loaders idle beside it.")
                 .arg(plan.runningLoader);
    o << "\n\n";
    int width = 0;
    for (const PlanTerm &t : plan.breakdown)
        width = std::max(width, displayWidth(t.title));
    for (const PlanTerm &t : plan.breakdown) {
        o << "  " << padded(t.title, width) << "  " << formatSize(t.bytes).rightJustified(10)
          << '\n';
        o << wrapped(t.why, 6);
        if (!t.details.isEmpty())
            o << wrapped(t.details, 8);
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
        } else if (fit->possible && fit->loaders.size() > 1) {
            // Every loader's settings: the fit leans the other loaders before the training one.
            o << Tr::tr("To fit in %1 (needs %2):")
                     .arg(formatSize(fit->shmBytes), formatSize(fit->requiredBytes))
              << '\n';
            const QVector<Workload> all = profile.loaders();
            for (int i = 0; i < all.size() && i < fit->loaders.size(); ++i) {
                const ShmFitOption &l = fit->loaders[i];
                o << "  "
                  << Tr::tr("Loader %1: num_workers=%2, prefetch_factor=%3, batch_size=%4")
                         .arg(all[i].name)
                         .arg(l.numWorkers)
                         .arg(l.numWorkers ? QString::number(l.prefetchFactor)
                                           : QStringLiteral("-"))
                         .arg(all[i].wholeBatches ? QStringLiteral("None")
                                                  : QString::number(l.batchSize))
                  << '\n';
            }
        } else if (fit->possible) {
            o << Tr::tr(
                     "To fit in %1: num_workers=%2, prefetch_factor=%3, batch_size=%4 (needs %5).")
                     .arg(formatSize(fit->shmBytes))
                     .arg(fit->numWorkers)
                     .arg(fit->numWorkers ? QString::number(fit->prefetchFactor)
                                          : QStringLiteral("-"))
                     .arg(w.wholeBatches ? QStringLiteral("None") : QString::number(fit->batchSize))
                     .arg(formatSize(fit->requiredBytes))
              << '\n';
        }
        for (const QString &c : fit->costs)
            o << "  - " << wrapped(c, 4).mid(4);
    }
    if (target) {
        o << '\n' << Tr::tr("Host %1:").arg(*target) << '\n';
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
}

} // namespace

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
    const cli::HostOptions hostOpts = cli::addHostOptions(parser);
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
            printError(QStringLiteral("plan"), Tr::tr("--fit: %1").arg(error));
            return ExitUsage;
        }
    }
    const QString path = parser.value(profileOpt);
    std::optional<HostFacts> facts;
    std::optional<Profile> loaded =
        cli::readProfileForHosts(parser, profileOpt, hostOpts, QStringLiteral("plan"), &facts);
    if (!loaded)
        return ExitUsage;
    const Profile &profile = *loaded;
    const ShmPlan plan = computePlan(profile);
    const QVector<Finding> hostFindings =
        facts ? findingsForJob(*facts, profile, &plan,
                               targetIsContainer(parser.value(hostOpts.targets.target)))
              : QVector<Finding>();
    if (!fitSize && profile.host.shmBytes)
        fitSize = profile.host.shmBytes;
    std::optional<ShmFit> fit;
    if (fitSize)
        fit = fitPlan(profile, *fitSize);

    if (parser.isSet(jsonOpt))
        printPlanJson(path, profile, plan, fit, facts ? &hostFindings : nullptr);
    else {
        const QString target = parser.value(hostOpts.targets.target);
        printPlanText(path, profile, plan, fit, facts ? &target : nullptr, hostFindings);
    }
    // A plan that cannot exist is the profile's error: said on stderr, exit 2.
    for (const QString &e : plan.errors)
        printError(QStringLiteral("plan"), e);
    return plan.errors.isEmpty() ? ExitOk : ExitUsage;
}

} // namespace shmwise
