// SPDX-License-Identifier: GPL-3.0-or-later
#include "generators/gen_baremetal_p.h"
#include "generators/gen_common.h"

#include <algorithm>

namespace shmwise::gen {

namespace {

// What the host's /dev/shm is known to be: probed (host.shm_bytes) or unknown.
struct ShmNow
{
    std::optional<Bytes> current; // host.shm_bytes
    Bytes required = 0;
    Bytes target = 0; // the size a change writes: never below the current one
    bool enough() const { return required == 0 || (current && *current >= required); }
};

ShmNow shmNow(const Profile &profile, const ShmPlan &plan)
{
    ShmNow n;
    n.current = profile.host.shmBytes;
    n.required = plan.requiredBytes;
    n.target = std::max(shmSize(plan), n.current.value_or(0));
    return n;
}

// The sentence on the default when the current size is not known.
QString defaultWords(const Profile &profile)
{
    if (profile.host.memoryBytes)
        return Tr::tr("systemd mounts /dev/shm at half of RAM by default (%1 of this host's "
                      "%2), unless the host's fstab or its mount options say otherwise: df -h "
                      "/dev/shm shows the size it has.")
            .arg(formatSize(*profile.host.memoryBytes / 2), formatSize(*profile.host.memoryBytes));
    return Tr::tr("systemd mounts /dev/shm at half of RAM by default, unless the host's fstab "
                  "says otherwise.");
}

// df -P's size of /dev/shm in KiB into $cur_kib, without awk (slim systems may lack it).
void readShmKib(TextBuilder &b)
{
    b.line("shm_size_kib() {");
    b.comment("    # ", QT_TRANSLATE_NOOP("shmwise::FileText",
                                          "df -P's last line: filesystem, size in KiB, used, "
                                          "available, use%, mount."));
    b.line("    # shellcheck disable=SC2046 # the splitting is the point");
    b.line("    set -- $(df -kP /dev/shm 2>/dev/null | tail -n 1)");
    b.line("    echo \"${2:-}\"");
    b.line("}");
    b.line("cur_kib=$(shm_size_kib)");
    b.line("case $cur_kib in");
    b.line("    '' | *[!0-9]*)");
    b.line("        echo \"$me: cannot read the size of /dev/shm (df -kP /dev/shm failed)\" >&2");
    b.line("        exit 1 ;;");
    b.line("esac");
}

quint64 kibUp(Bytes b)
{
    return b / KiB + (b % KiB ? 1 : 0);
}

// When /dev/shm is already large enough: a check, not a change.
Artifact check(const Profile &profile, const ShmNow &now, const FileText &text)
{
    Artifact a;
    a.id = QStringLiteral("check-dev-shm");
    a.title = Tr::tr("Check /dev/shm (no change needed)");
    a.fileName = QStringLiteral("check-dev-shm.sh");
    a.syntax = QStringLiteral("Bash");
    a.summary =
        now.required == 0
            ? Tr::tr("This job puts nothing in /dev/shm (no DataLoader workers and nothing else "
                     "shared), so /dev/shm needs no change; a smaller size would only shrink it "
                     "for every other user of the host. The script shows its size.")
            : Tr::tr("/dev/shm is %1 (probed or given), at least the %2 this job needs: nothing "
                     "to change, and writing a smaller size would shrink it for every other user "
                     "of the host. The script checks that it is still that large.")
                  .arg(formatSize(*now.current), formatSize(now.required));
    a.summary += notAdjustableRemark(profile);
    TextBuilder b(text);
    b.line("#!/bin/sh");
    b.line("me=check-dev-shm");
    b.line(QStringLiteral("need_kib=%1").arg(kibUp(now.required)));
    b.note(Tr::tr("%1: the least /dev/shm the plan allows for this job.")
               .arg(sizeWords(now.required)));
    readShmKib(b);
    b.line("if [ \"$cur_kib\" -lt \"$need_kib\" ]; then");
    b.line("    echo \"$me: /dev/shm is $((cur_kib / 1024)) MiB but this job needs"
           " $(((need_kib + 1023) / 1024)) MiB: probe the host and plan again\" >&2");
    b.line("    exit 1");
    b.note(Tr::tr("The size was probed earlier; this catches a host that changed since."));
    b.line("fi");
    b.line("echo \"$me: /dev/shm is $((cur_kib / 1024)) MiB, enough for this job: nothing to"
           " change\"");
    b.finish(&a);
    return a;
}

Artifact remount(const Profile &profile, const ShmPlan &plan, const ShmNow &now,
                 const FileText &text)
{
    const Bytes size = now.target;
    Artifact a;
    a.id = QStringLiteral("remount");
    a.title = Tr::tr("Resize /dev/shm now");
    a.fileName = QStringLiteral("remount-dev-shm.sh");
    a.syntax = QStringLiteral("Bash");
    a.summary = (now.current ? Tr::tr("/dev/shm is %1 (probed or given), less than the %2 this job "
                                      "needs. ")
                                   .arg(formatSize(*now.current), formatSize(now.required))
                             : defaultWords(profile) + QLatin1Char(' ')) +
                Tr::tr("The script compares the current size first: below %1 it resizes the "
                       "running /dev/shm to %1 without a reboot and without touching the files "
                       "in it; at %1 or more it leaves it as it is, since a smaller size would "
                       "shrink it for every other user of the host. A resize lasts until the "
                       "next boot; the fstab line makes it permanent.")
                    .arg(formatSize(size)) +
                notAdjustableRemark(profile);
    TextBuilder b(text);
    b.line("#!/bin/sh");
    b.line("set -e");
    b.line("me=remount-dev-shm");
    b.line(QStringLiteral("want_kib=%1").arg(kibUp(size)));
    b.note(Tr::tr("%1, what the plan recommends (it needs at least %2).")
               .arg(sizeWords(size), formatSize(plan.requiredBytes)));
    readShmKib(b);
    b.line("if [ \"$cur_kib\" -ge \"$want_kib\" ]; then");
    b.line("    echo \"$me: /dev/shm is already $((cur_kib / 1024)) MiB, at least the"
           " $(((want_kib + 1023) / 1024)) MiB planned: left as it is\"");
    b.line("    exit 0");
    b.note(Tr::tr("Never shrinks: a remount below the current size would starve other jobs, "
                  "and one below the current use fails."));
    b.line("fi");
    b.line(QStringLiteral("mount -o remount,size=%1 /dev/shm").arg(kernelSize(size)));
    b.note(Tr::tr("Run as root. tmpfs takes k, m, g or t after the number (not \"gb\"); %1 is "
                  "%2.")
               .arg(kernelSize(size), sizeWords(size)));
    b.noteAt(b.lineCount(),
             Tr::tr("tmpfs takes RAM only as files are written, but a full /dev/shm competes with "
                    "processes and the page cache: keep it well under the machine's memory."));
    b.line("df -h /dev/shm");
    b.note(Tr::tr("Shows the new size."));
    b.finish(&a);
    return a;
}

Artifact fstab(const Profile &profile, const ShmPlan &plan, const ShmNow &now, const FileText &text)
{
    const Bytes size = now.target;
    Artifact a;
    a.id = QStringLiteral("fstab");
    a.title = Tr::tr("/etc/fstab line for /dev/shm");
    a.fileName = QStringLiteral("fstab");
    a.syntax = QStringLiteral("fstab");
    a.summary = Tr::tr("Keeps /dev/shm at %1 across reboots. Replace the existing /dev/shm line of "
                       "/etc/fstab, if there is one, with this line.")
                    .arg(formatSize(size));
    if (!now.current)
        a.summary += QLatin1Char(' ') + defaultWords(profile) + QLatin1Char(' ') +
                     Tr::tr("Use the line only where df -h /dev/shm shows less than %1: on a "
                            "host where it is larger, the line would shrink it at the next "
                            "boot.")
                         .arg(formatSize(size));
    a.summary += notAdjustableRemark(profile);
    TextBuilder b(text);
    if (now.current) {
        b.comment("# ", QT_TRANSLATE_NOOP("shmwise::FileText",
                                          "/dev/shm sized for the training job; replaces any "
                                          "other /dev/shm line"));
    } else {
        b.comment("# ", b.fileText(QT_TRANSLATE_NOOP("shmwise::FileText",
                                                     "/dev/shm sized for the training job; "
                                                     "replaces any other /dev/shm line\n"
                                                     "only where /dev/shm is now smaller than "
                                                     "%1: never shrink it"))
                            .arg(kernelSize(size)));
        b.note(Tr::tr("The current size was not probed: compare with df -h /dev/shm first."));
    }
    b.line(QStringLiteral("tmpfs /dev/shm tmpfs defaults,nosuid,nodev,size=%1 0 0")
               .arg(kernelSize(size)));
    b.note(Tr::tr("size=%1 is %2 in the kernel's tmpfs syntax (the plan needs at least %3). "
                  "nosuid and nodev are what distributions mount /dev/shm with.")
               .arg(kernelSize(size), sizeWords(size), formatSize(plan.requiredBytes)));
    b.note(
        Tr::tr("To apply it without a reboot: mount -o remount /dev/shm (mount takes the options "
               "from /etc/fstab)."));
    b.finish(&a);
    return a;
}

Artifact limits(const ShmPlan &plan, const FileText &text)
{
    // systemd's default hard limit; a hard line below it would lower it.
    constexpr quint64 SystemdHardNofile = 524288;
    const bool hard = plan.nofileLimit > SystemdHardNofile;
    Artifact a;
    a.id = QStringLiteral("limits");
    a.title = Tr::tr("Open-file limit (/etc/security/limits.d)");
    a.fileName = QStringLiteral("90-shmwise-nofile.conf");
    a.syntax = QStringLiteral("INI");
    a.summary =
        Tr::tr("With the file_descriptor sharing strategy the main process keeps one open file per "
               "shared tensor: about %1 here, more than the usual soft limit of %2. Too low a "
               "limit gives \"Too many open files\" or \"received 0 items of ancdata\". Install "
               "as /etc/security/limits.d/90-shmwise-nofile.conf; it applies from the next "
               "login.")
            .arg(plan.openFiles)
            .arg(model::DefaultNofile);
    TextBuilder b(text);
    b.line("# /etc/security/limits.d/90-shmwise-nofile.conf");
    b.line(QStringLiteral("*       soft    nofile    %1").arg(plan.nofileLimit));
    b.note(Tr::tr("The soft limit is what `ulimit -n` shows; %1 covers the shared tensors and the "
                  "files a training process holds anyway.")
               .arg(plan.nofileLimit));
    b.line(QStringLiteral("root    soft    nofile    %1").arg(plan.nofileLimit));
    b.note(Tr::tr("pam_limits does not apply '*' lines to root: this line is for training run "
                  "as root."));
    if (hard) {
        b.line(QStringLiteral("*       hard    nofile    %1").arg(plan.nofileLimit));
        b.note(Tr::tr("Above systemd's default hard limit of %1, so the hard limit is raised "
                      "too: a soft limit above the hard one is lowered to it.")
                   .arg(SystemdHardNofile));
        b.line(QStringLiteral("root    hard    nofile    %1").arg(plan.nofileLimit));
    } else {
        b.noteAt(2, Tr::tr("No hard line: systemd's default hard limit is %1, above %2, and a "
                           "hard line below the current hard limit would lower it. If ulimit -Hn "
                           "shows less than %2, the soft limit is capped there: raise the hard "
                           "limit to %2 as well.")
                        .arg(SystemdHardNofile)
                        .arg(plan.nofileLimit));
    }
    b.noteAt(1, Tr::tr("pam_limits applies this to login sessions. A systemd service needs "
                       "LimitNOFILE=%1 in its unit instead.")
                    .arg(plan.nofileLimit));
    b.finish(&a);
    return a;
}

Artifact sysvSysctl(const FileText &text)
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
    TextBuilder b(text);
    b.comment("# ", QT_TRANSLATE_NOOP("shmwise::FileText",
                                      "System V IPC only: these do NOT change the size of "
                                      "/dev/shm."));
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

QVector<Artifact> bareMetalArtifacts(const Profile &profile, const ShmPlan &plan,
                                     const FileText &text)
{
    const ShmNow now = shmNow(profile, plan);
    QVector<Artifact> out;
    if (now.enough())
        out << check(profile, now, text);
    else
        out << remount(profile, plan, now, text) << fstab(profile, plan, now, text);
    if (needsNofile(plan))
        out << limits(plan, text);
    // Only for a job that says it uses System V shared memory: the file sizes nothing of
    // /dev/shm, and offered to everyone it reads as a fix for the Bus error.
    if (profile.job.systemVIpc)
        out << sysvSysctl(text);
    return out;
}

} // namespace shmwise::gen
