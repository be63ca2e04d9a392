// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "probes/findings.h"
#include "probes/probefacts.h"

#include <QByteArray>
#include <QRegularExpression>

#include <vector>

// What the failures diagnoseLog() knows look like in a log, and what they mean: the patterns
// and keywords per id, and each finding's title and fix. The reading itself is LogDiagnoser's.
namespace shmwise::diagnosisrules {

// One class of failure: its finding, the keywords that pick candidate lines and its patterns.
// A pattern left empty is none.
struct Rule
{
    const char *id;
    FindingSeverity severity;
    // What a line must contain (ASCII letters in any case) for the patterns to be tried: every
    // pattern below holds one of them.
    std::vector<QByteArray> keywords;
    QRegularExpression certain;  // the line names the cause
    QRegularExpression likely;   // a sign most often of this cause (a kill signal)
    QRegularExpression possible; // the line names this cause among others, or only hints at it
    // Why a likely or possible match is no more than that (English, for tr() in the context
    // "shmwise::Diagnosis").
    const char *likelyWhy;
    const char *possibleWhy;
};

// Order matters: a line is claimed by the first rule that matches it.
const std::vector<Rule> &rules();
// Lines that matter to the context (a SemLock frame, shared memory named) without a rule.
const std::vector<QByteArray> &contextKeywords();
// What a line with a frame of NCCL's holds (all of them are context keywords).
const std::vector<QByteArray> &ncclFrameKeywords();
// What a line must contain for readShmCharge() to read it (all of them are context keywords).
const std::vector<QByteArray> &shmChargeKeywords();

// EDQUOT without a name of its own ("OSError: [Errno 122] Disk quota exceeded") is /dev/shm's
// quota when it ends a traceback through code that writes shared memory: a SemLock, a
// multiprocessing.shared_memory segment, a tensor moved to shared memory. The frame, the bare
// error, and how many lines may lie between them.
const QRegularExpression &shmWriterFrame();
const QRegularExpression &bareQuotaError();
constexpr qint64 ShmWriterReach = 6;

// Figures the log itself gives beside its findings.
struct LogFigures
{
    Bytes ncclSegment = 0; // the largest /dev/shm segment NCCL named (its "size" or "to N bytes")
    QString ncclVersion;   // "2.18.1", from "NCCL version 2.18.1"
    // NCCL_DEBUG=INFO (ALLOC): "Allocated N bytes of shared memory in /dev/shm/nccl-X", summed.
    Bytes ncclAllocated = 0;
    quint64 ncclAllocations = 0;

    // What the log shows of shared memory charged to a memory limit (the OOM a /dev/shm
    // causes); each figure with the line that gives it (0: not shown). The largest is kept.
    Bytes memoryLimit = 0; // a container's or cgroup's limit: the kernel's, Kubernetes', Docker's
    qint64 memoryLimitLine = 0;
    Bytes shmUsed = 0; // /dev/shm in use, as df or du printed it
    qint64 shmUsedLine = 0;
    qint64 shmWriteLine = 0; // a command that writes into /dev/shm (dd of=/dev/shm/..)
    qint64 emptyDirLine = 0; // a memory-backed emptyDir (medium: Memory)
    Bytes emptyDirSizeLimit = 0;
    // The kernel's shmem-rss of a killed process, and the cgroup's shmem: shared memory, but
    // also System V segments, shared anonymous memory and pinned buffers, never proof of /dev/shm.
    Bytes shmemRss = 0;
    qint64 shmemRssLine = 0;
    Bytes cgroupShmem = 0;
    qint64 cgroupShmemLine = 0;
    // Reading state: the last "limits:" line (the memory line under it is the limit), the last
    // sizeLimit (paired with a medium: Memory a few lines away).
    qint64 limitsLine = 0;
    qint64 cdShmLine = 0;  // "cd /dev/shm": a dd of= a relative name after it writes there
    qint64 mediumLine = 0; // the last medium: Memory
    qint64 sizeLimitLine = 0;
    Bytes sizeLimit = 0;

    // The log shows /dev/shm (or a memory emptyDir) holding memory at all.
    bool shmCharged() const
    {
        return shmUsedLine || shmWriteLine || emptyDirLine || shmemRssLine || cgroupShmemLine;
    }
    // It shows /dev/shm itself filling: written into, or in use for half the memory limit.
    bool shmChargeProven() const
    {
        return shmWriteLine || (shmUsedLine && memoryLimit && shmUsed >= memoryLimit / 2);
    }
};

// Reads one line's figures of shared memory charged to a memory limit into `figures`: df and du
// of /dev/shm, writes into it, memory-backed emptyDirs and their sizeLimit, the kernel's
// shmem-rss and the cgroup's shmem, and the memory limit (kernel, Kubernetes, Docker).
void readShmCharge(const QString &line, qint64 lineNo, LogFigures &figures);

// Fills in a finding's title and fix from its id; facts, when known, sharpen the fix, and so
// do the log's own figures.
void describe(Finding &f, const HostFacts *facts, const LogFigures &figures = {});

} // namespace shmwise::diagnosisrules
