// SPDX-License-Identifier: GPL-3.0-or-later
// Each diagnosis finding's title and fix, in words, sharpened by the host's facts and the log's
// own figures; and why a reading is as sure as it is.
#include "probes/diagnosisrules_p.h"

#include "core/nccl.h"
#include "probes/diagnosis.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace shmwise::diagnosisrules {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::Diagnosis)
};

QString shmSizeNote(const HostFacts *facts)
{
    if (!facts || !facts->shmSizeBytes)
        return {};
    return QLatin1Char(' ') +
           Tr::tr("/dev/shm on the probed host is %1 (%2 free).")
               .arg(formatSize(*facts->shmSizeBytes),
                    facts->shmFreeBytes ? formatSize(*facts->shmFreeBytes) : Tr::tr("unknown"));
}

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
        f.title = Tr::tr("/dev/shm ran out");
        f.fix = Tr::tr("Give the job a larger /dev/shm (the wizard's Workload page or `shmwise "
                       "plan` sizes it for the job; the setting is docker --shm-size, a Kubernetes "
                       "emptyDir with medium: Memory, or a remount of /dev/shm), "
                       "or lower num_workers, prefetch_factor or batch_size. The file_system "
                       "sharing strategy does not help: it uses /dev/shm too.") +
                shmSizeNote(facts);
        if (f.possible())
            f.fix += QLatin1Char(' ') +
                     Tr::tr("Only a bus error is named here: check that /dev/shm was full (df -h "
                            "/dev/shm while the job runs) before resizing it.");
        // Programs other than a training job, by their own messages.
        static const QRegularExpression postgres(
            QStringLiteral(R"(shared memory segment "?/PostgreSQL\.)"));
        static const QRegularExpression triton(
            QStringLiteral(R"(shared memory pool size|shared memory key\b)"));
        static const QRegularExpression vllm(
            QStringLiteral(R"((?i:insufficient (?:space|memory) (?:in|on|for) /dev/shm))"));
        if (postgres.match(f.evidence).hasMatch())
            f.title = Tr::tr("/dev/shm ran out under PostgreSQL's parallel queries");
        else if (triton.match(f.evidence).hasMatch())
            f.title = Tr::tr("/dev/shm ran out under Triton's Python backend");
        else if (vllm.match(f.evidence).hasMatch())
            f.title = Tr::tr("/dev/shm is too small for vLLM's message queues");
        if (postgres.match(f.evidence).hasMatch())
            f.fix = Tr::tr("PostgreSQL keeps the dynamic shared memory of parallel queries "
                           "(dynamic_shared_memory_type = posix, the default on Linux) in "
                           "/dev/shm, and a container's 64 MiB runs out under a parallel hash "
                           "join or a large sort. Give the container a larger /dev/shm (docker "
                           "--shm-size, compose shm_size, a Kubernetes emptyDir with medium: "
                           "Memory on /dev/shm), or lower max_parallel_workers_per_gather or "
                           "work_mem.") +
                    shmSizeNote(facts);
        else if (triton.match(f.evidence).hasMatch())
            f.fix = Tr::tr("Triton's Python backend gives each model instance a shared-memory "
                           "pool in /dev/shm that starts at shm-default-byte-size and grows by "
                           "shm-growth-byte-size as tensors pass through it; the container's "
                           "/dev/shm could not hold the next step. Give the container a larger "
                           "/dev/shm (docker --shm-size, a memory emptyDir on /dev/shm), or "
                           "fewer model instances or smaller batches.") +
                    shmSizeNote(facts);
        else if (vllm.match(f.evidence).hasMatch())
            f.fix = Tr::tr("vLLM checks /dev/shm before it starts: its multiprocess executor "
                           "passes requests and results through shared-memory message queues, "
                           "far more than Docker's 64 MiB at any tensor-parallel size. Give the "
                           "container a larger /dev/shm (docker --shm-size or --ipc=host, "
                           "compose shm_size, a memory emptyDir on /dev/shm).") +
                    shmSizeNote(facts);
    } else if (id == QLatin1String(diagnosis::ShmBroadcastStall)) {
        f.title = Tr::tr("vLLM's shared-memory message queue waited a minute for a reader (a "
                         "stalled worker, not a full /dev/shm)");
        f.fix = Tr::tr("vLLM's broadcast queue in /dev/shm is in place; a reader, one of its "
                       "worker processes, has not taken the last message for the warning "
                       "interval (VLLM_RINGBUFFER_WARNING_INTERVAL, 60 s by default). It is "
                       "busy (compiling, capturing CUDA graphs, loading weights), stuck in a "
                       "collective, or dead: read the workers' own lines above and below. A "
                       "larger /dev/shm does not help.");
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
        // The accelerator, as the line names it.
        static const QRegularExpression device(QStringLiteral(
            R"((?i:\b(NPU|MPS|XPU|MLU|HIP|TPU)\b)|\b(?:acl)?rt(Malloc)|\b(EL0004)\b|\b(XLA|HBM)\b)"));
        const QRegularExpressionMatch m = device.match(f.evidence);
        QString name = Tr::tr("GPU");
        if (m.hasMatch()) {
            const QString word =
                (m.captured(1) + m.captured(2) + m.captured(3) + m.captured(4)).toUpper();
            if (word == QLatin1String("NPU") || word == QLatin1String("MALLOC") ||
                word == QLatin1String("EL0004"))
                name = Tr::tr("Ascend NPU");
            else if (word == QLatin1String("MPS"))
                name = Tr::tr("Apple GPU (MPS)");
            else if (word == QLatin1String("HIP"))
                name = Tr::tr("AMD GPU (ROCm)");
            else if (word == QLatin1String("XPU"))
                name = Tr::tr("Intel GPU (XPU)");
            else if (word == QLatin1String("MLU"))
                name = Tr::tr("Cambricon MLU");
            else
                name = Tr::tr("accelerator (XLA: TPU or GPU)");
        }
        f.title = Tr::tr("The %1 ran out of memory (not a /dev/shm problem)").arg(name);
        f.fix = Tr::tr("This is the accelerator's own memory: a larger /dev/shm does not help. "
                       "Lower the batch size, use mixed precision or gradient checkpointing, or "
                       "free cached tensors.");
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
        if (f.possible())
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
