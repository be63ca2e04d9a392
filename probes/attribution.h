// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Who holds /dev/shm: every byte the probe's scan saw, given to a file (named, or unlinked but
// still open or mapped), its holders (process, container, pod, user), its kind and whether it
// leaked; the limits beside the size (quota, the cgroup's memory). One function over a probe's
// facts, the same for `probe`, `measure`, `watch`, `clean` and the Host page, whatever the
// target (this computer, ssh://, docker://, k8s://).

#include "core/size.h"
#include "probes/probefacts.h"

#include <QJsonObject>
#include <QString>
#include <QVector>

#include <optional>

namespace shmwise {

// What made a file, by its name and by who holds it.
enum class ShmKind
{
    PyTorch,      // torch_* (file_system strategy; file_descriptor's unlinked ones too)
    Nccl,         // nccl-* (SHM transport, proxy pool)
    MpSemaphore,  // sem.mp-* (multiprocessing's named semaphores under spawn/forkserver)
    Semaphore,    // sem.* (other POSIX named semaphores)
    SharedMemory, // psm_* (multiprocessing.shared_memory.SharedMemory)
    MpHeap,       // pym-* (multiprocessing's heap arenas: Value, Array)
    Ray,          // plasma* (Ray's object store)
    Vllm,         // vllm_* (CPU KV offload), or a segment held by a vLLM process
    PostgreSql,   // PostgreSQL.* (dynamic_shared_memory_type = posix)
    TritonPython, // triton_python_backend_shm_region_*
    Browser,      // Chromium's and Firefox's
    Unknown,
};
constexpr int ShmKindCount = int(ShmKind::Unknown) + 1;

// Stable ids for JSON ("pytorch", "nccl", "mp_semaphore", ...), and the words for people.
QString shmKindId(ShmKind kind);
QString shmKindTitle(ShmKind kind);
// The kind from a name alone, and from a name and its holders' commands.
ShmKind shmKindOfName(const QByteArray &name);

struct ShmHolder
{
    qint64 pid = 0;
    QString command; // the process's name (comm), as the kernel shows it
    std::optional<quint32> uid;
    QString containerId; // 64 hex digits from /proc/PID/cgroup (Docker, containerd, CRI-O)
    QString podUid;      // a Kubernetes pod's uid from the same path
    bool viaFd = false;  // holds it open
    bool viaMap = false; // maps it
};

// One file of /dev/shm: named, or unlinked and still held.
struct ShmObject
{
    QByteArray rawName; // its bytes; for an unlinked file, the name it had
    QString name;       // escaped for people and JSON (escapedName)
    quint64 inode = 0;
    Bytes allocated = 0;        // what it costs the tmpfs: touched pages, not the length
    bool allocatedKnown = true; // false: estimated from the mappings (map_files unreadable)
    Bytes length = 0;
    std::optional<quint32> uid;
    std::optional<qint64> ageSeconds; // since its last modification
    char type = 'f';
    bool linked = true; // still has its name in /dev/shm
    // Whether every process that could hold it was seen (root, or a file of the probing user
    // whose processes are all readable): only then is "no holder" a leak.
    bool holdersKnown = false;
    bool leaked = false; // holdersKnown and no process holds or maps it
    ShmKind kind = ShmKind::Unknown;
    QVector<ShmHolder> holders;
};

// Bytes per owner: a kind, a process, a container, a pod or a user. A file held by several
// processes counts in full for each of them; per kind, each file counts once.
struct ShmOwnerBytes
{
    QString id;    // kind id, pid, container id, pod uid, uid
    QString label; // for people
    Bytes bytes = 0;
    quint64 files = 0;
    quint64 leakedFiles = 0;
    Bytes leakedBytes = 0;
};

// The limits a job meets beside /dev/shm's size.
struct ShmLimits
{
    std::optional<Bytes> size;
    std::optional<Bytes> used;
    std::optional<Bytes> free;
    // Per-user quota on the tmpfs: on, the default limit from the mount options
    // (usrquota_block_hardlimit), and this user's use and limit where quota(1) told them.
    bool quotaOn = false;
    std::optional<Bytes> quotaDefaultLimit;
    std::optional<Bytes> userQuotaUsed;
    std::optional<Bytes> userQuotaLimit; // the lower of soft and hard that is set; nullopt: none
    bool userQuotaKnown = false;
    // The cgroup the probe ran in: memory.max (nullopt: none or unknown), memory.current and
    // memory.stat's shmem, anon, file.
    std::optional<Bytes> memoryMax;
    std::optional<Bytes> memoryCurrent;
    std::optional<Bytes> cgroupShmem;
    std::optional<Bytes> cgroupAnon;
    std::optional<Bytes> cgroupFile;
    // /proc/meminfo's Shmem: all shared memory of the machine, not /dev/shm (System V, shared
    // anonymous memory, other tmpfs mounts, CUDA pinned host buffers count in it too).
    std::optional<Bytes> meminfoShmem;
    // What the user can still write before a quota or the size stops it.
    std::optional<Bytes> writableBytes() const;
};

struct ShmAttribution
{
    bool available = false;    // the probe scanned /dev/shm
    QString unavailableReason; // in the probe's words, when not

    QVector<ShmObject> files; // named and unlinked, the largest first
    quint64 namedCount = 0;   // every named file, listed or not
    Bytes namedBytes = 0;
    quint64 unlinkedCount = 0; // unlinked files still held (seen)
    Bytes unlinkedBytes = 0;
    quint64 leakedCount = 0;
    Bytes leakedBytes = 0;
    Bytes unlistedBytes = 0; // named files past the probe's list (the smallest), counted only
    quint64 unlistedCount = 0;
    Bytes accountedBytes = 0;       // named + unlinked
    std::optional<Bytes> usedBytes; // statvfs: what the tmpfs says is used
    Bytes unaccountedBytes = 0;     // used - accounted, when positive

    QVector<SysvSegment> sysv; // the largest first
    quint64 sysvCount = 0;
    Bytes sysvBytes = 0;

    // Largest first; at most MaxOwners each.
    QVector<ShmOwnerBytes> byKind;
    QVector<ShmOwnerBytes> byProcess;
    QVector<ShmOwnerBytes> byContainer;
    QVector<ShmOwnerBytes> byPod;
    QVector<ShmOwnerBytes> byUser;

    bool filesTruncated = false;   // more files than the probe lists
    bool holdersTruncated = false; // more holders than the probe lists
    bool sysvTruncated = false;
    bool holdersComplete = false; // every process's files could be read (root)
    std::optional<quint64> processesTotal;
    std::optional<quint64> processesReadable;
    quint64 otherNamespaceHolders = 0; // held files of another /dev/shm (another container's)

    ShmLimits limits;

    // "accounted 59.8 GiB of 60 GiB used", and what the rest may be.
    QString accountedText() const;
    QString unaccountedText() const;
};
constexpr int MaxOwners = 100;

ShmAttribution attributeShm(const HostFacts &facts);
// The limits alone (cheap: no files are looked at).
ShmLimits shmLimits(const HostFacts &facts);

// JSON for `probe --json` (documented in docs/cli.md): files, owners, totals, limits.
QJsonObject shmAttributionToJson(const ShmAttribution &a);

// The Docker/containerd container id and the Kubernetes pod uid in a cgroup path.
QString containerIdFromCgroup(const QString &path);
QString podUidFromCgroup(const QString &path);

} // namespace shmwise
