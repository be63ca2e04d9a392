// SPDX-License-Identifier: GPL-3.0-or-later
// A cluster's view without exec (probes/clusterview): the pod's memory as the kubelet sizes its
// cgroup, the emptyDir's size as calculateEmptyDirMemorySize gives it, the jsonpath judged by
// the real kubectl on pod specs, the Summary API read, the findings, the kubectl calls (one per
// node, pinned) through a stand-in, and `shmwise watch --kubelet`.
#include "kubeletfixture.h"
#include "probes/clusterview.h"
#include "testutil.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace shmwise;
using namespace testutil;

namespace {

ClusterContainer c(std::optional<Bytes> limit, std::optional<Bytes> request = std::nullopt,
                   bool restartable = false)
{
    return {limit, request, restartable};
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeFile(const QString &path, const QByteArray &data)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QCOMPARE(f.write(data), data.size());
}

// Three nodes: n1 with a pod filling 15 of its 16 GiB dshm and one whose sizeLimit is above its
// memory limit; n2 with a pod whose init container has no memory limit; n3 whose kubelet cannot
// be reached. A pod without a memory emptyDir and one not scheduled yet.
void writeCluster(const QString &dir)
{
    using namespace kubeletfixture;
    QByteArray pods;
    pods += podLine(QStringLiteral("ml"), QStringLiteral("vllm-0"), QStringLiteral("n1"),
                    QStringLiteral("64Gi"), QStringLiteral("32Gi"),
                    QStringLiteral("model/Memory/16Gi,cache//,"));
    pods +=
        podLine(QStringLiteral("ml"), QStringLiteral("train-0"), QStringLiteral("n1"),
                QStringLiteral("8Gi"), QStringLiteral("8Gi"), QStringLiteral("dshm/Memory/32Gi,"));
    pods += "ml\ttrain-1\tn2\tRunning\t\t8Gi/8Gi,\t/1Gi/,\tdshm/Memory/,\n";
    pods += podLine(QStringLiteral("ml"), QStringLiteral("web-0"), QStringLiteral("n2"),
                    QStringLiteral("1Gi"), {}, QStringLiteral("tmp//,"));
    pods += podLine(QStringLiteral("ml"), QStringLiteral("train-2"), QStringLiteral("n3"),
                    QStringLiteral("8Gi"), QStringLiteral("8Gi"), QStringLiteral("dshm/Memory/,"));
    pods += podLine(QStringLiteral("ml"), QStringLiteral("train-3"), {}, QStringLiteral("8Gi"),
                    QStringLiteral("8Gi"), QStringLiteral("dshm/Memory/,"));
    writeFile(dir + QStringLiteral("/pods.txt"), pods);
    writeFile(dir + QStringLiteral("/nodes.txt"), "n1\t257600Mi\nn2\t131603436Ki\nn3\t64Gi\n");
    writeFile(dir + QStringLiteral("/summary-n1.json"),
              summary(QStringLiteral("n1"),
                      podStats(QStringLiteral("ml"), QStringLiteral("vllm-0"),
                               QStringLiteral("model"), 16 * GiB, 15 * GiB + 512 * MiB, 40 * GiB) +
                          "," +
                          podStats(QStringLiteral("ml"), QStringLiteral("train-0"),
                                   QStringLiteral("dshm"), 8 * GiB, 1 * GiB, 6 * GiB) +
                          "," +
                          podStats(QStringLiteral("other"), QStringLiteral("vllm-0"),
                                   QStringLiteral("model"), 16 * GiB, 1 * GiB, 2 * GiB)));
    // n2's kubelet mounted train-1's dshm at the node's allocatable: the pod has no limit.
    writeFile(dir + QStringLiteral("/summary-n2.json"),
              summary(QStringLiteral("n2"),
                      podStats(QStringLiteral("ml"), QStringLiteral("train-1"),
                               QStringLiteral("dshm"), 131603436 * KiB, 9 * GiB, 10 * GiB)));
}

} // namespace

class TestClusterView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // ResourceConfigForPod over PodLimits: the sum of the app containers and sidecars, an init
    // container's own limit with the sidecars started before it, the overhead; no limit when any
    // container lacks one.
    void podMemoryAsTheKubeletSizesTheCgroup()
    {
        ClusterPod p;
        p.containers = {c(8 * GiB, 4 * GiB), c(2 * GiB)};
        PodMemory m = podMemory(p);
        QCOMPARE(m.limit, std::optional<Bytes>(10 * GiB));
        QCOMPARE(m.request, 6 * GiB); // the second asks for its limit
        QVERIFY(!m.initWithoutLimit);

        p.initContainers = {c(1 * GiB, {}, true), c(12 * GiB)};
        p.overhead = 120 * MiB;
        m = podMemory(p);
        // max(8 + 2 + 1 (sidecar), 12 + 1 (init beside the sidecar before it)) + overhead.
        QCOMPARE(m.limit, std::optional<Bytes>(13 * GiB + 120 * MiB));
        QCOMPARE(m.request, 13 * GiB + 120 * MiB);

        // An init container without a limit removes the pod's (kubernetes#125852).
        p.initContainers = {c(std::nullopt, 1 * GiB)};
        m = podMemory(p);
        QVERIFY(!m.limit);
        QVERIFY(m.initWithoutLimit);

        // An app container without one: no limit either, and not for the init container's sake.
        p.initContainers.clear();
        p.containers = {c(8 * GiB), c(std::nullopt)};
        m = podMemory(p);
        QVERIFY(!m.limit);
        QVERIFY(!m.initWithoutLimit);
        // Nobody asks for memory: the request is unknown, not 0 asked for.
        p.containers = {c(std::nullopt)};
        QVERIFY(!podMemory(p).requestKnown);
    }

    // calculateEmptyDirMemorySize: node allocatable, lowered by a pod limit above zero and not
    // larger, then by a sizeLimit above zero and not larger.
    void emptyDirSize()
    {
        QCOMPARE(emptyDirMemorySize(256 * GiB, std::nullopt, std::nullopt), 256 * GiB);
        QCOMPARE(emptyDirMemorySize(256 * GiB, 8 * GiB, std::nullopt), 8 * GiB);
        QCOMPARE(emptyDirMemorySize(256 * GiB, 8 * GiB, 32 * GiB), 8 * GiB);
        QCOMPARE(emptyDirMemorySize(256 * GiB, 64 * GiB, 16 * GiB), 16 * GiB);
        QCOMPARE(emptyDirMemorySize(256 * GiB, std::nullopt, Bytes(0)), 256 * GiB);
        QCOMPARE(emptyDirMemorySize(4 * GiB, 8 * GiB, 16 * GiB), 4 * GiB);
    }

    // The jsonpath as the real kubectl evaluates it on pod specs (offline: `label --local` prints
    // each object of a file with the template), read back into the pod it describes.
    void realKubectlPrintsWhatIsRead()
    {
        const QString kubectl = QStandardPaths::findExecutable(QStringLiteral("kubectl"));
        if (kubectl.isEmpty())
            QSKIP("kubectl is not installed (Debian: kubernetes-client)");
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QByteArray pod = R"({"apiVersion":"v1","kind":"Pod",
 "metadata":{"name":"ddp-0","namespace":"ml"},
 "spec":{"nodeName":"gpu-7","overhead":{"memory":"120Mi"},
  "initContainers":[{"name":"fetch","image":"busybox","resources":{"requests":{"memory":"1Gi"}}},
   {"name":"log","image":"busybox","restartPolicy":"Always","resources":{"limits":{"memory":"512Mi"}}}],
  "containers":[{"name":"train","image":"pytorch","resources":{"limits":{"memory":"64Gi"},"requests":{"memory":"48Gi"}}},
   {"name":"exporter","image":"shmwise","resources":{"limits":{"memory":"64Mi"}}}],
  "volumes":[{"name":"dshm","emptyDir":{"medium":"Memory","sizeLimit":"16Gi"}},
   {"name":"scratch","emptyDir":{}},{"name":"cfg","configMap":{"name":"c"}},
   {"name":"shm2","emptyDir":{"medium":"Memory"}}]},
 "status":{"phase":"Running"}})";
        writeFile(dir.filePath(QStringLiteral("pod.json")), pod);
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("KUBECONFIG"), dir.filePath(QStringLiteral("none")));
        const RunResult r =
            run(kubectl,
                {QStringLiteral("label"), QStringLiteral("--local"), QStringLiteral("-f"),
                 dir.filePath(QStringLiteral("pod.json")), QStringLiteral("shmwise=test"),
                 QStringLiteral("-o"), QStringLiteral("jsonpath=") + clusterPodTemplate()},
                {}, 60000, env);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QString why;
        const auto pods = parseClusterPods(r.out, &why);
        QVERIFY2(pods, qPrintable(why + QStringLiteral(": ") + QString::fromUtf8(r.out)));
        QCOMPARE(pods->size(), 1);
        const ClusterPod &p = pods->constFirst();
        QCOMPARE(p.ns, QStringLiteral("ml"));
        QCOMPARE(p.name, QStringLiteral("ddp-0"));
        QCOMPARE(p.node, QStringLiteral("gpu-7"));
        QCOMPARE(p.phase, QStringLiteral("Running"));
        QCOMPARE(p.overhead, 120 * MiB);
        QCOMPARE(p.containers.size(), 2);
        QCOMPARE(p.containers.at(0).limit, std::optional<Bytes>(64 * GiB));
        QCOMPARE(p.containers.at(0).request, std::optional<Bytes>(48 * GiB));
        QVERIFY(!p.containers.at(1).request);
        QCOMPARE(p.initContainers.size(), 2);
        QVERIFY(!p.initContainers.at(0).limit);
        QVERIFY(!p.initContainers.at(0).restartable);
        QVERIFY(p.initContainers.at(1).restartable);
        QCOMPARE(p.memoryVolumes.size(), 2);
        QCOMPARE(p.memoryVolumes.at(0).name, QStringLiteral("dshm"));
        QCOMPARE(p.memoryVolumes.at(0).sizeLimit, std::optional<Bytes>(16 * GiB));
        QCOMPARE(p.memoryVolumes.at(1).name, QStringLiteral("shm2"));
        QVERIFY(!p.memoryVolumes.at(1).sizeLimit);
        const PodMemory m = podMemory(p);
        QVERIFY(!m.limit);
        QVERIFY(m.initWithoutLimit);
    }

    void parseErrorsNameTheLine()
    {
        QString why;
        QVERIFY(!parseClusterPods("ml\tp\tn\tRunning\t\t8Gi/,\t\t\n"
                                  "ml\tq\tn\tRunning\n",
                                  &why));
        QVERIFY2(why.contains(QStringLiteral("line 2")), qPrintable(why));
        QVERIFY(!parseClusterPods("ml\tp\tn\tRunning\t\t8 gigs/,\t\tdshm/Memory/,\n", &why));
        QVERIFY2(why.contains(QStringLiteral("line 1")), qPrintable(why));
        QVERIFY(!parseNodeAllocatable("n1\tlots\n", &why));
        QVERIFY(why.contains(QStringLiteral("lots")));
        QVERIFY(!parseKubeletSummary("{\"pods\":", &why));
        QVERIFY(why.contains(QStringLiteral("not JSON")));
        QVERIFY(!parseKubeletSummary("{\"pods\":{}}", &why));
        QVERIFY(why.contains(QStringLiteral("not an array")));
        // A node without pods answers without the array at all.
        QVERIFY(parseKubeletSummary("{\"node\":{\"nodeName\":\"n\"}}", &why));
    }

    // The whole view through the stand-in: one get pods, one get nodes, one Summary per node
    // with a memory emptyDir (never per pod), and what each pod's row says.
    void viewThroughStandIn()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        writeCluster(dir.path());
        ProbeOptions o;
        o.kubectlProgram = kubeletfixture::writeStandIn(dir.path());
        o.timeoutMs = 20000;
        const ClusterView v =
            readClusterView(QStringLiteral("ml"), QStringLiteral("app in (train,vllm)"), o, 2, {});
        QVERIFY2(v.error.isEmpty(), qPrintable(v.error));
        QCOMPARE(v.pods, 6);
        QCOMPARE(v.nodes, 3);
        QStringList calls = QString::fromUtf8(readAll(dir.filePath(QStringLiteral("kubectl.log"))))
                                .split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        calls.sort();
        const QStringList podArgs =
            clusterPodsCommand(QStringLiteral("ml"), QStringLiteral("app in (train,vllm)"), o)
                .arguments;
        QCOMPARE(
            podArgs.mid(0, 5),
            (QStringList{QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-n"),
                         QStringLiteral("ml"), QStringLiteral("--selector=app in (train,vllm)")}));
        QStringList expected{QStringLiteral("get --raw /api/v1/nodes/n1/proxy/stats/summary"),
                             QStringLiteral("get --raw /api/v1/nodes/n2/proxy/stats/summary"),
                             QStringLiteral("get --raw /api/v1/nodes/n3/proxy/stats/summary"),
                             clusterNodesCommand(o).arguments.join(QLatin1Char(' ')),
                             podArgs.join(QLatin1Char(' '))};
        expected.sort();
        QCOMPARE(calls, expected);

        QCOMPARE(v.rows.size(), 5); // web-0 has no memory emptyDir
        const ClusterRow &vllm = v.rows.at(0);
        QCOMPARE(vllm.pod, QStringLiteral("vllm-0"));
        QCOMPARE(vllm.used, std::optional<Bytes>(15 * GiB + 512 * MiB));
        QCOMPARE(vllm.effective, std::optional<Bytes>(16 * GiB));
        QCOMPARE(vllm.level, ClusterLevel::Crit); // 96.9% of 16 GiB
        QVERIFY(vllm.findings.join(QLatin1Char('\n')).contains(QStringLiteral("(97%)")));
        // Its 40 GiB working set is above the 32 GiB it asks for.
        QVERIFY(vllm.findings.join(QLatin1Char('\n')).contains(QStringLiteral("evicts")));

        const ClusterRow &train0 = v.rows.at(1);
        QCOMPARE(train0.effective, std::optional<Bytes>(8 * GiB));
        QCOMPARE(train0.level, ClusterLevel::Ok);
        QVERIFY(train0.findings.join(QLatin1Char('\n'))
                    .contains(QStringLiteral("sizeLimit 32 GiB is above the pod's memory limit "
                                             "8 GiB")));

        const ClusterRow &train1 = v.rows.at(2);
        QVERIFY(!train1.memory.limit);
        QVERIFY(train1.memory.initWithoutLimit);
        QCOMPARE(train1.effective, std::optional<Bytes>(131603436 * KiB));
        QCOMPARE(train1.capacity, train1.effective);
        QVERIFY(train1.findings.join(QLatin1Char('\n')).contains(QStringLiteral("125852")));

        const ClusterRow &train2 = v.rows.at(3);
        QVERIFY2(train2.error.contains(QStringLiteral("NotFound")), qPrintable(train2.error));
        QVERIFY(!train2.used);
        const ClusterRow &train3 = v.rows.at(4);
        QVERIFY(train3.error.contains(QStringLiteral("not scheduled")));

        // The other namespace's pod of the same name on n1 is not taken for ours.
        const QJsonObject j = clusterRowToJson(vllm);
        QCOMPARE(j.value(QStringLiteral("used_bytes")).toDouble(), double(15 * GiB + 512 * MiB));
        QCOMPARE(j.value(QStringLiteral("level")).toString(), QStringLiteral("crit"));

        const QByteArray prom = clusterPrometheusText(v.rows);
        QVERIFY(prom.contains("shmwise_emptydir_used_bytes{namespace=\"ml\",pod=\"vllm-0\","
                              "volume=\"model\",node=\"n1\"} 16642998272\n"));
        QVERIFY(prom.contains("# TYPE shmwise_emptydir_size_bytes gauge\n"));
    }

    // Without the right to list nodes, the view goes on with the kubelets' own sizes.
    void nodesForbidden()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        writeCluster(dir.path());
        QFile::remove(dir.filePath(QStringLiteral("nodes.txt")));
        ProbeOptions o;
        o.kubectlProgram = kubeletfixture::writeStandIn(dir.path());
        const ClusterView v = readClusterView(QStringLiteral("ml"), {}, o, 8, {});
        QVERIFY(v.error.isEmpty());
        QVERIFY2(v.nodesNote.contains(QStringLiteral("Forbidden")), qPrintable(v.nodesNote));
        QCOMPARE(v.rows.at(0).capacity, std::optional<Bytes>(16 * GiB));
        QVERIFY(!v.rows.at(0).effective);
        QCOMPARE(v.rows.at(0).level, ClusterLevel::Crit);
    }

    // A node name that would change the API path asked for is never put into one.
    void hostileNodeNameNotAsked()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        writeFile(dir.filePath(QStringLiteral("pods.txt")),
                  kubeletfixture::podLine(QStringLiteral("ml"), QStringLiteral("p"),
                                          QStringLiteral("../../../api/v1/secrets?x="),
                                          QStringLiteral("8Gi"), {},
                                          QStringLiteral("dshm/Memory/,")));
        writeFile(dir.filePath(QStringLiteral("nodes.txt")), "n1\t64Gi\n");
        ProbeOptions o;
        o.kubectlProgram = kubeletfixture::writeStandIn(dir.path());
        const ClusterView v = readClusterView(QStringLiteral("ml"), {}, o, 8, {});
        QCOMPARE(v.nodes, 0);
        QCOMPARE(v.rows.size(), 1);
        QVERIFY2(v.rows.first().error.contains(QStringLiteral("not a node name")),
                 qPrintable(v.rows.first().error));
        QVERIFY(!readAll(dir.filePath(QStringLiteral("kubectl.log"))).contains("--raw"));
    }

    void podsUnlisted()
    {
        ProbeOptions o;
        o.kubectlProgram = QStringLiteral("/nonexistent/kubectl");
        const ClusterView v = readClusterView(QStringLiteral("ml"), {}, o, 8, {});
        QVERIFY2(v.error.contains(QStringLiteral("cannot run")), qPrintable(v.error));
        QVERIFY(v.rows.isEmpty());
    }

    // `shmwise watch --kubelet`: the table, the exit status of the worst pod, JSON and the text
    // file, and refused command lines.
    void watchCommand()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        writeCluster(dir.path());
        kubeletfixture::writeStandIn(dir.path());
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("PATH"),
                   dir.path() + QLatin1Char(':') + env.value(QStringLiteral("PATH")));
        const QString bin = shmwiseBinary();
        RunResult r = run(bin,
                          {QStringLiteral("watch"), QStringLiteral("--target"),
                           QStringLiteral("k8s://ml/"), QStringLiteral("--kubelet"),
                           QStringLiteral("--once"), QStringLiteral("--textfile"), dir.path()},
                          {}, 60000, env);
        // train-2's node cannot be read: 2 (not sampled) above vllm-0's crit.
        QCOMPARE(r.exitCode, 2);
        const QString text = QString::fromUtf8(r.out);
        QVERIFY2(
            text.contains(QStringLiteral("6 pods listed, 5 memory emptyDir volumes, 3 kubelets")),
            qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("POD")));
        QVERIFY(text.contains(QStringLiteral("vllm-0")));
        QVERIFY(text.contains(QStringLiteral("kubernetes#125852")));
        QVERIFY(readAll(dir.filePath(QStringLiteral("shmwise_shm.prom")))
                    .contains("shmwise_emptydir_used_bytes{"));

        // Without the unreachable node: crit is the worst.
        QByteArray pods = readAll(dir.filePath(QStringLiteral("pods.txt")));
        QList<QByteArray> lines = pods.split('\n');
        pods.clear();
        for (const QByteArray &l : lines)
            if (!l.contains("train-2") && !l.contains("train-3") && !l.isEmpty())
                pods += l + '\n';
        writeFile(dir.filePath(QStringLiteral("pods.txt")), pods);
        r = run(bin,
                {QStringLiteral("watch"), QStringLiteral("--target"), QStringLiteral("k8s://ml/"),
                 QStringLiteral("--kubelet"), QStringLiteral("--samples"), QStringLiteral("2"),
                 QStringLiteral("--interval"), QStringLiteral("1s"), QStringLiteral("--json")},
                {}, 60000, env);
        QCOMPARE(r.exitCode, 4);
        const QList<QByteArray> samples = r.out.trimmed().split('\n');
        QCOMPARE(samples.size(), 2);
        const QJsonObject o = QJsonDocument::fromJson(samples.at(1)).object();
        QCOMPARE(o.value(QStringLiteral("pods")).toArray().size(), 3);
        QCOMPARE(o.value(QStringLiteral("nodes_asked")).toInt(), 2);

        // Refused: no namespace target, an inventory, a fast interval, a bad selector.
        const QList<QStringList> bad = {
            {QStringLiteral("--kubelet")},
            {QStringLiteral("--kubelet"), QStringLiteral("--target"),
             QStringLiteral("k8s://ml/pod")},
            {QStringLiteral("--kubelet"), QStringLiteral("--target"), QStringLiteral("k8s://ml/"),
             QStringLiteral("--interval"), QStringLiteral("200ms")},
            {QStringLiteral("--kubelet"), QStringLiteral("--target"), QStringLiteral("k8s://ml/"),
             QStringLiteral("--selector"), QStringLiteral("app=$(reboot)")},
            {QStringLiteral("--kubelet"), QStringLiteral("--target"), QStringLiteral("k8s://ml/"),
             QStringLiteral("--jobs"), QStringLiteral("0")}};
        for (const QStringList &args : bad) {
            r = run(bin, QStringList{QStringLiteral("watch")} + args, {}, 30000, env);
            QVERIFY2(r.exitCode == 2, qPrintable(args.join(QLatin1Char(' '))));
            QVERIFY2(!r.err.isEmpty(), qPrintable(args.join(QLatin1Char(' '))));
        }
    }
};

QTEST_GUILESS_MAIN(TestClusterView)
#include "tst_clusterview.moc"
