// SPDX-License-Identifier: GPL-3.0-or-later
// `shmwise measure`: the real binary running real training scripts with real PyTorch. The
// profile it writes is planned, and the same script then runs to its end in a private /dev/shm
// of exactly the plan's required bytes.
#include "testutil.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <unistd.h>

using namespace testutil;

namespace {

QString job(const QString &relative)
{
    return sourceDir() + QLatin1Char('/') + relative;
}

struct Measured
{
    RunResult result;
    QJsonObject json;
};

Measured measure(const QStringList &options, const QStringList &command, int timeoutMs = 240000)
{
    Measured m;
    QStringList args = {QStringLiteral("measure"), QStringLiteral("--json")};
    args << options << QStringLiteral("--") << command;
    m.result = run(shmwiseBinary(), args, {}, timeoutMs);
    m.json = QJsonDocument::fromJson(m.result.out).object();
    return m;
}

QJsonObject loaderNamed(const QJsonObject &report, const QString &name)
{
    for (const QJsonValue &v : report.value(QLatin1String("loaders")).toArray())
        if (v.toObject().value(QLatin1String("name")).toString() == name)
            return v.toObject();
    return {};
}

} // namespace

class TestMeasure : public QObject
{
    Q_OBJECT

    static void realJobs_data_columns();
    static void measureAndRun(const QStringList &script, int loaders, const QString &trainLifetime,
                              const QString &check);

private Q_SLOTS:
    void usageErrors_data();
    void usageErrors();
    void commandNotFound();
    void notPython();
    void hostShmFilesRemoved();
    void sharedShmWithAnotherJob();
    void killedMeasureTakesItsJob();
    void pythonWithoutTorch();
    void pythonFlagsIgnoreHook();
    void realJobs_data();
    void realJobs();
    // Scripts whose shared memory the loaders alone do not explain: a test function of their
    // own, so neither runs into Qt Test's time per function.
    void keptJobs_data();
    void keptJobs();
    void outputUnchanged();
    void stopsAfterBatches();
    void unrulyJobStopped_data();
    void unrulyJobStopped();
    void copyOnRead();
};

void TestMeasure::usageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("no --") << QStringList{QStringLiteral("python3"), QStringLiteral("x.py")}
                           << QStringLiteral("put the command after --");
    QTest::newRow("no command") << QStringList{QStringLiteral("--")}
                                << QStringLiteral("no command to measure");
    QTest::newRow("seconds") << QStringList{QStringLiteral("--seconds"), QStringLiteral("inf"),
                                            QStringLiteral("--"), QStringLiteral("true")}
                             << QStringLiteral("--seconds");
    QTest::newRow("batches") << QStringList{QStringLiteral("--batches"), QStringLiteral("0"),
                                            QStringLiteral("--"), QStringLiteral("true")}
                             << QStringLiteral("--batches");
    QTest::newRow("shm unit") << QStringList{QStringLiteral("--shm"), QStringLiteral("64m"),
                                             QStringLiteral("--"), QStringLiteral("true")}
                              << QStringLiteral("--shm");
    QTest::newRow("shm tiny") << QStringList{QStringLiteral("--shm"), QStringLiteral("100"),
                                             QStringLiteral("--"), QStringLiteral("true")}
                              << QStringLiteral("outside 4 KiB");
    QTest::newRow("environment") << QStringList{QStringLiteral("--environment"),
                                                QStringLiteral("mars"), QStringLiteral("--"),
                                                QStringLiteral("true")}
                                 << QStringLiteral("unknown environment 'mars'");
    QTest::newRow("dir") << QStringList{QStringLiteral("--dir"), QStringLiteral("/nonexistent"),
                                        QStringLiteral("--"), QStringLiteral("true")}
                         << QStringLiteral("not a folder");
    QTest::newRow("out dir") << QStringList{QStringLiteral("--out"), QStringLiteral("/"),
                                            QStringLiteral("--"), QStringLiteral("true")}
                             << QStringLiteral("--out: cannot write");
    // As root this would have replaced the system's fstab with a profile.
    QTest::newRow("out in /etc") << QStringList{QStringLiteral("--out"),
                                                QStringLiteral("/etc/fstab"), QStringLiteral("--"),
                                                QStringLiteral("true")}
                                 << QStringLiteral("is in the system directory /etc");
}

void TestMeasure::usageErrors()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const RunResult r = run(shmwiseBinary(), QStringList{QStringLiteral("measure")} + args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
}

void TestMeasure::commandNotFound()
{
    const RunResult r = run(shmwiseBinary(), {QStringLiteral("measure"), QStringLiteral("--"),
                                              QStringLiteral("no-such-program-shmwise")});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("cannot run no-such-program-shmwise: No such file"), r.err.constData());
}

void TestMeasure::notPython()
{
    QString why;
    if (!canUseMountNamespace(&why))
        QSKIP(qPrintable(why));
    // 10,000,000 bytes written to the private /dev/shm, by a program the hook never sees.
    const Measured m =
        measure({QStringLiteral("--shm"), QStringLiteral("64MiB")},
                {QStringLiteral("sh"), QStringLiteral("-c"),
                 QStringLiteral("head -c 10000000 /dev/zero > /dev/shm/blob; sleep 0.5")});
    QCOMPARE(m.result.exitCode, 0);
    const QJsonObject shm = m.json.value(QLatin1String("shm")).toObject();
    QVERIFY(shm.value(QLatin1String("private")).toBool());
    QCOMPARE(shm.value(QLatin1String("size_bytes")).toInteger(), 64LL << 20);
    QVERIFY(shm.value(QLatin1String("peak_bytes")).toInteger() >= 10000000);
    QVERIFY(shm.value(QLatin1String("peak_bytes")).toInteger() < 11000000);
    QCOMPARE(
        m.json.value(QLatin1String("hook")).toObject().value(QLatin1String("processes")).toInt(),
        0);
    QVERIFY(m.json.value(QLatin1String("plan")).isNull());
    const QString notes =
        QString::fromUtf8(QJsonDocument(m.json.value(QLatin1String("notes")).toArray()).toJson());
    QVERIFY2(notes.contains(QLatin1String("The hook never ran")), qPrintable(notes));
    // The private /dev/shm went away with the job.
    QVERIFY(!QFile::exists(QStringLiteral("/dev/shm/blob")));
}

void TestMeasure::hostShmFilesRemoved()
{
    // Without --shm the host's /dev/shm is used: a file the job holds open is counted as its
    // own, and removed when the job is gone.
    const QString name = QStringLiteral("shmwise-tst-measure-%1").arg(getpid());
    const Measured m = measure(
        {},
        {QStringLiteral("sh"), QStringLiteral("-c"),
         QStringLiteral("exec 3>/dev/shm/%1; head -c 3000000 /dev/zero >&3; sleep 0.6").arg(name)});
    QCOMPARE(m.result.exitCode, 0);
    const QJsonObject shm = m.json.value(QLatin1String("shm")).toObject();
    QVERIFY(!shm.value(QLatin1String("private")).toBool());
    QVERIFY2(shm.value(QLatin1String("held_peak_bytes")).toInteger() >= 3000000,
             m.result.out.constData());
    if (getuid() == 0) {
        // As root fanotify names the process that made each file: the job's own shell did.
        QCOMPARE(shm.value(QLatin1String("removed_files")).toArray().first().toString(), name);
        QVERIFY(!QFile::exists(QStringLiteral("/dev/shm/") + name));
    } else {
        // Without it a name that is not PyTorch's proves nothing: the file is listed, left.
        QVERIFY(
            shm.value(QLatin1String("kept_files")).toArray().first().toString().startsWith(name));
        QFile::remove(QStringLiteral("/dev/shm/") + name);
    }
}

void TestMeasure::killedMeasureTakesItsJob()
{
    // shmwise killed outright (SIGKILL: no handler runs) must not leave its job running past
    // its time, and the next measurement removes the temporary folder it left.
    QTemporaryDir tmp;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("TMPDIR"), tmp.path());
    QProcess p;
    p.setProcessEnvironment(env);
    // A sleep of a length no other process has: its command line finds it.
    const QString marker = QStringLiteral("sleep 59.%1").arg(getpid());
    p.start(shmwiseBinary(),
            {QStringLiteral("measure"), QStringLiteral("--seconds"), QStringLiteral("60"),
             QStringLiteral("--"), QStringLiteral("sh"), QStringLiteral("-c"),
             QStringLiteral("echo ready; exec %1").arg(marker)});
    QVERIFY(p.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(p.readAllStandardOutput().contains("ready") ||
                                 !QDir(tmp.path())
                                      .entryList({QStringLiteral("shmwise-measure-*")}, QDir::Dirs)
                                      .isEmpty(),
                             10000);
    QTest::qWait(300);
    auto jobAlive = [&] {
        const RunResult r = run(QStringLiteral("pgrep"), {QStringLiteral("-f"), marker});
        return r.exitCode == 0;
    };
    QVERIFY(jobAlive());
    QCOMPARE(QDir(tmp.path()).entryList({QStringLiteral("shmwise-measure-*")}, QDir::Dirs).size(),
             1);
    p.kill();
    p.waitForFinished(5000);
    QTRY_VERIFY_WITH_TIMEOUT(!jobAlive(), 5000);
    // Still there: nothing of the dead process could remove it. The next run does.
    QCOMPARE(QDir(tmp.path()).entryList({QStringLiteral("shmwise-measure-*")}, QDir::Dirs).size(),
             1);
    QProcess next;
    next.setProcessEnvironment(env);
    next.start(shmwiseBinary(),
               {QStringLiteral("measure"), QStringLiteral("--"), QStringLiteral("true")});
    QVERIFY(next.waitForFinished(30000));
    QCOMPARE(next.exitCode(), 0);
    QCOMPARE(QDir(tmp.path()).entryList({QStringLiteral("shmwise-measure-*")}, QDir::Dirs).size(),
             0);
}

void TestMeasure::sharedShmWithAnotherJob()
{
    // measure and clean against a /dev/shm shared with a second, live job (in a private mount
    // namespace, so the host's is untouched): what existed before, what the other job made
    // during the run and the measured job only opened, and what the other job holds all stay;
    // only the measured job's own leftover goes. clean then removes what nobody holds.
    QString why;
    if (!canUseMountNamespace(&why))
        QSKIP(qPrintable(why));
    if (getuid() != 0)
        QSKIP("needs root: without fanotify a file's maker is known by PyTorch's names only");
    const QString script = QStringLiteral(
        "set -e\n"
        "for i in 1 2 3; do echo before > /dev/shm/psm_before_$i; done\n"
        // The other job: makes one file after the measured job started, and holds another.
        "sh -c 'echo held > /dev/shm/psm_held; exec 3</dev/shm/psm_held; sleep 1; "
        "echo theirs > /dev/shm/psm_theirs; exec sleep 30' &\n"
        "other=$!\n"
        "\"$0\" measure --json --seconds 20 -- sh -c 'while [ ! -e /dev/shm/psm_theirs ]; do "
        "sleep 0.1; done; exec 4</dev/shm/psm_theirs; echo mine > /dev/shm/torch_$$_1_1; "
        "echo made > /dev/shm/mp_job_file; sleep 0.5' > /tmp/measure-$$.json\n"
        "ls /dev/shm | sort | tr '\\n' ' '; echo\n"
        "\"$0\" clean --older-than 0 --yes --json > /tmp/clean-$$.json || true\n"
        "ls /dev/shm | sort | tr '\\n' ' '; echo\n"
        "kill $other\n"
        "cat /tmp/measure-$$.json /tmp/clean-$$.json; rm -f /tmp/measure-$$.json "
        "/tmp/clean-$$.json\n");
    const RunResult r = runWithShm(64 << 20, QStringLiteral("sh"),
                                   {QStringLiteral("-c"), script, shmwiseBinary()}, 120000);
    QVERIFY(r.started);
    QVERIFY2(r.exitCode == 0, (r.out + r.err).constData());
    const QList<QByteArray> lines = r.out.split('\n');
    QVERIFY(lines.size() > 2);
    // After measure: the job's own two files are gone, everyone else's stay.
    QCOMPARE(lines.at(0).trimmed(),
             QByteArray("psm_before_1 psm_before_2 psm_before_3 psm_held psm_theirs"));
    // After clean: what nobody held went too; the live job's held file stays.
    QCOMPARE(lines.at(1).trimmed(), QByteArray("psm_held"));
}

void TestMeasure::pythonWithoutTorch()
{
    const QString py = QStandardPaths::findExecutable(QStringLiteral("python3"));
    if (py.isEmpty())
        QSKIP("no python3");
    const Measured m = measure({}, {py, QStringLiteral("-c"), QStringLiteral("print('hello')")});
    QCOMPARE(m.result.exitCode, 0);
    QCOMPARE(m.result.err, QByteArray("hello\n")); // --json: the job's output goes to stderr
    const QJsonObject hook = m.json.value(QLatin1String("hook")).toObject();
    QCOMPARE(hook.value(QLatin1String("processes")).toInt(), 1);
    QVERIFY(hook.value(QLatin1String("torch")).isNull());
    const QString notes =
        QString::fromUtf8(QJsonDocument(m.json.value(QLatin1String("notes")).toArray()).toJson());
    QVERIFY2(notes.contains(QLatin1String("never imported torch.utils.data")), qPrintable(notes));
}

void TestMeasure::pythonFlagsIgnoreHook()
{
    const QString py = QStandardPaths::findExecutable(QStringLiteral("python3"));
    if (py.isEmpty())
        QSKIP("no python3");
    const Measured m =
        measure({}, {py, QStringLiteral("-I"), QStringLiteral("-c"), QStringLiteral("pass")});
    QCOMPARE(m.result.exitCode, 0);
    const QJsonObject hook = m.json.value(QLatin1String("hook")).toObject();
    QCOMPARE(hook.value(QLatin1String("processes")).toInt(), 0);
    QVERIFY(hook.value(QLatin1String("ignored"))
                .toArray()
                .first()
                .toString()
                .contains(QLatin1String("isolated mode")));
}

void TestMeasure::realJobs_data_columns()
{
    QTest::addColumn<QStringList>("script");
    QTest::addColumn<int>("loaders");
    QTest::addColumn<QString>("trainLifetime");
    QTest::addColumn<QString>("check");
}

void TestMeasure::realJobs_data()
{
    realJobs_data_columns();
    const QString jobs = QStringLiteral("tests/calibration/jobs/");
    QTest::newRow("lightning mid-epoch validation")
        << QStringList{jobs + QStringLiteral("lightning_val.py"), QStringLiteral("--val-every"),
                       QStringLiteral("5")}
        << 2 << QStringLiteral("parked") << QString();
    QTest::newRow("hugging face style padded text")
        << QStringList{jobs + QStringLiteral("text_padded.py")} << 2
        << QStringLiteral("one_at_a_time") << QStringLiteral("varies");
    QTest::newRow("detection, repeating sampler and eval loader")
        << QStringList{jobs + QStringLiteral("detection_repeat.py")} << 2 << QStringLiteral("kept")
        << QStringLiteral("list");
    QTest::newRow("packed corpus under fork")
        << QStringList{jobs + QStringLiteral("packed_lm.py")} << 1
        << QStringLiteral("one_at_a_time") << QStringLiteral("views");
    QTest::newRow("two ranks") << QStringList{QStringLiteral("tests/measure/ddp_ranks.py")} << 1
                               << QStringLiteral("one_at_a_time") << QStringLiteral("ranks");
    QTest::newRow("dict of per-sample lists under file_system")
        << QStringList{QStringLiteral("tests/measure/dict_of_lists.py")} << 1
        << QStringLiteral("one_at_a_time") << QStringLiteral("list");
    QTest::newRow("detectron2-style aspect-ratio grouping")
        << QStringList{QStringLiteral("tests/measure/detectron2_grouped.py")} << 1
        << QStringLiteral("one_at_a_time") << QStringLiteral("grouped");
}

void TestMeasure::realJobs()
{
    QFETCH(QStringList, script);
    QFETCH(int, loaders);
    QFETCH(QString, trainLifetime);
    QFETCH(QString, check);
    measureAndRun(script, loaders, trainLifetime, check);
}

void TestMeasure::keptJobs_data()
{
    realJobs_data_columns();
    // Scripts that keep shared memory the loaders' queues do not explain: each died in a
    // /dev/shm of the plan made from the loaders alone.
    const QString kept = QStringLiteral("tests/measure/kept/");
    QTest::newRow("itertools.cycle keeps a whole pass")
        << QStringList{kept + QStringLiteral("cycle_aux.py")} << 2 << QStringLiteral("parked")
        << QStringLiteral("kept_samples");
    QTest::newRow("cached validation list and accumulation window")
        << QStringList{kept + QStringLiteral("cached_val.py")} << 2
        << QStringLiteral("one_at_a_time") << QStringLiteral("kept_batches");
    QTest::newRow("hogwild model.share_memory()")
        << QStringList{kept + QStringLiteral("hogwild.py")} << 1 << QStringLiteral("one_at_a_time")
        << QStringLiteral("shared by the script");
    QTest::newRow("actor-learner queue")
        << QStringList{kept + QStringLiteral("actor_learner.py")} << 1
        << QStringLiteral("one_at_a_time") << QStringLiteral("other_shm_bytes");
    QTest::newRow("worker returns views of its shard")
        << QStringList{kept + QStringLiteral("worker_views.py")} << 1
        << QStringLiteral("one_at_a_time") << QStringLiteral("views");
}

void TestMeasure::keptJobs()
{
    realJobs();
}

void TestMeasure::measureAndRun(const QStringList &script, int loaders,
                                const QString &trainLifetime, const QString &check)
{
    QString why;
    const QString py = pythonWithTorch(&why);
    if (py.isEmpty())
        QSKIP(qPrintable(why));
    if (!canUseMountNamespace(&why))
        QSKIP(qPrintable(why));
    QTemporaryDir dir;
    const QString profile = dir.filePath(QStringLiteral("measured.yaml"));
    QStringList command = {py, job(script.first())};
    command << script.mid(1);
    const Measured m =
        // The jobs end on their own; the limit only has to outlast a slow, loaded machine.
        measure({QStringLiteral("--shm"), QStringLiteral("2GiB"), QStringLiteral("--out"), profile,
                 QStringLiteral("--environment"), QStringLiteral("docker"),
                 QStringLiteral("--seconds"), QStringLiteral("180")},
                command);
    QCOMPARE(m.result.exitCode, 0);
    QCOMPARE(m.json.value(QLatin1String("stop_reason")).toString(), QStringLiteral("exited"));
    QCOMPARE(m.json.value(QLatin1String("exit_code")).toInt(-1), 0);
    QVERIFY2(m.result.err.trimmed().endsWith("done"), m.result.err.right(2000).constData());
    const QJsonArray found = m.json.value(QLatin1String("loaders")).toArray();
    QCOMPARE(found.size(), loaders);
    const QJsonObject train = loaderNamed(m.json, QStringLiteral("train"));
    QCOMPARE(train.value(QLatin1String("lifetime")).toString(), trainLifetime);
    QVERIFY(train.value(QLatin1String("batches")).toObject().value(QLatin1String("count")).toInt() >
            0);
    // The plan stands above what the job used.
    const qint64 required = m.json.value(QLatin1String("plan"))
                                .toObject()
                                .value(QLatin1String("required_bytes"))
                                .toInteger();
    const qint64 peak = m.json.value(QLatin1String("shm"))
                            .toObject()
                            .value(QLatin1String("measured_peak_bytes"))
                            .toInteger();
    QVERIFY(peak > 0);
    QVERIFY2(m.json.value(QLatin1String("within_plan")).toBool(),
             qPrintable(QStringLiteral("peak %1 > required %2").arg(peak).arg(required)));
    qInfo("%s: peak %.1f MiB, required %.1f MiB (%.2fx)", QTest::currentDataTag(),
          double(peak) / 1048576, double(required) / 1048576, double(required) / double(peak));

    QFile written(profile);
    QVERIFY(written.open(QIODevice::ReadOnly));
    const QByteArray yaml = written.readAll();
    if (check == QLatin1String("varies"))
        QVERIFY2(yaml.contains(".."), yaml.constData()); // padded lengths as a range
    else if (check == QLatin1String("list"))
        QVERIFY2(yaml.contains("collate: list"), yaml.constData());
    else if (check == QLatin1String("views"))
        QVERIFY2(yaml.contains("views_into_dataset: true"), yaml.constData());
    else if (check == QLatin1String("ranks"))
        QVERIFY2(yaml.contains("processes_per_node: 2"), yaml.constData());
    else if (check == QLatin1String("kept_samples") || check == QLatin1String("kept_batches") ||
             check == QLatin1String("other_shm_bytes"))
        QVERIFY2(yaml.contains(check.toUtf8() + ": "), yaml.constData());
    // The line that keeps the batches, and what holds them: the cycle over the auxiliary
    // loader at `next(aux_batches)`, the accumulation window's list at `window.append(...)`
    // and the cached validation list.
    auto keptAt = [&](const QString &loader) {
        QStringList out;
        for (const QJsonValue &k :
             loaderNamed(m.json, loader).value(QLatin1String("kept_at")).toArray())
            out << k.toObject().value(QLatin1String("holder")).toString() + QLatin1Char('@') +
                       k.toObject().value(QLatin1String("site")).toString();
        return out;
    };
    if (check == QLatin1String("kept_samples")) {
        QCOMPARE(keptAt(QStringLiteral("val")),
                 QStringList{QStringLiteral("itertools.cycle@cycle_aux.py:29")});
        QVERIFY2(m.json.value(QLatin1String("notes"))
                     .toVariant()
                     .toStringList()
                     .contains(QStringLiteral("What keeps them: an itertools.cycle over the "
                                              "batches asked for at cycle_aux.py:29.")),
                 m.result.out.constData());
    } else if (check == QLatin1String("kept_batches")) {
        QCOMPARE(keptAt(QStringLiteral("train")),
                 QStringList{QStringLiteral("list@cached_val.py:32")});
        QCOMPARE(keptAt(QStringLiteral("val")),
                 QStringList{QStringLiteral("list@cached_val.py:40")});
    } else if (check == QLatin1String("shared by the script"))
        QVERIFY2(yaml.contains("other_shm_bytes: ") && yaml.contains("hogwild.py:"),
                 yaml.constData());
    else if (check == QLatin1String("grouped"))
        QVERIFY2(yaml.contains("grouped_batch_size: 8") && yaml.contains("framework: detectron2") &&
                     yaml.contains("batch_size: 1"),
                 yaml.constData());

    // `plan` reads the profile to the same number.
    const RunResult plan =
        run(shmwiseBinary(), {QStringLiteral("plan"), QStringLiteral("--profile"), profile,
                              QStringLiteral("--json")});
    QCOMPARE(plan.exitCode, 0);
    QCOMPARE(QJsonDocument::fromJson(plan.out)
                 .object()
                 .value(QLatin1String("required_bytes"))
                 .toInteger(),
             required);

    // The same script runs to its end in a /dev/shm of exactly the required bytes.
    const RunResult again = runWithShm(quint64(required), py, command.mid(1), 240000);
    QVERIFY(again.started);
    QVERIFY2(again.exitCode == 0 && again.out.trimmed().endsWith("done"),
             (again.out.right(1500) + again.err.right(1500)).constData());
}

void TestMeasure::outputUnchanged()
{
    QString why;
    const QString py = pythonWithTorch(&why);
    if (py.isEmpty())
        QSKIP(qPrintable(why));
    const QStringList command = {py, job(QStringLiteral("tests/measure/echo_batches.py"))};
    const RunResult plain = run(py, command.mid(1));
    QCOMPARE(plain.exitCode, 0);
    QVERIFY(plain.out.endsWith("done\n"));
    const Measured m = measure({}, command);
    QCOMPARE(m.result.exitCode, 0);
    // Byte for byte: the data, its order, the settings the script sees.
    QCOMPARE(m.result.err, plain.out + plain.err);
    QCOMPARE(m.json.value(QLatin1String("loaders")).toArray().size(), 1);
    const QJsonObject s =
        loaderNamed(m.json, QStringLiteral("train")).value(QLatin1String("settings")).toObject();
    QCOMPARE(s.value(QLatin1String("prefetch_factor")).toInt(), 3);
    QCOMPARE(s.value(QLatin1String("persistent_workers")).toBool(), true);
    QCOMPARE(s.value(QLatin1String("num_workers")).toInt(), 2);
    QCOMPARE(loaderNamed(m.json, QStringLiteral("train"))
                 .value(QLatin1String("batches"))
                 .toObject()
                 .value(QLatin1String("count"))
                 .toInt(),
             14); // 7 batches in each of 2 epochs
}

void TestMeasure::stopsAfterBatches()
{
    QString why;
    const QString py = pythonWithTorch(&why);
    if (py.isEmpty())
        QSKIP(qPrintable(why));
    const Measured m = measure({QStringLiteral("--batches"), QStringLiteral("3")},
                               {py, job(QStringLiteral("tests/calibration/jobs/lightning_val.py")),
                                QStringLiteral("--steps"), QStringLiteral("400"),
                                QStringLiteral("--val-every"), QStringLiteral("5")});
    QCOMPARE(m.result.exitCode, 0);
    QCOMPARE(m.json.value(QLatin1String("stop_reason")).toString(), QStringLiteral("batches"));
    QCOMPARE(m.json.value(QLatin1String("stop_signal")).toString(), QStringLiteral("SIGINT"));
    const int trainBatches = loaderNamed(m.json, QStringLiteral("train"))
                                 .value(QLatin1String("batches"))
                                 .toObject()
                                 .value(QLatin1String("count"))
                                 .toInt();
    QVERIFY2(trainBatches >= 3 && trainBatches < 100, QByteArray::number(trainBatches));
    QVERIFY(m.json.value(QLatin1String("seconds")).toDouble() < 60);
}

void TestMeasure::unrulyJobStopped_data()
{
    QTest::addColumn<QString>("mode");
    QTest::addColumn<QString>("reason");
    QTest::newRow("hangs, ignoring SIGINT") << QStringLiteral("hang") << QStringLiteral("time");
    QTest::newRow("runs on, ignoring SIGINT")
        << QStringLiteral("forever") << QStringLiteral("time");
    QTest::newRow("crashes, leaving a daemon")
        << QStringLiteral("crash") << QStringLiteral("exited");
}

void TestMeasure::unrulyJobStopped()
{
    QFETCH(QString, mode);
    QFETCH(QString, reason);
    QString why;
    const QString py = pythonWithTorch(&why);
    if (py.isEmpty())
        QSKIP(qPrintable(why));
    const Measured m = measure(
        // Long enough for `import torch` on a loaded machine: the job must reach its mischief.
        {QStringLiteral("--seconds"), QStringLiteral("10")},
        {py, job(QStringLiteral("tests/measure/unruly.py")), QStringLiteral("--mode"), mode});
    QCOMPARE(m.result.exitCode, 0);
    QCOMPARE(m.json.value(QLatin1String("stop_reason")).toString(), reason);
    if (mode == QLatin1String("crash"))
        QCOMPARE(m.json.value(QLatin1String("exit_signal")).toString(), QStringLiteral("SIGABRT"));
    else // it was stopped (its main process ignores SIGINT; its worker may not, and fail it)
        QVERIFY(!m.json.value(QLatin1String("stop_signal")).toString().isEmpty());
    // 10 s, then at most SIGINT's 5 s and SIGTERM's 3 s of grace, and the reaping.
    QVERIFY(m.json.value(QLatin1String("seconds")).toDouble() < 25);
    // Its grandchild, in a session of its own, is gone; so is its file in /dev/shm.
    const QRegularExpression child(QStringLiteral("grandchild (\\d+)"));
    const QRegularExpressionMatch g = child.match(QString::fromUtf8(m.result.err));
    QVERIFY2(g.hasMatch(), m.result.err.constData());
    QVERIFY(!processAlive(g.captured(1).toLongLong()));
    const QJsonArray removed = m.json.value(QLatin1String("shm"))
                                   .toObject()
                                   .value(QLatin1String("removed_files"))
                                   .toArray();
    QCOMPARE(removed.size(), 1);
    QVERIFY(removed.first().toString().startsWith(QLatin1String("shmwise-unruly-")));
    QVERIFY(!QFile::exists(QStringLiteral("/dev/shm/") + removed.first().toString()));
}

void TestMeasure::copyOnRead()
{
    QString why;
    const QString py = pythonWithTorch(&why);
    if (py.isEmpty())
        QSKIP(qPrintable(why));
    const Measured m = measure({}, {py, job(QStringLiteral("tests/measure/copy_on_read.py"))});
    QCOMPARE(m.result.exitCode, 0);
    const QJsonObject mem = m.json.value(QLatin1String("memory")).toObject();
    QVERIFY2(mem.value(QLatin1String("worker_growth_bytes")).toInteger() >= (64LL << 20),
             QJsonDocument(mem).toJson().constData());
    const QString notes =
        QString::fromUtf8(QJsonDocument(m.json.value(QLatin1String("notes")).toArray()).toJson());
    QVERIFY2(notes.contains(QLatin1String("copy-on-read")), qPrintable(notes));
}

QTEST_GUILESS_MAIN(TestMeasure)
#include "tst_measure.moc"
