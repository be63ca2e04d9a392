// SPDX-License-Identifier: GPL-3.0-or-later
#include "probes/jobmeasure.h"

#include "probes/joboutput.h"
#include "probes/jobwatch.h"
#include "probes/shmowner.h"

#include "core/sizing.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QThread>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <thread>

#include <fcntl.h>
#include <sys/statvfs.h>
#include <time.h>

#include <sys/wait.h>
#include <unistd.h>

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
        // At most 8 MiB of lines per call keeps one poll short, so the loop comes back to its
        // stop flag; the rest comes next time.
        m_pending += m_file.read(8 << 20);
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

// The start time of a process (field 22 of /proc/PID/stat), which tells it from a later process
// given the same PID; empty when it is gone.
QByteArray startTimeOf(qint64 pid)
{
    QFile f(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QByteArray s = f.read(4096);
    const qsizetype close = s.lastIndexOf(')');
    const QList<QByteArray> fields = s.mid(close + 2).split(' ');
    return close > 0 && fields.size() > 19 ? fields.at(19) : QByteArray();
}

// Folders of measurements whose measuring process died (SIGKILL, a crash) before it could
// remove them: each holds an `owner` file with its process's PID and start time, and is removed
// only when it is this user's and that process is gone.
void removeStaleFolders(const QString &root)
{
    const QFileInfoList dirs =
        QDir(root).entryInfoList({QStringLiteral("shmwise-measure-*")}, QDir::Dirs | QDir::Hidden);
    for (const QFileInfo &d : dirs) {
        if (d.isSymLink() || d.ownerId() != getuid())
            continue;
        QFile owner(d.filePath() + QStringLiteral("/owner"));
        if (!owner.open(QIODevice::ReadOnly))
            continue; // not one of these, or still being made
        const QList<QByteArray> f = owner.read(256).trimmed().split(' ');
        bool ok = false;
        const qint64 pid = f.value(0).toLongLong(&ok);
        if (!ok || f.size() != 2 || (pid > 0 && startTimeOf(pid) == f.at(1)))
            continue;
        QDir(d.filePath()).removeRecursively();
    }
}

// /dev/shm's use every millisecond, on a thread of its own: a peak between two of the main
// loop's samples (a queue of tensors passing through) is still seen. It reads the folder through
// a descriptor opened once, so a private /dev/shm is still read after the job's first process
// has gone.
class PeakSampler
{
public:
    explicit PeakSampler(const QString &folder)
    {
        m_fd = open(QFile::encodeName(folder).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (m_fd >= 0)
            m_thread = std::thread([this] { loop(); });
    }
    ~PeakSampler() { stop(); }
    PeakSampler(const PeakSampler &) = delete;
    PeakSampler &operator=(const PeakSampler &) = delete;
    void stop()
    {
        m_stop = true;
        if (m_thread.joinable())
            m_thread.join();
        if (m_fd >= 0)
            close(m_fd);
        m_fd = -1;
    }
    Bytes peak() const { return m_peak; }
    std::optional<Bytes> size() const
    {
        return m_size > 0 ? std::optional<Bytes>(m_size.load()) : std::nullopt;
    }

private:
    void loop()
    {
        const struct timespec ms = {0, 1000000};
        while (!m_stop) {
            struct statvfs s
            {};
            if (fstatvfs(m_fd, &s) == 0) {
                const Bytes used = Bytes(s.f_blocks - s.f_bfree) * s.f_frsize;
                if (used > m_peak)
                    m_peak = used;
                m_size = Bytes(s.f_blocks) * s.f_frsize;
            }
            nanosleep(&ms, nullptr);
        }
    }
    int m_fd = -1;
    std::atomic<bool> m_stop{false};
    std::atomic<Bytes> m_peak{0};
    std::atomic<Bytes> m_size{0};
    std::thread m_thread;
};

// The read ends of the job's stdout and stderr pipes, closed when it goes.
struct OutputPipes
{
    int out[2] = {-1, -1};
    int err[2] = {-1, -1};
    bool open() { return pipe2(out, O_CLOEXEC) == 0 && pipe2(err, O_CLOEXEC) == 0; }
    void closeWriteEnds()
    {
        for (int *fd : {&out[1], &err[1]})
            if (*fd >= 0) {
                ::close(*fd);
                *fd = -1;
            }
    }
    ~OutputPipes()
    {
        closeWriteEnds();
        for (int fd : {out[0], err[0]})
            if (fd >= 0)
                ::close(fd);
    }
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
    // The hook's folder goes first on PYTHONPATH, whose separator is ':': a temporary folder
    // whose path holds one would put another folder (and its json.py) before Python's own.
    QString tempRoot = QDir::tempPath();
    if (tempRoot.contains(QLatin1Char(':')))
        tempRoot = QStringLiteral("/tmp");
    removeStaleFolders(tempRoot);
    QTemporaryDir dir(tempRoot + QStringLiteral("/shmwise-measure-XXXXXX"));
    if (!dir.isValid()) {
        run.error = Tr::tr("cannot make a temporary folder: %1").arg(dir.errorString());
        return run;
    }
    {
        QFile owner(dir.filePath(QStringLiteral("owner")));
        if (owner.open(QIODevice::WriteOnly))
            owner.write(QByteArray::number(qint64(getpid())) + ' ' + startTimeOf(getpid()) + '\n');
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
    // Through a pipe Python would hold what it prints until its buffer fills, and lose it when
    // the job is stopped: unbuffered, unless the user chose otherwise.
    if (!qEnvironmentVariableIsSet("PYTHONUNBUFFERED"))
        spawn.environment.insert(QStringLiteral("PYTHONUNBUFFERED"), QStringLiteral("1"));
    OutputPipes pipes;
    if (!pipes.open()) {
        run.error = Tr::tr("cannot make a pipe for the job's output: %1")
                        .arg(QString::fromLocal8Bit(strerror(errno)));
        return run;
    }
    spawn.outputFd = pipes.out[1];
    spawn.errorFd = pipes.err[1];
    JobOutput::Options outputOptions;
    if (options.forwardOutput) {
        outputOptions.forwardOut = options.jobStdoutToStderr ? STDERR_FILENO : STDOUT_FILENO;
        outputOptions.forwardErr = STDERR_FILENO;
    }
    outputOptions.logPath = options.outputLog;
    JobOutput output(outputOptions);

    // Files the job makes in the host's /dev/shm are told from everyone else's as they are made.
    std::optional<ShmCreationWatch> made;
    if (!options.privateShm)
        made.emplace(QStringLiteral("/dev/shm"));
    if (const auto u = shmUsage(0); u && !options.privateShm) {
        run.shmBaseline = u->first;
        run.shmSize = u->second;
    }
    const SubreaperScope subreaper;
    std::optional<StopSignals> stopSignals;
    if (options.handleSignals)
        stopSignals.emplace();
    QString error;
    const std::optional<SpawnedJob> job = spawnJob(spawn, &error);
    if (!job) {
        run.error = error;
        return run;
    }
    pipes.closeWriteEnds();
    std::atomic_bool stopReading{false};
    std::thread reader([&] { readJobOutput(pipes.out[0], pipes.err[0], output, stopReading); });
    run.started = true;
    run.privateShm = job->privateShm;
    run.userNamespace = job->userNamespace;

    PeakSampler fast(run.privateShm ? QStringLiteral("/proc/%1/root/dev/shm").arg(job->pid)
                                    : QStringLiteral("/dev/shm"));
    JobTree tree(job->pid);
    QElapsedTimer clock;
    clock.start();
    LogTail tail(logPath);
    // Whether a process is now one of the job's: in its live tree, looked up once per poll.
    QSet<qint64> liveJob;
    bool liveJobRead = false;
    const auto isJobProcess = [&](qint64 pid) {
        if (!liveJobRead) {
            const QVector<qint64> pids = tree.processes();
            liveJob = QSet<qint64>(pids.cbegin(), pids.cend());
            liveJobRead = true;
        }
        return liveJob.contains(pid);
    };
    const auto pollMade = [&] {
        if (!made)
            return;
        liveJobRead = false;
        made->poll(isJobProcess);
    };
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
        pollMade();
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
    fast.stop();
    stopReading = true;
    reader.join();
    run.output = output.finish();
    // The millisecond sampler's peak, above the baseline, counts as well as the main loop's.
    if (const Bytes p = fast.peak(); p > run.shmBaseline && p - run.shmBaseline > run.shmPeak)
        run.shmPeak = p - run.shmBaseline;
    if (run.privateShm && !run.shmSize)
        run.shmSize = fast.size();
    // Files mapped with a closed descriptor count at their mapped length, which a sparse file
    // never filled: nothing held more than the private /dev/shm it had.
    if (run.privateShm && run.shmSize) {
        run.shmHeldPeak = std::min(run.shmHeldPeak, *run.shmSize);
        for (MeasuredProcess &p : run.processes)
            p.maxShmHeld = std::min(p.maxShmHeld, *run.shmSize);
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

    // Files the job left in the host's /dev/shm: only those proven made by it, and only when no
    // process holds them any more (probes/shmowner.h has the rule, which `clean` shares).
    if (made) {
        pollMade();
        run.creationWatch = made->method();
        if (!made->active()) {
            run.keptFiles << Tr::tr("/dev/shm could not be watched (%1), so nothing the job "
                                    "left there was removed")
                                 .arg(made->error());
        } else {
            RemovalPolicy policy;
            policy.callerUid = uint(getuid());
            for (const RemovalOutcome &o :
                 removeShmFiles(QStringLiteral("/dev/shm"), made->jobFiles(), policy)) {
                if (o.removed)
                    run.removedFiles.append(o.name);
                else
                    run.keptFiles.append(QStringLiteral("%1: %2").arg(o.name, o.reason));
            }
            run.keptFiles += made->unprovenFiles();
        }
        run.removedFiles.sort();
        run.keptFiles.sort();
    }
    return run;
}

} // namespace shmwise
