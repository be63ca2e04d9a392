// SPDX-License-Identifier: GPL-3.0-or-later
// Who holds /dev/shm: the attribution of a probe's scan (kinds, holders, containers, pods,
// leaks, totals that reconcile with statvfs), the limit findings, and real material: PyTorch's
// two sharing strategies and a killed worker, multiprocessing's SharedMemory, heap and
// semaphores, an unlinked file only mapped, a System V segment, made in a private mount and IPC
// namespace with a small /dev/shm and probed there under dash and busybox.
#include "testutil.h"

#include "core/sizing.h"
#include "probes/attribution.h"
#include "probes/findings.h"
#include "probes/probefacts.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QScopeGuard>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace shmwise;
using testutil::RunResult;

namespace {

QStringList ids(const QVector<Finding> &fs)
{
    QStringList s;
    for (const Finding &f : fs)
        s << f.id;
    return s;
}

const Finding *findingOf(const QVector<Finding> &fs, const char *id)
{
    for (const Finding &f : fs) {
        if (f.id == QLatin1String(id))
            return &f;
    }
    return nullptr;
}

ShmPlan planOf(Bytes bytes)
{
    ShmPlan p;
    p.requiredBytes = bytes;
    p.recommendedBytes = bytes + bytes / 4;
    return p;
}

const ShmObject *objectNamed(const ShmAttribution &a, const QByteArray &prefix, bool linked)
{
    for (const ShmObject &o : a.files) {
        if (o.rawName.startsWith(prefix) && o.linked == linked)
            return &o;
    }
    return nullptr;
}

const ShmHolder *holderOf(const ShmObject &o, qint64 pid)
{
    for (const ShmHolder &h : o.holders) {
        if (h.pid == pid)
            return &h;
    }
    return nullptr;
}

// A report as the probe writes it, around the scan lines given.
HostFacts report(const QByteArray &scan, const QByteArray &head = "shm.size_kb=65536\n"
                                                                  "shm.used_kb=1024\n"
                                                                  "shm.free_kb=64512\n"
                                                                  "user.uid=0\n")
{
    return parseProbeReport("shmwise-probe 1\n" + head +
                            "shm.scan=1\nshm.scan_time=1000\n"
                            "shm.dev=43\n" +
                            scan + "shmwise-probe-end\n");
}

QString dockerId()
{
    return QStringLiteral("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef");
}

// Makes the files the way the libraries make them, then probes /dev/shm with each shell; run
// inside a private mount and IPC namespace. Arguments: the folder for the reports, the probe,
// the shells.
const char *const MakeShm = R"PY(
import ctypes, json, mmap, os, signal, subprocess, sys, time
import multiprocessing as mpmod
from multiprocessing import resource_tracker, shared_memory
import torch
import torch.multiprocessing as tmp

def fs_worker(q):
    # A forked child must not enter the OpenMP pool its parent started: PyTorch 2 hangs there.
    torch.set_num_threads(1)
    tmp.set_sharing_strategy('file_system')
    t = torch.ones(100000)
    t.share_memory_()
    q.put(os.getpid())
    time.sleep(600)

def main():
    out, probe, shells = sys.argv[1], sys.argv[2], sys.argv[3:]
    exp = {'pid': os.getpid()}
    # file_system: a named torch_ file this process maps.
    tmp.set_sharing_strategy('file_system')
    a = torch.ones(50000)
    a.share_memory_()
    # A DataLoader-like worker under file_system, killed: its torch_ file stays behind.
    ctx = mpmod.get_context('fork')
    q = ctx.Queue()
    w = ctx.Process(target=fs_worker, args=(q,))
    w.start()
    exp['worker'] = q.get()
    time.sleep(0.3)
    os.kill(exp['worker'], signal.SIGKILL)
    w.join()
    # file_descriptor (Linux's default): unlinked at once, held by its descriptor and mapping.
    tmp.set_sharing_strategy('file_descriptor')
    b = torch.ones(75000)
    b.share_memory_()
    # multiprocessing.shared_memory: one held, one left behind by a process that is gone.
    s1 = shared_memory.SharedMemory(create=True, size=123456)
    s1.buf[:] = b'\1' * 123456
    exp['psm_held'] = s1.name
    s2 = shared_memory.SharedMemory(create=True, size=70000)
    s2.buf[:] = b'\1' * len(s2.buf)
    exp['psm_leaked'] = s2.name
    s2.close()
    resource_tracker.unregister(s2._name, 'shared_memory')
    # multiprocessing's heap (Value, Array): an unlinked pym- arena.
    arr = mpmod.get_context('fork').Array('d', 20000, lock=False)
    arr[:] = [1.0] * 20000
    # A named semaphore under spawn: sem.mp-*.
    sem = mpmod.get_context('spawn').Semaphore()
    # Unlinked once mapped, the descriptor closed (NCCL's proxy pool does this); mapped through
    # libc, since Python's mmap keeps a duplicate of the descriptor.
    libc = ctypes.CDLL(None, use_errno=True)
    libc.mmap.restype = ctypes.c_void_p
    libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int,
                          ctypes.c_int, ctypes.c_long]
    fd = os.open('/dev/shm/nccl-attrib', os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600)
    os.ftruncate(fd, 262144)
    m = libc.mmap(None, 262144, mmap.PROT_READ | mmap.PROT_WRITE, mmap.MAP_SHARED, fd, 0)
    ctypes.memset(m, 2, 262144)
    os.close(fd)
    os.unlink('/dev/shm/nccl-attrib')
    # A System V segment, attached, a quarter touched.
    libc.shmget.restype = ctypes.c_int
    libc.shmget.argtypes = [ctypes.c_int, ctypes.c_size_t, ctypes.c_int]
    libc.shmat.restype = ctypes.c_void_p
    libc.shmat.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_int]
    shmid = libc.shmget(0, 1048576, 0o1600)
    addr = libc.shmat(shmid, None, 0)
    ctypes.memset(addr, 1, 262144)
    exp['sysv_id'] = shmid
    time.sleep(0.2)
    for i, sh in enumerate(shells):
        with open(probe, 'rb') as f:
            r = subprocess.run(sh.split() + ['-s'], stdin=f, stdout=subprocess.PIPE, timeout=60)
        with open(os.path.join(out, 'report%d.txt' % i), 'wb') as o:
            o.write(r.stdout)
        st = os.statvfs('/dev/shm')
        exp['statvfs_used%d' % i] = (st.f_blocks - st.f_bfree) * st.f_frsize
    with open(os.path.join(out, 'expected.json'), 'w') as f:
        json.dump(exp, f)
    libc.shmctl(shmid, 0, None)  # IPC_RMID
    s1.close()
    s1.unlink()
    del sem, arr, m, a, b

if __name__ == '__main__':
    main()
)PY";

} // namespace

class TestAttribution : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void kindsByName_data()
    {
        QTest::addColumn<QByteArray>("name");
        QTest::addColumn<QString>("kind");
        const QList<QPair<const char *, const char *>> rows{
            {"torch_1234_567_0", "pytorch"},
            {"nccl-AbC123", "nccl"},
            {"sem.mp-x8k2j", "mp_semaphore"},
            {"sem.mylock", "semaphore"},
            {"psm_7f3a", "shared_memory"},
            {"pym-123-abc", "mp_heap"},
            {"plasmaXyZ123", "ray"},
            {"vllm_offload_0.mmap", "vllm"},
            {"PostgreSQL.1804289383", "postgresql"},
            {"triton_python_backend_shm_region_1", "triton_python"},
            {".org.chromium.Chromium.AbCdEf", "browser"},
            {".com.google.Chrome.xyz", "browser"},
            {"org.mozilla.ipc.1234.5", "browser"},
            {"mydata.bin", "unknown"},
        };
        for (const auto &r : rows)
            QTest::newRow(r.first) << QByteArray(r.first) << QString::fromLatin1(r.second);
    }
    void kindsByName()
    {
        QFETCH(QByteArray, name);
        QFETCH(QString, kind);
        QCOMPARE(shmKindId(shmKindOfName(name)), kind);
        QVERIFY(!shmKindTitle(shmKindOfName(name)).isEmpty());
    }

    // The kind by the holder where the name says nothing: an unlinked file of a Python process is
    // PyTorch's file_descriptor strategy; a SharedMemory segment of vLLM is vLLM's; Ray's store.
    void kindsByHolder()
    {
        const HostFacts f =
            report("shm.f=4096 10 4096 0 990 f psm_abc\n"
                   "shm.h=7 fd:5 43 11 8192 8192 0 995 /dev/shm/renamed (deleted)\n"
                   "shm.h=7 map 00:2b 10 - 4096 - - /dev/shm/psm_abc\n"
                   "shm.h=8 map 00:2b 12 - 8192 - - /dev/shm/plasmaAbC (deleted)\n"
                   "shm.h=9 fd:3 43 13 4096 4096 0 995 /dev/shm/whatever (deleted)\n"
                   "shm.p=7 0 python3\nshm.p=8 0 raylet\nshm.p=9 0 VLLM::EngineCor\n");
        const ShmAttribution a = attributeShm(f);
        QVERIFY(a.available);
        QCOMPARE(objectNamed(a, "renamed", false)->kind, ShmKind::PyTorch);
        QCOMPARE(objectNamed(a, "psm_abc", true)->kind, ShmKind::SharedMemory);
        QCOMPARE(objectNamed(a, "plasmaAbC", false)->kind, ShmKind::Ray);
        QCOMPARE(objectNamed(a, "whatever", false)->kind, ShmKind::Vllm);
    }

    void containersAndPods_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("container");
        QTest::addColumn<QString>("pod");
        const QString id = dockerId();
        const QString uid = QStringLiteral("8d1f6c3a-1b2c-4d5e-8f90-123456789abc");
        QString uidUnderscores = uid;
        uidUnderscores.replace(QLatin1Char('-'), QLatin1Char('_'));
        QTest::newRow("docker v1") << QStringLiteral("/docker/") + id << id << QString();
        QTest::newRow("docker systemd")
            << QStringLiteral("/system.slice/docker-%1.scope").arg(id) << id << QString();
        QTest::newRow("kubepods systemd")
            << QStringLiteral("/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod%1"
                              ".slice/cri-containerd-%2.scope")
                   .arg(uidUnderscores, id)
            << id << uid;
        QTest::newRow("kubepods cgroupfs")
            << QStringLiteral("/kubepods/besteffort/pod%1/%2").arg(uid, id) << id << uid;
        QTest::newRow("host") << QStringLiteral("/user.slice/user-1000.slice/session-3.scope")
                              << QString() << QString();
        QTest::newRow("65 hex digits")
            << QStringLiteral("/x/%1f").arg(id) << QString() << QString();
    }
    void containersAndPods()
    {
        QFETCH(QString, path);
        QFETCH(QString, container);
        QFETCH(QString, pod);
        QCOMPARE(containerIdFromCgroup(path), container);
        QCOMPARE(podUidFromCgroup(path), pod);
    }

    // Named, unlinked-but-held and leaked files, a holder in another /dev/shm, a file past the
    // probe's list: the totals reconcile with what the tmpfs says is used, per kind, process,
    // container, pod and user.
    void totalsReconcile()
    {
        const QByteArray pc = "shm.pc=7 /kubepods/burstable/pod8d1f6c3a-1b2c-4d5e-8f90-"
                              "123456789abc/" +
                              dockerId().toLatin1() + "\n";
        const HostFacts f =
            report("shm.f=409600 2 400000 1000 990 f torch_7_1_0\n"
                   "shm.f=204800 3 204800 1000 400 f torch_99_2_0\n"
                   "shm.f=4096 4 32 1000 995 f sem.mp-abc\n"
                   "shm.files_count=4\nshm.files_bytes=622592\nshm.files_truncated=1\n"
                   "shm.files_other_count=0\nshm.files_other_bytes=0\n"
                   "shm.procs_total=3\nshm.procs_fd_readable=3\n"
                   "shm.h=7 map 00:2b 2 - 409600 - - /dev/shm/torch_7_1_0\n"
                   "shm.h=7 fd:9 43 5 303104 300000 1000 999 /dev/shm/torch_7_3_1 (deleted)\n"
                   "shm.h=7 map 00:2b 5 - 300000 - - /dev/shm/torch_7_3_1 (deleted)\n"
                   "shm.h=8 map 00:2b 6 - 262144 - - /dev/shm/nccl-x (deleted)\n"
                   "shm.h=8 map 00:2b 4 - 4096 - - /dev/shm/sem.mp-abc\n"
                   "shm.h=9 fd:3 44 2 4096 4096 0 990 /dev/shm/elsewhere\n"
                   "shm.p=7 1000 python3\nshm.p=8 1000 pt_data_worker\nshm.p=9 0 other\n" +
                       pc,
                   "shm.size_kb=65536\nshm.used_kb=1200\nshm.free_kb=64336\nuser.uid=1000\n");
        const ShmAttribution a = attributeShm(f);
        QVERIFY(a.available);
        QVERIFY(a.holdersComplete);
        QCOMPARE(a.namedCount, quint64(4));
        QCOMPARE(a.namedBytes, Bytes(622592));
        QCOMPARE(a.unlistedCount, quint64(1));
        QCOMPARE(a.unlistedBytes, Bytes(4096));
        QVERIFY(a.filesTruncated);
        QCOMPARE(a.unlinkedCount, quint64(2));
        // The mapped-only file's cost is estimated from its mapping.
        QCOMPARE(a.unlinkedBytes, Bytes(303104 + 262144));
        QCOMPARE(a.accountedBytes, Bytes(622592 + 303104 + 262144));
        QCOMPARE(*a.usedBytes, Bytes(1200 * 1024));
        QCOMPARE(a.unaccountedBytes, Bytes(1200 * 1024) - a.accountedBytes);
        QCOMPARE(a.otherNamespaceHolders, quint64(1));
        QVERIFY(a.accountedText().contains(QLatin1String("of 1.2 MiB used")));

        const ShmObject *leaked = objectNamed(a, "torch_99", true);
        QVERIFY(leaked && leaked->leaked && leaked->holders.isEmpty());
        QCOMPARE(*leaked->ageSeconds, qint64(600));
        QCOMPARE(a.leakedCount, quint64(1));
        QCOMPARE(a.leakedBytes, Bytes(204800));
        const ShmObject *fd = objectNamed(a, "torch_7_3_1", false);
        QVERIFY(fd);
        QVERIFY(fd->allocatedKnown);
        QCOMPARE(fd->holders.size(), 1);
        QVERIFY(fd->holders.at(0).viaFd && fd->holders.at(0).viaMap);
        QCOMPARE(fd->holders.at(0).containerId, dockerId());
        QCOMPARE(fd->holders.at(0).podUid, QStringLiteral("8d1f6c3a-1b2c-4d5e-8f90-123456789abc"));
        const ShmObject *nccl = objectNamed(a, "nccl-x", false);
        QVERIFY(nccl && !nccl->allocatedKnown && nccl->kind == ShmKind::Nccl);
        QCOMPARE(a.files.constFirst().rawName, QByteArray("torch_7_1_0")); // largest first

        QCOMPARE(a.byKind.constFirst().id, QStringLiteral("pytorch"));
        QCOMPARE(a.byKind.constFirst().bytes, Bytes(409600 + 204800 + 303104));
        QCOMPARE(a.byKind.constFirst().leakedBytes, Bytes(204800));
        QCOMPARE(a.byKind.constLast().id, QStringLiteral("unlisted"));
        QCOMPARE(a.byProcess.constFirst().id, QStringLiteral("7"));
        QCOMPARE(a.byProcess.constFirst().bytes, Bytes(409600 + 303104));
        QCOMPARE(a.byContainer.size(), 1);
        QCOMPARE(a.byPod.size(), 1);
        QCOMPARE(a.byPod.constFirst().bytes, Bytes(409600 + 303104));
        QCOMPARE(a.byUser.constFirst().id, QStringLiteral("1000"));

        const QJsonObject j = shmAttributionToJson(a);
        QCOMPARE(j[QStringLiteral("totals")][QStringLiteral("accounted_bytes")].toDouble(),
                 double(a.accountedBytes));
        QCOMPARE(j[QStringLiteral("files")].toArray().size(), a.files.size());
        QCOMPARE(j[QStringLiteral("by_kind")].toArray().at(0)[QStringLiteral("id")].toString(),
                 QStringLiteral("pytorch"));
        QVERIFY(j[QStringLiteral("truncated")][QStringLiteral("files")].toBool());
        const QJsonObject first = j[QStringLiteral("files")].toArray().at(0).toObject();
        QCOMPARE(first[QStringLiteral("kind")].toString(), QStringLiteral("pytorch"));
        QCOMPARE(first[QStringLiteral("holders")]
                     .toArray()
                     .at(0)[QStringLiteral("via")]
                     .toArray()
                     .at(0)
                     .toString(),
                 QStringLiteral("map"));
    }

    // Not root and not every process readable: another user's file with no holder seen is not
    // called leaked; the user's own is.
    void holdersUnknownIsNotLeaked()
    {
        const HostFacts f = report("shm.f=4096 2 10 1000 990 f mine\n"
                                   "shm.f=4096 3 10 0 990 f roots\n"
                                   "shm.files_count=2\nshm.files_bytes=8192\n"
                                   "shm.procs_total=100\nshm.procs_fd_readable=4\n",
                                   "shm.size_kb=65536\nshm.used_kb=8\nshm.free_kb=65528\n"
                                   "user.uid=1000\n");
        const ShmAttribution a = attributeShm(f);
        QVERIFY(!a.holdersComplete);
        QVERIFY(objectNamed(a, "mine", true)->leaked);
        QVERIFY(!objectNamed(a, "roots", true)->leaked);
        QVERIFY(!objectNamed(a, "roots", true)->holdersKnown);
        QCOMPARE(a.unaccountedText(), QStringLiteral("Everything in use is accounted for."));
    }

    void olderProbe()
    {
        const HostFacts f =
            parseProbeReport("shmwise-probe 1\nshm.size_kb=64\nshmwise-probe-end\n");
        const ShmAttribution a = attributeShm(f);
        QVERIFY(!a.available);
        QVERIFY(!a.unavailableReason.isEmpty());
        QVERIFY(!shmAttributionToJson(a)[QStringLiteral("available")].toBool());
    }

    // A plan above the user's quota while df shows room: an error; without a plan, a quota below
    // the size is a warning; root is not held to quotas.
    void quotaFindings()
    {
        const QByteArray head = "shm.size_kb=8388608\nshm.used_kb=0\nshm.free_kb=8388608\n"
                                "shm.options=rw,nosuid,nodev,size=8388608k,usrquota\n"
                                "user.uid=1000\nshm.quota=user\n";
        HostFacts f = report("", head + "shm.quota_user_kb=1048576 0 2097152\n");
        const ShmPlan p = planOf(3 * GiB);
        QVector<Finding> fs = findingsForHost(f, &p);
        const Finding *q = findingOf(fs, finding::ShmUserQuota);
        QVERIFY2(q, qPrintable(ids(fs).join(QLatin1Char(','))));
        QCOMPARE(q->severity, FindingSeverity::Error);
        QVERIFY2(q->evidence.contains(QLatin1String("1 GiB more (limit 2 GiB, 1 GiB in use)")) &&
                     q->evidence.contains(QLatin1String("8 GiB free")) &&
                     q->evidence.contains(QLatin1String("EDQUOT")),
                 qPrintable(q->evidence));
        const ShmPlan small = planOf(512 * MiB);
        QVERIFY(!findingOf(findingsForHost(f, &small), finding::ShmUserQuota));
        fs = findingsForHost(f);
        QCOMPARE(findingOf(fs, finding::ShmUserQuota)->severity, FindingSeverity::Warning);
        // The mount options' default limit when quota(1) is not there.
        f = report("", "shm.size_kb=8388608\nshm.used_kb=0\nshm.free_kb=8388608\n"
                       "shm.options=rw,size=8388608k,usrquota,usrquota_block_hardlimit=1g\n"
                       "user.uid=1000\nshm.quota=user\n");
        q = findingOf(findingsForHost(f, &p), finding::ShmUserQuota);
        QVERIFY(q && q->evidence.contains(QLatin1String("usrquota_block_hardlimit")));
        QCOMPARE(*attributeShm(f).limits.quotaDefaultLimit, 1 * GiB);
        // Root writes past quotas.
        f = report("", head + "shm.quota_user_kb=1048576 0 2097152\n" + "user.uid=0\n");
        QVERIFY(!findingOf(findingsForHost(f, &p), finding::ShmUserQuota));
        // A container job judged from its host: the host's quota is not the job's.
        Profile profile = newProfile();
        profile.environment = Environment::Docker;
        f = report("", head + "shm.quota_user_kb=1048576 0 2097152\ncontainer.runtime=none\n"
                              "container.orchestrator=none\n");
        QVERIFY(
            !ids(findingsForJob(f, profile, &p)).contains(QLatin1String(finding::ShmUserQuota)));
    }

    // /dev/shm and the job's other memory near memory.max: the OOM killer, with the numbers.
    void memoryFindings()
    {
        const QByteArray head = "shm.size_kb=8388608\nshm.used_kb=0\nshm.free_kb=8388608\n"
                                "cgroup.version=2\ncgroup.memory_limit_bytes=4294967296\n"
                                "cgroup.memory_usage_bytes=2147483648\n"
                                "cgroup.memory_stat_shmem_bytes=536870912\n"
                                "cgroup.memory_stat_anon_bytes=1610612736\n"
                                "cgroup.memory_stat_file_bytes=536870912\nuser.uid=0\n";
        HostFacts f = report("", head);
        QVERIFY(!findingOf(findingsForHost(f), finding::MemoryLimitNear));
        const ShmPlan p = planOf(3 * GiB);
        const QVector<Finding> fs = findingsForHost(f, &p);
        const Finding *m = findingOf(fs, finding::MemoryLimitNear);
        QVERIFY2(m, qPrintable(ids(fs).join(QLatin1Char(','))));
        QCOMPARE(m->severity, FindingSeverity::Error);
        QVERIFY2(m->evidence.contains(QLatin1String("4 GiB")) &&
                     m->evidence.contains(QLatin1String("1.5 GiB")) &&
                     m->evidence.contains(QLatin1String("4.5 GiB")) &&
                     m->evidence.contains(QLatin1String("OOM-killed")),
                 qPrintable(m->evidence));
        // The limit below /dev/shm alone is memory-limit-below-shm's, not said twice.
        const ShmPlan huge = planOf(5 * GiB);
        const QStringList hugeIds = ids(findingsForHost(f, &huge));
        QVERIFY(hugeIds.contains(QLatin1String(finding::MemoryLimitBelowShm)));
        QVERIFY(!hugeIds.contains(QLatin1String(finding::MemoryLimitNear)));
        // Near the limit already, without a plan: a warning.
        f = report("", head + "cgroup.memory_usage_bytes=4000000000\n");
        QCOMPARE(findingOf(findingsForHost(f), finding::MemoryLimitNear)->severity,
                 FindingSeverity::Warning);
    }

    // Shmem is more than /dev/shm: explained, never shown as /dev/shm's use.
    void shmemIsNotShm()
    {
        HostFacts f = report("sysv.seg=0 5 600 1073741824 10 10 1 0 0 0 0 0 0 0 0 0\n",
                             "shm.size_kb=8388608\nshm.used_kb=1024\nshm.free_kb=8387584\n"
                             "memory.shmem_kb=2097152\nuser.uid=0\n");
        const Finding *s = findingOf(findingsForHost(f), finding::ShmemNotShm);
        QVERIFY(s);
        QCOMPARE(s->severity, FindingSeverity::Info);
        QVERIFY2(
            s->evidence.contains(QLatin1String("Shmem is 2 GiB, while /dev/shm holds 1 MiB")) &&
                s->evidence.contains(QLatin1String("System V segments hold 1 GiB")) &&
                s->evidence.contains(QLatin1String("CUDA pinned")),
            qPrintable(s->evidence));
        f = report("", "shm.size_kb=8388608\nshm.used_kb=1048576\nshm.free_kb=7340032\n"
                       "memory.shmem_kb=1100000\nuser.uid=0\n");
        QVERIFY(!findingOf(findingsForHost(f), finding::ShmemNotShm));
    }

    // Real material in a private mount and IPC namespace with a 64 MiB /dev/shm.
    void realMaterial()
    {
        QString why;
        if (!testutil::canUseMountNamespace(&why))
            QSKIP(qPrintable(why));
        const QString python = testutil::pythonWithTorch(&why);
        if (python.isEmpty())
            QSKIP(qPrintable(why));
        const QStringList sh = testutil::posixShells();
        if (sh.isEmpty())
            QSKIP("dash is not installed");
        QTemporaryDir dir;
        QFile script(dir.filePath(QStringLiteral("make_shm.py")));
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write(MakeShm);
        script.close();
        QFile probe(dir.filePath(QStringLiteral("probe.sh")));
        QVERIFY(probe.open(QIODevice::WriteOnly));
        probe.write(probeScript());
        probe.close();
        const RunResult r =
            testutil::runWithShm(64 * MiB, QStringLiteral("unshare"),
                                 QStringList{QStringLiteral("-i"), python, script.fileName(),
                                             dir.path(), probe.fileName()} +
                                     sh,
                                 180000);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QFile e(dir.filePath(QStringLiteral("expected.json")));
        QVERIFY(e.open(QIODevice::ReadOnly));
        const QJsonObject exp = QJsonDocument::fromJson(e.readAll()).object();
        const qint64 pid = qint64(exp[QStringLiteral("pid")].toDouble());
        const qint64 worker = qint64(exp[QStringLiteral("worker")].toDouble());
        for (int i = 0; i < sh.size(); ++i) {
            QFile rep(dir.filePath(QStringLiteral("report%1.txt").arg(i)));
            QVERIFY(rep.open(QIODevice::ReadOnly));
            const HostFacts f = parseProbeReport(rep.readAll());
            QVERIFY2(f.complete, qPrintable(sh.at(i)));
            QCOMPARE(f.shmScan.badLines, 0);
            const ShmAttribution a = attributeShm(f);
            QVERIFY(a.available);
            QVERIFY(a.holdersComplete);
            const QString where = sh.at(i) + QLatin1String(": ");

            // file_system: named, mapped by the process that shared it.
            const ShmObject *fs = objectNamed(a, "torch_" + QByteArray::number(pid) + '_', true);
            QVERIFY2(fs, qPrintable(where + QLatin1String("no file_system torch_ file")));
            QCOMPARE(fs->kind, ShmKind::PyTorch);
            QVERIFY(holderOf(*fs, pid) && holderOf(*fs, pid)->viaMap);
            QVERIFY(!fs->leaked);
            QCOMPARE(fs->allocated, roundUp(200000, PageSize));
            // The killed worker's file: left behind, held by nobody.
            const ShmObject *left =
                objectNamed(a, "torch_" + QByteArray::number(worker) + '_', true);
            QVERIFY2(left, qPrintable(where + QLatin1String("no leftover torch_ file")));
            QVERIFY(left->leaked);
            QCOMPARE(left->allocated, roundUp(400000, PageSize));
            // file_descriptor: unlinked at once, held by its descriptor.
            const ShmObject *fd = objectNamed(a, "torch_" + QByteArray::number(pid) + '_', false);
            QVERIFY2(fd, qPrintable(where + QLatin1String("no unlinked torch_ file")));
            QCOMPARE(fd->kind, ShmKind::PyTorch);
            QVERIFY(holderOf(*fd, pid) && holderOf(*fd, pid)->viaFd);
            QVERIFY(fd->allocatedKnown);
            QCOMPARE(fd->allocated, roundUp(300000, PageSize));
            QCOMPARE(holderOf(*fd, pid)->command, QStringLiteral("python3"));

            const ShmObject *held =
                objectNamed(a, exp[QStringLiteral("psm_held")].toString().toLatin1(), true);
            QVERIFY(held && held->kind == ShmKind::SharedMemory && !held->leaked);
            QVERIFY(holderOf(*held, pid));
            QCOMPARE(held->allocated, roundUp(123456, PageSize));
            const ShmObject *gone =
                objectNamed(a, exp[QStringLiteral("psm_leaked")].toString().toLatin1(), true);
            QVERIFY(gone && gone->kind == ShmKind::SharedMemory && gone->leaked);

            const ShmObject *heap = objectNamed(a, "pym-", false);
            QVERIFY2(heap, qPrintable(where + QLatin1String("no pym- arena")));
            QCOMPARE(heap->kind, ShmKind::MpHeap);
            QVERIFY(holderOf(*heap, pid));
            const ShmObject *sem = objectNamed(a, "sem.mp-", true);
            QVERIFY2(sem, qPrintable(where + QLatin1String("no sem.mp- file")));
            QCOMPARE(sem->kind, ShmKind::MpSemaphore);
            QVERIFY(holderOf(*sem, pid) && holderOf(*sem, pid)->viaMap);

            // Unlinked and only mapped: seen through the mapping, its cost through map_files.
            const ShmObject *nccl = objectNamed(a, "nccl-attrib", false);
            QVERIFY2(nccl, qPrintable(where + QLatin1String("no nccl-attrib")));
            QCOMPARE(nccl->kind, ShmKind::Nccl);
            QVERIFY(holderOf(*nccl, pid)->viaMap && !holderOf(*nccl, pid)->viaFd);
            QVERIFY(nccl->allocatedKnown);
            QCOMPARE(nccl->allocated, Bytes(262144));

            QCOMPARE(a.sysvCount, quint64(1));
            const SysvSegment &seg = a.sysv.constFirst();
            QCOMPARE(seg.id, qint64(exp[QStringLiteral("sysv_id")].toDouble()));
            QCOMPARE(seg.bytes, Bytes(1048576));
            QCOMPARE(seg.creatorPid, pid);
            QCOMPARE(seg.attaches, quint64(1));

            // statvfs, as the probe read it and as the job read it after: within a page a file.
            const Bytes slack = Bytes(a.files.size()) * PageSize;
            QVERIFY(a.usedBytes);
            const Bytes used = *a.usedBytes;
            QVERIFY2(used + slack >= a.accountedBytes && a.accountedBytes + slack >= used,
                     qPrintable(QStringLiteral("%1used %2, accounted %3")
                                    .arg(where)
                                    .arg(used)
                                    .arg(a.accountedBytes)));
            const Bytes statvfsUsed =
                Bytes(exp[QStringLiteral("statvfs_used%1").arg(i)].toDouble());
            QVERIFY2(statvfsUsed + slack >= a.accountedBytes &&
                         a.accountedBytes + slack >= statvfsUsed,
                     qPrintable(QStringLiteral("%1statvfs %2, accounted %3")
                                    .arg(where)
                                    .arg(statvfsUsed)
                                    .arg(a.accountedBytes)));
            QCOMPARE(a.unaccountedText(), QStringLiteral("Everything in use is accounted for."));
            QCOMPARE(a.byProcess.constFirst().id, QString::number(pid));
            QCOMPARE(a.leakedCount, quint64(2));
        }
    }

    // A tmpfs mounted with usrquota and a per-user limit (Linux 6.6+, CONFIG_TMPFS_QUOTA), in a
    // private mount namespace: a user's writes stop at the limit with EDQUOT while df shows room,
    // and the probe run as that user says so with shm-user-quota.
    void quotaRealTmpfs()
    {
        QString why;
        if (!testutil::canUseMountNamespace(&why))
            QSKIP(qPrintable(why));
        if (QStandardPaths::findExecutable(QStringLiteral("setpriv")).isEmpty())
            QSKIP("setpriv (util-linux) is not installed");
        const RunResult probe = testutil::run(
            QStringLiteral("unshare"),
            {QStringLiteral("-m"), QStringLiteral("--propagation"), QStringLiteral("private"),
             QStringLiteral("sh"), QStringLiteral("-c"),
             QStringLiteral("mount -t tmpfs -o size=16m,usrquota,usrquota_block_hardlimit=1m "
                            "shmwise-quota /dev/shm")},
            {}, 20000);
        if (probe.exitCode != 0)
            QSKIP(qPrintable(QStringLiteral("this kernel refuses usrquota on tmpfs (it needs Linux "
                                            "6.6 or later built with CONFIG_TMPFS_QUOTA): ") +
                             QString::fromUtf8(probe.err).trimmed()));
        QTemporaryDir dir;
        QVERIFY(QFile::setPermissions(
            dir.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner |
                            QFileDevice::ReadOther | QFileDevice::ExeOther));
        QFile script(dir.filePath(QStringLiteral("probe.sh")));
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write(probeScript());
        script.close();
        QVERIFY(script.setPermissions(script.permissions() | QFileDevice::ReadOther));
        // As nobody: fill past the limit (EDQUOT), then probe.
        const RunResult r = testutil::run(
            QStringLiteral("unshare"),
            {QStringLiteral("-m"), QStringLiteral("--propagation"), QStringLiteral("private"),
             QStringLiteral("sh"), QStringLiteral("-c"),
             QStringLiteral("mount -t tmpfs -o size=16m,mode=1777,usrquota,"
                            "usrquota_block_hardlimit=1m shmwise-quota /dev/shm && "
                            "setpriv --reuid=65534 --regid=65534 --clear-groups sh -c '"
                            "dd if=/dev/zero of=/dev/shm/fill bs=64k count=32 2>/dev/shm/dd.err; "
                            "echo dd=$?; cat /dev/shm/dd.err; sh -s < %1'")
                 .arg(script.fileName())},
            {}, 60000);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.out.contains("dd=1") && r.out.contains("Disk quota exceeded"),
                 r.out.left(400).constData());
        const HostFacts f = parseProbeReport(r.out.mid(r.out.indexOf("shmwise-probe 1")));
        QVERIFY(f.complete);
        QCOMPARE(f.shmQuota, QStringLiteral("user"));
        const ShmLimits l = attributeShm(f).limits;
        QVERIFY(l.quotaOn);
        QCOMPARE(*l.quotaDefaultLimit, 1 * MiB);
        QVERIFY(*f.shmFreeBytes > 8 * MiB); // df shows room
        const ShmPlan p = planOf(4 * MiB);
        const Finding *q = findingOf(findingsForHost(f, &p), finding::ShmUserQuota);
        QVERIFY(q);
        QCOMPARE(q->severity, FindingSeverity::Error);
    }

    // A memory cgroup with a limit (v1 or v2, where this machine lets the test make one): the
    // probe reads memory.max and memory.stat, and a plan that fills /dev/shm near the limit is
    // an OOM, not a Bus error.
    void memoryCgroup()
    {
        QString why;
        if (!testutil::canUseMountNamespace(&why))
            QSKIP(qPrintable(why));
        QFile self(QStringLiteral("/proc/self/cgroup"));
        QVERIFY(self.open(QIODevice::ReadOnly));
        QString parent, procsFile, limitFile, value;
        for (const QByteArray &line : self.readAll().split('\n')) {
            const QList<QByteArray> parts = line.split(':');
            if (parts.size() < 3)
                continue;
            if (parts.at(0) == "0" &&
                QFile::exists(QStringLiteral("/sys/fs/cgroup/cgroup.controllers"))) {
                parent = QStringLiteral("/sys/fs/cgroup") + QString::fromUtf8(parts.at(2));
                limitFile = QStringLiteral("memory.max");
            } else if (parts.at(1).split(',').contains("memory")) {
                parent = QStringLiteral("/sys/fs/cgroup/memory") + QString::fromUtf8(parts.at(2));
                limitFile = QStringLiteral("memory.limit_in_bytes");
            }
        }
        const QString dir =
            QDir::cleanPath(parent) + QStringLiteral("/shmwise-attribution-%1").arg(getpid());
        if (parent.isEmpty() || !QDir().mkpath(dir) ||
            !QFile::exists(dir + QLatin1Char('/') + limitFile))
            QSKIP("cannot make a memory cgroup here (no writable memory controller)");
        auto cleanup = qScopeGuard([&] { QDir().rmdir(dir); });
        {
            QFile limit(dir + QLatin1Char('/') + limitFile);
            if (!limit.open(QIODevice::WriteOnly) || limit.write("67108864") < 0)
                QSKIP("cannot set a memory limit on the test's cgroup");
        }
        QTemporaryDir tmp;
        QFile probe(tmp.filePath(QStringLiteral("probe.sh")));
        QVERIFY(probe.open(QIODevice::WriteOnly));
        probe.write(probeScript());
        probe.close();
        const RunResult r = testutil::runWithShm(
            256 * MiB, QStringLiteral("sh"),
            {QStringLiteral("-c"),
             QStringLiteral("echo $$ > '%1/cgroup.procs' && "
                            "dd if=/dev/zero of=/dev/shm/fill bs=1M count=40 2>/dev/null && "
                            "exec sh -s < '%2'")
                 .arg(dir, probe.fileName())});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const HostFacts f = parseProbeReport(r.out);
        QVERIFY(f.complete);
        QCOMPARE(*f.memoryLimitBytes, 64 * MiB);
        QVERIFY(f.cgroupShmemBytes);
        QVERIFY2(*f.cgroupShmemBytes >= 40 * MiB, qPrintable(QString::number(*f.cgroupShmemBytes)));
        const ShmLimits l = attributeShm(f).limits;
        QCOMPARE(*l.memoryMax, 64 * MiB);
        QVERIFY(*l.memoryCurrent >= 40 * MiB);
        const ShmPlan p = planOf(60 * MiB);
        const QVector<Finding> fs = findingsForHost(f, &p);
        const Finding *m = findingOf(fs, finding::MemoryLimitNear);
        QVERIFY2(m, qPrintable(ids(fs).join(QLatin1Char(','))));
        QVERIFY2(m->evidence.contains(QLatin1String("64 MiB")), qPrintable(m->evidence));
    }
};

QTEST_GUILESS_MAIN(TestAttribution)
#include "tst_attribution.moc"
