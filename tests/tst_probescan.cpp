// SPDX-License-Identifier: GPL-3.0-or-later
// probe.sh's scan of /dev/shm on fixture trees, under dash, busybox sh with the system's tools,
// busybox alone (an Alpine-like image) and busybox without stat (ls -lnisa): every file with
// odd names, the holders by descriptor and by mapping, their command, user and container,
// System V segments, the quota as quota(1) reports it, the bounds and what they say.
#include "testutil.h"

#include "probes/attribution.h"
#include "probes/probefacts.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

#include <sys/stat.h>

using namespace shmwise;
using testutil::RunResult;

namespace {

// "PATH-SETUP|SHELL": PATH-SETUP is "system", "busybox" (busybox's applets alone) or
// "busybox-nostat" (and no stat).
QStringList setups()
{
    QStringList s;
    for (const char *sh : {"/usr/bin/dash", "/bin/dash"}) {
        if (QFile::exists(QLatin1String(sh))) {
            s << QStringLiteral("system|") + QLatin1String(sh);
            break;
        }
    }
    const QString bb = QStandardPaths::findExecutable(QStringLiteral("busybox"));
    if (!bb.isEmpty()) {
        s << QStringLiteral("system|") + bb + QStringLiteral(" sh");
        s << QStringLiteral("busybox|") + bb + QStringLiteral(" sh");
        s << QStringLiteral("busybox-nostat|") + bb + QStringLiteral(" sh");
    }
    return s;
}

// A folder of busybox's applets (without `skip`), for PATH.
bool busyboxBin(const QString &dir, const QStringList &skip)
{
    const QString bb = QStandardPaths::findExecutable(QStringLiteral("busybox"));
    const RunResult list = testutil::run(bb, {QStringLiteral("--list")});
    if (list.exitCode != 0)
        return false;
    for (const QByteArray &applet : list.out.split('\n')) {
        const QString a = QString::fromUtf8(applet.trimmed());
        if (a.isEmpty() || skip.contains(a) || QFile::exists(dir + QLatin1Char('/') + a))
            continue;
        if (!QFile::link(bb, dir + QLatin1Char('/') + a))
            return false;
    }
    return true;
}

bool write(const QString &path, const QByteArray &text)
{
    if (!QDir().mkpath(QFileInfo(path).path()))
        return false;
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text) == text.size();
}

// maps' MAJOR:MINOR (hex) of a device number, the kernel's way.
QByteArray mapsDev(dev_t dev)
{
    const quint64 d = dev;
    const quint64 major = ((d >> 8) & 0xfff) | ((d >> 32) & ~0xfffULL);
    const quint64 minor = (d & 0xff) | ((d >> 12) & ~0xffULL);
    return QByteArray::number(major, 16).rightJustified(2, '0') + ':' +
           QByteArray::number(minor, 16).rightJustified(2, '0');
}

struct Fixture
{
    QTemporaryDir root;
    QTemporaryDir bin;
    QByteArray weird = QByteArray("we\nird = \xc3\xa9");
    quint64 torchInode = 0;
    quint64 semInode = 0;

    bool make()
    {
        const QString shm = root.filePath(QStringLiteral("dev/shm"));
        if (!QDir().mkpath(shm))
            return false;
        if (!write(shm + QStringLiteral("/torch_123_456_0"), QByteArray(100000, 'x')) ||
            !write(shm + QStringLiteral("/psm_abc"), QByteArray(20000, 'y')) ||
            !write(shm + QStringLiteral("/sp ace = x"), QByteArray(5000, 'z')) ||
            !write(shm + QStringLiteral("/sem.mp-abc"), QByteArray(32, 's')) ||
            !write(shm + QLatin1Char('/') + QFile::decodeName(weird), QByteArray(3000, 'w')))
            return false;
        struct stat st;
        if (stat(QFile::encodeName(shm + QStringLiteral("/torch_123_456_0")).constData(), &st))
            return false;
        torchInode = st.st_ino;
        const QByteArray dev = mapsDev(st.st_dev);
        if (stat(QFile::encodeName(shm + QStringLiteral("/sem.mp-abc")).constData(), &st))
            return false;
        semInode = st.st_ino;
        // Process 123 holds the torch file open and maps it, and maps the semaphore.
        const QString p = root.filePath(QStringLiteral("proc/123"));
        if (!QDir().mkpath(p + QStringLiteral("/fd")) ||
            !QFile::link(shm + QStringLiteral("/torch_123_456_0"), p + QStringLiteral("/fd/7")) ||
            !QFile::link(QStringLiteral("/dev/null"), p + QStringLiteral("/fd/0")))
            return false;
        const QByteArray maps =
            "55d0c0a00000-55d0c0a21000 r--p 00000000 fe:00 1234 /usr/bin/python3.11\n"
            "7f00a0000000-7f00a0019000 rw-s 00000000 " +
            dev + " " + QByteArray::number(torchInode) + "                    " +
            QFile::encodeName(shm) +
            "/torch_123_456_0\n"
            "7f00a1000000-7f00a1001000 rw-s 00000000 " +
            dev + " " + QByteArray::number(semInode) + "   /dev/shm/sem.x2AbC9 (deleted)\n";
        const QByteArray cgroup =
            "0::/system.slice/docker-"
            "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef.scope\n";
        if (!write(p + QStringLiteral("/maps"), maps) ||
            !write(p + QStringLiteral("/status"),
                   "Name:\tpython3\nUmask:\t0022\nState:\tS (sleeping)\n"
                   "Uid:\t1000\t1000\t1000\t1000\n") ||
            !write(p + QStringLiteral("/cgroup"), cgroup))
            return false;
        // Process 456 holds nothing.
        if (!QDir().mkpath(root.filePath(QStringLiteral("proc/456/fd"))) ||
            !write(root.filePath(QStringLiteral("proc/456/maps")), "") ||
            !write(root.filePath(QStringLiteral("proc/456/status")),
                   "Name:\tsleep\nUid:\t0\t0\t0\t0\n"))
            return false;
        if (!write(root.filePath(QStringLiteral("proc/sysvipc/shm")),
                   "       key      shmid perms                  size  cpid  lpid nattch   uid   "
                   "gid  cuid  cgid      atime      dtime      ctime                   rss       "
                   "           swap\n"
                   "         0         32   600               1048576   123   123      1  1000  "
                   "1000  1000  1000 1796618876          0 1796618876                262144      "
                   "             0\n") ||
            !write(root.filePath(QStringLiteral("proc/mounts")),
                   "tmpfs /dev/shm tmpfs rw,nosuid,nodev,size=65536k,usrquota,"
                   "usrquota_block_hardlimit=8388608 0 0\n"))
            return false;
        // quota(1) as quota-tools prints it with -v -w -p.
        if (!write(
                bin.filePath(QStringLiteral("quota")),
                "#!/bin/sh\n"
                "echo 'Disk quotas for user alice (uid 1000): '\n"
                "echo '     Filesystem  blocks   quota   limit   grace   files   quota   limit   "
                "grace'\n"
                "echo '          tmpfs    1024*      0    2048       0       3       0       0 "
                "      0'\n"))
            return false;
        QFile q(bin.filePath(QStringLiteral("quota")));
        return q.setPermissions(q.permissions() | QFileDevice::ExeOwner);
    }
};

struct Ran
{
    RunResult r;
    HostFacts facts;
};

Ran runProbe(const QString &setup, const Fixture &fx, const QMap<QString, QString> &vars = {})
{
    const QString paths = setup.section(QLatin1Char('|'), 0, 0);
    QStringList parts = setup.section(QLatin1Char('|'), 1).split(QLatin1Char(' '));
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("SHMWISE_PROBE_ROOT"), fx.root.path());
    QString path = fx.bin.path() + QLatin1Char(':');
    if (paths == QLatin1String("system"))
        path += env.value(QStringLiteral("PATH"));
    else
        path += fx.bin.path() + (paths == QLatin1String("busybox") ? QStringLiteral("/bb")
                                                                   : QStringLiteral("/bbnostat"));
    env.insert(QStringLiteral("PATH"), path);
    for (auto it = vars.cbegin(); it != vars.cend(); ++it)
        env.insert(it.key(), it.value());
    const QString program = parts.takeFirst();
    Ran out;
    out.r = testutil::run(program, parts << QStringLiteral("-s"), probeScript(), 30000, env);
    out.facts = parseProbeReport(out.r.out);
    return out;
}

const ShmObject *named(const ShmAttribution &a, const QByteArray &name)
{
    for (const ShmObject &o : a.files) {
        if (o.rawName == name)
            return &o;
    }
    return nullptr;
}

} // namespace

class TestProbeScan : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        if (setups().isEmpty())
            QSKIP("dash is not installed");
    }

    void fixture_data()
    {
        QTest::addColumn<QString>("setup");
        for (const QString &s : setups())
            QTest::newRow(qPrintable(s)) << s;
    }
    void fixture()
    {
        QFETCH(QString, setup);
        Fixture fx;
        QVERIFY(fx.make());
        QVERIFY(QDir().mkpath(fx.bin.filePath(QStringLiteral("bb"))));
        QVERIFY(QDir().mkpath(fx.bin.filePath(QStringLiteral("bbnostat"))));
        if (setup.startsWith(QLatin1String("busybox|")))
            QVERIFY(busyboxBin(fx.bin.filePath(QStringLiteral("bb")), {}));
        if (setup.startsWith(QLatin1String("busybox-nostat|")))
            QVERIFY(
                busyboxBin(fx.bin.filePath(QStringLiteral("bbnostat")), {QStringLiteral("stat")}));
        const bool noStat = setup.startsWith(QLatin1String("busybox-nostat|"));
        const Ran x = runProbe(setup, fx);
        const HostFacts &f = x.facts;
        QVERIFY2(f.complete, x.r.err.constData());
        const ShmScan &s = f.shmScan;
        QVERIFY(s.present);
        QCOMPARE(s.badLines, 0);
        // Every file counted, the odd name too.
        QCOMPARE(*s.fileCount + s.otherNameCount, quint64(5));
        QCOMPARE(*f.shmTorchFiles, quint64(1));
        const ShmAttribution a = attributeShm(f);
        QCOMPARE(a.namedCount, quint64(5));
        const ShmObject *torch = named(a, "torch_123_456_0");
        QVERIFY(torch);
        QCOMPARE(torch->length, Bytes(100000));
        QVERIFY(torch->allocated >= 100000);
        QVERIFY(named(a, "sp ace = x"));
        QCOMPARE(torch->kind, ShmKind::PyTorch);
        QCOMPARE(named(a, "psm_abc")->kind, ShmKind::SharedMemory);
        QCOMPARE(named(a, "sem.mp-abc")->kind, ShmKind::MpSemaphore);
        if (noStat) {
            // ls -lnisa: no times, no descriptors' inodes; still every file and its size.
            QVERIFY(!torch->ageSeconds);
            return;
        }
        // The odd name, hex-encoded, read back byte for byte.
        QVERIFY2(named(a, fx.weird), x.r.out.left(3000).constData());
        QCOMPARE(named(a, fx.weird)->name, QStringLiteral("we\\x0aird = \\xc3\\xa9"));
        QVERIFY(torch->ageSeconds);
        QVERIFY(s.dev);
        // Held: by descriptor and mapping, with its command, user and container.
        QCOMPARE(torch->holders.size(), 1);
        const ShmHolder &h = torch->holders.at(0);
        QCOMPARE(h.pid, qint64(123));
        QVERIFY(h.viaFd && h.viaMap);
        QCOMPARE(h.command, QStringLiteral("python3"));
        QCOMPARE(*h.uid, quint32(1000));
        QCOMPARE(
            h.containerId,
            QStringLiteral("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"));
        QVERIFY(!torch->leaked);
        // The semaphore's mapping names the temporary file sem_open linked it from.
        const ShmObject *sem = named(a, "sem.mp-abc");
        QCOMPARE(sem->holders.size(), 1);
        QVERIFY(sem->holders.at(0).viaMap && !sem->holders.at(0).viaFd);
        // Every process of the tree could be read: no holder is a leak.
        QVERIFY(a.holdersComplete);
        QVERIFY(named(a, "psm_abc")->leaked);
        QCOMPARE(a.byContainer.size(), 1);
        // System V, by its columns.
        QCOMPARE(a.sysvCount, quint64(1));
        QCOMPARE(a.sysv.at(0).bytes, Bytes(1048576));
        QCOMPARE(*a.sysv.at(0).resident, Bytes(262144));
        QCOMPARE(a.sysv.at(0).creatorPid, qint64(123));
        // The quota: on, its default from the mount options, the user's from quota(1).
        QCOMPARE(f.shmQuota, QStringLiteral("user"));
        QCOMPARE(*f.shmQuotaUsedBytes, 1 * MiB);
        QCOMPARE(*f.shmQuotaSoftBytes, Bytes(0));
        QCOMPARE(*f.shmQuotaHardBytes, 2 * MiB);
        QVERIFY(a.limits.quotaOn);
        QCOMPARE(*a.limits.quotaDefaultLimit, 8 * MiB);
        QCOMPARE(*a.limits.userQuotaLimit, 2 * MiB);
    }

    // At most N files listed, the largest; the totals still count every one and say so.
    void bounded_data() { fixture_data(); }
    void bounded()
    {
        QFETCH(QString, setup);
        if (setup.startsWith(QLatin1String("busybox-nostat|")))
            QSKIP("the same listing as busybox");
        Fixture fx;
        QVERIFY(fx.make());
        QVERIFY(QDir().mkpath(fx.bin.filePath(QStringLiteral("bb"))));
        if (setup.startsWith(QLatin1String("busybox|")))
            QVERIFY(busyboxBin(fx.bin.filePath(QStringLiteral("bb")), {}));
        for (int i = 0; i < 30; ++i)
            QVERIFY(write(fx.root.filePath(QStringLiteral("dev/shm/small-%1").arg(i)), "x"));
        const Ran x =
            runProbe(setup, fx,
                     {{QStringLiteral("SHMWISE_PROBE_MAX_FILES"), QStringLiteral("2")},
                      {QStringLiteral("SHMWISE_PROBE_MAX_HOLDERS"), QStringLiteral("1")}});
        const HostFacts &f = x.facts;
        QVERIFY(f.complete);
        QCOMPARE(f.shmScan.files.size(), 2 + 1); // and the odd name, listed apart
        QVERIFY(f.shmScan.filesTruncated);
        QCOMPARE(f.shmScan.files.at(0).name, QByteArray("torch_123_456_0"));
        QCOMPARE(f.shmScan.files.at(1).name, QByteArray("psm_abc"));
        QCOMPARE(*f.shmScan.fileCount + f.shmScan.otherNameCount, quint64(35));
        QCOMPARE(f.shmScan.holders.size(), 1);
        QVERIFY(f.shmScan.holdersTruncated);
        const ShmAttribution a = attributeShm(f);
        QVERIFY(a.filesTruncated && a.holdersTruncated);
        QCOMPARE(a.namedCount, quint64(35));
        QVERIFY(a.unlistedBytes > 0);
        const auto unlisted = std::find_if(a.byKind.cbegin(), a.byKind.cend(), [](const auto &o) {
            return o.id == QLatin1String("unlisted");
        });
        QVERIFY(unlisted != a.byKind.cend());
        QCOMPARE(unlisted->bytes, a.unlistedBytes);
        QCOMPARE(unlisted->files, quint64(32));
    }
};

QTEST_GUILESS_MAIN(TestProbeScan)
#include "tst_probescan.moc"
