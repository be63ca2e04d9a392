// SPDX-License-Identifier: GPL-3.0-or-later
// `shmwise measure -- COMMAND`: runs the training command with the hook, watches it, and writes
// the profile of what it saw.
#include "app/cliutil.h"
#include "app/commands.h"
#include "probes/jobmeasure.h"
#include "probes/jobwatch.h"
#include "probes/remotemeasure.h"

#include "core/atomicfile.h"
#include "core/exitcodes.h"
#include "core/measurement.h"
#include "core/sizing.h"
#include "core/textwidth.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <climits>
#include <csignal>

namespace shmwise {

namespace {

using namespace cli;

QString shortClass(const QString &qualified)
{
    const qsizetype dot = qualified.lastIndexOf(QLatin1Char('.'));
    return dot < 0 ? qualified : qualified.mid(dot + 1);
}

Environment guessEnvironment()
{
    if (qEnvironmentVariableIsSet("KUBERNETES_SERVICE_HOST"))
        return Environment::Kubernetes;
    if (qEnvironmentVariableIsSet("SLURM_JOB_ID"))
        return Environment::Slurm;
    if (QFileInfo::exists(QStringLiteral("/.dockerenv")))
        return Environment::Docker;
    return Environment::BareMetal;
}

QString stopText(const MeasureRun &run)
{
    QString how;
    if (run.stopReason == QLatin1String("time"))
        how = Tr::tr("stopped after %1 s").arg(run.seconds, 0, 'f', 1);
    else if (run.stopReason == QLatin1String("batches"))
        how = Tr::tr("stopped once every loader had delivered its batches");
    else if (run.stopReason == QLatin1String("hang"))
        how = Tr::tr("stopped: no batch came for a long while, the job seems to hang");
    else if (run.stopReason == QLatin1String("interrupted"))
        how = Tr::tr("stopped on request");
    else
        how = Tr::tr("ran to its end");
    if (run.exitCode)
        how += Tr::tr("; exit status %1").arg(*run.exitCode);
    else if (run.exitSignal)
        how += Tr::tr("; killed by %1").arg(signalName(*run.exitSignal));
    if (run.stoppedBySignal)
        how += Tr::tr(" (it ignored SIGINT; %1 stopped it)").arg(run.finalSignal);
    if (run.leftoverProcesses > 0)
        how +=
            Tr::tr("; %n process(es) it left running were stopped", nullptr, run.leftoverProcesses);
    return how;
}

QString settingsText(const MeasuredLoader &l)
{
    return QStringLiteral("batch_size=%1, num_workers=%2, prefetch_factor=%3, "
                          "persistent_workers=%4, pin_memory=%5, %6, %7")
        .arg(l.batchSize ? QString::number(*l.batchSize) : QStringLiteral("None"))
        .arg(l.numWorkers)
        .arg(l.numWorkers && l.prefetchFactor ? QString::number(*l.prefetchFactor)
                                              : QStringLiteral("-"))
        .arg(l.persistentWorkers ? QStringLiteral("True") : QStringLiteral("False"))
        .arg(l.pinMemory ? QStringLiteral("True") : QStringLiteral("False"))
        .arg(l.startMethod, l.sharingStrategy);
}

void printText(const MeasureReport &r, const QStringList &command, const QString &written)
{
    const MeasureRun &run = *r.run;
    QTextStream &o = out();
    o << Tr::tr("Measured: %1").arg(command.join(QLatin1Char(' ')).left(300)) << '\n';
    o << "  " << Tr::tr("%1 s; the job %2.").arg(run.seconds, 0, 'f', 1).arg(stopText(run)) << '\n';
    if (!run.log.pythonVersion.isEmpty())
        o << "  "
          << Tr::tr("Python %1, PyTorch %2; the hook ran in %n process(es).", nullptr,
                    int(run.log.hookPids.size()))
                 .arg(run.log.pythonVersion, run.log.torchVersion.isEmpty() ? Tr::tr("not imported")
                                                                            : run.log.torchVersion)
          << '\n';
    for (const MeasuredLoader &l : run.log.loaders) {
        o << '\n' << Tr::tr("Loader %1: made at %2").arg(l.name, l.where());
        if (!l.function.isEmpty() && l.function != QLatin1String("<module>"))
            o << " (" << l.function << ")";
        if (!l.framework.isEmpty())
            o << Tr::tr(", by %1").arg(l.framework);
        if (l.pids.size() > 1)
            o << Tr::tr(", in %n process(es)", nullptr, int(l.pids.size()));
        o << '\n';
        o << "  " << settingsText(l) << '\n';
        o << "  "
          << Tr::tr("collate %1, batch sampler %2, dataset %3")
                 .arg(shortClass(l.collate), shortClass(l.batchSampler), shortClass(l.dataset))
          << '\n';
        if (!l.seen()) {
            o << "  "
              << (l.workerBatchBytes > 0
                      ? Tr::tr("no batch was delivered while the job was measured; its workers "
                               "made batches of up to %1")
                            .arg(formatSize(l.workerBatchBytes))
                      : Tr::tr("no batch was delivered while the job was measured"))
              << '\n';
        } else {
            o << "  "
              << Tr::tr("%1 batches: in /dev/shm at most %2 each (p50 %3, p99 %4), %5 shared "
                        "objects")
                     .arg(l.batches)
                     .arg(formatSize(l.maxShmBytes), formatSize(l.batchPercentile(50)),
                          formatSize(l.batchPercentile(99)))
                     .arg(l.maxObjects)
              << '\n';
            o << "  " << Tr::tr("sample (%1): %2").arg(l.kind, measuredSampleText(l)) << '\n';
            if (l.viewBytes > 0)
                o << "  "
                  << Tr::tr("its tensors are views into a storage of %1 the Dataset holds")
                         .arg(formatSize(l.viewBytes))
                  << '\n';
        }
        if (l.groupedBatchSize > 0)
            o << "  "
              << Tr::tr("its single samples are grouped into batches of %1 by the main process "
                        "(aspect-ratio grouping): up to two part-filled batches wait in /dev/shm "
                        "beside the one trained on")
                     .arg(l.groupedBatchSize)
              << '\n';
        const LoaderLifetime life = measuredLifetime(l);
        if (life != LoaderLifetime::OneAtATime) {
            QStringList beside;
            for (int i : l.parkedWhile)
                beside << run.log.loaders.value(i).name;
            beside.sort();
            o << "  "
              << Tr::tr("lifetime: %1 (its iterator stayed open while %2 ran)")
                     .arg(loaderLifetimeName(life), beside.join(QStringLiteral(", ")))
              << '\n';
        }
        if (const auto k = frameworkKnobs(l.framework)) {
            o << "  "
              << Tr::tr("set it in %1: workers %2; batch %3")
                     .arg(k->framework, k->workers, k->batch);
            if (!k->prefetch.isEmpty())
                o << Tr::tr("; prefetch %1").arg(k->prefetch);
            o << '\n'
              << wrapLine(QStringLiteral("  ") + k->note, 96).join(QStringLiteral("\n  ")) << '\n';
        }
    }
    o << '\n';
    if (run.shmSize)
        o << (run.privateShm ? Tr::tr("/dev/shm: a private one of %1; at most %2 in use (at %3 s).")
                                   .arg(formatSize(*run.shmSize), formatSize(run.shmPeak))
                                   .arg(run.shmPeakTime, 0, 'f', 1)
                             : Tr::tr("/dev/shm: the host's, %1; it grew by at most %2 while the "
                                      "job ran.")
                                   .arg(formatSize(*run.shmSize), formatSize(run.shmPeak)));
    o << ' '
      << Tr::tr("The job's processes held at most %1 of /dev/shm files.")
             .arg(formatSize(run.shmHeldPeak))
      << '\n';
    if (!run.removedFiles.isEmpty())
        o << Tr::tr("Removed %n file(s) the job left in /dev/shm.", nullptr,
                    int(run.removedFiles.size()))
          << '\n';
    if (!run.keptFiles.isEmpty()) {
        o << Tr::tr("Left %n file(s) made in /dev/shm during the run (`shmwise clean` lists "
                    "them later):",
                    nullptr, int(run.keptFiles.size()))
          << '\n';
        for (int i = 0; i < std::min<int>(int(run.keptFiles.size()), 20); ++i)
            o << "  " << pathText(run.keptFiles.at(i)) << '\n';
        if (run.keptFiles.size() > 20)
            o << "  " << Tr::tr("and %n more", nullptr, int(run.keptFiles.size() - 20)) << '\n';
    }
    o << Tr::tr("Memory: the main process %1 (private, PSS less shared memory)")
             .arg(formatSize(r.mainPrivate));
    if (r.workers > 0)
        o << Tr::tr(", %n worker process(es) over the run, each up to %1", nullptr, r.workers)
                 .arg(formatSize(r.workerPrivate));
    if (run.cgroupPeak)
        o << Tr::tr("; the cgroup at most %1").arg(formatSize(*run.cgroupPeak));
    if (run.cgroupLimit)
        o << Tr::tr(" of a %1 limit").arg(formatSize(*run.cgroupLimit));
    o << ".\n";
    if (r.plan && r.profile) {
        o << '\n'
          << Tr::tr("Plan from what was measured (%1):")
                 .arg(environmentTitle(r.profile->environment))
          << '\n';
        for (const PlanTerm &t : r.plan->breakdown)
            o << "  " << t.title << ": " << formatSize(t.bytes) << '\n';
        o << Tr::tr("Required /dev/shm:    %1 (%2 bytes)")
                 .arg(formatSize(r.plan->requiredBytes))
                 .arg(r.plan->requiredBytes)
          << '\n';
        o << Tr::tr("Recommended /dev/shm: %1").arg(formatSize(r.plan->recommendedBytes)) << '\n';
        o << (r.peak <= r.plan->requiredBytes
                  ? Tr::tr("Measured peak:        %1, within the plan.").arg(formatSize(r.peak))
                  : Tr::tr("Measured peak:        %1, above the plan (see the notes).")
                        .arg(formatSize(r.peak)))
          << '\n';
    }
    if (!r.notes.isEmpty() || (r.plan && !r.plan->warnings.isEmpty())) {
        o << '\n' << Tr::tr("Notes:") << '\n';
        for (const QString &n : r.notes)
            o << "  - " << wrapLine(n, 92).join(QStringLiteral("\n    ")) << '\n';
        if (r.plan)
            for (const QString &n : r.plan->warnings)
                o << "  - " << wrapLine(n, 92).join(QStringLiteral("\n    ")) << '\n';
    }
    if ((r.failed || r.cause) && !run.output.tail.isEmpty()) {
        const int shown = std::min<int>(20, int(run.output.tail.size()));
        o << '\n'
          << Tr::tr("The job's output ended with (the last %1 of %n line(s)):", nullptr,
                    int(std::min<qint64>(run.output.lines, INT_MAX)))
                 .arg(shown)
          << '\n';
        for (int i = int(run.output.tail.size()) - shown; i < run.output.tail.size(); ++i)
            o << "  | " << run.output.tail.at(i).left(300) << '\n';
    }
    if (!written.isEmpty())
        o << '\n' << Tr::tr("Wrote the profile %1.").arg(written) << '\n';
}

QJsonObject reportJson(const MeasureReport &r, const QStringList &command, const QString &written)
{
    const MeasureRun &run = *r.run;
    QJsonObject o;
    o.insert(QStringLiteral("command"), QJsonArray::fromStringList(command));
    o.insert(QStringLiteral("seconds"), run.seconds);
    o.insert(QStringLiteral("stop_reason"), run.stopReason);
    o.insert(QStringLiteral("exit_code"), run.exitCode ? QJsonValue(*run.exitCode) : QJsonValue());
    o.insert(QStringLiteral("exit_signal"),
             run.exitSignal ? QJsonValue(signalName(*run.exitSignal)) : QJsonValue());
    o.insert(QStringLiteral("stop_signal"),
             run.finalSignal.isEmpty() ? QJsonValue() : QJsonValue(run.finalSignal));
    o.insert(QStringLiteral("leftover_processes"), run.leftoverProcesses);
    QJsonObject hook;
    hook.insert(QStringLiteral("processes"), int(run.log.hookPids.size()));
    hook.insert(QStringLiteral("python"),
                run.log.pythonVersion.isEmpty() ? QJsonValue() : run.log.pythonVersion);
    hook.insert(QStringLiteral("torch"),
                run.log.torchVersion.isEmpty() ? QJsonValue() : run.log.torchVersion);
    hook.insert(QStringLiteral("errors"), QJsonArray::fromStringList(run.log.hookErrors));
    hook.insert(QStringLiteral("ignored"), QJsonArray::fromStringList(run.pythonWarnings));
    o.insert(QStringLiteral("hook"), hook);
    QJsonArray loaders;
    for (const MeasuredLoader &l : run.log.loaders) {
        QJsonObject lo = measuredLoaderToJson(l);
        lo.insert(QStringLiteral("lifetime"), loaderLifetimeName(measuredLifetime(l)));
        QStringList open, parked;
        for (int i : l.openBeside)
            open << run.log.loaders.value(i).name;
        for (int i : l.parkedWhile)
            parked << run.log.loaders.value(i).name;
        open.sort();
        parked.sort();
        // Loaders whose iterators were open while this one yielded, and those that yielded
        // while one of this one's was open.
        lo.insert(QStringLiteral("open_beside"), QJsonArray::fromStringList(open));
        lo.insert(QStringLiteral("parked_while"), QJsonArray::fromStringList(parked));
        // Where the job asked for batches it kept beyond the loop's two, and what holds them.
        QJsonArray keptAt;
        for (const MeasuredLoader::KeptAt &k : l.keptAt) {
            QJsonObject ko;
            ko.insert(QStringLiteral("site"), k.site);
            ko.insert(QStringLiteral("function"), k.function);
            ko.insert(QStringLiteral("holder"), k.holder.isEmpty() ? QJsonValue() : k.holder);
            keptAt.append(ko);
        }
        lo.insert(QStringLiteral("kept_at"), keptAt);
        if (const auto k = frameworkKnobs(l.framework)) {
            QJsonObject ko;
            ko.insert(QStringLiteral("num_workers"), k->workers);
            ko.insert(QStringLiteral("batch_size"), k->batch);
            ko.insert(QStringLiteral("prefetch_factor"),
                      k->prefetch.isEmpty() ? QJsonValue() : k->prefetch);
            ko.insert(QStringLiteral("persistent_workers"),
                      k->persistent.isEmpty() ? QJsonValue() : k->persistent);
            ko.insert(QStringLiteral("note"), k->note);
            lo.insert(QStringLiteral("framework_settings"), ko);
        }
        loaders.append(lo);
    }
    o.insert(QStringLiteral("loaders"), loaders);
    QJsonObject shm;
    shm.insert(QStringLiteral("private"), run.privateShm);
    shm.insert(QStringLiteral("size_bytes"),
               run.shmSize ? QJsonValue(qint64(*run.shmSize)) : QJsonValue());
    shm.insert(QStringLiteral("baseline_bytes"), qint64(run.shmBaseline));
    shm.insert(QStringLiteral("peak_bytes"), qint64(run.shmPeak));
    shm.insert(QStringLiteral("peak_seconds"), run.shmPeakTime);
    shm.insert(QStringLiteral("held_peak_bytes"), qint64(run.shmHeldPeak));
    shm.insert(QStringLiteral("measured_peak_bytes"), qint64(r.peak));
    // "private": all of a private /dev/shm; "held": the files the job's processes held.
    shm.insert(QStringLiteral("measured_peak_source"), r.peakSource);
    shm.insert(QStringLiteral("removed_files"), QJsonArray::fromStringList(run.removedFiles));
    shm.insert(QStringLiteral("kept_files"), QJsonArray::fromStringList(run.keptFiles));
    shm.insert(QStringLiteral("creation_watch"),
               run.creationWatch.isEmpty() ? QJsonValue() : QJsonValue(run.creationWatch));
    shm.insert(QStringLiteral("samples"), qint64(run.samples));
    o.insert(QStringLiteral("shm"), shm);
    QJsonObject mem;
    QJsonArray procs;
    QVector<MeasuredProcess> ps = run.processes.values().toVector();
    std::sort(ps.begin(), ps.end(),
              [](const MeasuredProcess &a, const MeasuredProcess &b) { return a.pid < b.pid; });
    for (const MeasuredProcess &p : ps) {
        QJsonObject po;
        po.insert(QStringLiteral("pid"), p.pid);
        po.insert(QStringLiteral("name"), p.name);
        po.insert(QStringLiteral("role"), p.role);
        po.insert(QStringLiteral("pss_bytes_max"), qint64(p.maxPss));
        po.insert(QStringLiteral("private_bytes_max"), qint64(p.maxPrivate));
        po.insert(QStringLiteral("private_dirty_bytes_settled"), qint64(p.firstDirty));
        po.insert(QStringLiteral("private_dirty_bytes_max"), qint64(p.maxDirtyAfter));
        po.insert(QStringLiteral("shm_held_bytes_max"), qint64(p.maxShmHeld));
        po.insert(QStringLiteral("first_seen_seconds"), p.firstSeen);
        po.insert(QStringLiteral("last_seen_seconds"), p.lastSeen);
        procs.append(po);
        if (procs.size() >= 1024)
            break;
    }
    mem.insert(QStringLiteral("processes"), procs);
    mem.insert(QStringLiteral("worker_growth_bytes"), qint64(r.workerGrowth));
    mem.insert(QStringLiteral("cgroup_peak_bytes"),
               run.cgroupPeak ? QJsonValue(qint64(*run.cgroupPeak)) : QJsonValue());
    mem.insert(QStringLiteral("cgroup_limit_bytes"),
               run.cgroupLimit ? QJsonValue(qint64(*run.cgroupLimit)) : QJsonValue());
    o.insert(QStringLiteral("memory"), mem);
    QJsonObject output;
    output.insert(QStringLiteral("bytes"), run.output.bytes);
    output.insert(QStringLiteral("lines"), run.output.lines);
    output.insert(QStringLiteral("tail"),
                  QJsonArray::fromStringList(
                      run.output.tail.mid(std::max<qsizetype>(0, run.output.tail.size() - 50))));
    output.insert(QStringLiteral("log"),
                  run.output.logPath.isEmpty() ? QJsonValue() : QJsonValue(run.output.logPath));
    output.insert(QStringLiteral("log_truncated"), run.output.logTruncated);
    QJsonArray outputFindings;
    for (const Finding &f : run.output.findings) {
        QJsonObject fo;
        fo.insert(QStringLiteral("id"), f.id);
        fo.insert(QStringLiteral("line"), f.line);
        fo.insert(QStringLiteral("evidence"), f.evidence);
        fo.insert(QStringLiteral("title"), f.title);
        outputFindings.append(fo);
    }
    output.insert(QStringLiteral("findings"), outputFindings);
    o.insert(QStringLiteral("output"), output);
    o.insert(QStringLiteral("failed"), r.failed);
    o.insert(QStringLiteral("cause"), r.cause ? QJsonValue(r.cause->id) : QJsonValue());
    o.insert(QStringLiteral("shm_ran_out"), r.shmRanOut);
    o.insert(QStringLiteral("plan"), r.plan ? QJsonValue(planToJson(*r.plan)) : QJsonValue());
    o.insert(QStringLiteral("environment"),
             r.profile ? QJsonValue(environmentName(r.profile->environment)) : QJsonValue());
    o.insert(QStringLiteral("within_plan"),
             r.plan ? QJsonValue(r.peak <= r.plan->requiredBytes) : QJsonValue());
    o.insert(QStringLiteral("notes"), QJsonArray::fromStringList(r.notes));
    o.insert(QStringLiteral("profile_written"), written.isEmpty() ? QJsonValue() : written);
    return o;
}

} // namespace

namespace {

// A service measured under its load: its profile is a plain server's, whose worker processes
// run the loaders; a run in which no request made a loader deliver a batch says so.
void markServing(MeasureReport &report, const MeasureRun &run)
{
    if (run.log.totalBatches == 0)
        report.notes.prepend(
            Tr::tr("No request came while the service was measured: no DataLoader delivered a "
                   "batch in %1 s. Send it a load meanwhile (a client script, curl in a loop, "
                   "a benchmark tool) so its loaders run, or give a longer --seconds.")
                .arg(run.seconds, 0, 'f', 0));
    if (!report.profile)
        return;
    report.profile->serving.used = true;
    report.profile->serving.server = Server::Plain;
    report.plan = computePlan(*report.profile);
}

} // namespace

int runMeasure(const QStringList &argsIn)
{
    // Everything after the first "--" is the job's command, passed through untouched.
    const qsizetype dashes = argsIn.indexOf(QStringLiteral("--"));
    const QStringList args = dashes < 0 ? argsIn : argsIn.mid(0, dashes);
    const QStringList command = dashes < 0 ? QStringList() : argsIn.mid(dashes + 1);

    QCommandLineParser parser;
    const QCommandLineOption secondsOpt(
        QStringLiteral("seconds"),
        Tr::tr("Stop the job after S seconds (default 60; at most 86400)."), Tr::tr("S"),
        QStringLiteral("60"));
    const QCommandLineOption batchesOpt(
        QStringLiteral("batches"),
        Tr::tr("Stop once every loader has delivered N batches (default: no such limit)."),
        Tr::tr("N"));
    const QCommandLineOption shmOpt(
        QStringLiteral("shm"),
        Tr::tr("Run the job in a private /dev/shm of SIZE (\"64MiB\"), leaving the host's "
               "alone; as root, or where the kernel lets a user make a user namespace."),
        Tr::tr("SIZE"));
    const QCommandLineOption outOpt(
        QStringLiteral("out"),
        Tr::tr("Write the profile of the measured loaders to FILE (an existing file is kept as "
               "FILE.bak)."),
        Tr::tr("FILE"));
    const QCommandLineOption envOpt(
        QStringLiteral("environment"),
        Tr::tr("The environment to plan for (default: where ShmWise runs: docker, kubernetes, "
               "slurm or bare-metal)."),
        Tr::tr("ENV"));
    const QCommandLineOption dirOpt(
        QStringLiteral("dir"), Tr::tr("Run the command in DIR (default: here)."), Tr::tr("DIR"));
    const QCommandLineOption jsonOpt(
        QStringLiteral("json"),
        Tr::tr("Print one JSON object on stdout; the job's own output goes to stderr."));
    const QCommandLineOption servingOpt(
        QStringLiteral("serving"),
        Tr::tr("The command is a service that answers requests (send it a load while it is "
               "measured): the profile says workload.kind: serving, and each of its worker "
               "processes runs the loaders."));
    for (const QCommandLineOption *opt :
         {&secondsOpt, &batchesOpt, &shmOpt, &outOpt, &envOpt, &dirOpt, &jsonOpt, &servingOpt})
        parser.addOption(*opt);
    const cli::TargetOptions targetOpts = cli::addTargetOptions(
        parser,
        Tr::tr("Where to run the command: local (default), or ssh://[user@]host[:port], over "
               "your OpenSSH client; the hook and its runner go with the command and are "
               "removed after it (the host needs python3)."),
        QStringLiteral("local"));
    const int parsed = cli::parseCommand(
        parser, args,
        QStringLiteral("measure [--target T] [--seconds S] [--batches N] [--shm SIZE] "
                       "[--out PROFILE] [--json] [--serving] [--environment ENV] [--dir DIR] -- "
                       "COMMAND [ARGS...]"),
        Tr::tr("Runs a training command with ShmWise's Python hook, watches its DataLoaders and "
               "its /dev/shm for a while, then stops it and plans from what it saw."));
    if (parsed >= 0)
        return parsed;
    const QString name = QStringLiteral("measure");
    if (!parser.positionalArguments().isEmpty()) {
        printError(name, Tr::tr("put the command after --, as in: shmwise measure -- python "
                                "train.py (got '%1' before it)")
                             .arg(parser.positionalArguments().first()));
        return ExitUsage;
    }
    if (command.isEmpty() || command.first().isEmpty()) {
        printError(name, Tr::tr("no command to measure: shmwise measure -- python train.py"));
        return ExitUsage;
    }
    MeasureOptions options;
    options.command = command;
    const auto seconds = cli::parseSeconds(parser.value(secondsOpt), 0.1, 86400);
    if (!seconds) {
        printError(name, Tr::tr("--seconds: '%1' is not a number of seconds from 0.1 to 86400")
                             .arg(parser.value(secondsOpt)));
        return ExitUsage;
    }
    options.seconds = *seconds;
    if (parser.isSet(batchesOpt)) {
        bool ok = false;
        const qulonglong n = parser.value(batchesOpt).toULongLong(&ok);
        if (!ok || n == 0 || n > 100000000) {
            printError(name, Tr::tr("--batches: '%1' is not a count from 1 to 100000000")
                                 .arg(parser.value(batchesOpt)));
            return ExitUsage;
        }
        options.batches = n;
    }
    if (parser.isSet(shmOpt)) {
        QString error;
        const auto size = parseSize(parser.value(shmOpt), &error);
        if (!size) {
            printError(name, Tr::tr("--shm: %1").arg(error));
            return ExitUsage;
        }
        if (*size < PageSize || *size > 1024 * GiB) {
            printError(name, Tr::tr("--shm: %1 is outside 4 KiB to 1 TiB").arg(formatSize(*size)));
            return ExitUsage;
        }
        options.privateShm = *size;
    }
    Environment env = guessEnvironment();
    if (parser.isSet(envOpt)) {
        const auto e = environmentFromName(parser.value(envOpt));
        if (!e) {
            printError(name, Tr::tr("--environment: unknown environment '%1' (one of: %2)")
                                 .arg(parser.value(envOpt),
                                      environmentNames().join(QStringLiteral(", "))));
            return ExitUsage;
        }
        env = *e;
    }
    QString targetText;
    ProbeOptions probeOptions;
    if (!cli::readTargetOptions(parser, targetOpts, name, &targetText, &probeOptions))
        return ExitUsage;
    const Target target = *parseTarget(targetText);
    if (target.kind != Target::Kind::Local && target.kind != Target::Kind::Ssh) {
        printError(name, Tr::tr("--target: measuring runs on this computer or on an SSH host, "
                                "not in %1")
                             .arg(targetText));
        return ExitUsage;
    }
    const bool remote = target.kind == Target::Kind::Ssh;
    if (remote && options.privateShm) {
        printError(name, Tr::tr("--shm makes a private /dev/shm on this computer only: run "
                                "shmwise measure --shm on %1 itself")
                             .arg(target.host));
        return ExitUsage;
    }
    if (parser.isSet(dirOpt)) {
        // On another host the folder is the host's: it is not looked for here.
        const QFileInfo d(parser.value(dirOpt));
        if (remote) {
            options.workDir = parser.value(dirOpt);
        } else if (!d.isDir()) {
            printError(name, Tr::tr("--dir: %1 is not a folder").arg(parser.value(dirOpt)));
            return ExitUsage;
        } else {
            options.workDir = d.absoluteFilePath();
        }
    }
    const QString outPath = parser.value(outOpt);
    if (parser.isSet(outOpt)) {
        const QFileInfo f(outPath);
        if (outPath.isEmpty() || outPath.contains(QLatin1Char('\n')) || f.isDir() ||
            !f.absoluteDir().exists()) {
            printError(name, Tr::tr("--out: cannot write a profile to '%1'").arg(outPath));
            return ExitUsage;
        }
        // A profile written into /etc would replace a system file of that name (/etc/fstab).
        if (const QString system = systemDirectory(f.absolutePath()); !system.isEmpty()) {
            printError(name, Tr::tr("--out %1 is in the system directory %2: a profile there "
                                    "could replace a system file. Write it into a folder of "
                                    "your own.")
                                 .arg(pathText(outPath), system));
            return ExitUsage;
        }
    }
    const bool json = parser.isSet(jsonOpt);
    options.jobStdoutToStderr = json;

    const MeasureRun run =
        remote ? runRemoteMeasurement(target, probeOptions, options) : runMeasurement(options);
    if (!run.started) {
        printError(name, run.error);
        return ExitUsage;
    }
    MeasureReport report = measureReport(run, env);
    if (parser.isSet(servingOpt))
        markServing(report, run);
    QString written;
    if (parser.isSet(outOpt) && report.profile) {
        QString error;
        if (!saveProfile(*report.profile, outPath, &error)) {
            printError(name, Tr::tr("cannot write %1: %2").arg(outPath, error));
            return ExitUsage;
        }
        written = outPath;
    } else if (parser.isSet(outOpt)) {
        report.notes.append(
            Tr::tr("No profile was written to %1: no loader was measured.").arg(outPath));
    }
    if (json)
        out()
            << QJsonDocument(reportJson(report, command, written)).toJson(QJsonDocument::Indented);
    else
        printText(report, command, written);
    return ExitOk;
}

} // namespace shmwise
