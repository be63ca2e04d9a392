// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/fit.h"
#include "core/nccl.h"
#include "core/sizing.h"

#include <QJsonArray>
#include <QTest>

using namespace shmwise;

namespace {

Profile profileWith(quint64 sampleBytes, quint64 batch, quint64 workers,
                    std::optional<quint64> prefetch = std::nullopt, quint64 processes = 1)
{
    Profile p;
    p.environment = Environment::Docker;
    p.workload.sampleBytes = sampleBytes;
    p.workload.batchSize = batch;
    p.workload.numWorkers = workers;
    p.workload.prefetchFactor = prefetch;
    p.workload.processesPerNode = processes;
    return p;
}

Bytes termBytes(const ShmPlan &plan, const QString &id)
{
    for (const PlanTerm &t : plan.breakdown) {
        if (t.id == id)
            return t.bytes;
    }
    return 0;
}

} // namespace

class TestSizing : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void breakdownAddsUp()
    {
        Profile profile = profileWith(MiB, 16, 4, 2, 2);
        profile.job.gpus = 2;
        const ShmPlan plan = computePlan(profile);
        Bytes sum = 0;
        for (const PlanTerm &t : plan.breakdown) {
            QVERIFY(!t.title.isEmpty());
            QVERIFY(!t.why.isEmpty());
            sum += t.bytes;
        }
        QCOMPARE(sum, plan.requiredBytes);
        QCOMPARE(plan.batchBytes, 16 * MiB);
        QCOMPARE(termBytes(plan, QStringLiteral("prefetch")), 4 * 2 * 16 * MiB);
        // Fork without persistent workers: fresh workers inherit the last batch each epoch.
        QCOMPARE(termBytes(plan, QStringLiteral("held")), model::HeldBatchesForkRespawn * 16 * MiB);
        const Bytes semaphores = termBytes(plan, QStringLiteral("semaphores"));
        QCOMPARE(semaphores, 2 * (8 + 3 * 4) * PageSize);
        const Bytes perProcess = (4 * 2 + model::HeldBatchesForkRespawn) * 16 * MiB + semaphores;
        QCOMPARE(termBytes(plan, QStringLiteral("processes")), perProcess);
        // NCCL's share is the high end of its estimate (tst_nccl); a job without GPUs has none.
        QCOMPARE(termBytes(plan, QStringLiteral("nccl")),
                 nccl::estimateShm(profile.nccl, 2, 2).high);
        QVERIFY(termBytes(plan, QStringLiteral("nccl")) > 0);
        QCOMPARE(plan.batchesInFlight, 4 * 2 + model::HeldBatchesForkRespawn);
        profile.job.gpus = 0;
        QCOMPARE(termBytes(computePlan(profile), QStringLiteral("nccl")), Bytes(0));
        // What the profile knows narrows it: one host whose GPUs reach each other, none.
        profile.job.gpus = 2;
        profile.nccl.p2p = true;
        profile.nccl.nodes = 1;
        QCOMPARE(termBytes(computePlan(profile), QStringLiteral("nccl")), Bytes(0));
    }

    void severalLoadersCountWhatIsAliveTogether()
    {
        Profile p = profileWith(MiB, 16, 2, 2, 1);
        p.workload.name = QStringLiteral("train");
        Workload val = p.workload;
        val.name = QStringLiteral("val");
        val.batchSize = 32;
        p.otherLoaders.append(val);
        const Bytes trainBatch = 16 * MiB;
        const Bytes valBatch = 32 * MiB;
        const Bytes semaphores = 2 * (8 + 3 * 2) * PageSize;
        // One at a time: val runs, train's loop variable still holds its last batch.
        ShmPlan plan = computePlan(p);
        QCOMPARE(plan.runningLoader, QStringLiteral("val"));
        QCOMPARE(termBytes(plan, QStringLiteral("released")), trainBatch + semaphores);
        // Parked: train's full queue and the batch the loop holds stay while val runs.
        p.workload.lifetime = LoaderLifetime::Parked;
        plan = computePlan(p);
        QCOMPARE(termBytes(plan, QStringLiteral("parked")), (2 * 2 + 1) * trainBatch + semaphores);
        const Bytes valRunning = (2 * 2 + model::HeldBatchesForkRespawn) * valBatch + semaphores;
        Bytes sum = 0;
        for (const PlanTerm &t : plan.breakdown) {
            sum += t.bytes;
            if (t.id != QLatin1String("margin"))
                QVERIFY(!t.loader.isEmpty());
        }
        QCOMPARE(sum, plan.requiredBytes);
        QCOMPARE(plan.requiredBytes - termBytes(plan, QStringLiteral("margin")),
                 valRunning + (2 * 2 + 1) * trainBatch + semaphores);
        // More than the loaders one by one.
        Profile alone = p;
        alone.otherLoaders.clear();
        QVERIFY(plan.requiredBytes > computePlan(alone).requiredBytes);
        const QJsonObject o = planToJson(plan);
        QCOMPARE(o.value(QStringLiteral("running_loader")).toString(), QStringLiteral("val"));
    }

    void listCollateAndViews()
    {
        // A list collate makes one object per sample and tensor, each in whole pages.
        Profile p = profileWith(100, 8, 1, 1, 1);
        p.workload.collate = Collate::List;
        QCOMPARE(computePlan(p).batchBytes, 8 * PageSize);
        QCOMPARE(p.workload.tensorCount(), quint64(8));
        // Views that reach the queue uncopied under fork: each worker shares the whole tensor.
        p = profileWith(32 * KiB, 1, 4, 2, 1);
        p.workload.wholeBatches = true;
        p.workload.datasetResidentBytes = 64 * MiB;
        QCOMPARE(termBytes(computePlan(p), QStringLiteral("resident")), Bytes(0));
        QVERIFY(!computePlan(p).warnings.isEmpty());
        p.workload.viewsIntoDataset = true;
        QCOMPARE(termBytes(computePlan(p), QStringLiteral("resident")), 5 * 64 * MiB);
        p.workload.persistentWorkers = true;
        QCOMPARE(termBytes(computePlan(p), QStringLiteral("resident")), 4 * 64 * MiB);
        p.workload.startMethod = StartMethod::Spawn;
        QCOMPARE(termBytes(computePlan(p), QStringLiteral("resident")), 64 * MiB);
    }

    // Detectron2's aspect-ratio grouping: the DataLoader's batches are single samples, and the
    // main process holds the batch of N it trains on and two buckets of up to N - 1.
    void groupedSamplesInTheMainProcess()
    {
        Profile p = profileWith(MiB, 1, 4, 2, 1);
        const Bytes before = computePlan(p).requiredBytes;
        p.workload.groupedBatchSize = 8;
        ShmPlan plan = computePlan(p);
        QCOMPARE(termBytes(plan, QStringLiteral("grouped")), (3 * 8 - 2) * MiB);
        QVERIFY(plan.requiredBytes > before + 22 * MiB - MiB);
        Bytes sum = 0;
        for (const PlanTerm &t : plan.breakdown)
            sum += t.bytes;
        QCOMPARE(sum, plan.requiredBytes);
        QCOMPARE(model::openFilesPerProcess(p.workload, 4, 2),
                 quint64(4 * 2 + model::heldBatches(p.workload) + 22));
        // While another loader runs, the buckets stay: they belong to the grouping object.
        p.workload.name = QStringLiteral("train");
        Workload val = p.workload;
        val.name = QStringLiteral("val");
        val.groupedBatchSize = 0;
        val.batchSize = 64;
        p.otherLoaders.append(val);
        plan = computePlan(p);
        QCOMPARE(plan.runningLoader, QStringLiteral("val"));
        Profile ungrouped = p;
        ungrouped.workload.groupedBatchSize = 0;
        QCOMPARE(plan.requiredBytes - computePlan(ungrouped).requiredBytes >= 14 * MiB, true);
        // Without workers nothing goes through /dev/shm.
        Profile none = profileWith(MiB, 1, 0, 2, 1);
        none.workload.groupedBatchSize = 8;
        QCOMPARE(termBytes(computePlan(none), QStringLiteral("grouped")), Bytes(0));
        // Only for a loader that yields single samples.
        Profile wrong = profileWith(MiB, 4, 2, 2, 1);
        wrong.workload.groupedBatchSize = 8;
        const QVector<ProfileProblem> problems = validateProfile(wrong);
        QVERIFY(std::any_of(problems.cbegin(), problems.cend(), [](const ProfileProblem &pr) {
            return pr.key == QLatin1String("workload.grouped_batch_size") &&
                   pr.message.contains(QLatin1String("batch_size: 1"));
        }));
    }

    void heldBatchesDependOnRespawn()
    {
        Profile p = profileWith(MiB, 16, 4);
        QCOMPARE(model::heldBatches(p.workload), model::HeldBatchesForkRespawn);
        p.workload.persistentWorkers = true;
        QCOMPARE(model::heldBatches(p.workload), model::HeldBatches);
        QCOMPARE(termBytes(computePlan(p), QStringLiteral("held")), model::HeldBatches * 16 * MiB);
        p.workload.persistentWorkers = false;
        p.workload.startMethod = StartMethod::Spawn;
        QCOMPARE(model::heldBatches(p.workload), model::HeldBatches);
    }

    void pagesRoundEachTensor()
    {
        // Each tensor of a batch is its own shared-memory object, and tmpfs allocates pages.
        Profile p = profileWith(0, 1, 1);
        p.workload.sampleBytes.reset();
        p.workload.sample = {{QStringLiteral("a"), {10}, DType::UInt8},
                             {QStringLiteral("b"), {10}, DType::UInt8}};
        QCOMPARE(computePlan(p).batchBytes, 2 * PageSize);
    }

    void noWorkersNoShm()
    {
        const ShmPlan plan = computePlan(profileWith(8 * MiB, 64, 0));
        QCOMPARE(termBytes(plan, QStringLiteral("prefetch")), Bytes(0));
        QCOMPARE(plan.requiredBytes, Bytes(0));
        QCOMPARE(plan.recommendedBytes, 64 * MiB); // never below the default, never 0
        QCOMPARE(plan.openFiles, quint64(0));
    }

    void recommendedIsRoundAndAboveRequired_data()
    {
        QTest::addColumn<quint64>("sample");
        QTest::addColumn<quint64>("batch");
        QTest::addColumn<quint64>("workers");
        QTest::addColumn<int>("env");
        for (quint64 s : {KiB, 100 * KiB, MiB, 7 * MiB}) {
            for (quint64 w : {0, 1, 4, 16}) {
                for (Environment e :
                     {Environment::Docker, Environment::AzureMl, Environment::BareMetal}) {
                    QTest::addRow("s%llu-w%llu-e%d", s, w, int(e))
                        << s << quint64(32) << w << int(e);
                }
            }
        }
    }
    void recommendedIsRoundAndAboveRequired()
    {
        QFETCH(quint64, sample);
        QFETCH(quint64, batch);
        QFETCH(quint64, workers);
        QFETCH(int, env);
        Profile p = profileWith(sample, batch, workers);
        p.environment = Environment(env);
        const ShmPlan plan = computePlan(p);
        QVERIFY(plan.recommendedBytes >= plan.requiredBytes);
        QVERIFY(plan.recommendedBytes >= 64 * MiB);
        if (plan.environmentDefaultBytes)
            QVERIFY(plan.recommendedBytes >= *plan.environmentDefaultBytes);
        QCOMPARE(niceRoundUp(plan.recommendedBytes), plan.recommendedBytes);
        QVERIFY(plan.recommendedBytes % MiB == 0);
    }

    void azureDefaultIsTheFloor()
    {
        Profile p = profileWith(KiB, 1, 1);
        p.environment = Environment::AzureMl;
        QCOMPARE(computePlan(p).recommendedBytes, 2 * GiB);
    }

    void niceSizes()
    {
        QCOMPARE(niceRoundUp(1), 64 * MiB);
        QCOMPARE(niceRoundUp(64 * MiB + 1), 128 * MiB);
        QCOMPARE(niceRoundUp(700 * MiB), 768 * MiB);
        QCOMPARE(niceRoundUp(GiB), GiB);
        QCOMPARE(niceRoundUp(GiB + 1), GiB + GiB / 2);
        QCOMPARE(niceRoundUp(5 * GiB), 6 * GiB);
        QCOMPARE(niceRoundUp(13 * GiB), 16 * GiB);
        QCOMPARE(niceRoundUp(~0ULL - 5), ~0ULL); // saturates, never wraps to a small value
    }

    void spawnMovesDatasetToShm()
    {
        Profile p = profileWith(MiB, 4, 2);
        p.workload.datasetResidentBytes = 100 * MiB;
        QCOMPARE(termBytes(computePlan(p), QStringLiteral("resident")), Bytes(0));
        p.workload.startMethod = StartMethod::Spawn;
        QCOMPARE(termBytes(computePlan(p), QStringLiteral("resident")), 100 * MiB);
        p.workload.startMethod = StartMethod::Forkserver;
        QCOMPARE(termBytes(computePlan(p), QStringLiteral("resident")), 100 * MiB);
    }

    void fileSystemAddsHeaderPages()
    {
        // A sample of page-exact tensors: 48 float32 keys of 4 KiB per batch (measured on
        // PyTorch 1.13: 8 KiB each in /dev/shm under file_system, 4 KiB under file_descriptor).
        Profile p = profileWith(0, 64, 8);
        p.workload.sampleBytes.reset();
        p.workload.persistentWorkers = true;
        for (int i = 0; i < 48; ++i)
            p.workload.sample.append({QStringLiteral("k%1").arg(i), {16}, DType::Float32});
        const ShmPlan fd = computePlan(p);
        QCOMPARE(fd.batchBytes, 48 * PageSize);
        QCOMPARE(termBytes(fd, QStringLiteral("headers")), Bytes(0));
        p.workload.sharingStrategy = SharingStrategy::FileSystem;
        const ShmPlan fs = computePlan(p);
        QCOMPARE(fs.batchBytes, 48 * 2 * PageSize);
        QCOMPARE(termBytes(fs, QStringLiteral("headers")), fs.batchesInFlight * 48 * PageSize);
        QCOMPARE(termBytes(fs, QStringLiteral("prefetch")),
                 termBytes(fd, QStringLiteral("prefetch")));
        QVERIFY(fs.requiredBytes > fd.requiredBytes + (8 * 2 + 2) * 48 * PageSize);
        // The measured peak of that job under file_system: 6.86 MB.
        QVERIFY(fs.requiredBytes >= 6860000);
        QVERIFY(fd.openFiles > 0);
        QCOMPARE(fs.openFiles, quint64(0));

        // The header is 64 bytes: 4032 bytes per batch still fit one page, 4036 do not.
        Profile q = profileWith(4032, 1, 1);
        q.workload.sharingStrategy = SharingStrategy::FileSystem;
        QCOMPARE(computePlan(q).batchBytes, PageSize);
        q.workload.sampleBytes = 4036;
        QCOMPARE(computePlan(q).batchBytes, 2 * PageSize);
        // Large tensors that are not near a page boundary cost nothing more.
        Profile big = profileWith(MiB - 1000, 16, 4);
        const Bytes bigFd = computePlan(big).requiredBytes;
        big.workload.sharingStrategy = SharingStrategy::FileSystem;
        QCOMPARE(computePlan(big).requiredBytes, bigFd);
    }

    void openFiles()
    {
        // Measured on PyTorch 1.13 with 64 keys, 8 workers, prefetch 2: the main process held up
        // to 738 descriptors with uniform samples and 930 with one slow sample, when it takes the
        // other workers' batches out of order; every batch in flight is the bound.
        Profile p = profileWith(0, 8, 8, 2);
        p.workload.sampleBytes.reset();
        for (int i = 0; i < 64; ++i)
            p.workload.sample.append({QStringLiteral("t%1").arg(i), {16}, DType::Float32});
        ShmPlan plan = computePlan(p);
        QCOMPARE(plan.openFiles, (8 * 2 + model::HeldBatchesForkRespawn) * 64);
        QVERIFY(plan.openFiles >= 930);
        QVERIFY(plan.nofileLimit >= plan.openFiles + model::BaseOpenFiles);
        QCOMPARE(plan.nofileLimit % 1024, quint64(0));
        bool warned = false;
        for (const QString &w : plan.warnings)
            warned |= w.contains(QLatin1String("ulimit -n"));
        QVERIFY(warned);
        // A worker holds its own queue, prefetch_factor + 1 batches (measured: 1813 descriptors
        // for 200 keys, 1 worker, prefetch 8), which the main process's bound covers.
        p.workload.sample.resize(0);
        for (int i = 0; i < 200; ++i)
            p.workload.sample.append({QStringLiteral("t%1").arg(i), {16}, DType::Float32});
        p.workload.numWorkers = 1;
        p.workload.prefetchFactor = 8;
        plan = computePlan(p);
        QVERIFY(plan.openFiles >= 1813);
    }

    void warnings()
    {
        Profile p = profileWith(8 * MiB, 64, 16);
        p.host.memoryBytes = 8 * GiB;
        p.host.cpus = 4;
        p.job.memoryBytes = 6 * GiB;
        const QStringList w = computePlan(p).warnings;
        QVERIFY(w.size() >= 3);
        QVERIFY(w.join(QLatin1Char('\n')).contains(QLatin1String("half of the host")));
        QVERIFY(w.join(QLatin1Char('\n')).contains(QLatin1String("OOM")));
        QVERIFY(w.join(QLatin1Char('\n')).contains(QLatin1String("4 CPUs")));
    }

    void fitKeepsWorkersFirst()
    {
        Profile p = profileWith(MiB, 16, 8, 4);
        const ShmPlan full = computePlan(p);
        // Enough for 8 workers with prefetch 1 but not 2.
        const Bytes shm = computePlan(profileWith(MiB, 16, 8, 1)).requiredBytes;
        const ShmFit fit = fitPlan(p, shm);
        QVERIFY(!fit.fitsAsConfigured);
        QVERIFY(fit.possible);
        QCOMPARE(fit.numWorkers, quint64(8));
        QCOMPARE(fit.prefetchFactor, quint64(1));
        QCOMPARE(fit.batchSize, quint64(16));
        QVERIFY(fit.requiredBytes <= shm);
        QVERIFY(!fit.costs.isEmpty());
        QVERIFY(full.requiredBytes > shm);

        const ShmFit roomy = fitPlan(p, full.requiredBytes);
        QVERIFY(roomy.fitsAsConfigured);
        QVERIFY(roomy.costs.isEmpty());
    }

    void fitShrinksBatchBeforeDroppingWorkers()
    {
        Profile p = profileWith(MiB, 64, 4, 2);
        // One worker with prefetch 1 and batch 64 needs 3 x 64 MiB; give a bit over half that.
        const ShmFit fit = fitPlan(p, 100 * MiB);
        QVERIFY(fit.possible);
        QCOMPARE(fit.numWorkers, quint64(1));
        QVERIFY(fit.batchSize < 64);
        QVERIFY(fit.requiredBytes <= 100 * MiB);
        QVERIFY(fit.costs.join(QLatin1Char(' ')).contains(QLatin1String("batch_size")));
    }

    void fitAcrossLoadersLeansValidationFirst()
    {
        Profile p = profileWith(MiB, 16, 4, 2, 1);
        p.workload.name = QStringLiteral("train");
        p.workload.lifetime = LoaderLifetime::Parked;
        Workload val = p.workload;
        val.name = QStringLiteral("val");
        val.lifetime = LoaderLifetime::OneAtATime;
        val.batchSize = 32;
        p.otherLoaders.append(val);
        const QVector<JobFitOption> options = jobFitOptions(p);
        QVERIFY(options.size() > 4);
        QCOMPARE(options.constFirst().leaned, -1);
        QCOMPARE(options.constFirst().requiredBytes, computePlan(p).requiredBytes);
        // Each needs less than the one before, and is what the plan of those settings says.
        for (int i = 0; i < options.size(); ++i) {
            Profile q = p;
            QVector<Workload *> loaders{&q.workload, &q.otherLoaders[0]};
            for (int l = 0; l < 2; ++l) {
                loaders[l]->setNumWorkers(options[i].loaders[l].numWorkers);
                if (options[i].loaders[l].numWorkers)
                    loaders[l]->prefetchFactor = options[i].loaders[l].prefetchFactor;
                loaders[l]->batchSize = options[i].loaders[l].batchSize;
            }
            QCOMPARE(options[i].requiredBytes, computePlan(q).requiredBytes);
            if (i > 0)
                QVERIFY(options[i].requiredBytes < options[i - 1].requiredBytes);
        }
        // The validation loader gives up workers before the training loader does, and the
        // training batch is the last thing to go before loading in the main process.
        int firstTrain = -1;
        int lastVal = -1;
        for (int i = 1; i < options.size(); ++i) {
            if (options[i].leaned == 0 && firstTrain < 0)
                firstTrain = i;
            if (options[i].leaned == 1)
                lastVal = i;
        }
        QVERIFY(firstTrain > 0 && lastVal > 0);
        QCOMPARE(options[firstTrain - 1].loaders[1].numWorkers, quint64(1));
        QCOMPARE(options[firstTrain].loaders[0].batchSize, quint64(16));
        QCOMPARE(options.constLast().loaders[0].numWorkers, quint64(0));
        QCOMPARE(options.constLast().loaders[1].numWorkers, quint64(0));
        // The fit takes the richest that fits and says which loader gave what up.
        const Bytes shm = options[firstTrain].requiredBytes;
        const ShmFit fit = fitPlan(p, shm);
        QVERIFY(fit.possible);
        QCOMPARE(fit.requiredBytes, shm);
        QCOMPARE(fit.loaders.size(), 2);
        QCOMPARE(fit.numWorkers, options[firstTrain].loaders[0].numWorkers);
        const QString costs = fit.costs.join(QLatin1Char('\n'));
        QVERIFY2(costs.contains(QLatin1String("Loader val: ")), qPrintable(costs));
        QVERIFY(fitToJson(fit).value(QStringLiteral("loaders")).toArray().size() == 2);
        // One loader: the same options as before.
        Profile one = profileWith(MiB, 16, 4, 2, 1);
        const QVector<ShmFitOption> single = fitOptions(one);
        const QVector<JobFitOption> job = jobFitOptions(one);
        QCOMPARE(job.size(), single.size());
        for (int i = 0; i < single.size(); ++i) {
            QCOMPARE(job[i].requiredBytes, single[i].requiredBytes);
            QCOMPARE(job[i].loaders[0].numWorkers, single[i].numWorkers);
            QCOMPARE(job[i].loaders[0].batchSize, single[i].batchSize);
        }
    }

    void fitFallsBackToNoWorkers()
    {
        Profile p = profileWith(4 * MiB, 1, 2); // one sample already needs ~12 MiB in flight
        const ShmFit fit = fitPlan(p, 4 * MiB);
        QVERIFY(fit.possible);
        QCOMPARE(fit.numWorkers, quint64(0));
        QCOMPARE(fit.requiredBytes, Bytes(0));
    }

    void hugeValuesSaturate()
    {
        Profile p = profileWith(TiB, 1000000, 1000, 1000, 1000);
        const ShmPlan plan = computePlan(p);
        QCOMPARE(plan.requiredBytes, ~0ULL);
        QVERIFY(plan.recommendedBytes >= plan.requiredBytes);
    }

    void json()
    {
        const QJsonObject o = planToJson(computePlan(profileWith(MiB, 8, 2)));
        for (const char *k : {"required_bytes", "recommended_bytes", "open_files", "breakdown",
                              "nofile_limit", "warnings", "batch_bytes"})
            QVERIFY2(o.contains(QLatin1String(k)), k);
        QVERIFY(o.value(QStringLiteral("breakdown")).toArray().size() >= 3);
        const QJsonObject f = fitToJson(fitPlan(profileWith(MiB, 8, 2), 1));
        QVERIFY(f.value(QStringLiteral("possible")).isBool());
    }
};

QTEST_GUILESS_MAIN(TestSizing)
#include "tst_sizing.moc"
