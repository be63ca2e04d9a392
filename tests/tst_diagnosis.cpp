// SPDX-License-Identifier: GPL-3.0-or-later
// Diagnosis against two corpora of error output, each NAME.log with the ids it must give in
// NAME.ids ("# " lines say where it comes from and why):
// - tests/data/logs: output ShmWise's authors produced (reproduce.py makes the PyTorch ones again);
// - tests/data/logs/real: logs users pasted into public issue threads, each labelled with the
//   cause the thread's resolution shows. Every fourth file by name is held out, a rule fixed
//   before the matching rules were written, and is scored on its own.
#include "testutil.h"

#include "probes/diagnosis.h"
#include "probes/diagnosisinput.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QStringEncoder>
#include <QTest>

using namespace shmwise;

namespace {

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QStringList ids(const QVector<Finding> &fs)
{
    QStringList s;
    for (const Finding &f : fs)
        s << f.id;
    s.sort();
    return s;
}

// The ids a NAME.ids file expects (an id, optionally followed by "possible"), sorted.
QStringList expectedIds(const QString &idsPath, QStringList *possible = nullptr)
{
    QStringList out;
    const QStringList lines =
        QString::fromUtf8(readAll(idsPath)).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (const QString &l : lines) {
        if (l.startsWith(QLatin1Char('#')))
            continue;
        const QStringList parts = l.split(QLatin1Char(' '), Qt::SkipEmptyParts);
        if (parts.isEmpty())
            continue;
        out << parts.first();
        if (possible && parts.size() > 1 && parts.at(1) == QLatin1String("possible"))
            *possible << parts.first();
    }
    out.sort();
    return out;
}

QStringList possibleIds(const QVector<Finding> &fs)
{
    QStringList s;
    for (const Finding &f : fs)
        if (f.possible())
            s << f.id;
    s.sort();
    return s;
}

// Feeds `bytes` in pieces of `step` bytes.
QVector<Finding> diagnoseInSteps(const QByteArray &bytes, qsizetype step, qint64 *lines = nullptr)
{
    LogDiagnoser d;
    for (qsizetype i = 0; i < bytes.size(); i += step)
        d.feed(QByteArrayView(bytes).sliced(i, qMin(step, bytes.size() - i)));
    const QVector<Finding> out = d.finish();
    if (lines)
        *lines = d.lineCount();
    return out;
}

QByteArray utf16(const QString &s, bool littleEndian, bool bom)
{
    QStringEncoder enc(littleEndian ? QStringEncoder::Utf16LE : QStringEncoder::Utf16BE,
                       bom ? QStringEncoder::Flag::WriteBom : QStringEncoder::Flag::Default);
    return enc.encode(s);
}

} // namespace

class TestDiagnosis : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void corpus_data()
    {
        QTest::addColumn<QString>("log");
        QTest::addColumn<QStringList>("expected");
        const QDir dir(testutil::testData(QStringLiteral("logs")));
        const QStringList logs = dir.entryList({QStringLiteral("*.log")}, QDir::Files, QDir::Name);
        QVERIFY(logs.size() >= 15);
        for (const QString &name : logs) {
            const QString base = dir.filePath(name.chopped(4));
            const QStringList expected = expectedIds(base + QStringLiteral(".ids"));
            QTest::newRow(qPrintable(name)) << dir.filePath(name) << expected;
        }
    }
    void corpus()
    {
        QFETCH(QString, log);
        QFETCH(QStringList, expected);
        const QVector<Finding> fs = diagnoseLogBytes(readAll(log));
        QCOMPARE(ids(fs), expected);
        for (const Finding &f : fs) {
            QVERIFY(f.line > 0);
            QVERIFY(!f.evidence.isEmpty());
            QVERIFY(!f.fix.isEmpty());
            QVERIFY(!f.title.isEmpty());
        }
    }

    // The real corpus, scored: exact matches overall and on the held-out quarter, and precision
    // and recall per id (printed, so a change shows what it costs).
    void realCorpus()
    {
        const QDir dir(testutil::testData(QStringLiteral("logs/real")));
        const QStringList logs = dir.entryList({QStringLiteral("*.log")}, QDir::Files, QDir::Name);
        int negatives = 0;
        QMap<QString, int> tp, fp, fn;
        int exact = 0, heldOut = 0, heldOutExact = 0;
        QStringList misses;
        for (int i = 0; i < logs.size(); ++i) {
            const QString base = dir.filePath(logs.at(i).chopped(4));
            const QString meta = QString::fromUtf8(readAll(base + QStringLiteral(".ids")));
            QVERIFY2(meta.contains(QLatin1String("# source: https://")), qPrintable(base));
            QVERIFY2(meta.contains(QLatin1String("# cause: ")), qPrintable(base));
            QStringList possibleExpected;
            const QStringList expected =
                expectedIds(base + QStringLiteral(".ids"), &possibleExpected);
            if (expected.isEmpty())
                ++negatives;
            const QVector<Finding> fs = diagnoseLogBytes(readAll(base + QStringLiteral(".log")));
            const QStringList got = ids(fs);
            for (const QString &id : got)
                (expected.contains(id) ? tp : fp)[id] += 1;
            for (const QString &id : expected)
                if (!got.contains(id))
                    fn[id] += 1;
            const bool ok = got == expected && possibleIds(fs) == possibleExpected;
            exact += ok;
            // Held out by a rule fixed before the matching rules: every fourth file by name.
            if (i % 4 == 3) {
                ++heldOut;
                heldOutExact += ok;
            }
            if (!ok)
                misses << QStringLiteral("%1: expected [%2], got [%3]")
                              .arg(logs.at(i), expected.join(QLatin1Char(' ')),
                                   got.join(QLatin1Char(' ')));
        }
        QVERIFY2(logs.size() - negatives >= 80, "at least 80 real logs with a cause");
        QVERIFY2(negatives >= 15, "at least 15 unrelated failures");
        for (const QString &id : diagnosisIds()) {
            const int t = tp.value(id), p = fp.value(id), n = fn.value(id);
            qInfo("%-20s precision %5.1f%%  recall %5.1f%%  (%d right, %d wrong, %d missed)",
                  qPrintable(id), t + p ? 100.0 * t / (t + p) : 100.0,
                  t + n ? 100.0 * t / (t + n) : 100.0, t, p, n);
        }
        for (const QString &m : std::as_const(misses))
            qInfo("miss: %s", qPrintable(m));
        const double all = 100.0 * exact / logs.size();
        const double held = 100.0 * heldOutExact / heldOut;
        qInfo("exact: %d of %d (%.1f%%); held-out quarter: %d of %d (%.1f%%)", exact,
              int(logs.size()), all, heldOutExact, heldOut, held);
        QVERIFY2(all >= 90.0, qPrintable(QStringLiteral("exact matches %1%").arg(all)));
        QVERIFY2(held >= 85.0, qPrintable(QStringLiteral("held-out exact %1%").arg(held)));
    }

    // NCCL prints the size of the segment it could not make: the fix says what that size is,
    // from NCCL's source (an SHM-transport connection, a release's proxy pool), on real logs.
    void ncclFiguresRead()
    {
        auto fixOf = [](const QString &name) {
            const QVector<Finding> fs =
                diagnoseLogBytes(readAll(testutil::testData(QStringLiteral("logs/real/") + name)));
            for (const Finding &f : fs)
                if (f.id == QLatin1String("nccl-shm"))
                    return f.fix;
            return QString();
        };
        QString fix = fixOf(QStringLiteral("pytorch-ci-infra-490-nccl-extend.log"));
        QVERIFY2(fix.contains(QLatin1String("9637888 bytes")) &&
                     fix.contains(QLatin1String("one SHM-transport connection")),
                 qPrintable(fix));
        fix = fixOf(QStringLiteral("nccl-1589-attach.log"));
        QVERIFY2(fix.contains(QLatin1String("proxy's operations pool of NCCL 2.24")),
                 qPrintable(fix));
        fix = fixOf(QStringLiteral("easyr1-228-nccl-proxy-pool.log"));
        QVERIFY2(fix.contains(QLatin1String("NCCL 2.21-2.22")), qPrintable(fix));
        fix = fixOf(QStringLiteral("nccl-tests-166-extend.log"));
        QVERIFY2(fix.contains(QLatin1String("NCCL asked for 5.7 MiB (5967872 bytes) in /dev/shm")),
                 qPrintable(fix));
        // The release the log names narrows the reading: 14156128 bytes is no pool of 2.18.
        const QVector<Finding> fs = diagnoseLog(
            QStringLiteral("h:1:2 [0] misc/shmutils.cc:129 NCCL WARN Error while creating shared "
                           "memory segment /dev/shm/nccl-abc (size 14156128)\n"
                           "RuntimeError: NCCL error, unhandled system error, NCCL version "
                           "2.18.1\n"));
        QCOMPARE(fs.size(), 1);
        QVERIFY2(!fs.first().fix.contains(QLatin1String("proxy")), qPrintable(fs.first().fix));
        // NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=ALLOC, in NCCL's own format: what it had allocated.
        const QVector<Finding> alloc = diagnoseLog(QStringLiteral(
            "h:1:2 [0] NCCL INFO Allocated 9637892 bytes of shared memory in /dev/shm/nccl-aB1\n"
            "h:1:2 [0] NCCL INFO Allocated 4100 bytes of shared memory in /dev/shm/nccl-cD2\n"
            "h:1:2 [0] misc/shmutils.cc:88 NCCL WARN Error: failed to extend /dev/shm/nccl-eF3 to "
            "9637892 bytes, error: No space left on device (28)\n"));
        QCOMPARE(alloc.size(), 1);
        QVERIFY2(alloc.first().fix.contains(QLatin1String("9.2 MiB allocated in /dev/shm in 2 "
                                                          "segments")),
                 qPrintable(alloc.first().fix));
    }

    void messageClasses_data()
    {
        QTest::addColumn<QString>("log");
        QTest::addColumn<QString>("id");
        auto row = [](const char *name, const char *log, const char *id) {
            QTest::newRow(name) << QString::fromUtf8(log) << QString::fromUtf8(id);
        };
        row("killed after timestamp",
            "2024-05-01 10:00:01 INFO step 10\n2024-05-01 10:00:02 Killed\n", "host-oom");
        row("rank prefix", "[rank0]: Killed\n", "host-oom");
        row("pod prefix", "[pod/trainer-0/pytorch] Killed\n", "host-oom");
        row("docker json",
            "{\"log\":\"\\u001b[31mKilled\\u001b[0m\\n\",\"stream\":\"stderr\","
            "\"time\":\"2024-01-01T00:00:00Z\"}\n",
            "host-oom");
        row("progress bar", " 31%|████      | 331/1063 [01:06<03:59,  3.06it/s]Killed\n",
            "host-oom");
        row("bold", "**Killed**\n", "host-oom");
        row("exit code 137", "Error: container exited with code 137\n", "host-oom");
        row("return code -9", "] exits with return code = -9\n", "host-oom");
        row("Signals.SIGKILL", "died with <Signals.SIGKILL: 9>.\n", "host-oom");
        row("torchrun sigkill",
            "  exitcode  : -9 (pid: 3309)\n  traceback : Signal 9 (SIGKILL) "
            "received by PID 3309\n",
            "host-oom");
        row("slurm", "slurmstepd: error: Detected 1 oom-kill event(s) in StepId=191.batch.\n",
            "host-oom");
        row("cpu allocator",
            "DefaultCPUAllocator: can't allocate memory: you tried to allocate "
            "1024 bytes. Error code 12 (Cannot allocate memory)\n",
            "host-oom");
        row("zh killed", "已杀死\n", "host-oom");
        row("winerror 1455 zh", "OSError: [WinError 1455] 页面文件太小，无法完成操作。\n",
            "host-oom");
        row("zh bus error", "总线错误 (核心已转储)\n", "shm-exhausted");
        row("semlock",
            "    sl = self._semlock = _multiprocessing.SemLock(\nOSError: [Errno 28] "
            "No space left on device\n",
            "shm-exhausted");
        row("joblib",
            "UserWarning: [Errno 28] No space left on device.  joblib will operate in "
            "serial mode\n",
            "shm-exhausted");
        row("ray",
            "WARNING: The object store is using /tmp instead of /dev/shm because /dev/shm "
            "has only 67108864 bytes available.\n",
            "shm-exhausted");
        row("sigbus torchrun", "  traceback : Signal 7 (SIGBUS) received by PID 16609\n",
            "shm-exhausted");
        row("exitcode -7", "failed (exitcode: -7) local_rank: 0 (pid: 81) of binary\n",
            "shm-exhausted");
        row("paddle",
            "ERROR: Unexpected BUS error encountered in DataLoader worker. This might "
            "be caused by insufficient shared memory (shm)\n",
            "shm-exhausted");
        row("mmap",
            "RuntimeError: unable to mmap 29764 bytes from file </torch_10182_30201_6399>: "
            "Cannot allocate memory (12)\n",
            "shm-exhausted");
        row("nccl no prefix",
            "misc/shmutils.cc:112 Error while creating shared memory segment "
            "/dev/shm/nccl-KWfVyt (size 5967872)\n",
            "nccl-shm");
        row("ncclShmOpen", "#3 0x7f in ncclShmOpen(char*, unsigned long, void**) from libnccl.so\n",
            "nccl-shm");
        row("nccl attach",
            "NCCL WARN Error while attaching to shared memory segment "
            "/dev/shm/nccl-glnlGK (size 14156128)\n",
            "nccl-shm");
        row("mxnet timeout", "Worker timed out after 120 seconds. This might be caused by\n",
            "dataloader-timeout");
        row("tf oom", "ResourceExhaustedError: OOM when allocating tensor with shape[256,112]\n",
            "cuda-oom");
        row("jax oom",
            "XlaRuntimeError: RESOURCE_EXHAUSTED: Out of memory while trying to "
            "allocate 4770354232 bytes.\n",
            "cuda-oom");
        row("cuda error 2", "CUDA error 2 at kernel.cu:40: out of memory\n", "cuda-oom");
        row("cudnn", "RuntimeError: cuDNN error: CUDNN_STATUS_ALLOC_FAILED\n", "cuda-oom");
        row("os error 24", "Error: Too many open files (os error 24)\n", "fd-exhausted");
        row("EMFILE", "Error: EMFILE: too many open files, open '/data/x.jpg'\n", "fd-exhausted");
        row("segfault worker",
            "RuntimeError: DataLoader worker (pid 25902) is killed by signal: "
            "Segmentation fault\n",
            "worker-crashed");
        row("abort worker",
            "RuntimeError: DataLoader worker (pid 11056) is killed by signal: "
            "Aborted.\n",
            "worker-crashed");
        row("sigsegv rank", "  exitcode  : -11 (pid: 5277)\n", "worker-crashed");
        row("wrapped",
            "RuntimeError: DataLoader worker (pid 47) is killed by signal: Bus\nerror. "
            "It is possible that dataloader's workers are out of shared\n",
            "shm-exhausted");
        row("exit code in brackets",
            "Pod trainer-0 terminated with exit code (137). Reason [Error]\n", "host-oom");
        row("ExitCode=137", "State=OUT_OF_MEMORY ExitCode=137 Reason=Error\n", "host-oom");
        row("ray memory monitor",
            "(raylet) 1 Workers (tasks / actors) killed due to memory pressure (OOM), 0 Workers "
            "crashed due to other reasons at node (ID: 5c6b, IP: 10.0.0.4) over the last time "
            "period.\n",
            "host-oom");
        row("ray OutOfMemoryError",
            "ray.exceptions.OutOfMemoryError: Task was killed due to the node running low on "
            "memory.\n",
            "host-oom");
        row("slurm exceeded limit",
            "slurmstepd: error: Job 4242 exceeded memory limit (16777216 > 16384000), being "
            "killed\n",
            "host-oom");
        row("slurm exceeded job limit", "slurmstepd: error: Exceeded job memory limit\n",
            "host-oom");
        row("slurm exceeded step limit",
            "slurmstepd: error: Exceeded step memory limit at some point.\n", "host-oom");
        row("segfault in worker", "ERROR: Unexpected segmentation fault encountered in worker.\n",
            "worker-crashed");
        row("fpe in worker", "ERROR: Unexpected floating-point exception encountered in worker.\n",
            "worker-crashed");
        row("xla failed to allocate",
            "jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: Failed to allocate "
            "request for 176.00MiB (184549376B) on device ordinal 0\n",
            "cuda-oom");
        // MXNet Gluon's loader raises TimeoutError without a message: the frames say where.
        row("timeout in a loader's frames",
            "Traceback (most recent call last):\n"
            "  File \"train.py\", line 120, in <module>\n"
            "    for i, batch in enumerate(train_data):\n"
            "  File \"/usr/lib/python3/dist-packages/mxnet/gluon/data/dataloader.py\", line "
            "505, in __next__\n"
            "    batch = pickle.loads(ret.get(self._timeout))\n"
            "  File \"/usr/lib/python3.6/multiprocessing/pool.py\", line 644, in get\n"
            "    raise TimeoutError\n"
            "multiprocessing.context.TimeoutError\n",
            "dataloader-timeout");
        // Files that vanished under the job (systemd-logind's RemoveIPC at logout); the same
        // open failing for want of descriptors is the open-files limit.
        row("torch file not found on open",
            "RuntimeError: unable to open shared memory object </torch_4242_1234567_3> in "
            "read-write mode: No such file or directory (2)\n",
            "shm-files-removed");
        row("torch file open, too many files",
            "RuntimeError: unable to open shared memory object </torch_4242_1234567_3> in "
            "read-write mode: Too many open files (24)\n",
            "fd-exhausted");
        row("shared_memory segment gone",
            "FileNotFoundError: [Errno 2] No such file or directory: '/psm_3f2a9c1d'\n",
            "shm-files-removed");
        // EDQUOT on /dev/shm (a per-user tmpfs quota, systemd 258), in the formats of the
        // programs' sources: PyTorch's MapAllocator, Python's OSError, NCCL's shmutils, dd.
        row("torch file, quota",
            "RuntimeError: unable to write to file </torch_2187_3064891284_0>: Disk quota "
            "exceeded (122)\n",
            "shm-quota-exceeded");
        row("torch file, quota, zh",
            "RuntimeError: unable to write to file </torch_2187_3064891284_0>: 超出磁盘限额 "
            "(122)\n",
            "shm-quota-exceeded");
        row("shared_memory segment, quota",
            "OSError: [Errno 122] Disk quota exceeded: '/psm_3f2a9c1d'\n", "shm-quota-exceeded");
        row("nccl segment, quota",
            "h:1:2 [0] misc/shmutils.cc:88 NCCL WARN Error: failed to extend /dev/shm/nccl-eF3 "
            "to 9637892 bytes, error: Disk quota exceeded (122)\n",
            "shm-quota-exceeded");
        row("dd into /dev/shm, quota", "dd: error writing '/dev/shm/fill': Disk quota exceeded\n",
            "shm-quota-exceeded");
        row("SemLock, quota",
            "    sl = self._semlock = _multiprocessing.SemLock(\nOSError: [Errno 122] Disk quota "
            "exceeded\n",
            "shm-quota-exceeded");
        row("shared_memory traceback, quota",
            "  File \"/usr/lib/python3.13/multiprocessing/shared_memory.py\", line 115, in "
            "__init__\n"
            "    os.ftruncate(self._fd, size)\n"
            "OSError: [Errno 122] Disk quota exceeded\n",
            "shm-quota-exceeded");
        row("multiprocessing heap arena, quota",
            "  File \"/usr/lib/python3.11/multiprocessing/heap.py\", line 88, in __init__\n"
            "    os.ftruncate(self.fd, size)\n"
            "OSError: [Errno 122] Disk quota exceeded\n",
            "shm-quota-exceeded");
    }

    // Lines that look like a failure of these classes and are not.
    void falseAlarms_data()
    {
        QTest::addColumn<QString>("log");
        QTest::newRow("srun after a cancelled step")
            << QStringLiteral("srun: Job step aborted: Waiting up to 32 seconds for job step to "
                              "finish.\n"
                              "slurmstepd: error: *** STEP 4242.0 ON node07 CANCELLED AT "
                              "2024-03-01T10:00:00 ***\n"
                              "srun: forcing job termination\n"
                              "srun: error: node07: task 0: Killed\n"
                              "srun: error: node07: tasks 1-3: Killed\n");
        // SGLang kills its own process tree when a child fails; the shell reports the kill.
        QTest::newRow("SGLang stopping itself")
            << QStringLiteral("[2025-04-05 00:01:19] Received sigquit from a child process. It "
                              "usually means the child failed.\n"
                              "./entrypoint.sh: line 48: 28 Killed python3 -m "
                              "sglang.launch_server --port 30000\n");
        // torchrun escalating to SIGKILL for ranks that did not stop on SIGTERM.
        QTest::newRow("torchrun escalating to SIGKILL")
            << QStringLiteral("WARNING:torch.distributed.elastic.multiprocessing.api:Unable to "
                              "shutdown process 5527 via 15, forcefully exitting via 9\n"
                              "ERROR: process 5527 exit code -9\n");
        QTest::newRow("zsh bus error, no loader")
            << QStringLiteral("$ python test.py\nloading weights.bin\nzsh: bus error  python "
                              "test.py\n");
        QTest::newRow("zsh job report") << QStringLiteral("[1]    4242 bus error  ./run.sh\n");
        QTest::newRow("a missing file that is no shared memory")
            << QStringLiteral("FileNotFoundError: [Errno 2] No such file or directory: "
                              "'/data/train/0001.jpg'\n");
        // A quota on another file system: a checkpoint, /tmp's tmpfs, a file named after a
        // shared-memory frame.
        QTest::newRow("quota on a checkpoint")
            << QStringLiteral("  File \"/usr/lib/python3/dist-packages/torch/serialization.py\", "
                              "line 441, in save\n"
                              "    with _open_zipfile_writer(f) as opened_zipfile:\n"
                              "OSError: [Errno 122] Disk quota exceeded: "
                              "'/home/u/ckpt/epoch_3.pt'\n");
        QTest::newRow("quota on /tmp")
            << QStringLiteral("error writing to /tmp/ccXXXX.s: Disk quota exceeded\n");
        QTest::newRow("quota on a file under a SemLock frame")
            << QStringLiteral("    sl = self._semlock = _multiprocessing.SemLock(\n"
                              "OSError: [Errno 122] Disk quota exceeded: 'results/out.csv'\n");
        QTest::newRow("a memory emptyDir and no kill")
            << QStringLiteral("  volumes:\n  - name: dshm\n    emptyDir:\n      medium: Memory\n"
                              "      sizeLimit: 8Gi\n");
        QTest::newRow("TimeoutError outside a loader")
            << QStringLiteral("  File \"client.py\", line 12, in fetch\n    return "
                              "fut.result(5)\nconcurrent.futures._base.TimeoutError\n");
    }
    void falseAlarms()
    {
        QFETCH(QString, log);
        const QVector<Finding> fs = diagnoseLog(log);
        QVERIFY2(fs.isEmpty(), qPrintable(ids(fs).join(QLatin1Char(' '))));
    }

    // The same lines where they are what they look like.
    void realCasesOfTheFalseAlarmShapes()
    {
        // A cancelled step where the OOM killer also struck is memory.
        QCOMPARE(ids(diagnoseLog(QStringLiteral(
                     "slurmstepd: error: Detected 1 oom-kill event(s) in StepId=42.0.\n"
                     "slurmstepd: error: *** STEP 42.0 ON n1 CANCELLED AT 2024-03-01 ***\n"
                     "srun: error: n1: task 0: Killed\n"))),
                 QStringList{QStringLiteral("host-oom")});
        // A launcher stopping itself after the OOM killer took a child: memory.
        QCOMPARE(ids(diagnoseLog(QStringLiteral(
                     "Out of memory: Killed process 4242 (python3) total-vm:1kB\n"
                     "Received sigquit from a child process. It usually means the child "
                     "failed.\n"
                     "./entrypoint.sh: line 48: 28 Killed python3 -m sglang.launch_server\n"))),
                 QStringList{QStringLiteral("host-oom")});
        // srun's own Out Of Memory is memory.
        QCOMPARE(ids(diagnoseLog(QStringLiteral("srun: error: n1: task 0: Out Of Memory\n"))),
                 QStringList{QStringLiteral("host-oom")});
        // A bus error where a DataLoader runs is still shared memory's, as a possible cause.
        const QVector<Finding> fs = diagnoseLog(
            QStringLiteral("DataLoader with num_workers=4\nzsh: bus error  python train.py\n"));
        QCOMPARE(ids(fs), QStringList{QStringLiteral("shm-exhausted")});
    }
    void messageClasses()
    {
        QFETCH(QString, log);
        QFETCH(QString, id);
        const QVector<Finding> fs = diagnoseLog(log);
        QCOMPARE(ids(fs), QStringList{id});
        QVERIFY(!fs.at(0).possible());
    }

    // Repeated lines (one per rank or worker) count once each, numbers and all.
    void repeatedLinesCount()
    {
        QString log = QStringLiteral("start\n");
        for (int i = 0; i < 1000; ++i)
            log += QStringLiteral("[rank%1]: RuntimeError: DataLoader worker (pid %2) is killed by "
                                  "signal: Killed.\n")
                       .arg(i % 8)
                       .arg(1000 + i * 7);
        log += QStringLiteral("OSError: [Errno 24] Too many open files\n");
        const QVector<Finding> fs = diagnoseLog(log);
        QCOMPARE(ids(fs),
                 (QStringList{QStringLiteral("fd-exhausted"), QStringLiteral("host-oom")}));
        QCOMPARE(fs.at(1).id, QStringLiteral("host-oom"));
        QCOMPARE(fs.at(1).line, 2);
        QCOMPARE(fs.at(1).occurrences, 1000);
        QCOMPARE(fs.at(0).line, 1002);
    }

    // The OOM a /dev/shm causes: a kill for memory in a log that shows shared memory charged to
    // the limit. Certain where /dev/shm itself is seen filling it, possible otherwise, and a
    // plain OOM stays host-oom.
    void oomFromShm()
    {
        auto one = [](const QString &log) {
            const QVector<Finding> fs = diagnoseLog(log);
            return fs.size() == 1 ? fs.first() : Finding();
        };
        // The kernel's cgroup OOM report with its limit, and df of /dev/shm near it.
        Finding f = one(
            QStringLiteral("$ df -h /dev/shm\n"
                           "Filesystem      Size  Used Avail Use% Mounted on\n"
                           "shm             8.0G  1.9G  6.2G  24% /dev/shm\n"
                           "[ 812.1] memory: usage 2097152kB, limit 2097152kB, failcnt 4211\n"
                           "[ 812.2] Memory cgroup out of memory: Killed process 4242 (python) "
                           "total-vm:9000000kB, anon-rss:120000kB, file-rss:0kB, shmem-rss:0kB\n"));
        QCOMPARE(f.id, QStringLiteral("oom-from-shm"));
        QVERIFY(!f.possible());
        QCOMPARE(f.severity, FindingSeverity::Error);
        QVERIFY(f.line >= 4); // the kill (a line may be joined with the next, as wrapped)
        QVERIFY2(f.fix.contains(QLatin1String("memory limit of 2 GiB (line 4)")) &&
                     f.fix.contains(QLatin1String("1.9 GiB in /dev/shm (line 3)")),
                 qPrintable(f.fix));
        // kubernetes/kubernetes#128339's pod: a memory emptyDir at /dev/shm, dd into it, the
        // container killed; the emptyDir outlives the restart.
        f = one(QStringLiteral("    resources:\n"
                               "      limits:\n"
                               "        memory: 2Gi\n"
                               "    volumeMounts:\n"
                               "    - mountPath: /dev/shm\n"
                               "      name: dshm\n"
                               "  volumes:\n"
                               "  - name: dshm\n"
                               "    emptyDir:\n"
                               "      medium: Memory\n"
                               "      sizeLimit: 4Gi\n"
                               "kubectl exec -it example -- sh\n"
                               "cd /dev/shm/\n"
                               "dd if=/dev/zero of=filename bs=1024 count=2GB\n"
                               "command terminated with exit code 137\n"));
        QCOMPARE(f.id, QStringLiteral("oom-from-shm"));
        QVERIFY(!f.possible());
        QVERIFY(f.line >= 14);
        QVERIFY2(f.fix.contains(QLatin1String("memory limit of 2 GiB (line 3)")) &&
                     f.fix.contains(QLatin1String("sizeLimit of 4 GiB")) &&
                     f.fix.contains(QLatin1String("Line 14 writes into /dev/shm")) &&
                     f.fix.contains(QLatin1String("kubernetes/kubernetes#128339")),
                 qPrintable(f.fix));
        // /dev/shm in use but no limit named: possible, a warning.
        f = one(QStringLiteral("shm              16G   11G  5.1G  68% /dev/shm\n"
                               "train.sh: line 12:  4242 Killed  python train.py\n"));
        QCOMPARE(f.id, QStringLiteral("oom-from-shm"));
        QVERIFY(f.possible());
        QCOMPARE(f.severity, FindingSeverity::Warning);
        QVERIFY2(f.fix.contains(QLatin1String("does not show /dev/shm itself")), qPrintable(f.fix));
        // Only the kernel's shmem-rss: possible, and said to count more than /dev/shm.
        f = one(QStringLiteral("Out of memory: Killed process 77 (python3) total-vm:26903480kB, "
                               "anon-rss:2305238kB, file-rss:0kB, shmem-rss:20971520kB\n"));
        QCOMPARE(f.id, QStringLiteral("oom-from-shm"));
        QVERIFY(f.possible());
        QVERIFY2(f.fix.contains(QLatin1String("20 GiB of shared memory (shmem-rss, line 1)")),
                 qPrintable(f.fix));
        // Plain OOMs: no shared memory, none worth naming, or only a small /dev/shm shown.
        for (const QString &plain :
             {QStringLiteral("Out of memory: Killed process 7 (python3) total-vm:26903480kB, "
                             "anon-rss:23052380kB, file-rss:0kB, shmem-rss:0kB\n"),
              QStringLiteral("    Last State:     Terminated\n      Reason:       OOMKilled\n"
                             "      Exit Code:    137\n    Limits:\n      memory:  1Gi\n"),
              QStringLiteral("shm              64M     0   64M   0% /dev/shm\nKilled\n"),
              QStringLiteral("Memory cgroup stats for /kubepods/pod1/c1: cache:0KB rss:613460KB "
                             "shmem:0KB mapped_file:0KB\nMemory cgroup out of memory: Killed "
                             "process 19388 (node)\n")}) {
            const QVector<Finding> fs = diagnoseLog(plain);
            QCOMPARE(ids(fs), QStringList{QStringLiteral("host-oom")});
        }
        // srun's Killed after a cancelled step is still no OOM, emptyDir or not.
        QVERIFY(diagnoseLog(QStringLiteral("      medium: Memory\n"
                                           "slurmstepd: error: *** STEP 42.0 ON n1 CANCELLED AT "
                                           "2024-03-01 ***\n"
                                           "srun: error: n1: task 0: Killed\n"))
                    .isEmpty());
    }

    // EDQUOT on /dev/shm explains the quota, and the probed host's quota sharpens it.
    void shmQuotaFix()
    {
        HostFacts facts;
        facts.shmQuotaHardBytes = 4 * GiB;
        facts.shmQuotaUsedBytes = 4 * GiB;
        const QVector<Finding> fs = diagnoseLog(
            QStringLiteral("RuntimeError: unable to write to file </torch_1_2_3>: Disk quota "
                           "exceeded (122)\n"),
            &facts);
        QCOMPARE(fs.size(), 1);
        QCOMPARE(fs.first().id, QStringLiteral("shm-quota-exceeded"));
        QVERIFY(!fs.first().possible());
        for (const char *word : {"usrquota", "devShmLimit", "quota -u", "setquota",
                                 "quota on /dev/shm is 4 GiB (4 GiB in use)"})
            QVERIFY2(fs.first().fix.contains(QLatin1String(word)), qPrintable(fs.first().fix));
    }

    void dockerInspectIsNoKill()
    {
        QVERIFY(diagnoseLog(QStringLiteral("            \"OOMKilled\": false,\n")).isEmpty());
        QVERIFY(
            diagnoseLog(QStringLiteral("OSError: [Errno 28] No space left on device\n")).isEmpty());
    }

    // "Bus error" in prose, with nothing about shared memory, is a possible cause only.
    void busErrorInProseIsPossible()
    {
        const QVector<Finding> fs = diagnoseLog(
            QStringLiteral("Training stops after an hour with a Bus error and no traceback.\n"));
        QCOMPARE(ids(fs), QStringList{QStringLiteral("shm-exhausted")});
        QVERIFY(fs.at(0).possible());
        QCOMPARE(fs.at(0).severity, FindingSeverity::Warning);
        QCOMPARE(findingToJson(fs.at(0))[QStringLiteral("confidence")].toString(),
                 QStringLiteral("possible"));
        // Shared memory named elsewhere in the log makes it certain.
        const QVector<Finding> sure = diagnoseLog(QStringLiteral(
            "df shows /dev/shm at 100%\nTraining stops after an hour with a Bus error.\n"));
        QVERIFY(!sure.at(0).possible());
        // The shell's own report is certain.
        QVERIFY(!diagnoseLog(QStringLiteral("Bus error (core dumped)\n")).at(0).possible());
    }

    void encodings()
    {
        const QString text = QStringLiteral(
            "epoch 1\nstep 2\nRuntimeError: DataLoader worker (pid 7) is killed by signal: "
            "Bus error.\n已杀死\n");
        const QList<QByteArray> forms = {
            text.toUtf8(),
            QByteArray("\xEF\xBB\xBF") + text.toUtf8(),
            utf16(text, true, true),
            utf16(text, true, false),
            utf16(text, false, true),
            utf16(text, false, false),
            QString(text).replace(QLatin1Char('\n'), QStringLiteral("\r\n")).toUtf8(),
            utf16(QString(text).replace(QLatin1Char('\n'), QStringLiteral("\r\n")), true, true),
            QString(text)
                .replace(QStringLiteral("Bus error"), QStringLiteral("\x1b[1;31mBus error\x1b[0m"))
                .toUtf8(),
        };
        for (const QByteArray &b : forms) {
            for (qsizetype step : {qsizetype(1), qsizetype(3), qsizetype(1 << 20)}) {
                qint64 lines = 0;
                const QVector<Finding> fs = diagnoseInSteps(b, step, &lines);
                QCOMPARE(ids(fs), (QStringList{QStringLiteral("host-oom"),
                                               QStringLiteral("shm-exhausted")}));
                QCOMPARE(fs.at(0).line, 3); // shm-exhausted reports first
                QCOMPARE(fs.at(1).line, 4);
                QCOMPARE(lines, 4);
                QVERIFY(!fs.at(0).evidence.contains(QChar(0x1b)));
            }
        }
        // NUL bytes between messages, and a lone CR (a progress bar) end lines too.
        static const char raw[] =
            "a\0RuntimeError: DataLoader worker (pid 7) is killed by signal: Bus error.\r10%\r"
            "Killed\n";
        const QVector<Finding> fs = diagnoseLogBytes(QByteArray(raw, sizeof(raw) - 1));
        QCOMPARE(ids(fs),
                 (QStringList{QStringLiteral("host-oom"), QStringLiteral("shm-exhausted")}));
        QCOMPARE(fs.at(0).line, 2);
        QCOMPARE(fs.at(1).line, 4);
    }

    // A UTF-16 byte order mark followed by UTF-8 text is not UTF-16: the text is read as the
    // UTF-8 it is (its findings found, at their lines), in chunks of any size. UTF-16 after the
    // mark, ASCII or Chinese, stays UTF-16; so does a file of the mark alone.
    void utf16MarkBeforeUtf8()
    {
        const QString text = QStringLiteral(
            "epoch 1\nstep 2\nRuntimeError: DataLoader worker (pid 7) is killed by signal: "
            "Bus error.\n已杀死\n");
        const QString chinese = QStringLiteral("训练开始\n错误：共享内存不足\n") + text;
        struct Case
        {
            QByteArray bytes;
            QString encoding;
            int line; // of shm-exhausted
        };
        const QList<Case> cases = {
            {QByteArray("\xFF\xFE") + text.toUtf8(), QStringLiteral("UTF-8"), 3},
            {QByteArray("\xFE\xFF") + text.toUtf8(), QStringLiteral("UTF-8"), 3},
            {utf16(text, true, true), QStringLiteral("UTF-16LE"), 3},
            {utf16(text, false, true), QStringLiteral("UTF-16BE"), 3},
            {utf16(chinese, true, true), QStringLiteral("UTF-16LE"), 5},
            {utf16(chinese, false, true), QStringLiteral("UTF-16BE"), 5},
        };
        for (const Case &c : cases) {
            for (qsizetype step : {qsizetype(1), qsizetype(3), qsizetype(1 << 20)}) {
                LogDiagnoser d;
                for (qsizetype i = 0; i < c.bytes.size(); i += step)
                    d.feed(QByteArrayView(c.bytes).sliced(i, qMin(step, c.bytes.size() - i)));
                const QVector<Finding> fs = d.finish();
                QCOMPARE(d.encoding(), c.encoding);
                QCOMPARE(ids(fs), (QStringList{QStringLiteral("host-oom"),
                                               QStringLiteral("shm-exhausted")}));
                QCOMPARE(fs.at(0).line, c.line);
            }
        }
        // A mark and nothing else, or a mark before a lone surrogate half of a character.
        LogDiagnoser onlyMark;
        onlyMark.feed(QByteArrayView("\xFF\xFE", 2));
        QVERIFY(onlyMark.finish().isEmpty());
        QCOMPARE(onlyMark.encoding(), QStringLiteral("UTF-16LE"));
        LogDecoder lone;
        QByteArray out;
        lone.feed(QByteArrayView("\xFF\xFE\x00\xDCok", 6), out);
        lone.finish(out);
        QCOMPARE(lone.encoding(), QStringLiteral("UTF-8"));
    }

    // No cap per line: a match deep inside a line of megabytes is found, and only the evidence
    // shown is shortened.
    void longLines()
    {
        QByteArray b(3 * 1024 * 1024, 'x');
        const QByteArray msg = " RuntimeError: DataLoader worker (pid 7) is killed by signal: "
                               "Bus error. ";
        b.replace(2 * 1024 * 1024 + 17, msg.size(), msg);
        b.append("\nlast\n");
        for (qsizetype step : {qsizetype(4096), qsizetype(1 << 20), b.size()}) {
            qint64 lines = 0;
            const QVector<Finding> fs = diagnoseInSteps(b, step, &lines);
            QCOMPARE(ids(fs), QStringList{QStringLiteral("shm-exhausted")});
            QCOMPARE(fs.at(0).line, 1);
            QCOMPARE(fs.at(0).occurrences, 1);
            QCOMPARE(lines, 2);
            QVERIFY(fs.at(0).evidence.size() <= 302);
            QVERIFY(fs.at(0).evidence.contains(QLatin1String("killed by signal: Bus error")));
        }
    }

    // Standard input is read to the end: a finding after the first megabytes is not lost.
    void cliReadsAPipeToTheEnd()
    {
        QByteArray log;
        for (int i = 0; i < 200000; ++i)
            log += "Epoch: [0][415/1736]\t Loss 0.5844 MAE 0.6568 RMSE 0.7644\n";
        log += "RuntimeError: DataLoader worker (pid 9) is killed by signal: Bus error.\n";
        const testutil::RunResult r = testutil::run(
            testutil::shmwiseBinary(),
            {QStringLiteral("diagnose"), QStringLiteral("-"), QStringLiteral("--json")}, log);
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o[QStringLiteral("bytes")].toInteger(), log.size());
        QCOMPARE(o[QStringLiteral("lines")].toInteger(), 200001);
        const QJsonArray a = o[QStringLiteral("findings")].toArray();
        QCOMPARE(a.size(), 1);
        QCOMPARE(a.at(0)[QStringLiteral("line")].toInt(), 200001);
    }

    // A gigabyte, made on the fly and piped in (never written to disk), read to its last line.
    void cliGigabyteThroughAPipe()
    {
        const QString script =
            QStringLiteral("{ yes 'Epoch: [0][415/1736]	 Loss 0.5844 MAE 0.6568 RMSE 0.7644' | "
                           "head -c 1000000000; printf '\\nKilled\\n'; } | '%1' diagnose - --json")
                .arg(testutil::shmwiseBinary());
        QProcess p;
        p.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), script});
        QVERIFY(p.waitForFinished(280000));
        QCOMPARE(p.exitCode(), 0);
        const QJsonObject o = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
        QCOMPARE(o[QStringLiteral("bytes")].toInteger(), 1000000008LL);
        const QJsonArray a = o[QStringLiteral("findings")].toArray();
        QCOMPARE(a.size(), 1);
        QCOMPARE(a.at(0)[QStringLiteral("id")].toString(), QStringLiteral("host-oom"));
        QCOMPARE(a.at(0)[QStringLiteral("line")].toInteger(),
                 o[QStringLiteral("lines")].toInteger());
    }

    void busErrorIsNotHostOom()
    {
        const QVector<Finding> fs = diagnoseLog(QStringLiteral(
            "RuntimeError: DataLoader worker (pid 7989) is killed by signal: Bus error. It is "
            "possible that dataloader's workers are out of shared memory.\n"
            "RuntimeError: DataLoader worker (pid(s) 7989) exited unexpectedly\n"));
        QCOMPARE(ids(fs), QStringList{QStringLiteral("shm-exhausted")});
        QCOMPARE(fs.at(0).line, 1);
    }

    void evidenceLineAndCount()
    {
        const QVector<Finding> fs =
            diagnoseLog(QStringLiteral("ok\r\nOSError: [Errno 24] Too many open files\r\nOSError: "
                                       "[Errno 24] Too many open files\r\n"));
        QCOMPARE(fs.size(), 1);
        QCOMPARE(fs.at(0).line, 2);
        QCOMPARE(fs.at(0).occurrences, 2);
        QCOMPARE(fs.at(0).evidence, QStringLiteral("OSError: [Errno 24] Too many open files"));
    }

    void factsSharpenTheFix()
    {
        HostFacts f;
        f.shmSizeBytes = 64 * MiB;
        f.shmFreeBytes = 1 * MiB;
        const QVector<Finding> fs = diagnoseLog(QStringLiteral("Bus error (core dumped)"), &f);
        QVERIFY(fs.at(0).fix.contains(QLatin1String("64 MiB")));
    }

    void emptyAndGarbage()
    {
        QVERIFY(diagnoseLog(QString()).isEmpty());
        QRandomGenerator rng(7);
        for (int i = 0; i < 500; ++i) {
            QByteArray b(int(rng.bounded(2000)), Qt::Uninitialized);
            for (char &c : b)
                c = char(rng.bounded(256));
            diagnoseLog(QString::fromUtf8(b));
        }
        QVERIFY(diagnoseLog(QString(100000, QLatin1Char('x'))).isEmpty());
    }

    void cliJson()
    {
        const QString log = testutil::testData(QStringLiteral("logs/pytorch113-bus-error.log"));
        const testutil::RunResult r = testutil::run(
            testutil::shmwiseBinary(), {QStringLiteral("diagnose"), log, QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonArray a =
            QJsonDocument::fromJson(r.out).object()[QStringLiteral("findings")].toArray();
        QCOMPARE(a.size(), 1);
        QCOMPARE(a.at(0)[QStringLiteral("id")].toString(), QStringLiteral("shm-exhausted"));
        // From stdin, as text.
        const testutil::RunResult t =
            testutil::run(testutil::shmwiseBinary(),
                          {QStringLiteral("diagnose"), QStringLiteral("-")}, readAll(log));
        QCOMPARE(t.exitCode, 0);
        QVERIFY(t.out.contains("shm-exhausted"));
        QVERIFY(t.out.contains("Fix:"));
        const testutil::RunResult clean =
            testutil::run(testutil::shmwiseBinary(),
                          {QStringLiteral("diagnose"), QStringLiteral("--json")}, "all good\n");
        QCOMPARE(clean.exitCode, 0);
        QCOMPARE(QJsonDocument::fromJson(clean.out)
                     .object()[QStringLiteral("findings")]
                     .toArray()
                     .size(),
                 0);
        const testutil::RunResult missing =
            testutil::run(testutil::shmwiseBinary(),
                          {QStringLiteral("diagnose"), QStringLiteral("/nonexistent.log")});
        QCOMPARE(missing.exitCode, 2);
        // With the local host probed too.
        const testutil::RunResult withHost = testutil::run(
            testutil::shmwiseBinary(), {QStringLiteral("diagnose"), log, QStringLiteral("--target"),
                                        QStringLiteral("local"), QStringLiteral("--json")});
        QCOMPARE(withHost.exitCode, 0);
        QVERIFY(QDir::isAbsolutePath(log));
        QVERIFY(QJsonDocument::fromJson(withHost.out).object()[QStringLiteral("host")].isObject());
    }

    // Where a log says the job ran, for Diagnose's plan: the most specific words first.
    void environmentOfALog()
    {
        QString said;
        QCOMPARE(environmentOfLog(QStringLiteral("$ kubectl logs pod/train-0 -n ml\nBus error\n"),
                                  &said),
                 std::optional<Environment>(Environment::Kubernetes));
        QCOMPARE(said, QStringLiteral("kubectl logs"));
        QCOMPARE(environmentOfLog(QStringLiteral("srun: error: n1: task 0: Bus error\n")),
                 std::optional<Environment>(Environment::Slurm));
        QCOMPARE(environmentOfLog(QStringLiteral("$ docker run --gpus all img python t.py\n")),
                 std::optional<Environment>(Environment::Docker));
        QCOMPARE(environmentOfLog(QStringLiteral("$ docker compose up\ntrain-1 | Bus error\n")),
                 std::optional<Environment>(Environment::Compose));
        QCOMPARE(environmentOfLog(QStringLiteral("$ podman run img\n")),
                 std::optional<Environment>(Environment::Podman));
        // A Slurm step that runs a container is Slurm's.
        QCOMPARE(environmentOfLog(QStringLiteral("slurmstepd: error: ...\ndocker run x\n")),
                 std::optional<Environment>(Environment::Slurm));
        QCOMPARE(environmentOfLog(QStringLiteral("RuntimeError: DataLoader worker (pid 1) is "
                                                 "killed by signal: Bus error.\n")),
                 std::nullopt);
    }
};

QTEST_GUILESS_MAIN(TestDiagnosis)
#include "tst_diagnosis.moc"
