// SPDX-License-Identifier: GPL-3.0-or-later
#include "generators/gen_common.h"
#include "generators/gen_dataloader_p.h"
#include "generators/gen_preflight_p.h"

namespace shmwise::gen {

namespace {

// What to change when /dev/shm is too small, in the words of the profile's environment.
QString raiseHint(const Profile &profile, const ShmPlan &plan)
{
    const Bytes size = shmSize(plan);
    switch (profile.environment) {
    case Environment::BareMetal:
        return QStringLiteral("mount -o remount,size=%1 /dev/shm, if it is smaller than %1 now")
            .arg(kernelSize(size));
    case Environment::Docker:
        return QStringLiteral("docker run --shm-size=%1").arg(dockerSize(size));
    case Environment::Podman:
        return QStringLiteral("podman run --shm-size=%1").arg(dockerSize(size));
    case Environment::Compose:
        return QStringLiteral("shm_size: \"%1\" in the compose file").arg(dockerSize(size));
    case Environment::Swarm:
        return QStringLiteral("a tmpfs volume at /dev/shm of size %1 in the stack file, or "
                              "default-shm-size in daemon.json on every node")
            .arg(size);
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

Artifact preflightScript(const Profile &profile, const ShmPlan &plan, const FileText &text)
{
    const LoaderSettings s = loaderSettings(profile, plan);
    // A loader that fits itself to the free space when it starts still runs on less than the
    // plan asks for: then a shortfall is a warning, not a reason to stop the job.
    const bool adaptive = loaderFitsAtRunTime(profile);
    const Bytes needBytes = adaptive ? plan.requiredBytes : s.requiredBytes;
    const quint64 needKiB = (needBytes + KiB - 1) / KiB;
    // What the main process really holds: the shared tensors in flight plus the files any
    // training process has open. The limit the plan recommends is this rounded up.
    const quint64 needNofile = satAdd(plan.openFiles, model::BaseOpenFiles);
    const bool checkNofile = plan.openFiles > 0 && s.numWorkers > 0;
    Artifact a;
    a.id = QStringLiteral("preflight");
    a.title = environmentRunsInContainer(profile.environment)
                  ? Tr::tr("Preflight check for the container entrypoint")
                  : Tr::tr("Preflight check before the training command");
    a.fileName = QStringLiteral("shm-preflight.sh");
    a.syntax = QStringLiteral("Bash");
    a.summary = Tr::tr("Checks the free space in /dev/shm and the open-file limit when the job "
                       "starts and stops it with a clear message, instead of a Bus error an hour "
                       "into training. Run it before the training command: shm-preflight.sh %1.")
                    .arg(shellJoin(profile.job.command));
    if (s.shmUnknown)
        a.summary += QLatin1Char(' ') +
                     Tr::tr("It prints the size of /dev/shm it finds: this platform does not "
                            "document it, so give what it prints as the current /dev/shm (the "
                            "profile's host.shm_bytes) and generate again.");
    TextBuilder b(text);
    b.line("#!/bin/sh");
    b.comment("# ", QT_TRANSLATE_NOOP("shmwise::FileText",
                                      "Fails fast when /dev/shm has less free space, or `ulimit "
                                      "-n` is lower, than this\ntraining job needs, then runs the "
                                      "command given as arguments (e.g. as a container\n"
                                      "entrypoint)."));
    b.line("me=shm-preflight");
    if (needKiB > 0) {
        b.line(QStringLiteral("need_shm_kib=%1").arg(needKiB));
        if (adaptive)
            b.note(Tr::tr("%1: what the profile's own DataLoader settings need. With less free, "
                          "make_loader() takes leaner settings that fit, so this only warns.")
                       .arg(sizeWords(needBytes)));
        else
            b.note(s.fitted ? Tr::tr("%1: what the fitted DataLoader settings need.")
                                  .arg(sizeWords(s.requiredBytes))
                            : Tr::tr("%1: the least /dev/shm the plan allows (it recommends %2).")
                                  .arg(sizeWords(s.requiredBytes), formatSize(shmSize(plan))));
    }
    if (checkNofile) {
        b.line(QStringLiteral("need_nofile=%1").arg(needNofile));
        b.note(Tr::tr("About %1 shared-memory files open at once in the main process, plus %2 "
                      "for the files a training process holds anyway (the plan recommends a "
                      "limit of %3).")
                   .arg(plan.openFiles)
                   .arg(model::BaseOpenFiles)
                   .arg(plan.nofileLimit));
    }
    b.line("");
    if (needKiB > 0) {
        b.line("shm_df() {");
        b.comment("    # ", QT_TRANSLATE_NOOP("shmwise::FileText",
                                              "df -P's last line: filesystem, size in KiB, used, "
                                              "available, use%, mount."));
        b.comment("    # ", QT_TRANSLATE_NOOP("shmwise::FileText",
                                              "Split in a function, whose own arguments this "
                                              "replaces, so awk is not\nneeded (slim images may "
                                              "lack it)."));
        b.line("    # shellcheck disable=SC2046 # the splitting is the point");
        b.line("    set -- $(df -kP /dev/shm 2>/dev/null | tail -n 1)");
        b.line("    shm_kib=${2:-} free_kib=${4:-}");
        b.line("}");
        b.line("shm_df");
        b.line("case $shm_kib:$free_kib in");
        b.line("    :* | *: | *[!0-9:]*)");
        b.line("        echo \"$me: cannot read the size of /dev/shm (df -kP /dev/shm failed);"
               " is /dev/shm mounted?\" >&2");
        b.line("        exit 1 ;;");
        b.line("esac");
        b.line("echo \"$me: /dev/shm is $((shm_kib / 1024)) MiB, $((free_kib / 1024)) MiB free\""
               " >&2");
        if (s.shmUnknown)
            b.note(Tr::tr("The size this platform gives: put it in the profile as "
                          "host.shm_bytes."));
        b.line("if [ \"$free_kib\" -lt \"$need_shm_kib\" ]; then");
        b.note(Tr::tr("Free space, not the size: files other processes keep in /dev/shm count "
                      "against this job too."));
        if (adaptive) {
            b.line("    echo \"$me: warning: /dev/shm has $((free_kib / 1024)) MiB free, less than"
                   " the $(((need_shm_kib + 1023) / 1024)) MiB the planned DataLoader settings"
                   " need;\" >&2");
            b.line("    echo \"$me: make_loader() in shmwise_loader.py will take leaner settings"
                   " that fit (fewer workers, a smaller prefetch_factor or batch_size)\" >&2");
        } else {
            b.line("    echo \"$me: /dev/shm has $((free_kib / 1024)) MiB free but this job needs"
                   " at least $(((need_shm_kib + 1023) / 1024)) MiB;\" >&2");
            if (profile.shmAdjustable()) {
                b.line(QStringLiteral("    echo \"$me: raise it with %1\" >&2")
                           .arg(QString(raiseHint(profile, plan))
                                    .replace(QLatin1Char('"'), QStringLiteral("\\\""))));
                b.line("    echo \"$me: (or free it, or lower num_workers, prefetch_factor or"
                       " batch_size and plan again)\" >&2");
            } else {
                b.line("    echo \"$me: /dev/shm cannot be raised here: lower num_workers,"
                       " prefetch_factor or batch_size and plan again\" >&2");
            }
            b.line("    exit 1");
            b.note(Tr::tr("Exits before training starts: a full /dev/shm otherwise shows up as "
                          "\"Bus error\" or \"DataLoader worker ... is killed by signal\" much "
                          "later."));
        }
        b.line("fi");
    }
    if (checkNofile) {
        b.comment("# ", QT_TRANSLATE_NOOP("shmwise::FileText",
                                          "ulimit -n is not in POSIX, but dash, bash and busybox "
                                          "sh all have it."));
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
