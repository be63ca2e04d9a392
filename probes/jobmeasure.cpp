// SPDX-License-Identifier: GPL-3.0-or-later
#include "probes/jobmeasure.h"

#include "probes/jobwatch.h"

#include "core/sizing.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QThread>

#include <cerrno>
#include <csignal>

#include <sys/wait.h>

namespace shmwise {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::JobWatch)
};

volatile sig_atomic_t g_stopRequested = 0;

void onStopSignal(int)
{
    g_stopRequested = 1;
}

// Installs the handlers for the run and puts the old ones back after it.
class StopSignals
{
public:
    StopSignals()
    {
        // Only one run at a time handles them; the flag is the process's.
        g_stopRequested = 0;
        struct sigaction sa
        {};
        sa.sa_handler = onStopSignal;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGINT, &sa, &m_int);
        sigaction(SIGTERM, &sa, &m_term);
        sigaction(SIGHUP, &sa, &m_hup);
    }
    ~StopSignals()
    {
        sigaction(SIGINT, &m_int, nullptr);
        sigaction(SIGTERM, &m_term, nullptr);
        sigaction(SIGHUP, &m_hup, nullptr);
    }
    StopSignals(const StopSignals &) = delete;
    StopSignals &operator=(const StopSignals &) = delete;

private:
    struct sigaction m_int
    { }, m_term{}, m_hup{}; };

// Reads the hook's file as it grows, a whole line at a time.
class LogTail
{
public:
    explicit LogTail(const QString &path) : m_file(path) {}
    void poll(MeasurementLog &log)
    {
        if (!m_file.isOpen() && !m_file.open(QIODevice::ReadOnly))
            return;
        // At most 64 MiB of lines per call keeps one poll short; the rest comes next time.
        m_pending += m_file.read(64 << 20);
        qsizetype start = 0;
        for (;;) {
            const qsizetype nl = m_pending.indexOf('\n', start);
            if (nl < 0)
                break;
            if (nl - start <= (1 << 20))
                log.feed(m_pending.mid(start, nl - start));
            else
                ++log.badLines;
            start = nl + 1;
        }
        m_pending.remove(0, start);
        if (m_pending.size() > (1 << 20)) { // a line too long to be the hook's
            m_pending.clear();
            ++log.badLines;
        }
    }

private:
    QFile m_file;
    QByteArray m_pending;
};

} // namespace

QStringList hookIgnoredReasons(const QStringList &command)
{
    QStringList why;
    if (command.isEmpty())
        return why;
    static const QRegularExpression python(QStringLiteral("^(python|pypy)[0-9.]*(-dbg)?$"));
    const QString program = QFileInfo(command.first()).fileName();
    if (!python.match(program).hasMatch())
        return why; // a launcher (torchrun, accelerate, a shell script) starts Python itself
    for (int i = 1; i < command.size(); ++i) {
        const QString a = command.at(i);
        if (!a.startsWith(QLatin1Char('-')) || a == QLatin1String("-") || a == QLatin1String("--"))
            break;
        if (a.startsWith(QLatin1String("--")))
            continue;
        // Options that take a value end the cluster: -c CODE, -m MODULE, -W ARG, -X OPT.
        for (int c = 1; c < a.size(); ++c) {
            const QChar ch = a.at(c);
            if (ch == QLatin1Char('S'))
                why << Tr::tr("python -S does not import site, so the hook (a sitecustomize) "
                              "does not load");
            else if (ch == QLatin1Char('E'))
                why << Tr::tr("python -E ignores PYTHONPATH, so the hook does not load");
            else if (ch == QLatin1Char('I'))
                why << Tr::tr("python -I (isolated mode) ignores PYTHONPATH, so the hook does "
                              "not load");
            if (ch == QLatin1Char('c') || ch == QLatin1Char('m') || ch == QLatin1Char('W') ||
                ch == QLatin1Char('X'))
                return why;
        }
    }
    return why;
}

void finishRun(MeasureRun &run, qint64 mainPid)
{
    nameLoaders(run.log.loaders);
    // Roles: the main process, the ranks (other processes that made loaders), their workers.
    QSet<qint64> makers;
    for (const MeasuredLoader &l : run.log.loaders)
        for (qint64 p : l.pids)
            makers.insert(p);
    for (MeasuredProcess &p : run.processes) {
        if (p.pid == mainPid)
            p.role = QStringLiteral("main");
        else if (makers.contains(p.pid))
            p.role = QStringLiteral("rank");
        else if (makers.contains(p.ppid))
            p.role = QStringLiteral("worker");
        else
            p.role = QStringLiteral("other");
    }
}

MeasureRun runMeasurement(const MeasureOptions &options)
{
    MeasureRun run;
    run.pythonWarnings = hookIgnoredReasons(options.command);
    QTemporaryDir dir(QDir::tempPath() + QStringLiteral("/shmwise-measure-XXXXXX"));
    if (!dir.isValid()) {
        run.error = Tr::tr("cannot make a temporary folder: %1").arg(dir.errorString());
        return run;
    }
    {
        QFile hook(QStringLiteral(":/measure/sitecustomize.py"));
        QFile copy(dir.filePath(QStringLiteral("sitecustomize.py")));
        if (!hook.open(QIODevice::ReadOnly) || !copy.open(QIODevice::WriteOnly) ||
            copy.write(hook.readAll()) < 0) {
            run.error =
                Tr::tr("cannot write the hook to %1: %2").arg(dir.path(), copy.errorString());
            return run;
        }
        QFile log(dir.filePath(QStringLiteral("measure.jsonl")));
        if (!log.open(QIODevice::WriteOnly)) {
            run.error = Tr::tr("cannot write %1: %2").arg(log.fileName(), log.errorString());
            return run;
        }
    }
    const QString logPath = dir.filePath(QStringLiteral("measure.jsonl"));
    JobSpawnOptions spawn;
    spawn.command = options.command;
    spawn.workDir = options.workDir;
    spawn.privateShm = options.privateShm;
    spawn.stdoutToStderr = options.jobStdoutToStderr;
    const QString oldPath = qEnvironmentVariable("PYTHONPATH");
    spawn.environment.insert(QStringLiteral("PYTHONPATH"),
                             oldPath.isEmpty() ? dir.path()
                                               : dir.path() + QLatin1Char(':') + oldPath);
    spawn.environment.insert(QStringLiteral("SHMWISE_MEASURE_OUT"), logPath);

    const QSet<QString> namesBefore = options.privateShm ? QSet<QString>() : shmDirectoryNames();
    if (const auto u = shmUsage(0); u && !options.privateShm) {
        run.shmBaseline = u->first;
        run.shmSize = u->second;
    }
    std::optional<StopSignals> stopSignals;
    if (options.handleSignals)
        stopSignals.emplace();
    QString error;
    const std::optional<SpawnedJob> job = spawnJob(spawn, &error);
    if (!job) {
        run.error = error;
        return run;
    }
    run.started = true;
    run.privateShm = job->privateShm;
    run.userNamespace = job->userNamespace;

    JobTree tree(job->pid);
    QElapsedTimer clock;
    clock.start();
    LogTail tail(logPath);
    QSet<QString> heldNames;
    bool mainDone = false;
    int status = 0;
    double lastDetail = -1, lastBatchSeen = 0, longestGap = 0;
    quint64 batchesSeen = 0;
    int stage = 0; // 0 running, 1 SIGINT sent, 2 SIGTERM sent, 3 SIGKILL sent
    double stageAt = 0;

    auto elapsed = [&] {
        return double(clock.nsecsElapsed()) / 1e9;
    };
    auto sample = [&](bool detailed) {
        const double now = elapsed();
        const QVector<qint64> pids = detailed ? tree.processes() : QVector<qint64>();
        const qint64 view = mainDone ? (pids.isEmpty() ? -1 : pids.first()) : job->pid;
        if (view < 0 && run.privateShm)
            return;
        const JobReading r = readJob(run.privateShm ? view : 0, pids, detailed);
        ++run.samples;
        if (r.shmUsed) {
            if (run.privateShm)
                run.shmSize = r.shmSize;
            const Bytes used = *r.shmUsed > run.shmBaseline ? *r.shmUsed - run.shmBaseline : 0;
            if (used > run.shmPeak) {
                run.shmPeak = used;
                run.shmPeakTime = now;
            }
        }
        if (!detailed)
            return;
        run.shmHeldPeak = std::max(run.shmHeldPeak, r.shmHeld);
        heldNames.unite(r.shmNames);
        if (r.cgroupMemory)
            run.cgroupPeak = std::max(run.cgroupPeak.value_or(0), *r.cgroupMemory);
        if (r.cgroupLimit)
            run.cgroupLimit = r.cgroupLimit;
        for (const ProcessReading &p : r.processes) {
            MeasuredProcess &m = run.processes[p.pid];
            const Bytes priv = p.pss > p.pssShmem ? p.pss - p.pssShmem : 0;
            if (m.pid == 0) {
                m.pid = p.pid;
                m.firstSeen = now;
            }
            // Growth counts from the reading at which every worker of a loader has delivered a
            // batch since this process appeared: its start-up (a spawned worker imports torch)
            // is done by then.
            if (m.pid == p.pid && m.batchesAtStart < 0)
                m.batchesAtStart = qint64(run.log.totalBatches);
            quint64 workersMax = 0;
            for (const MeasuredLoader &l : run.log.loaders)
                workersMax = std::max(workersMax, l.numWorkers);
            if (!m.settled && run.log.totalBatches >= quint64(m.batchesAtStart) + workersMax + 1) {
                m.settled = true;
                m.firstDirty = p.privateDirty;
            }
            m.name = p.name;
            m.lastSeen = now;
            m.maxPss = std::max(m.maxPss, p.pss);
            m.maxPrivate = std::max(m.maxPrivate, priv);
            if (m.settled)
                m.maxDirtyAfter = std::max(m.maxDirtyAfter, p.privateDirty);
            m.maxShmHeld = std::max(m.maxShmHeld, p.shmHeld);
            m.ppid = p.ppid;
        }
    };

    for (;;) {
        if (!mainDone && tree.reap(&status))
            mainDone = true;
        const double now = elapsed();
        const bool detailed = now - lastDetail >= 0.1;
        tail.poll(run.log);
        if (run.log.totalBatches != batchesSeen) {
            batchesSeen = run.log.totalBatches;
            if (lastBatchSeen > 0)
                longestGap = std::max(longestGap, now - lastBatchSeen);
            lastBatchSeen = now;
        }
        if (!mainDone || !tree.processes().isEmpty())
            sample(detailed);
        if (detailed)
            lastDetail = now;
        if (mainDone) {
            // The main process is gone: stop whatever it left behind, then finish.
            QVector<qint64> left = tree.processes();
            if (left.isEmpty())
                break;
            if (stage < 2) {
                run.leftoverProcesses = std::max(run.leftoverProcesses, int(left.size()));
                tree.signal(SIGTERM);
                stage = 2;
                stageAt = now;
            } else if (stage == 2 && now - stageAt > 2) {
                tree.signal(SIGKILL);
                stage = 3;
                stageAt = now;
            } else if (stage == 3 && now - stageAt > 5) {
                break; // unkillable (D state); reported as left over
            }
            tree.reap(&status);
            QThread::msleep(10);
            continue;
        }
        if (stage == 0) {
            if (detailed && options.progress && !options.progress(now, batchesSeen))
                run.stopReason = QStringLiteral("interrupted");
            if (g_stopRequested)
                run.stopReason = QStringLiteral("interrupted");
            else if (now >= options.seconds)
                run.stopReason = QStringLiteral("time");
            else if (options.batches > 0 && !run.log.loaders.isEmpty() &&
                     run.log.fewestBatches() >= options.batches)
                run.stopReason = QStringLiteral("batches");
            else if (batchesSeen > 0 && now - lastBatchSeen > std::max(30.0, 20 * longestGap))
                run.stopReason = QStringLiteral("hang");
            if (!run.stopReason.isEmpty()) {
                tree.signal(SIGINT);
                run.finalSignal = QStringLiteral("SIGINT");
                stage = 1;
                stageAt = now;
            }
        } else if (stage == 1 && now - stageAt > 5) {
            tree.signal(SIGTERM);
            run.finalSignal = QStringLiteral("SIGTERM");
            run.stoppedBySignal = true;
            stage = 2;
            stageAt = now;
        } else if (stage == 2 && now - stageAt > 3) {
            tree.signal(SIGKILL);
            run.finalSignal = QStringLiteral("SIGKILL");
            stage = 3;
            stageAt = now;
        }
        QThread::msleep(10);
    }
    // Reap the last of them (the loop looks for live processes; zombies stay children here).
    for (int i = 0; i < 200; ++i) {
        const bool empty = tree.processes().isEmpty();
        QThread::msleep(10);
        if (tree.reap(&status))
            mainDone = true;
        if (empty)
            break;
    }
    run.seconds = elapsed();
    if (run.stopReason.isEmpty())
        run.stopReason = QStringLiteral("exited");
    if (WIFEXITED(status))
        run.exitCode = WEXITSTATUS(status);
    else if (WIFSIGNALED(status))
        run.exitSignal = WTERMSIG(status);
    tail.poll(run.log);
    finishRun(run, job->pid);

    // Files the job left in the host's /dev/shm: new since it started and held by one of its
    // processes, or named by PyTorch after one of them.
    if (!run.privateShm) {
        static const QRegularExpression torchName(QStringLiteral("^torch_(\\d+)_"));
        const QSet<QString> after = shmDirectoryNames();
        for (const QString &name : after) {
            if (namesBefore.contains(name))
                continue;
            const QRegularExpressionMatch m = torchName.match(name);
            const bool ours =
                heldNames.contains(name) ||
                (m.hasMatch() && tree.everSeen().contains(m.captured(1).toLongLong()));
            if (ours && QFile::remove(QStringLiteral("/dev/shm/") + name))
                run.removedFiles.append(name);
        }
        run.removedFiles.sort();
    }
    return run;
}

MeasureReport measureReport(const MeasureRun &run, Environment env)
{
    MeasureReport r;
    r.run = &run;
    r.profile = profileFromMeasurement(run.log.loaders, env, &r.notes);
    if (r.profile)
        r.plan = computePlan(*r.profile);
    // In a private /dev/shm everything in it is the job's; on the host's, only the files the
    // job's processes held are surely its own.
    r.peak = run.privateShm ? std::max(run.shmPeak, run.shmHeldPeak) : run.shmHeldPeak;
    r.peakSource = run.privateShm ? QStringLiteral("private") : QStringLiteral("held");
    for (const MeasuredProcess &p : run.processes) {
        if (p.role == QLatin1String("worker")) {
            ++r.workers;
            r.workerPrivate = std::max(r.workerPrivate, p.maxPrivate);
            if (p.settled && p.maxDirtyAfter > p.firstDirty)
                r.workerGrowth = std::max(r.workerGrowth, p.maxDirtyAfter - p.firstDirty);
        } else if (p.role == QLatin1String("main")) {
            r.mainPrivate = p.maxPrivate;
        }
    }
    if (r.plan && r.peak > r.plan->requiredBytes) {
        QStringList why;
        for (const MeasuredLoader &l : run.log.loaders)
            if (!l.seen())
                why << Tr::tr("loader %1 delivered no batch, so its sample is a guess").arg(l.name);
        for (const MeasuredLoader &l : run.log.loaders)
            if (l.truncated)
                why << Tr::tr("the batches of %1 hold more tensors than were counted").arg(l.name);
        if (why.isEmpty())
            why << Tr::tr("the job keeps shared memory of its own besides the loaders' batches "
                          "(shared tensors, queues, NCCL, a Dataset moved to /dev/shm)");
        r.notes.prepend(Tr::tr("The measured peak, %1, is above the plan's %2: %3.")
                            .arg(formatSize(r.peak), formatSize(r.plan->requiredBytes),
                                 why.join(QStringLiteral("; "))));
    }
    if (r.workers > 0 && r.workerGrowth >= 64 * MiB)
        r.notes.append(Tr::tr("A worker's private memory grew by %1 while it ran: copy-on-read. "
                              "Reading Python lists and dicts of the Dataset touches their "
                              "reference counts and copies their pages into every worker; hold "
                              "such data in NumPy arrays or tensors.")
                           .arg(formatSize(r.workerGrowth)));
    if (run.cgroupLimit && r.plan) {
        const Bytes ram = r.mainPrivate + Bytes(r.workers) * r.workerPrivate;
        if (ram + r.plan->requiredBytes > *run.cgroupLimit)
            r.notes.append(Tr::tr("The job's memory limit, %1, must hold its RAM (about %2 "
                                  "measured) and its /dev/shm (%3 planned): tmpfs pages are "
                                  "charged to the job's cgroup.")
                               .arg(formatSize(*run.cgroupLimit), formatSize(ram),
                                    formatSize(r.plan->requiredBytes)));
    }
    if (!run.pythonWarnings.isEmpty() || run.log.hookPids.isEmpty())
        r.notes.append(
            run.pythonWarnings.isEmpty()
                ? Tr::tr("The hook never ran: the command did not start Python, or started it "
                         "without site or PYTHONPATH. Only the /dev/shm use is measured.")
                : Tr::tr("%1. Only the /dev/shm use is measured.")
                      .arg(run.pythonWarnings.join(QStringLiteral("; "))));
    else if (run.log.torchVersion.isEmpty())
        r.notes.append(Tr::tr("The job never imported torch.utils.data: no DataLoader to "
                              "measure. Only the /dev/shm use is measured."));
    for (const QString &e : run.log.hookErrors)
        r.notes.append(
            Tr::tr("The hook switched itself off (%1); the job went on without it.").arg(e));
    return r;
}

} // namespace shmwise
