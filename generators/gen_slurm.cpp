// SPDX-License-Identifier: GPL-3.0-or-later
#include "generators/gen_common.h"
#include "generators/gen_slurm_p.h"

namespace shmwise::gen {

namespace {

quint64 ceilMiB(Bytes b)
{
    return (b + MiB - 1) / MiB;
}

// What apptainer exec runs: the registry image as a docker:// URI, which Apptainer pulls and
// converts (job.image is an image reference, never a file path).
QString apptainerImage(const QString &image)
{
    return QStringLiteral("docker://") + image;
}

// enroot's (and pyxis') image names put '#' between the registry and the image
// ([USER@][REGISTRY#]IMAGE[:TAG]); written Docker's way, a registry host would be read as part
// of a Docker Hub name.
QString enrootImage(const QString &image)
{
    const int slash = image.indexOf(QLatin1Char('/'));
    if (slash <= 0 || image.contains(QLatin1Char('#')))
        return image;
    const QString first = image.left(slash);
    const bool registry = first.contains(QLatin1Char('.')) || first.contains(QLatin1Char(':')) ||
                          first == QLatin1String("localhost");
    return registry ? first + QLatin1Char('#') + image.mid(slash + 1) : image;
}

Artifact sbatch(const Profile &profile, const ShmPlan &plan, const FileText &text)
{
    const LoaderSettings s = loaderSettings(profile, plan);
    const Bytes size = shmSize(plan);
    const quint64 needKiB = (s.requiredBytes + KiB - 1) / KiB;
    const bool checkNofile = plan.openFiles > 0 && s.numWorkers > 0;
    const quint64 perNode = std::max<quint64>(1, profile.workload.processesPerNode);
    Artifact a;
    a.id = QStringLiteral("slurm-sbatch");
    a.title = Tr::tr("sbatch script with a /dev/shm preflight");
    a.fileName = QStringLiteral("train.sbatch");
    a.syntax = QStringLiteral("Bash");
    a.summary =
        Tr::tr("Submit with sbatch train.sbatch. Before training it checks that /dev/shm on "
               "each node of the job is at least %1 and has that much free, and that ulimit -n "
               "is at least %2, and stops with a message saying which is short; then it starts "
               "the training "
               "processes with srun. Slurm has no per-job /dev/shm size: the job gets the node's "
               "/dev/shm (recommended: %3, set by an administrator in each node's /etc/fstab), "
               "or, with the job_container/tmpfs plugin, a private one of half the node's RAM.")
            .arg(formatSize(s.requiredBytes))
            .arg(plan.nofileLimit)
            .arg(formatSize(size)) +
        notAdjustableRemark(profile);
    if (profile.slurm.container == SlurmContainer::Apptainer)
        a.summary += QLatin1Char(' ') +
                     Tr::tr("The job runs in %1 with Apptainer, which shares the node's /dev/shm.")
                         .arg(apptainerImage(profile.job.image));
    else if (profile.slurm.container == SlurmContainer::Enroot)
        a.summary +=
            QLatin1Char(' ') + Tr::tr("The job runs in %1 with enroot through pyxis (srun "
                                      "--container-image), which binds the node's /dev/shm in.")
                                   .arg(enrootImage(profile.job.image));
    TextBuilder b(text);
    b.line("#!/bin/sh");
    b.line(QStringLiteral("#SBATCH --job-name=%1").arg(profile.job.name));
    const quint64 nodes = std::max<quint64>(1, profile.nccl.nodes.value_or(1));
    b.line(QStringLiteral("#SBATCH --nodes=%1").arg(nodes));
    b.note(profile.nccl.nodes ? Tr::tr("The job's hosts (nccl.nodes).")
                              : Tr::tr("One node: the profile gives no host count (nccl.nodes)."));
    b.line(QStringLiteral("#SBATCH --ntasks-per-node=%1").arg(perNode));
    b.note(Tr::tr("One task per training process; srun below starts them."));
    b.line(QStringLiteral("#SBATCH --cpus-per-task=%1").arg(s.numWorkers + 1));
    b.note(Tr::tr("Each training process and its %n DataLoader worker(s).", nullptr,
                  int(s.numWorkers)));
    if (profile.job.gpus > 0)
        b.line(QStringLiteral("#SBATCH --gres=gpu:%1").arg(profile.job.gpus));
    if (const auto mem = memoryWithShm(profile, plan)) {
        b.line(QStringLiteral("#SBATCH --mem=%1M").arg(ceilMiB(*mem)));
        b.note(Tr::tr("The job's memory plus its /dev/shm: files in a tmpfs are charged to the "
                      "memory cgroup of the process that writes them, so with Slurm's memory "
                      "enforcement they count against --mem."));
    }
    if (checkNofile && needsNofile(plan)) {
        b.line("#SBATCH --propagate=NOFILE");
        b.note(Tr::tr("By default Slurm copies every resource limit of the submitting shell to the "
                      "job (slurm.conf(5), PropagateResourceLimits); this names the open-file "
                      "limit explicitly. Raise it before sbatch with ulimit -n if it is low."));
    }
    b.line("#");
    b.comment("# ", QT_TRANSLATE_NOOP(
                        "shmwise::FileText",
                        "/dev/shm on Slurm nodes:\n"
                        "- Without a job container plugin every job on a node shares the node's "
                        "/dev/shm:\n  its size is the node's (its /etc/fstab line, else half of "
                        "its RAM), other jobs'\n  files use it too, and files left by jobs that "
                        "crashed (torch_*, nccl-*) stay\n  until someone deletes them or the "
                        "node reboots. So this script checks the free\n  space as well as the "
                        "size.\n"
                        "- With JobContainerType=job_container/tmpfs (which needs "
                        "PrologFlags=Contain in\n  slurm.conf) each job gets a private /dev/shm, "
                        "emptied when the job ends. It is a\n  tmpfs mounted without a size "
                        "option, so its limit is half of the node's RAM;\n  job_container.conf "
                        "has no setting for its size.\n"
                        "- Slurm 22.05 (Debian 12) always makes both /tmp and /dev/shm private "
                        "with that\n  plugin; later releases (24.11 in Debian 13) choose the "
                        "directories with Dirs=\n  in job_container.conf (default "
                        "/tmp,/dev/shm)."));
    b.comment("# ", QT_TRANSLATE_NOOP("shmwise::FileText",
                                      "Sources: job_container.conf(5) and slurm.conf(5) of Slurm "
                                      "22.05 and 24.11,\n"
                                      "https://slurm.schedmd.com/job_container.conf.html and\n"
                                      "https://slurm.schedmd.com/job_container_tmpfs.html"));
    b.note(Tr::tr("What this environment gives a job, as Slurm's documentation for both releases "
                  "describes it."));
    b.line("");
    b.line("me=slurm-preflight");
    if (needKiB > 0) {
        b.line(QStringLiteral("need_shm_kib=%1").arg(needKiB));
        b.note(s.fitted ? Tr::tr("%1: what the fitted DataLoader settings need.")
                              .arg(sizeWords(s.requiredBytes))
                        : Tr::tr("%1: the least /dev/shm the plan allows (it recommends %2).")
                              .arg(sizeWords(s.requiredBytes), formatSize(size)));
        b.comment("# ", QT_TRANSLATE_NOOP("shmwise::FileText",
                                          "df -P's last line: filesystem, size in KiB, used, "
                                          "available, use%, mount."));
        b.line("# shellcheck disable=SC2046 # the splitting is the point");
        b.line("set -- $(df -kP /dev/shm 2>/dev/null | tail -n 1)");
        b.line("shm_kib=${2:-}");
        b.line("free_kib=${4:-}");
        b.line("case $shm_kib$free_kib in");
        b.line("    '' | *[!0-9]*)");
        b.line("        echo \"$me: cannot read /dev/shm on $(hostname) (df -kP /dev/shm"
               " failed)\" >&2");
        b.line("        exit 1 ;;");
        b.line("esac");
        b.line("if [ \"$shm_kib\" -lt \"$need_shm_kib\" ]; then");
        b.line("    echo \"$me: /dev/shm on $(hostname) is $((shm_kib / 1024)) MiB but this job"
               " needs at least $(((need_shm_kib + 1023) / 1024)) MiB\" >&2");
        b.line(QStringLiteral("    echo \"$me: ask the administrators for size=%1 on /dev/shm of "
                              "these nodes, or lower num_workers, prefetch_factor or batch_size "
                              "and plan again\" >&2")
                   .arg(kernelSize(size)));
        b.line("    exit 1");
        b.note(Tr::tr("Exits before training starts: a full /dev/shm otherwise shows up as \"Bus "
                      "error\" or \"DataLoader worker ... is killed by signal\" much later."));
        b.line("fi");
        b.line("if [ \"$free_kib\" -lt \"$need_shm_kib\" ]; then");
        b.line("    echo \"$me: only $((free_kib / 1024)) MiB of /dev/shm is free on $(hostname);"
               " files of other or earlier jobs use the rest (ls -la /dev/shm)\" >&2");
        b.line("    exit 1");
        b.note(Tr::tr("On a shared /dev/shm other jobs' files and stale torch_* files of crashed "
                      "jobs take space this job needs."));
        b.line("fi");
    }
    if (checkNofile) {
        b.line(QStringLiteral("need_nofile=%1").arg(plan.nofileLimit));
        b.comment("# ", QT_TRANSLATE_NOOP("shmwise::FileText",
                                          "ulimit -n is not in POSIX, but dash, bash and busybox "
                                          "sh all have it."));
        b.line("# shellcheck disable=SC3045");
        b.line("nofile=$(ulimit -n)");
        b.line("if [ \"$nofile\" != unlimited ] && [ \"$nofile\" -lt \"$need_nofile\" ]; then");
        b.line("    # shellcheck disable=SC3045");
        b.line("    ulimit -n \"$need_nofile\" 2>/dev/null || true");
        b.note(Tr::tr("Raises the soft limit when the hard limit allows it; never lowers it."));
        b.line("    # shellcheck disable=SC3045");
        b.line("    nofile=$(ulimit -n)");
        b.line("fi");
        b.line("if [ \"$nofile\" != unlimited ] && [ \"$nofile\" -lt \"$need_nofile\" ]; then");
        b.line("    echo \"$me: ulimit -n is $nofile on $(hostname) but this job needs"
               " $need_nofile open files (raise nofile, or use the file_system sharing"
               " strategy)\" >&2");
        b.line("    exit 1");
        b.line("fi");
    }
    b.line("echo \"$me: /dev/shm and open-file limit are enough on $(hostname)\" >&2");
    b.line("[ \"${SHMWISE_PREFLIGHT:-}\" = node ] && exit 0");
    b.note(Tr::tr("A copy of this script run by the line below stops here: it only checks."));
    b.line("SHMWISE_PREFLIGHT=node srun --ntasks=\"${SLURM_JOB_NUM_NODES:-1}\" "
           "--ntasks-per-node=1 --input=all sh -s <\"$0\" || exit 1");
    b.note(Tr::tr("The checks above ran on the first node only: every node of the job runs them "
                  "on its own /dev/shm, one task each, reading this script on its standard "
                  "input."));
    b.line("");
    b.comment("# ", QT_TRANSLATE_NOOP("shmwise::FileText",
                                      "The DataLoader settings this job was sized for "
                                      "(shmwise_loader.py uses the same)."));
    b.line(QStringLiteral("export SHMWISE_NUM_WORKERS=%1").arg(s.numWorkers));
    if (s.prefetchFactor > 0)
        b.line(QStringLiteral("export SHMWISE_PREFETCH_FACTOR=%1").arg(s.prefetchFactor));
    b.line(QStringLiteral("export SHMWISE_BATCH_SIZE=%1").arg(s.batchSize));
    b.note(
        s.fitted
            ? Tr::tr("Fitted to the /dev/shm there is: %1.").arg(s.costs.join(QLatin1String("; ")))
            : Tr::tr("The profile's own settings."));
    switch (profile.slurm.container) {
    case SlurmContainer::None:
        b.line(QStringLiteral("srun %1").arg(shellJoin(profile.job.command)));
        break;
    case SlurmContainer::Apptainer:
        b.line(QStringLiteral("srun apptainer exec%1 %2 %3")
                   .arg(profile.job.gpus > 0 ? QStringLiteral(" --nv") : QString(),
                        shellQuote(apptainerImage(profile.job.image)),
                        shellJoin(profile.job.command)));
        b.note(Tr::tr("Apptainer binds the node's /dev (mount dev = yes in apptainer.conf), so "
                      "the job sees the node's /dev/shm that the check above measured. Do not "
                      "add --contain or --containall: they give the container a private tmpfs "
                      "/dev/shm mounted without a size (half of the node's RAM), which the check "
                      "did not see (internal/pkg/runtime/engine/apptainer/container_linux.go, "
                      "addDevMount, v1.5.3)."));
        if (profile.job.gpus > 0)
            b.note(Tr::tr("--nv makes the node's NVIDIA driver and GPUs visible in the "
                          "container."));
        break;
    case SlurmContainer::Enroot:
        b.line(
            QStringLiteral("srun --container-image=%1 %2")
                .arg(shellQuote(enrootImage(profile.job.image)), shellJoin(profile.job.command)));
        b.note(Tr::tr("pyxis runs the image with enroot, which bind-mounts the node's /dev/shm "
                      "into the container (conf/mounts/10-system.fstab, enroot 4.1.2): the check "
                      "above measured what the job gets, shared with the node's other jobs. "
                      "pyxis 0.24's --container-unshare=ipc would give a private one through "
                      "ENROOT_UNSHARE_IPC, which no enroot release has yet; pyxis has no size "
                      "option for /dev/shm."));
        if (enrootImage(profile.job.image) != profile.job.image)
            b.note(Tr::tr("enroot writes the registry and the image apart, with '#': %1 is %2.")
                       .arg(enrootImage(profile.job.image), profile.job.image));
        break;
    }
    b.finish(&a);
    return a;
}

} // namespace

QVector<Artifact> slurmArtifacts(const Profile &profile, const ShmPlan &plan, const FileText &text)
{
    return {sbatch(profile, plan, text)};
}

} // namespace shmwise::gen
