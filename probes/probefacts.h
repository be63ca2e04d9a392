// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/size.h"
#include "probes/shmscan.h"

#include <QByteArray>
#include <QJsonObject>
#include <QMap>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace shmwise {

// A CPU quota above this many CPUs is taken as no quota: no machine has that many, and such a
// figure (2^64-1 microseconds, say) must not wrap around into "0 usable CPUs".
constexpr double MaxQuotaCpus = 1 << 20;

struct GpuInfo
{
    QString name;
    std::optional<Bytes> memoryBytes;
    bool operator==(const GpuInfo &o) const
    {
        return name == o.name && memoryBytes == o.memoryBytes;
    }
};

// What a probe learnt about one host. Every fact is optional: nullopt or an empty string means
// the probe could not learn it (the report said "unknown", or the key was missing).
struct HostFacts
{
    int reportVersion = 0; // 0: no report header was seen
    bool complete = false; // the report's end marker was seen (not cut off)

    // /dev/shm
    std::optional<Bytes> shmSizeBytes;
    std::optional<Bytes> shmUsedBytes;
    std::optional<Bytes> shmFreeBytes;
    std::optional<bool> shmMounted; // a mount of its own (not a directory on /)
    QString shmFsType;
    QString shmOptions;
    std::optional<quint64> shmTorchFiles; // torch_* and nccl-* objects in /dev/shm now
    // Per-user quota on the tmpfs (Linux 6.6+, usrquota; systemd 258 sets it up): "none",
    // "user", or empty when the report did not say. The user's use and limits come from
    // quota(1) where the target has it (0: no limit); the mount options carry the defaults.
    QString shmQuota;
    std::optional<Bytes> shmQuotaUsedBytes;
    std::optional<Bytes> shmQuotaSoftBytes;
    std::optional<Bytes> shmQuotaHardBytes;
    // Every file, who holds it, System V segments: the material of attributeShm().
    ShmScan shmScan;

    // Memory (/proc/meminfo)
    std::optional<Bytes> memTotalBytes;
    std::optional<Bytes> memAvailableBytes;
    std::optional<Bytes> shmemBytes;
    std::optional<Bytes> swapTotalBytes;
    std::optional<Bytes> swapFreeBytes;

    // Control groups. memoryLimitBytes is nullopt both when there is no limit and when it is
    // unknown; memoryLimitKnown tells them apart.
    int cgroupVersion = 0; // 0 unknown, 1 or 2
    QString cgroupPath;
    std::optional<Bytes> memoryLimitBytes;
    bool memoryLimitKnown = false;
    std::optional<Bytes> memoryUsageBytes;
    // The cgroup's memory.stat: shmem (/dev/shm pages charged here, System V segments and shared
    // anonymous memory too), anon, file (page cache, shmem included).
    std::optional<Bytes> cgroupShmemBytes;
    std::optional<Bytes> cgroupAnonBytes;
    std::optional<Bytes> cgroupFileBytes;

    // CPUs
    std::optional<quint64> cpusOnline;  // in the machine
    std::optional<quint64> cpusAllowed; // this process's affinity: what it may run on
    std::optional<double> cpuQuota;     // cgroup quota in CPUs; nullopt: none or unknown

    // Containers
    QString containerRuntime = QStringLiteral("unknown"); // none, docker, podman, containerd, ...
    QString containerEvidence;
    QString orchestrator = QStringLiteral("unknown"); // none, kubernetes
    QString orchestratorEvidence;
    std::optional<bool> wsl;
    // A sandboxed runtime the job runs under: none, gvisor (runsc), kata; empty when not known.
    QString sandbox;
    // This host runs Kata Containers with QEMU and virtio-fs, whose VMs' memory is in its
    // /dev/shm.
    std::optional<bool> kataHostVirtioFs;
    // The user the probe ran as and systemd-logind's RemoveIPC (nullopt: no logind): with it,
    // the user's /dev/shm files and System V IPC go when their last session ends, unless the user
    // is root or a system user, or lingers.
    std::optional<bool> logindRemoveIpc;
    std::optional<quint64> uid;
    QString userName;
    std::optional<bool> linger;
    // Docker's default /dev/shm for containers that ask for none, from default-shm-size in
    // /etc/docker/daemon.json: nullopt when the file does not set it (the built-in 64 MiB
    // applies), could not be read, or holds no Docker size (a problem then says so).
    // dockerDaemonShm tells those apart: "set", "unset", "unreadable", "invalid", or empty when
    // the report did not say (an older probe). dockerDaemonShmSetting is the value as written.
    std::optional<Bytes> dockerDefaultShmBytes;
    QString dockerDaemonShm;
    QString dockerDaemonShmSetting;

    // GPUs; gpuCount is nullopt when nvidia-smi exists but did not answer.
    std::optional<quint64> gpuCount;
    QVector<GpuInfo> gpus;
    QString gpuSource;

    // Open files: quint64 max stands for "unlimited".
    std::optional<quint64> nofileSoft;
    std::optional<quint64> nofileHard;

    // System V shared memory (not /dev/shm)
    std::optional<quint64> shmmax;
    std::optional<quint64> shmall;
    std::optional<quint64> shmmni;
    std::optional<quint64> sysvSegments;

    QString osName;
    QString kernel;
    QString torchVersion;
    QString pythonVersion; // python3's "3.N", which decides the default start method

    std::optional<bool> kernelMessagesReadable;
    QStringList kernelMessages; // Bus error and OOM-killer lines, oldest first

    // Keys this version does not know, kept as they came, and what could not be read.
    QMap<QString, QString> extra;
    QStringList problems;

    // The CPUs a job may use: the affinity, reduced by a cgroup quota.
    std::optional<quint64> usableCpus() const;
    // The memory a job may use: the cgroup's limit, else the RAM.
    std::optional<quint64> usableMemoryBytes() const
    {
        return memoryLimitBytes ? memoryLimitBytes : memTotalBytes;
    }
};

constexpr int ProbeReportVersion = 1;

// Reads a probe report. Accepts any bytes: keys it does not know go to `extra`, lines it cannot
// read go to `problems` (with their line numbers), and nothing it reads can make it fail.
HostFacts parseProbeReport(const QByteArray &report);

// The probe script (resources/probe/probe.sh), as fed to `sh -s`.
QByteArray probeScript();

// JSON with nested objects: shm, memory, cgroup, cpu, container, gpus, ulimit, sysv, os, torch,
// kernel_messages. Unknown facts are null.
QJsonObject hostFactsToJson(const HostFacts &facts);

// A size as Docker reads it (go-units RAMInBytes, the syntax of --shm-size and daemon.json's
// default-shm-size): a number with an optional fraction, an optional space, and b, or k, m, g, t
// or p optionally followed by b or ib, in any case; all binary. nullopt for anything else.
std::optional<Bytes> parseDockerSizeSetting(const QString &text);

// Counts the CPUs in a kernel CPU list such as "0-3,8,10-11"; nullopt when it is not one.
std::optional<quint64> countCpuList(const QString &list);

} // namespace shmwise
