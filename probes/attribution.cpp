// SPDX-License-Identifier: GPL-3.0-or-later
#include "probes/attribution.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <limits>
#include <utility>

namespace shmwise {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::Attribution)
};

QString lower(const QString &s)
{
    return s.toLower();
}

bool isPythonCommand(const QString &c)
{
    // The main process keeps its name; DataLoader workers are named pt_data_worker in newer
    // PyTorch; torch_shm_manager serves the file_system strategy.
    return c.startsWith(QLatin1String("python")) || c.startsWith(QLatin1String("pt_")) ||
           c.startsWith(QLatin1String("torch"));
}

ShmKind kindOfCommand(const QString &command)
{
    const QString c = lower(command);
    if (c.startsWith(QLatin1String("raylet")) || c.startsWith(QLatin1String("plasma")) ||
        c.startsWith(QLatin1String("ray::")))
        return ShmKind::Ray;
    if (c.startsWith(QLatin1String("vllm")))
        return ShmKind::Vllm;
    if (c.startsWith(QLatin1String("postgres")))
        return ShmKind::PostgreSql;
    if (c.contains(QLatin1String("triton")))
        return ShmKind::TritonPython;
    static const char *const browsers[] = {"chrome",         "chromium",     "firefox",
                                           "web content",    "isolated web", "rdd process",
                                           "socket process", "gpu process",  "privileged cont",
                                           "webextensions",  "msedge",       "brave"};
    for (const char *b : browsers) {
        if (c.startsWith(QLatin1String(b)))
            return ShmKind::Browser;
    }
    return ShmKind::Unknown;
}

ShmKind kindOf(const QByteArray &name, const QVector<ShmHolder> &holders, bool linked)
{
    const ShmKind byName = shmKindOfName(name);
    if (byName == ShmKind::SharedMemory) {
        // vLLM's message queues are multiprocessing SharedMemory segments.
        for (const ShmHolder &h : holders) {
            if (kindOfCommand(h.command) == ShmKind::Vllm)
                return ShmKind::Vllm;
        }
    }
    if (byName != ShmKind::Unknown)
        return byName;
    bool python = false;
    for (const ShmHolder &h : holders) {
        const ShmKind k = kindOfCommand(h.command);
        if (k != ShmKind::Unknown)
            return k;
        python = python || isPythonCommand(lower(h.command));
    }
    // PyTorch's file_descriptor strategy unlinks its files at once; a torch_ name is kept in
    // the link, but a renamed one still belongs to a Python job.
    if (!linked && python)
        return ShmKind::PyTorch;
    return ShmKind::Unknown;
}

QByteArray baseName(const QByteArray &path)
{
    const int slash = path.lastIndexOf('/');
    return slash < 0 ? path : path.mid(slash + 1);
}

// memparse: a number with an optional k, m, g, t, p or e (binary), as tmpfs options take it.
std::optional<Bytes> optionSize(const QString &options, const QString &key)
{
    for (const QString &o : options.split(QLatin1Char(','))) {
        if (!o.startsWith(key + QLatin1Char('=')))
            continue;
        static const QRegularExpression re(QStringLiteral("^([0-9]+)([kKmMgGtTpPeE]?)$"));
        const QRegularExpressionMatch m = re.match(o.mid(key.size() + 1));
        if (!m.hasMatch())
            return std::nullopt;
        bool ok = false;
        const Bytes n = m.captured(1).toULongLong(&ok);
        if (!ok)
            return std::nullopt;
        const int shift =
            m.captured(2).isEmpty()
                ? 0
                : 10 * (1 + int(QStringLiteral("kmgtpe").indexOf(m.captured(2).toLower())));
        return shift >= 64 ? std::numeric_limits<Bytes>::max() : satMul(n, Bytes(1) << shift);
    }
    return std::nullopt;
}

void sortOwners(QVector<ShmOwnerBytes> *v)
{
    std::sort(v->begin(), v->end(), [](const ShmOwnerBytes &a, const ShmOwnerBytes &b) {
        if (a.bytes != b.bytes)
            return a.bytes > b.bytes;
        return a.id < b.id;
    });
    if (v->size() > MaxOwners)
        v->resize(MaxOwners);
}

} // namespace

ShmLimits shmLimits(const HostFacts &f)
{
    ShmLimits l;
    l.size = f.shmSizeBytes;
    l.used = f.shmUsedBytes;
    l.free = f.shmFreeBytes;
    const QStringList opts = f.shmOptions.split(QLatin1Char(','));
    l.quotaOn = f.shmQuota == QLatin1String("user") || opts.contains(QLatin1String("usrquota")) ||
                opts.contains(QLatin1String("quota"));
    l.quotaDefaultLimit = optionSize(f.shmOptions, QStringLiteral("usrquota_block_hardlimit"));
    if (l.quotaDefaultLimit && *l.quotaDefaultLimit == 0)
        l.quotaDefaultLimit.reset();
    if (f.shmQuotaHardBytes && f.shmQuotaSoftBytes) {
        l.userQuotaKnown = true;
        l.userQuotaUsed = f.shmQuotaUsedBytes;
        const Bytes soft = *f.shmQuotaSoftBytes, hard = *f.shmQuotaHardBytes;
        if (soft > 0 && hard > 0)
            l.userQuotaLimit = std::min(soft, hard);
        else if (soft > 0 || hard > 0)
            l.userQuotaLimit = std::max(soft, hard);
    }
    l.memoryMax = f.memoryLimitBytes;
    l.memoryCurrent = f.memoryUsageBytes;
    l.cgroupShmem = f.cgroupShmemBytes;
    l.cgroupAnon = f.cgroupAnonBytes;
    l.cgroupFile = f.cgroupFileBytes;
    l.meminfoShmem = f.shmemBytes;
    return l;
}

std::optional<Bytes> ShmLimits::writableBytes() const
{
    std::optional<Bytes> w = free;
    if (userQuotaKnown && userQuotaLimit) {
        const Bytes left = *userQuotaLimit > userQuotaUsed.value_or(0)
                               ? *userQuotaLimit - userQuotaUsed.value_or(0)
                               : 0;
        w = w ? std::min(*w, left) : left;
    }
    return w;
}

QString shmKindId(ShmKind kind)
{
    switch (kind) {
    case ShmKind::PyTorch:
        return QStringLiteral("pytorch");
    case ShmKind::Nccl:
        return QStringLiteral("nccl");
    case ShmKind::MpSemaphore:
        return QStringLiteral("mp_semaphore");
    case ShmKind::Semaphore:
        return QStringLiteral("semaphore");
    case ShmKind::SharedMemory:
        return QStringLiteral("shared_memory");
    case ShmKind::MpHeap:
        return QStringLiteral("mp_heap");
    case ShmKind::Ray:
        return QStringLiteral("ray");
    case ShmKind::Vllm:
        return QStringLiteral("vllm");
    case ShmKind::PostgreSql:
        return QStringLiteral("postgresql");
    case ShmKind::TritonPython:
        return QStringLiteral("triton_python");
    case ShmKind::Browser:
        return QStringLiteral("browser");
    case ShmKind::Unknown:
        break;
    }
    return QStringLiteral("unknown");
}

QString shmKindTitle(ShmKind kind)
{
    switch (kind) {
    case ShmKind::PyTorch:
        return Tr::tr("PyTorch shared tensors");
    case ShmKind::Nccl:
        return Tr::tr("NCCL");
    case ShmKind::MpSemaphore:
        return Tr::tr("multiprocessing semaphores");
    case ShmKind::Semaphore:
        return Tr::tr("POSIX semaphores");
    case ShmKind::SharedMemory:
        return Tr::tr("multiprocessing SharedMemory");
    case ShmKind::MpHeap:
        return Tr::tr("multiprocessing heap (Value, Array)");
    case ShmKind::Ray:
        return Tr::tr("Ray object store");
    case ShmKind::Vllm:
        return Tr::tr("vLLM");
    case ShmKind::PostgreSql:
        return Tr::tr("PostgreSQL");
    case ShmKind::TritonPython:
        return Tr::tr("Triton Python backend");
    case ShmKind::Browser:
        return Tr::tr("web browser");
    case ShmKind::Unknown:
        break;
    }
    return Tr::tr("unknown");
}

ShmKind shmKindOfName(const QByteArray &name)
{
    struct Rule
    {
        const char *prefix;
        ShmKind kind;
    };
    // Longer prefixes before the shorter ones they start with.
    static const Rule rules[] = {
        {"torch_", ShmKind::PyTorch},
        {"nccl-", ShmKind::Nccl},
        {"sem.mp-", ShmKind::MpSemaphore},
        {"sem.", ShmKind::Semaphore},
        {"psm_", ShmKind::SharedMemory},
        {"pym-", ShmKind::MpHeap},
        {"plasma", ShmKind::Ray},
        {"vllm_", ShmKind::Vllm},
        {"vllm-", ShmKind::Vllm},
        {"PostgreSQL.", ShmKind::PostgreSql},
        {"triton_python_backend_shm_region_", ShmKind::TritonPython},
        {".org.chromium.", ShmKind::Browser},
        {"org.chromium.", ShmKind::Browser},
        {".com.google.Chrome.", ShmKind::Browser},
        {".com.microsoft.Edge.", ShmKind::Browser},
        {"org.mozilla.", ShmKind::Browser},
    };
    for (const Rule &r : rules) {
        if (name.startsWith(r.prefix))
            return r.kind;
    }
    return ShmKind::Unknown;
}

QString containerIdFromCgroup(const QString &path)
{
    static const QRegularExpression re(QStringLiteral("(?<![0-9a-f])([0-9a-f]{64})(?![0-9a-f])"));
    QString last;
    QRegularExpressionMatchIterator it = re.globalMatch(path.left(4096));
    while (it.hasNext())
        last = it.next().captured(1);
    return last;
}

QString podUidFromCgroup(const QString &path)
{
    static const QRegularExpression re(QStringLiteral(
        "pod([0-9a-f]{8}[-_][0-9a-f]{4}[-_][0-9a-f]{4}[-_][0-9a-f]{4}[-_][0-9a-f]{12})"));
    const QRegularExpressionMatch m = re.match(path.left(4096));
    if (!m.hasMatch())
        return {};
    QString uid = m.captured(1);
    uid.replace(QLatin1Char('_'), QLatin1Char('-'));
    return uid;
}

ShmAttribution attributeShm(const HostFacts &f)
{
    ShmAttribution a;
    a.limits = shmLimits(f);
    a.usedBytes = f.shmUsedBytes;
    const ShmScan &s = f.shmScan;
    if (!s.present) {
        a.unavailableReason = !s.unavailable.isEmpty()
                                  ? s.unavailable
                                  : Tr::tr("the probe did not list /dev/shm (an older probe)");
        return a;
    }
    a.available = true;
    a.processesTotal = s.processesTotal;
    a.processesReadable = s.processesReadable;
    a.holdersComplete = (f.uid && *f.uid == 0) || (s.processesTotal && s.processesReadable &&
                                                   *s.processesReadable >= *s.processesTotal);
    a.holdersTruncated = s.holdersTruncated;
    a.sysvTruncated = s.sysvTruncated;

    QHash<qint64, const ShmScanProcess *> procs;
    procs.reserve(s.processes.size());
    for (const ShmScanProcess &p : s.processes)
        procs.insert(p.pid, &p);

    QVector<ShmObject> &files = a.files;
    files.reserve(s.files.size());
    QHash<quint64, int> named; // inode -> index, named files
    QHash<QByteArray, int> namedByName;
    for (const ShmScanFile &sf : s.files) {
        if (named.contains(sf.inode))
            continue; // a hostile report's duplicate
        ShmObject o;
        o.rawName = sf.name;
        o.name = escapedName(sf.name);
        o.inode = sf.inode;
        o.allocated = sf.allocated;
        o.length = sf.length;
        o.uid = sf.uid;
        o.type = sf.type;
        if (sf.mtime && s.time)
            o.ageSeconds = std::max<qint64>(0, *s.time - *sf.mtime);
        named.insert(sf.inode, int(files.size()));
        files << std::move(o);
    }

    QHash<QPair<quint64, quint64>, const ShmScanStat *> stats;
    for (const ShmScanStat &st : s.stats)
        stats.insert({st.dev, st.inode}, &st);

    QHash<quint64, int> unlinked; // inode -> index, files reached only through holders
    QSet<QPair<qint64, quint64>> otherNs;
    for (const ShmScanHolder &h : s.holders) {
        // Another tmpfs (another container's /dev/shm, seen from its host): not this one.
        if (s.dev && h.dev && *h.dev != *s.dev) {
            if (otherNs.size() < MaxScanHolders)
                otherNs.insert({h.pid, h.inode.value_or(0)});
            continue;
        }
        int index = -1;
        // The inode decides: glibc's sem_open maps a temporary name, then links the file under
        // its real one and unlinks the first, so the mapping says "(deleted)" of a named file.
        if (h.inode && named.contains(*h.inode)) {
            index = named.value(*h.inode);
        } else if (!h.inode && !h.deleted) {
            // No stat of the descriptor (a small busybox): by its name, as the link says.
            if (namedByName.isEmpty()) {
                for (int i = 0; i < files.size(); ++i) {
                    if (files.at(i).linked)
                        namedByName.insert(files.at(i).rawName, i);
                }
            }
            index = namedByName.value(baseName(h.path), -1);
        } else if (h.inode) {
            index = unlinked.value(*h.inode, -1);
            if (index < 0) {
                ShmObject o;
                o.rawName = baseName(h.path);
                o.name = escapedName(o.rawName);
                o.inode = *h.inode;
                // A file past the probe's list still has its name; an unlinked one has none.
                o.linked = !h.deleted;
                o.allocatedKnown = false;
                index = int(files.size());
                unlinked.insert(*h.inode, index);
                files << o;
            }
            ShmObject &o = files[index];
            const ShmScanStat *st = h.dev ? stats.value({*h.dev, *h.inode}, nullptr) : nullptr;
            if (h.allocated && !o.allocatedKnown) {
                o.allocated = *h.allocated;
                o.allocatedKnown = true;
                o.length = h.length;
                o.uid = h.uid;
                if (h.mtime && s.time)
                    o.ageSeconds = std::max<qint64>(0, *s.time - *h.mtime);
            } else if (st && !o.allocatedKnown) {
                o.allocated = st->allocated;
                o.allocatedKnown = true;
                o.length = st->length;
                o.uid = st->uid;
                if (st->mtime && s.time)
                    o.ageSeconds = std::max<qint64>(0, *s.time - *st->mtime);
            } else if (!o.allocatedKnown) {
                // Only the mapping is known: at most the pages it reaches.
                o.length = std::max(o.length, h.length);
                o.allocated = roundUp(o.length, PageSize);
            }
        }
        if (index < 0)
            continue;
        ShmObject &o = files[index];
        ShmHolder *holder = nullptr;
        for (ShmHolder &x : o.holders) {
            if (x.pid == h.pid) {
                holder = &x;
                break;
            }
        }
        if (!holder) {
            ShmHolder x;
            x.pid = h.pid;
            if (const ShmScanProcess *p = procs.value(h.pid, nullptr)) {
                x.command = p->name;
                x.uid = p->uid;
                for (const QString &cg : p->cgroups) {
                    if (x.containerId.isEmpty())
                        x.containerId = containerIdFromCgroup(cg);
                    if (x.podUid.isEmpty())
                        x.podUid = podUidFromCgroup(cg);
                }
            }
            o.holders << x;
            holder = &o.holders.last();
        }
        if (h.fd >= 0)
            holder->viaFd = true;
        else
            holder->viaMap = true;
    }
    a.otherNamespaceHolders = quint64(otherNs.size());

    Bytes listedNamedBytes = 0;
    quint64 listedNamedCount = 0;
    for (int i = 0; i < files.size(); ++i) {
        ShmObject &o = files[i];
        o.kind = kindOf(o.rawName, o.holders, o.linked);
        o.holdersKnown = a.holdersComplete || (f.uid && o.uid && *o.uid == *f.uid);
        o.leaked = o.linked && o.type == 'f' && o.holdersKnown && o.holders.isEmpty();
        if (o.linked) {
            listedNamedBytes = satAdd(listedNamedBytes, o.allocated);
            ++listedNamedCount;
        } else {
            ++a.unlinkedCount;
            a.unlinkedBytes = satAdd(a.unlinkedBytes, o.allocated);
        }
        if (o.leaked) {
            ++a.leakedCount;
            a.leakedBytes = satAdd(a.leakedBytes, o.allocated);
        }
    }
    a.namedCount = s.fileCount ? *s.fileCount + s.otherNameCount : listedNamedCount;
    a.namedBytes = s.fileBytes ? satAdd(*s.fileBytes, s.otherNameBytes) : listedNamedBytes;
    a.namedCount = std::max(a.namedCount, listedNamedCount);
    a.namedBytes = std::max(a.namedBytes, listedNamedBytes);
    a.unlistedCount = a.namedCount - listedNamedCount;
    a.unlistedBytes = a.namedBytes - listedNamedBytes;
    a.filesTruncated = s.filesTruncated || a.unlistedCount > 0;
    a.accountedBytes = satAdd(a.namedBytes, a.unlinkedBytes);
    if (a.usedBytes && *a.usedBytes > a.accountedBytes)
        a.unaccountedBytes = *a.usedBytes - a.accountedBytes;

    std::sort(files.begin(), files.end(), [](const ShmObject &x, const ShmObject &y) {
        if (x.allocated != y.allocated)
            return x.allocated > y.allocated;
        return x.rawName < y.rawName;
    });

    // Owners.
    QHash<int, ShmOwnerBytes> kinds;
    QHash<qint64, ShmOwnerBytes> processes;
    QHash<QString, ShmOwnerBytes> containers, pods;
    QHash<qint64, ShmOwnerBytes> users;
    auto add = [](ShmOwnerBytes &owner, const ShmObject &o) {
        owner.bytes = satAdd(owner.bytes, o.allocated);
        ++owner.files;
        if (o.leaked) {
            ++owner.leakedFiles;
            owner.leakedBytes = satAdd(owner.leakedBytes, o.allocated);
        }
    };
    for (const ShmObject &o : files) {
        ShmOwnerBytes &k = kinds[int(o.kind)];
        if (k.id.isEmpty()) {
            k.id = shmKindId(o.kind);
            k.label = shmKindTitle(o.kind);
        }
        add(k, o);
        const qint64 uidKey = o.uid ? qint64(*o.uid) : -1;
        ShmOwnerBytes &u = users[uidKey];
        if (u.id.isEmpty()) {
            u.id = o.uid ? QString::number(*o.uid) : QStringLiteral("unknown");
            u.label = o.uid ? Tr::tr("uid %1").arg(*o.uid) : Tr::tr("unknown user");
        }
        add(u, o);
        QSet<QString> seenContainers, seenPods;
        for (const ShmHolder &h : o.holders) {
            ShmOwnerBytes &p = processes[h.pid];
            if (p.id.isEmpty()) {
                p.id = QString::number(h.pid);
                p.label = h.command.isEmpty() ? Tr::tr("pid %1").arg(h.pid)
                                              : Tr::tr("%1 (pid %2)").arg(h.command).arg(h.pid);
            }
            add(p, o);
            if (!h.containerId.isEmpty() && !seenContainers.contains(h.containerId)) {
                seenContainers.insert(h.containerId);
                ShmOwnerBytes &c = containers[h.containerId];
                if (c.id.isEmpty()) {
                    c.id = h.containerId;
                    c.label = Tr::tr("container %1").arg(h.containerId.left(12));
                }
                add(c, o);
            }
            if (!h.podUid.isEmpty() && !seenPods.contains(h.podUid)) {
                seenPods.insert(h.podUid);
                ShmOwnerBytes &pod = pods[h.podUid];
                if (pod.id.isEmpty()) {
                    pod.id = h.podUid;
                    pod.label = Tr::tr("pod %1").arg(h.podUid);
                }
                add(pod, o);
            }
        }
    }
    for (const ShmOwnerBytes &o : std::as_const(kinds))
        a.byKind << o;
    if (a.unlistedBytes > 0 || a.unlistedCount > 0) {
        ShmOwnerBytes rest;
        rest.id = QStringLiteral("unlisted");
        rest.label = Tr::tr("smaller files the probe did not list");
        rest.bytes = a.unlistedBytes;
        rest.files = a.unlistedCount;
        a.byKind << rest;
    }
    for (const ShmOwnerBytes &o : std::as_const(processes))
        a.byProcess << o;
    for (const ShmOwnerBytes &o : std::as_const(containers))
        a.byContainer << o;
    for (const ShmOwnerBytes &o : std::as_const(pods))
        a.byPod << o;
    for (const ShmOwnerBytes &o : std::as_const(users))
        a.byUser << o;
    sortOwners(&a.byKind);
    sortOwners(&a.byProcess);
    sortOwners(&a.byContainer);
    sortOwners(&a.byPod);
    sortOwners(&a.byUser);

    a.sysv = s.sysv;
    std::sort(a.sysv.begin(), a.sysv.end(), [](const SysvSegment &x, const SysvSegment &y) {
        if (x.bytes != y.bytes)
            return x.bytes > y.bytes;
        return x.id < y.id;
    });
    a.sysvCount = quint64(a.sysv.size());
    Bytes sysvListed = 0;
    for (const SysvSegment &seg : std::as_const(a.sysv))
        sysvListed = satAdd(sysvListed, seg.bytes);
    a.sysvBytes = std::max(s.sysvBytes.value_or(0), sysvListed);
    return a;
}

QString ShmAttribution::accountedText() const
{
    if (!available)
        return Tr::tr("Who holds /dev/shm is not known: %1.").arg(unavailableReason);
    if (!usedBytes)
        return Tr::tr("accounted %1 (how much is in use is not known)")
            .arg(formatSize(accountedBytes));
    return Tr::tr("accounted %1 of %2 used")
        .arg(formatSize(accountedBytes), formatSize(*usedBytes));
}

QString ShmAttribution::unaccountedText() const
{
    if (!available || !usedBytes)
        return {};
    // A page per file of rounding, and at least 1 MiB, is no gap worth explaining.
    const Bytes slack = std::max<Bytes>(1 * MiB, Bytes(files.size()) * PageSize);
    if (unaccountedBytes <= slack)
        return Tr::tr("Everything in use is accounted for.");
    QString why;
    if (!holdersComplete)
        why = Tr::tr("The other %1 are most likely files unlinked while still held by processes "
                     "this probe could not inspect (another user's: probe as root to see every "
                     "process), by processes in another PID namespace (other containers sharing "
                     "this /dev/shm), or files written or freed while the probe ran.")
                  .arg(formatSize(unaccountedBytes));
    else
        why = Tr::tr("The other %1 are most likely held by processes in another PID namespace "
                     "(other containers sharing this /dev/shm), or were written or freed while the "
                     "probe ran.")
                  .arg(formatSize(unaccountedBytes));
    if (holdersTruncated)
        why += QLatin1Char(' ') +
               Tr::tr("The probe listed only part of the holders, so some unlinked files were not "
                      "seen.");
    return why;
}

} // namespace shmwise
