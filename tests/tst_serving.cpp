// SPDX-License-Identifier: GPL-3.0-or-later
// Model servers' /dev/shm (core/serving): each server's figure against its own source's
// arithmetic (docs/model.md, "Model servers"), the profile's `serving:` read, checked and
// written back, and vLLM's message queues made as its shm_broadcast.py makes them, measured in
// a private /dev/shm: the plan's figure is what they take, and a /dev/shm below it dies.
#include "testutil.h"

#include "core/serving.h"
#include "core/sizing.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace shmwise;

namespace {

Profile server(Server s)
{
    Profile p = newProfile();
    p.serving.used = true;
    p.serving.server = s;
    return p;
}

Bytes term(const ShmPlan &plan, const char *id)
{
    for (const PlanTerm &t : plan.breakdown)
        if (t.id == QLatin1String(id))
            return t.bytes;
    return 0;
}

ProfileResult parse(const char *yaml)
{
    return parseProfile(QByteArray(yaml), QStringLiteral("s.yaml"));
}

QString problems(const ProfileResult &r)
{
    QStringList out;
    for (const ProfileProblem &p : r.problems)
        out << p.toString();
    return out.join(QLatin1Char('\n'));
}

} // namespace

class TestServing : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // shm_broadcast.py: (max_chunk_bytes + 1 + n_reader) x max_chunks per ring; the executor's
    // broadcast queue (16 MiB chunks), a response queue per worker (24 MiB from 0.11.1, 10
    // before), the TP group's broadcaster (4 MiB x 6).
    void vllmQueues_data()
    {
        QTest::addColumn<quint64>("tp");
        QTest::addColumn<QString>("version");
        QTest::addColumn<qint64>("bytes");
        QTest::newRow("tp 2") << quint64(2) << QString() << qint64(696254546);
        QTest::newRow("tp 4") << quint64(4) << QString() << qint64(1199571098);
        QTest::newRow("tp 8") << quint64(8) << QString() << qint64(2206204202);
        // 0.9.1 to 0.11.0: 10 MiB response chunks (984 MiB at TP 8).
        QTest::newRow("tp 8, 0.10.0")
            << quint64(8) << QStringLiteral("0.10.0")
            << qint64(ringBytes(16ULL << 20, 8) + 8 * ringBytes(10ULL << 20, 1) +
                      serving::ringBytes(4ULL << 20, 7, 6));
        // Before 0.9.1 the broadcast queue's chunk was 10 MiB too (924 MiB at TP 8).
        QTest::newRow("tp 8, 0.8.5")
            << quint64(8) << QStringLiteral("0.8.5")
            << qint64(ringBytes(10ULL << 20, 8) + 8 * ringBytes(10ULL << 20, 1) +
                      serving::ringBytes(4ULL << 20, 7, 6));
        // The V0 engine: only the TP group's broadcaster.
        QTest::newRow("tp 2, 0.6.6") << quint64(2) << QStringLiteral("0.6.6") << qint64(25165836);
        // One process on a GPU: the single-process executor, no queue.
        QTest::newRow("tp 1") << quint64(1) << QString() << qint64(0);
    }
    void vllmQueues()
    {
        QFETCH(quint64, tp);
        QFETCH(QString, version);
        QFETCH(qint64, bytes);
        Profile p = server(Server::Vllm);
        p.serving.tensorParallel = tp;
        p.serving.version = version;
        const ShmPlan plan = computePlan(p);
        QCOMPARE(qint64(plan.requiredBytes), bytes);
        QCOMPARE(plan.warningIds.contains(QLatin1String("serving-version-unknown")),
                 version.isEmpty() && tp > 1);
        QVERIFY(plan.errors.isEmpty());
    }

    void vllmOptions()
    {
        // The multiprocess executor forced at one process: 400 MiB.
        Profile p = server(Server::Vllm);
        p.serving.multiprocessExecutor = true;
        QCOMPARE(computePlan(p).requiredBytes, Bytes(419430440));
        // A smaller chunk (VLLM_MQ_MAX_CHUNK_BYTES_MB=4) shrinks only the broadcast queue.
        p.serving.queueChunkBytes = 4ULL << 20;
        QCOMPARE(term(computePlan(p), "vllm-broadcast"), ringBytes(4ULL << 20, 1));
        QCOMPARE(term(computePlan(p), "vllm-responses"), ringBytes(24ULL << 20, 1));
        // Data parallelism: an engine (and its queues) per rank.
        Profile dp = server(Server::Vllm);
        dp.serving.tensorParallel = 2;
        dp.serving.dataParallel = 2;
        Profile one = server(Server::Vllm);
        one.serving.tensorParallel = 2;
        QCOMPARE(computePlan(dp).requiredBytes, 2 * computePlan(one).requiredBytes);
        // The KV-offload tier is a /dev/shm file from 0.26, pinned memory before.
        Profile kv = server(Server::Vllm);
        kv.serving.kvOffloadBytes = 8ULL << 30;
        QCOMPARE(term(computePlan(kv), "kv-offload"), Bytes(8ULL << 30));
        kv.serving.version = QStringLiteral("0.25.1");
        QCOMPARE(term(computePlan(kv), "kv-offload"), Bytes(0));
        // The multimodal processor cache in shm.
        Profile mm = server(Server::Vllm);
        mm.serving.mmShmCacheBytes = 4ULL << 30;
        QCOMPARE(term(computePlan(mm), "mm-cache"), Bytes(4ULL << 30));
        // NCCL's term counts the model's processes, not processes_per_node.
        Profile nccl = server(Server::Vllm);
        nccl.serving.tensorParallel = 4;
        nccl.job.gpus = 4;
        QCOMPARE(serving::modelProcesses(nccl), quint64(4));
        QVERIFY(term(computePlan(nccl), "nccl") > 0);
    }

    void otherServers()
    {
        // SGLang: the TP group's broadcaster only; multimodal features as given.
        Profile sg = server(Server::Sglang);
        sg.serving.tensorParallel = 4;
        QCOMPARE(computePlan(sg).requiredBytes, Bytes(25165848));
        QVERIFY(computePlan(sg).warningIds.contains(QLatin1String("serving-payload-unknown")));
        sg.serving.payloadBytes = 300ULL << 20;
        QCOMPARE(computePlan(sg).requiredBytes, Bytes(25165848) + (300ULL << 20));
        // Triton's Python backend: 1 MiB per instance, grown by growth x (payload / growth + 1).
        Profile tr = server(Server::TritonPython);
        tr.serving.instances = 4;
        QCOMPARE(computePlan(tr).requiredBytes, Bytes(4ULL << 20));
        tr.serving.payloadBytes = 100ULL << 20;
        QCOMPARE(computePlan(tr).requiredBytes, Bytes(4 * (102ULL << 20)));
        tr.serving.poolDefaultBytes = 64ULL << 20; // before r23.09
        tr.serving.poolGrowthBytes = 64ULL << 20;
        QCOMPARE(computePlan(tr).requiredBytes, Bytes(4 * (192ULL << 20)));
        // LightLLM: its own check's arithmetic, 2.09 GiB at its defaults.
        Profile ll = server(Server::LightLlm);
        QCOMPARE(computePlan(ll).requiredBytes,
                 Bytes(120932) * 256 + Bytes(256) * 16 * 16384 + (2ULL << 30));
        ll.serving.maxRequests = 6; // --performance_mode personal
        QCOMPARE(computePlan(ll).requiredBytes,
                 Bytes(120932) * 6 + Bytes(6) * 16 * 16384 + (2ULL << 30));
        // A plain server's workers each run the loaders: the job's plan, said as the server's.
        Profile plain = server(Server::Plain);
        plain.workload.processesPerNode = 4;
        Profile training = plain;
        training.serving = ServingSpec();
        QCOMPARE(computePlan(plain).requiredBytes, computePlan(training).requiredBytes);
        bool said = false;
        for (const PlanTerm &t : computePlan(plain).breakdown)
            said = said || (t.id == QLatin1String("processes") &&
                            t.title.contains(QLatin1String("server")));
        QVERIFY(said);
        // Memory below the plan is an error, as for a job.
        Profile small = server(Server::LightLlm);
        small.job.memoryBytes = 1ULL << 30;
        QVERIFY(computePlan(small).errorIds.contains(QLatin1String("memory-limit-below-shm")));
    }

    // The image and command follow the server unless the user wrote their own.
    void imageAndCommandFollowTheServer()
    {
        Profile p = newProfile();
        ServingSpec next;
        next.used = true;
        next.server = Server::Vllm;
        next.tensorParallel = 2;
        serving::setServing(p, next);
        QCOMPARE(p.job.image, QStringLiteral("vllm/vllm-openai:latest"));
        QVERIFY(p.job.command.contains(QStringLiteral("--tensor-parallel-size")));
        next.used = false;
        serving::setServing(p, next);
        QCOMPARE(p.job.image, JobSpec().image);
        QCOMPARE(p.job.command, JobSpec().command);
        p.job.image = QStringLiteral("registry.example/own:1");
        next.used = true;
        serving::setServing(p, next);
        QCOMPARE(p.job.image, QStringLiteral("registry.example/own:1"));
        QCOMPARE(p.job.command.first(), QStringLiteral("vllm"));
    }

    void profileRoundTrip()
    {
        const ProfileResult r = parse("shmwise: 1\n"
                                      "environment: kubernetes\n"
                                      "serving:\n"
                                      "  server: vllm\n"
                                      "  version: 0.11.1\n"
                                      "  tensor_parallel_size: 4\n"
                                      "  pipeline_parallel_size: 2\n"
                                      "  queue_chunk_bytes: 4MiB\n"
                                      "  kv_offload_bytes: 16GiB\n"
                                      "workload:\n"
                                      "  kind: serving\n");
        QVERIFY2(r.ok(), qPrintable(problems(r)));
        const Profile &p = *r.profile;
        QVERIFY(p.serving.used);
        QCOMPARE(p.serving.server, Server::Vllm);
        QCOMPARE(p.serving.tensorParallel, quint64(4));
        QCOMPARE(p.serving.pipelineParallel, quint64(2));
        QCOMPARE(*p.serving.queueChunkBytes, Bytes(4ULL << 20));
        QVERIFY(validateProfile(p).isEmpty());
        const QByteArray written = writeProfile(p);
        QVERIFY2(written.contains("kind: serving"), written.constData());
        const ProfileResult again = parseProfile(written, QStringLiteral("w.yaml"));
        QVERIFY2(again.ok(), qPrintable(problems(again)));
        QCOMPARE(*again.profile, p);
        // Only the chosen server's settings are written.
        Profile switched = p;
        switched.serving.server = Server::TritonPython;
        switched.serving.instances = 3;
        const QByteArray triton = writeProfile(switched);
        QVERIFY2(!triton.contains("tensor_parallel_size") && !triton.contains("kv_offload") &&
                     triton.contains("instances: 3"),
                 triton.constData());
        // A plain server with its loaders.
        const ProfileResult plain =
            parse("shmwise: 1\nenvironment: docker\n"
                  "workload:\n  kind: serving\n  preset: image-classification\n"
                  "  processes_per_node: 4\n");
        QVERIFY2(plain.ok(), qPrintable(problems(plain)));
        QVERIFY(plain.profile->serving.used);
        QCOMPARE(plain.profile->serving.server, Server::Plain);
        QCOMPARE(*parseProfile(writeProfile(*plain.profile), QStringLiteral("w.yaml")).profile,
                 *plain.profile);
    }

    // Each mistake named where it is.
    void badServingProfiles_data()
    {
        QTest::addColumn<QString>("yaml");
        QTest::addColumn<QString>("says");
        const QString head = QStringLiteral("shmwise: 1\nenvironment: docker\n");
        QTest::newRow("settings without the kind")
            << head + QStringLiteral("serving:\n  server: vllm\nworkload:\n  preset: "
                                     "image-classification\n")
            << QStringLiteral("serving: a server's settings need 'kind: serving'");
        QTest::newRow("loader settings for vllm")
            << head + QStringLiteral("serving:\n  server: vllm\nworkload:\n  kind: serving\n  "
                                     "batch_size: 8\n")
            << QStringLiteral("workload.batch_size: vllm runs no DataLoader");
        QTest::newRow("kind on a later loader")
            << head + QStringLiteral("loaders:\n  - preset: image-classification\n  - preset: "
                                     "image-classification\n    kind: serving\n")
            << QStringLiteral("loaders[1].kind: the kind is the job's");
        QTest::newRow("unknown server")
            << head + QStringLiteral("serving:\n  server: tgi\nworkload:\n  kind: serving\n")
            << QStringLiteral("serving.server: unknown value 'tgi'");
        QTest::newRow("unknown kind")
            << head +
                   QStringLiteral("workload:\n  kind: inference\n  preset: image-classification\n")
            << QStringLiteral("workload.kind: unknown value 'inference'");
        QTest::newRow("bad version")
            << head + QStringLiteral("serving:\n  server: vllm\n  version: latest\nworkload:\n  "
                                     "kind: serving\n")
            << QStringLiteral("serving.version: 'latest' is not a release");
        QTest::newRow("tiny pool")
            << head + QStringLiteral("serving:\n  server: triton-python\n  pool_default_bytes: "
                                     "4KiB\nworkload:\n  kind: serving\n")
            << QStringLiteral("serving.pool_default_bytes: Triton refuses");
        QTest::newRow("zero tensor parallel")
            << head + QStringLiteral("serving:\n  server: vllm\n  tensor_parallel_size: 0\n"
                                     "workload:\n  kind: serving\n")
            << QStringLiteral("serving.tensor_parallel_size");
        QTest::newRow("huge tensor parallel")
            << head + QStringLiteral("serving:\n  server: vllm\n  tensor_parallel_size: "
                                     "100000\nworkload:\n  kind: serving\n")
            << QStringLiteral("serving.tensor_parallel_size: at most 4096");
        QTest::newRow("unknown key")
            << head + QStringLiteral("serving:\n  server: vllm\n  tp: 2\nworkload:\n  kind: "
                                     "serving\n")
            << QStringLiteral("serving.tp");
    }
    void badServingProfiles()
    {
        QFETCH(QString, yaml);
        QFETCH(QString, says);
        const ProfileResult r = parseProfile(yaml.toUtf8(), QStringLiteral("s.yaml"));
        QVERIFY(!r.ok());
        QVERIFY2(problems(r).contains(says), qPrintable(problems(r)));
    }

    // vLLM's queues as its source makes them, filled, in a private /dev/shm: the measured peak is
    // the plan's figure (to the page), and a /dev/shm a page below the rings' sum dies of SIGBUS.
    void vllmQueuesMeasured()
    {
        QString why;
        if (!testutil::canUseMountNamespace(&why))
            QSKIP(qPrintable(why));
        const QString script =
            testutil::sourceDir() + QStringLiteral("/tests/measure/serving/vllm_rings.py");
        Profile p = server(Server::Vllm);
        p.serving.tensorParallel = 2;
        const Bytes planned = computePlan(p).requiredBytes;
        auto measure = [&](Bytes shm, testutil::RunResult *r) {
            *r = testutil::run(testutil::shmwiseBinary(),
                               {QStringLiteral("measure"), QStringLiteral("--json"),
                                QStringLiteral("--shm"), QString::number(shm), QStringLiteral("--"),
                                QStringLiteral("/usr/bin/python3"), script, QStringLiteral("--tp"),
                                QStringLiteral("2")},
                               {}, 120000);
            return QJsonDocument::fromJson(r->out).object();
        };
        testutil::RunResult r;
        const QJsonObject roomy = measure(1ULL << 30, &r);
        QVERIFY2(!roomy.isEmpty(), r.err.right(2000).constData());
        QCOMPARE(roomy.value(QLatin1String("exit_code")).toInt(-1), 0);
        QVERIFY2(r.err.contains("made 696254546 bytes"), r.err.right(2000).constData());
        const Bytes peak = Bytes(roomy.value(QLatin1String("shm"))
                                     .toObject()
                                     .value(QLatin1String("measured_peak_bytes"))
                                     .toInteger());
        // tmpfs counts whole pages: at most one more per ring.
        QVERIFY2(peak >= planned && peak <= planned + 4 * 4096,
                 qPrintable(QStringLiteral("peak %1, planned %2").arg(peak).arg(planned)));
        const QJsonObject small = measure(planned - 64 * 4096, &r);
        QVERIFY(small.value(QLatin1String("failed")).toBool());
        QCOMPARE(small.value(QLatin1String("exit_signal")).toString(), QStringLiteral("SIGBUS"));
        // No message of its own: measure says /dev/shm was full from the signal and the peak.
        QVERIFY(small.value(QLatin1String("shm_ran_out")).toBool());
        QCOMPARE(small.value(QLatin1String("cause")).toString(), QStringLiteral("shm-exhausted"));
        qInfo("vLLM TP 2: planned %llu bytes, measured peak %llu", qulonglong(planned),
              qulonglong(peak));
    }

private:
    static Bytes ringBytes(Bytes chunk, quint64 readers)
    {
        return serving::ringBytes(chunk, readers, 10);
    }
};

QTEST_MAIN(TestServing)
#include "tst_serving.moc"
