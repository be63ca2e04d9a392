// SPDX-License-Identifier: GPL-3.0-or-later
// Generated artifacts checked by the real tools that read them: the kernel mounts the fstab line,
// sysctl loads the System V file, Compose and the Docker CLI parse their files and flags, a
// Kubernetes schema validator reads the manifests, and the preflight runs under dash
// (tst_realloader runs the DataLoader code under real PyTorch). Every test skips, saying why, where
// its tool is missing. Nothing on the host changes: mounts and sysctls happen in private
// namespaces.
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

// The command that prints a Compose file's resolved configuration: Debian 12's docker-compose
// 1.29 or the v2 plugin (`docker compose`, Debian 13).
QStringList composeCommand()
{
    const QString v1 = QStandardPaths::findExecutable(QStringLiteral("docker-compose"));
    if (!v1.isEmpty())
        return {v1};
    const QString docker = QStandardPaths::findExecutable(QStringLiteral("docker"));
    if (!docker.isEmpty()) {
        const testutil::RunResult r =
            testutil::run(docker, {QStringLiteral("compose"), QStringLiteral("version")});
        if (r.started && r.exitCode == 0)
            return {docker, QStringLiteral("compose")};
    }
    return {};
}

QString npmToolsDir()
{
    const QString env = qEnvironmentVariable("SHMWISE_NPM_TOOLS");
    return env.isEmpty() ? QStringLiteral("/var/cache/shmwise/npm") : env;
}

// Validates every document of a manifest with kubernetes-models, whose validators are compiled
// from the Kubernetes OpenAPI schemas it ships (no network, no cluster). A PyTorchJob is a
// custom resource without a schema there: each replica's pod template is validated as a
// PodTemplateSpec, and the operator's own rules are checked by hand.
const char kValidateJs[] = R"JS(
const path = require("path");
const fs = require("fs");
const root = path.join(process.argv[2], "node_modules");
const yaml = require(path.join(root, "js-yaml"));
const km = (p) => require(path.join(root, "kubernetes-models", p));
const kinds = {
  "v1/Pod": () => km("v1/Pod").Pod,
  "apps/v1/Deployment": () => km("apps/v1/Deployment").Deployment,
  "batch/v1/Job": () => km("batch/v1/Job").Job,
};
const errors = [];
function check(what, make, obj) {
  try { new (make())(obj).validate(); } catch (e) { errors.push(what + ": " + e.message); }
}
for (const doc of yaml.loadAll(fs.readFileSync(process.argv[3], "utf8"))) {
  const key = doc.apiVersion + "/" + doc.kind;
  if (key === "kubeflow.org/v1/PyTorchJob") {
    const specs = (doc.spec || {}).pytorchReplicaSpecs || {};
    if (!specs.Master) errors.push("PyTorchJob: no Master replica spec");
    if (specs.Master && specs.Master.replicas !== 1) errors.push("PyTorchJob: Master needs 1 replica");
    for (const [role, spec] of Object.entries(specs)) {
      if (!["Master", "Worker"].includes(role)) errors.push("PyTorchJob: unknown replica type " + role);
      check(role + ".template", () => km("v1/PodTemplateSpec").PodTemplateSpec, spec.template);
      const names = ((spec.template || {}).spec || {}).containers || [];
      if (!names.some((c) => c.name === "pytorch")) errors.push(role + ": no container named pytorch");
    }
    check("metadata", () => km("v1/ConfigMap").ConfigMap, {metadata: doc.metadata});
  } else if (kinds[key]) {
    check(doc.kind, kinds[key], doc);
  } else {
    errors.push("unexpected kind " + key);
  }
}
if (errors.length) { console.error(errors.join("\n")); process.exit(1); }
console.log("valid");
)JS";

} // namespace

class TestRealTools : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // (1) The kernel mounts the fstab line, and the remount command resizes, at the planned size.
    void fstabMountsWithKernel_data()
    {
        QTest::addColumn<QString>("caseName");
        QTest::newRow("image-classification") << QStringLiteral("bare-metal-image-classification");
        QTest::newRow("many-tensors") << QStringLiteral("bare-metal-many-tensors");
    }
    void fstabMountsWithKernel()
    {
        QFETCH(QString, caseName);
        QString why;
        if (!testutil::canUseMountNamespace(&why))
            QSKIP(qPrintable(why));
        const Profile p = load(caseName);
        const Bytes size = configuredShm(computePlan(p));
        QTemporaryDir dir;
        const QString fstab = writeArtifact(dir, *find(caseName, QStringLiteral("fstab")));
        const QString remount = writeArtifact(dir, *find(caseName, QStringLiteral("remount")));
        // Mount from the fstab line alone (mount -T reads that file instead of /etc/fstab), then
        // shrink it and let the remount command bring it back to the planned size.
        const testutil::RunResult r = testutil::runWithShm(
            1 * MiB, QStringLiteral("sh"),
            {QStringLiteral("-c"),
             QStringLiteral("set -e; mount -T \"$1\" /dev/shm; df -B1 --output=size /dev/shm | "
                            "tail -n 1; grep \" /dev/shm \" /proc/self/mounts | tail -n 1; "
                            "mount -o remount,size=1m /dev/shm; sh \"$2\" >/dev/null; "
                            "df -B1 --output=size /dev/shm | tail -n 1"),
             QStringLiteral("sh"), fstab, remount});
        QVERIFY2(r.exitCode == 0, qPrintable(both(r)));
        const QStringList lines =
            QString::fromUtf8(r.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 3);
        QCOMPARE(lines.at(0).trimmed().toULongLong(), size);
        QVERIFY2(lines.at(1).contains(QLatin1String("nosuid")) &&
                     lines.at(1).contains(QLatin1String("nodev")),
                 qPrintable(lines.at(1)));
        QCOMPARE(lines.at(2).trimmed().toULongLong(), size);
    }

    // (1b) The remount script never shrinks /dev/shm: a larger one is left as it is (kernel mount
    // in a private namespace, size read back by df); a smaller one grows to the planned size.
    // Where the job needs nothing, the check script changes nothing either.
    void remountNeverShrinks()
    {
        QString why;
        if (!testutil::canUseMountNamespace(&why))
            QSKIP(qPrintable(why));
        const QString caseName = QStringLiteral("bare-metal-image-classification");
        const Bytes size = configuredShm(computePlan(load(caseName)));
        QTemporaryDir dir;
        const QString remount = writeArtifact(dir, *find(caseName, QStringLiteral("remount")));
        auto runAt = [&](Bytes shm, const QString &script) {
            return testutil::runWithShm(
                shm, QStringLiteral("sh"),
                {QStringLiteral("-c"),
                 QStringLiteral("sh \"$1\" || exit; df -B1 --output=size /dev/shm | tail -n 1"),
                 QStringLiteral("sh"), script});
        };
        auto sizeAfter = [](const testutil::RunResult &r) {
            const QStringList lines =
                QString::fromUtf8(r.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
            return lines.isEmpty() ? Bytes(0) : lines.last().trimmed().toULongLong();
        };
        const testutil::RunResult larger = runAt(4 * size, remount);
        QVERIFY2(larger.exitCode == 0, qPrintable(both(larger)));
        QCOMPARE(sizeAfter(larger), 4 * size);
        QVERIFY2(larger.out.contains("left as it is"), qPrintable(both(larger)));
        const testutil::RunResult equal = runAt(size, remount);
        QCOMPARE(sizeAfter(equal), size);
        const testutil::RunResult smaller = runAt(1 * MiB, remount);
        QVERIFY2(smaller.exitCode == 0, qPrintable(both(smaller)));
        QCOMPARE(sizeAfter(smaller), size);

        const QString check = writeArtifact(
            dir, *find(QStringLiteral("bare-metal-no-workers"), QStringLiteral("check-dev-shm")));
        const testutil::RunResult kept = runAt(3 * MiB, check);
        QVERIFY2(kept.exitCode == 0 && kept.out.contains("nothing to change"),
                 qPrintable(both(kept)));
        QCOMPARE(sizeAfter(kept), 3 * MiB);
    }

    // (2) sysctl -p loads the System V file in private mount and IPC namespaces where /proc/sys
    // is read-only except the three IPC keys; a value over the kernel's limit is refused.
    void sysctlLoadsInPrivateIpcNamespace()
    {
        if (geteuidIsNotRoot())
            QSKIP("needs root for private mount and IPC namespaces");
        const QString sysctl = QStandardPaths::findExecutable(
            QStringLiteral("sysctl"), {QStringLiteral("/usr/sbin"), QStringLiteral("/sbin")});
        const QString unshare = QStandardPaths::findExecutable(QStringLiteral("unshare"));
        if (sysctl.isEmpty() || unshare.isEmpty())
            QSKIP("sysctl (procps) or unshare (util-linux) is not installed");
        const testutil::RunResult probe = testutil::run(
            unshare, {QStringLiteral("-m"), QStringLiteral("-i"), QStringLiteral("--propagation"),
                      QStringLiteral("private"), QStringLiteral("true")});
        if (!probe.started || probe.exitCode != 0)
            QSKIP(qPrintable(QStringLiteral("cannot create private mount and IPC namespaces: ") +
                             both(probe)));

        QTemporaryDir dir;
        const QString file =
            writeArtifact(dir, *find(QStringLiteral("bare-metal-image-classification"),
                                     QStringLiteral("sysctl-sysv")));
        const QString bad = writeText(dir, QStringLiteral("bad.conf"), "kernel.shmmni = 40000\n");
        const QString script = QStringLiteral(
            "set -e\n"
            "mount --bind /proc/sys /proc/sys\n"
            "mount -o remount,bind,ro /proc/sys\n"
            "for k in shmmax shmall shmmni; do\n"
            "  mount --bind /proc/sys/kernel/$k /proc/sys/kernel/$k\n"
            "  mount -o remount,bind,rw /proc/sys/kernel/$k\n"
            "done\n"
            // Proves the isolation first, writing back the value it already has.
            "v=$(cat /proc/sys/vm/swappiness)\n"
            "if (echo \"$v\" >/proc/sys/vm/swappiness) 2>/dev/null; then\n"
            "  echo 'isolation broken: vm.swappiness is writable' >&2; exit 3\n"
            "fi\n"
            "echo 100 >/proc/sys/kernel/shmmni\n"
            "sysctl -p \"$1\"\n"
            "sysctl -n kernel.shmmax kernel.shmall kernel.shmmni\n"
            "if sysctl -p \"$2\" >/dev/null 2>&1; then echo 'shmmni 40000 accepted' >&2; "
            "exit 4; fi\n");
        const QByteArray hostBefore =
            testutil::run(sysctl, {QStringLiteral("-n"), QStringLiteral("kernel.shmmni")}).out;
        const testutil::RunResult r = testutil::run(
            unshare, {QStringLiteral("-m"), QStringLiteral("-i"), QStringLiteral("--propagation"),
                      QStringLiteral("private"), QStringLiteral("sh"), QStringLiteral("-c"), script,
                      QStringLiteral("sh"), file, bad});
        QVERIFY2(r.exitCode == 0, qPrintable(both(r)));
        // The namespace's shmmni was set to 100 first, so 4096 shows the file was applied.
        QVERIFY2(r.out.contains("18446744073692774399\n18446744073692774399\n4096\n"),
                 qPrintable(both(r)));
        QCOMPARE(testutil::run(sysctl, {QStringLiteral("-n"), QStringLiteral("kernel.shmmni")}).out,
                 hostBefore);
    }

    // (3) Compose reads the compose file and the Swarm stack; docker stack config reads the stack
    // as stack deploy would, without "Ignoring unsupported options".
    void composeConfig_data()
    {
        QTest::addColumn<QString>("caseName");
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("expect");
        QTest::newRow("compose") << QStringLiteral("compose-multimodal")
                                 << QStringLiteral("compose") << QStringLiteral("shm_size");
        // The docker environment's own compose file, beside its docker run command.
        QTest::newRow("compose-ulimits") << QStringLiteral("docker-many-tensors")
                                         << QStringLiteral("compose") << QStringLiteral("nofile");
        QTest::newRow("docker-compose-gpus")
            << QStringLiteral("docker-multimodal") << QStringLiteral("compose")
            << QStringLiteral("capabilities");
        QTest::newRow("swarm-stack")
            << QStringLiteral("swarm-video-clips") << QStringLiteral("swarm-stack")
            << QStringLiteral("2147483648"); // compose v1 writes it bare, v2 quoted
        QTest::newRow("swarm-stack-gpus")
            << QStringLiteral("swarm-multimodal") << QStringLiteral("swarm-stack")
            << QStringLiteral("generic_resources");
        // A service named 123, arguments on and 012, and a $HOME Compose must not expand.
        QTest::newRow("compose-yaml-lookalikes")
            << QStringLiteral("compose-yaml-lookalikes") << QStringLiteral("compose")
            << QStringLiteral("/runs");
        // Model servers: vLLM's entrypoint replaced, Triton's pool flags.
        QTest::newRow("compose-vllm") << QStringLiteral("docker-serving-vllm")
                                      << QStringLiteral("compose") << QStringLiteral("entrypoint");
        QTest::newRow("compose-triton")
            << QStringLiteral("compose-serving-triton-python") << QStringLiteral("compose")
            << QStringLiteral("tritonserver");
    }
    void composeConfig()
    {
        QFETCH(QString, caseName);
        QFETCH(QString, id);
        QFETCH(QString, expect);
        const QStringList compose = composeCommand();
        if (compose.isEmpty())
            QSKIP("neither docker-compose nor docker compose is installed");
        Profile p = load(caseName);
        // Docker jobs get a compose file of their own; other cases are turned into Compose jobs.
        if (id == QLatin1String("compose") && p.environment != Environment::Docker)
            p.environment = Environment::Compose;
        std::optional<Artifact> a;
        for (const Artifact &x : generateArtifacts(p, computePlan(p))) {
            if (x.id == id)
                a = x;
        }
        QVERIFY(a);
        QTemporaryDir dir;
        const QString file = writeArtifact(dir, *a);
        // A $ left to Compose would bring this marker into the resolved command.
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HOME"), QStringLiteral("/deployer-home-marker"));
        const testutil::RunResult r = testutil::run(
            compose.first(),
            compose.mid(1) + QStringList{QStringLiteral("-f"), file, QStringLiteral("config")}, {},
            60000, env);
        QVERIFY2(r.exitCode == 0, qPrintable(both(r)));
        QVERIFY2(r.out.contains(expect.toUtf8()), qPrintable(both(r)));
        QVERIFY2(!r.out.contains("deployer-home-marker"), qPrintable(both(r)));
        if (caseName == QLatin1String("compose-yaml-lookalikes")) {
            // Read as strings: the service key and the arguments keep their text.
            QVERIFY2(r.out.contains("'123':") || r.out.contains("\"123\":") ||
                         r.out.contains("\n  123:"),
                     qPrintable(both(r)));
            QVERIFY2(r.out.contains("'012'") || r.out.contains("\"012\""), qPrintable(both(r)));
            QVERIFY2(r.out.contains("$$HOME/runs") || r.out.contains("$HOME/runs"),
                     qPrintable(both(r)));
        }
        QVERIFY2(!r.err.contains("WARN") && !r.err.contains("Ignoring"), qPrintable(both(r)));

        // Not a rubber stamp: an unknown key fails.
        const QString broken = writeText(dir, QStringLiteral("broken.yaml"),
                                         a->text.toUtf8().replace("image:", "imagee:"));
        const testutil::RunResult rb = testutil::run(
            compose.first(),
            compose.mid(1) + QStringList{QStringLiteral("-f"), broken, QStringLiteral("config")});
        QVERIFY2(rb.exitCode != 0, qPrintable(both(rb)));

        if (id == QLatin1String("swarm-stack")) {
            const QString docker = QStandardPaths::findExecutable(QStringLiteral("docker"));
            if (docker.isEmpty())
                return;
            const testutil::RunResult s =
                testutil::run(docker, {QStringLiteral("stack"), QStringLiteral("config"),
                                       QStringLiteral("-c"), file});
            // `docker stack config` came with Docker 21; Debian 12's 20.10 CLI lacks it.
            if (s.exitCode != 0 && (both(s).contains(QLatin1String("unknown command")) ||
                                    both(s).contains(QLatin1String("unknown shorthand flag"))))
                return;
            QVERIFY2(s.exitCode == 0, qPrintable(both(s)));
            QVERIFY2(!both(s).contains(QLatin1String("Ignoring")), qPrintable(both(s)));
            QVERIFY2(s.out.contains(
                         QStringLiteral("size: %1").arg(configuredShm(computePlan(p))).toUtf8()),
                     qPrintable(both(s)));
            QVERIFY2(s.out.contains(expect.toUtf8()), qPrintable(both(s)));
        }
    }

    // (4) The Docker CLI parses the generated flags: it checks them before it looks for a daemon,
    // so with a socket that does not exist the only complaint must be the connection.
    void dockerCliParsesFlags_data()
    {
        QTest::addColumn<QString>("caseName");
        QTest::addColumn<QString>("id");
        for (const char *c :
             {"docker-object-detection", "docker-many-tensors", "docker-file-system-spawn",
              "docker-not-adjustable", "docker-serving-vllm", "docker-serving-sglang"}) {
            for (const char *id : {"docker-run", "docker-run-ipc-host"})
                QTest::newRow(
                    qPrintable(QStringLiteral("%1/%2").arg(QLatin1String(c), QLatin1String(id))))
                    << QString::fromLatin1(c) << QString::fromLatin1(id);
        }
    }
    void dockerCliParsesFlags()
    {
        QFETCH(QString, caseName);
        QFETCH(QString, id);
        if (QStandardPaths::findExecutable(QStringLiteral("docker")).isEmpty())
            QSKIP("the docker CLI is not installed (Debian: docker.io or docker-cli)");
        QTemporaryDir dir;
        const std::optional<Artifact> a = find(caseName, id);
        QVERIFY(a);
        const QString script = writeArtifact(dir, *a);
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("DOCKER_HOST"),
                   QStringLiteral("unix://") + dir.filePath(QStringLiteral("none.sock")));
        env.insert(QStringLiteral("DOCKER_CONFIG"), dir.filePath(QStringLiteral("config")));
        const testutil::RunResult r = testutil::run(QStringLiteral("sh"), {script}, {}, 30000, env);
        QVERIFY(r.exitCode != 0);
        QVERIFY2(both(r).contains(QLatin1String("Cannot connect to the Docker daemon")) ||
                     both(r).contains(QLatin1String("failed to connect")),
                 qPrintable(both(r)));
        QVERIFY2(!both(r).contains(QLatin1String("flag")), qPrintable(both(r)));

        // A misspelt flag is caught before the connection, so the check above can fail.
        const QString broken = writeText(dir, QStringLiteral("broken.sh"),
                                         a->text.toUtf8().replace("--name", "--nmae"));
        const testutil::RunResult rb =
            testutil::run(QStringLiteral("sh"), {broken}, {}, 30000, env);
        QVERIFY2(both(rb).contains(QLatin1String("unknown flag")), qPrintable(both(rb)));
    }

    // (5) The Kubernetes manifests pass the schema validator of kubernetes-models.
    void kubernetesSchema_data()
    {
        QTest::addColumn<QString>("caseName");
        for (const char *c : {"kubernetes-job-image-classification", "kubernetes-pod-no-memory",
                              "kubernetes-deployment-object-detection",
                              "kubernetes-pytorchjob-multimodal", "kubernetes-yaml-lookalikes",
                              "kubernetes-serving-vllm", "kubernetes-serving-triton-python"})
            QTest::newRow(c) << QString::fromLatin1(c);
    }
    void kubernetesSchema()
    {
        QFETCH(QString, caseName);
        const QString node = QStandardPaths::findExecutable(QStringLiteral("node"));
        const QString tools = npmToolsDir();
        if (node.isEmpty())
            QSKIP("node is not installed (Debian: nodejs)");
        if (!QFileInfo::exists(tools + QStringLiteral("/node_modules/kubernetes-models")))
            QSKIP(qPrintable(QStringLiteral("kubernetes-models not found in %1; run "
                                            "packaging/npm-tools.sh")
                                 .arg(tools)));
        const Profile p = load(caseName);
        const QVector<Artifact> artifacts = generateArtifacts(p, computePlan(p));
        QTemporaryDir dir;
        const QString js = writeText(dir, QStringLiteral("validate.js"), kValidateJs);
        const QString manifest = writeArtifact(dir, artifacts.first());
        const testutil::RunResult r = testutil::run(node, {js, tools, manifest});
        QVERIFY2(r.exitCode == 0, qPrintable(both(r)));

        // The validator rejects the classic mistake, so a pass above means something.
        QByteArray wrong = artifacts.first().text.toUtf8();
        const int at = wrong.indexOf("sizeLimit: ");
        QVERIFY(at > 0);
        const int end = wrong.indexOf('\n', at);
        wrong.replace(at, end - at, "sizeLimit: 8GB");
        const QString bad = writeText(dir, QStringLiteral("bad.yaml"), wrong);
        const testutil::RunResult rb = testutil::run(node, {js, tools, bad});
        QVERIFY2(rb.exitCode != 0 && rb.err.contains("sizeLimit"), qPrintable(both(rb)));
    }

    // (7) The preflight script passes at the size it checks for and fails, with its message,
    // below it or with a low open-file limit. Run by the system's POSIX sh (dash on Debian).
    void preflightPassesAndFails_data()
    {
        QTest::addColumn<QString>("caseName");
        QTest::newRow("many tensors") << QStringLiteral("docker-many-tensors");
        QTest::newRow("fitted") << QStringLiteral("docker-not-adjustable");
        QTest::newRow("no workers") << QStringLiteral("bare-metal-no-workers");
    }
    void preflightPassesAndFails()
    {
        QFETCH(QString, caseName);
        QString why;
        if (!testutil::canUseMountNamespace(&why))
            QSKIP(qPrintable(why));
        const Profile p = load(caseName);
        const ShmPlan plan = computePlan(p);
        QTemporaryDir dir;
        const QString script = writeArtifact(dir, *find(caseName, QStringLiteral("preflight")));
        const Bytes enough = p.shmAdjustable() ? configuredShm(plan) : *p.host.shmBytes;
        const QString high = QString::number(std::max<quint64>(plan.nofileLimit, 1024));
        auto runAt = [&](Bytes shm, const QString &nofile) {
            return testutil::runWithShm(
                shm, QStringLiteral("sh"),
                {QStringLiteral("-c"),
                 QStringLiteral("ulimit -n %1 && exec sh \"$0\" echo started").arg(nofile),
                 script});
        };
        const testutil::RunResult ok = runAt(enough, high);
        QVERIFY2(ok.exitCode == 0 && ok.out == "started\n", qPrintable(both(ok)));
        if (plan.requiredBytes > 0 && (p.shmAdjustable() ? plan.requiredBytes : enough) > 2 * MiB) {
            // A loader that fits itself to the free space at run time still runs: the
            // preflight only warns there, and stops the job everywhere else.
            const bool adaptive = gen::loaderFitsAtRunTime(p);
            const testutil::RunResult small = runAt(1 * MiB, high);
            QVERIFY2(small.exitCode == (adaptive ? 0 : 1) &&
                         small.err.contains("/dev/shm has 1 MiB free"),
                     qPrintable(both(small)));
            QCOMPARE(small.out.contains("started"), adaptive);
            QCOMPARE(small.err.contains("warning:"), adaptive);
            // Large enough, but another process holds most of it: free space is what counts.
            const testutil::RunResult held = testutil::runWithShm(
                enough, QStringLiteral("sh"),
                {QStringLiteral("-c"),
                 QStringLiteral("head -c %1 /dev/zero >/dev/shm/held && ulimit -n %2 && "
                                "exec sh \"$0\" echo started")
                     .arg(enough - MiB)
                     .arg(high),
                 script});
            QVERIFY2(held.exitCode == (adaptive ? 0 : 1) &&
                         held.err.contains(adaptive ? "will take leaner settings"
                                                    : "MiB free but this job needs"),
                     qPrintable(both(held)));
        }
        if (plan.nofileLimit > model::DefaultNofile) {
            const testutil::RunResult low = runAt(enough, QStringLiteral("256"));
            QVERIFY2(low.exitCode == 1 && low.err.contains("ulimit -n is 256"),
                     qPrintable(both(low)));
            // The real need (open files in flight plus the base), not the rounded-up limit.
            const quint64 need = plan.openFiles + model::BaseOpenFiles;
            QVERIFY(need < plan.nofileLimit);
            const testutil::RunResult exact = runAt(enough, QString::number(need));
            QVERIFY2(exact.exitCode == 0 && exact.out == "started\n", qPrintable(both(exact)));
            const testutil::RunResult under = runAt(enough, QString::number(need - 1));
            QVERIFY2(under.exitCode == 1, qPrintable(both(under)));
        }
    }

    // (8) Every generated shell script passes shellcheck as POSIX sh.
    void shellScriptsPassShellcheck()
    {
        const QString shellcheck = QStandardPaths::findExecutable(QStringLiteral("shellcheck"));
        if (shellcheck.isEmpty())
            QSKIP("shellcheck is not installed");
        QTemporaryDir dir;
        QStringList files;
        for (const QString &f : QDir(testutil::testData(QStringLiteral("golden")))
                                    .entryList({QStringLiteral("*.yaml")}, QDir::Files)) {
            const Profile p = load(f.chopped(5));
            for (const Artifact &a : generateArtifacts(p, computePlan(p))) {
                if (a.text.startsWith(QLatin1String("#!/bin/sh")))
                    files << writeArtifact(dir, a, f.chopped(5) + QLatin1Char('-'));
            }
        }
        QVERIFY(files.size() > 20);
        const testutil::RunResult r = testutil::run(
            shellcheck, QStringList{QStringLiteral("-s"), QStringLiteral("sh")} + files);
        QVERIFY2(r.exitCode == 0, qPrintable(both(r)));
    }

private:
    static bool geteuidIsNotRoot();
};

#include <unistd.h>

bool TestRealTools::geteuidIsNotRoot()
{
    return geteuid() != 0;
}

QTEST_GUILESS_MAIN(TestRealTools)
#include "tst_realtools.moc"
