// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// `shmwise clean` on another host (ssh://, docker://, k8s://): resources/clean/shmclean.py, the
// Python side of the rule of probes/shmowner.h (the same code `measure` removes a job's files
// with over SSH), is sent through the probe's shell (probeCommand()), written to a temporary
// folder there, run by the host's python3 and removed; nothing is installed. What it says is
// untrusted: read line by line, each line and the number of files bounded, every field checked.

#include "core/size.h"
#include "probes/probetarget.h"

#include <QByteArray>
#include <QString>
#include <QVector>

namespace shmwise {

// Files listed by one run at most (the host's script stops there too, and counts the rest).
constexpr qint64 MaxCleanFiles = 1000000;

struct CleanOptions
{
    QString dir = QStringLiteral("/dev/shm"); // the host's folder
    qint64 olderThanSeconds = 600;
    bool dryRun = true;
};

// A file clean listed: removed (in a dry run: would be), or left with the reason.
struct CleanedFile
{
    QString name;
    Bytes allocated = 0;
    qint64 ageSeconds = 0;
    bool removed = false;
    QString reason; // translated; empty when removed
};

// What one run of clean did, on this computer or on a host: printed by one code in app/.
struct CleanResult
{
    QVector<CleanedFile> files;
    // Not considered: held by a process, other owners, changed within the age, not regular.
    int held = 0;
    Bytes heldBytes = 0;
    int otherOwners = 0;
    int younger = 0;
    int notRegular = 0;
    qint64 notListed = 0;         // over MaxCleanFiles: neither listed nor removed
    int unreadableProcesses = -1; // processes whose files could not be read; -1: not counted
    int badLines = 0;             // lines from the host that were not the script's
    QString error;                // translated; the run failed (what was listed is still kept)
};

// The shell script sent to the target's `sh -s`: the Python program and its arguments, nothing
// else (for tests).
QByteArray remoteCleanScript(const CleanOptions &options);

// Reads the script's output as it comes; bounded in every way.
class RemoteCleanReader
{
public:
    explicit RemoteCleanReader(const QString &where, qint64 maxFiles = MaxCleanFiles);
    void feed(const QByteArray &bytes);
    // The end of the output: the result, with an error when the script's summary never came.
    CleanResult finish();
    bool sawSummary() const { return m_summary; }
    bool sawAnything() const { return m_any; }

private:
    void line(const QByteArray &line);

    QString m_where; // the target, for messages
    qint64 m_maxFiles;
    QByteArray m_pending;
    bool m_skipping = false;
    bool m_summary = false;
    bool m_any = false;
    QString m_dir; // the folder's real path on the host, as the script said
    qint64 m_unlisted = 0;
    CleanResult m_result;
};

// Runs clean on `target` (not local: this computer uses probes/shmowner directly). The run gives
// up when the host says nothing for `probe.timeoutMs` (the script says it is alive every 2 s
// while it scans).
CleanResult runRemoteClean(const Target &target, const ProbeOptions &probe,
                           const CleanOptions &options);

} // namespace shmwise
