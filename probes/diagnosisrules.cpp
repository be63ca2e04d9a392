// SPDX-License-Identifier: GPL-3.0-or-later
#include "probes/diagnosisrules_p.h"

#include "core/nccl.h"
#include "probes/diagnosis.h"

#include <QCoreApplication>

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
        "nccl version", "bytes of shared memory"};
    return k;
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
