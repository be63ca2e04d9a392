// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What in a /dev/shm folder is provably ours to delete, and deleting it safely. One rule for
// `shmwise measure` (the files the measured job made and left) and `shmwise clean` (files no
// process holds, owned by the caller, old enough): a name alone or a PID alone is never proof.
//
// A file is removed only when, just before its unlinkat():
//   - it is a regular file directly in the folder, opened with O_NOFOLLOW (no link, FIFO,
//     device or folder is ever opened for reading or removed);
//   - it is the same inode that was listed, owned by the caller (root: anyone);
//   - no process on this host holds it open or maps it (every /proc/PID/fd and maps that can be
//     read), and a write lease on it is granted, which the kernel refuses while any other open
//     file refers to it, and which is checked again right before the unlink;
//   - its provenance is proven: made by the job (the creator's PID from fanotify, or the PID in
//     PyTorch's `torch_<PID>_` name while that PID was a live process of the job), or, for
//     `clean`, unchanged for at least the age asked.
// Anything else is left alone, with the reason. Linux only.

#include "core/size.h"

#include <QHash>
#include <QPair>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QVector>

#include <functional>
#include <memory>
#include <optional>

namespace shmwise {

using FileKey = QPair<quint64, quint64>; // (st_dev, st_ino)

// A file a caller wants removed, as it was listed.
struct ShmCandidate
{
    QString name; // a name directly in the folder (no '/')
    FileKey key{0, 0};
    Bytes allocated = 0;
    // Why it is ours: "job" (made by the measured job) or "leaked" (clean's rule).
    QString provenance;
};

struct RemovalPolicy
{
    // Files of other owners are left unless the caller is root.
    uint callerUid = 0;
    // Files modified or changed more recently than this are left (clean's --older-than);
    // nullopt: no age is asked (measure's own files).
    std::optional<qint64> olderThanSeconds;
    // Only list what would be removed, after the same checks.
    bool dryRun = false;
};

struct RemovalOutcome
{
    QString name;
    Bytes allocated = 0;
    bool removed = false; // removed (or, in a dry run, would be)
    QString reason;       // why it was left; empty when removed
};

// The (dev, inode) of every file under `folder` that a process on this host holds open or maps,
// with the first holder's PID; from /proc, as far as it can be read.
QHash<FileKey, qint64> shmHolders(const QString &folder);

// Removes the candidates from `folder` that pass every check above, at the moment of removal.
QVector<RemovalOutcome> removeShmFiles(const QString &folder,
                                       const QVector<ShmCandidate> &candidates,
                                       const RemovalPolicy &policy);

// A file directly in the folder, as listed for `clean`.
struct ShmListing
{
    QString name;
    FileKey key{0, 0};
    Bytes allocated = 0;
    Bytes length = 0;
    uint uid = 0;
    qint64 ageSeconds = 0; // since its last modification or change, whichever is later
    bool regular = false;
    qint64 holder = 0; // a PID that holds or maps it; 0: none
};

// Every entry directly in `folder`, without a cap; `error` says why it could not be read.
QVector<ShmListing> listShmFolder(const QString &folder, QString *error);

// Watches a folder for files made in it from now on, and who made them. With fanotify (root,
// Linux 5.9+, a tmpfs that reports a file system id) each creation names its process; without
// it inotify names the files only. A queue overflow is remembered: then no file made during
// the watch is provably the job's, and none is removed.
class ShmCreationWatch
{
public:
    explicit ShmCreationWatch(const QString &folder);
    ~ShmCreationWatch();
    ShmCreationWatch(const ShmCreationWatch &) = delete;
    ShmCreationWatch &operator=(const ShmCreationWatch &) = delete;

    bool active() const;
    bool knowsCreators() const; // fanotify: each creation carries its process
    bool overflowed() const { return m_overflow; }
    QString method() const; // "fanotify", "inotify" or empty
    QString error() const { return m_error; }

    // Reads what was made since the last call; `isJobProcess(pid)` tells whether a process
    // is now one of the job's (alive, in its tree, the same process as first seen).
    void poll(const std::function<bool(qint64)> &isJobProcess);

    // The files made during the watch whose making is proven to be the job's, by name.
    QVector<ShmCandidate> jobFiles() const;
    // Files made during the watch that are not proven the job's (reported, never removed).
    QStringList unprovenFiles() const;

private:
    struct Made
    {
        FileKey key{0, 0};
        bool byJob = false;
        QString why; // when not by the job
    };
    void record(const QString &name, qint64 creator, const std::function<bool(qint64)> &isJob);

    QString m_folder;
    int m_fan = -1;
    int m_ino = -1;
    int m_dirFd = -1;
    bool m_overflow = false;
    QString m_error;
    QHash<QString, Made> m_made;
};

} // namespace shmwise
