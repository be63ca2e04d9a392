// SPDX-License-Identifier: GPL-3.0-or-later
#include "testutil.h"

#include "probes/probefacts.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QTest>

using namespace shmwise;

class TestProbeFacts : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void fullReport()
    {
        const QByteArray report = "shmwise-probe 1\n"
                                  "shm.size_kb=65536\nshm.used_kb=1024\nshm.free_kb=64512\n"
                                  "shm.mounted=1\nshm.fstype=tmpfs\nshm.options=rw,size=65536k\n"
                                  "memory.total_kb=1000\nmemory.available_kb=unknown\n"
                                  "cgroup.version=2\ncgroup.memory_limit_bytes=4294967296\n"
                                  "cgroup.cpu_quota_us=150000\ncgroup.cpu_period_us=100000\n"
                                  "cpu.online=0-15\ncpu.allowed_list=0-3,8\n"
                                  "container.runtime=docker\ncontainer.orchestrator=none\n"
                                  "gpu.count=1\ngpu.0.name=NVIDIA H200\ngpu.0.memory_mib=143771\n"
                                  "ulimit.nofile_soft=1024\nulimit.nofile_hard=unlimited\n"
                                  "kernel.messages=readable\nkernel.message.0=Bus error\n"
                                  "future.key=42\n"
                                  "shmwise-probe-end\n";
        const HostFacts f = parseProbeReport(report);
        QCOMPARE(f.reportVersion, 1);
        QVERIFY(f.complete);
        QVERIFY2(f.problems.isEmpty(), qPrintable(f.problems.join(QLatin1Char('\n'))));
        QCOMPARE(*f.shmSizeBytes, 64 * MiB);
        QCOMPARE(*f.shmUsedBytes, 1 * MiB);
        QCOMPARE(f.shmMounted, std::optional<bool>(true));
        QCOMPARE(*f.memTotalBytes, Bytes(1000 * 1024));
        QVERIFY(!f.memAvailableBytes);
        QCOMPARE(f.cgroupVersion, 2);
        QCOMPARE(*f.memoryLimitBytes, 4 * GiB);
        QCOMPARE(*f.cpusOnline, quint64(16));
        QCOMPARE(*f.cpusAllowed, quint64(5));
        QCOMPARE(*f.cpuQuota, 1.5);
        QCOMPARE(*f.usableCpus(), quint64(2));
        QCOMPARE(f.containerRuntime, QStringLiteral("docker"));
        QCOMPARE(f.gpus.size(), 1);
        QCOMPARE(f.gpus.at(0).name, QStringLiteral("NVIDIA H200"));
        QCOMPARE(*f.gpus.at(0).memoryBytes, 143771 * MiB);
        QCOMPARE(*f.nofileSoft, quint64(1024));
        QCOMPARE(*f.nofileHard, std::numeric_limits<quint64>::max());
        QCOMPARE(f.kernelMessages, QStringList{QStringLiteral("Bus error")});
        // Keys from a later probe are kept, not dropped.
        QCOMPARE(f.extra.value(QStringLiteral("future.key")), QStringLiteral("42"));

        const QJsonObject j = hostFactsToJson(f);
        QCOMPARE(j[QStringLiteral("shm")][QStringLiteral("size_bytes")].toDouble(), 67108864.0);
        QVERIFY(j[QStringLiteral("memory")][QStringLiteral("available_bytes")].isNull());
        QCOMPARE(j[QStringLiteral("memory")][QStringLiteral("limit_bytes")].toDouble(),
                 4294967296.0);
        QCOMPARE(j[QStringLiteral("cpu")][QStringLiteral("count")].toInt(), 5);
        QCOMPARE(j[QStringLiteral("container")][QStringLiteral("runtime")].toString(),
                 QStringLiteral("docker"));
        QCOMPARE(j[QStringLiteral("gpus")].toArray().size(), 1);
        QCOMPARE(j[QStringLiteral("ulimit")][QStringLiteral("nofile_soft")].toInt(), 1024);
        QCOMPARE(j[QStringLiteral("ulimit")][QStringLiteral("nofile_hard")].toString(),
                 QStringLiteral("unlimited"));
    }
    void noLimitIsNull()
    {
        for (const char *v : {"max", "9223372036854771712"}) {
            const HostFacts f = parseProbeReport(
                QByteArray("shmwise-probe 1\ncgroup.version=1\ncgroup.memory_limit_bytes=") + v +
                "\nshmwise-probe-end\n");
            QVERIFY(f.memoryLimitKnown);
            QVERIFY(!f.memoryLimitBytes);
            QVERIFY(hostFactsToJson(f)[QStringLiteral("memory")][QStringLiteral("limit_bytes")]
                        .isNull());
        }
        const HostFacts u =
            parseProbeReport("shmwise-probe 1\ncgroup.memory_limit_bytes=unknown\n");
        QVERIFY(!u.memoryLimitKnown);
    }
    void malformedLinesAreReported()
    {
        const HostFacts f = parseProbeReport("Welcome to host!\nshmwise-probe 1\nshm.size_kb=1\n"
                                             "no equals sign\n=novalue\nbad key=1\n");
        QCOMPARE(f.reportVersion, 1);
        QCOMPARE(*f.shmSizeBytes, Bytes(1024));
        QVERIFY(!f.complete);
        // The banner, three bad lines and the missing end marker.
        QCOMPARE(f.problems.size(), 5);
        QVERIFY(f.problems.at(0).startsWith(QLatin1String("line 1:")));
        QVERIFY(f.problems.last().contains(QLatin1String("cut off")));
    }
    void pythonVersion()
    {
        // "3.N" only: anything else a host prints is no version.
        QCOMPARE(parseProbeReport("shmwise-probe 1\npython.version=3.14\n").pythonVersion,
                 QStringLiteral("3.14"));
        for (const char *bad : {"unknown", "3.x", "2.7", "3.14; rm -rf /", "3.1234", ""})
            QVERIFY2(parseProbeReport(QByteArray("shmwise-probe 1\npython.version=") + bad + '\n')
                         .pythonVersion.isEmpty(),
                     bad);
    }

    void noHeader()
    {
        const HostFacts f = parseProbeReport("bash: sh: command not found\n");
        QCOMPARE(f.reportVersion, 0);
        QVERIFY(!f.problems.isEmpty());
        QCOMPARE(parseProbeReport({}).problems.size(), 0);
    }
    void newerVersionStillRead()
    {
        const HostFacts f = parseProbeReport("shmwise-probe 7\nshm.size_kb=2\nshmwise-probe-end\n");
        QCOMPARE(f.reportVersion, 7);
        QCOMPARE(*f.shmSizeBytes, Bytes(2048));
        QCOMPARE(f.problems.size(), 1);
    }
    void hostileValues()
    {
        // Overflowing numbers, control characters, a huge gpu count: bounded, never a crash.
        const HostFacts f = parseProbeReport(
            "shmwise-probe "
            "1\nshm.size_kb=99999999999999999999999\nmemory.total_kb=18446744073709551615\n"
            "gpu.count=18446744073709551615\nos.name=evil\x1b[31mred\x07\ncpu.allowed_list=5-1\n"
            "cpu.online=0-99999999999\n");
        QVERIFY(!f.shmSizeBytes);
        QCOMPARE(*f.memTotalBytes, std::numeric_limits<Bytes>::max());
        QCOMPARE(f.gpus.size(), 256);
        QVERIFY(!f.osName.contains(QChar(0x1b)));
        QVERIFY(!f.cpusAllowed);
        QVERIFY(!f.cpusOnline);
    }
    void randomBytes()
    {
        QRandomGenerator rng(4242);
        for (int i = 0; i < 2000; ++i) {
            QByteArray b(int(rng.bounded(600)), Qt::Uninitialized);
            for (char &c : b)
                c = char(rng.bounded(256));
            if (i % 2)
                b.prepend("shmwise-probe 1\n");
            const HostFacts f = parseProbeReport(b);
            QVERIFY(f.problems.size() <= 51);
            hostFactsToJson(f);
        }
    }
    void cpuLists_data()
    {
        QTest::addColumn<QString>("list");
        QTest::addColumn<int>("count");
        QTest::newRow("single") << "0" << 1;
        QTest::newRow("range") << "0-15" << 16;
        QTest::newRow("mixed") << "0-31,64-95" << 64;
        QTest::newRow("spaces") << " 2,4 \n" << 2;
        QTest::newRow("empty") << "" << -1;
        QTest::newRow("backwards") << "3-1" << -1;
        QTest::newRow("junk") << "a-b" << -1;
        // A CPU named twice is one CPU.
        QTest::newRow("overlap") << "0-3,2-5" << 6;
        QTest::newRow("repeated") << "1,1,1" << 1;
        QTest::newRow("inside") << "0-15,4-7" << 16;
        QTest::newRow("unsorted") << "8-9,0-3,2-2" << 6;
        QTest::newRow("adjacent") << "0-3,4-7" << 8;
        QTest::newRow("top") << "18446744073709551614-18446744073709551615,18446744073709551615"
                             << 2;
    }
    void hugeQuotaIsNoQuota()
    {
        const HostFacts f = parseProbeReport(
            "shmwise-probe 1\ncpu.online=0-7\ncgroup.cpu_quota_us=18446744073709551615\n"
            "cgroup.cpu_period_us=1\nshmwise-probe-end\n");
        QVERIFY(!f.cpuQuota);
        QCOMPARE(f.usableCpus().value_or(0), quint64(8));
        HostFacts g;
        g.cpusOnline = 4;
        g.cpuQuota = 1.8446744073709552e19;
        QCOMPARE(g.usableCpus().value_or(0), quint64(4));
        g.cpuQuota = 2.5;
        QCOMPARE(g.usableCpus().value_or(0), quint64(3));
    }
    void cpuLists()
    {
        QFETCH(QString, list);
        QFETCH(int, count);
        const std::optional<quint64> n = countCpuList(list);
        QCOMPARE(n ? int(*n) : -1, count);
    }
    // daemon.json's default-shm-size, read with Docker's size syntax: the value as written
    // (quoted, as dockerd requires), unset, unreadable, or not a Docker size.
    void dockerDefaultShm_data()
    {
        QTest::addColumn<QByteArray>("value");
        QTest::addColumn<QString>("state");
        QTest::addColumn<qint64>("bytes"); // -1: null
        QTest::addColumn<bool>("problem");
        QTest::newRow("2g") << QByteArray("\"2g\"") << QStringLiteral("set") << qint64(2 * GiB)
                            << false;
        QTest::newRow("512MiB") << QByteArray("\"512MiB\"") << QStringLiteral("set")
                                << qint64(512 * MiB) << false;
        QTest::newRow("1.5 GB") << QByteArray("\"1.5 GB\"") << QStringLiteral("set")
                                << qint64(1536 * MiB) << false;
        QTest::newRow("bytes") << QByteArray("\"67108864\"") << QStringLiteral("set")
                               << qint64(64 * MiB) << false;
        QTest::newRow("unset") << QByteArray("unset") << QStringLiteral("unset") << qint64(-1)
                               << false;
        QTest::newRow("unknown") << QByteArray("unknown") << QStringLiteral("unreadable")
                                 << qint64(-1) << false;
        // Kubernetes syntax, a bare JSON number, an empty string, zero, a negative size.
        QTest::newRow("2Gi") << QByteArray("\"2Gi\"") << QStringLiteral("invalid") << qint64(-1)
                             << true;
        QTest::newRow("number") << QByteArray("2147483648") << QStringLiteral("invalid")
                                << qint64(-1) << true;
        QTest::newRow("empty") << QByteArray("\"\"") << QStringLiteral("invalid") << qint64(-1)
                               << true;
        QTest::newRow("zero") << QByteArray("\"0\"") << QStringLiteral("invalid") << qint64(-1)
                              << true;
        QTest::newRow("negative") << QByteArray("\"-1g\"") << QStringLiteral("invalid")
                                  << qint64(-1) << true;
        QTest::newRow("missing") << QByteArray() << QString() << qint64(-1) << false;
    }
    void dockerDefaultShm()
    {
        QFETCH(QByteArray, value);
        QFETCH(QString, state);
        QFETCH(qint64, bytes);
        QFETCH(bool, problem);
        QByteArray report = "shmwise-probe 1\ncontainer.runtime=none\n";
        if (!value.isNull())
            report += "docker.default_shm_size=" + value + '\n';
        const HostFacts f = parseProbeReport(report + "shmwise-probe-end\n");
        QCOMPARE(f.dockerDaemonShm, state);
        QCOMPARE(f.dockerDefaultShmBytes ? qint64(*f.dockerDefaultShmBytes) : qint64(-1), bytes);
        QCOMPARE(!f.problems.isEmpty(), problem);
        if (problem)
            QVERIFY2(f.problems.at(0).contains(QLatin1String("default-shm-size")),
                     qPrintable(f.problems.at(0)));
        QVERIFY(!f.extra.contains(QStringLiteral("docker.default_shm_size")));
        const QJsonObject c = hostFactsToJson(f)[QStringLiteral("container")].toObject();
        QVERIFY(c.contains(QStringLiteral("docker_default_shm_bytes")));
        if (bytes < 0)
            QVERIFY(c[QStringLiteral("docker_default_shm_bytes")].isNull());
        else
            QCOMPARE(c[QStringLiteral("docker_default_shm_bytes")].toDouble(), double(bytes));
        if (state.isEmpty())
            QVERIFY(c[QStringLiteral("docker_daemon_json_shm")].isNull());
        else
            QCOMPARE(c[QStringLiteral("docker_daemon_json_shm")].toString(), state);
    }

    // The /dev/shm scan's lines (probe.sh): files plain and hex-encoded, holders by fd and by
    // mapping (maps' MAJOR:MINOR read as st_dev), a stat through map_files, processes, System V
    // segments by their column names, the quota and the cgroup's memory.stat.
    void shmScanLines()
    {
        const QByteArray report =
            "shmwise-probe 1\n"
            "shm.options=rw,nosuid,nodev,size=65536k,usrquota,usrquota_block_hardlimit=8388608\n"
            "cgroup.memory_stat_shmem_bytes=1048576\ncgroup.memory_stat_anon_bytes=2097152\n"
            "cgroup.memory_stat_file_bytes=3145728\n"
            "shm.scan=1\nshm.scan_time=1000\nshm.dev=43\n"
            "shm.f=102400 2 100000 1000 990 f torch_1_2_3\n"
            "shm.f=0 3 1048576 0 1000.123 81a4 sp ace = x\n"
            "shm.files_count=2\nshm.files_bytes=102400\nshm.files_truncated=0\n"
            "shm.torch_files=1\nshm.files_other_count=1\nshm.files_other_bytes=4096\n"
            "shm.fx=4096 4 10 0 999 81a4 77650a697264\n"
            "shm.procs_total=10\n"
            "shm.h=77 fd:5 43 7 65536 65536 1000 995 /dev/shm/pym-1-x (deleted)\n"
            "shm.h=77 map 00:2b 8 - 16384 - - /dev/shm/nccl-abc (deleted)\n"
            "shm.h=78 fd:3 44 9 4096 4096 0 990 /dev/shm/other ns\n"
            "shm.procs_fd_readable=10\nshm.holders_fd_count=2\n"
            "shm.holders_map_count=1\nshm.holders_map_truncated=0\n"
            "shm.st=43 8 16384 16384 1000 990\n"
            "shm.pc=77 /system.slice/docker-"
            "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef.scope\n"
            "shm.p=77 1000 python3\n"
            "sysv.columns=key shmid perms size cpid lpid nattch uid gid cuid cgid atime dtime "
            "ctime rss swap\n"
            "sysv.seg=305441429 5 644 100000 19295 0 1 1000 0 0 0 0 0 1796618876 4096 0\n"
            "sysv.segments_bytes=100000\nsysv.segments_truncated=0\n"
            "shm.quota=user\nshm.quota_user_kb=1024 0 2048\n"
            "shmwise-probe-end\n";
        const HostFacts f = parseProbeReport(report);
        QVERIFY2(f.problems.isEmpty(), qPrintable(f.problems.join(QLatin1Char('\n'))));
        QVERIFY(f.extra.isEmpty());
        const ShmScan &s = f.shmScan;
        QVERIFY(s.present);
        QCOMPARE(s.badLines, 0);
        QCOMPARE(*s.dev, quint64(43));
        QCOMPARE(*s.time, qint64(1000));
        QCOMPARE(s.files.size(), 3);
        QCOMPARE(s.files.at(0).name, QByteArray("torch_1_2_3"));
        QCOMPARE(s.files.at(0).allocated, Bytes(102400));
        QCOMPARE(s.files.at(0).length, Bytes(100000));
        QCOMPARE(*s.files.at(0).uid, quint32(1000));
        QCOMPARE(*s.files.at(0).mtime, qint64(990));
        QCOMPARE(s.files.at(1).name, QByteArray("sp ace = x"));
        QCOMPARE(s.files.at(1).type, 'f');
        QCOMPARE(*s.files.at(1).mtime, qint64(1000));
        QCOMPARE(s.files.at(2).name, QByteArray("we\nird"));
        QCOMPARE(*s.fileCount, quint64(2));
        QCOMPARE(s.otherNameCount, quint64(1));
        QCOMPARE(s.holders.size(), 3);
        QCOMPARE(s.holders.at(0).fd, 5);
        QVERIFY(s.holders.at(0).deleted);
        QCOMPARE(s.holders.at(0).path, QByteArray("/dev/shm/pym-1-x"));
        QCOMPARE(*s.holders.at(0).allocated, Bytes(65536));
        QCOMPARE(s.holders.at(1).fd, -1);
        QCOMPARE(*s.holders.at(1).dev, quint64(43)); // 00:2b
        QVERIFY(!s.holders.at(1).allocated);
        QCOMPARE(s.holders.at(1).length, Bytes(16384));
        QCOMPARE(s.stats.size(), 1);
        QCOMPARE(s.processes.size(), 1);
        QCOMPARE(s.processes.at(0).name, QStringLiteral("python3"));
        QCOMPARE(*s.processes.at(0).uid, quint32(1000));
        QCOMPARE(s.processes.at(0).cgroups.size(), 1);
        QCOMPARE(s.sysv.size(), 1);
        QCOMPARE(s.sysv.at(0).bytes, Bytes(100000));
        QCOMPARE(s.sysv.at(0).creatorPid, qint64(19295));
        QCOMPARE(s.sysv.at(0).attaches, quint64(1));
        QCOMPARE(*s.sysv.at(0).resident, Bytes(4096));
        QVERIFY(!s.filesTruncated && !s.holdersTruncated && !s.sysvTruncated);
        QCOMPARE(f.shmQuota, QStringLiteral("user"));
        QCOMPARE(*f.shmQuotaUsedBytes, 1 * MiB);
        QCOMPARE(*f.shmQuotaHardBytes, 2 * MiB);
        QCOMPARE(*f.cgroupShmemBytes, 1 * MiB);
        QCOMPARE(*f.cgroupAnonBytes, 2 * MiB);
        QCOMPARE(*f.cgroupFileBytes, 3 * MiB);
        const QJsonObject j = hostFactsToJson(f);
        QCOMPARE(
            j[QStringLiteral("shm")][QStringLiteral("quota")][QStringLiteral("user_hard_bytes")]
                .toDouble(),
            double(2 * MiB));
        QCOMPARE(j[QStringLiteral("memory")][QStringLiteral("cgroup_shmem_bytes")].toDouble(),
                 double(1 * MiB));
        // A larger device number as maps prints it: glibc's makedev.
        const HostFacts big = parseProbeReport("shmwise-probe 1\nshm.scan=1\n"
                                               "shm.h=5 map 103:1a2 7 - 0 - - /dev/shm/x\n");
        QCOMPARE(*big.shmScan.holders.at(0).dev,
                 (quint64(0x103) << 8) | 0xa2 | (quint64(0x100) << 12));
    }

    // An older probe said nothing of /dev/shm's files; one without awk says why.
    void shmScanAbsent()
    {
        HostFacts f = parseProbeReport("shmwise-probe 1\nshm.size_kb=1\nshmwise-probe-end\n");
        QVERIFY(!f.shmScan.present);
        QVERIFY(f.shmScan.unavailable.isEmpty());
        f = parseProbeReport("shmwise-probe 1\nshm.scan=unavailable (no awk)\nshmwise-probe-end\n");
        QVERIFY(!f.shmScan.present);
        QCOMPARE(f.shmScan.unavailable, QStringLiteral("(no awk)"));
    }

    // Lines no probe writes: counted, never a crash, never a name with '/' or NUL, bounded.
    void shmScanHostile()
    {
        QByteArray r = "shmwise-probe 1\nshm.scan=1\n";
        r += "shm.f=1 2 3\n";            // too few fields
        r += "shm.f=x 2 3 4 5 f name\n"; // not a number
        r += "shm.f=1 2 3 4 5 f a/b\n";  // a path
        r += "shm.f=1 2 3 4 5 f ..\n";
        r += "shm.fx=1 2 3 4 5 f 61002f\n"; // NUL and '/' in hex
        r += "shm.fx=1 2 3 4 5 f zz\n";
        r += "shm.h=0 fd:1 2 3 4 5 6 7 /dev/shm/x\n"; // pid 0
        r += "shm.h=1 pipe 2 3 4 5 6 7 /dev/shm/x\n"; // neither fd nor map
        r += "shm.h=1 fd:99999999999 2 3 4 5 6 7 /dev/shm/x\n";
        r += "shm.st=1 2\n";
        r += "shm.p=-4 0 x\n";
        r += "sysv.seg=a b c\n";
        r += "shm.f=99999999999999999999999 2 3 4 5 f big\n";
        r += "shm.p=9 0 \x1b[31mred\x07\n";
        r += "shm.f=1 2 3 4 5 f " + QByteArray(5000, 'n') + '\n';
        r += "shmwise-probe-end\n";
        const HostFacts f = parseProbeReport(r);
        QCOMPARE(f.shmScan.files.size(), 0);
        QCOMPARE(f.shmScan.holders.size(), 0);
        QCOMPARE(f.shmScan.stats.size(), 0);
        QCOMPARE(f.shmScan.sysv.size(), 0);
        QCOMPARE(f.shmScan.badLines, 14);
        QCOMPARE(f.shmScan.processes.size(), 1);
        QVERIFY(!f.shmScan.processes.at(0).name.contains(QChar(0x1b)));

        // A million file and holder lines: cut at the bounds, said so, read in bounded time.
        QByteArray many = "shmwise-probe 1\nshm.scan=1\n";
        many.reserve(80 * 1000000);
        for (int i = 0; i < 500000; ++i) {
            many += "shm.f=4096 " + QByteArray::number(i) + " 10 0 5 f torch_" +
                    QByteArray::number(i) + '\n';
            many += "shm.h=" + QByteArray::number(i + 1) + " map 00:2b " + QByteArray::number(i) +
                    " - 4096 - - /dev/shm/torch_" + QByteArray::number(i) + '\n';
        }
        many += "shmwise-probe-end\n";
        QElapsedTimer t;
        t.start();
        const HostFacts m = parseProbeReport(many);
        qInfo("a million scan lines read in %lld ms", t.elapsed());
        QCOMPARE(m.shmScan.files.size(), MaxScanFiles);
        QCOMPARE(m.shmScan.holders.size(), MaxScanHolders);
        QVERIFY(m.shmScan.filesTruncated);
        QVERIFY(m.shmScan.holdersTruncated);
        QVERIFY(m.complete);
    }

    void escapedNames()
    {
        QCOMPARE(escapedName("torch_1"), QStringLiteral("torch_1"));
        QCOMPARE(escapedName("a\nb\\c\x1b"), QStringLiteral("a\\x0ab\\\\c\\x1b"));
        QCOMPARE(escapedName("\xc3\xa9"), QStringLiteral("\\xc3\\xa9"));
    }

    void scriptIsCompiledIn()
    {
        const QByteArray s = probeScript();
        QVERIFY(s.contains("shmwise-probe 1"));
        QVERIFY(s.contains("SPDX-License-Identifier"));
    }
};

QTEST_GUILESS_MAIN(TestProbeFacts)
#include "tst_probefacts.moc"
