// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Running a training command and watching it from outside, for `shmwise measure`: the job is
// started in a process group of its own (optionally in a private /dev/shm of a given size), this
// process becomes the subreaper of everything it starts, and /proc is read for the /dev/shm the
// job's processes hold, their memory and their cgroup's. Linux only.

#include "core/size.h"

#include <QHash>
#include <QMap>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace shmwise {

struct JobSpawnOptions
{
    QStringList command; // the program and its arguments; the program is looked up on PATH
    QString workDir;     // empty: this process's
    QMap<QString, QString> environment; // set on top of this process's environment
    std::optional<Bytes> privateShm;    // a tmpfs of this size on /dev/shm, seen only by the job
    bool stdoutToStderr = false;        // the job's stdout goes to this process's stderr
    int outputFd = -1;                  // the job's stdout goes here (before stdoutToStderr)
    int errorFd = -1;                   // and its stderr
};

struct SpawnedJob
{
    qint64 pid = -1;            // the job's first process; also its process group
    bool privateShm = false;    // in a mount namespace of its own with the tmpfs
    bool userNamespace = false; // that namespace is in a user namespace (not root)
};

// Makes this process the subreaper of its descendants for as long as it lives, and puts the
// setting it had back when it goes: a GUI that measured once must not stay one (the orphans of
// its later children, such as ssh's ControlPersist masters, would never be reaped).
class SubreaperScope
{
public:
    SubreaperScope();
    ~SubreaperScope();
    SubreaperScope(const SubreaperScope &) = delete;
    SubreaperScope &operator=(const SubreaperScope &) = delete;

private:
    int m_old = 0;
};

// Starts the job (the caller holds a SubreaperScope for as long as it watches it); the job's
// first process is killed when the thread that started it ends, so a measuring process that
// dies takes its job with it. Fails, with a message naming the step (unshare, mount, exec), when
// the program is not found or the private /dev/shm cannot be made here; nothing is left running.
std::optional<SpawnedJob> spawnJob(const JobSpawnOptions &options, QString *error);

// The processes of a job: its first process, every descendant of it, and those of them that came
// back to this process as their subreaper when their parent died (a daemon started with
// setsid, a worker whose main process crashed). Other children of this process (the GUI's own
// ssh probes) are never touched: only processes once seen as the job's count.
class JobTree
{
public:
    explicit JobTree(qint64 mainPid) : m_main(mainPid) {}
    qint64 mainPid() const { return m_main; }
    // The job's live processes, its first process first when it still runs.
    QVector<qint64> processes();
    // Reaps those that exited. Returns true when the first process exited, with its status.
    bool reap(int *status);
    // Sends `signal` to the job's process group and to every process of the job.
    void signal(int signal);
    // Every process ever seen as the job's.
    const QSet<qint64> &everSeen() const { return m_known; }

private:
    qint64 m_main;
    QSet<qint64> m_known;
};

// One process of the job as /proc shows it.
struct ProcessReading
{
    qint64 pid = 0;
    qint64 ppid = 0;
    QString name;
    Bytes rss = 0;
    Bytes pss = 0;
    Bytes pssShmem = 0;     // of pss, the part that is /dev/shm and other shared memory
    Bytes privateDirty = 0; // pages only it has written: its heap, and what copy-on-read copied
    Bytes shmHeld = 0;      // /dev/shm files it holds open or mapped
    quint64 shmFiles = 0;
};

struct JobReading
{
    double time = 0;
    std::optional<Bytes> shmUsed; // the job's /dev/shm, in use (statvfs)
    std::optional<Bytes> shmSize;
    Bytes shmHeld = 0;      // /dev/shm files the job's processes hold, each counted once
    QSet<QString> shmNames; // names of the files held that still have a name
    QVector<ProcessReading> processes;
    std::optional<Bytes> cgroupMemory;
    std::optional<Bytes> cgroupLimit;
};

// Reads the job: /dev/shm as process `viewPid` sees it (its mount namespace), and, when
// `detailed`, each process's descriptors, maps and memory.
JobReading readJob(qint64 viewPid, const QVector<qint64> &pids, bool detailed);

// /dev/shm's use and size as `viewPid` sees it; nullopt when it cannot be read.
std::optional<QPair<Bytes, Bytes>> shmUsage(qint64 viewPid);

// "SIGKILL" for 9: a signal's name as the job's report gives it.
QString signalName(int signal);

} // namespace shmwise
