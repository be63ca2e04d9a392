// SPDX-License-Identifier: GPL-3.0-or-later
#include "gen_dataloader.h"
#include "gen_common.h"

namespace shmwise::gen {

namespace {

QString pyBool(bool b)
{
    return b ? QStringLiteral("True") : QStringLiteral("False");
}

// What to change when /dev/shm is too small, in the words of the profile's environment.
QString raiseHint(const Profile &profile, const ShmPlan &plan)
{
    const Bytes size = shmSize(plan);
    switch (profile.environment) {
    case Environment::BareMetal:
        return QStringLiteral("mount -o remount,size=%1 /dev/shm").arg(kernelSize(size));
    case Environment::Docker:
        return QStringLiteral("docker run --shm-size=%1").arg(dockerSize(size));
    case Environment::Podman:
        return QStringLiteral("podman run --shm-size=%1").arg(dockerSize(size));
    case Environment::Compose:
        return QStringLiteral("shm_size: \"%1\" in the compose file").arg(dockerSize(size));
    case Environment::Swarm:
        return QStringLiteral("a tmpfs volume at /dev/shm of size %1 in the stack file").arg(size);
    case Environment::Kubernetes:
        return QStringLiteral("an emptyDir with medium: Memory and sizeLimit: %1 at /dev/shm")
            .arg(kubernetesQuantity(size));
    case Environment::AzureMl:
        return QStringLiteral("resources.shm_size: %1 in the job").arg(azureSize(size));
    case Environment::AwsBatch:
    case Environment::AwsEcs:
        return QStringLiteral("linuxParameters.sharedMemorySize: %1").arg(wholeMiB(size));
    case Environment::Ansible:
        return QStringLiteral("the playbook (shm_size: %1)").arg(kernelSize(size));
    case Environment::Slurm:
        return QStringLiteral("size=%1 on the nodes' /dev/shm (an administrator's fstab line)")
            .arg(kernelSize(size));
    case Environment::SageMaker:
    case Environment::VertexAi:
        break;
    }
    return QStringLiteral("fewer num_workers or a smaller prefetch_factor or batch_size");
}

} // namespace

Artifact dataLoaderSnippet(const Profile &profile, const ShmPlan &plan)
{
    const Workload &w = profile.workload;
    const LoaderSettings s = loaderSettings(profile, plan);
    const bool fileSystem = w.sharingStrategy == SharingStrategy::FileSystem;
    Artifact a;
    a.id = QStringLiteral("dataloader");
    a.title = Tr::tr("DataLoader settings (Python)");
    a.fileName = QStringLiteral("shmwise_loader.py");
    a.syntax = QStringLiteral("Python");
    a.summary = Tr::tr("A module for the training script to import: make_loader(dataset) returns "
                       "the DataLoader with the settings the /dev/shm size was planned for, so the "
                       "plan and the code cannot drift apart. Valid on PyTorch 1.13 and 2.x.");
    if (s.fitted)
        a.summary +=
            QLatin1Char(' ') +
            Tr::tr("/dev/shm cannot be raised here, so the settings are fitted to %1: they "
                   "need %2.")
                .arg(formatSize(s.availableShm), formatSize(s.requiredBytes));

    TextBuilder b;
    b.line("\"\"\"DataLoader settings sized for /dev/shm.");
    b.line("");
    b.line("Use from the training script:");
    b.line("");
    b.line("    from shmwise_loader import make_loader");
    b.line("    loader = make_loader(dataset)");
    b.line("");
    if (s.fitted) {
        b.line(s.shmAssumed
                   ? QStringLiteral("/dev/shm here cannot be raised and is assumed to be %1 (the")
                         .arg(formatSize(s.availableShm))
                   : QStringLiteral("/dev/shm here is %1 and cannot be raised, so these settings")
                         .arg(formatSize(s.availableShm)));
        if (s.shmAssumed)
            b.line("default; measure it with `df -h /dev/shm` and put it in the profile), so");
        if (s.fits)
            b.line(QStringLiteral("are fitted to it (they need %1; the job as profiled needs %2).")
                       .arg(formatSize(s.requiredBytes), formatSize(plan.requiredBytes)));
        else
            b.line(QStringLiteral("load in the main process; even that needs %1 (NCCL's share).")
                       .arg(formatSize(s.requiredBytes)));
        if (!s.costs.isEmpty()) {
            b.line("What that costs:");
            for (const QString &c : s.costs)
                b.line(QStringLiteral("- ") + c);
        }
    } else {
        b.line(QStringLiteral("These settings need %1 of /dev/shm; the job is configured with %2.")
                   .arg(formatSize(s.requiredBytes), formatSize(shmSize(plan))));
        b.line("Changing them changes what /dev/shm must hold: plan again first.");
    }
    b.line("\"\"\"");
    b.line("");
    if (fileSystem)
        b.line("import torch.multiprocessing");
    b.line("from torch.utils.data import DataLoader");
    if (fileSystem) {
        b.line("");
        b.line("# At import time, not under `if __name__ == \"__main__\"`: spawned workers import");
        b.line("# the training script's modules but skip that block, and they must use the same");
        b.line("# strategy as the main process.");
        b.line("torch.multiprocessing.set_sharing_strategy(\"file_system\")");
        b.note(
            Tr::tr("file_system passes shared-memory names instead of file descriptors, so the "
                   "main process does not run out of open files. It does not reduce /dev/shm use, "
                   "and leaves /dev/shm/torch_* files behind if a process crashes."));
    }
    b.line("");
    b.line("");
    b.line("def make_loader(dataset, **overrides):");
    b.line("    \"\"\"Returns the DataLoader for `dataset`; keyword arguments override the "
           "settings.\"\"\"");
    b.line("    settings = dict(");
    b.line(QStringLiteral("        batch_size=%1,").arg(s.batchSize));
    if (s.fitted && s.batchSize != w.batchSize)
        b.note(Tr::tr("Fitted: the profile's batch size is %1.").arg(w.batchSize));
    b.line(QStringLiteral("        num_workers=%1,").arg(s.numWorkers));
    if (s.fitted && s.numWorkers != w.numWorkers)
        b.note(Tr::tr("Fitted: the profile has %1 workers.").arg(w.numWorkers));
    else if (s.numWorkers == 0)
        b.note(Tr::tr("With no workers the main process loads every batch and uses no /dev/shm."));
    if (s.numWorkers > 0) {
        b.line(QStringLiteral("        prefetch_factor=%1,").arg(s.prefetchFactor));
        b.note(
            Tr::tr("Each worker keeps up to this many batches ready in /dev/shm. Passed only with "
                   "workers: PyTorch 2.x raises ValueError for any prefetch_factor when "
                   "num_workers is 0."));
        b.line(QStringLiteral("        persistent_workers=%1,").arg(pyBool(w.persistentWorkers)));
        b.note(Tr::tr("Passed only with workers: persistent_workers=True with num_workers=0 raises "
                      "ValueError."));
        if (w.startMethod != StartMethod::Fork) {
            b.line(QStringLiteral("        multiprocessing_context=\"%1\",")
                       .arg(startMethodName(w.startMethod)));
            b.note(Tr::tr("Under spawn and forkserver, tensors the Dataset holds are moved into "
                          "/dev/shm when it is sent to the workers; the plan counts them."));
        }
    }
    b.line(QStringLiteral("        pin_memory=%1,").arg(pyBool(w.pinMemory)));
    b.note(Tr::tr("pin_memory copies batches into page-locked RAM; it does not use /dev/shm."));
    b.line("    )");
    b.line("    settings.update(overrides)");
    b.line("    return DataLoader(dataset, **settings)");
    b.finish(&a);
    return a;
}

Artifact preflightScript(const Profile &profile, const ShmPlan &plan)
{
    const LoaderSettings s = loaderSettings(profile, plan);
    const quint64 needKiB = (s.requiredBytes + KiB - 1) / KiB;
    const bool checkNofile = plan.openFiles > 0 && s.numWorkers > 0;
    Artifact a;
    a.id = QStringLiteral("preflight");
    a.title = Tr::tr("Preflight check for the container entrypoint");
    a.fileName = QStringLiteral("shm-preflight.sh");
    a.syntax = QStringLiteral("Bash");
    a.summary = Tr::tr("Checks /dev/shm and the open-file limit when the job starts and stops it "
                       "with a clear message, instead of a Bus error an hour into training. Run it "
                       "before the training command: shm-preflight.sh %1.")
                    .arg(shellJoin(profile.job.command));
    TextBuilder b;
    b.line("#!/bin/sh");
    b.line("# Fails fast when /dev/shm or `ulimit -n` is smaller than this training job needs,");
    b.line("# then runs the command given as arguments (e.g. as a container entrypoint).");
    b.line("me=shm-preflight");
    if (needKiB > 0) {
        b.line(QStringLiteral("need_shm_kib=%1").arg(needKiB));
        b.note(s.fitted ? Tr::tr("%1: what the fitted DataLoader settings need.")
                              .arg(sizeWords(s.requiredBytes))
                        : Tr::tr("%1: the least /dev/shm the plan allows (it recommends %2).")
                              .arg(sizeWords(s.requiredBytes), formatSize(shmSize(plan))));
    }
    if (checkNofile) {
        b.line(QStringLiteral("need_nofile=%1").arg(plan.nofileLimit));
        b.note(Tr::tr("About %1 shared-memory files open at once in the main process, plus the "
                      "files a training process holds anyway.")
                   .arg(plan.openFiles));
    }
    b.line("");
    if (needKiB > 0) {
        b.line("shm_size_kib() {");
        b.line("    # df -P's last line: filesystem, size in KiB, used, available, use%, mount.");
        b.line("    # Split in a function, whose own arguments this replaces, so awk is not");
        b.line("    # needed (slim images may lack it).");
        b.line("    # shellcheck disable=SC2046 # the splitting is the point");
        b.line("    set -- $(df -kP /dev/shm 2>/dev/null | tail -n 1)");
        b.line("    echo \"${2:-}\"");
        b.line("}");
        b.line("shm_kib=$(shm_size_kib)");
        b.line("case $shm_kib in");
        b.line("    '' | *[!0-9]*)");
        b.line("        echo \"$me: cannot read the size of /dev/shm (df -kP /dev/shm failed);"
               " is /dev/shm mounted?\" >&2");
        b.line("        exit 1 ;;");
        b.line("esac");
        b.line("if [ \"$shm_kib\" -lt \"$need_shm_kib\" ]; then");
        b.line("    echo \"$me: /dev/shm is $((shm_kib / 1024)) MiB but this job needs at least"
               " $(((need_shm_kib + 1023) / 1024)) MiB;\" >&2");
        if (profile.shmAdjustable()) {
            b.line(QStringLiteral("    echo \"$me: raise it with %1\" >&2")
                       .arg(QString(raiseHint(profile, plan))
                                .replace(QLatin1Char('"'), QStringLiteral("\\\""))));
            b.line("    echo \"$me: (or lower num_workers, prefetch_factor or batch_size and plan"
                   " again)\" >&2");
        } else {
            b.line("    echo \"$me: /dev/shm cannot be raised here: lower num_workers,"
                   " prefetch_factor or batch_size and plan again\" >&2");
        }
        b.line("    exit 1");
        b.note(Tr::tr("Exits before training starts: a full /dev/shm otherwise shows up as \"Bus "
                      "error\" or \"DataLoader worker ... is killed by signal\" much later."));
        b.line("fi");
    }
    if (checkNofile) {
        b.line("# ulimit -n is not in POSIX, but dash, bash and busybox sh all have it.");
        b.line("# shellcheck disable=SC3045");
        b.line("nofile=$(ulimit -n)");
        b.line("if [ \"$nofile\" != unlimited ] && [ \"$nofile\" -lt \"$need_nofile\" ]; then");
        b.line("    echo \"$me: ulimit -n is $nofile but this job needs $need_nofile open files"
               " (raise nofile, or use the file_system sharing strategy)\" >&2");
        b.line("    exit 1");
        b.note(
            Tr::tr("A low limit gives \"Too many open files\" or \"received 0 items of ancdata\" "
                   "in the DataLoader."));
        b.line("fi");
    }
    b.line("echo \"$me: /dev/shm and open-file limit are enough for this job\" >&2");
    b.line("[ \"$#\" -eq 0 ] || exec \"$@\"");
    b.finish(&a);
    return a;
}

} // namespace shmwise::gen
