// SPDX-License-Identifier: GPL-3.0-or-later
#include "cliutil.h"
#include "commands_probe.h"

#include "exitcodes.h"
#include "findings.h"
#include "prober.h"
#include "profile.h"
#include "sizing.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QEventLoop>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSocketNotifier>

#include <csignal>
#include <limits>

namespace shmwise {

namespace {

QString tr(const char *text, const char *disambiguation = nullptr, int n = -1)
{
    return QCoreApplication::translate("shmwise::Cli", text, disambiguation, n);
}

using cli::err;
using cli::out;

QString sizeOr(const std::optional<Bytes> &b)
{
    return b ? formatSize(*b) : tr("unknown");
}

QString numOr(const std::optional<quint64> &n)
{
    if (!n)
        return tr("unknown");
    if (*n == std::numeric_limits<quint64>::max())
        return tr("unlimited");
    return QString::number(*n);
}

QString textOr(const QString &s)
{
    return s.isEmpty() || s == QLatin1String("unknown") ? tr("unknown") : s;
}

void printFindings(QTextStream &o, const QVector<Finding> &findings)
{
    if (findings.isEmpty()) {
        o << tr("No findings.") << '\n';
        return;
    }
    o << tr("Findings:") << '\n';
    for (const Finding &f : findings) {
        o << "  " << findingSeverityName(f.severity) << ' ' << f.id << ": " << f.title << '\n';
        if (f.line > 0)
            o << "    " << tr("line %1: %2").arg(f.line).arg(f.evidence) << '\n';
        else
            o << "    " << f.evidence << '\n';
        o << "    " << tr("Fix: %1").arg(f.fix) << '\n';
    }
}

void printFacts(QTextStream &o, const QString &target, const HostFacts &f)
{
    auto row = [&o](const QString &label, const QString &value) {
        o << "  " << label.leftJustified(18, QLatin1Char(' ')) << value << '\n';
    };
    o << tr("Host %1").arg(target);
    if (!f.osName.isEmpty() || !f.kernel.isEmpty())
        o << " (" << textOr(f.osName) << ", " << tr("kernel %1").arg(textOr(f.kernel)) << ')';
    o << '\n';
    row(tr("/dev/shm"),
        tr("%1, %2 used, %3 free (%4; %5)")
            .arg(sizeOr(f.shmSizeBytes), sizeOr(f.shmUsedBytes), sizeOr(f.shmFreeBytes),
                 textOr(f.shmFsType), textOr(f.shmOptions)));
    row(tr("Memory"),
        tr("%1 total, %2 available, %3 in shared memory; cgroup limit: %4")
            .arg(sizeOr(f.memTotalBytes), sizeOr(f.memAvailableBytes), sizeOr(f.shmemBytes),
                 f.memoryLimitBytes   ? formatSize(*f.memoryLimitBytes)
                 : f.memoryLimitKnown ? tr("none")
                                      : tr("unknown")));
    row(tr("CPUs"),
        tr("%1 usable (%2 online%3)")
            .arg(numOr(f.usableCpus()), numOr(f.cpusOnline),
                 f.cpuQuota ? tr(", cgroup quota %1").arg(*f.cpuQuota, 0, 'g', 3) : QString()));
    QString container = textOr(f.containerRuntime);
    if (!f.containerEvidence.isEmpty() && f.containerEvidence != QLatin1String("none"))
        container += QStringLiteral(" (%1)").arg(f.containerEvidence);
    if (f.orchestrator != QLatin1String("none"))
        container += tr("; orchestrator: %1").arg(textOr(f.orchestrator));
    if (f.wsl.value_or(false))
        container += tr("; WSL");
    row(tr("Container"), container);
    if (!f.gpuCount) {
        row(tr("GPUs"), tr("unknown (nvidia-smi did not answer)"));
    } else if (f.gpus.isEmpty()) {
        row(tr("GPUs"),
            f.gpuSource == QLatin1String("none") ? tr("none found (no nvidia-smi)") : tr("none"));
    } else {
        QStringList g;
        for (const GpuInfo &gpu : f.gpus)
            g << QStringLiteral("%1 (%2)").arg(gpu.name, sizeOr(gpu.memoryBytes));
        row(tr("GPUs"), g.join(QStringLiteral(", ")));
    }
    row(tr("ulimit -n"), tr("%1 (hard %2)").arg(numOr(f.nofileSoft), numOr(f.nofileHard)));
    row(tr("System V shm"),
        tr("shmmax %1, shmall %2, shmmni %3; %4 segments")
            .arg(numOr(f.shmmax), numOr(f.shmall), numOr(f.shmmni), numOr(f.sysvSegments)));
    row(tr("PyTorch"), f.torchVersion.isEmpty() ? tr("not found") : f.torchVersion);
    if (f.kernelMessagesReadable.value_or(false)) {
        row(tr("Kernel log"), f.kernelMessages.isEmpty()
                                  ? tr("no Bus error or OOM-killer messages")
                                  : tr("%n Bus error or OOM-killer message(s); latest:", nullptr,
                                       int(f.kernelMessages.size())));
        if (!f.kernelMessages.isEmpty())
            o << "    " << f.kernelMessages.constLast() << '\n';
    } else {
        row(tr("Kernel log"), tr("not readable"));
    }
    for (const QString &p : f.problems)
        o << "  " << tr("note: %1").arg(p) << '\n';
}

struct ProbeOutput
{
    bool json = false;
    bool watch = false;
    std::optional<ShmPlan> plan;
};

// Prints one result; returns the exit code it means.
int report(const ProbeResult &r, const ProbeOutput &how)
{
    if (!r.ok()) {
        err() << tr("shmwise probe: %1").arg(r.error) << '\n';
        if (!r.stderrText.isEmpty() && r.status == ProbeResult::Status::Failed)
            err() << tr("  (%1 said: %2)")
                         .arg(r.targetText, r.stderrText.section(QLatin1Char('\n'), -3))
                  << '\n';
        return ExitUsage;
    }
    const QVector<Finding> findings = findingsForHost(r.facts, how.plan ? &*how.plan : nullptr);
    if (how.json) {
        QJsonObject o = hostFactsToJson(r.facts);
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
    const QCommandLineOption targetOpt(
        QStringLiteral("target"),
        tr("Where to probe: local (default), ssh://[user@]host[:port], docker://container, "
           "k8s://[namespace/]pod[/container]."),
        tr("T"), QStringLiteral("local"));
    const QCommandLineOption profileOpt(QStringLiteral("profile"),
                                        tr("Also check the host against this profile's plan."),
                                        tr("FILE"));
    const QCommandLineOption jsonOpt(
        QStringLiteral("json"), tr("Print JSON on stdout (one object per line with --watch)."));
    const QCommandLineOption watchOpt(
        QStringLiteral("watch"), tr("Probe again every SECONDS until interrupted."), tr("SECONDS"));
    const QCommandLineOption sshConfigOpt(QStringLiteral("ssh-config"),
                                          tr("The ssh client configuration file (ssh -F)."),
                                          tr("FILE"));
    const QCommandLineOption timeoutOpt(QStringLiteral("timeout"),
                                        tr("Give up after SECONDS (default 15)."), tr("SECONDS"));
    parser.addOptions({targetOpt, profileOpt, jsonOpt, watchOpt, sshConfigOpt, timeoutOpt});
    const int parsed = cli::parseCommand(
        parser, args,
        QStringLiteral("probe [--target T] [--profile FILE] [--json] [--watch SECONDS] "
                       "[--ssh-config FILE] [--timeout SECONDS]"),
        tr("Reports what a host gives a training job: /dev/shm, memory and its limits, CPUs, "
           "containers, GPUs, open-file limits, and what in them will break the job."));
    if (parsed >= 0)
        return parsed;
    if (!parser.positionalArguments().isEmpty()) {
        err() << tr("shmwise probe: unexpected argument '%1'; the target is given with "
                    "--target T")
                     .arg(parser.positionalArguments().constFirst())
              << '\n';
        return ExitUsage;
    }
    QString why;
    const QString targetText = parser.value(targetOpt);
    if (!parseTarget(targetText, &why)) {
        err() << tr("shmwise probe: %1").arg(why) << '\n';
        return ExitUsage;
    }
    ProbeOptions options;
    if (parser.isSet(timeoutOpt)) {
        bool ok = false;
        const double s = parser.value(timeoutOpt).toDouble(&ok);
        if (!ok || s <= 0 || s > 3600) {
            err() << tr("shmwise probe: --timeout wants seconds between 0 and 3600") << '\n';
            return ExitUsage;
        }
        options.timeoutMs = int(s * 1000);
        options.connectTimeoutS = std::max(1, std::min(options.connectTimeoutS, int(s)));
    }
    if (parser.isSet(sshConfigOpt))
        options.sshConfig = parser.value(sshConfigOpt);
    ProbeOutput how;
    how.json = parser.isSet(jsonOpt);
    if (parser.isSet(profileOpt)) {
        const ProfileResult loaded = loadProfile(parser.value(profileOpt));
        if (!loaded.ok()) {
            for (const ProfileProblem &p : loaded.problems)
                err() << p.toString() << '\n';
            return ExitUsage;
        }
        how.plan = computePlan(*loaded.profile);
    }
    int watchMs = 0;
    if (parser.isSet(watchOpt)) {
        bool ok = false;
        const double s = parser.value(watchOpt).toDouble(&ok);
        if (!ok || s < 0.1 || s > 86400) {
            err() << tr("shmwise probe: --watch wants seconds between 0.1 and 86400") << '\n';
            return ExitUsage;
        }
        watchMs = int(s * 1000);
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
