// SPDX-License-Identifier: GPL-3.0-or-later
#include "probes/jobwatch.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QProcessEnvironment>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <string>
#include <vector>

#include <fcntl.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

namespace shmwise {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::JobWatch)
};

// What the child reports through the pipe before it gives up: the step and errno.
struct ChildFailure
{
    int step;
    int error;
};
enum Step
{
    StepUnshare = 1,
    StepUidMap,
    StepMountPrivate,
    StepMountTmpfs,
    StepChdir,
    StepExec
};

[[noreturn]] void childFail(int fd, int step)
{
    const ChildFailure f{step, errno};
    [[maybe_unused]] const ssize_t n = write(fd, &f, sizeof f);
    _exit(127);
}

bool writeFile(const char *path, const char *text)
{
    const int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    const size_t len = strlen(text);
    const bool ok = write(fd, text, len) == ssize_t(len);
    close(fd);
    return ok;
}

QByteArray readSmall(const QString &path, qint64 max = 1 << 20)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.read(max);
}

// /proc/PID/stat: the parent, the process group and the state, after the name (which may hold
// spaces and ')').
bool statOf(qint64 pid, qint64 *ppid, char *state, QString *name, qint64 *pgrp = nullptr)
{
    const QByteArray s = readSmall(QStringLiteral("/proc/%1/stat").arg(pid), 4096);
    const qsizetype open = s.indexOf('(');
    const qsizetype close = s.lastIndexOf(')');
    if (open < 0 || close < open || close + 4 > s.size())
        return false;
    if (name)
        *name = QString::fromUtf8(s.mid(open + 1, close - open - 1));
    *state = s.at(close + 2);
    const QList<QByteArray> rest = s.mid(close + 4).split(' ');
    bool ok = false;
    *ppid = rest.isEmpty() ? 0 : rest.first().toLongLong(&ok);
    if (pgrp)
        *pgrp = rest.value(1).toLongLong();
    return ok;
}

Bytes kbField(const QByteArray &text, const char *field)
{
    const qsizetype at = text.indexOf(field);
    if (at < 0)
        return 0;
    qsizetype i = at + qsizetype(strlen(field));
    while (i < text.size() && text.at(i) == ' ')
        ++i;
    qsizetype j = i;
    while (j < text.size() && text.at(j) >= '0' && text.at(j) <= '9')
        ++j;
    return text.mid(i, j - i).toULongLong() * 1024;
}

} // namespace

SubreaperScope::SubreaperScope()
{
    // Orphans of the job (workers whose parent died, daemons it starts) come back here, so that
    // they can be found and stopped.
    prctl(PR_GET_CHILD_SUBREAPER, &m_old, 0, 0, 0);
    prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
}

SubreaperScope::~SubreaperScope()
{
    prctl(PR_SET_CHILD_SUBREAPER, m_old, 0, 0, 0);
}

std::optional<SpawnedJob> spawnJob(const JobSpawnOptions &options, QString *error)
{
    if (options.command.isEmpty()) {
        *error = Tr::tr("no command to run");
        return std::nullopt;
    }

    // Everything the child needs is made before fork: after it, only async-signal-safe calls.
    std::vector<std::string> argStore, envStore;
    for (const QString &a : options.command)
        argStore.push_back(a.toStdString());
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (auto it = options.environment.cbegin(); it != options.environment.cend(); ++it)
        env.insert(it.key(), it.value());
    for (const QString &kv : env.toStringList())
        envStore.push_back(kv.toStdString());
    std::vector<char *> argv, envp;
    for (std::string &s : argStore)
        argv.push_back(s.data());
    argv.push_back(nullptr);
    for (std::string &s : envStore)
        envp.push_back(s.data());
    envp.push_back(nullptr);
    const std::string workDir = options.workDir.toStdString();
    const uid_t uid = getuid();
    const gid_t gid = getgid();
    const bool asUser = uid != 0;
    const std::string uidMap = std::to_string(uid) + " " + std::to_string(uid) + " 1\n";
    const std::string gidMap = std::to_string(gid) + " " + std::to_string(gid) + " 1\n";
    const std::string tmpfsOptions =
        options.privateShm ? "size=" + std::to_string(*options.privateShm) + ",mode=1777"
                           : std::string();

    int pipeFd[2];
    if (pipe2(pipeFd, O_CLOEXEC) != 0) {
        *error = Tr::tr("cannot make a pipe: %1").arg(QString::fromLocal8Bit(strerror(errno)));
        return std::nullopt;
    }
    const pid_t parent = getpid();
    const pid_t pid = fork();
    if (pid < 0) {
        *error = Tr::tr("cannot start the job: %1").arg(QString::fromLocal8Bit(strerror(errno)));
        close(pipeFd[0]);
        close(pipeFd[1]);
        return std::nullopt;
    }
    if (pid == 0) {
        close(pipeFd[0]);
        setpgid(0, 0);
        // A measuring process that dies (SIGKILL, a crash) must not leave the job running past
        // its time: its first process goes with it, and the workers follow their parent.
        prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
        if (getppid() != parent)
            _exit(127);
        struct sigaction dfl
        {};
        dfl.sa_handler = SIG_DFL;
        sigemptyset(&dfl.sa_mask);
        for (int s : {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGCHLD})
            sigaction(s, &dfl, nullptr);
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, nullptr);
        if (options.errorFd >= 0)
            dup2(options.errorFd, 2);
        if (options.outputFd >= 0)
            dup2(options.outputFd, 1);
        else if (options.stdoutToStderr)
            dup2(2, 1);
        if (options.privateShm) {
            if (unshare(asUser ? (CLONE_NEWUSER | CLONE_NEWNS) : CLONE_NEWNS) != 0)
                childFail(pipeFd[1], StepUnshare);
            if (asUser && (!writeFile("/proc/self/setgroups", "deny") ||
                           !writeFile("/proc/self/uid_map", uidMap.c_str()) ||
                           !writeFile("/proc/self/gid_map", gidMap.c_str())))
                childFail(pipeFd[1], StepUidMap);
            if (mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0)
                childFail(pipeFd[1], StepMountPrivate);
            if (mount("shmwise-measure", "/dev/shm", "tmpfs", MS_NOSUID | MS_NODEV,
                      tmpfsOptions.c_str()) != 0)
                childFail(pipeFd[1], StepMountTmpfs);
        }
        if (!workDir.empty() && chdir(workDir.c_str()) != 0)
            childFail(pipeFd[1], StepChdir);
        execvpe(argv[0], argv.data(), envp.data());
        childFail(pipeFd[1], StepExec);
    }
    close(pipeFd[1]);
    setpgid(pid, pid); // also here, so the group exists before any signal is sent to it
    ChildFailure f{};
    ssize_t n;
    do {
        n = read(pipeFd[0], &f, sizeof f);
    } while (n < 0 && errno == EINTR);
    close(pipeFd[0]);
    if (n == ssize_t(sizeof f)) {
        int status = 0;
        waitpid(pid, &status, 0);
        const QString why = QString::fromLocal8Bit(strerror(f.error));
        switch (f.step) {
        case StepUnshare:
        case StepUidMap:
            *error = asUser
                         ? Tr::tr("cannot make a private /dev/shm: this kernel does not let a "
                                  "user make a user namespace (%1); run as root, or without "
                                  "--shm")
                               .arg(why)
                         : Tr::tr("cannot make a private /dev/shm: unshare failed (%1)").arg(why);
            break;
        case StepMountPrivate:
        case StepMountTmpfs:
            *error = Tr::tr("cannot mount a private /dev/shm of %1: %2")
                         .arg(formatSize(options.privateShm.value_or(0)), why);
            break;
        case StepChdir:
            *error = Tr::tr("cannot change to %1: %2").arg(options.workDir, why);
            break;
        default:
            *error = Tr::tr("cannot run %1: %2").arg(options.command.first(), why);
        }
        return std::nullopt;
    }
    SpawnedJob job;
    job.pid = pid;
    job.privateShm = options.privateShm.has_value();
    job.userNamespace = job.privateShm && asUser;
    return job;
}

QVector<qint64> JobTree::processes()
{
    QHash<qint64, QVector<qint64>> children;
    const QStringList entries =
        QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    QSet<qint64> alive;
    QVector<qint64> inGroup; // processes still in the job's process group, wherever they went
    for (const QString &e : entries) {
        bool ok = false;
        const qint64 pid = e.toLongLong(&ok);
        if (!ok)
            continue;
        qint64 ppid = 0, pgrp = 0;
        char state = 0;
        if (statOf(pid, &ppid, &state, nullptr, &pgrp) && state != 'Z' && state != 'X') {
            children[ppid].append(pid);
            alive.insert(pid);
            if (pgrp == m_main && pid != m_main)
                inGroup.append(pid);
        }
    }
    QVector<qint64> out;
    QVector<qint64> todo;
    if (alive.contains(m_main))
        todo.append(m_main);
    // Orphans of the job that came back to this process.
    const qint64 self = getpid();
    for (qint64 c : children.value(self))
        if (c != m_main && m_known.contains(c))
            todo.append(c);
    // A process the job left behind in its process group ("(cmd &)", a Popen whose parent
    // exited) is the job's even when it went unseen before its parent died: the group is the
    // job's own (its first process leads it, and lives as long as any member does).
    todo += inGroup;
    QSet<qint64> done;
    while (!todo.isEmpty() && out.size() < 100000) {
        const qint64 p = todo.takeFirst();
        if (done.contains(p))
            continue;
        done.insert(p);
        out.append(p);
        m_known.insert(p);
        for (qint64 c : children.value(p))
            todo.append(c);
    }
    return out;
}

bool JobTree::reap(int *status)
{
    bool mainDone = false;
    int st = 0;
    if (waitpid(pid_t(m_main), &st, WNOHANG) == pid_t(m_main)) {
        mainDone = true;
        *status = st;
    }
    for (qint64 p : std::as_const(m_known))
        if (p != m_main)
            waitpid(pid_t(p), nullptr, WNOHANG); // ECHILD for those that are not children here
    return mainDone;
}

void JobTree::signal(int sig)
{
    kill(-pid_t(m_main), sig);
    for (qint64 p : processes())
        kill(pid_t(p), sig);
}

std::optional<QPair<Bytes, Bytes>> shmUsage(qint64 viewPid)
{
    const QByteArray path = viewPid > 0
                                ? QStringLiteral("/proc/%1/root/dev/shm").arg(viewPid).toLocal8Bit()
                                : QByteArray("/dev/shm");
    struct statvfs s
    {};
    if (statvfs(path.constData(), &s) != 0)
        return std::nullopt;
    const Bytes size = Bytes(s.f_blocks) * s.f_frsize;
    const Bytes used = Bytes(s.f_blocks - s.f_bfree) * s.f_frsize;
    return qMakePair(used, size);
}

JobReading readJob(qint64 viewPid, const QVector<qint64> &pids, bool detailed)
{
    JobReading r;
    if (const auto u = shmUsage(viewPid)) {
        r.shmUsed = u->first;
        r.shmSize = u->second;
    }
    if (!detailed)
        return r;
    QHash<QPair<quint64, quint64>, Bytes> files; // (dev, inode) -> bytes, over the whole job
    for (qint64 pid : pids) {
        ProcessReading p;
        p.pid = pid;
        char state = 0;
        if (!statOf(pid, &p.ppid, &state, &p.name))
            continue;
        const QByteArray rollup = readSmall(QStringLiteral("/proc/%1/smaps_rollup").arg(pid));
        p.rss = kbField(rollup, "\nRss:");
        p.pss = kbField(rollup, "\nPss:");
        p.pssShmem = kbField(rollup, "\nPss_Shmem:");
        p.privateDirty = kbField(rollup, "\nPrivate_Dirty:");
        QSet<QPair<quint64, quint64>> mine;
        const QString fdDir = QStringLiteral("/proc/%1/fd").arg(pid);
        const QStringList fds =
            QDir(fdDir).entryList(QDir::Files | QDir::System | QDir::NoDotAndDotDot);
        for (const QString &fd : fds) {
            const QByteArray link = (fdDir + QLatin1Char('/') + fd).toLocal8Bit();
            char target[4096];
            const ssize_t n = readlink(link.constData(), target, sizeof target - 1);
            if (n <= 9 || strncmp(target, "/dev/shm/", 9) != 0)
                continue;
            struct stat st
            {};
            if (stat(link.constData(), &st) != 0)
                continue;
            const QPair<quint64, quint64> key(quint64(st.st_dev), quint64(st.st_ino));
            const Bytes bytes = Bytes(st.st_blocks) * 512;
            mine.insert(key);
            files[key] = std::max(files.value(key), bytes);
            QString name = QString::fromLocal8Bit(target + 9, int(n - 9));
            if (!name.endsWith(QLatin1String(" (deleted)")) && r.shmNames.size() < 100000)
                r.shmNames.insert(name);
        }
        // Mapped files whose descriptor is closed (file_system sharing).
        const QByteArray maps = readSmall(QStringLiteral("/proc/%1/maps").arg(pid), 64 << 20);
        for (const QByteArray &line : maps.split('\n')) {
            const qsizetype at = line.indexOf(" /dev/shm/");
            if (at < 0)
                continue;
            const QList<QByteArray> f = line.left(at).simplified().split(' ');
            if (f.size() < 5)
                continue;
            const QList<QByteArray> range = f[0].split('-');
            const QList<QByteArray> dev = f[3].split(':');
            if (range.size() != 2 || dev.size() != 2)
                continue;
            const quint64 major = dev[0].toULongLong(nullptr, 16);
            const quint64 minor = dev[1].toULongLong(nullptr, 16);
            const quint64 devNo = makedev(major, minor);
            const QPair<quint64, quint64> key(devNo, f[4].toULongLong());
            const Bytes len = range[1].toULongLong(nullptr, 16) - range[0].toULongLong(nullptr, 16);
            mine.insert(key);
            files[key] = std::max(files.value(key), len);
            QString name = QString::fromLocal8Bit(line.mid(at + 10));
            if (!name.endsWith(QLatin1String(" (deleted)")) && r.shmNames.size() < 100000)
                r.shmNames.insert(name);
        }
        for (const auto &k : mine)
            p.shmHeld += files.value(k);
        p.shmFiles = quint64(mine.size());
        r.processes.append(p);
    }
    for (Bytes b : files)
        r.shmHeld += b;
    if (!pids.isEmpty()) {
        const QByteArray cg = readSmall(QStringLiteral("/proc/%1/cgroup").arg(pids.first()), 65536);
        for (const QByteArray &line : cg.split('\n')) {
            if (!line.startsWith("0::"))
                continue;
            const QString dir = QStringLiteral("/sys/fs/cgroup") + QString::fromUtf8(line.mid(3));
            bool ok = false;
            const Bytes current =
                readSmall(dir + QStringLiteral("/memory.current")).trimmed().toULongLong(&ok);
            if (ok)
                r.cgroupMemory = current;
            const Bytes max =
                readSmall(dir + QStringLiteral("/memory.max")).trimmed().toULongLong(&ok);
            if (ok)
                r.cgroupLimit = max;
        }
    }
    return r;
}

QString signalName(int s)
{
    switch (s) {
    case SIGINT:
        return QStringLiteral("SIGINT");
    case SIGTERM:
        return QStringLiteral("SIGTERM");
    case SIGKILL:
        return QStringLiteral("SIGKILL");
    case SIGBUS:
        return QStringLiteral("SIGBUS");
    case SIGSEGV:
        return QStringLiteral("SIGSEGV");
    case SIGABRT:
        return QStringLiteral("SIGABRT");
    default:
        return QStringLiteral("signal %1").arg(s);
    }
}

} // namespace shmwise
