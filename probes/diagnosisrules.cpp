// SPDX-License-Identifier: GPL-3.0-or-later
#include "probes/diagnosisrules_p.h"

#include "core/nccl.h"
#include "probes/diagnosis.h"

#include <QCoreApplication>

#include <algorithm>
#include <limits>

namespace shmwise::diagnosisrules {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::Diagnosis)
};

QRegularExpression anyOf(std::initializer_list<const char *> patterns)
{
    QString joined;
    for (const char *p : patterns) {
        if (!joined.isEmpty())
            joined += QLatin1Char('|');
        joined += QStringLiteral("(?:") + QString::fromUtf8(p) + QLatin1Char(')');
    }
    QRegularExpression re(joined);
    re.optimize();
    return re;
}

QString shmSizeNote(const HostFacts *facts)
{
    if (!facts || !facts->shmSizeBytes)
        return {};
    return QLatin1Char(' ') +
           Tr::tr("/dev/shm on the probed host is %1 (%2 free).")
               .arg(formatSize(*facts->shmSizeBytes),
                    facts->shmFreeBytes ? formatSize(*facts->shmFreeBytes) : Tr::tr("unknown"));
}

} // namespace

// Order matters: a line is claimed by the first rule that matches it, so NCCL's "No space left
// on device" is not also read as /dev/shm's, and "killed by signal: Bus error" is not read as the
// OOM killer's "Killed". Every pattern holds one of the keywords below, which pick the lines
// worth matching at all.
const std::vector<Rule> &rules()
{
    static const std::vector<Rule> r = {
        // EDQUOT on /dev/shm: a per-user tmpfs quota (systemd 258 mounts /dev/shm with
        // usrquota), not a full /dev/shm. First, so PyTorch's "unable to write to file
        // </torch_..>" and NCCL's "failed to extend /dev/shm/nccl-.." are the quota's when the
        // error is EDQUOT. The line must name shared memory: a quota on /home, /tmp or a
        // checkpoint's disk is no finding (a bare error under a shared-memory frame is read by
        // LogDiagnoser, see shmWriterFrame()).
        {diagnosis::ShmQuotaExceeded,
         FindingSeverity::Error,
         anyOf(
             {R"(</?torch_[^>]*>:?\s*(?:Disk quota exceeded|超出磁盘限额))",
              R"((?:Disk quota exceeded|超出磁盘限额)(?:\s*\(122\))?:?\s*'(?:/dev/shm/|/psm_|/mp-|//))",
              R"(/dev/shm/.*(?:Disk quota exceeded|\bEDQUOT\b|超出磁盘限额)(?!.*'(?!/dev/shm/|/psm_|/mp-|//)[^']+'))",
              R"((?:Disk quota exceeded|\bEDQUOT\b|超出磁盘限额)[^'\n]*/dev/shm\b)",
              R"((?:\bshm_open\b|\bSharedMemory\b|\bSemLock\b|shared[ _]memory|共享内存)[^'\n]*(?:Disk quota exceeded|\bEDQUOT\b|超出磁盘限额)(?!.*'(?!/dev/shm/|/psm_|/mp-|//)[^']+'))",
              R"((?:Disk quota exceeded|\bEDQUOT\b|超出磁盘限额)[^'\n]*(?:\bshm_open\b|\bSharedMemory\b|shared[ _]memory|共享内存))"}),
         {}},
        {diagnosis::NcclShm,
         FindingSeverity::Error,
         anyOf({R"(posix_fallocate failed\s*:?\s*No space left on device)",
                R"(failed to extend /dev/shm/nccl-)",
                R"(Error while (?:creating|attaching to) shared memory segment)",
                R"(\bncclShmOpen\b)", R"((?i:nccl|shmutils|transport/shm).*\bshm_open failed)",
                R"(\bshm_open failed.*(?i:nccl))"}),
         {}},
        {diagnosis::CudaOom,
         FindingSeverity::Error,
         anyOf(
             {R"((?i:CUDA out of memory))", R"(torch\.(?:cuda\.)?OutOfMemoryError)",
              R"((?i:CUDA error):?\s*(?i:out of memory))", R"(\bCUDA error 2\b)",
              R"(CUDA_ERROR_OUT_OF_MEMORY|cudaErrorMemoryAllocation)",
              R"(CUBLAS_STATUS_ALLOC_FAILED|CUDNN_STATUS_ALLOC_FAILED)",
              R"(OOM when allocating tensor|ResourceExhaustedError)",
              R"((?:RESOURCE_EXHAUSTED|Resource exhausted):\s*(?i:Out of memory))",
              // XLA's other wordings of an accelerator allocation that failed.
              R"(RESOURCE_EXHAUSTED:\s*(?i:Failed to allocate|Attempting to (?:reserve|allocate)|Ran out of memory|Could not allocate|Error allocating))",
              R"(RESOURCE_EXHAUSTED:.*(?i:on device ordinal|while trying to allocate|HBM))"}),
         {}},
        {diagnosis::ShmExhausted, FindingSeverity::Error,
         anyOf({R"((?i:Unexpected bus error encountered in (?:DataLoader )?worker))",
                R"(killed by signal: Bus error)", R"((?i:insufficient shared memory))",
                R"((?i:out of shared memory|unable to allocate shared memory))",
                R"(unable to write to file </?torch_)",
                R"(unable to mmap \d+ bytes from file </?torch_)",
                R"(No space left on device.*/dev/shm|/dev/shm.*No space left on device)",
                R"(SemLock.*(?:Errno 28|No space left on device))",
                R"((?:Errno 28|No space left on device).*joblib will operate in serial mode)",
                R"(object store is using /tmp instead of /dev/shm)",
                R"(exceeds /dev/shm size|/dev/shm has only \d+ bytes available)",
                R"(Signal 7 \(SIGBUS\)|\bSIGBUS\b|Caught signal 7\b)",
                R"((?i:exit ?code)\s*[:=]?\s*-7\b|return ?code\s*=?\s*-7\b)",
                R"(^[\W\d]*(?:\S+: )?(?:line \d+:\s+)?(?:\d+\s+)?Bus error\b)",
                R"(Bus error\s*\(core dumped\)|task \d+: Bus error)", R"(总线错误)"}),
         // A bus error named in prose, with nothing tying it to shared memory.
         anyOf({R"(\b(?i:bus error)\b)"})},
        {diagnosis::FdExhausted,
         FindingSeverity::Error,
         anyOf({R"(items of ancdata)", R"((?i:Too many open files|Too many files open))",
                R"((?i:\[Errno 24\]|os error 24\b)|\bEMFILE\b)"}),
         {}},
        {diagnosis::DataLoaderTimeout,
         FindingSeverity::Error,
         anyOf({R"(DataLoader timed out after \d+ seconds)",
                R"(Worker timed out after \d+ seconds)", R"(Prefetcher thread timed out)"}),
         {}},
        // Shared-memory files that vanished under a running job: systemd-logind's RemoveIPC
        // at the user's last logout, most often.
        {diagnosis::ShmFilesRemoved,
         FindingSeverity::Error,
         anyOf(
             {R"(could not unlink the shared memory file\s+\S*torch_\S*\s*:\s*No such file)",
              R"(unable to open shared memory object </?torch_[^>]*> in read-write mode:\s*No such file)",
              R"(resource_tracker: '/(?:mp|psm)-?[\w-]*': \[Errno 2\] No such file or directory)",
              R"(could not open shared memory segment "/[^"]+": No such file or directory)",
              R"(FileNotFoundError: (?:\[Errno 2\] [^:']*: )?'/(?:/|psm_)[^'/]+')"}),
         {}},
        // The OOM a /dev/shm causes. It is host-oom's kill in a log that also shows shared
        // memory charged to the limit (readShmCharge(), LogDiagnoser::finish()), certain only
        // where /dev/shm itself is seen filling it. Its own lines: the kernel killing a process
        // that holds much shared memory, a possible cause (shmem-rss also counts System V
        // segments and pinned buffers); never certain from one line.
        {diagnosis::OomFromShm, FindingSeverity::Error, QRegularExpression(QStringLiteral("(?!)")),
         anyOf({R"((?:Killed process|oom-kill:).*\bshmem-rss:\s*[1-9]\d{5,}\s*kB)"})},
        {diagnosis::HostOom,
         FindingSeverity::Error,
         anyOf({R"(Out of memory: Kill(?:ed)? process|invoked oom-killer)",
                R"(Memory cgroup out of memory|\boom-kill:|oom_kill_process)",
                R"(\boom[-_]kill events?\b|task \d+: Out Of Memory)",
                R"(have been OOM Killed|killed by the cgroup out-of-memory handler)",
                R"(\bOOMKilled\b(?!"?\s*:\s*false))",
                R"(killed by signal: Killed|Signal 9 \(SIGKILL\)|Signals\.SIGKILL)",
                R"((?i:exit ?code)\s*[:=]?\s*-9\b|return ?code\s*=?\s*-9\b|\bsignal: killed\b)",
                R"((?i:\bexit(?:ed)?(?: with)?(?: status)? ?(?:code|status)\b)[\s:=(\[{'"]*137\b)",
                // Ray's memory monitor, and Slurm's older memory-limit messages.
                R"(killed due to memory pressure|ray\.exceptions\.OutOfMemoryError)",
                R"(killed due to the node running low on memory)",
                R"((?i:exceeded (?:job |step )?memory limit))", R"(已杀死)", R"(^\W*Killed\W*$)",
                R"((?:^|[\s\]|*>:])Killed\s*$)",
                R"((?:^|:\s+)(?:line \d+:\s+)?\d+\s+Killed\b|^\[\d+\][+-]?\s+Killed\b)",
                R"(DefaultCPUAllocator: (?:can't allocate memory|not enough memory))",
                R"(\[Errno 12\] Cannot allocate memory|\bMemoryError\b)",
                R"(WinError 1455|(?i:os error 1455|paging file is too small)|页面文件太小)"}),
         {}},
        {diagnosis::WorkerCrashed,
         FindingSeverity::Error,
         anyOf(
             {R"(killed by signal: (?:Segmentation fault|Aborted|Illegal instruction))",
              R"(killed by signal: Floating point exception)",
              R"(Signal (?:11|6|4|8) \(SIG(?:SEGV|ABRT|ILL|FPE)\))",
              R"(Signals\.SIG(?:SEGV|ABRT)|terminated with signal SIG(?:SEGV|ABRT))",
              R"((?i:exit ?code)\s*[:=]?\s*-(?:11|6)\b)",
              R"((?i:Unexpected (?:segmentation fault|floating-point exception|illegal instruction|abort(?:ed)?) encountered in (?:DataLoader )?worker))"}),
         {}},
        {diagnosis::WorkerExited,
         FindingSeverity::Warning,
         anyOf({R"(DataLoader worker \(pids?(?:\(s\))? [\d, ]+\) exited unexpectedly)",
                R"(DataLoader \d+ workers? exit unexpectedly)"}),
         {}},
    };
    return r;
}

// What a line must contain (ASCII letters in any case) for each rule's patterns to be tried, in
// the order of rules(): every pattern of a rule holds one of its keywords.
const std::vector<std::vector<QByteArray>> &ruleKeywords()
{
    static const std::vector<std::vector<QByteArray>> k = {
        {"disk quota exceeded", "edquot", "超出磁盘限额"},
        {"posix_fallocate", "/dev/shm/nccl", "shared memory segment", "ncclshmopen",
         "shm_open failed"},
        {"cuda out of memory", "outofmemoryerror", "cuda error", "cuda_error_out_of_memory",
         "cudaerrormemoryallocation", "_status_alloc_failed", "oom when allocating",
         "resourceexhaustederror", "resource_exhausted", "resource exhausted"},
        {"bus error", "insufficient shared memory", "out of shared memory",
         "allocate shared memory", "torch_", "/dev/shm", "semlock", "joblib", "sigbus", "signal 7",
         "exitcode", "exit code", "return code", "returncode", "总线错误"},
        {"ancdata", "too many open files", "too many files open", "errno 24", "os error 24",
         "emfile"},
        {"timed out"},
        {"could not unlink the shared memory", "shared memory object", "resource_tracker",
         "shared memory segment", "filenotfounderror"},
        {"shmem-rss"},
        {"out of memory", "oom", "killed", "sigkill", "exit", "return code", "returncode", "已杀死",
         "allocator", "cannot allocate memory", "memoryerror", "1455", "paging file", "页面文件",
         "memory pressure", "outofmemoryerror", "exceeded"},
        {"killed by signal", "sigsegv", "sigabrt", "sigill", "sigfpe", "exit",
         "encountered in worker", "encountered in dataloader worker"},
        {"exited unexpectedly", "exit unexpectedly"},
    };
    return k;
}

// Lines that matter to the context (a SemLock frame, shared memory named) without a rule.
const std::vector<QByteArray> &contextKeywords()
{
    static const std::vector<QByteArray> k = {
        "semlock", "errno 28", "no space left", "shm", "shared memory", "共享内存",
        // A cancelled Slurm step, a log that speaks of loaders at all, a traceback's loader
        // frame and its bare TimeoutError (diagnosis.cpp reads them as context).
        "cancelled at", "forcing job termination", "dataloader", "worker", "torch",
        "multiprocessing", "timeouterror", "in __next__", "in _next_data",
        // NCCL's release, which names the size of its proxy pool.
        "nccl version", "bytes of shared memory",
        // Frames of code that writes shared memory (a bare EDQUOT under them).
        "shared_memory", "heap.py", "_share_f", "share_memory_",
        // Shared memory charged to a memory limit, and the limit (readShmCharge()).
        "medium", "sizelimit", "limits", "memory:", "--memory", "mem_limit", "of="};
    return k;
}

const std::vector<QByteArray> &shmChargeKeywords()
{
    static const std::vector<QByteArray> k = {"shm",     "medium",   "sizelimit", "limits",
                                              "memory:", "--memory", "mem_limit", "of="};
    return k;
}

const QRegularExpression &shmWriterFrame()
{
    static const QRegularExpression re(QStringLiteral(
        R"(\bSemLock\b|multiprocessing[/\\](?:shared_memory|heap)\.py|)"
        R"(_share_(?:fd|filename)_(?:cpu_)?\b|\bshare_memory_\(|\bshm_open\b|/dev/shm/)"));
    return re;
}

const QRegularExpression &bareQuotaError()
{
    // Not when the line names a file of its own that is not shared memory ('/home/..', 'out/x').
    static const QRegularExpression re(QStringLiteral(
        R"((?:Disk quota exceeded|\bEDQUOT\b|超出磁盘限额)(?!.*'(?!/dev/shm/|/psm_|/mp-|//)[^']+'))"));
    return re;
}

namespace {

// "883M", "1.0G", "2Gi", "8g", "16384000": a size as df -h, du, Kubernetes, Docker or the
// kernel write it, a bare number counting `bareUnit`s. A one-letter suffix is binary (df -h,
// Docker) except in a Kubernetes quantity, where "2G" is 10^9 and "2Gi" 2^30. 0: not a size.
Bytes quantity(const QString &text, Bytes bareUnit, bool kubernetes = false)
{
    static const QRegularExpression re(
        QStringLiteral(R"(^\s*["']?([0-9]+(?:\.[0-9]+)?)\s*([A-Za-z]{0,3})["']?\s*$)"));
    const QRegularExpressionMatch m = re.match(text);
    if (!m.hasMatch())
        return 0;
    const QString unit = m.captured(2);
    long double factor = static_cast<long double>(bareUnit);
    if (!unit.isEmpty()) {
        const qsizetype power =
            QStringLiteral("BKMGTP").indexOf(unit.at(0).toUpper(), 0, Qt::CaseSensitive);
        if (power < 0 || (power == 0 && unit.size() > 1))
            return 0;
        const bool binary = !kubernetes || unit.contains(QLatin1Char('i'));
        factor = 1;
        for (qsizetype i = 0; i < power; ++i)
            factor *= binary ? 1024 : 1000;
    }
    const long double v = m.captured(1).toDouble() * factor;
    if (v >= 1.8e19L)
        return std::numeric_limits<Bytes>::max();
    return static_cast<Bytes>(v);
}

void keepLargest(Bytes value, qint64 lineNo, Bytes &figure, qint64 &line)
{
    if (value > figure || !line) {
        figure = std::max(figure, value);
        line = lineNo;
    }
}

} // namespace

void readShmCharge(const QString &text, qint64 lineNo, LogFigures &fig)
{
    // df of /dev/shm: "shm  1.0G  883M  142M  87% /dev/shm" (-h) or in 1K blocks; du -s.
    static const QRegularExpression df(QStringLiteral(
        R"(^\s*\S+\s+([0-9.]+[KMGTP]?)\s+([0-9.]+[KMGTP]?)\s+([0-9.]+[KMGTP]?)\s+\d+%\s+/dev/shm/?\s*$)"));
    static const QRegularExpression du(QStringLiteral(R"(^\s*([0-9.]+[KMGTP]?)\s+/dev/shm/?\s*$)"));
    // Bulk writes into /dev/shm: dd of=/dev/shm/.., or after "cd /dev/shm" a relative of=.
    static const QRegularExpression write(
        QStringLiteral(R"(\bdd\b.*\bof=/dev/shm/|\bfallocate\b.*\s/dev/shm/\S)"));
    static const QRegularExpression cdShm(QStringLiteral(R"((?:^|[\s$#>;])cd\s+/dev/shm/?\s*$)"));
    static const QRegularExpression ddRelative(QStringLiteral(R"(\bdd\b.*\bof=[^/\s])"));
    static const QRegularExpression medium(
        QStringLiteral(R"(\b[Mm]edium["']?\s*[:=]\s*["']?Memory\b)"));
    static const QRegularExpression sizeLimit(QStringLiteral(
        R"((?i:\bsizeLimit)["']?\s*[:=]\s*(["']?[0-9]+(?:\.[0-9]+)?[A-Za-z]{0,2}["']?))"));
    static const QRegularExpression shmemRss(QStringLiteral(R"(\bshmem-rss:\s*(\d+)\s*kB)"));
    static const QRegularExpression shmemV1(
        QStringLiteral(R"(\bMemory cgroup stats for .*\bshmem:(\d+)KB)"));
    static const QRegularExpression shmemV2(QStringLiteral(R"(^\s*shmem\s+(\d+)\s*$)"));
    static const QRegularExpression kernelLimit(
        QStringLiteral(R"(\bmemory: usage \d+kB, limit (\d+)kB)"));
    static const QRegularExpression limits(QStringLiteral(R"(^\s*(?:-\s*)?[Ll]imits:\s*$)"));
    static const QRegularExpression limitMemory(
        QStringLiteral(R"(^\s*[Mm]emory:\s*(["']?[0-9]+(?:\.[0-9]+)?[A-Za-z]{0,2}["']?)\s*$)"));
    static const QRegularExpression inlineLimit(QStringLiteral(
        R"(\blimits["']?\s*:\s*\{[^}]*\bmemory["']?\s*:\s*(["']?[0-9]+(?:\.[0-9]+)?[A-Za-z]{0,2}["']?))"));
    static const QRegularExpression dockerLimit(QStringLiteral(
        R"((?:--memory[= ]\s*|\bmem_limit:\s*)(["']?[0-9]+(?:\.[0-9]+)?[bkmgBKMG]?[bB]?["']?)(?![\w.]))"));
    // Pairing lines a few apart (a YAML block, kubectl describe's Volumes and Limits).
    constexpr qint64 Near = 4;

    if (QRegularExpressionMatch m = df.match(text); m.hasMatch()) {
        const Bytes used = quantity(m.captured(2), KiB);
        if (used >= 64 * MiB)
            keepLargest(used, lineNo, fig.shmUsed, fig.shmUsedLine);
    } else if (QRegularExpressionMatch u = du.match(text); u.hasMatch()) {
        const Bytes used = quantity(u.captured(1), KiB);
        if (used >= 64 * MiB)
            keepLargest(used, lineNo, fig.shmUsed, fig.shmUsedLine);
    }
    if (!fig.shmWriteLine &&
        (write.match(text).hasMatch() ||
         (fig.cdShmLine && lineNo - fig.cdShmLine <= Near && ddRelative.match(text).hasMatch())))
        fig.shmWriteLine = lineNo;
    if (cdShm.match(text).hasMatch())
        fig.cdShmLine = lineNo;
    if (medium.match(text).hasMatch()) {
        if (!fig.emptyDirLine)
            fig.emptyDirLine = lineNo;
        fig.mediumLine = lineNo;
        if (fig.sizeLimitLine && lineNo - fig.sizeLimitLine <= Near)
            fig.emptyDirSizeLimit = std::max(fig.emptyDirSizeLimit, fig.sizeLimit);
    }
    if (QRegularExpressionMatch m = sizeLimit.match(text); m.hasMatch()) {
        fig.sizeLimit = quantity(m.captured(1), 1, true);
        fig.sizeLimitLine = lineNo;
        if (fig.mediumLine && lineNo - fig.mediumLine <= Near)
            fig.emptyDirSizeLimit = std::max(fig.emptyDirSizeLimit, fig.sizeLimit);
    }
    if (QRegularExpressionMatch m = shmemRss.match(text); m.hasMatch()) {
        const Bytes rss = m.captured(1).toULongLong() * KiB;
        if (rss >= 100000 * KiB)
            keepLargest(rss, lineNo, fig.shmemRss, fig.shmemRssLine);
    }
    QRegularExpressionMatch cg = shmemV1.match(text);
    const Bytes cgUnit = cg.hasMatch() ? KiB : 1;
    if (!cg.hasMatch())
        cg = shmemV2.match(text);
    if (cg.hasMatch()) {
        const Bytes shmem = cg.captured(1).toULongLong() * cgUnit;
        if (shmem >= 100000 * KiB)
            keepLargest(shmem, lineNo, fig.cgroupShmem, fig.cgroupShmemLine);
    }
    Bytes limit = 0;
    if (QRegularExpressionMatch m = kernelLimit.match(text); m.hasMatch())
        limit = m.captured(1).toULongLong() * KiB;
    else if (QRegularExpressionMatch i = inlineLimit.match(text); i.hasMatch())
        limit = quantity(i.captured(1), 1, true);
    else if (QRegularExpressionMatch d = dockerLimit.match(text); d.hasMatch())
        limit = quantity(d.captured(1), 1);
    else if (fig.limitsLine && lineNo - fig.limitsLine <= Near)
        if (QRegularExpressionMatch l = limitMemory.match(text); l.hasMatch())
            limit = quantity(l.captured(1), 1, true);
    if (limits.match(text).hasMatch())
        fig.limitsLine = lineNo;
    if (limit) {
        fig.memoryLimit = limit;
        fig.memoryLimitLine = lineNo;
    }
}

namespace {

// What the size NCCL asked for says, from NCCL's source: how many SHM-transport connections, or
// which release's proxy pool; empty when the log names no size.
QString ncclSegmentNote(const LogFigures &figures)
{
    if (!figures.ncclSegment)
        return {};
    const nccl::SegmentReading r = nccl::readSegment(figures.ncclSegment, figures.ncclVersion);
    const QString size = QStringLiteral("%1 (%2 bytes)")
                             .arg(formatSize(figures.ncclSegment))
                             .arg(figures.ncclSegment);
    QString what;
    switch (r.kind) {
    case nccl::Segment::Connection:
        what = r.connections == 1
                   ? Tr::tr("the buffers of one SHM-transport connection on one channel at "
                            "NCCL's default sizes (4096 + LL 524288 + LL128 4915200 + SIMPLE "
                            "4194304 bytes), which the receiving side allocates. NCCL uses that "
                            "transport between GPUs of one host that cannot reach each other "
                            "directly (no P2P, or NCCL_P2P_DISABLE=1), one such segment per "
                            "channel, per peer and per direction, so a node needs many of them "
                            "at once")
                   : Tr::tr("the buffers of %1 SHM-transport connections at NCCL's default "
                            "sizes (9637888 bytes each), used between GPUs of one host that "
                            "cannot reach each other directly")
                         .arg(r.connections);
        break;
    case nccl::Segment::ProxyPool:
        what = Tr::tr("the proxy's operations pool of NCCL %1, which NCCL creates in /dev/shm "
                      "whole for each process with network connections (between nodes, or within "
                      "one when P2P and SHM are not used); the last local rank to attach unlinks "
                      "it, so `ls /dev/shm` may not show it")
                   .arg(r.releases);
        break;
    case nccl::Segment::Unknown:
        return QLatin1Char(' ') + Tr::tr("NCCL asked for %1 in /dev/shm.").arg(size);
    }
    return QLatin1Char(' ') + Tr::tr("NCCL asked for %1: %2.").arg(size, what);
}

// What NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=ALLOC showed NCCL allocating before it failed.
QString ncclAllocatedNote(const LogFigures &figures)
{
    if (!figures.ncclAllocations)
        return {};
    return QLatin1Char(' ') +
           (figures.ncclAllocations == 1
                ? Tr::tr("Before that, NCCL's INFO lines show one segment of %1 allocated in "
                         "/dev/shm.")
                      .arg(formatSize(figures.ncclAllocated))
                : Tr::tr("Before that, NCCL's INFO lines show %1 allocated in /dev/shm in %2 "
                         "segments.")
                      .arg(formatSize(figures.ncclAllocated))
                      .arg(figures.ncclAllocations));
}

// What the log shows of the memory limit and of the shared memory charged to it.
QString shmChargeNote(const LogFigures &fig)
{
    QStringList parts;
    if (fig.memoryLimitLine)
        parts << Tr::tr("The log names a memory limit of %1 (line %2).")
                     .arg(formatSize(fig.memoryLimit))
                     .arg(fig.memoryLimitLine);
    if (fig.shmUsedLine) {
        parts << Tr::tr("df or du shows %1 in /dev/shm (line %2).")
                     .arg(formatSize(fig.shmUsed))
                     .arg(fig.shmUsedLine);
        if (fig.memoryLimit && fig.shmUsed < fig.memoryLimit)
            parts << Tr::tr("Of the %1 limit, that leaves %2 for the job's own memory.")
                         .arg(formatSize(fig.memoryLimit),
                              formatSize(fig.memoryLimit - fig.shmUsed));
        else if (fig.memoryLimit)
            parts << Tr::tr("That alone fills the %1 limit.").arg(formatSize(fig.memoryLimit));
    }
    if (fig.shmWriteLine)
        parts << Tr::tr("Line %1 writes into /dev/shm.").arg(fig.shmWriteLine);
    if (fig.emptyDirLine)
        parts << (fig.emptyDirSizeLimit
                      ? Tr::tr("Line %1 has a memory-backed emptyDir (medium: Memory) with a "
                               "sizeLimit of %2.")
                            .arg(fig.emptyDirLine)
                            .arg(formatSize(fig.emptyDirSizeLimit))
                      : Tr::tr("Line %1 has a memory-backed emptyDir (medium: Memory).")
                            .arg(fig.emptyDirLine));
    if (fig.shmemRssLine)
        parts << Tr::tr("The killed process held %1 of shared memory (shmem-rss, line %2); that "
                        "figure also counts System V segments, shared anonymous memory and "
                        "pinned buffers, not only /dev/shm.")
                     .arg(formatSize(fig.shmemRss))
                     .arg(fig.shmemRssLine);
    if (fig.cgroupShmemLine)
        parts << Tr::tr("The cgroup held %1 of shmem (line %2), which also counts System V "
                        "segments and pinned buffers.")
                     .arg(formatSize(fig.cgroupShmem))
                     .arg(fig.cgroupShmemLine);
    return parts.isEmpty() ? QString() : QLatin1Char(' ') + parts.join(QLatin1Char(' '));
}

} // namespace

void describe(Finding &f, const HostFacts *facts, const LogFigures &figures)
{
    const QString id = f.id;
    if (id == QLatin1String(diagnosis::ShmExhausted)) {
        f.title = Tr::tr("/dev/shm ran out (DataLoader workers, multiprocessing and Ray share "
                         "memory through it)");
        f.fix = Tr::tr("Give the job a larger /dev/shm (the wizard's Workload page or `shmwise "
                       "plan` sizes it for the job; the setting is docker --shm-size, a Kubernetes "
                       "emptyDir with medium: Memory, or a remount of /dev/shm), "
                       "or lower num_workers, prefetch_factor or batch_size. The file_system "
                       "sharing strategy does not help: it uses /dev/shm too.") +
                shmSizeNote(facts);
        if (f.possible)
            f.fix += QLatin1Char(' ') +
                     Tr::tr("Only a bus error is named here: check that /dev/shm was full (df -h "
                            "/dev/shm while the job runs) before resizing it.");
    } else if (id == QLatin1String(diagnosis::FdExhausted)) {
        f.title = Tr::tr("The open-files limit ran out (one descriptor per shared tensor)");
        f.fix = Tr::tr("Raise ulimit -n (limits.d, or docker --ulimit nofile=N:N), or call "
                       "torch.multiprocessing.set_sharing_strategy('file_system') at import time "
                       "(module level, so spawned workers get it too).");
        if (facts && facts->nofileSoft)
            f.fix += QLatin1Char(' ') +
                     Tr::tr("ulimit -n on the probed host is %1.").arg(*facts->nofileSoft);
    } else if (id == QLatin1String(diagnosis::WorkerExited)) {
        f.title = Tr::tr("A DataLoader worker exited without a named signal");
        f.fix = Tr::tr("The log does not say why. Look above the traceback for the worker's own "
                       "error, run once with num_workers=0 to see it in the main process, and "
                       "check the kernel log (dmesg) for the OOM killer.");
    } else if (id == QLatin1String(diagnosis::WorkerCrashed)) {
        f.title = Tr::tr("A worker crashed in its own code (SIGSEGV or SIGABRT), not for memory");
        f.fix = Tr::tr("A segmentation fault or abort is a bug in the worker's code or a native "
                       "library it calls (image decoders, OpenCV threads, a C extension). A "
                       "larger /dev/shm does not help. Run once with num_workers=0 to get the "
                       "real traceback, enable faulthandler (python -X faulthandler), and check "
                       "the dataset code for the failing sample.");
    } else if (id == QLatin1String(diagnosis::DataLoaderTimeout)) {
        f.title = Tr::tr("The data loader timed out waiting for a batch");
        f.fix = Tr::tr("A worker hung or was too slow for the loader's timeout. Raise timeout "
                       "(or leave it at 0), and look for a worker stuck on I/O or on too few open "
                       "files (which can hang the main process until the timeout fires).");
    } else if (id == QLatin1String(diagnosis::NcclShm)) {
        f.title = Tr::tr("NCCL could not allocate its shared memory in /dev/shm");
        f.fix =
            Tr::tr("NCCL's intra-node transport allocates in /dev/shm next to the DataLoader: "
                   "give the job a larger /dev/shm (or --ipc=host). NCCL_SHM_DISABLE=1 turns the "
                   "transport off at a speed cost; NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=ALLOC shows "
                   "what it allocates.") +
            ncclSegmentNote(figures) + ncclAllocatedNote(figures) + shmSizeNote(facts);
    } else if (id == QLatin1String(diagnosis::ShmFilesRemoved)) {
        f.title = Tr::tr("Shared-memory files vanished while the job was running");
        f.fix = Tr::tr("Something removed the job's files in /dev/shm (or its System V IPC) "
                       "under it. Most often it is systemd-logind: with RemoveIPC=yes, the "
                       "default, it removes a user's shared memory when their last session "
                       "ends, so a job started over SSH with nohup, screen or tmux, or by mpirun, "
                       "loses it at logout. Keep it with loginctl enable-linger USER, run the "
                       "job as a system user or a service (systemd-run, Slurm), or set "
                       "RemoveIPC=no in /etc/systemd/logind.conf and restart systemd-logind; "
                       "`shmwise probe` says whether the host removes it. Otherwise look for a "
                       "cleaner of /dev/shm (a cron job, another job's rm) or a container that "
                       "was restarted. A larger /dev/shm does not help.");
    } else if (id == QLatin1String(diagnosis::CudaOom)) {
        f.title = Tr::tr("The GPU ran out of memory (not a /dev/shm problem)");
        f.fix = Tr::tr("This is GPU memory: a larger /dev/shm does not help. Lower the batch size, "
                       "use mixed precision or gradient checkpointing, or free cached tensors.");
    } else if (id == QLatin1String(diagnosis::ShmQuotaExceeded)) {
        f.title = Tr::tr("A per-user quota on /dev/shm refused the write (EDQUOT), though df may "
                         "show room");
        f.fix = Tr::tr("The write failed with EDQUOT (\"Disk quota exceeded\", errno 122): "
                       "/dev/shm is mounted with a per-user quota, so this user may write no "
                       "more while df still shows free space. systemd 258 and later mount "
                       "/dev/shm with usrquota where the kernel supports it (Linux 6.6+) and "
                       "give each regular user 80% of it (devShmLimit in the user record). See "
                       "the limit and the use with `quota -u USER` (as root: `repquota "
                       "/dev/shm`) and the mount options (usrquota, "
                       "usrquota_block_hardlimit) with `findmnt /dev/shm`; `shmwise probe` "
                       "reports both. To lift it: as root, setquota -u USER 0 LIMIT 0 0 "
                       "/dev/shm (until the next login sets it again); for good, the user "
                       "record's devShmLimit, or /dev/shm remounted without usrquota or with a "
                       "larger usrquota_block_hardlimit. Root and system users are not held to "
                       "it, so a service account can run the job; or size the job to what the "
                       "quota leaves. A larger /dev/shm helps only as far as the user's share "
                       "grows with it.");
        if (facts && facts->shmQuotaHardBytes && *facts->shmQuotaHardBytes)
            f.fix += QLatin1Char(' ') +
                     Tr::tr("On the probed host this user's quota on /dev/shm is %1 (%2 in use).")
                         .arg(formatSize(*facts->shmQuotaHardBytes),
                              facts->shmQuotaUsedBytes ? formatSize(*facts->shmQuotaUsedBytes)
                                                       : Tr::tr("unknown"));
    } else if (id == QLatin1String(diagnosis::OomFromShm)) {
        f.title = Tr::tr("Killed for memory, with /dev/shm's pages counted in the memory limit");
        f.fix = Tr::tr("Pages in /dev/shm, and in a memory-backed emptyDir, are charged to the "
                       "memory cgroup of the process that wrote them and count toward the "
                       "container's limit like its own memory, so a job that fills them is "
                       "OOM-killed (\"Killed\", exit code 137, OOMKilled) before it sees a Bus "
                       "error. The memory limit must hold the job's own memory plus its /dev/shm: "
                       "raise it by what /dev/shm needs (`shmwise plan` sizes it; docker "
                       "--memory, resources.limits.memory, a Slurm job's --mem), or keep less "
                       "there: fewer DataLoader workers, a smaller prefetch_factor or batch_size, "
                       "no files left behind by crashed runs (`shmwise clean`). A larger /dev/shm "
                       "alone does not help.") +
                shmChargeNote(figures);
        if (figures.emptyDirLine)
            f.fix += QLatin1Char(' ') +
                     Tr::tr("In Kubernetes a memory emptyDir outlives the container: its files "
                            "survive a restart and are charged again, so the kill repeats on "
                            "every restart (kubernetes/kubernetes#128339) until they are deleted "
                            "or the pod is recreated. Give limits.memory room for the emptyDir's "
                            "sizeLimit on top of the job's own memory.");
        if (f.possible)
            f.fix += QLatin1Char(' ') +
                     Tr::tr("The log does not show /dev/shm itself filling the limit: compare df "
                            "-h /dev/shm with the limit (memory.max, kubectl describe pod) while "
                            "the job runs before acting on it.");
        if (facts && facts->memoryLimitBytes)
            f.fix += QLatin1Char(' ') + Tr::tr("The probed host's cgroup memory limit is %1.")
                                            .arg(formatSize(*facts->memoryLimitBytes));
    } else if (id == QLatin1String(diagnosis::HostOom)) {
        f.title = Tr::tr("A process was killed for memory: RAM or the cgroup limit, not /dev/shm");
        f.fix =
            Tr::tr("The OOM killer or a memory limit ended it. A larger /dev/shm does not help "
                   "and inside a memory-limited container makes the kill come sooner (its pages "
                   "count against the limit). Raise the memory limit (or the Windows paging "
                   "file) or lower memory use: fewer workers, smaller batches.");
        if (facts && facts->memoryLimitBytes)
            f.fix += QLatin1Char(' ') + Tr::tr("The probed host's cgroup memory limit is %1.")
                                            .arg(formatSize(*facts->memoryLimitBytes));
    }
}

} // namespace shmwise::diagnosisrules
