// SPDX-License-Identifier: GPL-3.0-or-later
// The table of diagnosis rules: one row per class of failure, its keywords beside its patterns,
// and the certainty every finding carries (certain, likely, possible) with why. Each class below
// is a class of real logs (tests/data/logs/real holds them, with their threads); the lines here
// are written in the formats those programs' sources print, so a wording is tested apart from
// the corpus's score.
#include "probes/diagnosis.h"
#include "probes/diagnosisrules_p.h"

#include <QJsonObject>
#include <QSet>
#include <QTest>

using namespace shmwise;

namespace {

QStringList ids(const QVector<Finding> &fs)
{
    QStringList out;
    for (const Finding &f : fs)
        out << f.id;
    return out;
}

} // namespace

class TestDiagnosisRules : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // Every row is whole: an id of its own, keywords a line can be picked by, at least one
    // pattern; a keyword is lower case (the scanner folds only the line's ASCII letters), and
    // the text of a likely or possible level says why.
    void everyRowIsWhole()
    {
        QSet<QString> seen;
        for (const diagnosisrules::Rule &r : diagnosisrules::rules()) {
            const QString id = QString::fromLatin1(r.id);
            QVERIFY2(!seen.contains(id), qPrintable(id));
            seen.insert(id);
            QVERIFY2(!r.keywords.empty(), qPrintable(id));
            for (const QByteArray &k : r.keywords)
                QVERIFY2(k == k.toLower() && !k.isEmpty(),
                         qPrintable(id + QLatin1Char(' ') + QString::fromUtf8(k)));
            const bool certain = !r.certain.pattern().isEmpty();
            const bool likely = !r.likely.pattern().isEmpty();
            const bool possible = !r.possible.pattern().isEmpty();
            QVERIFY2(certain || likely || possible, qPrintable(id));
            for (const QRegularExpression *re : {&r.certain, &r.likely, &r.possible})
                QVERIFY2(re->pattern().isEmpty() || re->isValid(),
                         qPrintable(id + QStringLiteral(": ") + re->errorString()));
            QVERIFY2(!likely || r.likelyWhy, qPrintable(id));
            QVERIFY2(!possible || r.possibleWhy || id == QLatin1String(diagnosis::OomFromShm),
                     qPrintable(id));
        }
        QCOMPARE(QStringList(seen.values()).size(), diagnosisIds().size());
    }

    // The three certainties, each with its reason, in the finding and in its JSON.
    void certaintyAndWhy_data()
    {
        QTest::addColumn<QString>("log");
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("certainty");
        auto row = [](const char *name, const char *log, const char *id, const char *c) {
            QTest::newRow(name) << QString::fromUtf8(log) << QString::fromLatin1(id)
                                << QString::fromLatin1(c);
        };
        row("oom killer", "Out of memory: Killed process 4242 (python)\n", "host-oom", "certain");
        row("bare Killed", "step 10\nKilled\n", "host-oom", "likely");
        row("exit 137", "Error: container exited with code 137\n", "host-oom", "likely");
        row("ray's list of causes",
            "There are some potential root causes. (1) The process is killed by SIGKILL by OOM "
            "killer due to high memory usage. (2) ray stop --force is called.\n",
            "host-oom", "possible");
        row("killed, then the kernel's line",
            "Killed\n[12.3] Out of memory: Killed process 4242 (python)\n", "host-oom", "certain");
        row("loader bus error",
            "RuntimeError: DataLoader worker (pid 7) is killed by signal: Bus error.\n",
            "shm-exhausted", "certain");
        row("bus error in prose", "It stops with a Bus error after an hour.\n", "shm-exhausted",
            "possible");
        row("bus error, shm named elsewhere",
            "df shows /dev/shm full\nIt stops with a Bus error after an hour.\n", "shm-exhausted",
            "likely");
        row("semlock ENOSPC",
            "  File \"/usr/lib/python3.11/multiprocessing/synchronize.py\", line 57, in __init__\n"
            "    sl = self._semlock = _multiprocessing.SemLock(\n"
            "                         ^^^^^^^^^^^^^^^^^^^^^^^^^\n"
            "OSError: [Errno 28] No space left on device\n",
            "shm-exhausted", "likely");
    }
    void certaintyAndWhy()
    {
        QFETCH(QString, log);
        QFETCH(QString, id);
        QFETCH(QString, certainty);
        const QVector<Finding> fs = diagnoseLog(log);
        QCOMPARE(ids(fs), QStringList{id});
        const Finding &f = fs.first();
        QCOMPARE(certaintyName(f.certainty), certainty);
        QVERIFY(!f.certaintyWhy.isEmpty());
        const QJsonObject o = findingToJson(f);
        QCOMPARE(o.value(QLatin1String("confidence")).toString(), certainty);
        QCOMPARE(o.value(QLatin1String("confidence_why")).toString(), f.certaintyWhy);
        // A possible cause is a warning; a likely one is still an error.
        QCOMPARE(f.severity == FindingSeverity::Warning, certainty == QLatin1String("possible"));
        if (certainty == QLatin1String("likely") && id == QLatin1String("host-oom"))
            QVERIFY2(f.certaintyWhy.contains(QLatin1String("dmesg")), qPrintable(f.certaintyWhy));
    }

    // Classes the table learned from logs of 2025-2026: one row or one pattern each.
    void classes_data()
    {
        QTest::addColumn<QString>("log");
        QTest::addColumn<QString>("id");
        auto row = [](const char *name, const char *log, const char *id) {
            QTest::newRow(name) << QString::fromUtf8(log) << QString::fromLatin1(id);
        };
        // Accelerators other than CUDA: the finding is the accelerator's memory.
        row("ascend npu",
            "RuntimeError: NPU out of memory. Tried to allocate 2.00 GiB (NPU 0; 60.97 GiB total "
            "capacity; 58.10 GiB already allocated)\n",
            "cuda-oom");
        row("ascend rtMalloc",
            "[ERROR] RUNTIME(1234): rtMalloc execute failed, reason=[out of memory]\n", "cuda-oom");
        row("apple mps",
            "RuntimeError: MPS backend out of memory (MPS allocated: 17.82 GB, other "
            "allocations: 1.21 GB, max allowed: 18.13 GB).\n",
            "cuda-oom");
        row("rocm hip", "HIP out of memory. Tried to allocate 20.00 MiB (GPU 0; 15.98 GiB total)\n",
            "cuda-oom");
        row("hip error", "RuntimeError: HIP error: out of memory\n", "cuda-oom");
        row("intel xpu", "RuntimeError: XPU out of memory. Tried to allocate 1.50 GiB\n",
            "cuda-oom");
        row("tpu compile",
            "  Compilation failure: Ran out of memory in memory space hbm. Used 8.38G "
            "of 8.00G hbm.\n",
            "cuda-oom");
        row("tpu reserve",
            "Attempting to reserve 3.95G at the bottom of memory. That was not possible. There "
            "are 1.92G free\n",
            "cuda-oom");
        // Model servers and other programs whose shared memory ran out.
        row("vllm check",
            "RuntimeError: Insufficient space in /dev/shm: 640 MiB required, 63 MiB free. "
            "Increase /dev/shm (e.g. --shm-size or --ipc=host).\n",
            "shm-exhausted");
        row("triton pool, old form",
            "Failed to increase the shared memory pool size for key "
            "'triton_python_backend_shm_region_2' to 134217728 bytes. If you are running "
            "Triton inside docker, use '--shm-size' flag to control the shared memory region "
            "size.\n",
            "shm-exhausted");
        row("triton pool, r25.07",
            "Failed to increase the shared memory pool size to 134217728 bytes. If you are "
            "running Triton inside docker, use '--shm-size' flag\n",
            "shm-exhausted");
        row("triton stub",
            "Unable to initialize shared memory key 'triton_python_backend_shm_region_1' to "
            "requested size (1048576 bytes). Error: No space left on device\n",
            "shm-exhausted");
        row("ray object store",
            "ValueError: System memory request exceeds memory available in /dev/shm. The request "
            "is for 2000000000 bytes, and the amount available is 64000000 bytes.\n",
            "shm-exhausted");
        row("postgres dsm",
            "ERROR:  could not resize shared memory segment \"/PostgreSQL.1197429420\" to "
            "33554432 bytes: No space left on device\n",
            "shm-exhausted");
        row("postgres dsm, wrapped",
            "psycopg2.errors.DiskFull: could not resize shared memory segment "
            "\"/PostgreSQL.2058389254\" to\n 4194304 bytes: No space left on device\n",
            "shm-exhausted");
        row("vllm broadcast stall",
            "INFO 07-14 10:00:00 shm_broadcast.py:396] No available shared memory broadcast "
            "block found in 60 second.\n",
            "shm-broadcast-stall");
        // Shared memory that vanished, by any name.
        row("shared_memory segment of any name",
            "  File \"/usr/lib/python3.11/multiprocessing/shared_memory.py\", line 104, in "
            "__init__\n    self._fd = _posixshmem.shm_open(\n"
            "FileNotFoundError: [Errno 2] No such file or directory: '/frames_0'\n",
            "shm-files-removed");
        row("a /dev/shm file opened and gone",
            "FileNotFoundError: [Errno 2] No such file or directory: '/dev/shm/cache_0.npy'\n",
            "shm-files-removed");
        row("a /dev/shm file, C", "open /dev/shm/sem.ring: No such file or directory\n",
            "shm-files-removed");
        // A bus error whose stack is NCCL's.
        row("nccl stack",
            "[host:1 :0:381] Caught signal 7 (Bus error: nonexistent physical address)\n"
            "==== backtrace (tid:    381) ====\n"
            " 2 0x0000000000068d6c ncclGroupEnd()  ?\?\?:0\n",
            "nccl-shm");
        row("libnccl frame",
            "Caught signal 7 (Bus error: nonexistent physical address)\n"
            " 5 0x00000000000489b1 ?\?\?()  /usr/lib/x86_64-linux-gnu/libnccl.so.2:0\n",
            "nccl-shm");
        // A DataLoader's bus error stays the DataLoader's though NCCL is in the log.
        row("loader bus error beside NCCL",
            "NCCL INFO comm 0x1 rank 0 nranks 2 - Init COMPLETE\n"
            " 1 0x1 ncclCommInitRank()  ?\?\?:0\n"
            "RuntimeError: DataLoader worker (pid 9) is killed by signal: Bus error.\n",
            "shm-exhausted");
    }
    void classes()
    {
        QFETCH(QString, log);
        QFETCH(QString, id);
        const QVector<Finding> fs = diagnoseLog(log);
        QCOMPARE(ids(fs), QStringList{id});
    }

    // The accelerator is named in the title; the server's own fix replaces the DataLoader's.
    void titlesAndFixesNameTheProgram()
    {
        auto first = [](const char *log) {
            const QVector<Finding> fs = diagnoseLog(QString::fromUtf8(log));
            return fs.isEmpty() ? Finding() : fs.first();
        };
        QVERIFY(first("RuntimeError: NPU out of memory. Tried to allocate 2.00 GiB\n")
                    .title.contains(QLatin1String("Ascend NPU")));
        QVERIFY(first("RuntimeError: MPS backend out of memory (MPS allocated: 1 GB)\n")
                    .title.contains(QLatin1String("MPS")));
        QVERIFY(first("torch.OutOfMemoryError: CUDA out of memory.\n")
                    .title.contains(QLatin1String("GPU")));
        const Finding pg = first("ERROR:  could not resize shared memory segment "
                                 "\"/PostgreSQL.1\" to 8 bytes: No space left on device\n");
        QVERIFY(pg.fix.contains(QLatin1String("max_parallel_workers_per_gather")));
        QVERIFY(pg.title.contains(QLatin1String("PostgreSQL")));
        // A DataLoader's is named as /dev/shm running out, nothing else dragged in.
        QCOMPARE(first("RuntimeError: DataLoader worker (pid 7) is killed by signal: Bus error.\n")
                     .title,
                 QStringLiteral("/dev/shm ran out"));
        QVERIFY(first("Failed to increase the shared memory pool size to 8 bytes.\n")
                    .fix.contains(QLatin1String("shm-growth-byte-size")));
        const Finding stall = first("No available shared memory broadcast block found in 60 "
                                    "seconds.\n");
        QCOMPARE(stall.severity, FindingSeverity::Warning);
        QVERIFY(stall.fix.contains(QLatin1String("does not help")));
    }
};

QTEST_MAIN(TestDiagnosisRules)
#include "tst_diagnosisrules.moc"
