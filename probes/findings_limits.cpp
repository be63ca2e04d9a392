// SPDX-License-Identifier: GPL-3.0-or-later
#include "probes/findings_limits_p.h"

#include "probes/attribution.h"

#include <QCoreApplication>

#include <algorithm>

namespace shmwise {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::Findings)
};

bool inKubernetes(const HostFacts &f)
{
    return f.orchestrator == QLatin1String("kubernetes");
}

// The quota: a plan above what the user may still write while df shows room; without a plan, a
// limit below the size (writes then fail with EDQUOT, "Disk quota exceeded", long before df
// says the tmpfs is full).
void quotaFinding(const HostFacts &f, const ShmLimits &l, const ShmPlan *plan,
                  QVector<Finding> *out)
{
    if (!l.quotaOn || (f.uid && *f.uid == 0))
        return; // root is not held to quotas (CAP_SYS_RESOURCE)
    std::optional<Bytes> limit = l.userQuotaKnown ? l.userQuotaLimit : l.quotaDefaultLimit;
    if (!limit)
        return;
    const Bytes used = l.userQuotaKnown ? l.userQuotaUsed.value_or(0) : 0;
    const Bytes left = *limit > used ? *limit - used : 0;
    const QString whose = l.userQuotaKnown
                              ? Tr::tr("this user's quota (quota -u)")
                              : Tr::tr("the default per-user quota of the mount options "
                                       "(usrquota_block_hardlimit)");
    Finding x;
    x.id = QLatin1String(finding::ShmUserQuota);
    x.title = Tr::tr("A per-user quota stops writes to /dev/shm before it is full");
    const QString free = l.free ? formatSize(*l.free) : Tr::tr("unknown");
    if (plan && plan->requiredBytes > left) {
        if (l.free && *l.free < plan->requiredBytes)
            return; // shm-below-plan speaks of the free space already
        x.severity = FindingSeverity::Error;
        x.evidence = Tr::tr("/dev/shm is mounted with usrquota, and %1 lets this user write %2 "
                            "more (limit %3, %4 in use) while df shows %5 free; the plan needs "
                            "%6. The job's writes fail with EDQUOT (\"Disk quota exceeded\"), or "
                            "its workers die with a Bus error, although df shows room.")
                         .arg(whose, formatSize(left), formatSize(*limit), formatSize(used), free,
                              formatSize(plan->requiredBytes));
    } else if (!plan && l.size && *limit < *l.size) {
        x.severity = FindingSeverity::Warning;
        x.evidence = Tr::tr("/dev/shm is mounted with usrquota, and %1 lets this user write %2 "
                            "more (limit %3, %4 in use) of a /dev/shm of %5 with %6 free. Writes "
                            "past it fail with EDQUOT (\"Disk quota exceeded\") while df still "
                            "shows room.")
                         .arg(whose, formatSize(left), formatSize(*limit), formatSize(used),
                              formatSize(*l.size), free);
    } else {
        return;
    }
    x.fix = Tr::tr("Raise the user's limit on /dev/shm (setquota -u USER 0 LIMIT 0 0 /dev/shm as "
                   "root; with systemd 258 the user record's devShmLimit), run the job as a user "
                   "whose limit is larger, or size the job to what the quota leaves.");
    out->append(x);
}

// The cgroup: /dev/shm pages count toward memory.max like the job's own memory; when both
// together reach it, the kernel OOM-kills the job (no Bus error, no message from PyTorch).
void memoryFinding(const HostFacts &f, const ShmLimits &l, const ShmPlan *plan,
                   QVector<Finding> *out)
{
    if (!l.memoryMax || *l.memoryMax == 0 || !l.memoryCurrent)
        return;
    const Bytes max = *l.memoryMax;
    // memory-limit-below-shm already says the limit is below /dev/shm alone.
    if (plan && max <= plan->requiredBytes)
        return;
    const Bytes shmem = std::min(l.cgroupShmem.value_or(0), *l.memoryCurrent);
    const Bytes other = *l.memoryCurrent - shmem;
    const Bytes projected = plan ? satAdd(other, plan->requiredBytes) : *l.memoryCurrent;
    // Near: within a tenth of the limit.
    if (projected < max - max / 10)
        return;
    Finding x;
    x.id = QLatin1String(finding::MemoryLimitNear);
    x.severity = plan && projected >= max ? FindingSeverity::Error : FindingSeverity::Warning;
    x.title = Tr::tr("/dev/shm and the job's other memory reach the memory limit");
    const QString parts = Tr::tr("anon %1, file %2, of which shmem %3")
                              .arg(l.cgroupAnon ? formatSize(*l.cgroupAnon) : Tr::tr("unknown"),
                                   l.cgroupFile ? formatSize(*l.cgroupFile) : Tr::tr("unknown"),
                                   l.cgroupShmem ? formatSize(*l.cgroupShmem) : Tr::tr("unknown"));
    x.evidence =
        plan ? Tr::tr("The cgroup's memory limit is %1 and it uses %2 now (%3). Its memory "
                      "besides shared memory (%4) plus the %5 of /dev/shm the plan needs make "
                      "%6: /dev/shm pages count toward the limit, so the job is OOM-killed "
                      "(\"Killed\", no Bus error) before /dev/shm is full.")
                   .arg(formatSize(max), formatSize(*l.memoryCurrent), parts, formatSize(other),
                        formatSize(plan->requiredBytes), formatSize(projected))
             : Tr::tr("The cgroup's memory limit is %1 and it uses %2 now (%3). /dev/shm pages "
                      "count toward the limit: a job that fills more of /dev/shm here is "
                      "OOM-killed (\"Killed\", no Bus error) before /dev/shm is full.")
                   .arg(formatSize(max), formatSize(*l.memoryCurrent), parts);
    x.fix = inKubernetes(f)
                ? Tr::tr("Raise the container's resources.limits.memory to hold /dev/shm plus the "
                         "job's own memory; a memory emptyDir survives a container restart, so "
                         "an OOM it causes repeats until the pod is deleted.")
                : Tr::tr("Raise the memory limit (docker --memory, compose mem_limit or "
                         "deploy.resources.limits.memory, a Slurm job's --mem) to hold /dev/shm "
                         "plus the job's own memory, or use fewer DataLoader workers or a smaller "
                         "prefetch_factor.");
    out->append(x);
}

// Shmem counts much more than /dev/shm: say so where the two differ.
void shmemFinding(const HostFacts &f, QVector<Finding> *out)
{
    if (!f.shmemBytes || !f.shmUsedBytes)
        return;
    const Bytes shmem = *f.shmemBytes, shm = *f.shmUsedBytes;
    if (shmem <= shm || shmem - shm < std::max<Bytes>(256 * MiB, shm / 4))
        return;
    const ShmScan &scan = f.shmScan;
    Bytes listed = 0;
    for (const SysvSegment &seg : scan.sysv)
        listed = satAdd(listed, seg.bytes);
    const Bytes sysvBytes = std::max(scan.sysvBytes.value_or(0), listed);
    Finding x;
    x.id = QLatin1String(finding::ShmemNotShm);
    x.severity = FindingSeverity::Info;
    x.title = Tr::tr("Shmem in /proc/meminfo is not /dev/shm");
    QString sysv;
    if (!scan.sysv.isEmpty())
        sysv = QLatin1Char(' ') + Tr::tr("System V segments hold %1 of it (%n segment(s)).",
                                         nullptr, int(scan.sysv.size()))
                                      .arg(formatSize(sysvBytes));
    x.evidence = Tr::tr("Shmem is %1, while /dev/shm holds %2 (statvfs). Shmem also counts "
                        "System V segments, shared anonymous memory, other tmpfs mounts (/run, "
                        "other containers' /dev/shm) and CUDA pinned host buffers.%3")
                     .arg(formatSize(shmem), formatSize(shm), sysv);
    x.fix = Tr::tr("Nothing to change for /dev/shm: size it from what /dev/shm holds and from "
                   "the plan, not from Shmem or free -m's shared column.");
    out->append(x);
}

} // namespace

void addLimitFindings(const HostFacts &facts, const ShmPlan *plan, QVector<Finding> *out)
{
    const ShmLimits l = shmLimits(facts);
    quotaFinding(facts, l, plan, out);
    memoryFinding(facts, l, plan, out);
    shmemFinding(facts, out);
}

} // namespace shmwise
