// SPDX-License-Identifier: GPL-3.0-or-later
// A Kubernetes fleet by label selector (probes/podlist): the selector's check, the exact kubectl
// command, a stand-in kubectl on PATH that lists pods and runs the probe it gets like `kubectl
// exec`, and `shmwise probe --target k8s://NAMESPACE/ --selector` end to end.
#include "testutil.h"

#include "probes/podlist.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace shmwise;

namespace {

// kubectl as the tests need it: `get pods` prints PODS (or fails with FAIL), `exec` runs the
// probe from stdin; every call's arguments are appended to kubectl.log.
QString writeKubectl(const QTemporaryDir &dir, const QByteArray &pods, const QByteArray &fail = {})
{
    const QString path = dir.filePath(QStringLiteral("kubectl"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write("#!/bin/sh\n"
            "printf '%s\\n' \"$*\" >> \"$0.log\"\n"
            "case $1 in\n"
            "get)\n");
    if (!fail.isEmpty())
        f.write("    echo '" + fail + "' >&2; exit 1 ;;\n");
    else
        f.write("    printf '" + pods + "' ;;\n");
    f.write("exec) exec sh -s ;;\n"
            "esac\n");
    f.close();
    f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    return path;
}

// kubectl whose `get pods` runs the shell text GET.
QString writeKubectlRunning(const QTemporaryDir &dir, const QByteArray &get)
{
    const QString path = dir.filePath(QStringLiteral("kubectl-run"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write("#!/bin/sh\ncase $1 in\nget) " + get + " ;;\nesac\n");
    f.close();
    f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    return path;
}

} // namespace

class TestPodList : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void selectors()
    {
        QVERIFY(checkLabelSelector(QStringLiteral("app=train")).isEmpty());
        QVERIFY(
            checkLabelSelector(QStringLiteral("job-name=ddp,role in (worker, master)")).isEmpty());
        QVERIFY(checkLabelSelector(QStringLiteral("training.kubeflow.org/job-name=vit,!canary"))
                    .isEmpty());
        QVERIFY(!checkLabelSelector(QString()).isEmpty());
        QVERIFY(!checkLabelSelector(QStringLiteral("app=train;rm -rf /")).isEmpty());
        QVERIFY(!checkLabelSelector(QStringLiteral("$(id)")).isEmpty());
        QVERIFY(!checkLabelSelector(QStringLiteral("-n kube-system")).isEmpty());
        QVERIFY(!checkLabelSelector(QStringLiteral("app=a\nb")).isEmpty());
    }

    void namespaces()
    {
        QCOMPARE(podFleetNamespace(QStringLiteral("k8s://ml/")),
                 std::optional<QString>(QStringLiteral("ml")));
        QCOMPARE(podFleetNamespace(QStringLiteral("k8s:///")), std::optional<QString>(QString()));
        QVERIFY(!podFleetNamespace(QStringLiteral("k8s://ml/train-0")));
        QVERIFY(!podFleetNamespace(QStringLiteral("k8s://ml")));
        QVERIFY(!podFleetNamespace(QStringLiteral("k8s://-n/")));
        QVERIFY(!podFleetNamespace(QStringLiteral("ssh://ml/")));
    }

    void command()
    {
        ProbeOptions o;
        const ProbeCommand c = podListCommand(QStringLiteral("ml"), QStringLiteral("app=train"), o);
        QCOMPARE(c.program, QStringLiteral("kubectl"));
        QCOMPARE(c.arguments,
                 (QStringList{
                     QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-n"),
                     QStringLiteral("ml"), QStringLiteral("--selector=app=train"),
                     QStringLiteral("--field-selector=status.phase=Running"), QStringLiteral("-o"),
                     QStringLiteral("jsonpath={range .items[*]}{.metadata.name}{\"\\n\"}{end}")}));
        QVERIFY(!podListCommand(QString(), QStringLiteral("a=b"), o)
                     .arguments.contains(QStringLiteral("-n")));
    }

    void listing()
    {
        QTemporaryDir dir;
        ProbeOptions o;
        o.kubectlProgram = writeKubectl(dir, "ddp-master-0\\nddp-worker-0\\nddp-worker-1\\n");
        PodListing l = listPods(QStringLiteral("ml"), QStringLiteral("job=ddp"), o);
        QVERIFY2(l.error.isEmpty(), qPrintable(l.error));
        QCOMPARE(l.targets, (QStringList{QStringLiteral("k8s://ml/ddp-master-0"),
                                         QStringLiteral("k8s://ml/ddp-worker-0"),
                                         QStringLiteral("k8s://ml/ddp-worker-1")}));
        l = listPods(QString(), QStringLiteral("job=ddp"), o);
        QCOMPARE(l.targets.first(), QStringLiteral("k8s://ddp-master-0"));
        // Nothing running: said, with the namespace and the selector.
        o.kubectlProgram = writeKubectl(dir, "");
        l = listPods(QStringLiteral("ml"), QStringLiteral("job=none"), o);
        QVERIFY(l.targets.isEmpty());
        QVERIFY2(l.error.contains(QLatin1String("job=none")) &&
                     l.error.contains(QLatin1String("ml")),
                 qPrintable(l.error));
        // kubectl's own failure, as kubectl says it.
        o.kubectlProgram =
            writeKubectl(dir, "", "error: You must be logged in to the server (Unauthorized)");
        l = listPods(QStringLiteral("ml"), QStringLiteral("job=ddp"), o);
        QVERIFY2(l.error.contains(QLatin1String("Unauthorized")), qPrintable(l.error));
        // A name that is no pod name never becomes a target.
        o.kubectlProgram = writeKubectl(dir, "ok-0\\n-x;rm\\n");
        l = listPods(QStringLiteral("ml"), QStringLiteral("job=ddp"), o);
        QVERIFY(l.targets.isEmpty());
        QVERIFY(!l.error.isEmpty());
        // A refused selector never reaches kubectl.
        QFile::remove(o.kubectlProgram + QStringLiteral(".log"));
        l = listPods(QStringLiteral("ml"), QStringLiteral("$(reboot)"), o);
        QVERIFY(!l.error.isEmpty());
        QVERIFY(!QFile::exists(o.kubectlProgram + QStringLiteral(".log")));
    }

    // A hostile or broken kubectl: output without end is read up to MaxPodListBytes and
    // kubectl stopped there; more pods than an inventory may name are refused, saying so.
    void listingIsBounded()
    {
        QTemporaryDir dir;
        ProbeOptions o;
        o.timeoutMs = 60000;
        // Names without end, on stdout and stderr at once.
        o.kubectlProgram = writeKubectlRunning(
            dir, "yes pod-name-that-goes-on >&2 & echo $! > \"$0.pid\"; exec yes ddp-worker-0");
        QElapsedTimer t;
        t.start();
        PodListing l = listPods(QStringLiteral("ml"), QStringLiteral("job=ddp"), o);
        QVERIFY2(t.elapsed() < 30000, qPrintable(QString::number(t.elapsed())));
        QVERIFY(l.targets.isEmpty());
        QVERIFY2(l.error.contains(QLatin1String("more than")) &&
                     l.error.contains(QString::number(MaxPods)) &&
                     l.error.contains(QLatin1String("stopped")),
                 qPrintable(l.error));
        // The background writer of stderr, which kubectl left, is ours to end.
        QFile pidFile(o.kubectlProgram + QStringLiteral(".pid"));
        if (pidFile.open(QIODevice::ReadOnly)) {
            const qint64 pid = pidFile.readAll().trimmed().toLongLong();
            if (pid > 0)
                QProcess::execute(QStringLiteral("kill"), {QString::number(pid)});
        }
        // One pod more than an inventory may name.
        o.kubectlProgram = writeKubectlRunning(
            dir, QStringLiteral("awk 'BEGIN { for (i = 0; i < %1; i++) print \"w-\" i }'")
                     .arg(MaxPods + 1)
                     .toUtf8());
        l = listPods(QStringLiteral("ml"), QStringLiteral("job=ddp"), o);
        QVERIFY(l.targets.isEmpty());
        QVERIFY2(l.error.contains(QString::number(MaxPods + 1)) &&
                     l.error.contains(QString::number(MaxPods)) &&
                     l.error.contains(QLatin1String("narrow the selector")),
                 qPrintable(l.error));
        // As many as an inventory may name: all of them.
        o.kubectlProgram = writeKubectlRunning(
            dir, QStringLiteral("awk 'BEGIN { for (i = 0; i < %1; i++) print \"w-\" i }'")
                     .arg(MaxPods)
                     .toUtf8());
        l = listPods(QStringLiteral("ml"), QStringLiteral("job=ddp"), o);
        QVERIFY2(l.error.isEmpty(), qPrintable(l.error));
        QCOMPARE(l.targets.size(), MaxPods);
        QCOMPARE(l.targets.last(), QStringLiteral("k8s://ml/w-%1").arg(MaxPods - 1));
    }

    // The command line: every pod the selector picks is probed, in the fleet table.
    void probeFleetBySelector()
    {
        QTemporaryDir dir;
        const QString kubectl = writeKubectl(dir, "train-0\\ntrain-1\\n");
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("PATH"),
                   dir.path() + QLatin1Char(':') + env.value(QStringLiteral("PATH")));
        testutil::RunResult r = testutil::run(
            testutil::shmwiseBinary(),
            {QStringLiteral("probe"), QStringLiteral("--target"), QStringLiteral("k8s://ml/"),
             QStringLiteral("--selector"), QStringLiteral("app=train"), QStringLiteral("--json")},
            {}, 60000, env);
        QVERIFY2(r.exitCode == 0 || r.exitCode == 1, r.err.constData());
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        const QJsonArray hosts = o.value(QStringLiteral("hosts")).toArray();
        QCOMPARE(hosts.size(), 2);
        QFile log(kubectl + QStringLiteral(".log"));
        QVERIFY(log.open(QIODevice::ReadOnly));
        const QString calls = QString::fromUtf8(log.readAll());
        QVERIFY2(calls.contains(QLatin1String("get pods -n ml --selector=app=train")),
                 qPrintable(calls));
        QVERIFY2(calls.contains(QLatin1String("exec -i -n ml train-0 -- sh -s")),
                 qPrintable(calls));
        QVERIFY2(calls.contains(QLatin1String("exec -i -n ml train-1 -- sh -s")),
                 qPrintable(calls));
        // A namespace target without a selector, and a selector without one: said, exit 2.
        r = testutil::run(
            testutil::shmwiseBinary(),
            {QStringLiteral("probe"), QStringLiteral("--target"), QStringLiteral("k8s://ml/")}, {},
            30000, env);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--selector"), r.err.constData());
        r = testutil::run(
            testutil::shmwiseBinary(),
            {QStringLiteral("probe"), QStringLiteral("--selector"), QStringLiteral("app=train")},
            {}, 30000, env);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("k8s://NAMESPACE/"), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestPodList)
#include "tst_podlist.moc"
