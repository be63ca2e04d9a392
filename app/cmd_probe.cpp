// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cliutil.h"
#include "app/commands.h"

#include "app/cmd_probe_fleet.h"
#include "core/exitcodes.h"
#include "core/profile.h"
#include "core/sizing.h"
#include "core/textwidth.h"
#include "probes/attribution.h"
#include "probes/findings.h"
#include "probes/prober.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QEventLoop>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSocketNotifier>

#include <algorithm>
#include <csignal>
#include <limits>

namespace shmwise {

namespace {

using namespace cli;

QString sizeOr(const std::optional<Bytes> &b)
{
    return b ? formatSize(*b) : Tr::tr("unknown");
}

QString numOr(const std::optional<quint64> &n)
{
    if (!n)
        return Tr::tr("unknown");
    if (*n == std::numeric_limits<quint64>::max())
        return Tr::tr("unlimited");
    return QString::number(*n);
}

QString textOr(const QString &s)
{
    return s.isEmpty() || s == QLatin1String("unknown") ? Tr::tr("unknown") : s;
}

void printFindings(QTextStream &o, const QVector<Finding> &findings)
{
    if (findings.isEmpty()) {
        o << Tr::tr("No findings.") << '\n';
        return;
    }
    o << Tr::tr("Findings:") << '\n';
    for (const Finding &f : findings) {
        o << "  " << findingSeverityName(f.severity) << ' ' << f.id << ": " << f.title << '\n';
        if (f.line > 0)
            o << "    " << Tr::tr("line %1: %2").arg(f.line).arg(f.evidence) << '\n';
        else
            o << "    " << f.evidence << '\n';
        o << "    " << Tr::tr("Fix: %1").arg(f.fix) << '\n';
    }
}

void printFacts(QTextStream &o, const QString &target, const HostFacts &f)
{
    auto row = [&o](const QString &label, const QString &value) {
        o << "  " << padded(label, 18) << value << '\n';
    };
    o << Tr::tr("Host %1").arg(target);
    if (!f.osName.isEmpty() || !f.kernel.isEmpty())
        o << " (" << textOr(f.osName) << ", " << Tr::tr("kernel %1").arg(textOr(f.kernel)) << ')';
    o << '\n';
    row(Tr::tr("/dev/shm"),
        Tr::tr("%1, %2 used, %3 free (%4; %5)")
            .arg(sizeOr(f.shmSizeBytes), sizeOr(f.shmUsedBytes), sizeOr(f.shmFreeBytes),
                 textOr(f.shmFsType), textOr(f.shmOptions)));
    row(Tr::tr("Memory"),
        Tr::tr("%1 total, %2 available, %3 Shmem (all shared memory, not only /dev/shm); cgroup "
               "limit: %4")
            .arg(sizeOr(f.memTotalBytes), sizeOr(f.memAvailableBytes), sizeOr(f.shmemBytes),
                 f.memoryLimitBytes   ? formatSize(*f.memoryLimitBytes)
                 : f.memoryLimitKnown ? Tr::tr("none")
                                      : Tr::tr("unknown")));
    row(Tr::tr("CPUs"),
        Tr::tr("%1 usable (%2 online%3)")
            .arg(numOr(f.usableCpus()), numOr(f.cpusOnline),
                 f.cpuQuota ? Tr::tr(", cgroup quota %1").arg(*f.cpuQuota, 0, 'g', 3) : QString()));
    QString container = textOr(f.containerRuntime);
    if (!f.containerEvidence.isEmpty() && f.containerEvidence != QLatin1String("none"))
        container += QStringLiteral(" (%1)").arg(f.containerEvidence);
    if (f.orchestrator != QLatin1String("none"))
        container += Tr::tr("; orchestrator: %1").arg(textOr(f.orchestrator));
    if (f.wsl.value_or(false))
        container += Tr::tr("; WSL");
    row(Tr::tr("Container"), container);
    if (!f.gpuCount) {
        row(Tr::tr("GPUs"), Tr::tr("unknown (nvidia-smi did not answer)"));
    } else if (f.gpus.isEmpty()) {
        row(Tr::tr("GPUs"), f.gpuSource == QLatin1String("none")
                                ? Tr::tr("none found (no nvidia-smi)")
                                : Tr::tr("none"));
    } else {
        QStringList g;
        for (const GpuInfo &gpu : f.gpus)
            g << QStringLiteral("%1 (%2)").arg(gpu.name, sizeOr(gpu.memoryBytes));
        row(Tr::tr("GPUs"), g.join(QStringLiteral(", ")));
    }
    row(Tr::tr("ulimit -n"), Tr::tr("%1 (hard %2)").arg(numOr(f.nofileSoft), numOr(f.nofileHard)));
    row(Tr::tr("System V shm"),
        Tr::tr("shmmax %1, shmall %2, shmmni %3; %4 segments")
            .arg(numOr(f.shmmax), numOr(f.shmall), numOr(f.shmmni), numOr(f.sysvSegments)));
    row(Tr::tr("PyTorch"), f.torchVersion.isEmpty() ? Tr::tr("not found") : f.torchVersion);
    if (f.kernelMessagesReadable.value_or(false)) {
        row(Tr::tr("Kernel log"), f.kernelMessages.isEmpty()
                                      ? Tr::tr("no Bus error or OOM-killer messages")
                                      : Tr::tr("%n Bus error or OOM-killer message(s); latest:",
                                               nullptr, int(f.kernelMessages.size())));
        if (!f.kernelMessages.isEmpty())
            o << "    " << f.kernelMessages.constLast() << '\n';
    } else {
        row(Tr::tr("Kernel log"), Tr::tr("not readable"));
    }
    for (const QString &p : f.problems)
        o << "  " << Tr::tr("note: %1").arg(p) << '\n';
}

// How many of each list the text shows; the JSON carries more.
constexpr int TextFiles = 10;
constexpr int TextOwners = 5;

QString holderText(const ShmHolder &h)
{
    QString t = h.command.isEmpty() ? Tr::tr("pid %1").arg(h.pid)
                                    : Tr::tr("%1 (pid %2)").arg(h.command).arg(h.pid);
    if (!h.podUid.isEmpty())
        t += QLatin1Char(' ') + Tr::tr("in pod %1").arg(h.podUid);
    else if (!h.containerId.isEmpty())
        t += QLatin1Char(' ') + Tr::tr("in container %1").arg(h.containerId.left(12));
    return t;
}

QString ownersText(const QVector<ShmOwnerBytes> &owners)
{
    QStringList parts;
    for (int i = 0; i < owners.size() && i < TextOwners; ++i) {
        const ShmOwnerBytes &o = owners.at(i);
        QString p = Tr::tr("%1 %2 (%n file(s))", nullptr, int(std::min<quint64>(o.files, 1 << 30)))
                        .arg(o.label, formatSize(o.bytes));
        if (o.leakedFiles > 0)
            p += QLatin1Char(' ') + Tr::tr("[%1 leaked]").arg(formatSize(o.leakedBytes));
        parts << p;
    }
    if (owners.size() > TextOwners)
        parts << Tr::tr("%n more", nullptr, int(owners.size() - TextOwners));
    return parts.join(QStringLiteral("; "));
}

// Who holds /dev/shm, and the limits beside its size.
void printOwners(QTextStream &o, const HostFacts &f)
{
    const ShmAttribution a = attributeShm(f);
    auto row = [&o](const QString &label, const QString &value) {
        o << "  " << padded(label, 18) << value << '\n';
    };
    o << '\n' << Tr::tr("Who holds /dev/shm") << '\n';
    if (!a.available) {
        row(Tr::tr("Files"), Tr::tr("not listed: %1").arg(a.unavailableReason));
    } else {
        auto count = [](quint64 n) {
            return int(std::min<quint64>(n, 1 << 30));
        };
        QStringList parts{Tr::tr("%n named file(s), %1", nullptr, count(a.namedCount))
                              .arg(formatSize(a.namedBytes))};
        if (a.unlinkedCount > 0)
            parts << Tr::tr("%n unlinked file(s) still held, %1", nullptr, count(a.unlinkedCount))
                         .arg(formatSize(a.unlinkedBytes));
        if (a.leakedCount > 0)
            parts << Tr::tr("%n leaked file(s) no process holds, %1", nullptr, count(a.leakedCount))
                         .arg(formatSize(a.leakedBytes));
        row(Tr::tr("Accounted"),
            Tr::tr("%1 (%2)").arg(a.accountedText(), parts.join(QStringLiteral("; "))));
        o << "  " << padded(QString(), 18) << a.unaccountedText() << '\n';
        if (!a.holdersComplete)
            o << "  " << padded(QString(), 18)
              << Tr::tr("Only %1 of %2 processes could be inspected: files of the others' users "
                        "are not called leaked.")
                     .arg(a.processesReadable ? QString::number(*a.processesReadable)
                                              : Tr::tr("unknown"),
                          a.processesTotal ? QString::number(*a.processesTotal) : Tr::tr("unknown"))
              << '\n';
        if (a.filesTruncated || a.holdersTruncated)
            o << "  " << padded(QString(), 18)
              << Tr::tr("The probe listed the largest files and the first holders only; the "
                        "totals count everything.")
              << '\n';
        if (!a.byKind.isEmpty())
            row(Tr::tr("By kind"), ownersText(a.byKind));
        if (!a.byProcess.isEmpty())
            row(Tr::tr("By process"), ownersText(a.byProcess));
        if (!a.byContainer.isEmpty())
            row(Tr::tr("By container"), ownersText(a.byContainer));
        if (!a.byPod.isEmpty())
            row(Tr::tr("By pod"), ownersText(a.byPod));
        if (!a.files.isEmpty()) {
            o << "  " << Tr::tr("Largest files") << '\n';
            for (int i = 0; i < a.files.size() && i < TextFiles; ++i) {
                const ShmObject &x = a.files.at(i);
                QString line = padded(formatSize(x.allocated), 11);
                line += x.linked ? x.name : Tr::tr("%1 (unlinked)").arg(x.name);
                line += QStringLiteral("  ") + shmKindTitle(x.kind);
                if (x.leaked) {
                    line += QStringLiteral("  ") + Tr::tr("leaked (no process holds it)");
                } else if (!x.holders.isEmpty()) {
                    line += QStringLiteral("  ") + holderText(x.holders.constFirst());
                    if (x.holders.size() > 1)
                        line += QLatin1Char(' ') +
                                Tr::tr("and %n more", nullptr, int(x.holders.size() - 1));
                }
                if (x.ageSeconds)
                    line += QStringLiteral("  ") + Tr::tr("age %1 s").arg(*x.ageSeconds);
                o << "    " << line << '\n';
            }
            if (a.files.size() > TextFiles)
                o << "    " << Tr::tr("%n more file(s)", nullptr, int(a.files.size() - TextFiles))
                  << '\n';
        }
        if (a.sysvCount > 0)
            row(Tr::tr("System V"), Tr::tr("%n segment(s), %1 (not in /dev/shm; counted in Shmem)",
                                           nullptr, int(std::min<quint64>(a.sysvCount, 1 << 30)))
                                        .arg(formatSize(a.sysvBytes)));
    }
    const ShmLimits &l = a.limits;
    QString quota = Tr::tr("none");
    if (l.quotaOn) {
        if (l.userQuotaKnown)
            quota = l.userQuotaLimit ? Tr::tr("yours %1, %2 used")
                                           .arg(formatSize(*l.userQuotaLimit),
                                                formatSize(l.userQuotaUsed.value_or(0)))
                                     : Tr::tr("on, no limit for you");
        else
            quota = l.quotaDefaultLimit
                        ? Tr::tr("on, %1 per user by default; yours is unknown (no quota tool)")
                              .arg(formatSize(*l.quotaDefaultLimit))
                        : Tr::tr("on; your limit is unknown (no quota tool)");
    }
    QString memory = l.memoryMax ? formatSize(*l.memoryMax) : Tr::tr("none or unknown");
    if (l.memoryCurrent)
        memory += QStringLiteral(", ") + Tr::tr("%1 in use").arg(formatSize(*l.memoryCurrent));
    if (l.cgroupShmem || l.cgroupAnon)
        memory += QStringLiteral(" ") +
                  Tr::tr("(shmem %1, anon %2, file %3)")
                      .arg(l.cgroupShmem ? formatSize(*l.cgroupShmem) : Tr::tr("unknown"),
                           l.cgroupAnon ? formatSize(*l.cgroupAnon) : Tr::tr("unknown"),
                           l.cgroupFile ? formatSize(*l.cgroupFile) : Tr::tr("unknown"));
    row(Tr::tr("Limits"),
        Tr::tr("size %1; quota: %2; memory limit: %3").arg(sizeOr(l.size), quota, memory));
}

struct ProbeOutput
{
    bool json = false;
    bool watch = false;
    std::optional<ShmPlan> plan;
    std::optional<Profile> profile;
};

// Prints one result; returns the exit code it means.
int report(const ProbeResult &r, const ProbeOutput &how)
{
    if (!r.ok()) {
        printError(QStringLiteral("probe"), Tr::tr("%1").arg(r.error));
        if (!r.stderrText.isEmpty() && r.status == ProbeResult::Status::Failed) {
            // The last lines say why; a target's stderr can be one endless line.
            QString said = r.stderrText.section(QLatin1Char('\n'), -3);
            if (said.size() > 1000)
                said = QStringLiteral("...") + said.right(1000);
            err() << Tr::tr("  (%1 said: %2)").arg(r.targetText, said) << '\n';
        }
        return ExitUsage;
    }
    const QVector<Finding> findings = how.profile ? jobVerdict(&r.facts, *how.profile, &*how.plan,
                                                               targetIsContainer(r.targetText))
                                                  : findingsForHost(r.facts);
    if (how.json) {
        QJsonObject o = hostFactsToJson(r.facts);
        o.insert(QStringLiteral("owners"), shmAttributionToJson(attributeShm(r.facts)));
        o.insert(QStringLiteral("target"), r.targetText);
        o.insert(QStringLiteral("elapsed_ms"), double(r.elapsedMs));
        o.insert(QStringLiteral("findings"), findingsToJson(findings));
        if (how.plan)
            o.insert(QStringLiteral("plan"), planToJson(*how.plan));
        out() << QJsonDocument(o).toJson(how.watch ? QJsonDocument::Compact
                                                   : QJsonDocument::Indented);
        if (how.watch)
            out() << '\n';
    } else {
        printFacts(out(), r.targetText, r.facts);
        printOwners(out(), r.facts);
        out() << '\n';
        printFindings(out(), findings);
        if (how.watch)
            out() << '\n';
    }
    out().flush();
    return ExitOk;
}

} // namespace

int runProbe(const QStringList &args)
{
    QCommandLineParser parser;
    const QCommandLineOption profileOpt(QStringLiteral("profile"),
                                        Tr::tr("Also check the host against this profile's plan."),
                                        Tr::tr("FILE"));
    const QCommandLineOption jsonOpt(
        QStringLiteral("json"), Tr::tr("Print JSON on stdout (one object per line with --watch)."));
    const QCommandLineOption watchOpt(QStringLiteral("watch"),
                                      Tr::tr("Probe again every SECONDS until interrupted."),
                                      Tr::tr("SECONDS"));
    parser.addOptions({profileOpt, jsonOpt, watchOpt});
    const cli::TargetOptions targetOpts = cli::addTargetOptions(
        parser,
        Tr::tr("Where to probe: local (default), ssh://[user@]host[:port], docker://container, "
               "k8s://[namespace/]pod[/container]."),
        QStringLiteral("local"));
    const cli::FleetOptions fleetOpts = cli::addFleetOptions(parser);
    const int parsed = cli::parseCommand(
        parser, args,
        QStringLiteral(
            "probe [--target T]... [--selector LABELS] [--inventory FILE [--limit PATTERN]] "
            "[--jobs N] "
            "[--profile FILE] [--json] [--watch SECONDS] [--ssh-config FILE] "
            "[--timeout SECONDS]"),
        Tr::tr("Reports what a host gives a training job: /dev/shm, memory and its limits, CPUs, "
               "containers, GPUs, open-file limits, and what in them will break the job."));
    if (parsed >= 0)
        return parsed;
    if (!parser.positionalArguments().isEmpty()) {
        printError(QStringLiteral("probe"),
                   Tr::tr("unexpected argument '%1'; the target is given with "
                          "--target T")
                       .arg(parser.positionalArguments().constFirst()));
        return ExitUsage;
    }
    QString targetText;
    ProbeOptions options;
    if (!cli::readTargetOptions(parser, targetOpts, QStringLiteral("probe"), &targetText, &options,
                                cli::wantsFleet(parser, fleetOpts, targetOpts)))
        return ExitUsage;
    ProbeOutput how;
    how.json = parser.isSet(jsonOpt);
    if (parser.isSet(profileOpt)) {
        const std::optional<Profile> profile = cli::readProfile(parser.value(profileOpt));
        if (!profile)
            return ExitUsage;
        how.plan = computePlan(*profile);
        how.profile = profile;
    }
    if (cli::wantsFleet(parser, fleetOpts, targetOpts)) {
        if (parser.isSet(watchOpt)) {
            printError(QStringLiteral("probe"), Tr::tr("--watch takes one target"));
            return ExitUsage;
        }
        return runProbeFleet(parser, fleetOpts, targetOpts, how.json, how.plan);
    }
    int watchMs = 0;
    if (parser.isSet(watchOpt)) {
        const std::optional<double> s = cli::parseSeconds(parser.value(watchOpt), 0.1, 86400);
        if (!s) {
            printError(QStringLiteral("probe"),
                       Tr::tr("--watch wants seconds between 0.1 and 86400, not '%1'")
                           .arg(parser.value(watchOpt)));
            return ExitUsage;
        }
        watchMs = int(*s * 1000);
    }

    if (watchMs == 0)
        return report(probeBlocking(targetText, options), how);

    // Watching: the prober refreshes on its own; a failure ends the watch with its exit code.
    how.watch = true;
    Prober prober;
    prober.setOptions(options);
    prober.setTarget(targetText);
    prober.setRefreshInterval(watchMs);
    QEventLoop loop;
    int code = ExitOk;
    QObject::connect(&prober, &Prober::finished, &loop, [&](const ProbeResult &r) {
        code = report(r, how);
        if (code != ExitOk)
            loop.exit(code);
    });
    prober.probe();
    return loop.exec();
}

} // namespace shmwise
