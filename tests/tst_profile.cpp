// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/profile.h"
#include "testutil.h"

#include <QDir>

#include <QTemporaryDir>
#include <QTest>

#include <limits>

using namespace shmwise;

namespace {

const char *kFull = R"(shmwise: 1
environment: kubernetes
kubernetes: {kind: Job, namespace: default}
job:
  name: train
  image: pytorch/pytorch:latest
  command: [python, train.py]
  memory_bytes: 32GiB
  gpus: 8
host:
  shm_bytes: 64MiB
  shm_adjustable: true
  memory_bytes: 128GiB
workload:
  preset: image-classification
  sample:
    - {name: image, shape: [3, 224, 224], dtype: float32}
    - {name: label, shape: [], dtype: int64}
  batch_size: 64
  processes_per_node: 8
  num_workers: 8
  prefetch_factor: 2
  persistent_workers: true
  pin_memory: true
  start_method: fork
  sharing_strategy: file_descriptor
  dataset_resident_bytes: 0
)";

QString minimal(const QString &workloadExtra)
{
    return QStringLiteral("shmwise: 1\nenvironment: docker\nworkload:\n  sample_bytes: 1MiB\n"
                          "  batch_size: 4\n") +
           workloadExtra;
}

} // namespace

class TestProfile : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void fullExample()
    {
        const ProfileResult r = parseProfile(kFull, QStringLiteral("p.yaml"));
        for (const auto &p : r.problems)
            qWarning() << p.toString();
        QVERIFY(r.ok());
        const Profile &p = *r.profile;
        QCOMPARE(p.environment, Environment::Kubernetes);
        QCOMPARE(p.kubernetes.kind, KubernetesKind::Job);
        QCOMPARE(p.job.memoryBytes.value_or(0), 32 * GiB);
        QCOMPARE(p.job.gpus, quint64(8));
        QCOMPARE(p.host.shmBytes.value_or(0), 64 * MiB);
        QCOMPARE(p.host.memoryBytes.value_or(0), 128 * GiB);
        QCOMPARE(p.workload.sample.size(), 2);
        QCOMPARE(p.workload.sample[0].bytes().value_or(0), quint64(3 * 224 * 224 * 4));
        QCOMPARE(p.workload.sample[1].bytes().value_or(0), quint64(8));
        QCOMPARE(p.workload.bytesPerSample(), quint64(3 * 224 * 224 * 4 + 8));
        QCOMPARE(p.workload.processesPerNode, quint64(8));
        QCOMPARE(p.workload.numWorkers, quint64(8));
        QCOMPARE(p.workload.effectivePrefetchFactor(), quint64(2));
        QVERIFY(p.workload.persistentWorkers);
        QVERIFY(p.workload.pinMemory);
    }

    void defaults()
    {
        const ProfileResult r = parseProfile(minimal(QString()).toUtf8(), QStringLiteral("m"));
        QVERIFY(r.ok());
        const Workload &w = r.profile->workload;
        QCOMPARE(w.numWorkers, quint64(0));
        QCOMPARE(w.effectivePrefetchFactor(), quint64(0));
        QCOMPARE(w.processesPerNode, quint64(1));
        QVERIFY(!w.persistentWorkers);
        QVERIFY(!w.pinMemory);
        QCOMPARE(w.startMethod, StartMethod::Fork);
        QCOMPARE(w.sharingStrategy, SharingStrategy::FileDescriptor);
        QCOMPARE(w.datasetResidentBytes, quint64(0));
        QCOMPARE(r.profile->job.image, QStringLiteral("pytorch/pytorch:latest"));
        QCOMPARE(r.profile->kubernetes.kind, KubernetesKind::Job);

        // With workers and no prefetch_factor, PyTorch's default of 2 applies.
        const ProfileResult r2 =
            parseProfile(minimal(QStringLiteral("  num_workers: 3\n")).toUtf8(), {});
        QVERIFY(r2.ok());
        QCOMPARE(r2.profile->workload.effectivePrefetchFactor(), quint64(2));
    }

    void presetFillsAndUserOverrides()
    {
        const QByteArray y = "shmwise: 1\nenvironment: docker\nworkload:\n"
                             "  preset: image-classification\n  batch_size: 32\n";
        const ProfileResult r = parseProfile(y, {});
        QVERIFY(r.ok());
        const Workload &w = r.profile->workload;
        QCOMPARE(w.preset, QStringLiteral("image-classification"));
        QCOMPARE(w.batchSize, quint64(32)); // the user's value
        QCOMPARE(w.numWorkers, quint64(8)); // the preset's
        QCOMPARE(w.sample.size(), 2);

        // Turning workers off drops the preset's settings that need workers, not the user's.
        const QByteArray off = "shmwise: 1\nenvironment: docker\nworkload:\n"
                               "  preset: image-classification\n  num_workers: 0\n";
        const ProfileResult r2 = parseProfile(off, {});
        QVERIFY(r2.ok());
        QVERIFY(!r2.profile->workload.persistentWorkers);
        QCOMPARE(r2.profile->workload.effectivePrefetchFactor(), quint64(0));

        // The user's own sample replaces the preset's.
        const QByteArray own = "shmwise: 1\nenvironment: docker\nworkload:\n"
                               "  preset: multimodal\n  sample_bytes: 2MiB\n";
        const ProfileResult r3 = parseProfile(own, {});
        QVERIFY(r3.ok());
        QVERIFY(r3.profile->workload.sample.isEmpty());
        QCOMPARE(r3.profile->workload.bytesPerSample(), 2 * MiB);
    }

    void invalid_data()
    {
        QTest::addColumn<QString>("yaml");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("message");

        QTest::newRow("malformed") << "shmwise: 1\nworkload: [1,\n"
                                   << 3 << ""
                                   << "not valid YAML";
        QTest::newRow("tab") << "shmwise: 1\nworkload:\n\tbatch_size: 1\n"
                             << 3 << ""
                             << "tab";
        QTest::newRow("empty") << "" << 1 << ""
                               << "empty";
        QTest::newRow("not a map") << "- a\n- b\n"
                                   << 1 << ""
                                   << "mapping";
        QTest::newRow("no version")
            << "environment: docker\nworkload: {sample_bytes: 1, batch_size: 1}\n"
            << 1 << "shmwise"
            << "missing";
        QTest::newRow("version 2")
            << "shmwise: 2\nenvironment: docker\nworkload: {sample_bytes: 1, batch_size: 1}\n"
            << 1 << "shmwise"
            << "version 2";
        QTest::newRow("unknown env")
            << "shmwise: 1\nenvironment: openshift\nworkload: {sample_bytes: 1, batch_size: 1}\n"
            << 2 << "environment"
            << "unknown value 'openshift'";
        QTest::newRow("unknown key")
            << minimal(QStringLiteral("  num_worker: 4\n")) << 6 << "workload.num_worker"
            << "unknown key 'num_worker'";
        QTest::newRow("unknown top key")
            << minimal(QString()) + QStringLiteral("extra: 1\n") << 6 << "extra"
            << "unknown key";
        QTest::newRow("duplicate")
            << minimal(QStringLiteral("  batch_size: 8\n")) << 6 << "workload.batch_size"
            << "duplicate key";
        QTest::newRow("wrong type")
            << minimal(QStringLiteral("  num_workers: many\n")) << 6 << "workload.num_workers"
            << "not a whole number";
        QTest::newRow("quoted number")
            << minimal(QStringLiteral("  num_workers: \"4\"\n")) << 6 << "workload.num_workers"
            << "whole number";
        QTest::newRow("fraction") << minimal(QStringLiteral("  num_workers: 2.5\n")) << 6
                                  << "workload.num_workers"
                                  << "not a whole number";
        QTest::newRow("negative") << minimal(QStringLiteral("  num_workers: -1\n")) << 6
                                  << "workload.num_workers"
                                  << "negative";
        QTest::newRow("zero batch")
            << "shmwise: 1\nenvironment: docker\nworkload:\n  sample_bytes: 1MiB\n  batch_size: 0\n"
            << 5 << "workload.batch_size"
            << "at least 1";
        QTest::newRow("no batch")
            << "shmwise: 1\nenvironment: docker\nworkload:\n  sample_bytes: 1MiB\n"
            << 4 << "workload.batch_size"
            << "batch_size";
        QTest::newRow("no sample")
            << "shmwise: 1\nenvironment: docker\nworkload:\n  batch_size: 2\n"
            << 4 << "workload.sample"
            << "needs 'sample'";
        QTest::newRow("both samples")
            << minimal(QStringLiteral("  sample: [{name: x, shape: [1], dtype: uint8}]\n")) << 4
            << "workload.sample_bytes"
            << "not both";
        QTest::newRow("unknown dtype")
            << "shmwise: 1\nenvironment: docker\nworkload:\n  batch_size: 2\n  sample:\n"
               "    - {name: x, shape: [4], dtype: float128}\n"
            << 6 << "workload.sample[0].dtype"
            << "unknown value 'float128'";
        QTest::newRow("negative dim")
            << "shmwise: 1\nenvironment: docker\nworkload:\n  batch_size: 2\n  sample:\n"
               "    - {name: x, shape: [4, -3], dtype: uint8}\n"
            << 6 << "workload.sample[0].shape"
            << "negative";
        QTest::newRow("shape not list")
            << "shmwise: 1\nenvironment: docker\nworkload:\n  batch_size: 2\n  sample:\n"
               "    - {name: x, shape: 4, dtype: uint8}\n"
            << 6 << "workload.sample[0].shape"
            << "list of dimensions";
        QTest::newRow("tensor overflow")
            << "shmwise: 1\nenvironment: docker\nworkload:\n  batch_size: 2\n  sample:\n"
               "    - {name: x, shape: [4294967296, 4294967296], dtype: uint8}\n"
            << 6 << "workload.sample[0]"
            << "overflows";
        QTest::newRow("batch overflow")
            << "shmwise: 1\nenvironment: docker\nworkload:\n  sample_bytes: 1TiB\n"
               "  batch_size: 100000000\n"
            << 5 << "workload.batch_size"
            << "overflows";
        QTest::newRow("workers bound")
            << minimal(QStringLiteral("  num_workers: 5000\n")) << 4 << "workload.num_workers"
            << "at most 1024";
        QTest::newRow("plan beyond 1 EiB")
            << "shmwise: 1\nenvironment: docker\nworkload:\n  sample_bytes: 1TiB\n"
               "  batch_size: 1000000\n  num_workers: 1000\n  prefetch_factor: 1000\n"
            << 5 << "workload.batch_size"
            << "beyond 1 EiB";
        QTest::newRow("size overflow")
            << minimal(QStringLiteral("  dataset_resident_bytes: 99999999999TiB\n")) << 6
            << "workload.dataset_resident_bytes"
            << "64 bits";
        QTest::newRow("bad unit") << minimal(QStringLiteral("  dataset_resident_bytes: 8g\n")) << 6
                                  << "workload.dataset_resident_bytes"
                                  << "unknown size unit 'g'";
        QTest::newRow("unknown preset")
            << "shmwise: 1\nenvironment: docker\nworkload:\n  preset: gpt5\n"
            << 4 << "workload.preset"
            << "unknown preset 'gpt5'";
        QTest::newRow("prefetch no workers")
            << minimal(QStringLiteral("  prefetch_factor: 2\n")) << 6 << "workload.prefetch_factor"
            << "num_workers > 0";
        QTest::newRow("persistent no workers")
            << minimal(QStringLiteral("  persistent_workers: true\n")) << 6
            << "workload.persistent_workers"
            << "num_workers > 0";
        QTest::newRow("prefetch zero")
            << minimal(QStringLiteral("  num_workers: 2\n  prefetch_factor: 0\n")) << 7
            << "workload.prefetch_factor"
            << "at least 1";
        QTest::newRow("bad bool") << minimal(QStringLiteral("  pin_memory: yes please\n")) << 6
                                  << "workload.pin_memory"
                                  << "true or false";
        QTest::newRow("bad start")
            << minimal(QStringLiteral("  start_method: thread\n")) << 6 << "workload.start_method"
            << "fork, spawn, forkserver";
        QTest::newRow("bad strategy") << minimal(QStringLiteral("  sharing_strategy: shm\n")) << 6
                                      << "workload.sharing_strategy"
                                      << "file_descriptor, file_system";
        QTest::newRow("null value")
            << minimal(QStringLiteral("  num_workers:\n")) << 6 << "workload.num_workers"
            << "no value";
        QTest::newRow("bad image")
            << minimal(QString()) + QStringLiteral("job: {image: \"<your image>\"}\n") << 6
            << "job.image"
            << "not an image reference";
        // Each environment's own rule: Docker takes My_Job, Kubernetes does not; '-' first is
        // no name anywhere.
        QTest::newRow("bad job name")
            << minimal(QString()) + QStringLiteral("job: {name: -job}\n") << 6 << "job.name"
            << "is not a valid";
        QTest::newRow("kubernetes job name")
            << QStringLiteral("shmwise: 1\nenvironment: kubernetes\njob: {name: Train_1}\n") << 3
            << "job.name"
            << "not a valid name";
        QTest::newRow("swarm job name")
            << QStringLiteral("shmwise: 1\nenvironment: swarm\njob: {name: train.1}\n") << 3
            << "job.name"
            << "not a valid Swarm service name";
        QTest::newRow("empty command")
            << minimal(QString()) + QStringLiteral("job: {command: []}\n") << 6 << "job.command"
            << "at least the program";
        QTest::newRow("bad kind") << minimal(QString()) +
                                         QStringLiteral("kubernetes: {kind: CronJob}\n")
                                  << 6 << "kubernetes.kind"
                                  << "unknown value 'CronJob'";
        QTest::newRow("bad namespace")
            << minimal(QString()) + QStringLiteral("kubernetes: {namespace: \"-x\"}\n") << 6
            << "kubernetes.namespace"
            << "not a valid name";
        QTest::newRow("host cpus zero")
            << minimal(QString()) + QStringLiteral("host: {cpus: 0}\n") << 6 << "host.cpus"
            << "at least 1";
        QTest::newRow("negative size")
            << minimal(QString()) + QStringLiteral("host: {shm_bytes: -64MiB}\n") << 6
            << "host.shm_bytes"
            << "negative";
        // Values that break the files they are written into (a final newline cuts docker run's
        // argv; format characters hide or reorder text); ^...$ used to let a final newline
        // through.
        QTest::newRow("name with final newline")
            << minimal(QString()) + QStringLiteral("job: {name: \"train\\n\"}\n") << 6 << "job.name"
            << "line break (U+000A)";
        QTest::newRow("image with final newline")
            << minimal(QString()) + QStringLiteral("job: {image: \"pytorch/pytorch:2.6\\n\"}\n")
            << 6 << "job.image"
            << "line break";
        QTest::newRow("namespace with final newline")
            << minimal(QString()) + QStringLiteral("kubernetes: {namespace: \"ml\\n\"}\n") << 6
            << "kubernetes.namespace"
            << "line break";
        QTest::newRow("command with U+202E")
            << minimal(QString()) +
                   QStringLiteral("job: {command: [python, \"train\\u202Eyp.sh\"]}\n")
            << 6 << "job.command"
            << "format character U+202E";
        QTest::newRow("command with U+200B")
            << minimal(QString()) + QStringLiteral("job: {command: [\"py\\u200Bthon\", x.py]}\n")
            << 6 << "job.command"
            << "U+200B";
        QTest::newRow("name with U+200B")
            << minimal(QString()) + QStringLiteral("job: {name: \"tr\\u200Bain\"}\n") << 6
            << "job.name"
            << "format character U+200B";
        // -0 is no count and no number too large.
        QTest::newRow("minus zero")
            << "shmwise: 1\nenvironment: docker\nworkload: {sample_bytes: 1, batch_size: -0}\n"
            << 3 << "workload.batch_size"
            << "'-0' is not a count";
        QTest::newRow("big negative")
            << "shmwise: 1\nenvironment: docker\nworkload: {sample_bytes: 1, batch_size: "
               "-99999999999999999999999}\n"
            << 3 << "workload.batch_size"
            << "must not be negative";
        // A string where a number or a boolean is needed, however it is written.
        QTest::newRow("!!str count")
            << "shmwise: 1\nenvironment: docker\nworkload: {sample_bytes: 1, batch_size: !!str "
               "64}\n"
            << 3 << "workload.batch_size"
            << "tagged !!str";
        QTest::newRow("quoted count")
            << "shmwise: 1\nenvironment: docker\nworkload: {sample_bytes: 1, batch_size: \"64\"}\n"
            << 3 << "workload.batch_size"
            << "quoted, so YAML reads it as a string";
        QTest::newRow("!!str bool")
            << minimal(QStringLiteral("  pin_memory: !!str true\n")) << 6 << "workload.pin_memory"
            << "tagged !!str";
        // Bounds, so no absurd flag is ever written.
        QTest::newRow("gpus 2^64-1")
            << minimal(QString()) + QStringLiteral("job: {gpus: 18446744073709551615}\n") << 6
            << "job.gpus"
            << "at most 1024 GPUs";
        QTest::newRow("memory near 2^64")
            << minimal(QString()) + QStringLiteral("job: {memory_bytes: 18446744073709551615}\n")
            << 6 << "job.memory_bytes"
            << "more memory than any single machine";
        QTest::newRow("host memory 16000000 TiB")
            << minimal(QString()) + QStringLiteral("host: {memory_bytes: 16000000TiB}\n") << 6
            << "host.memory_bytes"
            << "more memory than any single machine";
        // 1EiB is a known unit now: a size that exists, but no machine's memory.
        QTest::newRow("job memory 1EiB")
            << minimal(QString()) + QStringLiteral("job: {memory_bytes: 1EiB}\n") << 6
            << "job.memory_bytes"
            << "more memory than any single machine";
        QTest::newRow("nccl version")
            << minimal(QString()) + QStringLiteral("nccl: {version: \"2.x\"}\n") << 6
            << "nccl.version"
            << "not an NCCL release";
        QTest::newRow("nccl nodes 0")
            << minimal(QString()) + QStringLiteral("nccl: {nodes: 0}\n") << 6 << "nccl.nodes"
            << "";
        QTest::newRow("nccl unknown key")
            << minimal(QString()) + QStringLiteral("nccl: {p2p: true, channels: 4}\n") << 6
            << "nccl.channels"
            << "";
        QTest::newRow("ray store below Ray's minimum")
            << minimal(QString()) + QStringLiteral("ray: {object_store_memory: 64MiB}\n") << 6
            << "ray.object_store_memory"
            << "75 MiB";
        QTest::newRow("ray unknown key")
            << minimal(QString()) + QStringLiteral("ray: {plasma_directory: /tmp}\n") << 6
            << "ray.plasma_directory"
            << "";
        QTest::newRow("trainer release unknown")
            << "shmwise: 1\nenvironment: kubernetes\nkubernetes: {kind: TrainJob, "
               "trainer_release: \"1.9\"}\nworkload: {sample_bytes: 1, batch_size: 1}\n"
            << 3 << "kubernetes.trainer_release"
            << "2.0, 2.1, 2.2, 2.3";
        QTest::newRow("rayjob name too long")
            << "shmwise: 1\nenvironment: kubernetes\nkubernetes: {kind: RayJob}\njob: {name: "
               "a-ray-job-whose-name-runs-past-what-kuberay-takes}\nworkload: {sample_bytes: 1, "
               "batch_size: 1}\n"
            << 4 << "job.name"
            << "at most 47";
        QTest::newRow("raycluster name starts with a digit")
            << "shmwise: 1\nenvironment: kubernetes\nkubernetes: {kind: RayCluster}\njob: {name: "
               "7b-ray}\nworkload: {sample_bytes: 1, batch_size: 1}\n"
            << 4 << "job.name"
            << "DNS-1035";
        QTest::newRow("duplicate tensor")
            << "shmwise: 1\nenvironment: docker\nworkload:\n  batch_size: 2\n  sample:\n"
               "    - {name: x, shape: [4], dtype: uint8}\n    - {name: x, shape: [4], dtype: "
               "uint8}\n"
            << 7 << "workload.sample[1].name"
            << "used twice";
    }
    void invalid()
    {
        QFETCH(QString, yaml);
        QFETCH(int, line);
        QFETCH(QString, key);
        QFETCH(QString, message);
        const ProfileResult r = parseProfile(yaml.toUtf8(), QStringLiteral("bad.yaml"));
        QVERIFY(!r.ok());
        QVERIFY(!r.profile.has_value()); // an invalid value is never replaced by a default
        QVERIFY(!r.problems.isEmpty());
        bool found = false;
        QStringList all;
        for (const ProfileProblem &p : r.problems) {
            all << p.toString();
            QCOMPARE(p.file, QStringLiteral("bad.yaml"));
            if (p.line == line && p.key == key && p.message.contains(message))
                found = true;
        }
        QVERIFY2(found, qPrintable(all.join(QLatin1Char('\n'))));
    }

    void garbageNeverCrashes()
    {
        // Bytes that are not YAML, deep nesting and binary noise: problems, not crashes.
        QByteArray deep;
        for (int i = 0; i < 2000; ++i)
            deep += '[';
        const QByteArray inputs[] = {
            QByteArray("\xff\xfe\x00\x01", 4),
            deep,
            QByteArray(":\n:\n:"),
            QByteArray("{{{"),
            QByteArray("shmwise: 1\nenvironment: docker\nworkload: 5\n"),
            QByteArray("shmwise: [1]\nenvironment: {a: b}\nworkload:\n  sample: {}\n"),
            QByteArray("&a [*a]"),
            QByteArray("? [a]\n: b\n")};
        for (const QByteArray &in : inputs) {
            const ProfileResult r = parseProfile(in, QStringLiteral("x"));
            QVERIFY(!r.ok());
            QVERIFY(!r.problems.isEmpty());
        }
    }

    // A million tensors that all share one name printed 80 MB of "used twice": the first 100
    // problems are listed, then one line counts the rest.
    // Docker's container names take what Kubernetes' do not (Train_1 was refused for Docker).
    void jobNamesPerEnvironment()
    {
        for (const char *env : {"docker", "podman", "compose", "bare-metal", "slurm"}) {
            const ProfileResult r = parseProfile(
                QByteArray("shmwise: 1\nenvironment: ") + env +
                    "\njob: {name: Train_1.v2}\nworkload: {preset: image-classification}\n",
                QStringLiteral("n.yaml"));
            QVERIFY2(r.ok(), env);
            QCOMPARE(validateProfile(*r.profile).size(), 0);
        }
        const ProfileResult swarm =
            parseProfile("shmwise: 1\nenvironment: swarm\njob: {name: Train_1}\nworkload: {preset: "
                         "image-classification}\n",
                         QStringLiteral("n.yaml"));
        QVERIFY(swarm.ok());
    }

    void problemsAreCapped()
    {
        QByteArray y("shmwise: 1\nenvironment: docker\nworkload:\n  batch_size: 2\n  sample:\n"
                     "    - &t {name: x, shape: [4], dtype: uint8}\n");
        for (int i = 0; i < 100000; ++i)
            y += "    - *t\n";
        const ProfileResult r = parseProfile(y, QStringLiteral("many.yaml"));
        QVERIFY(!r.ok());
        QCOMPARE(r.problems.size(), 101);
        QVERIFY2(
            r.problems.last().message.contains(QLatin1String("more problem(s) are not listed")),
            qPrintable(r.problems.last().toString()));
        QVERIFY2(r.problems.last().message.startsWith(QLatin1String("99900 ")),
                 qPrintable(r.problems.last().message));
        // A UTF-16 byte-order mark in front of UTF-8 text is named, not read as noise.
        const ProfileResult bom = parseProfile(
            QByteArray("\xff\xfeshmwise: 1\nenvironment: docker\n"), QStringLiteral("bom.yaml"));
        QVERIFY(!bom.ok());
        QVERIFY2(
            bom.problems.constFirst().message.contains(QLatin1String("UTF-16LE byte-order mark")),
            qPrintable(bom.problems.constFirst().toString()));
        // Nesting deeper than yaml-cpp goes is said as such ("bad file" before).
        const ProfileResult deep =
            parseProfile("shmwise: 1\nx: " + QByteArray(5000, '[') + QByteArray(5000, ']') + "\n",
                         QStringLiteral("deep.yaml"));
        QVERIFY(!deep.ok());
        QVERIFY2(deep.problems.constFirst().message.contains(QLatin1String("2000 levels")),
                 qPrintable(deep.problems.constFirst().toString()));
    }

    void roundTrip_data()
    {
        QTest::addColumn<QString>("yaml");
        QTest::newRow("full") << QString::fromUtf8(kFull);
        QTest::newRow("minimal") << minimal(QString());
        QTest::newRow("preset only")
            << "shmwise: 1\nenvironment: swarm\nworkload: {preset: audio-generation}\n";
        QTest::newRow("preset, workers off")
            << "shmwise: 1\nenvironment: docker\nworkload: {preset: video-clips, num_workers: 0}\n";
        QTest::newRow("odd sizes")
            << "shmwise: 1\nenvironment: bare-metal\nhost: {shm_bytes: 1000, cpus: 3, "
               "shm_adjustable: false}\n"
               "workload:\n  sample_bytes: 1.5GiB\n  batch_size: 3\n  num_workers: 1\n"
               "  start_method: spawn\n  sharing_strategy: file_system\n"
               "  dataset_resident_bytes: 12345\n";
        QTest::newRow("several loaders")
            << "shmwise: 1\nenvironment: docker\nloaders:\n"
               "  - {name: train, lifetime: parked, sample: [{name: w, shape: [2, 16000..160000], "
               "dtype: float32}], batch_size: 8, num_workers: 2}\n"
               "  - {name: val, lifetime: kept, collate: list, sample_bytes: 1MiB, batch_size: 4, "
               "num_workers: 1}\n"
               "  - {name: lm, dataset: iterable, batch_size: none, sample_bytes: 32KiB, "
               "num_workers: 2, dataset_resident_bytes: 64MiB, views_into_dataset: true}\n";
        QTest::newRow("nccl") << "shmwise: 1\nenvironment: docker\njob: {gpus: 8}\n"
                                 "nccl: {version: 2.21.5, p2p: false, nodes: 2, cumem_host: "
                                 "false}\nworkload: {sample_bytes: 4KiB, batch_size: 1, "
                                 "processes_per_node: 8}\n";
        QTest::newRow("ray default store") << "shmwise: 1\nenvironment: docker\nray: {}\n"
                                              "workload: {sample_bytes: 4KiB, batch_size: 1}\n";
        QTest::newRow("kuberay kind with a store")
            << "shmwise: 1\nenvironment: kubernetes\nkubernetes: {kind: RayJob}\n"
               "ray: {object_store_memory: 2GiB}\nworkload: {sample_bytes: 4KiB, batch_size: 1}\n";
        QTest::newRow("slurm enroot")
            << "shmwise: 1\nenvironment: slurm\nslurm: {container: enroot}\n"
               "job: {image: \"nvcr.io/nvidia/pytorch:24.12-py3\"}\n"
               "workload: {sample_bytes: 4KiB, batch_size: 1}\n";
        QTest::newRow("ray store and trainjob")
            << "shmwise: 1\nenvironment: kubernetes\nkubernetes: {kind: TrainJob, "
               "trainer_release: \"2.1\"}\nray: {object_store_memory: 8GiB}\n"
               "workload: {sample_bytes: 4KiB, batch_size: 1}\n";
        QTest::newRow("quoting") << "shmwise: 1\nenvironment: kubernetes\nkubernetes: {kind: "
                                    "PyTorchJob, namespace: ml}\n"
                                    "job: {name: a-b, image: \"registry.local:5000/team/img:v1\", "
                                    "command: [sh, -c, \"echo 'a: b' # x\"]}\n"
                                    "workload: {sample_bytes: 4KiB, batch_size: 1}\n";
    }
    void roundTrip()
    {
        QFETCH(QString, yaml);
        const ProfileResult first = parseProfile(yaml.toUtf8(), QStringLiteral("in"));
        QVERIFY(first.ok());
        const QByteArray written = writeProfile(*first.profile);
        const ProfileResult second = parseProfile(written, QStringLiteral("out"));
        for (const auto &p : second.problems)
            qWarning() << p.toString() << written;
        QVERIFY(second.ok());
        QVERIFY2(*second.profile == *first.profile, written.constData());
        QCOMPARE(writeProfile(*second.profile), written); // stable
        QVERIFY(validateProfile(*first.profile).isEmpty());
    }

    // The profile writer quotes such strings, and PyYAML (YAML 1.1, docker-compose's reader)
    // reads every one back as the same string.
    void writerQuotesOtherTypes()
    {
        Profile p = newProfile();
        p.job.name = QStringLiteral("123");
        p.kubernetes.ns = QStringLiteral("0x1f");
        p.job.command = {
            QStringLiteral("python"), QStringLiteral("train.py"), QStringLiteral("no"),
            QStringLiteral("on"),     QStringLiteral("012"),      QStringLiteral("1e3"),
            QStringLiteral("~"),      QStringLiteral("12:30"),    QStringLiteral(".inf"),
            QStringLiteral("1_000"),  QStringLiteral("$HOME")};
        p.workload.sample = {{QStringLiteral("on"), {4}, DType::UInt8},
                             {QStringLiteral("null"), {}, DType::Int64}};
        p.workload.sampleBytes.reset();
        QVERIFY(validateProfile(p).isEmpty());
        const QByteArray written = writeProfile(p);
        const ProfileResult back = parseProfile(written, QStringLiteral("out"));
        QVERIFY2(back.ok(), written.constData());
        QVERIFY(*back.profile == p);
        QVERIFY2(written.contains("name: \"123\""), written.constData());
        QVERIFY2(written.contains("\"on\""), written.constData());

        const QString python = QStringLiteral("/usr/bin/python3");
        const testutil::RunResult probe =
            testutil::run(python, {QStringLiteral("-c"), QStringLiteral("import yaml")});
        if (!probe.started || probe.exitCode != 0)
            QSKIP("PyYAML is not installed (Debian: python3-yaml)");
        const testutil::RunResult r = testutil::run(
            python,
            {QStringLiteral("-c"),
             QStringLiteral("import sys, yaml, json\n"
                            "d = yaml.safe_load(sys.stdin)\n"
                            "print(json.dumps([d['job']['name'], d['kubernetes']['namespace']] "
                            "+ d['job']['command'] + [t['name'] for t in "
                            "d['workload']['sample']]))\n")},
            written);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(QString::fromUtf8(r.out).trimmed(),
                 QStringLiteral("[\"123\", \"0x1f\", \"python\", \"train.py\", \"no\", \"on\", "
                                "\"012\", \"1e3\", \"~\", \"12:30\", \".inf\", \"1_000\", "
                                "\"$HOME\", \"on\", \"null\"]"));
    }

    // validateProfile() (the GUI's path) applies the same rules as the reader.
    void validateBuiltProfileRefusesHostileValues()
    {
        auto keysOf = [](const Profile &p) {
            QStringList keys;
            for (const auto &pr : validateProfile(p))
                keys << pr.key;
            return keys;
        };
        Profile p = newProfile();
        p.job.name = QStringLiteral("train\n");
        p.job.image = QStringLiteral("pytorch/pytorch:latest\n");
        p.job.command = {QStringLiteral("python"), QStringLiteral("a\u202Eb.py")};
        p.job.gpus = std::numeric_limits<quint64>::max();
        p.job.memoryBytes = std::numeric_limits<quint64>::max() - 5;
        const QStringList keys = keysOf(p);
        for (const char *k :
             {"job.name", "job.image", "job.command", "job.gpus", "job.memory_bytes"})
            QVERIFY2(keys.contains(QLatin1String(k)),
                     qPrintable(keys.join(QLatin1Char(' ')) + QLatin1Char(' ') + QLatin1String(k)));
        QVERIFY(keysOf(newProfile()).isEmpty());
    }

    void saveAndLoad()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("p.yaml"));
        const ProfileResult r = parseProfile(kFull, {});
        QVERIFY(r.ok());
        QString error;
        QVERIFY(saveProfile(*r.profile, path, &error));
        const ProfileResult back = loadProfile(path);
        QVERIFY(back.ok());
        QVERIFY(*back.profile == *r.profile);

        // Saving something else over it keeps the old one as a backup.
        Profile changed = *r.profile;
        changed.workload.batchSize = 128;
        QVERIFY(saveProfile(changed, path, &error));
        QCOMPARE(loadProfile(path).profile->workload.batchSize, quint64(128));
        QCOMPARE(loadProfile(path + QStringLiteral(".bak")).profile->workload.batchSize,
                 quint64(64));
    }

    void unreadable()
    {
        const ProfileResult r = loadProfile(QStringLiteral("/nonexistent/p.yaml"));
        QVERIFY(!r.ok());
        QCOMPARE(r.problems.size(), 1);
        QVERIFY(r.problems[0].toString().startsWith(QLatin1String("/nonexistent/p.yaml: ")));
    }

    void validateBuiltProfile()
    {
        Profile p;
        p.workload.sampleBytes = MiB;
        p.workload.batchSize = 0;
        p.workload.prefetchFactor = 2;
        p.job.name = QStringLiteral("Bad Name");
        const QVector<ProfileProblem> problems = validateProfile(p);
        QStringList keys;
        for (const auto &pr : problems)
            keys << pr.key;
        QVERIFY(keys.contains(QStringLiteral("workload.batch_size")));
        QVERIFY(keys.contains(QStringLiteral("workload.prefetch_factor")));
        QVERIFY(keys.contains(QStringLiteral("job.name")));
    }

    void documentedExamplesAreValid()
    {
        const QDir dir(testutil::sourceDir() + QStringLiteral("/docs/examples"));
        const QStringList files = dir.entryList({QStringLiteral("*.yaml")}, QDir::Files);
        QVERIFY(files.size() >= 4);
        for (const QString &f : files) {
            const ProfileResult r = loadProfile(dir.filePath(f));
            for (const auto &p : r.problems)
                qWarning() << p.toString();
            QVERIFY2(r.ok(), qPrintable(f));
        }
    }

    void shapes_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<QString>("formatted");
        QTest::newRow("commas") << "3, 224, 224" << true << "3, 224, 224";
        QTest::newRow("x") << "3x224x224" << true << "3, 224, 224";
        QTest::newRow("brackets") << "[3,224]" << true << "3, 224";
        QTest::newRow("scalar") << "" << true << "";
        QTest::newRow("scalar brackets") << "[]" << true << "";
        QTest::newRow("zero dim") << "0, 4" << true << "0, 4";
        QTest::newRow("negative") << "3, -1" << false << "";
        QTest::newRow("words") << "three" << false << "";
        QTest::newRow("float") << "2.5" << false << "";
        QTest::newRow("overflow") << "99999999999999999999999" << false << "";
        // An unknown dimension written as "x" between commas is not read as two separators.
        QTest::newRow("lone x") << "3, x, 224" << false << "";
        QTest::newRow("x spaced") << "3 x 224" << true << "3, 224";
        QTest::newRow("x after comma") << "3, 224 x" << false << "";
        QTest::newRow("x joined") << "3 x224x224" << true << "3, 224, 224";
        // As Python prints a shape: a newcomer pastes what print(x.shape) showed.
        QTest::newRow("torch.Size") << "torch.Size([3, 224, 224])" << true << "3, 224, 224";
        QTest::newRow("tuple") << "(3, 224, 224)" << true << "3, 224, 224";
        QTest::newRow("one-tuple") << "(16000,)" << true << "16000";
        QTest::newRow("empty Size") << "torch.Size([])" << true << "";
        QTest::newRow("unbalanced") << "(3, 224" << false << "";
    }
    void shapes()
    {
        QFETCH(QString, text);
        QFETCH(bool, ok);
        QFETCH(QString, formatted);
        QString error;
        const auto shape = parseShape(text, &error);
        QCOMPARE(shape.has_value(), ok);
        if (ok)
            QCOMPARE(formatShape(*shape), formatted);
        else
            QVERIFY(!error.isEmpty());
    }

    // shape: [-1, -1] is one problem on one line, said once (it was printed twice: once per
    // dimension, the same words at the same line); different problems on a line stay apart.
    void sameProblemSaidOnce()
    {
        const ProfileResult r =
            parseProfile("shmwise: 1\nenvironment: docker\nworkload:\n  sample:\n"
                         "    - {name: x, shape: [-1, -1], dtype: uint8}\n"
                         "  batch_size: 8\n  num_workers: 2\n",
                         QStringLiteral("s.yaml"));
        QVERIFY(!r.ok());
        QStringList lines;
        for (const ProfileProblem &p : r.problems)
            lines << p.toString();
        QCOMPARE(lines, QStringList{QStringLiteral(
                            "s.yaml:5: workload.sample[0].shape: must not be negative (got -1)")});
        const ProfileResult two =
            parseProfile("shmwise: 1\nenvironment: docker\nworkload:\n  sample:\n"
                         "    - {name: x, shape: [-1, -2], dtype: uint8}\n"
                         "  batch_size: 8\n  num_workers: 2\n",
                         QStringLiteral("s.yaml"));
        QCOMPARE(two.problems.size(), 2);
    }

    // A sample of more than 1 TiB is its tensor's shape to check, not the batch size.
    void hugeSampleNamesItsTensor()
    {
        const ProfileResult r =
            parseProfile("shmwise: 1\nenvironment: docker\nworkload:\n  sample:\n"
                         "    - {name: x, shape: [3, 224, 224, 99999999999], dtype: uint8}\n"
                         "  batch_size: 8\n  num_workers: 2\n",
                         QStringLiteral("h.yaml"));
        QVERIFY(!r.ok());
        QCOMPARE(r.problems.size(), 1);
        QCOMPARE(r.problems[0].key, QStringLiteral("workload.sample[0].shape"));
    }

    // grouped_batch_size: read, written back, and refused below 2.
    void groupedBatchSize()
    {
        const QByteArray yaml = "shmwise: 1\nenvironment: docker\nworkload:\n"
                                "  sample_bytes: 1MiB\n  batch_size: 1\n  grouped_batch_size: 16\n"
                                "  num_workers: 4\n";
        const ProfileResult r = parseProfile(yaml, QStringLiteral("g.yaml"));
        QVERIFY(r.ok());
        QCOMPARE(r.profile->workload.groupedBatchSize, quint64(16));
        const QByteArray written = writeProfile(*r.profile);
        QVERIFY2(written.contains("grouped_batch_size: 16"), written.constData());
        const ProfileResult back = parseProfile(written, QStringLiteral("w.yaml"));
        QVERIFY(back.ok() && back.profile->workload == r.profile->workload);
        QByteArray one = yaml;
        one.replace("grouped_batch_size: 16", "grouped_batch_size: 1");
        const ProfileResult refused = parseProfile(one, QStringLiteral("g.yaml"));
        QVERIFY(!refused.ok());
        QCOMPARE(refused.problems.constFirst().key, QStringLiteral("workload.grouped_batch_size"));
    }

    void newProfileIsValid()
    {
        const Profile p = newProfile();
        QVERIFY(validateProfile(p).isEmpty());
        QCOMPARE(p.workload.preset, QStringLiteral("image-classification"));
        const auto w = presetWorkload(QStringLiteral("video-clips"));
        QVERIFY(w);
        QCOMPARE(w->sample.constFirst().name, QStringLiteral("clip"));
        QVERIFY(!presetWorkload(QStringLiteral("nope")));
    }

    void names()
    {
        for (const QString &n : environmentNames())
            QCOMPARE(environmentName(*environmentFromName(n)), n);
        QVERIFY(!environmentFromName(QStringLiteral("Docker")));
        QCOMPARE(environmentDefaultShm(Environment::Docker).value_or(0), 64 * MiB);
        QCOMPARE(environmentDefaultShm(Environment::Kubernetes).value_or(0), 64 * MiB);
        QVERIFY(!environmentDefaultShm(Environment::BareMetal));
        // Not documented for hosted training: nothing may be fitted to a guess there.
        QVERIFY(!environmentDefaultShm(Environment::SageMaker));
        QVERIFY(!environmentDefaultShm(Environment::VertexAi));
        QCOMPARE(dtypeSize(DType::BFloat16), 2);
        QCOMPARE(dtypeSize(DType::Bool), 1);
        for (const QString &d : dtypeNames())
            QCOMPARE(dtypeName(*dtypeFromName(d)), d);
        for (const char *required :
             {"float32", "float16", "bfloat16", "int64", "int32", "uint8", "bool"})
            QVERIFY(dtypeFromName(QLatin1String(required)));
    }
};

QTEST_GUILESS_MAIN(TestProfile)
#include "tst_profile.moc"
