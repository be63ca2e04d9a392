// SPDX-License-Identifier: GPL-3.0-or-later
// The monitoring files `generate` writes for every environment: Prometheus alerting rules judged
// by promtool (check rules, and test rules with series of the metrics `shmwise watch --textfile`
// writes, each alert fired and held back at the times its rule says), and the systemd service
// and timer judged by systemd-analyze verify, the service's command run for real.
#include "kubeletfixture.h"
#include "testutil.h"

#include "core/profile.h"
#include "core/sizing.h"
#include "generators/artifacts.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace shmwise;
using namespace testutil;

namespace {

Profile goldenProfile(const QString &name)
{
    const ProfileResult r = loadProfile(testData(QStringLiteral("golden/%1.yaml").arg(name)));
    if (!r.ok())
        qFatal("golden/%s.yaml does not load", qPrintable(name));
    return *r.profile;
}

const Artifact *find(const QVector<Artifact> &all, const char *id)
{
    for (const Artifact &a : all)
        if (a.id == QLatin1String(id))
            return &a;
    return nullptr;
}

bool write(const QString &path, const QString &text)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text.toUtf8()) >= 0;
}

// The rule's description as the file writes it (a YAML single-quoted scalar).
QString description(const QString &rules, const QString &alert)
{
    const int at = rules.indexOf(QStringLiteral("- alert: ") + alert + QLatin1Char('\n'));
    const int d = rules.indexOf(QStringLiteral("description: '"), at);
    if (at < 0 || d < 0)
        return QString();
    const int start = d + int(qstrlen("description: '"));
    QString text = rules.mid(start, rules.indexOf(QStringLiteral("'\n"), start) - start);
    return text.replace(QStringLiteral("''"), QStringLiteral("'"));
}

QString promtool(QString *why)
{
    const QString p = QStandardPaths::findExecutable(QStringLiteral("promtool"));
    if (p.isEmpty())
        *why = QStringLiteral("promtool is not installed (Debian: prometheus)");
    return p;
}

} // namespace

class TestMonitoring : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // Every environment gets the rules; a sampler only where the host reaches the job's
    // /dev/shm by a name known now, and the plan's own alert only for that target.
    void everyEnvironment()
    {
        for (int e = 0; e <= int(Environment::Ansible); ++e) {
            Profile p = goldenProfile(QStringLiteral("docker-image-classification"));
            p.environment = Environment(e);
            const ShmPlan plan = computePlan(p);
            const QVector<Artifact> all = generateArtifacts(p, plan);
            const Artifact *rules = find(all, "prometheus-rules");
            QVERIFY2(rules, qPrintable(environmentName(p.environment)));
            const bool local = p.environment == Environment::BareMetal ||
                               p.environment == Environment::Slurm ||
                               p.environment == Environment::Ansible;
            const bool kubernetes = p.environment == Environment::Kubernetes;
            const bool sampled = local || p.environment == Environment::Docker || kubernetes;
            QCOMPARE(find(all, "systemd-metrics-service") != nullptr, sampled);
            QCOMPARE(find(all, "systemd-metrics-timer") != nullptr, sampled);
            QCOMPARE(rules->text.contains(QLatin1String("ShmSmallerThanPlan")),
                     sampled && !kubernetes);
            QCOMPARE(rules->text.contains(QLatin1String("ShmEmptyDirSmallerThanPlan")), kubernetes);
            if (local)
                QVERIFY(rules->text.contains(QLatin1String("{target=\"local\"}")));
            else if (p.environment == Environment::Docker)
                QVERIFY(rules->text.contains(QLatin1String("{target=\"docker://train\"}")));
            else
                QVERIFY(!rules->text.contains(QLatin1String("target=")));
            if (kubernetes)
                QVERIFY(rules->text.contains(
                    QStringLiteral("shmwise_emptydir_size_bytes{namespace=\"default\"} < %1'")
                        .arg(plan.requiredBytes)));
            else if (sampled)
                QVERIFY(rules->text.contains(QStringLiteral(" < %1'").arg(plan.requiredBytes)));
        }
    }

    void rulesPassPromtool()
    {
        QString why;
        const QString tool = promtool(&why);
        if (tool.isEmpty())
            QSKIP(qPrintable(why));
        for (const char *name : {"bare-metal-image-classification", "docker-image-classification",
                                 "kubernetes-audio-generation"}) {
            const Profile p = goldenProfile(QLatin1String(name));
            const QVector<Artifact> all = generateArtifacts(p, computePlan(p));
            QTemporaryDir dir;
            const QString path = dir.filePath(QStringLiteral("shm-alerts.yml"));
            QVERIFY(write(path, find(all, "prometheus-rules")->text));
            const RunResult r = run(tool, {QStringLiteral("check"), QStringLiteral("rules"), path});
            QVERIFY2(r.exitCode == 0 && r.out.contains("SUCCESS"), r.out + r.err);
        }
        // The check itself: a broken expression is refused.
        QTemporaryDir dir;
        const QString bad = dir.filePath(QStringLiteral("bad.yml"));
        QVERIFY(write(bad, QStringLiteral("groups:\n  - name: x\n    rules:\n      - alert: A\n"
                                          "        expr: 'shmwise_shm_used_bytes >'\n")));
        QVERIFY(run(tool, {QStringLiteral("check"), QStringLiteral("rules"), bad}).exitCode != 0);
    }

    // Series of the metrics as `watch --textfile` writes them, and when each alert fires.
    void rulesFireAsSaid()
    {
        QString why;
        const QString tool = promtool(&why);
        if (tool.isEmpty())
            QSKIP(qPrintable(why));
        const Profile p = goldenProfile(QStringLiteral("bare-metal-image-classification"));
        const ShmPlan plan = computePlan(p);
        const QString rules = find(generateArtifacts(p, plan), "prometheus-rules")->text;
        QTemporaryDir dir;
        QVERIFY(write(dir.filePath(QStringLiteral("shm-alerts.yml")), rules));
        const QString labels = QStringLiteral("mount=\"/dev/shm\",host=\"h1\",target=\"local\"");
        const QString other =
            QStringLiteral("mount=\"/dev/shm\",host=\"h2\",target=\"docker://x\"");
        auto series = [](const QString &metric, const QString &l, const QString &values) {
            return QStringLiteral("      - series: '%1{%2}'\n        values: '%3'\n")
                .arg(metric, l, values);
        };
        auto alert = [](const QString &name, const QString &evalTime, const QString &expected) {
            return QStringLiteral("      - eval_time: %1\n        alertname: %2\n"
                                  "        exp_alerts:%3\n")
                .arg(evalTime, name, expected.isEmpty() ? QStringLiteral(" []") : expected);
        };
        auto one = [&](const QString &severity, const QString &summary, const QString &name,
                       const QString &extraLabels = QString()) {
            return QStringLiteral("\n          - exp_labels: {severity: %1, mount: /dev/shm, "
                                  "host: h1, target: local%2}\n"
                                  "            exp_annotations:\n"
                                  "              summary: '%3'\n"
                                  "              description: '%4'")
                .arg(severity, extraLabels, summary,
                     description(rules, name)
                         .replace(QStringLiteral("{{ $labels.target }}"), QStringLiteral("local"))
                         .replace(QLatin1Char('\''), QStringLiteral("''")));
        };
        // A /dev/shm of 1000 bytes, used 0 for 5 minutes, then 900 (90%); 100 bytes held by no
        // process from 1 minute on; quota and memory limit far from full. Another target's
        // /dev/shm, full, must raise nothing: the rules watch this job's target only.
        QString test = QStringLiteral("rule_files:\n  - shm-alerts.yml\nevaluation_interval: 30s\n"
                                      "tests:\n  - interval: 30s\n    input_series:\n");
        test += series(QStringLiteral("shmwise_shm_size_bytes"), labels, QStringLiteral("1000x80"));
        test +=
            series(QStringLiteral("shmwise_shm_used_bytes"), labels, QStringLiteral("0x9 900x70"));
        test +=
            series(QStringLiteral("shmwise_shm_leaked_bytes"), labels, QStringLiteral("0 100x80"));
        test +=
            series(QStringLiteral("shmwise_shm_quota_used_bytes"), labels, QStringLiteral("10x80"));
        test += series(QStringLiteral("shmwise_shm_quota_limit_bytes"), labels,
                       QStringLiteral("1000x80"));
        test += series(QStringLiteral("shmwise_shm_memory_current_bytes"), labels,
                       QStringLiteral("500x80"));
        test += series(QStringLiteral("shmwise_shm_memory_limit_bytes"), labels,
                       QStringLiteral("1000x80"));
        test += series(QStringLiteral("shmwise_shm_up"), labels, QStringLiteral("1x80"));
        test += series(QStringLiteral("shmwise_shm_size_bytes"), other, QStringLiteral("1000x80"));
        test += series(QStringLiteral("shmwise_shm_used_bytes"), other, QStringLiteral("1000x80"));
        test += series(QStringLiteral("shmwise_shm_up"), other, QStringLiteral("0x80"));
        test += series(QStringLiteral("node_textfile_mtime_seconds"),
                       QStringLiteral("file=\"/var/lib/prometheus/node-exporter/shmwise_shm.prom\","
                                      "instance=\"h1:9100\""),
                       QStringLiteral("0x80"));
        test += QStringLiteral("    alert_rule_test:\n");
        // 90% from 5 minutes on: pending for 5 minutes, firing after.
        test += alert(QStringLiteral("ShmFilling"), QStringLiteral("9m"), QString());
        test += alert(QStringLiteral("ShmFilling"), QStringLiteral("11m"),
                      one(QStringLiteral("warning"),
                          QStringLiteral("/dev/shm of local on h1 is 90% full"),
                          QStringLiteral("ShmFilling")));
        // 90% is below the critical 95%; the other target's 100% is not this job's.
        test += alert(QStringLiteral("ShmAlmostFull"), QStringLiteral("20m"), QString());
        test += alert(QStringLiteral("ShmQuotaFilling"), QStringLiteral("20m"), QString());
        test += alert(QStringLiteral("ShmMemoryLimitNear"), QStringLiteral("20m"), QString());
        test += alert(QStringLiteral("ShmSamplingFailed"), QStringLiteral("20m"), QString());
        // Leaked bytes for 30 minutes.
        test += alert(QStringLiteral("ShmLeakedFiles"), QStringLiteral("30m"), QString());
        test += alert(QStringLiteral("ShmLeakedFiles"), QStringLiteral("32m"),
                      one(QStringLiteral("warning"),
                          QStringLiteral("100B of /dev/shm of local on h1 is held by no process"),
                          QStringLiteral("ShmLeakedFiles")));
        // 1000 bytes is less than the plan's least.
        test += alert(QStringLiteral("ShmSmallerThanPlan"), QStringLiteral("6m"),
                      one(QStringLiteral("critical"),
                          QStringLiteral("/dev/shm of local on h1 is 1000B, less than the %1 "
                                         "bytes the job needs")
                              .arg(plan.requiredBytes),
                          QStringLiteral("ShmSmallerThanPlan")));
        // The metrics file not rewritten for more than five minutes, for five minutes.
        test += alert(QStringLiteral("ShmMetricsStale"), QStringLiteral("9m"), QString());
        test += alert(
            QStringLiteral("ShmMetricsStale"), QStringLiteral("15m"),
            QStringLiteral("\n          - exp_labels: {severity: warning, file: "
                           "/var/lib/prometheus/node-exporter/shmwise_shm.prom, instance: "
                           "'h1:9100'}\n"
                           "            exp_annotations:\n"
                           "              summary: 'The /dev/shm metrics on h1:9100 are 15m 0s "
                           "old'\n"
                           "              description: '%1'")
                .arg(description(rules, QStringLiteral("ShmMetricsStale"))));
        const QString testFile = dir.filePath(QStringLiteral("shm-alerts-test.yml"));
        QVERIFY(write(testFile, test));
        const RunResult r = run(tool, {QStringLiteral("test"), QStringLiteral("rules"), testFile});
        QVERIFY2(r.exitCode == 0 && r.out.contains("SUCCESS"), r.out + r.err + test.toUtf8());
        // The check itself: an alert said to fire that the series do not raise fails it.
        QString wrong = test;
        wrong.replace(QStringLiteral("alertname: ShmAlmostFull\n        exp_alerts: []"),
                      QStringLiteral("alertname: ShmAlmostFull\n        exp_alerts:\n"
                                     "          - exp_labels: {severity: critical}"));
        QVERIFY(wrong != test);
        QVERIFY(write(testFile, wrong));
        QVERIFY(run(tool, {QStringLiteral("test"), QStringLiteral("rules"), testFile}).exitCode !=
                0);
    }

    // A Kubernetes job: the rules on the kubelets' figures fire as they say (an emptyDir at 90%
    // for 5 minutes; a sizeLimit above the memory limit; another namespace's full one is not this
    // job's), and the service's command, run with a stand-in kubectl, writes the series they read.
    void kubernetesEmptyDirs()
    {
        Profile p = goldenProfile(QStringLiteral("kubernetes-audio-generation"));
        p.kubernetes.ns = QStringLiteral("ml");
        const ShmPlan plan = computePlan(p);
        const QVector<Artifact> all = generateArtifacts(p, plan);
        const QString rules = find(all, "prometheus-rules")->text;
        const Artifact *service = find(all, "systemd-metrics-service");
        QVERIFY(service);
        QVERIFY(service->text.contains(QLatin1String("--target k8s://ml/ --kubelet")));
        QString why;
        const QString tool = promtool(&why);
        if (!tool.isEmpty()) {
            QTemporaryDir dir;
            QVERIFY(write(dir.filePath(QStringLiteral("shm-alerts.yml")), rules));
            const QString labels =
                QStringLiteral("namespace=\"ml\",pod=\"train-0\",volume=\"dshm\",node=\"n1\"");
            const QString other =
                QStringLiteral("namespace=\"web\",pod=\"x\",volume=\"dshm\",node=\"n1\"");
            auto series = [](const QString &metric, const QString &l, const QString &values) {
                return QStringLiteral("      - series: '%1{%2}'\n        values: '%3'\n")
                    .arg(metric, l, values);
            };
            const QString big = QString::number(2 * plan.requiredBytes);
            QString test = QStringLiteral("rule_files:\n  - shm-alerts.yml\nevaluation_interval: "
                                          "30s\ntests:\n  - interval: 30s\n    input_series:\n");
            test += series(QStringLiteral("shmwise_emptydir_size_bytes"), labels,
                           big + QStringLiteral("x80"));
            test += series(QStringLiteral("shmwise_emptydir_used_bytes"), labels,
                           QStringLiteral("0x9 %1x70").arg(2 * plan.requiredBytes * 9 / 10));
            test += series(QStringLiteral("shmwise_emptydir_size_limit_bytes"), labels,
                           QStringLiteral("%1x80").arg(4 * plan.requiredBytes));
            test += series(QStringLiteral("shmwise_pod_memory_limit_bytes"), labels,
                           big + QStringLiteral("x80"));
            test += series(QStringLiteral("shmwise_emptydir_size_bytes"), other,
                           QStringLiteral("100x80"));
            test += series(QStringLiteral("shmwise_emptydir_used_bytes"), other,
                           QStringLiteral("100x80"));
            test += QStringLiteral("    alert_rule_test:\n");
            auto alert = [](const QString &name, const QString &at, bool fires) {
                return QStringLiteral("      - eval_time: %1\n        alertname: %2\n"
                                      "        exp_alerts:%3\n")
                    .arg(at, name,
                         fires ? QStringLiteral("\n          - exp_labels: {severity: %1, "
                                                "namespace: ml, pod: train-0, volume: dshm, "
                                                "node: n1}\n            exp_annotations:\n"
                                                "              summary: '%2'\n"
                                                "              description: '%3'")
                               : QStringLiteral(" []"));
            };
            auto firing = [&](const QString &name, const QString &at, const QString &severity,
                              const QString &summary) {
                return alert(name, at, true)
                    .arg(severity,
                         QString(summary).replace(QLatin1Char('\''), QStringLiteral("''")),
                         description(rules, name)
                             .replace(QStringLiteral("{{ $labels.namespace }}"),
                                      QStringLiteral("ml"))
                             .replace(QLatin1Char('\''), QStringLiteral("''")));
            };
            test += alert(QStringLiteral("ShmEmptyDirFilling"), QStringLiteral("9m"), false);
            test += firing(QStringLiteral("ShmEmptyDirFilling"), QStringLiteral("11m"),
                           QStringLiteral("warning"),
                           QStringLiteral("The memory emptyDir dshm of ml/train-0 on n1 is 90% "
                                          "full"));
            test += alert(QStringLiteral("ShmEmptyDirAlmostFull"), QStringLiteral("20m"), false);
            test += firing(QStringLiteral("ShmEmptyDirLimitAboveMemoryLimit"),
                           QStringLiteral("11m"), QStringLiteral("warning"),
                           QStringLiteral("The sizeLimit of dshm of ml/train-0 on n1 is above "
                                          "the pod's memory limit"));
            test +=
                alert(QStringLiteral("ShmEmptyDirSmallerThanPlan"), QStringLiteral("20m"), false);
            const QString testFile = dir.filePath(QStringLiteral("test.yml"));
            QVERIFY(write(testFile, test));
            const RunResult r =
                run(tool, {QStringLiteral("test"), QStringLiteral("rules"), testFile});
            QVERIFY2(r.exitCode == 0, r.out + r.err + test.toUtf8());
        } else {
            qWarning("%s: the rules are not run", qPrintable(why));
        }
        // The service's command with a stand-in kubectl serving a node's Summary.
        QTemporaryDir dir;
        const QString textfiles = dir.filePath(QStringLiteral("textfile"));
        QVERIFY(QDir().mkpath(textfiles));
        QVERIFY(write(dir.filePath(QStringLiteral("pods.txt")),
                      QString::fromUtf8(kubeletfixture::podLine(
                          QStringLiteral("ml"), QStringLiteral("train-0"), QStringLiteral("n1"),
                          QStringLiteral("8Gi"), QStringLiteral("8Gi"),
                          QStringLiteral("dshm/Memory/4Gi,")))));
        QVERIFY(write(dir.filePath(QStringLiteral("nodes.txt")), QStringLiteral("n1\t64Gi\n")));
        QVERIFY(write(
            dir.filePath(QStringLiteral("summary-n1.json")),
            QString::fromUtf8(kubeletfixture::summary(
                QStringLiteral("n1"),
                kubeletfixture::podStats(QStringLiteral("ml"), QStringLiteral("train-0"),
                                         QStringLiteral("dshm"), 4 * GiB, 1 * GiB, 2 * GiB)))));
        kubeletfixture::writeStandIn(dir.path());
        static const QRegularExpression exec(QStringLiteral(R"(^ExecStart=(.*)$)"),
                                             QRegularExpression::MultilineOption);
        QStringList args = QProcess::splitCommand(exec.match(service->text).captured(1));
        QCOMPARE(args.takeFirst(), QStringLiteral("/usr/bin/shmwise"));
        args[args.indexOf(QStringLiteral("--textfile")) + 1] = textfiles;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("PATH"),
                   dir.path() + QLatin1Char(':') + env.value(QStringLiteral("PATH")));
        const RunResult r = run(shmwiseBinary(), args, {}, 60000, env);
        QVERIFY2(r.exitCode == 0, r.out + r.err);
        QFile prom(QDir(textfiles).filePath(QStringLiteral("shmwise_shm.prom")));
        QVERIFY(prom.open(QIODevice::ReadOnly));
        const QString metrics = QString::fromUtf8(prom.readAll());
        // Every series the rules read, by the name they use.
        for (const char *metric :
             {"shmwise_emptydir_used_bytes", "shmwise_emptydir_size_bytes",
              "shmwise_emptydir_size_limit_bytes", "shmwise_pod_memory_limit_bytes"}) {
            QVERIFY2(metrics.contains(QLatin1String(metric) +
                                      QStringLiteral("{namespace=\"ml\",pod=\"train-0\"")),
                     qPrintable(metrics));
            QVERIFY(rules.contains(QLatin1String(metric)));
        }
        if (!tool.isEmpty()) {
            const RunResult check =
                run(tool, {QStringLiteral("check"), QStringLiteral("metrics")},
                    prom.fileName().isEmpty() ? QByteArray() : metrics.toUtf8());
            QVERIFY2(check.exitCode == 0, check.out + check.err);
        }
    }

    // The units as systemd reads them (the service's command pointed at this build's binary,
    // which the package installs as /usr/bin/shmwise), and the command itself run: it writes the
    // metrics file the rules read, with the target their selector names.
    void unitsPassSystemdAndRun()
    {
        const Profile p = goldenProfile(QStringLiteral("bare-metal-image-classification"));
        const QVector<Artifact> all = generateArtifacts(p, computePlan(p));
        const Artifact *service = find(all, "systemd-metrics-service");
        const Artifact *timer = find(all, "systemd-metrics-timer");
        QVERIFY(service && timer);
        QCOMPARE(service->fileName, QStringLiteral("shmwise-shm-metrics.service"));
        QCOMPARE(timer->fileName, QStringLiteral("shmwise-shm-metrics.timer"));
        QTemporaryDir dir;
        const QString textfiles = dir.filePath(QStringLiteral("textfile"));
        QVERIFY(QDir().mkpath(textfiles));
        QString serviceText = service->text;
        serviceText.replace(QStringLiteral("/usr/bin/shmwise"), shmwiseBinary());
        QVERIFY(serviceText.contains(QStringLiteral("/var/lib/prometheus/node-exporter")));
        QVERIFY(!serviceText.contains(QLatin1String("PrivateDevices")) ||
                serviceText.contains(QLatin1String("No PrivateDevices")));
        QVERIFY(write(dir.filePath(service->fileName), serviceText));
        QVERIFY(write(dir.filePath(timer->fileName), timer->text));
        const QString analyze = QStandardPaths::findExecutable(QStringLiteral("systemd-analyze"));
        if (!analyze.isEmpty()) {
            const RunResult r =
                run(analyze, {QStringLiteral("verify"), QStringLiteral("--man=no"),
                              dir.filePath(service->fileName), dir.filePath(timer->fileName)});
            // verify exits 0 on an unknown key and says so: any word about the units fails.
            QVERIFY2(r.exitCode == 0 && !r.err.contains("shmwise-shm-metrics") &&
                         !r.out.contains("shmwise-shm-metrics"),
                     r.out + r.err);
            // The check itself: a misspelt key is reported.
            QVERIFY(write(dir.filePath(timer->fileName),
                          QString(timer->text)
                              .replace(QStringLiteral("OnBootSec"), QStringLiteral("OnBootSecs"))));
            const RunResult bad =
                run(analyze, {QStringLiteral("verify"), QStringLiteral("--man=no"),
                              dir.filePath(service->fileName), dir.filePath(timer->fileName)});
            QVERIFY2(bad.err.contains("Unknown key"), bad.err);
        } else {
            qWarning("systemd-analyze is not installed: the units are not verified");
        }
        // ExecStart, run as systemd would (its textfile directory replaced).
        static const QRegularExpression exec(QStringLiteral(R"(^ExecStart=(.*)$)"),
                                             QRegularExpression::MultilineOption);
        const QRegularExpressionMatch m = exec.match(serviceText);
        QVERIFY(m.hasMatch());
        QStringList args = QProcess::splitCommand(m.captured(1));
        QCOMPARE(args.takeFirst(), shmwiseBinary());
        const int at = args.indexOf(QStringLiteral("--textfile"));
        QVERIFY(at >= 0);
        args[at + 1] = textfiles;
        const RunResult r = run(shmwiseBinary(), args);
        // SuccessExitStatus=3 4: below, at warn and at crit are all a sample written.
        QVERIFY2(r.exitCode == 0 || r.exitCode == 3 || r.exitCode == 4, r.err);
        QVERIFY(serviceText.contains(QStringLiteral("SuccessExitStatus=3 4")));
        QFile prom(QDir(textfiles).filePath(QStringLiteral("shmwise_shm.prom")));
        QVERIFY(prom.open(QIODevice::ReadOnly));
        const QString metrics = QString::fromUtf8(prom.readAll());
        QVERIFY2(metrics.contains(QStringLiteral("shmwise_shm_size_bytes{mount=\"/dev/shm\",")) &&
                     metrics.contains(QStringLiteral("target=\"local\"}")),
                 qPrintable(metrics));
        // Every metric the rules read is one watch writes (quota and memory limit where the
        // target has them).
        const QString rules = find(all, "prometheus-rules")->text;
        static const QRegularExpression used(QStringLiteral(R"(\b(shmwise_shm_\w+)\{)"));
        auto it = used.globalMatch(rules);
        int names = 0;
        while (it.hasNext()) {
            const QString name = it.next().captured(1);
            ++names;
            QVERIFY2(metrics.contains(QStringLiteral("# HELP ") + name + QLatin1Char(' ')) ||
                         name.startsWith(QLatin1String("shmwise_shm_quota_")) ||
                         name == QLatin1String("shmwise_shm_memory_limit_bytes"),
                     qPrintable(name));
        }
        QVERIFY(names >= 8);
    }
};

QTEST_GUILESS_MAIN(TestMonitoring)
#include "tst_monitoring.moc"
