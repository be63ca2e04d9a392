// SPDX-License-Identifier: GPL-3.0-or-later
#include "probes/findings.h"

#include "probes/findings_limits_p.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <algorithm>

namespace shmwise {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::Findings)
};

// Linux >= 3.16 defaults (include/uapi/linux/shm.h): SHMMAX and SHMALL are ULONG_MAX - 2^24,
// SHMMNI is 4096. Anything else was set by someone.
constexpr quint64 SysvUnlimited = 18446744073692774399ULL;
constexpr quint64 SysvShmmniDefault = 4096;

bool inKubernetes(const HostFacts &f)
{
    return f.orchestrator == QLatin1String("kubernetes");
}

// A word for a shell command in a fix text: left bare when it is only letters, digits and
// "_.@-" (not starting with "-"), else single-quoted with each ' written '\''. Probed values (a
// user name a host reports) may hold anything: pasted into a shell, they stay one word.
QString shellWord(const QString &s)
{
    static const QRegularExpression bare(QStringLiteral("^[A-Za-z0-9_][A-Za-z0-9_.@-]*$"));
    if (bare.match(s).hasMatch())
        return s;
    QString q = s;
    q.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
    return QLatin1Char('\'') + q + QLatin1Char('\'');
}

QString shmFixFor(const HostFacts &f, const QString &size)
{
    if (inKubernetes(f))
        return Tr::tr("Mount an emptyDir with medium: Memory and sizeLimit: %1 at /dev/shm, and "
                      "raise the container's limits.memory by the same amount (its pages count "
                      "against the memory limit).")
            .arg(size);
    if (f.containerRuntime == QLatin1String("podman"))
        return Tr::tr("Run the container with --shm-size=%1 (or --ipc=host, which shares the "
                      "host's /dev/shm; podman refuses both together).")
            .arg(size);
    if (f.containerRuntime != QLatin1String("none") &&
        f.containerRuntime != QLatin1String("unknown"))
        return Tr::tr("Run the container with --shm-size=%1 (compose: shm_size: %1), or with "
                      "--ipc=host to share the host's /dev/shm.")
            .arg(size);
    return Tr::tr(
               "Resize /dev/shm now with `mount -o remount,size=%1 /dev/shm`, and for reboots add "
               "`tmpfs /dev/shm tmpfs defaults,size=%1 0 0` to /etc/fstab.")
        .arg(size);
}

} // namespace

QVector<Finding> findingsForHost(const HostFacts &f, const ShmPlan *plan)
{
    QVector<Finding> out;
    const QString runtime = f.containerRuntime;
    const bool container = runtime != QLatin1String("none") && runtime != QLatin1String("unknown");

    // 64 MiB is what Docker, Podman and containerd give a container that asked for nothing; on
    // a host, a /dev/shm of exactly that size is just as small, so the size alone is evidence.
    if (f.shmSizeBytes && *f.shmSizeBytes == 64 * MiB) {
        Finding x;
        x.id = QLatin1String(finding::ShmContainerDefault);
        x.severity = FindingSeverity::Warning;
        x.title = Tr::tr("/dev/shm is the 64 MiB container default");
        QString where = inKubernetes(f) ? Tr::tr("Kubernetes pod")
                        : container     ? Tr::tr("%1 container").arg(runtime)
                                        : Tr::tr("no container detected");
        x.evidence = Tr::tr("/dev/shm is 64 MiB (%1). A DataLoader with workers fills that with a "
                            "few batches and its workers die with a Bus error.")
                         .arg(where);
        // The size in the syntax of the place the fix goes (a Kubernetes quantity is not a
        // Docker size); 8 GiB when there is no plan to size it from.
        const Bytes size = plan ? plan->recommendedBytes : 8 * GiB;
        x.fix = shmFixFor(f, inKubernetes(f) ? kubernetesQuantity(size)
                             : container     ? dockerSize(size)
                                             : kernelSize(size));
        if (!plan)
            x.fix += QLatin1Char(' ') +
                     Tr::tr("Size it for your job on the wizard's Workload page or with "
                            "`shmwise plan` instead of guessing.");
        out << x;
    }

    if (plan && f.shmSizeBytes && plan->requiredBytes > *f.shmSizeBytes) {
        Finding x;
        x.id = QLatin1String(finding::ShmBelowPlan);
        x.severity = FindingSeverity::Error;
        x.title = Tr::tr("/dev/shm is smaller than the job needs");
        x.evidence = Tr::tr("/dev/shm is %1; the plan needs at least %2 (recommended %3).")
                         .arg(formatSize(*f.shmSizeBytes), formatSize(plan->requiredBytes),
                              formatSize(plan->recommendedBytes));
        x.fix = shmFixFor(f, inKubernetes(f) ? kubernetesQuantity(plan->recommendedBytes)
                             : container     ? dockerSize(plan->recommendedBytes)
                                             : kernelSize(plan->recommendedBytes));
        out << x;
    } else if (plan && f.shmFreeBytes && f.shmSizeBytes && plan->requiredBytes <= *f.shmSizeBytes &&
               plan->requiredBytes > *f.shmFreeBytes) {
        Finding x;
        x.id = QLatin1String(finding::ShmBelowPlan);
        x.severity = FindingSeverity::Warning;
        x.title = Tr::tr("/dev/shm is big enough, but too full for the job");
        x.evidence = Tr::tr("/dev/shm is %1 with only %2 free; the plan needs %3.")
                         .arg(formatSize(*f.shmSizeBytes), formatSize(*f.shmFreeBytes),
                              formatSize(plan->requiredBytes));
        x.fix = Tr::tr("Find what holds it (`ls -la /dev/shm`): leftover torch_* files of crashed "
                       "jobs can be removed once no job runs; otherwise make /dev/shm larger.");
        out << x;
    }

    // Pages in /dev/shm are charged to the memory cgroup of the process that touches them: a
    // limit below what /dev/shm will hold gets the job OOM-killed before /dev/shm is full.
    if (f.memoryLimitBytes) {
        const Bytes shm = plan ? plan->requiredBytes : f.shmSizeBytes.value_or(0);
        if (shm > 0 && *f.memoryLimitBytes <= shm) {
            Finding x;
            x.id = QLatin1String(finding::MemoryLimitBelowShm);
            x.severity = plan ? FindingSeverity::Error : FindingSeverity::Warning;
            x.title = Tr::tr("The memory limit is below what /dev/shm will hold");
            x.evidence = plan ? Tr::tr("The cgroup memory limit is %1; the job's /dev/shm alone "
                                       "needs %2, and its processes need memory besides.")
                                    .arg(formatSize(*f.memoryLimitBytes), formatSize(shm))
                              : Tr::tr("The cgroup memory limit is %1 and /dev/shm is %2: filling "
                                       "/dev/shm gets the job OOM-killed first, since its pages "
                                       "count against the limit.")
                                    .arg(formatSize(*f.memoryLimitBytes), formatSize(shm));
            x.fix = inKubernetes(f)
                        ? Tr::tr("Raise the container's resources.limits.memory to cover /dev/shm "
                                 "plus the job's own memory.")
                        : Tr::tr("Raise the memory limit (docker --memory, compose mem_limit or "
                                 "deploy.resources.limits.memory) to cover /dev/shm plus the job's "
                                 "own memory.");
            out << x;
        }
    }

    if (plan && plan->openFiles > 0 && f.nofileSoft && *f.nofileSoft < plan->nofileLimit) {
        Finding x;
        x.id = QLatin1String(finding::NofileBelowPlan);
        x.severity = *f.nofileSoft < plan->openFiles + model::BaseOpenFiles
                         ? FindingSeverity::Error
                         : FindingSeverity::Warning;
        x.title = Tr::tr("The open-files limit is below what the job holds");
        x.evidence = Tr::tr("ulimit -n is %1; the main process holds about %2 shared-memory "
                            "descriptors at once and the plan asks for %3.")
                         .arg(*f.nofileSoft)
                         .arg(plan->openFiles)
                         .arg(plan->nofileLimit);
        x.fix = container
                    ? Tr::tr("Run the container with --ulimit nofile=%1:%1 (compose: ulimits: "
                             "nofile: {soft: %1, hard: %1}), or use the file_system sharing "
                             "strategy.")
                          .arg(plan->nofileLimit)
                    : Tr::tr("Raise it with `ulimit -n %1` in the job's shell (up to the hard "
                             "limit, %2) or a nofile line in /etc/security/limits.d/, or use "
                             "the file_system sharing strategy.")
                          .arg(plan->nofileLimit)
                          .arg(f.nofileHard ? QString::number(*f.nofileHard) : Tr::tr("unknown"));
        out << x;
    }

    const bool shmmaxSet = f.shmmax && *f.shmmax != SysvUnlimited;
    const bool shmallSet = f.shmall && *f.shmall != SysvUnlimited;
    const bool shmmniSet = f.shmmni && *f.shmmni != SysvShmmniDefault;
    if (shmmaxSet || shmallSet || shmmniSet) {
        Finding x;
        x.id = QLatin1String(finding::SysvTuningIrrelevant);
        x.severity = FindingSeverity::Info;
        x.title = Tr::tr("kernel.shm* settings do not size /dev/shm");
        QStringList set;
        if (shmmaxSet)
            set << QStringLiteral("kernel.shmmax=%1").arg(*f.shmmax);
        if (shmallSet)
            set << QStringLiteral("kernel.shmall=%1").arg(*f.shmall);
        if (shmmniSet)
            set << QStringLiteral("kernel.shmmni=%1").arg(*f.shmmni);
        x.evidence = Tr::tr("%1 differ from the kernel's defaults. They limit System V shared "
                            "memory (shmget), which PyTorch's DataLoader does not use.")
                         .arg(set.join(QStringLiteral(", ")));
        x.fix =
            Tr::tr("Leave them at the defaults (since Linux 3.16 effectively unlimited) and size "
                   "/dev/shm itself.");
        out << x;
    }

    if (f.shmTorchFiles && *f.shmTorchFiles > 0 && f.shmUsedBytes && f.shmSizeBytes &&
        *f.shmSizeBytes > 0 && *f.shmUsedBytes * 2 > *f.shmSizeBytes) {
        Finding x;
        x.id = QLatin1String(finding::ShmStaleFiles);
        x.severity = FindingSeverity::Warning;
        x.title = Tr::tr("/dev/shm is more than half full of PyTorch or NCCL files");
        x.evidence = Tr::tr("%1 torch_* or nccl-* files; %2 of %3 used.")
                         .arg(*f.shmTorchFiles)
                         .arg(formatSize(*f.shmUsedBytes), formatSize(*f.shmSizeBytes));
        x.fix = Tr::tr("If no training job runs now they are left over from crashed jobs (the "
                       "file_system strategy leaves them behind): remove them.");
        out << x;
    }

    // systemd-logind's uid_is_system(): below 1000 on Debian and most distributions.
    constexpr quint64 FirstNormalUid = 1000;
    if (f.logindRemoveIpc.value_or(false) && f.uid && *f.uid >= FirstNormalUid &&
        !f.linger.value_or(false)) {
        Finding x;
        x.id = QLatin1String(finding::LogindRemovesIpc);
        x.severity = FindingSeverity::Warning;
        x.title = Tr::tr("Logging out deletes this user's /dev/shm files");
        const QString user =
            f.userName.isEmpty() ? QStringLiteral("uid %1").arg(*f.uid) : f.userName;
        x.evidence = Tr::tr("systemd-logind has RemoveIPC=yes (the default), and %1 (uid %2) is "
                            "neither root nor a system user and does not linger: when the user's "
                            "last session ends, logind removes the user's POSIX shared memory "
                            "(/dev/shm files) and System V IPC. A training job started over SSH "
                            "with nohup, screen or tmux loses its DataLoader's shared memory "
                            "then, and fails with files that vanished.")
                         .arg(user)
                         .arg(*f.uid);
        x.fix = Tr::tr("Any one of: loginctl enable-linger %1 (the user's IPC then stays); run "
                       "the job as a system user or as a service (systemd-run, a Slurm or cron "
                       "job); or set RemoveIPC=no in /etc/systemd/logind.conf and restart "
                       "systemd-logind.")
                    .arg(f.userName.isEmpty()
                             ? QStringLiteral("USER")
                             : (f.userName.startsWith(QLatin1Char('-')) ? QStringLiteral("-- ")
                                                                        : QString()) +
                                   shellWord(f.userName));
        out << x;
    }

    // WSL 2 (Microsoft's wsl-config: memory= defaults to 50% of Windows' memory; Docker
    // Desktop on the WSL 2 backend leaves its limits to .wslconfig).
    if (f.wsl.value_or(false)) {
        Finding x;
        x.id = QLatin1String(finding::WslVmMemory);
        x.severity = FindingSeverity::Info;
        x.title = Tr::tr("WSL 2: /dev/shm comes out of the WSL virtual machine's memory");
        x.evidence =
            Tr::tr("This is WSL 2 (the kernel says so). /dev/shm, the job and everything else in "
                   "WSL share the memory of its virtual machine, which .wslconfig's memory= "
                   "sets: by default half of Windows' memory. /dev/shm here is %1 of %2. Docker "
                   "Desktop on the WSL 2 backend has no memory setting of its own: its containers "
                   "run in the same virtual machine, and each still gets a 64 MiB /dev/shm "
                   "unless --shm-size is given.")
                .arg(f.shmSizeBytes ? formatSize(*f.shmSizeBytes) : Tr::tr("unknown"),
                     f.memTotalBytes ? formatSize(*f.memTotalBytes) : Tr::tr("unknown"));
        x.fix = Tr::tr("For more, raise memory= under [wsl2] in %UserProfile%\\.wslconfig on "
                       "Windows, run wsl --shutdown and start WSL again; then size /dev/shm in "
                       "WSL (mount -o remount,size=...) or give containers --shm-size (shm_size "
                       "in Compose).");
        out << x;
    }

    // Sandboxed runtimes (gVisor's runsc and its containerd shim; Kata's runtime and agent).
    const QString shmHere = f.shmSizeBytes ? formatSize(*f.shmSizeBytes) : Tr::tr("unknown");
    if (f.sandbox == QLatin1String("gvisor")) {
        Finding x;
        x.id = QLatin1String(finding::GvisorShm);
        x.severity = FindingSeverity::Info;
        x.title = Tr::tr("gVisor: /dev/shm is a tmpfs of the sandbox's own memory");
        x.evidence =
            Tr::tr(
                "The kernel here is gVisor's (runsc). Its /dev/shm is a tmpfs inside the sandbox, "
                "whose pages count against the sandbox's memory. A private /dev/shm keeps the size "
                "Docker's --shm-size gives it; one shared in from outside (a Kubernetes pod's, or "
                "Docker's shareable IPC) becomes a sandbox tmpfs without that size, so half of the "
                "memory by default (the shim's configureShm). Older runsc releases reported no "
                "free "
                "space in /dev/shm (gvisor#1936). /dev/shm here: %1.")
                .arg(shmHere);
        x.fix = Tr::tr("Trust the size this probe measured inside the sandbox over the flag; size "
                       "it with --shm-size or a memory emptyDir as elsewhere, and give the "
                       "container a memory limit that holds it.");
        out << x;
    } else if (f.sandbox == QLatin1String("kata")) {
        Finding x;
        x.id = QLatin1String(finding::KataShm);
        x.severity = FindingSeverity::Info;
        x.title = Tr::tr("Kata Containers: /dev/shm is a tmpfs inside the virtual machine");
        x.evidence =
            Tr::tr(
                "This container runs in a Kata virtual machine. Its /dev/shm is a tmpfs of the "
                "guest, shared by the pod's containers and taken from the VM's memory (2048 MiB by "
                "default, plus what the pod's limits add). Kata sizes it from the host only when "
                "/dev/shm arrives as a bind of a host tmpfs (Docker's --shm-size, a Kubernetes "
                "sandbox's); otherwise it is 64 MiB (the runtime's getShmSize). /dev/shm here: %1.")
                .arg(shmHere);
        x.fix = Tr::tr("Check the size this probe measured after each change; give the pod a "
                       "memory limit that holds /dev/shm, since the VM's memory is sized from "
                       "it.");
        out << x;
    }

    if (f.kataHostVirtioFs.value_or(false)) {
        Finding x;
        x.id = QLatin1String(finding::KataHostShm);
        x.severity = FindingSeverity::Warning;
        x.title = Tr::tr("Kata's virtual machines keep their memory in this host's /dev/shm");
        x.evidence = Tr::tr("This host runs Kata Containers with QEMU and virtio-fs: each Kata "
                            "VM's memory is a "
                            "file in this host's /dev/shm (Kata's virtio-fs how-to), so /dev/shm "
                            "(%1 here) caps "
                            "the memory of every Kata VM together. When it is full, a new VM fails "
                            "to start and "
                            "running ones are killed by SIGBUS, which the kubelet does not see.")
                         .arg(shmHere);
        x.fix = Tr::tr("Size this host's /dev/shm for the Kata VMs' memory together (a size= line "
                       "for /dev/shm in /etc/fstab, then mount -o remount /dev/shm), and keep the "
                       "kubelet's reservations in step with it.");
        out << x;
    }

    addLimitFindings(f, plan, &out);

    std::stable_sort(out.begin(), out.end(), [](const Finding &a, const Finding &b) {
        return int(a.severity) > int(b.severity);
    });
    return out;
}

bool probedOutsideContainers(const HostFacts &f)
{
    const QString runtime = f.containerRuntime;
    return !inKubernetes(f) && (runtime == QLatin1String("none") || runtime.isEmpty());
}

bool targetIsContainer(const QString &targetText)
{
    return targetText.startsWith(QLatin1String("docker://")) ||
           targetText.startsWith(QLatin1String("k8s://"));
}

QVector<Finding> planFindings(const ShmPlan &plan)
{
    QVector<Finding> out;
    auto add = [&](const QStringList &texts, const QStringList &ids, FindingSeverity severity,
                   const char *fallback) {
        for (qsizetype i = 0; i < texts.size(); ++i) {
            Finding f;
            f.id = i < ids.size() ? ids.at(i) : QLatin1String(fallback);
            f.severity = severity;
            f.title = texts.at(i);
            f.evidence = Tr::tr("From the job's plan (the Workload page).");
            out.append(f);
        }
    };
    add(plan.errors, plan.errorIds, FindingSeverity::Error, "plan-error");
    add(plan.warnings, plan.warningIds, FindingSeverity::Warning, "plan-warning");
    return out;
}

QVector<Finding> jobVerdict(const HostFacts *facts, const Profile &profile, const ShmPlan *plan,
                            bool inJobContainer)
{
    QVector<Finding> verdict =
        facts ? findingsForJob(*facts, profile, plan, inJobContainer) : QVector<Finding>();
    if (plan) {
        QSet<QString> said;
        for (const Finding &f : std::as_const(verdict))
            said.insert(f.id);
        for (const Finding &f : planFindings(*plan))
            if (!said.contains(f.id))
                verdict.append(f);
    }
    std::stable_sort(verdict.begin(), verdict.end(), [](const Finding &a, const Finding &b) {
        return int(a.severity) > int(b.severity);
    });
    return verdict;
}

QVector<Finding> findingsForJob(const HostFacts &facts, const Profile &profile, const ShmPlan *plan,
                                bool inJobContainer)
{
    // Probed inside a container that is not the job's: this computer is itself a container.
    const bool nestedHere = !inJobContainer && !probedOutsideContainers(facts);
    QVector<Finding> out = findingsForHost(facts, plan);
    // From Python 3.14 multiprocessing starts processes with forkserver on Linux, and DataLoader
    // follows it: a plan made for fork misses the Dataset's tensors moved to /dev/shm and the
    // named semaphores. The host's Python is the job's only where the job runs on it, or where
    // the job's own container was probed.
    const bool jobsPython = !environmentRunsInContainer(profile.environment) || inJobContainer;
    const int minor = facts.pythonVersion.section(QLatin1Char('.'), 1, 1).toInt();
    bool assumesFork = false;
    for (const Workload &w : profile.loaders())
        assumesFork = assumesFork || (w.numWorkers > 0 && w.startMethod == StartMethod::Fork);
    if (jobsPython && minor >= 14 && assumesFork)
        out.append({QLatin1String(finding::StartMethodFromPython), FindingSeverity::Warning,
                    Tr::tr("Python %1 starts DataLoader workers with forkserver, not fork")
                        .arg(facts.pythonVersion),
                    Tr::tr("python3 here is %1; from 3.14 on Linux multiprocessing's default start "
                           "method is forkserver, and DataLoader follows it. The profile's loaders "
                           "say start_method: fork.")
                        .arg(facts.pythonVersion),
                    Tr::tr("Set start_method: forkserver in the profile (the Dataset's tensors are "
                           "then pickled into /dev/shm and counted), unless the script passes "
                           "multiprocessing_context='fork' to its DataLoaders.")});
    auto runtimeDefault = environmentDefaultShm(profile.environment);
    // Docker, Compose and Swarm containers get the Docker daemon's default, which daemon.json's
    // default-shm-size changes; the evidence says where the size comes from.
    const bool dockerDaemon = profile.environment == Environment::Docker ||
                              profile.environment == Environment::Compose ||
                              profile.environment == Environment::Swarm;
    QString source;
    if (dockerDaemon && nestedHere) {
        // The daemon.json read here is this container's, not the daemon's.
        source = Tr::tr("Docker's built-in default; a default-shm-size in the daemon.json of the "
                        "machine that runs the Docker daemon would change it");
    } else if (dockerDaemon && facts.dockerDefaultShmBytes) {
        runtimeDefault = *facts.dockerDefaultShmBytes;
        source = Tr::tr("default-shm-size %1 in this host's /etc/docker/daemon.json")
                     .arg(facts.dockerDaemonShmSetting);
    } else if (dockerDaemon && facts.dockerDaemonShm == QLatin1String("unset")) {
        source = Tr::tr("Docker's built-in default; this host's /etc/docker/daemon.json sets no "
                        "default-shm-size");
    } else if (dockerDaemon && facts.dockerDaemonShm == QLatin1String("unreadable")) {
        source = Tr::tr("Docker's built-in default; this host's /etc/docker/daemon.json could not "
                        "be read, and a default-shm-size there would change it");
    } else if (dockerDaemon && facts.dockerDaemonShm == QLatin1String("invalid")) {
        source = Tr::tr("Docker's built-in default; the default-shm-size %1 in this host's "
                        "/etc/docker/daemon.json is not a Docker size, and the daemon refuses to "
                        "start with it")
                     .arg(facts.dockerDaemonShmSetting);
    } else if (dockerDaemon) {
        source = Tr::tr("Docker's built-in default; whether /etc/docker/daemon.json changes it "
                        "is unknown");
    }
    // Where the platform does not document the /dev/shm its containers get (SageMaker, Vertex
    // AI), the size is unknown here.
    if (!environmentRunsInContainer(profile.environment) ||
        (!probedOutsideContainers(facts) && !nestedHere))
        return out;
    // The host's /dev/shm, ulimit -n and cgroup limit belong to the host, not to the job's
    // container: findings about them would say the job is fine (or broken) for the wrong reason.
    const QStringList hostOnly{
        QLatin1String(finding::ShmContainerDefault), QLatin1String(finding::ShmBelowPlan),
        QLatin1String(finding::MemoryLimitBelowShm), QLatin1String(finding::NofileBelowPlan),
        QLatin1String(finding::ShmUserQuota),        QLatin1String(finding::MemoryLimitNear)};
    out.erase(std::remove_if(out.begin(), out.end(),
                             [&](const Finding &x) { return hostOnly.contains(x.id); }),
              out.end());

    const QString env = environmentTitle(profile.environment);
    const bool settable = environmentHasShmSetting(profile.environment);
    const bool adjustable = profile.shmAdjustable();
    const Bytes required = plan ? plan->requiredBytes : 0;
    Finding x;
    x.id = QLatin1String(finding::ContainerDefaultApplies);
    x.title = nestedHere ? Tr::tr("The job gets a new container's /dev/shm, not this container's")
                         : Tr::tr("The job sees its container's /dev/shm, not this host's");
    QString evidence;
    if (nestedHere) {
        const QString runtime = inKubernetes(facts)                ? QStringLiteral("Kubernetes")
                                : facts.containerRuntime.isEmpty() ? Tr::tr("a container runtime")
                                                                   : facts.containerRuntime;
        evidence = facts.shmSizeBytes
                       ? Tr::tr("This computer is itself a container (%1) with a /dev/shm of %2; "
                                "that is not what the job gets. ")
                             .arg(runtime, formatSize(*facts.shmSizeBytes))
                       : Tr::tr("This computer is itself a container (%1); its /dev/shm is not "
                                "what the job gets. ")
                             .arg(runtime);
    }
    if (!runtimeDefault)
        evidence += facts.shmSizeBytes && !nestedHere
                        ? Tr::tr("This host's /dev/shm is %1, but a job in %2 gets a /dev/shm of "
                                 "its own, whose size the platform does not document.")
                              .arg(formatSize(*facts.shmSizeBytes), env)
                        : Tr::tr("A job in %1 gets a /dev/shm of its own, not this host's, whose "
                                 "size the platform does not document.")
                              .arg(env);
    else {
        const QString size = source.isEmpty()
                                 ? formatSize(*runtimeDefault)
                                 : Tr::tr("%1 (%2)").arg(formatSize(*runtimeDefault), source);
        evidence +=
            facts.shmSizeBytes && !nestedHere
                ? Tr::tr("This host's /dev/shm is %1, but a job in %2 gets a /dev/shm of its own: "
                         "%3, until the job's own settings give it another size.")
                      .arg(formatSize(*facts.shmSizeBytes), env, size)
                : Tr::tr("A job in %1 gets a /dev/shm of its own, not this host's: %2, until the "
                         "job's own settings give it another size.")
                      .arg(env, size);
    }
    if (plan)
        evidence +=
            QLatin1Char(' ') + Tr::tr("The plan needs at least %1.").arg(formatSize(required));
    x.evidence = evidence;
    if (!runtimeDefault) {
        x.severity = FindingSeverity::Warning;
        x.fix = Tr::tr("Measure it inside the job (the generated preflight script prints it) and "
                       "give it as the current /dev/shm (the wizard's Environment page, or "
                       "host.shm_bytes in a profile file); the generated DataLoader module fits "
                       "its settings to the free /dev/shm when it starts.");
    } else if (plan && required <= *runtimeDefault) {
        x.severity = FindingSeverity::Info;
        x.fix = Tr::tr("Nothing to change: the default is enough for this plan.");
    } else if (settable && adjustable) {
        x.severity = plan ? FindingSeverity::Error : FindingSeverity::Warning;
        x.fix = Tr::tr("Apply the generated setting (the wizard's Results page writes it; on the "
                       "command line, `shmwise generate`): "
                       "it sets the container's /dev/shm to %1. Until it is applied the job "
                       "gets %2.")
                    .arg(formatSize(plan ? plan->recommendedBytes : 8 * GiB),
                         formatSize(*runtimeDefault));
    } else {
        x.severity = plan ? FindingSeverity::Error : FindingSeverity::Warning;
        x.fix = Tr::tr("The size cannot be raised for this job: use the DataLoader settings "
                       "fitted to %1 (Workload page, or `shmwise plan --fit %2`).")
                    .arg(formatSize(*runtimeDefault), kernelSize(*runtimeDefault));
    }
    out.prepend(x);
    std::stable_sort(out.begin(), out.end(), [](const Finding &a, const Finding &b) {
        return int(a.severity) > int(b.severity);
    });
    return out;
}

} // namespace shmwise
