// SPDX-License-Identifier: GPL-3.0-or-later
// Many hosts at once: --target several times, --inventory with --limit, --jobs.
#include "app/cmd_probe_fleet.h"
#include "probes/podlist.h"

#include "core/exitcodes.h"
#include "core/textwidth.h"
#include "probes/hostfill.h"
#include "probes/inventory.h"

#include <QCoreApplication>
#include <QJsonDocument>

namespace shmwise {

namespace {

using namespace cli;

// Names come from inventories: no control character reaches the terminal.
QString printable(const QString &s)
{
    QString r = s;
    for (QChar &c : r)
        if (c.category() == QChar::Other_Control || c.category() == QChar::Other_Format)
            c = QLatin1Char('?');
    return r;
}

void printTable(QTextStream &o, const QVector<FleetHostResult> &results, const FleetSummary &s)
{
    const QStringList head{Tr::tr("HOST"),   Tr::tr("TARGET"), Tr::tr("/DEV/SHM"), Tr::tr("USED"),
                           Tr::tr("MEMORY"), Tr::tr("NOFILE"), Tr::tr("VERDICT")};
    QVector<QStringList> rows{head};
    for (const FleetHostResult &r : results) {
        QStringList row = fleetRowTexts(r, FleetStyle::Terminal);
        row[FleetHostColumn] = printable(row[FleetHostColumn]);
        row[FleetTargetColumn] = printable(row[FleetTargetColumn]);
        rows << row;
    }
    QVector<int> width(head.size(), 0);
    for (const QStringList &row : rows)
        for (int i = 0; i < row.size(); ++i)
            width[i] = std::max(width[i], displayWidth(row[i]));
    for (const QStringList &row : rows) {
        QString line;
        for (int i = 0; i < row.size(); ++i)
            line += i + 1 < row.size() ? padded(row[i], width[i] + 2) : row[i];
        o << line << '\n';
    }
    o << '\n';
    o << Tr::tr("%1 host(s): %2 probed, %3 could not be probed.")
             .arg(s.hosts)
             .arg(s.probed)
             .arg(s.failed)
      << '\n';
    if (!s.breaking.isEmpty())
        o << Tr::tr("Would break the job: %1").arg(printable(s.breaking.join(QStringLiteral(", "))))
          << '\n';
    if (s.commonShmBytes)
        o << Tr::tr("Most common /dev/shm: %1").arg(formatSize(*s.commonShmBytes)) << '\n';
    if (!s.outliers.isEmpty())
        o << Tr::tr("Outliers (another /dev/shm size): %1")
                 .arg(printable(s.outliers.join(QStringLiteral(", "))))
          << '\n';
    if (!s.smallestHost.isEmpty())
        o << Tr::tr("Smallest /dev/shm: %1 (%2)")
                 .arg(printable(s.smallestHost), formatSize(*s.smallestShmBytes))
          << '\n';
    bool header = false;
    for (const FleetHostResult &r : results) {
        if (r.result.ok())
            continue;
        if (!header)
            o << '\n' << Tr::tr("Could not probe:") << '\n';
        header = true;
        o << "  " << printable(r.host.name) << ": " << printable(r.result.error) << '\n';
    }
    header = false;
    for (const FleetHostResult &r : results) {
        for (const Finding &f : r.findings) {
            if (f.severity == FindingSeverity::Info)
                continue;
            if (!header)
                o << '\n' << Tr::tr("Findings:") << '\n';
            header = true;
            o << "  " << printable(r.host.name) << ": " << findingSeverityName(f.severity) << ' '
              << f.id << ": " << f.title << '\n'
              << "    " << printable(f.evidence) << '\n'
              << "    " << Tr::tr("Fix: %1").arg(f.fix) << '\n';
        }
    }
}

} // namespace

namespace cli {

FleetOptions addFleetOptions(QCommandLineParser &parser)
{
    FleetOptions o{
        QCommandLineOption(QStringLiteral("inventory"),
                           Tr::tr("Probe the hosts of this Ansible inventory (INI or YAML)."),
                           Tr::tr("FILE")),
        QCommandLineOption(QStringLiteral("limit"),
                           Tr::tr("Only the inventory's hosts in these groups or hosts "
                                  "(Ansible patterns: a,b  a:!b  a:&b  web*)."),
                           Tr::tr("PATTERN")),
        QCommandLineOption(QStringLiteral("jobs"),
                           Tr::tr("Probe at most N hosts at the same time (default 8)."),
                           Tr::tr("N")),
        QCommandLineOption(QStringLiteral("selector"),
                           Tr::tr("With --target k8s://NAMESPACE/: probe every running pod these "
                                  "labels select (kubectl's -l syntax: app=train,role=worker)."),
                           Tr::tr("LABELS"))};
    parser.addOptions({o.inventory, o.limit, o.jobs, o.selector});
    return o;
}

bool wantsFleet(const QCommandLineParser &parser, const FleetOptions &fleet,
                const TargetOptions &targets)
{
    if (parser.isSet(fleet.inventory) || parser.isSet(fleet.selector))
        return true;
    const QStringList t = parser.values(targets.target);
    return t.size() > 1 || (t.size() == 1 && podFleetNamespace(t.first()));
}

bool readFleet(const QCommandLineParser &parser, const FleetOptions &fleet,
               const TargetOptions &targets, const QString &command, QVector<FleetHost> *hosts,
               ProbeOptions *probeOptions, int *jobs)
{
    QString ignored;
    if (!readTargetOptions(parser, targets, command, &ignored, probeOptions, true))
        return false;
    FleetSource source;
    if (parser.isSet(targets.target))
        source.targets = parser.values(targets.target);
    // k8s://NAMESPACE/ with --selector: the pods it picks, each a target of its own.
    bool namespaces = false;
    QStringList expanded;
    qint64 podCount = 0;
    for (const QString &t : std::as_const(source.targets)) {
        const std::optional<QString> ns = podFleetNamespace(t);
        if (!ns) {
            expanded << t;
            continue;
        }
        namespaces = true;
        if (!parser.isSet(fleet.selector)) {
            printError(command, Tr::tr("%1 names a namespace: add --selector LABELS to probe the "
                                       "pods they pick, or name one pod (k8s://NAMESPACE/POD)")
                                    .arg(t));
            return false;
        }
        const PodListing pods = listPods(*ns, parser.value(fleet.selector), *probeOptions);
        if (!pods.error.isEmpty()) {
            printError(command, pods.error);
            return false;
        }
        // Several namespaces together stop where one does: at MaxPods, as inventories do.
        podCount += pods.targets.size();
        if (podCount > MaxPods) {
            printError(command, Tr::tr("the selector picks more than %1 pods in these namespaces; "
                                       "at most %1 are probed at once, as many as an inventory "
                                       "may name: narrow the selector")
                                    .arg(MaxPods));
            return false;
        }
        expanded << pods.targets;
    }
    if (parser.isSet(fleet.selector) && !namespaces) {
        printError(command, Tr::tr("--selector needs --target k8s://NAMESPACE/ (k8s:/// for "
                                   "kubectl's current namespace)"));
        return false;
    }
    source.targets = expanded;
    const bool limited = parser.isSet(fleet.limit);
    if (parser.isSet(fleet.inventory)) {
        source.inventoryPath = parser.value(fleet.inventory);
        if (limited)
            source.limit = parser.value(fleet.limit);
    }
    FleetHosts found = fleetHosts(source);
    if (!found.ok()) {
        printError(command, found.errorFromFile ? printable(found.error) : found.error);
        return false;
    }
    if (limited && !parser.isSet(fleet.inventory)) {
        printError(command, Tr::tr("--limit needs --inventory"));
        return false;
    }
    if (parser.isSet(fleet.inventory) && found.fromInventory == 0) {
        printError(command,
                   Tr::tr("the inventory %1 has no hosts").arg(parser.value(fleet.inventory)));
        return false;
    }
    *hosts = std::move(found.hosts);
    return readJobs(parser, fleet, command, jobs);
}

bool readJobs(const QCommandLineParser &parser, const FleetOptions &fleet, const QString &command,
              int *jobs)
{
    *jobs = 8;
    if (parser.isSet(fleet.jobs)) {
        bool ok = false;
        *jobs = parser.value(fleet.jobs).toInt(&ok);
        if (!ok || *jobs < 1 || *jobs > 256) {
            printError(command, Tr::tr("--jobs wants a number from 1 to 256"));
            return false;
        }
    }
    return true;
}

bool applyFleet(const QCommandLineParser &parser, const FleetOptions &fleet,
                const TargetOptions &targets, const QString &command, Profile &profile,
                std::optional<HostFacts> *facts)
{
    QVector<FleetHost> hosts;
    ProbeOptions options;
    int jobs = 8;
    if (!readFleet(parser, fleet, targets, command, &hosts, &options, &jobs))
        return false;
    QString note;
    const QVector<FleetHostResult> results = probeFleetBlocking(hosts, options, jobs, {}, &note);
    if (!note.isEmpty())
        printError(command, note);
    for (const FleetHostResult &r : results) {
        if (!r.result.ok()) {
            printError(command, Tr::tr("cannot probe %1: %2")
                                    .arg(printable(r.host.name), printable(r.result.error)));
            return false;
        }
    }
    // A host that cannot tell its /dev/shm is the one the job cannot count on.
    const FleetHostResult &smallest = results[smallestFleetHost(results, UnknownShm::CountsAsNone)];
    const HostFacts &f = smallest.result.facts;
    printError(command, Tr::tr("sized for the smallest of %n host(s): %1 (/dev/shm %2)", nullptr,
                               int(results.size()))
                            .arg(printable(smallest.host.name), fleetSizeText(f.shmSizeBytes)));
    // As for one host: what the profile states wins, and a container job keeps its own /dev/shm.
    applyFacts(profile, f, FactsPolicy::FillGaps, targetIsContainer(smallest.host.targetText));
    *facts = f;
    return true;
}

HostOptions addHostOptions(QCommandLineParser &parser)
{
    // Braced initialisers run in order: --help lists the target options first, as before.
    return HostOptions{
        addTargetOptions(parser,
                         Tr::tr("Size against this host: local, ssh://[user@]host[:port], "
                                "docker://CONTAINER or k8s://[NAMESPACE/]POD[/CONTAINER].")),
        addFleetOptions(parser)};
}

std::optional<Profile> readProfileForHosts(const QCommandLineParser &parser,
                                           const QCommandLineOption &profileOption,
                                           const HostOptions &hosts, const QString &command,
                                           std::optional<HostFacts> *facts)
{
    const FleetOptions &fleet = hosts.fleet;
    const TargetOptions &targets = hosts.targets;
    std::optional<Profile> profile = readProfileOption(parser, profileOption, command);
    if (!profile)
        return std::nullopt;
    const bool applied = wantsFleet(parser, fleet, targets)
                             ? applyFleet(parser, fleet, targets, command, *profile, facts)
                             : applyTarget(parser, targets, command, *profile, facts);
    if (!applied)
        return std::nullopt;
    return profile;
}

} // namespace cli

int runProbeFleet(const QCommandLineParser &parser, const cli::FleetOptions &fleet,
                  const cli::TargetOptions &targets, bool json, const std::optional<ShmPlan> &plan)
{
    QVector<FleetHost> hosts;
    ProbeOptions options;
    int jobs = 8;
    if (!cli::readFleet(parser, fleet, targets, QStringLiteral("probe"), &hosts, &options, &jobs))
        return ExitUsage;
    QString note;
    const QVector<FleetHostResult> results = probeFleetBlocking(hosts, options, jobs, plan, &note);
    // A limit of this computer, said once and as its own: no host is blamed for it.
    if (!note.isEmpty())
        printError(QStringLiteral("probe"), note);
    const FleetSummary summary = summarizeFleet(results);
    if (json)
        out() << QJsonDocument(fleetToJson(results, summary, plan ? &*plan : nullptr)).toJson();
    else
        printTable(out(), results, summary);
    out().flush();
    return summary.failed > 0 ? ExitUsage : ExitOk;
}

} // namespace shmwise
