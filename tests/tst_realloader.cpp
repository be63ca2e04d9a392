// SPDX-License-Identifier: GPL-3.0-or-later
// The generated DataLoader code run by real PyTorch: make_loader() in a /dev/shm of the planned
// size, in a third of it and beside another process's files (fitted at run time), without
// workers; and a PyTorchJob's torchrun command read by PyTorch's own argument parser. Every test
// skips, saying why, where PyTorch or root is missing. Mounts happen in private namespaces.
#include "generators/gen_dataloader_p.h"
#include "realtools.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace shmwise;
using namespace shmwise::realtools;

namespace {

// Imports the DataLoader snippet and iterates make_loader() over a synthetic dataset shaped like
// the profile's samples, with a training step slower than loading so the prefetch queue fills.
const char kLoaderPy[] = R"PY(
import importlib.util, json, sys, time
import torch
spec = importlib.util.spec_from_file_location("shmwise_loader", sys.argv[1])
mod = importlib.util.module_from_spec(spec)
sys.modules["shmwise_loader"] = mod
spec.loader.exec_module(mod)
tensors = json.loads(sys.argv[2])
batches = int(sys.argv[3])
overrides = json.loads(sys.argv[4]) if len(sys.argv) > 4 else {}

class Synthetic(torch.utils.data.Dataset):
    def __init__(self, n):
        self.n = n
    def __len__(self):
        return self.n
    def __getitem__(self, i):
        return {t["name"]: torch.ones(t["shape"], dtype=getattr(torch, t["dtype"])) for t in tensors}

# Under spawn, workers run this file again as a module: only the loop waits for __main__, as in
# a training script.
if __name__ == "__main__":
    probe = mod.make_loader(Synthetic(1), **overrides)
    loader = mod.make_loader(Synthetic(probe.batch_size * batches), **overrides)
    seen = 0
    for batch in loader:
        seen += 1
        time.sleep(0.01)
    assert seen == batches, (seen, batches)
    print("iterated", seen, "batches of", loader.batch_size, "with", loader.num_workers, "workers")
)PY";

// A training loop that validates mid-epoch with the loaders of the generated module for two
// loaders (train, val): both made first, then training with the val loader run every 4 steps.
const char kTwoLoadersPy[] = R"PY(
import importlib.util, sys, time, warnings
import torch
spec = importlib.util.spec_from_file_location("shmwise_loader", sys.argv[1])
mod = importlib.util.module_from_spec(spec)
sys.modules["shmwise_loader"] = mod
spec.loader.exec_module(mod)

class Images(torch.utils.data.Dataset):
    def __init__(self, n):
        self.n = n
    def __len__(self):
        return self.n
    def __getitem__(self, i):
        return torch.ones(3, 224, 224), torch.tensor(i % 10)

if __name__ == "__main__":
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        train = mod.make_train_loader(Images(16 * 12))
        val = mod.make_loader(Images(32 * 3), loader="val")
    for w in caught:
        print("warning at %s:%d: %s" % (w.filename, w.lineno, w.message), file=sys.stderr)
    steps = 0
    for epoch in range(2):
        for i, batch in enumerate(train):
            steps += 1
            time.sleep(0.02)
            if (i + 1) % 4 == 0:
                for vb in val:
                    time.sleep(0.01)
    try:
        mod.make_loader(Images(1), loader="test")
    except ValueError as e:
        print("refused:", e)
    assert steps == 2 * len(train), (steps, len(train))
    print("trained", steps, "steps; train", train.num_workers, "workers, val", val.num_workers)
)PY";

} // namespace

class TestRealLoader : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // (5b) A PyTorchJob pod with several processes per node runs torchrun: PyTorch's own
    // argument parser (1.13 and 2.x alike) reads the generated command as N processes of the
    // training script with its arguments.
    void pytorchJobCommandParsesWithTorchrun()
    {
        QString why;
        const QString python = testutil::pythonWithTorch(&why);
        if (python.isEmpty())
            QSKIP(qPrintable(why));
        Profile p = load(QStringLiteral("kubernetes-pytorchjob-multimodal"));
        p.job.command = {QStringLiteral("python3"), QStringLiteral("train.py"),
                         QStringLiteral("--epochs"), QStringLiteral("3")};
        const QString text = generateArtifacts(p, computePlan(p)).first().text;
        static const QRegularExpression line(QStringLiteral("command: (\\[.*\\])"));
        const QJsonArray cmd =
            QJsonDocument::fromJson(line.match(text).captured(1).toUtf8()).array();
        QVERIFY2(cmd.size() > 2 && cmd.at(0).toString() == QLatin1String("torchrun"),
                 qPrintable(text));
        QStringList args;
        for (int i = 1; i < cmd.size(); ++i)
            args << cmd.at(i).toString();
        const QString parse = QStringLiteral(
            "import sys\n"
            "from torch.distributed.run import get_args_parser\n"
            "a = get_args_parser().parse_args(sys.argv[1:])\n"
            "print(a.nproc_per_node, a.training_script, ' '.join(a.training_script_args))\n");
        const testutil::RunResult r =
            testutil::run(python, QStringList{QStringLiteral("-c"), parse} + args);
        QVERIFY2(r.exitCode == 0, qPrintable(both(r)));
        QCOMPARE(QString::fromUtf8(r.out).trimmed(),
                 QStringLiteral("%1 train.py --epochs 3").arg(p.workload.processesPerNode));
    }

    // (6) The DataLoader snippet runs under real PyTorch in a /dev/shm of the size the profile
    // gets: the planned size, or the measured one the snippet was fitted to.
    void dataLoaderRunsWithRealTorch_data()
    {
        QTest::addColumn<QString>("caseName");
        QTest::addColumn<int>("startMethod"); // -1: as the profile says
        QTest::newRow("fork, fd strategy") << QStringLiteral("kubernetes-pod-no-memory") << -1;
        // The file_system strategy under fork, and spawn with file descriptors. (spawn together
        // with file_system hangs at interpreter exit on PyTorch 2.6 with Python 3.13, after the
        // loader finished: the plan warns about that combination.)
        QTest::newRow("fork, file_system")
            << QStringLiteral("docker-file-system-spawn") << int(StartMethod::Fork);
        QTest::newRow("spawn, fd strategy")
            << QStringLiteral("docker-file-system-spawn") << int(StartMethod::Spawn);
        QTest::newRow("fitted to 256 MiB") << QStringLiteral("docker-not-adjustable") << -1;
        QTest::newRow("no workers") << QStringLiteral("bare-metal-no-workers") << -1;
    }
    void dataLoaderRunsWithRealTorch()
    {
        QFETCH(QString, caseName);
        QFETCH(int, startMethod);
        QString why;
        const QString python = testutil::pythonWithTorch(&why);
        if (python.isEmpty())
            QSKIP(qPrintable(why));
        if (!testutil::canUseMountNamespace(&why))
            QSKIP(qPrintable(why));
        Profile p = load(caseName);
        if (startMethod >= 0) {
            p.workload.startMethod = StartMethod(startMethod);
            if (p.workload.startMethod == StartMethod::Spawn)
                p.workload.sharingStrategy = SharingStrategy::FileDescriptor;
        }
        const ShmPlan plan = computePlan(p);
        const Bytes shm = p.shmAdjustable() ? configuredShm(plan) : *p.host.shmBytes;
        QJsonArray tensors;
        if (p.workload.sample.isEmpty()) {
            tensors.append(
                QJsonObject{{QStringLiteral("name"), QStringLiteral("data")},
                            {QStringLiteral("shape"), QJsonArray{qint64(*p.workload.sampleBytes)}},
                            {QStringLiteral("dtype"), QStringLiteral("uint8")}});
        }
        for (const TensorSpec &t : p.workload.sample) {
            QJsonArray shape;
            for (quint64 d : t.shape)
                shape.append(qint64(d));
            tensors.append(QJsonObject{{QStringLiteral("name"), t.name},
                                       {QStringLiteral("shape"), shape},
                                       {QStringLiteral("dtype"), dtypeName(t.dtype)}});
        }
        // Enough batches for every worker to fill its queue at least twice.
        const quint64 batches = std::max<quint64>(
            6, 2 * (p.workload.numWorkers * p.workload.effectivePrefetchFactor() + 2));
        QTemporaryDir dir;
        std::optional<Artifact> loaderArtifact;
        for (const Artifact &a : generateArtifacts(p, plan)) {
            if (a.id == QLatin1String("dataloader"))
                loaderArtifact = a;
        }
        QVERIFY(loaderArtifact);
        const QString snippet = writeArtifact(dir, *loaderArtifact);
        const QString driver = writeText(dir, QStringLiteral("drive.py"), kLoaderPy);
        const testutil::RunResult r = testutil::runWithShm(
            shm, python,
            {driver, snippet,
             QString::fromUtf8(QJsonDocument(tensors).toJson(QJsonDocument::Compact)),
             QString::number(batches)},
            180000);
        QVERIFY2(r.exitCode == 0, qPrintable(both(r)));
        QVERIFY2(r.out.contains("iterated"), qPrintable(both(r)));
    }

    // (6b) Where /dev/shm is smaller than planned, or partly taken by another process, the
    // loader fitted at run time reads the free space and finishes with leaner settings; where
    // not even the leanest settings fit, it stops before starting workers and says how much is
    // needed.
    void fittingLoaderFinishesInSmallShm_data()
    {
        QTest::addColumn<QString>("how");
        QTest::newRow("a third of required") << QStringLiteral("small");
        QTest::newRow("another process holds part") << QStringLiteral("held");
        QTest::newRow("only host.shm_bytes known") << QStringLiteral("measured");
        QTest::newRow("nothing fits") << QStringLiteral("nothing");
    }
    void fittingLoaderFinishesInSmallShm()
    {
        QFETCH(QString, how);
        QString why;
        const QString python = testutil::pythonWithTorch(&why);
        if (python.isEmpty())
            QSKIP(qPrintable(why));
        if (!testutil::canUseMountNamespace(&why))
            QSKIP(qPrintable(why));
        // About 190 MiB as planned: 16 images of 588 KiB per batch, 4 workers, prefetch 4.
        Profile p;
        p.environment = Environment::Docker;
        p.host.shmAdjustable = false;
        Workload &w = p.workload;
        w.sample = {{QStringLiteral("image"), {3, 224, 224}, DType::Float32},
                    {QStringLiteral("label"), {}, DType::Int64}};
        w.batchSize = 16;
        w.numWorkers = 4;
        w.prefetchFactor = 4;
        if (how == QLatin1String("measured")) {
            p.host.shmAdjustable.reset();
            p.host.shmBytes = 64 * MiB; // adjustable, but nobody may have raised it yet
        }
        if (how == QLatin1String("nothing")) {
            // NCCL's share alone is more than the 8 MiB given (two GPU processes whose GPUs may
            // not reach each other: up to 6 SHM-transport connections each).
            p.job.gpus = 2;
            w.processesPerNode = 2;
        }
        QVERIFY2(validateProfile(p).isEmpty(), "test profile is invalid");
        const ShmPlan plan = computePlan(p);
        QVERIFY(plan.requiredBytes >= 3 * 60 * MiB);
        QTemporaryDir dir;
        std::optional<Artifact> loaderArtifact;
        for (const Artifact &a : generateArtifacts(p, plan)) {
            if (a.id == QLatin1String("dataloader"))
                loaderArtifact = a;
        }
        QVERIFY(loaderArtifact);
        QVERIFY(loaderArtifact->text.contains(QLatin1String("f_bavail")));
        const QString snippet = writeArtifact(dir, *loaderArtifact);
        const QString driver = writeText(dir, QStringLiteral("drive.py"), kLoaderPy);
        const QString tensors =
            QStringLiteral(R"([{"name":"image","shape":[3,224,224],"dtype":"float32"},)"
                           R"({"name":"label","shape":[],"dtype":"int64"}])");
        const QString batches = QStringLiteral("24");
        testutil::RunResult r;
        if (how == QLatin1String("held")) {
            // A tmpfs of the planned size, all but 40 MiB of it filled by another process's file
            // (less than the 64 MiB a container gets by default).
            const Bytes taken = plan.requiredBytes - 40 * MiB;
            r = testutil::runWithShm(
                plan.requiredBytes, QStringLiteral("sh"),
                {QStringLiteral("-c"),
                 QStringLiteral("head -c %1 /dev/zero > /dev/shm/other && exec \"$@\"").arg(taken),
                 QStringLiteral("sh"), python, driver, snippet, tensors, batches},
                300000);
        } else {
            const Bytes shm = how == QLatin1String("nothing") ? 8 * MiB : 64 * MiB;
            r = testutil::runWithShm(shm, python, {driver, snippet, tensors, batches}, 300000);
        }
        QVERIFY2(r.started && !r.timedOut, qPrintable(both(r)));
        if (how == QLatin1String("nothing")) {
            QVERIFY2(r.exitCode != 0 &&
                         r.err.contains("RuntimeError: shmwise_loader: /dev/shm has") &&
                         r.err.contains("needs at least"),
                     qPrintable(both(r)));
            QVERIFY2(!r.err.contains("Bus error"), qPrintable(both(r)));
            return;
        }
        QVERIFY2(r.exitCode == 0 && r.out.contains("iterated 24 batches of "), qPrintable(both(r)));
        // Fewer workers than the profile's 4, and a warning that says so.
        QVERIFY2(!r.out.contains("with 4 workers"), qPrintable(both(r)));
        QVERIFY2(r.err.contains("shmwise_loader: /dev/shm has") &&
                     r.err.contains("using num_workers="),
                 qPrintable(both(r)));
    }

    // The module for two loaders, where /dev/shm cannot be raised: in a /dev/shm that holds
    // neither loader as profiled, the first loader made picks settings for both that fit
    // together, the warning names the training script's line, and the job finishes.
    void twoLoadersFitTogetherAtRunTime()
    {
        QString why;
        const QString python = testutil::pythonWithTorch(&why);
        if (python.isEmpty())
            QSKIP(qPrintable(why));
        if (!testutil::canUseMountNamespace(&why))
            QSKIP(qPrintable(why));
        const ProfileResult pr = loadProfile(
            testutil::testData(QStringLiteral("golden/docker-loaders-not-adjustable.yaml")));
        QVERIFY(pr.ok());
        const ShmPlan plan = computePlan(*pr.profile);
        const Bytes shm = 96 * MiB;
        QVERIFY(plan.requiredBytes > 2 * shm);
        QTemporaryDir dir;
        const QString snippet = writeArtifact(dir, gen::dataLoaderSnippet(*pr.profile, plan));
        const QString driver = writeText(dir, QStringLiteral("train.py"), kTwoLoadersPy);
        testutil::RunResult r = testutil::runWithShm(shm, python, {driver, snippet}, 300000);
        QVERIFY2(r.started && !r.timedOut, qPrintable(both(r)));
        QVERIFY2(r.exitCode == 0 && r.out.contains("trained "), qPrintable(both(r)));
        QVERIFY2(r.out.contains("refused: shmwise_loader: no loader 'test'"), qPrintable(both(r)));
        QVERIFY2(r.err.contains("train.py:") && r.err.contains("val: num_workers="),
                 qPrintable(both(r)));
        QVERIFY2(!r.out.contains("train 4 workers"), qPrintable(both(r)));
        // With room for the plan, both keep the profile's settings and nothing is said.
        r = testutil::runWithShm(plan.requiredBytes, python, {driver, snippet}, 300000);
        QVERIFY2(r.exitCode == 0 && r.out.contains("train 4 workers, val 2"), qPrintable(both(r)));
        QVERIFY2(!r.err.contains("shmwise_loader"), qPrintable(both(r)));
    }

    // (6c) make_loader(dataset, num_workers=0) works whatever the profile's worker-only settings
    // (persistent_workers=True and multiprocessing_context raise ValueError without workers).
    void dataLoaderWithoutWorkers_data()
    {
        QTest::addColumn<QString>("caseName");
        QTest::newRow("persistent, fitted") << QStringLiteral("docker-not-adjustable");
        QTest::newRow("spawn, file_system") << QStringLiteral("docker-file-system-spawn");
        QTest::newRow("fork") << QStringLiteral("kubernetes-pod-no-memory");
    }
    void dataLoaderWithoutWorkers()
    {
        QFETCH(QString, caseName);
        QString why;
        const QString python = testutil::pythonWithTorch(&why);
        if (python.isEmpty())
            QSKIP(qPrintable(why));
        if (!testutil::canUseMountNamespace(&why))
            QSKIP(qPrintable(why));
        QTemporaryDir dir;
        const QString snippet = writeArtifact(dir, *find(caseName, QStringLiteral("dataloader")));
        const QString driver = writeText(dir, QStringLiteral("drive.py"), kLoaderPy);
        const testutil::RunResult r = testutil::runWithShm(
            64 * MiB, python,
            {driver, snippet, QStringLiteral(R"([{"name":"x","shape":[4],"dtype":"float32"}])"),
             QStringLiteral("3"), QStringLiteral(R"({"num_workers": 0})")},
            120000);
        QVERIFY2(r.exitCode == 0 && r.out.contains("with 0 workers"), qPrintable(both(r)));
    }
};

QTEST_GUILESS_MAIN(TestRealLoader)
#include "tst_realloader.moc"
