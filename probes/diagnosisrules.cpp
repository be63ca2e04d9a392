// SPDX-License-Identifier: GPL-3.0-or-later
#include "probes/diagnosisrules_p.h"

#include "probes/diagnosis.h"

#include <QCoreApplication>

namespace shmwise::diagnosisrules {

namespace {

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

} // namespace

// One row per finding: its keywords, which pick the lines worth matching at all (every pattern of
// the row holds one of them), and its patterns at three certainties. Adding a class of failure is
// adding a row (and its logs to tests/data/logs/real).
//
// Order matters: a line is claimed by the first row that matches it, so NCCL's "No space left on
// device" is not also read as /dev/shm's, and "killed by signal: Bus error" is not read as the
// OOM killer's "Killed". Within a row, certain patterns are tried first.
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
         {"disk quota exceeded", "edquot", "超出磁盘限额"},
         anyOf(
             {R"(</?torch_[^>]*>:?\s*(?:Disk quota exceeded|超出磁盘限额))",
              R"((?:Disk quota exceeded|超出磁盘限额)(?:\s*\(122\))?:?\s*'(?:/dev/shm/|/psm_|/mp-|//))",
              R"(/dev/shm/.*(?:Disk quota exceeded|\bEDQUOT\b|超出磁盘限额)(?!.*'(?!/dev/shm/|/psm_|/mp-|//)[^']+'))",
              R"((?:Disk quota exceeded|\bEDQUOT\b|超出磁盘限额)[^'\n]*/dev/shm\b)",
              R"((?:\bshm_open\b|\bSharedMemory\b|\bSemLock\b|shared[ _]memory|共享内存)[^'\n]*(?:Disk quota exceeded|\bEDQUOT\b|超出磁盘限额)(?!.*'(?!/dev/shm/|/psm_|/mp-|//)[^']+'))",
              R"((?:Disk quota exceeded|\bEDQUOT\b|超出磁盘限额)[^'\n]*(?:\bshm_open\b|\bSharedMemory\b|shared[ _]memory|共享内存))"}),
         {},
         {},
         nullptr,
         nullptr},
        {diagnosis::NcclShm,
         FindingSeverity::Error,
         {"posix_fallocate", "/dev/shm/nccl", "shared memory segment", "ncclshmopen",
          "shm_open failed"},
         anyOf({R"(posix_fallocate failed\s*:?\s*No space left on device)",
                R"(failed to extend /dev/shm/nccl-)",
                R"(Error while (?:creating|attaching to) shared memory segment)",
                R"(\bncclShmOpen\b)", R"((?i:nccl|shmutils|transport/shm).*\bshm_open failed)",
                R"(\bshm_open failed.*(?i:nccl))"}),
         {},
         {},
         nullptr,
         nullptr},
        // Out of memory on the accelerator, whichever it is: CUDA, ROCm's HIP, Ascend's NPU,
        // Apple's MPS, Intel's XPU, TPUs through XLA.
        {diagnosis::CudaOom,
         FindingSeverity::Error,
         {"out of memory", "outofmemoryerror", "cuda error", "cuda_error_out_of_memory",
          "cudaerrormemoryallocation", "_status_alloc_failed", "oom when allocating",
          "resourceexhaustederror", "resource_exhausted", "resource exhausted", "hip error",
          "hiperroroutofmemory", "rtmalloc", "el0004", "memory space hbm", "hbm capacity",
          "attempting to reserve"},
         anyOf(
             {R"((?i:\b(?:CUDA|HIP|NPU|XPU|MLU|MUSA|GCU) out of memory))",
              R"((?i:MPS backend out of memory))", R"(torch\.(?:cuda\.)?OutOfMemoryError)",
              R"((?i:(?:CUDA|HIP) error):?\s*(?i:out of memory))", R"(\bCUDA error 2\b)",
              R"(CUDA_ERROR_OUT_OF_MEMORY|cudaErrorMemoryAllocation|hipErrorOutOfMemory)",
              R"(CUBLAS_STATUS_ALLOC_FAILED|CUDNN_STATUS_ALLOC_FAILED)",
              R"(OOM when allocating tensor|ResourceExhaustedError)",
              R"((?:RESOURCE_EXHAUSTED|Resource exhausted):\s*(?i:Out of memory))",
              // XLA's other wordings of an accelerator allocation that failed.
              R"(RESOURCE_EXHAUSTED:\s*(?i:Failed to allocate|Attempting to (?:reserve|allocate)|Ran out of memory|Could not allocate|Error allocating))",
              R"(RESOURCE_EXHAUSTED:.*(?i:on device ordinal|while trying to allocate|HBM))",
              // A TPU's HBM: at compile time, or a program that could not be placed.
              R"(Ran out of memory in memory space hbm|Exceeded hbm capacity)",
              R"(Attempting to reserve \S+ at the bottom of memory\. That was not possible)",
              // Ascend's runtime: aclrtMalloc / rtMalloc failing, its error code EL0004.
              R"(\b(?:acl)?rtMalloc\w*\b.*(?i:fail|error|out of memory))",
              R"(\bEL0004\b.*(?i:allocate memory))"}),
         {},
         {},
         nullptr,
         nullptr},
        // /dev/shm, or a shared-memory segment in it, ran out: PyTorch's DataLoader and tensor
        // sharing, multiprocessing, joblib, Ray's object store, model servers (vLLM, Triton's
        // Python backend), PostgreSQL's dynamic shared memory.
        {diagnosis::ShmExhausted,
         FindingSeverity::Error,
         {"bus error", "insufficient shared memory", "out of shared memory",
          "allocate shared memory", "torch_", "/dev/shm", "semlock", "joblib", "sigbus", "signal 7",
          "exitcode", "exit code", "return code", "returncode", "总线错误", "shared memory segment",
          "shared memory pool", "shared memory key"},
         anyOf(
             {R"((?i:Unexpected bus error encountered in (?:DataLoader )?worker))",
              R"(killed by signal: Bus error)", R"((?i:insufficient shared memory))",
              R"((?i:out of shared memory|unable to allocate shared memory))",
              R"(unable to write to file </?torch_)",
              R"(unable to mmap \d+ bytes from file </?torch_)",
              R"(No space left on device.*/dev/shm|/dev/shm.*No space left on device)",
              R"(SemLock.*(?:Errno 28|No space left on device))",
              R"((?:Errno 28|No space left on device).*joblib will operate in serial mode)",
              // Ray's object store; vLLM's check before it starts.
              R"(object store is using /tmp instead of /dev/shm)",
              R"(exceeds /dev/shm size|/dev/shm has only \d+ bytes available)",
              R"((?i:memory request exceeds memory available in /dev/shm))",
              R"((?i:insufficient (?:space|memory) (?:in|on|for) /dev/shm))",
              // Triton's Python backend, both forms (before and since r25.07), and its stub.
              R"(Failed to increase the shared memory pool size)",
              R"(Unable to initialize shared memory key\b.*\bto requested size)",
              // PostgreSQL's dynamic shared memory (its line never says /dev/shm).
              R"(could not (?:resize|allocate) shared memory segment\b.*(?:No space left on device|Errno 28))",
              R"(Signal 7 \(SIGBUS\)|\bSIGBUS\b|Caught signal 7\b)",
              R"((?i:exit ?code)\s*[:=]?\s*-7\b|return ?code\s*=?\s*-7\b)",
              R"(^[\W\d]*(?:\S+: )?(?:line \d+:\s+)?(?:\d+\s+)?Bus error\b)",
              R"(Bus error\s*\(core dumped\)|task \d+: Bus error)", R"(总线错误)"}),
         {},
         // A bus error named in prose, with nothing tying it to shared memory.
         anyOf({R"(\b(?i:bus error)\b)"}),
         nullptr,
         QT_TRANSLATE_NOOP("shmwise::Diagnosis",
                           "Only a bus error is named, and nothing in the log ties it to shared "
                           "memory: a memory-mapped file that shrank or a bad binary gives one "
                           "too.")},
        {diagnosis::FdExhausted,
         FindingSeverity::Error,
         {"ancdata", "too many open files", "too many files open", "errno 24", "os error 24",
          "emfile"},
         anyOf({R"(items of ancdata)", R"((?i:Too many open files|Too many files open))",
                R"((?i:\[Errno 24\]|os error 24\b)|\bEMFILE\b)"}),
         {},
         {},
         nullptr,
         nullptr},
        {diagnosis::DataLoaderTimeout,
         FindingSeverity::Error,
         {"timed out"},
         anyOf({R"(DataLoader timed out after \d+ seconds)",
                R"(Worker timed out after \d+ seconds)", R"(Prefetcher thread timed out)"}),
         {},
         {},
         nullptr,
         nullptr},
        // vLLM's shared-memory message queue (shm_broadcast.py) waiting for a reader that has not
        // taken the last message: a stall of a worker, not a /dev/shm too small.
        {diagnosis::ShmBroadcastStall,
         FindingSeverity::Warning,
         {"broadcast block"},
         anyOf({R"(No available shared memory broadcast block found)"}),
         {},
         {},
         nullptr,
         nullptr},
        // Shared-memory files that vanished under a running job: systemd-logind's RemoveIPC
        // at the user's last logout, most often.
        {diagnosis::ShmFilesRemoved,
         FindingSeverity::Error,
         {"could not unlink the shared memory", "shared memory object", "resource_tracker",
          "shared memory segment", "filenotfounderror", "/dev/shm/"},
         anyOf(
             {R"(could not unlink the shared memory file\s+\S*torch_\S*\s*:\s*No such file)",
              R"(unable to open shared memory object </?torch_[^>]*> in read-write mode:\s*No such file)",
              R"(resource_tracker: '/(?:mp|psm)-?[\w-]*': \[Errno 2\] No such file or directory)",
              R"(could not open shared memory segment "/[^"]+": No such file or directory)",
              R"(FileNotFoundError: (?:\[Errno 2\] [^:']*: )?'/(?:/|psm_|wnsm_)[^'/]+')",
              // A file of /dev/shm that a program opens and finds gone.
              R"(FileNotFoundError: .*'/dev/shm/[^']+')",
              R"(/dev/shm/\S+['"]?:?\s*(?:\(errno\s*2\)\s*)?No such file or directory)"}),
         {},
         {},
         nullptr,
         nullptr},
        // The OOM a /dev/shm causes. It is host-oom's kill in a log that also shows shared
        // memory charged to the limit (readShmCharge(), LogDiagnoser::finish()), certain only
        // where /dev/shm itself is seen filling it. Its own lines: the kernel killing a process
        // that holds much shared memory, a possible cause (shmem-rss also counts System V
        // segments and pinned buffers); never certain from one line.
        {diagnosis::OomFromShm,
         FindingSeverity::Error,
         {"shmem-rss"},
         {},
         {},
         anyOf({R"((?:Killed process|oom-kill:).*\bshmem-rss:\s*[1-9]\d{5,}\s*kB)"}),
         nullptr,
         nullptr},
        {diagnosis::HostOom,
         FindingSeverity::Error,
         {"out of memory",
          "oom",
          "killed",
          "sigkill",
          "exit",
          "return code",
          "returncode",
          "已杀死",
          "allocator",
          "cannot allocate memory",
          "memoryerror",
          "1455",
          "paging file",
          "页面文件",
          "memory pressure",
          "outofmemoryerror",
          "exceeded",
          "memory usage threshold",
          "ray killed this worker",
          "ray_memory_"},
         anyOf({R"(Out of memory: Kill(?:ed)? process|invoked oom-killer)",
                R"(Memory cgroup out of memory|\boom-kill:|oom_kill_process)",
                R"(\boom[-_]kill events?\b|task \d+: Out Of Memory)",
                R"(have been OOM Killed|killed by the cgroup out-of-memory handler)",
                R"(\bOOMKilled\b(?!"?\s*:\s*false))",
                // Ray's memory monitor (its advice block too, when the first line is cut
                // off), and Slurm's older memory-limit messages.
                R"(killed due to memory pressure|ray\.exceptions\.OutOfMemoryError)",
                R"(killed due to the node running low on memory)",
                R"(which exceeds the memory usage threshold|Ray killed this worker \(ID)",
                R"(ray-oom-prevention|RAY_memory_usage_threshold|RAY_memory_monitor_refresh_ms)",
                R"((?i:exceeded (?:job |step )?memory limit))",
                R"(DefaultCPUAllocator: (?:can't allocate memory|not enough memory))",
                R"(\[Errno 12\] Cannot allocate memory|\bMemoryError\b)",
                R"(WinError 1455|(?i:os error 1455|paging file is too small)|页面文件太小)"}),
         // A kill signal: what the OOM killer sends, but not only it.
         anyOf({R"(killed by signal: Killed|Signal 9 \(SIGKILL\)|Signals\.SIGKILL)",
                R"((?i:exit ?code)\s*[:=]?\s*-9\b|return ?code\s*=?\s*-9\b|\bsignal: killed\b)",
                R"((?i:\bexit(?:ed)?(?: with)?(?: status)? ?(?:code|status)\b)[\s:=(\[{'"]*137\b)",
                R"(已杀死)", R"(^\W*Killed\W*$)", R"((?:^|[\s\]|*>:])Killed\s*$)",
                R"((?:^|:\s+)(?:line \d+:\s+)?\d+\s+Killed\b|^\[\d+\][+-]?\s+Killed\b)"}),
         // Ray's list of what may have ended a worker, the OOM killer among them.
         anyOf({R"((?i:killed by SIGKILL by OOM killer))"}),
         QT_TRANSLATE_NOOP("shmwise::Diagnosis",
                           "The log shows a kill signal (SIGKILL, exit status 137, \"Killed\"). "
                           "The OOM killer sends it, but so do kill -9, a scheduler's time limit "
                           "and a launcher stopping its workers: the kernel's log (dmesg, "
                           "journalctl -k) says which."),
         QT_TRANSLATE_NOOP("shmwise::Diagnosis",
                           "Ray names the OOM killer as one of several possible causes of a "
                           "worker's death, beside `ray stop --force` and a crash.")},
        {diagnosis::WorkerCrashed,
         FindingSeverity::Error,
         {"killed by signal", "sigsegv", "sigabrt", "sigill", "sigfpe", "exit",
          "encountered in worker", "encountered in dataloader worker"},
         anyOf(
             {R"(killed by signal: (?:Segmentation fault|Aborted|Illegal instruction))",
              R"(killed by signal: Floating point exception)",
              R"(Signal (?:11|6|4|8) \(SIG(?:SEGV|ABRT|ILL|FPE)\))",
              R"(Signals\.SIG(?:SEGV|ABRT)|terminated with signal SIG(?:SEGV|ABRT))",
              R"((?i:exit ?code)\s*[:=]?\s*-(?:11|6)\b)",
              R"((?i:Unexpected (?:segmentation fault|floating-point exception|illegal instruction|abort(?:ed)?) encountered in (?:DataLoader )?worker))"}),
         {},
         {},
         nullptr,
         nullptr},
        {diagnosis::WorkerExited,
         FindingSeverity::Warning,
         {"exited unexpectedly", "exit unexpectedly"},
         anyOf({R"(DataLoader worker \(pids?(?:\(s\))? [\d, ]+\) exited unexpectedly)",
                R"(DataLoader \d+ workers? exit unexpectedly)"}),
         {},
         {},
         nullptr,
         nullptr},
    };
    return r;
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
        // A launcher killing its own processes (a bare "Killed" after it is not memory).
        "received sigquit from a child process", "forcefully exitting via 9",
        "forcefully exiting via 9",
        // NCCL's release, which names the size of its proxy pool.
        "nccl version", "bytes of shared memory",
        // Frames of NCCL's in a stack printed with a bus error.
        "libnccl", "ncclshm", "shmutils", "ncclproxy", "ncclgroup", "ncclcomm", "ncclgetuniqueid",
        "ncclallreduce",
        // Frames of code that writes shared memory (a bare EDQUOT under them).
        "shared_memory", "heap.py", "_share_f", "share_memory_",
        // Shared memory charged to a memory limit, and the limit (readShmCharge()).
        "medium", "sizelimit", "limits", "memory:", "--memory", "mem_limit", "of="};
    return k;
}

const std::vector<QByteArray> &ncclFrameKeywords()
{
    static const std::vector<QByteArray> k = {"libnccl",         "ncclshm",      "shmutils",
                                              "ncclproxy",       "ncclgroup",    "ncclcomm",
                                              "ncclgetuniqueid", "ncclallreduce"};
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

} // namespace shmwise::diagnosisrules
