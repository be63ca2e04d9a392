// SPDX-License-Identifier: GPL-3.0-or-later
// `shmwise measure --target ssh://...` against a hostile job and a hostile host, over real sshd
// instances on 127.0.0.1 (this computer is the host): a PID of the job reused by another login's
// process (a PID namespace where ns_last_pid hands it out again), processes the job leaves behind,
// a second process sharing /dev/shm, the hook's log replaced by a FIFO or written without end, a
// host that sends one endless line, a --dir that is not there, a TMPDIR with ':'.
#include "probes/remotemeasure.h"
#include "robustutil.h"
#include "sshdfixture.h"

#include <QDir>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTest>
#include <QThread>

#include <csignal>

#include <sys/resource.h>

using robust::readFile;
using robust::writeFile;

namespace {

QJsonObject jsonOf(const testutil::RunResult &r)
{
    return QJsonDocument::fromJson(r.out).object();
}

QStringList strings(const QJsonValue &v)
{
    QStringList out;
    for (const QJsonValue &s : v.toArray())
        out << s.toString();
    return out;
}

// PIDs of this computer's processes whose command line holds `needle`.
QList<qint64> processesWith(const QByteArray &needle)
{
    QList<qint64> pids;
    for (const QString &p : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
        bool ok = false;
        const qint64 pid = p.toLongLong(&ok);
        if (!ok || pid == qint64(getpid()))
            continue;
        QFile cmd(QStringLiteral("/proc/%1/cmdline").arg(p));
        if (cmd.open(QIODevice::ReadOnly) && cmd.readAll().contains(needle) &&
            testutil::processAlive(pid))
            pids << pid;
    }
    return pids;
}

// Removes what a test left in /dev/shm (its names carry the test's tag).
void removeShm(const QString &tag)
{
    QDir shm(QStringLiteral("/dev/shm"));
    for (const QString &n : shm.entryList(QDir::Files | QDir::System | QDir::Hidden))
        if (n.contains(tag))
            shm.remove(n);
}

QString randomTag()
{
    return QString::number(1000 + QRandomGenerator::global()->bounded(8000));
}

} // namespace

class TestRobustRemoteMeasure : public QObject
{
    Q_OBJECT
    SshdFixture m_sshd;  // AcceptEnv TMPDIR
    SshdFixture m_pidns; // in a PID namespace of its own (root)
    SshdFixture m_junk;  // every login prints 256 MiB without a newline
    QTemporaryDir m_tmp;
    QString m_runtime;
    QString m_pidnsWhy;

    QProcessEnvironment env() const
    {
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        e.insert(QStringLiteral("XDG_RUNTIME_DIR"), m_runtime);
        return e;
    }
    QString script(const QString &name, const QByteArray &text)
    {
        const QString path = m_tmp.filePath(name);
        return writeFile(path, text) ? path : QString();
    }
    QStringList measureArgs(const SshdFixture &s, const QStringList &extra,
                            const QStringList &command, const QString &config = {}) const
    {
        return QStringList{QStringLiteral("measure"),      QStringLiteral("--json"),
                           QStringLiteral("--target"),     s.target(),
                           QStringLiteral("--ssh-config"), config.isEmpty() ? s.config() : config} +
               extra + QStringList{QStringLiteral("--")} + command;
    }
    testutil::RunResult measure(const QStringList &extra, const QStringList &command,
                                int timeoutMs = 120000, const QString &config = {})
    {
        return robust::shmwise(measureArgs(m_sshd, extra, command, config), env(), timeoutMs);
    }
    // A command run on `s` over a login of its own (python3 reading `code` from stdin).
    testutil::RunResult onHost(const SshdFixture &s, const QByteArray &code,
                               const QStringList &args)
    {
        return testutil::run(QStringLiteral("ssh"),
                             QStringList{QStringLiteral("-F"), s.config(), QStringLiteral("-p"),
                                         QString::number(s.port()),
                                         s.user() + QStringLiteral("@127.0.0.1"),
                                         QStringLiteral("python3"), QStringLiteral("-")} +
                                 args,
                             code, 60000);
    }

private Q_SLOTS:
    void initTestCase()
    {
        if (geteuid() == 0 && !QFileInfo::exists(QStringLiteral("/run/sshd")))
            QDir().mkpath(QStringLiteral("/run/sshd"));
        if (QStandardPaths::findExecutable(QStringLiteral("python3")).isEmpty())
            QSKIP("needs python3 on the host");
        m_sshd.setExtraConfig(QStringLiteral("AcceptEnv TMPDIR\n"));
        if (!m_sshd.start())
            QSKIP(qPrintable(m_sshd.why()));
        m_junk.setExtraConfig(
            QStringLiteral("ForceCommand yes x | tr -d '[:space:]' | head -c 268435456\n"));
        QVERIFY2(m_junk.start(), qPrintable(m_junk.why()));
        if (geteuid() != 0)
            m_pidnsWhy = QStringLiteral("needs root for a PID namespace whose ns_last_pid "
                                        "hands a PID out again");
        else if (QStandardPaths::findExecutable(QStringLiteral("unshare")).isEmpty())
            m_pidnsWhy = QStringLiteral("needs unshare (util-linux)");
        else if (!m_pidns.start({QStringLiteral("unshare"), QStringLiteral("--pid"),
                                 QStringLiteral("--fork"), QStringLiteral("--kill-child"),
                                 QStringLiteral("--mount-proc")}))
            m_pidnsWhy = QStringLiteral("cannot start sshd in a PID namespace: ") + m_pidns.why();
        m_runtime = m_tmp.filePath(QStringLiteral("run"));
        QVERIFY(QDir().mkpath(m_runtime));
        QVERIFY(::chmod(QFile::encodeName(m_runtime).constData(), 0700) == 0);
    }
    void cleanupTestCase()
    {
        const QString dir = m_runtime + QStringLiteral("/shmwise-ssh");
        for (const QString &s : QDir(dir).entryList(QDir::System))
            testutil::run(QStringLiteral("ssh"),
                          {QStringLiteral("-o"),
                           QStringLiteral("ControlPath=") + dir + QLatin1Char('/') + s,
                           QStringLiteral("-O"), QStringLiteral("exit"), QStringLiteral("x")},
                          {}, 20000);
    }

    // H4: a process of the job ends and another login's process is given its PID (ns_last_pid
    // in a PID namespace of the host's own). The runner must neither signal it nor count it as
    // the job's leftover, nor take its torch_<PID>_ file in /dev/shm for the job's.
    void reusedPidIsNotTheJobs()
    {
        if (!m_pidnsWhy.isEmpty())
            QSKIP(qPrintable(m_pidnsWhy));
        const QString tag = randomTag();
        QTemporaryDir dir;
        const QString job = script(QStringLiteral("reuse_job.py"), R"PY(
import os, subprocess, sys, time
d = sys.argv[1]
c = subprocess.Popen(["sleep", "0.8"])
with open(d + "/pid.tmp", "w") as f:
    f.write(str(c.pid))
os.rename(d + "/pid.tmp", d + "/pid")
c.wait()
open(d + "/freed", "w").close()
for _ in range(400):
    if os.path.exists(d + "/taken"):
        break
    time.sleep(0.05)
time.sleep(0.5)
)PY");
        QProcess measure;
        measure.setProcessEnvironment(env());
        measure.start(testutil::shmwiseBinary(),
                      measureArgs(m_pidns, {QStringLiteral("--seconds"), QStringLiteral("60")},
                                  {QStringLiteral("python3"), job, dir.path()}));
        QVERIFY(measure.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(dir.filePath(QStringLiteral("freed"))), 60000);
        const qint64 pid = readFile(dir.filePath(QStringLiteral("pid"))).toLongLong();
        QVERIFY(pid > 2);
        // Another login takes that PID: a process of its own session that makes and holds a
        // /dev/shm file named as PyTorch would name it after that PID.
        const testutil::RunResult take = onHost(m_pidns, R"PY(
import os, subprocess, sys
want, tag = int(sys.argv[1]), sys.argv[2]
child = ("import os, sys, time\n"
         "if os.getpid() != int(sys.argv[1]): sys.exit(0)\n"
         "f = open('/dev/shm/torch_%d_rt%s' % (os.getpid(), sys.argv[2]), 'wb')\n"
         "f.write(b'x' * 4096); f.flush(); time.sleep(120)\n")
for _ in range(200):
    with open("/proc/sys/kernel/ns_last_pid", "w") as f:
        f.write(str(want - 1))
    c = subprocess.Popen([sys.executable, "-c", child, str(want), tag], start_new_session=True,
                         stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL)
    if c.pid == want:
        print("took", c.pid)
        break
    c.wait()
else:
    sys.exit("PID %d was not handed out again" % want)
)PY",
                                                {QString::number(pid), tag});
        QVERIFY2(take.exitCode == 0, take.err.constData());
        const QString torchFile = QStringLiteral("/dev/shm/torch_%1_rt%2").arg(pid).arg(tag);
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(torchFile), 10000);
        QVERIFY(writeFile(dir.filePath(QStringLiteral("taken")), "1"));
        QVERIFY(measure.waitForFinished(90000));
        const QByteArray out = measure.readAllStandardOutput();
        const QByteArray err = measure.readAllStandardError();
        QVERIFY2(measure.exitCode() == 0, err.right(3000).constData());
        const QJsonObject json = QJsonDocument::fromJson(out).object();
        // The foreign process lives, and was counted as nobody's leftover.
        const testutil::RunResult alive =
            onHost(m_pidns,
                   "import sys\nraw = open('/proc/%s/cmdline' % sys.argv[1], 'rb').read()\n"
                   "print(raw.replace(b'\\0', b' ').decode())\n",
                   {QString::number(pid)});
        const bool stillThere = alive.out.contains(' ' + tag.toUtf8() + ' ');
        const bool torchKept = QFile::exists(torchFile);
        onHost(m_pidns, "import os, sys\nos.kill(int(sys.argv[1]), 9)\n", {QString::number(pid)});
        removeShm(QStringLiteral("rt") + tag);
        QVERIFY2(stillThere, (alive.out + alive.err).constData());
        QCOMPARE(json.value(QLatin1String("leftover_processes")).toInt(-1), 0);
        QVERIFY2(torchKept, "its torch_ file was removed");
        const QJsonObject shm = json.value(QLatin1String("shm")).toObject();
        QVERIFY(!strings(shm.value(QLatin1String("removed_files")))
                     .join(QLatin1Char(' '))
                     .contains(tag));
        QVERIFY2(strings(shm.value(QLatin1String("kept_files")))
                     .join(QLatin1Char('\n'))
                     .contains(QStringLiteral("torch_%1_rt%2").arg(pid).arg(tag)),
                 out.constData());
    }

    // M1: processes the job leaves behind ((cmd &), Popen then exit, setsid -f) are found, stopped
    // and counted.
    void leftBehindStoppedAndCounted()
    {
        const QString tag = QStringLiteral("4%1").arg(randomTag());
        const QString job = script(QStringLiteral("leave_job.py"), R"PY(
import os, subprocess, sys, time
tag = sys.argv[1]
quiet = dict(stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
os.system("(exec sleep %s.1 </dev/null >/dev/null 2>&1 &)" % tag)
subprocess.Popen(["sleep", tag + ".2"], **quiet)
subprocess.Popen(["setsid", "-f", "sleep", tag + ".3"], **quiet)
time.sleep(0.3)
)PY");
        const testutil::RunResult r = measure({QStringLiteral("--seconds"), QStringLiteral("30")},
                                              {QStringLiteral("python3"), job, tag});
        QVERIFY2(r.exitCode == 0, r.err.right(3000).constData());
        const QJsonObject json = jsonOf(r);
        QCOMPARE(json.value(QLatin1String("stop_reason")).toString(), QStringLiteral("exited"));
        QTRY_COMPARE_WITH_TIMEOUT(
            processesWith(QByteArray("sleep\0", 6) + tag.toUtf8() + '.').size(), 0, 5000);
        QCOMPARE(json.value(QLatin1String("leftover_processes")).toInt(), 3);
        // The text report says so.
        const testutil::RunResult text = robust::shmwise(
            QStringList{QStringLiteral("measure"), QStringLiteral("--target"), m_sshd.target(),
                        QStringLiteral("--ssh-config"), m_sshd.config(), QStringLiteral("--"),
                        QStringLiteral("python3"), job, tag},
            env(), 120000);
        for (qint64 p : processesWith(QByteArray("sleep\0", 6) + tag.toUtf8() + '.'))
            ::kill(pid_t(p), SIGKILL);
        // "3 processes" with a catalogue, "3 process(es)" without one.
        QVERIFY2(QRegularExpression(QStringLiteral("\\b3 process\\S* it left running were stopped"))
                     .match(QString::fromUtf8(text.out))
                     .hasMatch(),
                 text.out.constData());
    }

    // H1 over SSH: a second process shares /dev/shm. Its file, which the job opened too, stays;
    // a file the job made and closed at once is not provably the job's and stays; the file the
    // job made and held is removed. Each one left is reported with the reason.
    void onlyTheJobsFilesRemoved()
    {
        const QString tag = randomTag();
        QTemporaryDir dir;
        const QString prefix = QStringLiteral("shmwise-rt-%1-").arg(tag);
        const QString foreign = script(QStringLiteral("foreign.py"), R"PY(
import os, sys, time
d, tag = sys.argv[1], sys.argv[2]
while not os.path.exists(d + "/go"):
    time.sleep(0.01)
f = open("/dev/shm/shmwise-rt-%s-foreign" % tag, "wb")
f.write(b"x" * 4096)
f.flush()
time.sleep(1.0)
f.close()
open(d + "/closed", "w").close()
time.sleep(60)
)PY");
        const QString job = script(QStringLiteral("shm_job.py"), R"PY(
import os, sys, time
d, tag = sys.argv[1], sys.argv[2]
mine = open("/dev/shm/shmwise-rt-%s-job" % tag, "wb")
mine.write(b"y" * 4096)
mine.flush()
open("/dev/shm/shmwise-rt-%s-closed" % tag, "wb").close()
open(d + "/go", "w").close()
name = "/dev/shm/shmwise-rt-%s-foreign" % tag
while not os.path.exists(name):
    time.sleep(0.002)
held = open(name, "rb")
while not os.path.exists(d + "/closed"):
    time.sleep(0.02)
time.sleep(0.3)
)PY");
        QProcess other;
        other.start(QStringLiteral("python3"), {foreign, dir.path(), tag});
        QVERIFY(other.waitForStarted());
        const testutil::RunResult r = measure({QStringLiteral("--seconds"), QStringLiteral("30")},
                                              {QStringLiteral("python3"), job, dir.path(), tag});
        const bool foreignKept =
            QFile::exists(QStringLiteral("/dev/shm/") + prefix + QStringLiteral("foreign"));
        const bool closedKept =
            QFile::exists(QStringLiteral("/dev/shm/") + prefix + QStringLiteral("closed"));
        const bool jobRemoved =
            !QFile::exists(QStringLiteral("/dev/shm/") + prefix + QStringLiteral("job"));
        other.kill();
        other.waitForFinished();
        removeShm(prefix);
        QVERIFY2(r.exitCode == 0, r.err.right(3000).constData());
        const QJsonObject shm = jsonOf(r).value(QLatin1String("shm")).toObject();
        QVERIFY2(foreignKept, r.out.constData());
        QVERIFY2(closedKept, r.out.constData());
        QVERIFY2(jobRemoved, r.out.constData());
        QCOMPARE(strings(shm.value(QLatin1String("removed_files"))),
                 QStringList{prefix + QStringLiteral("job")});
        const QString kept =
            strings(shm.value(QLatin1String("kept_files"))).join(QLatin1Char('\n'));
        QVERIFY2(kept.contains(prefix + QStringLiteral("foreign: a process that is not the job's")),
                 qPrintable(kept));
        QVERIFY2(kept.contains(prefix + QStringLiteral("closed: no process of the job")),
                 qPrintable(kept));
        QCOMPARE(shm.value(QLatin1String("creation_watch")).toString(), QStringLiteral("inotify"));
    }

    // M4: the job replaces the hook's log with a FIFO. The runner never blocks on it: the job is
    // stopped at its time, and the report says the log was refused.
    void hookLogReplacedByFifo()
    {
        QTemporaryDir dir;
        const QString pidFile = dir.filePath(QStringLiteral("pid"));
        const QString job = script(QStringLiteral("fifo_job.py"), R"PY(
import os, sys, time
p = os.environ["SHMWISE_MEASURE_OUT"]
os.unlink(p)
os.mkfifo(p)
with open(sys.argv[1], "w") as f:
    f.write(str(os.getpid()))
time.sleep(600)
)PY");
        QElapsedTimer clock;
        clock.start();
        const testutil::RunResult r = measure({QStringLiteral("--seconds"), QStringLiteral("3")},
                                              {QStringLiteral("python3"), job, pidFile}, 90000);
        const qint64 pid = readFile(pidFile).toLongLong();
        if (pid > 0 && testutil::processAlive(pid))
            ::kill(pid_t(pid), SIGKILL);
        QVERIFY2(!r.timedOut, "measure blocked on the FIFO");
        QVERIFY2(r.exitCode == 0, r.err.right(3000).constData());
        qInfo("FIFO as the hook's log: measure took %.1f s", double(clock.elapsed()) / 1000);
        const QJsonObject json = jsonOf(r);
        QCOMPARE(json.value(QLatin1String("stop_reason")).toString(), QStringLiteral("time"));
        QVERIFY(pid > 0);
        QVERIFY2(!testutil::processAlive(pid), "the job was not stopped");
        const QString errors =
            strings(json.value(QLatin1String("hook")).toObject().value(QLatin1String("errors")))
                .join(QLatin1Char('\n'));
        QVERIFY2(errors.contains(QLatin1String("FIFO")), r.out.constData());
    }

    // M3: the job writes 128 MiB into the hook's log without a newline; the runner on the host
    // keeps at most a line's worth of it.
    void hookLogEndlessLine()
    {
        const QString job = script(QStringLiteral("endless_job.py"), R"PY(
import os, sys, time
fd = os.open(os.environ["SHMWISE_MEASURE_OUT"], os.O_WRONLY | os.O_APPEND)
chunk = b"x" * (1 << 20)
for _ in range(128):
    os.write(fd, chunk)
time.sleep(3)
with open("/proc/%d/status" % os.getppid()) as f:
    hwm = [l.split()[1] for l in f if l.startswith("VmHWM:")]
print("runner-hwm-kB %s" % hwm[0], file=sys.stderr, flush=True)
os.write(fd, b"\n")
)PY");
        const testutil::RunResult r = measure({QStringLiteral("--seconds"), QStringLiteral("30")},
                                              {QStringLiteral("python3"), job});
        QVERIFY2(r.exitCode == 0, r.err.right(3000).constData());
        const QRegularExpressionMatch m = QRegularExpression(QStringLiteral("runner-hwm-kB (\\d+)"))
                                              .match(QString::fromUtf8(r.err));
        QVERIFY2(m.hasMatch(), r.err.right(2000).constData());
        const qint64 kb = m.captured(1).toLongLong();
        qInfo("the runner's peak RSS after 128 MiB without a newline: %lld kB", kb);
        QVERIFY2(kb < 64 * 1024, qPrintable(QString::number(kb)));
    }

    // M2: a host that sends 256 MiB without a newline: this side keeps at most a line's worth,
    // counts it as a bad line, and ends with an error.
    void hostSendsEndlessLine()
    {
        shmwise::MeasureOptions o;
        o.command = {QStringLiteral("python3"), QStringLiteral("-c"), QStringLiteral("pass")};
        o.seconds = 5;
        o.handleSignals = false;
        shmwise::ProbeOptions probe;
        probe.sshConfig = m_junk.config();
        rusage before{};
        getrusage(RUSAGE_SELF, &before);
        QElapsedTimer clock;
        clock.start();
        const shmwise::MeasureRun run =
            shmwise::runRemoteMeasurement(*shmwise::parseTarget(m_junk.target()), probe, o);
        rusage after{};
        getrusage(RUSAGE_SELF, &after);
        const long grew = after.ru_maxrss - before.ru_maxrss;
        qInfo("256 MiB without a newline from the host: %.1f s, peak RSS grew by %ld kB",
              double(clock.elapsed()) / 1000, grew);
        QVERIFY2(!run.error.isEmpty(), "no error");
        QVERIFY(run.log.badLines >= 1);
        QVERIFY2(grew < 64 * 1024, qPrintable(QString::number(grew)));
    }

    // L3: a --dir that is not there on the host is named as such.
    void missingDirNamed()
    {
        const QString missing = m_tmp.filePath(QStringLiteral("not-there/deeper"));
        const testutil::RunResult r =
            measure({QStringLiteral("--dir"), missing},
                    {QStringLiteral("python3"), QStringLiteral("-c"), QStringLiteral("pass")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(missing.toUtf8()) && r.err.contains("does not exist"),
                 r.err.constData());
        QVERIFY2(!r.err.contains("python3: No such file"), r.err.constData());
        const QString file = m_tmp.filePath(QStringLiteral("a-file"));
        QVERIFY(writeFile(file, "x"));
        const testutil::RunResult f =
            measure({QStringLiteral("--dir"), file},
                    {QStringLiteral("python3"), QStringLiteral("-c"), QStringLiteral("pass")});
        QCOMPARE(f.exitCode, 2);
        QVERIFY2(f.err.contains("is not a folder"), f.err.constData());
    }

    // L10: a TMPDIR with ':' on the host must not split the hook's folder on PYTHONPATH (a
    // json.py in the part before the ':' would be imported by the job).
    void tmpdirWithColon()
    {
        const QString base = m_tmp.filePath(QStringLiteral("colon"));
        QVERIFY(QDir().mkpath(base + QStringLiteral("/ev")));
        QVERIFY(QDir().mkpath(base + QStringLiteral("/ev:il")));
        const QString marker = base + QStringLiteral("/foreign-json-ran");
        QVERIFY(writeFile(base + QStringLiteral("/ev/json.py"),
                          QStringLiteral("open(%1, 'w').close()\n")
                              .arg(QLatin1Char('\'') + marker + QLatin1Char('\''))
                              .toUtf8()));
        const QString config = m_tmp.filePath(QStringLiteral("colon_config"));
        QVERIFY(writeFile(
            config, readFile(m_sshd.config()) + "  SetEnv TMPDIR=" + base.toUtf8() + "/ev:il\n",
            0600));
        const testutil::RunResult r = measure(
            {}, {QStringLiteral("python3"), QStringLiteral("-c"), QStringLiteral("import json")},
            120000, config);
        QVERIFY2(!QFile::exists(marker), "the job imported the json.py before the ':'");
        QVERIFY2(r.exitCode == 0, r.err.right(3000).constData());
        QVERIFY2(jsonOf(r)
                         .value(QLatin1String("hook"))
                         .toObject()
                         .value(QLatin1String("processes"))
                         .toInt() >= 1,
                 r.out.constData());
    }
};

QTEST_GUILESS_MAIN(TestRobustRemoteMeasure)
#include "tst_robust_remotemeasure.moc"
