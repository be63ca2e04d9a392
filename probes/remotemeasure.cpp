// SPDX-License-Identifier: GPL-3.0-or-later
#include "probes/remotemeasure.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

#include <cstdio>

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

// The runner's last message, into the run.
void readResult(const QJsonObject &o, MeasureRun &run, qint64 *mainPid)
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
    run.seconds = o.value(QLatin1String("seconds")).toDouble();
    run.stopReason = o.value(QLatin1String("stop")).toString().left(32);
    if (o.value(QLatin1String("exit_code")).isDouble())
        run.exitCode = o.value(QLatin1String("exit_code")).toInt();
    if (o.value(QLatin1String("exit_signal")).isDouble())
        run.exitSignal = o.value(QLatin1String("exit_signal")).toInt();
    run.finalSignal = o.value(QLatin1String("final_signal")).toString().left(16);
    run.stoppedBySignal = o.value(QLatin1String("stopped_by_signal")).toBool();
    run.leftoverProcesses = o.value(QLatin1String("leftover")).toInt();
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
    for (const QJsonValue &v : o.value(QLatin1String("removed")).toArray())
        if (run.removedFiles.size() < 10000)
            run.removedFiles.append(v.toString().left(255));
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
    s += "set -u\n"
         "d=$(mktemp -d \"${TMPDIR:-/tmp}/shmwise-remote-measure-XXXXXX\") || {\n"
         "  echo 'R {\"started\":false,\"why\":\"no-temporary-folder\"}'; exit 0; }\n"
         "trap 'rm -rf \"$d\"' EXIT\n"
         "trap 'exit 1' HUP INT TERM\n"
         "cat >\"$d/sitecustomize.py\" <<'SHMWISE_END_OF_HOOK'\n";
    s += resource(QStringLiteral(":/measure/sitecustomize.py"));
    s += "\nSHMWISE_END_OF_HOOK\n"
         "cat >\"$d/remote_runner.py\" <<'SHMWISE_END_OF_RUNNER'\n";
    s += resource(QStringLiteral(":/measure/remote_runner.py"));
    s += "\nSHMWISE_END_OF_RUNNER\n"
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
    QByteArray errors; // the last of what the host said on standard error
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
        fwrite(e.constData(), 1, size_t(e.size()), stderr);
        fflush(stderr);
        errors += e;
        if (errors.size() > 65536)
            errors = errors.right(65536);
    };
    for (;;) {
        const bool running = ssh.state() != QProcess::NotRunning;
        if (running)
            ssh.waitForReadyRead(50);
        readErrors();
        pending += ssh.readAllStandardOutput();
        qsizetype start = 0;
        for (;;) {
            const qsizetype nl = pending.indexOf('\n', start);
            if (nl < 0)
                break;
            const QByteArray line = pending.mid(start, nl - start);
            start = nl + 1;
            if (line.size() > (1 << 20) || line.size() < 2)
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
            } else if (kind == 'R') {
                const QJsonObject o = QJsonDocument::fromJson(body).object();
                readResult(o, run, &mainPid);
                haveResult = true;
            }
        }
        pending.remove(0, start);
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
    if (interrupted) {
        run.started = true;
        run.stopReason = QStringLiteral("interrupted");
        run.seconds = double(clock.elapsed()) / 1000.0;
    } else if (!haveResult && run.error.isEmpty()) {
        const QString said = QString::fromUtf8(errors);
        const QString why = explainTransportFailure(target, said, ssh.exitCode());
        const QString last = said.trimmed().section(QLatin1Char('\n'), -1).trimmed();
        run.error = !why.isEmpty() ? why
                    : !last.isEmpty()
                        ? Tr::tr("the measurement on %1 failed: %2").arg(target.host, last)
                        : Tr::tr("the measurement on %1 ended without a result "
                                 "(exit code %2)")
                              .arg(target.host)
                              .arg(ssh.exitCode());
    }
    if (run.started)
        finishRun(run, mainPid);
    return run;
}

} // namespace shmwise
