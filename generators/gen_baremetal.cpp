// SPDX-License-Identifier: GPL-3.0-or-later
#include "gen_baremetal.h"
#include "gen_common.h"

namespace shmwise::gen {

namespace {

Artifact remount(const Profile &profile, const ShmPlan &plan)
{
    const Bytes size = shmSize(plan);
    Artifact a;
    a.id = QStringLiteral("remount");
    a.title = Tr::tr("Resize /dev/shm now");
    a.fileName = QStringLiteral("remount-dev-shm.sh");
    a.syntax = QStringLiteral("Bash");
    a.summary = Tr::tr("Resizes the running /dev/shm to %1 without a reboot and without touching "
                       "the files in it. It lasts until the next boot; the fstab line makes it "
                       "permanent.")
                    .arg(formatSize(size)) +
                notAdjustableRemark(profile);
    TextBuilder b;
    b.line("#!/bin/sh");
    b.line("set -e");
    b.line(QStringLiteral("mount -o remount,size=%1 /dev/shm").arg(kernelSize(size)));
    b.note(Tr::tr("Run as root. tmpfs takes k, m, g or t after the number (not \"gb\"); %1 is %2, "
                  "what the plan recommends (it needs at least %3).")
               .arg(kernelSize(size), sizeWords(size), formatSize(plan.requiredBytes)));
    b.noteAt(b.lineCount(),
             Tr::tr("tmpfs takes RAM only as files are written, but a full /dev/shm competes with "
                    "processes and the page cache: keep it well under the machine's memory."));
    b.line("df -h /dev/shm");
    b.note(Tr::tr("Shows the new size."));
    b.finish(&a);
    return a;
}

Artifact fstab(const Profile &profile, const ShmPlan &plan)
{
    const Bytes size = shmSize(plan);
    Artifact a;
    a.id = QStringLiteral("fstab");
    a.title = Tr::tr("/etc/fstab line for /dev/shm");
    a.fileName = QStringLiteral("fstab");
    a.syntax = QStringLiteral("fstab");
    a.summary = Tr::tr("Keeps /dev/shm at %1 across reboots. Replace the existing /dev/shm line of "
                       "/etc/fstab, if there is one, with this line.")
                    .arg(formatSize(size)) +
                notAdjustableRemark(profile);
    TextBuilder b;
    b.line("# /dev/shm sized for the training job; replaces any other /dev/shm line");
    b.line(QStringLiteral("tmpfs /dev/shm tmpfs defaults,nosuid,nodev,size=%1 0 0")
               .arg(kernelSize(size)));
    b.note(Tr::tr("size=%1 is %2 in the kernel's tmpfs syntax. nosuid and nodev are what "
                  "distributions mount /dev/shm with.")
               .arg(kernelSize(size), sizeWords(size)));
    b.note(
        Tr::tr("To apply it without a reboot: mount -o remount /dev/shm (mount takes the options "
               "from /etc/fstab)."));
    b.finish(&a);
    return a;
}

Artifact limits(const ShmPlan &plan)
{
    Artifact a;
    a.id = QStringLiteral("limits");
    a.title = Tr::tr("Open-file limit (/etc/security/limits.d)");
    a.fileName = QStringLiteral("90-shmwise-nofile.conf");
    a.syntax = QStringLiteral("INI");
    a.summary =
        Tr::tr("With the file_descriptor sharing strategy the main process keeps one open file per "
               "shared tensor: about %1 here, more than the usual limit of %2. Too low a limit "
               "gives \"Too many open files\" or \"received 0 items of ancdata\". Install as "
               "/etc/security/limits.d/90-shmwise-nofile.conf; it applies from the next login.")
            .arg(plan.openFiles)
            .arg(model::DefaultNofile);
    TextBuilder b;
    b.line("# /etc/security/limits.d/90-shmwise-nofile.conf");
    b.line(QStringLiteral("*    soft    nofile    %1").arg(plan.nofileLimit));
    b.note(Tr::tr("The soft limit is what `ulimit -n` shows; %1 covers the shared tensors and the "
                  "files a training process holds anyway.")
               .arg(plan.nofileLimit));
    b.line(QStringLiteral("*    hard    nofile    %1").arg(plan.nofileLimit));
    b.note(Tr::tr("The hard limit caps the soft one, so it must be at least as high."));
    b.noteAt(1, Tr::tr("pam_limits applies this to login sessions. A systemd service needs "
                       "LimitNOFILE=%1 in its unit instead.")
                    .arg(plan.nofileLimit));
    b.finish(&a);
    return a;
}

Artifact sysvSysctl()
{
    Artifact a;
    a.id = QStringLiteral("sysctl-sysv");
    a.title = Tr::tr("System V shared memory settings (not for /dev/shm)");
    a.fileName = QStringLiteral("90-shmwise-sysv-ipc.conf");
    a.syntax = QStringLiteral("INI");
    a.summary = Tr::tr(
        "Only for programs that use System V shared memory (shmget), such as some databases. "
        "kernel.shmmax, kernel.shmall and kernel.shmmni do not size /dev/shm: raising them does "
        "nothing for a PyTorch DataLoader, whose shared memory lives in /dev/shm. Since Linux "
        "3.16 the first two default to effectively unlimited, so this file only restores the "
        "kernel defaults where something lowered them. Install as "
        "/etc/sysctl.d/90-shmwise-sysv-ipc.conf and load it with sysctl -p FILE.");
    TextBuilder b;
    b.line("# System V IPC only: these do NOT change the size of /dev/shm.");
    b.line("# /etc/sysctl.d/90-shmwise-sysv-ipc.conf");
    b.line("kernel.shmmax = 18446744073692774399");
    b.note(Tr::tr("The largest single System V segment, in bytes: the kernel's own default since "
                  "3.16 (ULONG_MAX - 2^24)."));
    b.line("kernel.shmall = 18446744073692774399");
    b.note(Tr::tr("All System V segments together, in pages: the kernel's default since 3.16."));
    b.line("kernel.shmmni = 4096");
    b.note(Tr::tr("The number of System V segments: the kernel's default. The kernel accepts at "
                  "most 32768."));
    b.noteAt(1, Tr::tr("These limits are per IPC namespace: a container sees its own defaults, not "
                       "the host's values."));
    b.finish(&a);
    return a;
}

} // namespace

QVector<Artifact> bareMetalArtifacts(const Profile &profile, const ShmPlan &plan)
{
    QVector<Artifact> out{remount(profile, plan), fstab(profile, plan)};
    if (needsNofile(plan))
        out << limits(plan);
    out << sysvSysctl();
    return out;
}

} // namespace shmwise::gen
