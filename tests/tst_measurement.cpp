// SPDX-License-Identifier: GPL-3.0-or-later
// core/measurement: the hook's lines read into loaders, and the profile made of them.
#include "core/measurement.h"
#include "core/sizing.h"

#include <QtTest>

using namespace shmwise;

namespace {

QByteArray loaderLine(int pid, int id, int line, const char *extra = "")
{
    return QStringLiteral(
               "{\"t\":\"loader\",\"pid\":%1,\"id\":%2,\"file\":\"/w/train.py\",\"line\":%3,"
               "\"function\":\"build\",\"batch_size\":16,\"num_workers\":2,\"prefetch_factor\":2,"
               "\"persistent_workers\":false,\"pin_memory\":true,\"start_method\":\"fork\","
               "\"sharing_strategy\":\"file_descriptor\",\"collate\":\"c\",\"batch_sampler\":"
               "\"torch.utils.data.sampler.BatchSampler\",\"sampler\":\"s\",\"dataset\":\"d\","
               "\"dataset_id\":%4,\"iterable\":false,\"resident_bytes\":0,\"time\":0.1%5}")
        .arg(pid)
        .arg(id)
        .arg(line)
        .arg(1000 + id)
        .arg(QString::fromLatin1(extra))
        .toUtf8();
}

QByteArray batchLine(int pid, int id, quint64 shm, const char *alive = "[]")
{
    return QStringLiteral("{\"t\":\"batch\",\"pid\":%1,\"id\":%2,\"iter\":1,\"n\":1,"
                          "\"shm_bytes\":%3,\"tensor_bytes\":%3,\"objects\":2,\"samples\":16,"
                          "\"alive\":%4,\"time\":1}")
        .arg(pid)
        .arg(id)
        .arg(shm)
        .arg(QString::fromLatin1(alive))
        .toUtf8();
}

QByteArray shapeLine(int pid, int id, const char *keys, const char *kind = "stack")
{
    return QStringLiteral("{\"t\":\"shape\",\"pid\":%1,\"id\":%2,\"kind\":\"%3\",\"samples\":16,"
                          "\"view_bytes\":0,\"truncated\":false,\"keys\":%4,\"time\":1}")
        .arg(pid)
        .arg(id)
        .arg(QString::fromLatin1(kind), QString::fromLatin1(keys))
        .toUtf8();
}

const char *kImage =
    R"([{"name":"0","dtype":"float32","itemsize":4,"max":[3,224,224],"min":[3,224,224],"packed":false},{"name":"1","dtype":"int64","itemsize":8,"max":[],"min":[],"packed":false}])";

} // namespace

class TestMeasurement : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void junkIsCounted();
    void parkedTrainingLoader();
    void ranksAreOneLoader();
    void unseenLoaderBorrowsSample();
    void replacedLoaderDropped();
    void namesAndDtypes();
    void floodedFileStaysBounded();
    void shortMinShapeIsNoCrash();
    void manyKeysStayLinear();
    void absurdShapesMakeNoProfile();
    void fieldsStayOnOneLine();
    void percentiles();
    void frameworks();
    void workerBatchesPlanWhenNoneDelivered();
    void applyingKeepsTheJobsProcesses();
    void loaderMadeAgainIsOneLoader();
    void ranksWithTwoLoadersMakeAValidProfile();
};

void TestMeasurement::junkIsCounted()
{
    MeasurementLog log;
    log.feed("not json");
    log.feed("{\"t\":\"batch\"}"); // no pid
    log.feed("[1,2]");
    log.feed("");
    log.feed(batchLine(5, 1, 100)); // a batch of a loader never announced
    QCOMPARE(log.badLines, 3);
    QCOMPARE(log.loaders.size(), 0);
    // Shapes out of range are dropped, not wrapped.
    log.feed(loaderLine(5, 1, 10));
    log.feed(shapeLine(
        5, 1,
        R"([{"name":"x","dtype":"float32","itemsize":4,"max":[-1],"min":[1]},{"name":"y","dtype":"float32","itemsize":4,"max":[1e300],"min":[1]}])"));
    QCOMPARE(log.loaders.size(), 1);
    QCOMPARE(log.loaders.first().tensors.size(), 0);
}

void TestMeasurement::parkedTrainingLoader()
{
    MeasurementLog log;
    log.feed(loaderLine(7, 1, 30));
    log.feed(loaderLine(7, 2, 31));
    log.feed(shapeLine(7, 1, kImage));
    log.feed(batchLine(7, 1, 9637888));
    log.feed(shapeLine(7, 2, kImage));
    log.feed(batchLine(7, 2, 9637888, "[1]")); // val ran while train's iterator was open
    nameLoaders(log.loaders);
    QCOMPARE(log.loaders[0].name, QStringLiteral("train"));
    QCOMPARE(log.loaders[1].name, QStringLiteral("val"));
    QCOMPARE(measuredLifetime(log.loaders[0]), LoaderLifetime::Parked);
    QCOMPARE(measuredLifetime(log.loaders[1]), LoaderLifetime::OneAtATime);
    QStringList notes;
    const auto p = profileFromMeasurement(log.loaders, Environment::Docker, &notes);
    QVERIFY(p);
    QVERIFY(notes.isEmpty());
    QCOMPARE(p->workload.lifetime, LoaderLifetime::Parked);
    QCOMPARE(p->workload.sample.size(), 2);
    QCOMPARE(p->workload.sample[0].name, QStringLiteral("item0"));
    QCOMPARE(p->workload.sample[0].shape, (QVector<quint64>{3, 224, 224}));
    QCOMPARE(p->workload.batchSize, 16u);
    QVERIFY(p->workload.pinMemory);
    QCOMPARE(p->otherLoaders.size(), 1);
    QVERIFY(validateProfile(*p).isEmpty());
    QVERIFY(p->workload.framework.isEmpty());
    // The framework that made a loader goes into the profile when ShmWise knows its settings.
    {
        QVector<MeasuredLoader> made = log.loaders;
        made[0].framework = QStringLiteral("lightning");
        made[1].framework = QStringLiteral("fairseq");
        const auto q = profileFromMeasurement(made, Environment::Docker, &notes);
        QVERIFY(q);
        QCOMPARE(q->workload.framework, QStringLiteral("lightning"));
        QVERIFY(q->otherLoaders[0].framework.isEmpty());
        QVERIFY(validateProfile(*q).isEmpty());
    }
    // Parked costs the training loader's full queue beside validation.
    Profile alone = *p;
    alone.workload.lifetime = LoaderLifetime::OneAtATime;
    QVERIFY(computePlan(*p).requiredBytes > computePlan(alone).requiredBytes);
}

void TestMeasurement::ranksAreOneLoader()
{
    MeasurementLog log;
    log.feed(loaderLine(11, 1, 40));
    log.feed(loaderLine(12, 1, 40));
    log.feed(shapeLine(11, 1, kImage));
    log.feed(shapeLine(
        12, 1,
        R"([{"name":"0","dtype":"float32","itemsize":4,"max":[3,256,224],"min":[3,256,224],"packed":false}])"));
    log.feed(batchLine(11, 1, 100));
    log.feed(batchLine(12, 1, 200));
    QCOMPARE(log.loaders.size(), 1);
    QCOMPARE(log.loaders[0].pids.size(), 2);
    QCOMPARE(log.loaders[0].batches, 2u);
    QCOMPARE(log.loaders[0].tensors[0].maxShape, (QVector<quint64>{3, 256, 224}));
    nameLoaders(log.loaders);
    QStringList notes;
    const auto p = profileFromMeasurement(log.loaders, Environment::Docker, &notes);
    QVERIFY(p);
    QCOMPARE(p->workload.processesPerNode, 2u);
    QVERIFY(p->workload.name.isEmpty()); // a profile's only loader has no name
}

void TestMeasurement::unseenLoaderBorrowsSample()
{
    MeasurementLog log;
    log.feed(loaderLine(3, 1, 10));
    log.feed(loaderLine(3, 2, 50, ",\"function\":\"make_test_loader\""));
    log.feed(shapeLine(3, 1, kImage));
    log.feed(batchLine(3, 1, 100));
    nameLoaders(log.loaders);
    QCOMPARE(log.loaders[1].name, QStringLiteral("test"));
    QStringList notes;
    const auto p = profileFromMeasurement(log.loaders, Environment::BareMetal, &notes);
    QVERIFY(p);
    QCOMPARE(p->otherLoaders.size(), 1);
    QCOMPARE(p->otherLoaders[0].sample, p->workload.sample);
    QCOMPARE(notes.size(), 1);
    QVERIFY2(notes[0].contains(QLatin1String("delivered no batch")), qPrintable(notes[0]));
    // Nothing seen at all: no profile, and a note that says why.
    MeasurementLog none;
    none.feed(loaderLine(3, 1, 10));
    nameLoaders(none.loaders);
    notes.clear();
    QVERIFY(!profileFromMeasurement(none.loaders, Environment::Docker, &notes));
    QCOMPARE(notes.size(), 1);
}

void TestMeasurement::replacedLoaderDropped()
{
    // accelerator.prepare(): the user's loader, never iterated, and the one made from it over
    // the same Dataset.
    MeasurementLog log;
    log.feed(loaderLine(3, 1, 10));
    QByteArray second = loaderLine(3, 2, 11);
    second.replace("\"dataset_id\":1002", "\"dataset_id\":1001");
    log.feed(second);
    log.feed(shapeLine(3, 2, kImage));
    log.feed(batchLine(3, 2, 100));
    nameLoaders(log.loaders);
    QStringList notes;
    const auto p = profileFromMeasurement(log.loaders, Environment::Docker, &notes);
    QVERIFY(p);
    QVERIFY(p->otherLoaders.isEmpty());
    QVERIFY(notes.first().contains(QLatin1String("replaced")));
}

void TestMeasurement::namesAndDtypes()
{
    MeasurementLog log;
    log.feed(loaderLine(3, 1, 10));
    log.feed(shapeLine(
        3, 1,
        R"([{"name":"instances/gt_boxes","dtype":"float32","itemsize":4,"max":[7,4],"min":[1,4],"packed":false},{"name":"img","dtype":"complex64","itemsize":8,"max":[5],"min":[5],"packed":false},{"name":"img","dtype":"uint8","itemsize":1,"max":[2],"min":[2]}])",
        "list"));
    log.feed(batchLine(3, 1, 100));
    nameLoaders(log.loaders);
    QStringList notes;
    const auto p = profileFromMeasurement(log.loaders, Environment::Docker, &notes);
    QVERIFY(p);
    const QVector<TensorSpec> &s = p->workload.sample;
    QCOMPARE(s.size(), 2); // the second "img" line is the same key: merged
    QCOMPARE(s[0].name, QStringLiteral("instances_gt_boxes"));
    QCOMPARE(s[0].minShape, (QVector<quint64>{1, 4}));
    QCOMPARE(s[1].dtype, DType::Float64); // complex64: 8 bytes an element
    QCOMPARE(p->workload.collate, Collate::List);
    QVERIFY(validateProfile(*p).isEmpty());
}

void TestMeasurement::floodedFileStaysBounded()
{
    // The job can write to the hook's file too: 200,000 loader lines of as many processes, then
    // batches of unknown loaders, are read quickly and keep only bounded state.
    MeasurementLog log;
    QElapsedTimer t;
    t.start();
    for (int i = 0; i < 200000; ++i)
        log.feed(loaderLine(100000 + i, 1 + i % 3, 10 + i % 300));
    for (int i = 0; i < 100000; ++i)
        log.feed(batchLine(7, 99, 100, "[1,2,3,4,5,6,7,8,9,10]"));
    QVERIFY(log.loaders.size() <= 256);
    QVERIFY(log.hookPids.size() <= 4096);
    for (const MeasuredLoader &l : std::as_const(log.loaders))
        QVERIFY(l.pids.size() <= 1024);
    QVERIFY2(t.elapsed() < 30000, QByteArray::number(t.elapsed()));
}

void TestMeasurement::shortMinShapeIsNoCrash()
{
    // A `min` shape shorter (or longer) than its `max`, first alone and then merged into a tensor
    // already kept: the job or a remote host can write such a line.
    MeasurementLog log;
    log.feed(loaderLine(7, 1, 10));
    log.feed(batchLine(7, 1, 100));
    log.feed(shapeLine(
        7, 1, R"([{"name":"x","dtype":"float32","itemsize":4,"max":[3,224,224],"min":[3]}])"));
    log.feed(
        shapeLine(7, 1, R"([{"name":"x","dtype":"float32","itemsize":4,"max":[3,9,9],"min":[]}])"));
    log.feed(shapeLine(7, 1,
                       R"([{"name":"y","dtype":"float32","itemsize":4,"max":[2],"min":[1,1,1]}])"));
    QCOMPARE(log.loaders.size(), 1);
    const MeasuredLoader &l = log.loaders.first();
    QCOMPARE(l.tensors.size(), 2);
    for (const MeasuredTensor &t : l.tensors) {
        QCOMPARE(t.minShape.size(), t.maxShape.size());
        for (int d = 0; d < t.maxShape.size(); ++d)
            QVERIFY(t.minShape[d] <= t.maxShape[d]);
    }
    QCOMPARE(l.tensors.first().maxShape, (QVector<quint64>{3, 224, 224}));
    QCOMPARE(l.tensors.first().minShape, (QVector<quint64>{3, 9, 9}));
    QStringList notes;
    QVERIFY(profileFromMeasurement(log.loaders, Environment::Docker, &notes).has_value());
}

void TestMeasurement::manyKeysStayLinear()
{
    // 100 lines of 4096 new keys each took minutes when each key was looked up in a list of all
    // the keys before it; the keys kept are capped and the loader says it was cut.
    MeasurementLog log;
    log.feed(loaderLine(7, 1, 10));
    log.feed(batchLine(7, 1, 100));
    QElapsedTimer t;
    t.start();
    for (int line = 0; line < 100; ++line) {
        QByteArray keys = "[";
        for (int k = 0; k < 4096; ++k)
            keys += QStringLiteral("%1{\"name\":\"k%2_%3\",\"dtype\":\"uint8\",\"itemsize\":1,"
                                   "\"max\":[1],\"min\":[1]}")
                        .arg(k ? QStringLiteral(",") : QString())
                        .arg(line)
                        .arg(k)
                        .toUtf8();
        keys += "]";
        log.feed(shapeLine(7, 1, keys.constData()));
    }
    QCOMPARE(log.loaders.first().tensors.size(), MaxTensorsKept);
    QVERIFY(log.loaders.first().truncated);
    QVERIFY2(t.elapsed() < 20000, QByteArray::number(t.elapsed()));
}

void TestMeasurement::absurdShapesMakeNoProfile()
{
    // Shapes no batch can have become a profile that `plan` refuses; the profile is still made
    // here (validateProfile is the judge), and the judge refuses it.
    MeasurementLog log;
    log.feed(loaderLine(7, 1, 10));
    log.feed(batchLine(7, 1, 100));
    log.feed(shapeLine(7, 1,
                       R"([{"name":"x","dtype":"float64","itemsize":8,"max":[4000000000000000,)"
                       R"(4000000000000000],"min":[1,1]}])"));
    QStringList notes;
    const auto p = profileFromMeasurement(log.loaders, Environment::Docker, &notes);
    QVERIFY(p.has_value());
    QVERIFY(!validateProfile(*p).isEmpty());
}

void TestMeasurement::fieldsStayOnOneLine()
{
    // A function name with a line break would add a line of its own to the text report.
    MeasurementLog log;
    log.feed(QByteArray(R"({"t":"loader","pid":7,"id":1,"file":"/w/a
Required /dev/shm: 1 GiB",)"
                        R"("line":3,"function":"f
Measured peak: 0 x","batch_size":4,)"
                        R"("num_workers":2})"));
    log.feed(QByteArray(R"({"t":"error","pid":7,"where":"x
y","error":"e
z"})"));
    QCOMPARE(log.loaders.size(), 1);
    for (const QString &s :
         {log.loaders.first().file, log.loaders.first().function, log.hookErrors.value(0)}) {
        QVERIFY2(!s.contains(QLatin1Char('\n')) && !s.contains(QLatin1Char('\r')) &&
                     !s.contains(QChar::LineSeparator) && !s.contains(QChar(0x85)),
                 qPrintable(s));
    }
    QVERIFY(log.loaders.first().function.contains(QLatin1String("Measured peak")));
}

void TestMeasurement::percentiles()
{
    MeasuredLoader l;
    for (int i = 1; i <= 100; ++i)
        l.batchShmBytes.append(Bytes(i));
    QCOMPARE(l.batchPercentile(50), Bytes(51));
    QCOMPARE(l.batchPercentile(99), Bytes(100));
    QCOMPARE(MeasuredLoader().batchPercentile(50), Bytes(0));
}

void TestMeasurement::frameworks()
{
    for (const char *f : {"transformers", "lightning", "ultralytics", "mmengine", "detectron2",
                          "timm", "accelerate"}) {
        const auto k = frameworkKnobs(QLatin1String(f));
        QVERIFY2(k && !k->workers.isEmpty() && !k->batch.isEmpty() && !k->note.isEmpty(), f);
    }
    QVERIFY(frameworkKnobs(QStringLiteral("detectron2"))->note.contains(QLatin1String("total")));
    QVERIFY(!frameworkKnobs(QStringLiteral("nothing")));
}

// A worker killed while it wrote its first batch to a full /dev/shm: the main process received
// none, and the batch the worker made is what the plan is made from.
void TestMeasurement::workerBatchesPlanWhenNoneDelivered()
{
    MeasurementLog log;
    log.feed(loaderLine(10, 1, 7));
    // By the Dataset object it is over, or by being the only loader.
    log.feed(R"({"t":"wbatch","pid":11,"ds":1001,"bytes":50331648,"samples":16,"time":1})");
    log.feed(R"({"t":"wbatch","pid":12,"ds":1001,"bytes":1000,"samples":16,"time":1})");
    QCOMPARE(log.loaders.size(), 1);
    QCOMPARE(log.loaders[0].workerBatchBytes, Bytes(50331648));
    QVERIFY(!log.loaders[0].seen());
    nameLoaders(log.loaders);
    QStringList notes;
    const auto p = profileFromMeasurement(log.loaders, Environment::Docker, &notes);
    QVERIFY2(p, qPrintable(notes.join(QLatin1Char('\n'))));
    QCOMPARE(p->workload.batchSize, 16u);
    // 16 samples of 3 MiB: the batch's bytes, prefetched by 2 workers twice, and more.
    const ShmPlan plan = computePlan(*p);
    QVERIFY(plan.requiredBytes >= 4 * Bytes(50331648));
    QVERIFY(notes.join(QLatin1Char(' ')).contains(QLatin1String("workers made batches")));
    // With no such batch there is still nothing to plan from.
    MeasurementLog none;
    none.feed(loaderLine(10, 1, 7));
    none.feed(R"({"t":"wbatch","pid":11,"ds":999,"bytes":-5,"samples":16,"time":1})");
    nameLoaders(none.loaders);
    notes.clear();
    QVERIFY(!profileFromMeasurement(none.loaders, Environment::Docker, &notes));
}

// "Use These Loaders" turned a 4-GPU job into a one-process plan: the measurement's loaders
// replace the job's, its processes, GPUs and hosts stay, and every change is listed.
void TestMeasurement::applyingKeepsTheJobsProcesses()
{
    Profile job = newProfile();
    job.environment = Environment::Kubernetes;
    job.job.gpus = 4;
    job.nccl.nodes = 2;
    job.workload.processesPerNode = 4;
    job.workload.batchSize = 64;
    const Bytes jobPlan = computePlan(job).requiredBytes;
    Profile measured = newProfile();
    measured.workload.processesPerNode = 1;
    measured.workload.batchSize = 32;
    measured.workload.setNumWorkers(job.workload.numWorkers);
    measured.job.otherShmBytes = 8 * MiB;
    measured.job.otherShmKind = QStringLiteral("tensors shared by the script at a.py:3");
    const QStringList changes = applyMeasurement(job, measured);
    QCOMPARE(job.workload.processesPerNode, 4u);
    QCOMPARE(job.job.gpus, 4u);
    QCOMPARE(job.nccl.nodes, std::optional<quint64>(2));
    QCOMPARE(job.workload.batchSize, 32u);
    QCOMPARE(job.job.otherShmBytes, 8 * MiB);
    const QString said = changes.join(QStringLiteral("; "));
    QVERIFY2(said.contains(QStringLiteral("batch size 64 → 32")), qPrintable(said));
    QVERIFY2(said.contains(QLatin1String("processes per node kept at 4 (the measured run had 1)")),
             qPrintable(said));
    QVERIFY2(said.contains(QLatin1String("other shared memory")), qPrintable(said));
    QVERIFY2(!said.contains(QLatin1String("workers")), qPrintable(said));
    // Four processes' batches, not one's.
    Profile one = job;
    one.workload.processesPerNode = 1;
    QVERIFY(computePlan(job).requiredBytes > computePlan(one).requiredBytes);
    QVERIFY(jobPlan > 0);
}

// A service makes a DataLoader per request at one place, in each of its processes; each is the
// one loader of that place made again (the hook says "again" once the earlier one is gone).
void TestMeasurement::loaderMadeAgainIsOneLoader()
{
    MeasurementLog log;
    for (int pid : {21, 22}) {
        log.feed(loaderLine(pid, 1, 44));
        log.feed(shapeLine(pid, 1, kImage));
        log.feed(batchLine(pid, 1, 100));
        log.feed(loaderLine(pid, 2, 44, ",\"again\":1"));
        log.feed(batchLine(pid, 2, 300));
        log.feed(loaderLine(pid, 3, 44, ",\"again\":1"));
        log.feed(batchLine(pid, 3, 200));
    }
    QCOMPARE(log.loaders.size(), 1);
    QCOMPARE(log.loaders[0].pids.size(), 2);
    QCOMPARE(log.loaders[0].batches, 6u);
    QCOMPARE(log.loaders[0].maxShmBytes, Bytes(300));
    // Without "again" (the earlier one still open), a second loader at the same place is one
    // more loader, as a helper that makes both train and val loaders.
    MeasurementLog two;
    two.feed(loaderLine(21, 1, 44));
    two.feed(loaderLine(21, 2, 44));
    QCOMPARE(two.loaders.size(), 2);
    // An "again" that names no loader of that process is a loader of its own.
    MeasurementLog stray;
    stray.feed(loaderLine(21, 5, 44, ",\"again\":4"));
    QCOMPARE(stray.loaders.size(), 1);
}

// Ranks that each make a training and a validation loader: processes_per_node is the job's, so
// every loader of the profile says the same.
void TestMeasurement::ranksWithTwoLoadersMakeAValidProfile()
{
    MeasurementLog log;
    for (int pid : {31, 32, 33}) {
        log.feed(loaderLine(pid, 1, 40));
        log.feed(loaderLine(pid, 2, 60));
        log.feed(shapeLine(pid, 1, kImage));
        log.feed(shapeLine(pid, 2, kImage));
        log.feed(batchLine(pid, 1, 100));
        log.feed(batchLine(pid, 2, 100));
    }
    QCOMPARE(log.loaders.size(), 2);
    nameLoaders(log.loaders);
    QStringList notes;
    const auto p = profileFromMeasurement(log.loaders, Environment::Docker, &notes);
    QVERIFY(p);
    QCOMPARE(p->workload.processesPerNode, 3u);
    QCOMPARE(p->otherLoaders.size(), 1);
    QCOMPARE(p->otherLoaders[0].processesPerNode, 3u);
    const QVector<ProfileProblem> problems = validateProfile(*p);
    QVERIFY2(problems.isEmpty(), problems.isEmpty() ? "" : qPrintable(problems.first().toString()));
    QVERIFY(parseProfile(writeProfile(*p), QStringLiteral("m.yaml")).ok());
}

QTEST_GUILESS_MAIN(TestMeasurement)
#include "tst_measurement.moc"
