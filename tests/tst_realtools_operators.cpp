// SPDX-License-Identifier: GPL-3.0-or-later
// Generated files of the operators' kinds and of CI containers, checked by the real tools: the
// pinned CRDs with the operators' admission rules (KubeRay, Kubeflow Trainer, Kyverno), GitHub's
// own workflow parser, the Docker CLI's flag parsing and Python's TOML reader.
#include "core/sizing.h"
#include "generators/gen_common.h"
#include "realtools.h"

#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace shmwise;
using namespace shmwise::gen;
using namespace shmwise::realtools;

namespace {
QString npmToolsDir()
{
    const QString env = qEnvironmentVariable("SHMWISE_NPM_TOOLS");
    return env.isEmpty() ? QStringLiteral("/var/cache/shmwise/npm") : env;
}
} // namespace

class TestRealToolsOperators : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // KubeRay's, Kubeflow Trainer's and Kyverno's resources pass their pinned CRDs with
    // unknown fields refused and the operators' admission rules (the differential test's judge,
    // tests/differential/k8s-judge.js); one slip in each is refused.
    void operatorKindsPassTheirCrds_data()
    {
        QTest::addColumn<QString>("caseName");
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::newRow("rayjob") << "kubernetes-rayjob-train"
                                << "k8s-rayjob"
                                << "maxReplicas: 2"
                                << "maxReplicas: 1";
        QTest::newRow("raycluster") << "kubernetes-raycluster-store"
                                    << "k8s-raycluster"
                                    << "rayStartParams:"
                                    << "rayStartParam:";
        QTest::newRow("trainjob v2.0") << "kubernetes-trainjob-v2.0"
                                       << "k8s-trainjob"
                                       << "podSpecOverrides"
                                       << "podTemplateOverrides";
        QTest::newRow("trainjob v2.1") << "kubernetes-trainjob-v2.1"
                                       << "k8s-trainjob"
                                       << "- name: node\n            volumeMounts"
                                       << "- name: trainer\n            volumeMounts";
        QTest::newRow("trainjob v2.3") << "kubernetes-trainjob-v2.3"
                                       << "k8s-trainjob"
                                       << "manager: shmwise.io/dev-shm"
                                       << "manager: shmwise";
        QTest::newRow("kyverno policy") << "kubernetes-image-classification"
                                        << "k8s-kyverno-policy"
                                        << "background: false"
                                        << "background: never";
    }
    void operatorKindsPassTheirCrds()
    {
        QFETCH(QString, caseName);
        QFETCH(QString, id);
        QFETCH(QString, from);
        QFETCH(QString, to);
        const QString node = QStandardPaths::findExecutable(QStringLiteral("node"));
        const QString tools = npmToolsDir();
        if (node.isEmpty())
            QSKIP("node is not installed (Debian: nodejs)");
        if (!QFileInfo::exists(tools + QStringLiteral("/node_modules/ajv")))
            QSKIP(qPrintable(
                QStringLiteral("ajv not found in %1; run packaging/npm-tools.sh").arg(tools)));
        const QString judge = QStringLiteral(SHMWISE_SOURCE_DIR "/tests/differential/k8s-judge.js");
        const std::optional<Artifact> a = find(caseName, id);
        QVERIFY(a);
        QTemporaryDir dir;
        const testutil::RunResult r = testutil::run(node, {judge, tools, writeArtifact(dir, *a)});
        QVERIFY2(r.exitCode == 0, qPrintable(both(r)));
        QVERIFY(a->text.contains(from));
        QByteArray wrong = a->text.toUtf8();
        wrong.replace(from.toUtf8(), to.toUtf8());
        const testutil::RunResult rb =
            testutil::run(node, {judge, tools, writeText(dir, QStringLiteral("bad.yaml"), wrong)});
        QVERIFY2(rb.exitCode == 1, qPrintable(both(rb)));
    }

    // GitHub's own workflow parser takes the CI workflow, and the Docker CLI takes its
    // container options (docker create, as the runner runs it); GitLab Runner's config.toml is
    // TOML whose shm_size is the integer gitlab-runner reads.
    void ciContainers_data()
    {
        QTest::addColumn<QString>("caseName");
        for (const char *c : {"docker-object-detection", "docker-ray-train"})
            QTest::newRow(c) << QString::fromLatin1(c);
    }
    void ciContainers()
    {
        QFETCH(QString, caseName);
        QTemporaryDir dir;
        const std::optional<Artifact> toml = find(caseName, QStringLiteral("ci-gitlab-runner"));
        const std::optional<Artifact> gh = find(caseName, QStringLiteral("ci-github-actions"));
        QVERIFY(toml && gh);
        const QString py = QStandardPaths::findExecutable(QStringLiteral("python3"));
        if (!py.isEmpty()) {
            const char check[] =
                "import sys, tomllib\n"
                "c = tomllib.load(open(sys.argv[1], 'rb'))\n"
                "d = c['runners'][0]['docker']\n"
                "assert c['runners'][0]['executor'] == 'docker'\n"
                "assert type(d['shm_size']) is int and 0 < d['shm_size'] < 2**63, d\n"
                "print(d['shm_size'])\n";
            const QString script = writeText(dir, QStringLiteral("toml.py"), check);
            const testutil::RunResult r = testutil::run(py, {script, writeArtifact(dir, *toml)});
            QVERIFY2(r.exitCode == 0, qPrintable(both(r)));
            const Profile p = load(caseName);
            QCOMPARE(r.out.trimmed().toULongLong(), shmSize(computePlan(p)));
        }
        const QString node = QStandardPaths::findExecutable(QStringLiteral("node"));
        const QString parser =
            npmToolsDir() + QStringLiteral("/node_modules/@actions/workflow-parser");
        if (node.isEmpty() || !QFileInfo::exists(parser))
            QSKIP(qPrintable(
                QStringLiteral("node or %1 is missing; run packaging/npm-tools.sh").arg(parser)));
        const QString judge =
            QStringLiteral(SHMWISE_SOURCE_DIR "/tests/helpers/workflow-judge.mjs");
        const testutil::RunResult r =
            testutil::run(node, {judge, npmToolsDir(), writeArtifact(dir, *gh)});
        QVERIFY2(r.exitCode == 0, qPrintable(both(r)));
        const QString options = QString::fromUtf8(r.out)
                                    .section(QStringLiteral("options "), 1)
                                    .section(QLatin1Char('\n'), 0, 0)
                                    .trimmed();
        QVERIFY2(options.contains(QLatin1String("--shm-size=")), qPrintable(both(r)));
        QByteArray wrong = gh->text.toUtf8();
        wrong.replace("      options:", "      option:");
        const testutil::RunResult rb = testutil::run(
            node, {judge, npmToolsDir(), writeText(dir, QStringLiteral("bad.yml"), wrong)});
        QVERIFY2(rb.exitCode == 1, qPrintable(both(rb)));
        if (QStandardPaths::findExecutable(QStringLiteral("docker")).isEmpty())
            return;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("DOCKER_HOST"),
                   QStringLiteral("unix://") + dir.filePath(QStringLiteral("none.sock")));
        env.insert(QStringLiteral("DOCKER_CONFIG"), dir.filePath(QStringLiteral("config")));
        const testutil::RunResult d =
            testutil::run(QStringLiteral("docker"),
                          QStringList{QStringLiteral("create")} + QProcess::splitCommand(options) +
                              QStringList{QStringLiteral("pytorch/pytorch")},
                          {}, 30000, env);
        QVERIFY2(!both(d).contains(QLatin1String("flag")) &&
                     !both(d).contains(QLatin1String("invalid")),
                 qPrintable(both(d)));
    }

    // A command holding GitHub expressions (a pull request's title) runs as the text it is:
    // GitHub's parser takes the workflow, and its expressions evaluated with a hostile title
    // leave the braces as written (the same line without ShmWise's escaping is shown to let
    // the title in, so the check can fail).
    void ciWorkflowExpressionsStayText()
    {
        const QString node = QStandardPaths::findExecutable(QStringLiteral("node"));
        const QString parser =
            npmToolsDir() + QStringLiteral("/node_modules/@actions/workflow-parser");
        if (node.isEmpty() || !QFileInfo::exists(parser))
            QSKIP(qPrintable(
                QStringLiteral("node or %1 is missing; run packaging/npm-tools.sh").arg(parser)));
        Profile p = load(QStringLiteral("docker-object-detection"));
        const QString title = QStringLiteral("${{ github.event.pull_request.title }}");
        p.job.command = {QStringLiteral("python"), QStringLiteral("train.py"),
                         QStringLiteral("--tag=") + title, QStringLiteral("x${{y")};
        std::optional<Artifact> gh;
        for (const Artifact &a : generateArtifacts(p, computePlan(p)))
            if (a.id == QLatin1String("ci-github-actions"))
                gh = a;
        QVERIFY(gh);
        QTemporaryDir dir;
        const QString judge =
            QStringLiteral(SHMWISE_SOURCE_DIR "/tests/helpers/workflow-judge.mjs");
        const testutil::RunResult r =
            testutil::run(node, {judge, npmToolsDir(), writeArtifact(dir, *gh)});
        QVERIFY2(r.exitCode == 0, qPrintable(both(r)));
        const QString run = QString::fromUtf8(r.out).section(QStringLiteral(": run "), 1);
        QVERIFY2(run.contains(QStringLiteral("--tag=") + title) &&
                     run.contains(QLatin1String("x${{y")) &&
                     !run.contains(QLatin1String("INJECTED")),
                 qPrintable(both(r)));
        QByteArray raw = gh->text.toUtf8();
        raw.replace("x${{ '${{' }}y", "xy");
        raw.replace("${{ '${{' }}", "${{");
        const testutil::RunResult rb = testutil::run(
            node, {judge, npmToolsDir(), writeText(dir, QStringLiteral("raw.yml"), raw)});
        QVERIFY2(both(rb).contains(QLatin1String("--tag=INJECTED")), qPrintable(both(rb)));
    }
};

QTEST_GUILESS_MAIN(TestRealToolsOperators)
#include "tst_realtools_operators.moc"
