// SPDX-License-Identifier: GPL-3.0-or-later
#include "diagnosis.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace shmwise {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::Diagnosis)
};

struct Rule
{
    const char *id;
    FindingSeverity severity;
    QVector<QRegularExpression> patterns;
};

QRegularExpression re(const char *pattern, bool caseless = false)
{
    return QRegularExpression(QLatin1String(pattern),
                              caseless ? QRegularExpression::CaseInsensitiveOption
                                       : QRegularExpression::NoPatternOption);
}

// Order matters: a line is claimed by the first rule that matches it, so NCCL's "No space left
// on device" is not also read as a DataLoader's, and "killed by signal: Bus error" is not read
// as the OOM killer's "Killed".
const QVector<Rule> &rules()
{
    static const QVector<Rule> r = {
        {diagnosis::NcclShm,
         FindingSeverity::Error,
         {re("Call to posix_fallocate failed\\s*:\\s*No space left on device"),
          re("failed to extend /dev/shm/nccl-"),
          re("NCCL WARN.*Error while creating shared memory segment")}},
        {diagnosis::CudaOom,
         FindingSeverity::Error,
         {re("CUDA out of memory"), re("torch\\.cuda\\.OutOfMemoryError"),
          re("CUDA error: out of memory"), re("CUBLAS_STATUS_ALLOC_FAILED")}},
        {diagnosis::ShmExhausted,
         FindingSeverity::Error,
         {re("Unexpected bus error encountered in worker"), re("killed by signal: Bus error"),
          re("\\bBus error\\b"), re("\\bout of shared memory\\b", true),
          re("unable to allocate shared memory", true),
          // Older PyTorch, when /dev/shm is full while a worker writes a tensor into it.
          re("unable to write to file </torch_"), re("No space left on device.*/dev/shm"),
          re("/dev/shm.*No space left on device")}},
        {diagnosis::FdExhausted,
         FindingSeverity::Error,
         {re("received 0 items of ancdata"), re("Too many open files"), re("\\[Errno 24\\]")}},
        {diagnosis::DataLoaderTimeout,
         FindingSeverity::Error,
         {re("DataLoader timed out after \\d+ seconds")}},
        {diagnosis::HostOom,
         FindingSeverity::Error,
         {re("Out of memory: Kill(ed)? process"), re("invoked oom-killer"),
          re("Memory cgroup out of memory"), re("\\boom-kill:"), re("\\bOOMKilled\\b"),
          re("killed by signal: Killed"),
          // The shell's report of a SIGKILLed job: a bare "Killed", or "... 1234 Killed  cmd".
          re("^\\s*Killed\\s*$"), re("^(\\S+: )?(line \\d+: )?\\d+ Killed\\s"),
          re("^\\[\\d+\\][+-]?\\s+Killed\\s")}},
        {diagnosis::WorkerExited,
         FindingSeverity::Warning,
         {re("DataLoader worker \\(pids?(\\(s\\))? [\\d, ]+\\) exited unexpectedly")}},
    };
    return r;
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

void describe(Finding &f, const HostFacts *facts)
{
    const QString id = f.id;
    if (id == QLatin1String(diagnosis::ShmExhausted)) {
        f.title = Tr::tr("/dev/shm ran out (DataLoader workers share batches through it)");
        f.fix =
            Tr::tr("Give the job a larger /dev/shm (run `shmwise plan` for the size: docker "
                   "--shm-size, a Kubernetes emptyDir with medium: Memory, or remount /dev/shm), "
                   "or lower num_workers, prefetch_factor or batch_size. The file_system "
                   "sharing strategy does not help: it uses /dev/shm too.") +
            shmSizeNote(facts);
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
    } else if (id == QLatin1String(diagnosis::DataLoaderTimeout)) {
        f.title = Tr::tr("The DataLoader timed out waiting for a batch");
        f.fix = Tr::tr("A worker hung or was too slow for the DataLoader's timeout. Raise timeout "
                       "(or leave it at 0), and look for a worker stuck on I/O or on too few open "
                       "files (which can hang the main process until the timeout fires).");
    } else if (id == QLatin1String(diagnosis::NcclShm)) {
        f.title = Tr::tr("NCCL could not allocate its shared memory in /dev/shm");
        f.fix =
            Tr::tr("NCCL's intra-node transport allocates in /dev/shm next to the DataLoader: "
                   "give the job a larger /dev/shm (or --ipc=host). NCCL_SHM_DISABLE=1 turns the "
                   "transport off at a speed cost; NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=ALLOC shows "
                   "what it allocates.") +
            shmSizeNote(facts);
    } else if (id == QLatin1String(diagnosis::CudaOom)) {
        f.title = Tr::tr("The GPU ran out of memory (not a /dev/shm problem)");
        f.fix = Tr::tr("This is GPU memory: a larger /dev/shm does not help. Lower the batch size, "
                       "use mixed precision or gradient checkpointing, or free cached tensors.");
    } else if (id == QLatin1String(diagnosis::HostOom)) {
        f.title = Tr::tr("A process was killed for memory: RAM or the cgroup limit, not /dev/shm");
        f.fix =
            Tr::tr("The OOM killer or a memory limit ended it. A larger /dev/shm does not help "
                   "and inside a memory-limited container makes the kill come sooner (its pages "
                   "count against the limit). Raise the memory limit or lower memory use.");
        if (facts && facts->memoryLimitBytes)
            f.fix += QLatin1Char(' ') + Tr::tr("The probed host's cgroup memory limit is %1.")
                                            .arg(formatSize(*facts->memoryLimitBytes));
    }
}

} // namespace

QStringList diagnosisIds()
{
    QStringList ids;
    for (const Rule &r : rules())
        ids << QLatin1String(r.id);
    return ids;
}

QVector<Finding> diagnoseLog(const QString &log, const HostFacts *facts)
{
    const QVector<Rule> &all = rules();
    QVector<Finding> found(all.size());
    bool signalNamed = false;
    // Lines can be split by \n, \r\n, or \r (progress bars); NULs come from workers' stderr.
    QString text = log;
    text.replace(QChar(0), QLatin1Char('\n'));
    const QStringList lines = text.split(QRegularExpression(QStringLiteral("\r\n|\n|\r")));
    for (int i = 0; i < lines.size(); ++i) {
        const QString &raw = lines.at(i);
        if (raw.isEmpty())
            continue;
        const QString line = raw.size() > 4000 ? raw.left(4000) : raw;
        // Python's source line echoed in a traceback repeats the message's format string
        // ("raise RuntimeError('DataLoader worker ... exited unexpectedly'...)"); only the
        // message itself is evidence.
        if (line.trimmed().startsWith(QLatin1String("raise ")))
            continue;
        if (line.contains(QLatin1String("killed by signal")))
            signalNamed = true;
        for (int r = 0; r < all.size(); ++r) {
            bool hit = false;
            for (const QRegularExpression &p : all.at(r).patterns) {
                if (p.match(line).hasMatch()) {
                    hit = true;
                    break;
                }
            }
            if (!hit)
                continue;
            Finding &f = found[r];
            if (f.id.isEmpty()) {
                f.id = QLatin1String(all.at(r).id);
                f.severity = all.at(r).severity;
                f.line = i + 1;
                f.evidence = line.trimmed();
                f.occurrences = 1;
            } else {
                ++f.occurrences;
            }
            break;
        }
    }
    QVector<Finding> out;
    for (Finding &f : found) {
        if (f.id.isEmpty())
            continue;
        // "exited unexpectedly" follows the real cause when a signal was named (Bus error,
        // Killed); then it is no finding of its own.
        if (f.id == QLatin1String(diagnosis::WorkerExited) && signalNamed)
            continue;
        describe(f, facts);
        out << f;
    }
    return out;
}

} // namespace shmwise
