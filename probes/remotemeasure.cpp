// SPDX-License-Identifier: GPL-3.0-or-later
#include "probes/remotemeasure.h"

#include "probes/joboutput.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

namespace shmwise {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::JobWatch)
};

QByteArray resource(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

std::optional<Bytes> bytesOf(const QJsonValue &v)
{
    if (!v.isDouble() || v.toDouble() < 0)
        return std::nullopt;
    return Bytes(v.toDouble());
}

// A line from the host longer than this is not the runner's; its result (R) may be longer.
constexpr qsizetype MaxLine = 1 << 20;
constexpr qsizetype MaxResultLine = 16 << 20;
// The /dev/shm files a run names, removed or left, at most (the runner follows as many).
constexpr qsizetype MaxFiles = 100000;

// Why the runner left a /dev/shm file that appeared during the run, in the user's language.
QString keptReason(const QString &code)
{
    if (code == QLatin1String("not-held"))
        return Tr::tr("no process of the job held it when it was first seen, so it is not "
                      "provably the job's");
    if (code == QLatin1String("held-by-other"))
        return Tr::tr("a process that is not the job's held it too when it was first seen");
    if (code == QLatin1String("overflow"))
        return Tr::tr("the watch on /dev/shm overflowed, so no file is provably the job's");
    if (code == QLatin1String("no-watch"))
        return Tr::tr("/dev/shm could not be watched, so no file is provably the job's");
    if (code == QLatin1String("symlink"))
        return Tr::tr("a symbolic link");
    if (code == QLatin1String("not-regular"))
        return Tr::tr("not a regular file");
    if (code == QLatin1String("replaced"))
        return Tr::tr("another file took its name during the run");
    if (code == QLatin1String("other-owner"))
        return Tr::tr("owned by another user");
    if (code == QLatin1String("in-use"))
        return Tr::tr("a process still holds it open or maps it");
    if (code == QLatin1String("unreadable"))
        return Tr::tr("it could not be opened");
    return Tr::tr("it could not be removed");
}

// What the job's hook log was replaced by, in the user's language.
QString fileKind(const QString &code)
{
    if (code == QLatin1String("fifo"))
        return Tr::tr("a FIFO");
    if (code == QLatin1String("symlink"))
        return Tr::tr("a symbolic link");
    if (code == QLatin1String("folder"))
        return Tr::tr("a folder");
    if (code == QLatin1String("socket"))
        return Tr::tr("a socket");
    if (code == QLatin1String("device"))
        return Tr::tr("a device");
    return Tr::tr("something other than a regular file");
}

int countOf(const QJsonValue &v)
{
    return v.isDouble() && v.toDouble() > 0 ? int(std::min(v.toDouble(), 1e9)) : 0;
}

// One F line: a /dev/shm file that appeared during the run, removed or left with the reason.
void readFile(const QJsonObject &o, MeasureRun &run, int *unlisted)
{
    const QString name = o.value(QLatin1String("name")).toString().left(255);
    if (name.isEmpty())
        return;
    QStringList &list =
        o.value(QLatin1String("removed")).toBool() ? run.removedFiles : run.keptFiles;
    if (list.size() >= MaxFiles) {
        ++*unlisted;
        return;
    }
    if (&list == &run.removedFiles)
        list.append(name);
    else
        list.append(QStringLiteral("%1: %2").arg(
            name, keptReason(o.value(QLatin1String("why")).toString())));
}

// The runner's last message, into the run.
void readResult(const QJsonObject &o, MeasureRun &run, qint64 *mainPid, const QString &host)
{
    run.started = o.value(QLatin1String("started")).toBool();
    run.error = o.value(QLatin1String("error")).toString().left(2000);
    // The script's own failures come as codes, said here in the user's language.
    const QString why = o.value(QLatin1String("why")).toString();
    if (why == QLatin1String("no-temporary-folder"))
        run.error = Tr::tr("cannot make a temporary folder on the host (mktemp -d in $TMPDIR or "
                           "/tmp)");
    else if (why == QLatin1String("no-python"))
        run.error = Tr::tr("the host has no python3 (nor python) to run the measurement with");
    const QString dir = o.value(QLatin1String("dir")).toString().left(4096);
    if (why == QLatin1String("no-workdir"))
        run.error = Tr::tr("the folder %1 does not exist on %2").arg(dir, host);
    else if (why == QLatin1String("workdir-not-folder"))
        run.error = Tr::tr("%1 on %2 is not a folder").arg(dir, host);
    else if (why == QLatin1String("workdir"))
        run.error = Tr::tr("cannot run the command in %1 on %2: %3").arg(dir, host, run.error);
    else if (why == QLatin1String("unsafe-folder"))
        run.error = Tr::tr("the temporary folder on %1 has a ':' in its path (%2), which would "
                           "split it on PYTHONPATH; set TMPDIR there to a folder without one")
                        .arg(host, dir);
    run.seconds = o.value(QLatin1String("seconds")).toDouble();
    run.stopReason = o.value(QLatin1String("stop")).toString().left(32);
    if (o.value(QLatin1String("exit_code")).isDouble())
        run.exitCode = o.value(QLatin1String("exit_code")).toInt();
    if (o.value(QLatin1String("exit_signal")).isDouble())
        run.exitSignal = o.value(QLatin1String("exit_signal")).toInt();
    run.finalSignal = o.value(QLatin1String("final_signal")).toString().left(16);
    run.stoppedBySignal = o.value(QLatin1String("stopped_by_signal")).toBool();
    run.leftoverProcesses = countOf(o.value(QLatin1String("leftover")));
    run.log.badLines += countOf(o.value(QLatin1String("bad_lines")));
    const QString refused = o.value(QLatin1String("hook_log_refused")).toString().left(16);
    if (!refused.isEmpty())
        run.log.hookErrors.append(
            Tr::tr("the job replaced its log with %1, which was not opened: what it wrote there "
                   "was not read")
                .arg(fileKind(refused)));
    const QString watch = o.value(QLatin1String("shm_watch")).toString().left(16);
    if (watch == QLatin1String("inotify"))
        run.creationWatch = watch;
    else if (watch == QLatin1String("overflow"))
        run.keptFiles.prepend(Tr::tr("the watch on /dev/shm overflowed (more files were made "
                                     "at once than inotify queues), so nothing the job left "
                                     "there was removed"));
    else if (!watch.isEmpty())
        run.keptFiles.prepend(
            Tr::tr("/dev/shm could not be watched (%1), so nothing the job left there was "
                   "removed")
                .arg(o.value(QLatin1String("shm_watch_error")).toString().left(200)));
    if (const int n = countOf(o.value(QLatin1String("new_files_untracked"))))
        run.keptFiles.append(Tr::tr("%n more file(s) made in /dev/shm during the run were not "
                                    "followed (over 100000) and were left",
                                    nullptr, n));
    // Those it left and that were stopped (a process in uninterruptible sleep may outlast
    // SIGKILL; the runner gives up on it after 15 s).
    if (o.contains(QLatin1String("leftover_stopped")))
        run.leftoverProcesses = countOf(o.value(QLatin1String("leftover_stopped")));
    run.shmSize = bytesOf(o.value(QLatin1String("shm_size")));
    run.shmBaseline = bytesOf(o.value(QLatin1String("shm_baseline"))).value_or(0);
    run.shmPeak = bytesOf(o.value(QLatin1String("shm_peak"))).value_or(0);
    run.shmPeakTime = o.value(QLatin1String("shm_peak_time")).toDouble();
    run.shmHeldPeak = bytesOf(o.value(QLatin1String("shm_held_peak"))).value_or(0);
    run.samples = bytesOf(o.value(QLatin1String("samples"))).value_or(0);
    run.cgroupPeak = bytesOf(o.value(QLatin1String("cgroup_peak")));
    run.cgroupLimit = bytesOf(o.value(QLatin1String("cgroup_limit")));
    *mainPid = qint64(o.value(QLatin1String("main_pid")).toDouble());
    const QJsonArray procs = o.value(QLatin1String("processes")).toArray();
    for (const QJsonValue &v : procs) {
        const QJsonObject p = v.toObject();
        MeasuredProcess m;
        m.pid = qint64(p.value(QLatin1String("pid")).toDouble());
        if (m.pid <= 0 || run.processes.size() >= 4096)
            continue;
        m.ppid = qint64(p.value(QLatin1String("ppid")).toDouble());
        m.name = p.value(QLatin1String("name")).toString().left(64);
        m.maxPss = bytesOf(p.value(QLatin1String("max_pss"))).value_or(0);
        m.maxPrivate = bytesOf(p.value(QLatin1String("max_private"))).value_or(0);
        m.batchesAtStart = qint64(p.value(QLatin1String("batches_at_start")).toDouble(-1));
        m.settled = p.value(QLatin1String("settled")).toBool();
        m.firstDirty = bytesOf(p.value(QLatin1String("first_dirty"))).value_or(0);
        m.maxDirtyAfter = bytesOf(p.value(QLatin1String("max_dirty_after"))).value_or(0);
        m.maxShmHeld = bytesOf(p.value(QLatin1String("max_held"))).value_or(0);
        m.firstSeen = p.value(QLatin1String("first_seen")).toDouble();
        m.lastSeen = p.value(QLatin1String("last_seen")).toDouble();
        run.processes.insert(m.pid, m);
    }
    // A runner of an older ShmWise names the removed files here rather than on F lines.
    if (run.removedFiles.isEmpty() && !o.contains(QLatin1String("removed_count")))
        for (const QJsonValue &v : o.value(QLatin1String("removed")).toArray())
            if (run.removedFiles.size() < MaxFiles)
                run.removedFiles.append(v.toString().left(255));
    run.removedFiles.sort();
}

} // namespace

QByteArray remoteMeasureScript(const MeasureOptions &options)
{
    QJsonObject config;
    config.insert(QLatin1String("command"), QJsonArray::fromStringList(options.command));
    config.insert(QLatin1String("workdir"), options.workDir);
    config.insert(QLatin1String("seconds"), options.seconds);
    config.insert(QLatin1String("batches"), double(options.batches));
    // One line of JSON: its text never holds the here-document's end marker.
    const QByteArray json = QJsonDocument(config).toJson(QJsonDocument::Compact);
    QByteArray s;
    // The hook's folder goes first on PYTHONPATH, whose separator is ':': a TMPDIR with one
    // (or not absolute) would put another folder, and its json.py, before Python's own.
    s += "set -u\n"
         "t=${TMPDIR:-/tmp}\n"
         "case $t in /*) ;; *) t=/tmp ;; esac\n"
         "case $t in *:*) t=/tmp ;; esac\n"
         "d=$(mktemp -d \"$t/shmwise-remote-measure-XXXXXX\") || {\n"
         "  echo 'R {\"started\":false,\"why\":\"no-temporary-folder\"}'; exit 0; }\n"
         "trap 'rm -rf \"$d\"' EXIT\n"
         "trap 'exit 1' HUP INT TERM\n"
         "cat >\"$d/sitecustomize.py\" <<'SHMWISE_END_OF_HOOK'\n";
    s += resource(QStringLiteral(":/measure/sitecustomize.py"));
    s += "\nSHMWISE_END_OF_HOOK\n"
         "cat >\"$d/remote_runner.py\" <<'SHMWISE_END_OF_RUNNER'\n";
    s += resource(QStringLiteral(":/measure/remote_runner.py"));
    // The removal checks the runner imports, shared with `clean` on any target.
    s += "\nSHMWISE_END_OF_RUNNER\n"
         "cat >\"$d/shmclean.py\" <<'SHMWISE_END_OF_CLEAN'\n";
    s += resource(QStringLiteral(":/clean/shmclean.py"));
    s += "\nSHMWISE_END_OF_CLEAN\n"
         "cat >\"$d/config.json\" <<'SHMWISE_END_OF_CONFIG'\n";
    s += json;
    s += "\nSHMWISE_END_OF_CONFIG\n"
         "py=$(command -v python3 || command -v python) || {\n"
         "  echo 'R {\"started\":false,\"why\":\"no-python\"}'; exit 0; }\n"
         "\"$py\" \"$d/remote_runner.py\" \"$d\" </dev/null\n";
    return s;
}

MeasureRun runRemoteMeasurement(const Target &target, const ProbeOptions &probe,
                                const MeasureOptions &options)
{
    MeasureRun run;
    run.pythonWarnings = hookIgnoredReasons(options.command);
    if (target.kind != Target::Kind::Ssh) {
        run.error = Tr::tr("measuring runs on this computer or on an SSH host, not on %1")
                        .arg(target.toString());
        return run;
    }
    if (options.privateShm) {
        run.error = Tr::tr("a private /dev/shm (--shm) is made on this computer only: run "
                           "`shmwise measure --shm SIZE` on %1 itself, or measure there "
                           "without it")
                        .arg(target.host);
        return run;
    }
    QString error;
    const std::optional<ProbeCommand> command = probeCommand(target, probe, &error);
    if (!command) {
        run.error = error;
        return run;
    }
    QProcess ssh;
    ssh.setProgram(command->program);
    ssh.setArguments(command->arguments);
    ssh.start();
    if (!ssh.waitForStarted(10000)) {
        run.error = Tr::tr("cannot start %1: %2").arg(command->program, ssh.errorString());
        return run;
    }
    ssh.write(remoteMeasureScript(options));
    ssh.closeWriteChannel();

    QElapsedTimer clock;
    clock.start();
    QByteArray pending;
    bool skipping = false; // within a line too long to be the runner's
    int unlistedFiles = 0; // /dev/shm files named beyond MaxFiles
    QByteArray errors;     // the last of what the host said on standard error
    // The job's output comes on standard error too (the runner's lines are on standard output).
    JobOutput::Options outputOptions;
    if (options.forwardOutput)
        outputOptions.forwardErr = 2;
    outputOptions.logPath = options.outputLog;
    JobOutput output(outputOptions);
    bool haveResult = false;
    bool interrupted = false;
    qint64 mainPid = 0;
    // The job's own stop takes up to 10 s after its time (SIGINT, SIGTERM, SIGKILL); beyond a
    // minute more, the connection is taken for lost.
    const double deadline = options.seconds + 75;
    auto readErrors = [&] {
        const QByteArray e = ssh.readAllStandardError();
        if (e.isEmpty())
            return;
        output.feed(2, e);
        errors += e;
        if (errors.size() > 65536)
            errors = errors.right(65536);
    };
    for (;;) {
        const bool running = ssh.state() != QProcess::NotRunning;
        if (running)
            ssh.waitForReadyRead(50);
        readErrors();
        const QByteArray got = ssh.readAllStandardOutput();
        qsizetype start = 0;
        if (skipping) {
            // The rest of a line already too long: dropped up to its end.
            const qsizetype nl = got.indexOf('\n');
            if (nl >= 0) {
                skipping = false;
                pending = got.mid(nl + 1);
            }
        } else {
            pending += got;
        }
        for (;;) {
            const qsizetype nl = pending.indexOf('\n', start);
            if (nl < 0)
                break;
            const QByteArray line = pending.mid(start, nl - start);
            start = nl + 1;
            if (line.size() > (line.startsWith("R ") ? MaxResultLine : MaxLine)) {
                ++run.log.badLines;
                continue;
            }
            if (line.size() < 2)
                continue;
            const char kind = line.at(0);
            const QByteArray body = line.mid(2);
            if (kind == 'H') {
                run.log.feed(body);
            } else if (kind == 'P') {
                const QJsonObject p = QJsonDocument::fromJson(body).object();
                if (options.progress && !interrupted &&
                    !options.progress(p.value(QLatin1String("t")).toDouble(),
                                      quint64(p.value(QLatin1String("batches")).toDouble()))) {
                    // Closing the connection stops the job there: the runner finds nobody
                    // reading and stops it as it would at its time.
                    interrupted = true;
                    ssh.kill();
                }
            } else if (kind == 'F') {
                readFile(QJsonDocument::fromJson(body).object(), run, &unlistedFiles);
            } else if (kind == 'R') {
                const QJsonObject o = QJsonDocument::fromJson(body).object();
                readResult(o, run, &mainPid, target.host);
                haveResult = true;
            }
        }
        pending.remove(0, start);
        // A line without an end is kept up to the most a line may be; beyond that it is not
        // the runner's, and is dropped, counted, up to its end.
        if (pending.size() > (pending.startsWith("R ") ? MaxResultLine : MaxLine)) {
            pending.clear();
            pending.squeeze();
            skipping = true;
            ++run.log.badLines;
        }
        if (!running)
            break;
        if (double(clock.elapsed()) / 1000.0 > deadline) {
            ssh.kill();
            ssh.waitForFinished(5000);
            if (!haveResult)
                run.error = Tr::tr("the measurement on %1 sent no result within %2 s; the "
                                   "connection was closed, which stops the job there")
                                .arg(target.host)
                                .arg(int(deadline));
            break;
        }
    }
    ssh.waitForFinished(5000);
    readErrors();
    run.output = output.finish();
    if (interrupted) {
        run.started = true;
        run.stopReason = QStringLiteral("interrupted");
        run.seconds = double(clock.elapsed()) / 1000.0;
    } else if (!haveResult && run.error.isEmpty()) {
        const QString said = transportStderrText(errors);
        const QString why = explainTransportFailure(target, said, ssh.exitCode(), probe.sshConfig);
        const QString last = said.trimmed().section(QLatin1Char('\n'), -1).trimmed();
        run.error = !why.isEmpty() ? why
                    : !last.isEmpty()
                        ? Tr::tr("the measurement on %1 failed: %2").arg(target.host, last)
                        : Tr::tr("the measurement on %1 ended without a result "
                                 "(exit code %2)")
                              .arg(target.host)
                              .arg(ssh.exitCode());
    }
    if (unlistedFiles > 0)
        run.keptFiles.append(Tr::tr("%n more file(s) in /dev/shm were named by the host and are "
                                    "not listed",
                                    nullptr, unlistedFiles));
    if (run.started)
        finishRun(run, mainPid);
    return run;
}

} // namespace shmwise
