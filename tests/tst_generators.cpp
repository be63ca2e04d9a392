// SPDX-License-Identifier: GPL-3.0-or-later
// Golden files for every environment's artifacts, and properties every artifact must have
// whatever the profile: sizes in each tool's syntax that read back to at least what the plan
// requires, notes on real lines, DataLoader arguments PyTorch accepts.
#include "core/fit.h"
#include "core/presets.h"
#include "core/profile.h"
#include "core/serving.h"
#include "core/sizing.h"
#include "generatorcheck.h"
#include "generators/artifacts.h"
#include "generators/gen_dataloader_p.h"
#include "testutil.h"
#include "validators/validators.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using namespace shmwise;

using namespace gencheck;

class TestGenerators : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void golden_data()
    {
        QTest::addColumn<QString>("caseName");
        const QStringList files =
            QDir(goldenDir()).entryList({QStringLiteral("*.yaml")}, QDir::Files, QDir::Name);
        QVERIFY2(!files.isEmpty(), qPrintable(goldenDir()));
        for (const QString &f : files) {
            const QString name = f.chopped(5);
            QTest::newRow(qPrintable(name)) << name;
        }
    }

    void golden()
    {
        QFETCH(QString, caseName);
        const Profile profile = loadGolden(caseName);
        // Every loader has a sample; a server that runs no loader has none.
        QVERIFY(!profile.workload.sample.isEmpty() || profile.workload.sampleBytes ||
                serving::serverOnly(profile));
        const QVector<Artifact> artifacts = generateArtifacts(profile, computePlan(profile));

        QVector<QPair<QString, QByteArray>> outputs;
        for (const Artifact &a : artifacts)
            outputs.append({a.fileName + QStringLiteral(".expected"), a.text.toUtf8()});
        outputs.append(
            {QStringLiteral("explanations.txt.expected"), explanations(artifacts).toUtf8()});

        QDir dir(goldenDir() + QLatin1Char('/') + caseName);
        if (regenerate()) {
            QVERIFY(dir.mkpath(QStringLiteral(".")));
            for (const QString &stale : dir.entryList({QStringLiteral("*.expected")}, QDir::Files))
                QVERIFY(dir.remove(stale));
            for (const auto &o : outputs)
                QVERIFY(writeAll(dir.filePath(o.first), o.second));
            return;
        }
        QStringList expectedFiles = dir.entryList({QStringLiteral("*.expected")}, QDir::Files);
        QStringList generatedFiles;
        for (const auto &o : outputs)
            generatedFiles << o.first;
        expectedFiles.sort();
        generatedFiles.sort();
        QVERIFY2(expectedFiles == generatedFiles,
                 qPrintable(QStringLiteral("%1: expected files %2, generated %3; run "
                                           "tests/helpers/regen-golden.sh if that is intended")
                                .arg(caseName, expectedFiles.join(QLatin1Char(' ')),
                                     generatedFiles.join(QLatin1Char(' ')))));
        bool same = true;
        for (const auto &o : outputs) {
            const QByteArray expected = readAll(dir.filePath(o.first));
            if (expected != o.second) {
                same = false;
                qWarning().noquote()
                    << unifiedDiff(caseName + QLatin1Char('/') + o.first, expected, o.second);
            }
        }
        QVERIFY2(same, "generated text differs from the golden files (diff above); run "
                       "tests/helpers/regen-golden.sh if the change is intended");
    }

    void goldenCoversEveryEnvironmentTimesPreset()
    {
        for (const QString &env : environmentNames()) {
            for (const PresetInfo &p : presets()) {
                const QString name = env + QLatin1Char('-') + p.id;
                QVERIFY2(
                    QFile::exists(goldenDir() + QLatin1Char('/') + name + QStringLiteral(".yaml")),
                    qPrintable(name));
                const Profile profile = loadGolden(name);
                QCOMPARE(environmentName(profile.environment), env);
                QCOMPARE(profile.workload.preset, p.id);
            }
        }
    }

    // Each model server has files of its own (its image, command and flags); vLLM's and
    // Triton's in Kubernetes too.
    void goldenCoversEveryServer()
    {
        QSet<QString> servers;
        for (const QString &f :
             QDir(goldenDir()).entryList({QStringLiteral("*.yaml")}, QDir::Files)) {
            const Profile p = loadGolden(f.chopped(5));
            if (p.serving.used)
                servers << serverName(p.serving.server) + QLatin1Char('/') +
                               environmentName(p.environment);
        }
        for (const QString &s : serverNames())
            if (s != QLatin1String("torchserve"))
                QVERIFY2(servers.contains(s + QStringLiteral("/docker")) ||
                             servers.contains(s + QStringLiteral("/compose")),
                         qPrintable(s));
        QVERIFY(servers.contains(QStringLiteral("vllm/kubernetes")));
        QVERIFY(servers.contains(QStringLiteral("triton-python/kubernetes")));
        // vLLM's image runs `vllm serve` as its entrypoint: docker run replaces it.
        const QVector<Artifact> vllm =
            generateArtifacts(loadGolden(QStringLiteral("docker-serving-vllm")),
                              computePlan(loadGolden(QStringLiteral("docker-serving-vllm"))));
        QVERIFY(vllm.first().text.contains(QLatin1String("--entrypoint vllm")));
        for (const Artifact &a : vllm)
            QVERIFY2(a.fileName != QLatin1String("shmwise_loader.py"), "no loader module");
    }

    void goldenCoversEveryEnvironmentPresetAndKind()
    {
        QSet<QString> envs, presetsSeen, kinds;
        bool notAdjustable = false, fileSystem = false;
        for (const QString &f :
             QDir(goldenDir()).entryList({QStringLiteral("*.yaml")}, QDir::Files)) {
            const Profile p = loadGolden(f.chopped(5));
            envs << environmentName(p.environment);
            presetsSeen << p.workload.preset;
            if (p.environment == Environment::Kubernetes)
                kinds << kubernetesKindName(p.kubernetes.kind);
            notAdjustable |= p.host.shmAdjustable == std::optional<bool>(false);
            fileSystem |= p.workload.sharingStrategy == SharingStrategy::FileSystem;
        }
        for (const QString &e : environmentNames())
            QVERIFY2(envs.contains(e), qPrintable(e));
        for (const PresetInfo &p : presets())
            QVERIFY2(presetsSeen.contains(p.id), qPrintable(p.id));
        QCOMPARE(kinds.size(), kubernetesKindNames().size());
        QVERIFY(notAdjustable);
        QVERIFY(fileSystem);
    }

    void properties()
    {
        const QVector<Profile> profiles = propertyProfiles();
        QVERIFY(profiles.size() >= environmentNames().size() * 5 * 4);
        for (const Profile &profile : profiles) {
            const QString where = describe(profile);
            const ShmPlan plan = computePlan(profile);
            const QVector<Artifact> artifacts = generateArtifacts(profile, plan);
            QSet<QString> ids, files;
            for (const Artifact &a : artifacts) {
                const QString at = where + QLatin1Char(' ') + a.id;
                QVERIFY2(!ids.contains(a.id), qPrintable(at));
                QVERIFY2(!files.contains(a.fileName), qPrintable(at));
                ids << a.id;
                files << a.fileName;
                QVERIFY2(!a.title.isEmpty() && !a.summary.isEmpty() && !a.syntax.isEmpty(),
                         qPrintable(at));
                QVERIFY2(a.text.endsWith(QLatin1Char('\n')), qPrintable(at));
                QVERIFY2(!a.text.contains(QLatin1Char('\t')), qPrintable(at));
                const int lines = a.text.count(QLatin1Char('\n'));
                for (const LineNote &n : a.notes) {
                    QVERIFY2(n.line >= 1 && n.line <= lines, qPrintable(at));
                    QVERIFY2(!n.text.isEmpty(), qPrintable(at));
                }
                // Sizes that configure /dev/shm: never 0 (unlimited to tmpfs and Podman),
                // never below what the job requires.
                for (const FoundSize &s : shmSizesIn(a)) {
                    QVERIFY2(s.bytes.has_value(), qPrintable(at + QLatin1Char(' ') + s.what));
                    QVERIFY2(*s.bytes > 0, qPrintable(at + QLatin1Char(' ') + s.what));
                    QVERIFY2(*s.bytes >= plan.requiredBytes,
                             qPrintable(at + QLatin1Char(' ') + s.what));
                }
                // A container memory limit leaves room for the job and its /dev/shm.
                for (const FoundSize &s : memoryLimitsIn(a)) {
                    QVERIFY2(s.bytes && profile.job.memoryBytes,
                             qPrintable(at + QLatin1Char(' ') + s.what));
                    QVERIFY2(*s.bytes >= *profile.job.memoryBytes + plan.requiredBytes,
                             qPrintable(at + QLatin1Char(' ') + s.what));
                }
                // Tools reject these spellings (domain.md, "Size syntax").
                QVERIFY2(!a.text.contains(QRegularExpression(
                             QStringLiteral("(size=|shm-size=|shm_size: \"?)[0-9]+(gb|GB|Gi|Mi)"))),
                         qPrintable(at));
                QVERIFY2(!a.text.contains(QRegularExpression(
                             QStringLiteral("(sizeLimit|memory): [0-9]+(GB|MB|g|m)\\b"))),
                         qPrintable(at));
            }
            QVERIFY2(ids.contains(QStringLiteral("dataloader")), qPrintable(where));
            QVERIFY2(ids.contains(QStringLiteral("preflight")), qPrintable(where));
            QCOMPARE(ids.contains(QStringLiteral("limits")),
                     profile.environment == Environment::BareMetal &&
                         plan.nofileLimit > model::DefaultNofile);
        }
    }

    void dataLoaderArguments()
    {
        for (const Profile &profile : propertyProfiles()) {
            const QString where = describe(profile);
            const ShmPlan plan = computePlan(profile);
            Artifact loader;
            for (const Artifact &a : generateArtifacts(profile, plan)) {
                if (a.id == QLatin1String("dataloader"))
                    loader = a;
            }
            const QString &t = loader.text;
            QVERIFY2(t.contains(QLatin1String("def make_loader(dataset")), qPrintable(where));
            const bool fileSystem = profile.workload.sharingStrategy == SharingStrategy::FileSystem;
            QCOMPARE(t.contains(QLatin1String("set_sharing_strategy(\"file_system\")")),
                     fileSystem);
            // Module level, so spawned workers get it too.
            if (fileSystem)
                QVERIFY(t.contains(QLatin1String("\ntorch.multiprocessing.set_sharing_strategy")));

            quint64 workers = profile.workload.numWorkers;
            quint64 batch = profile.workload.batchSize;
            const bool atRunTime =
                workers > 0 && (!profile.shmAdjustable() || profile.host.shmBytes.has_value());
            // Fitted when called: the profile's own settings, then every leaner option the
            // plan computed, with the /dev/shm each needs, read against statvfs's free space.
            QCOMPARE(t.contains(QLatin1String("FITS = (")), atRunTime);
            QCOMPARE(t.contains(QLatin1String("st.f_bavail * st.f_frsize")), atRunTime);
            if (atRunTime) {
                const QVector<ShmFitOption> options = fitOptions(profile);
                QCOMPARE(options.constFirst().requiredBytes, plan.requiredBytes);
                for (const ShmFitOption &o : options) {
                    QVERIFY2(t.contains(QStringLiteral("    (%1, %2, %3, %4),\n")
                                            .arg(o.numWorkers)
                                            .arg(o.numWorkers ? QString::number(o.prefetchFactor)
                                                              : QStringLiteral("None"))
                                            .arg(o.batchSize)
                                            .arg(o.requiredBytes)),
                             qPrintable(where));
                }
                // What fitPlan() chooses for a size is what the table gives for it.
                const ShmFit fit = fitPlan(profile, plan.requiredBytes / 3);
                bool found = false;
                for (const ShmFitOption &o : options) {
                    if (o.requiredBytes <= plan.requiredBytes / 3) {
                        found = fit.possible && o.numWorkers == fit.numWorkers &&
                                o.batchSize == fit.batchSize &&
                                o.requiredBytes == fit.requiredBytes;
                        break;
                    }
                }
                QVERIFY2(found || !fit.possible, qPrintable(where));
            } else if (!profile.shmAdjustable()) {
                const ShmFit fit = fitPlan(
                    profile, profile.host.shmBytes.value_or(
                                 environmentDefaultShm(profile.environment).value_or(64 * MiB)));
                workers = fit.possible ? fit.numWorkers : 0;
                batch = fit.possible ? fit.batchSize : batch;
            }
            QVERIFY2(t.contains(QStringLiteral("num_workers=%1,").arg(workers)), qPrintable(where));
            QVERIFY2(t.contains(QStringLiteral("batch_size=%1,").arg(batch)), qPrintable(where));
            // PyTorch raises ValueError for these without workers.
            QCOMPARE(t.contains(QLatin1String("prefetch_factor=")), workers > 0);
            QCOMPARE(t.contains(QLatin1String("persistent_workers=")), workers > 0);
            QVERIFY(!t.contains(QLatin1String("prefetch_factor=0")));
        }
    }

    // Where the loader fits itself to the free /dev/shm when it starts, the preflight must not
    // stop a job the loader would run: a shortfall is a warning there, and an error elsewhere.
    void preflightStopsOnlyWhatTheLoaderCannotFit()
    {
        int adaptiveSeen = 0, fixedSeen = 0;
        for (const QString &f :
             QDir(goldenDir()).entryList({QStringLiteral("*.yaml")}, QDir::Files)) {
            const Profile p = loadGolden(f.chopped(5));
            const ShmPlan plan = computePlan(p);
            for (const Artifact &a : generateArtifacts(p, plan)) {
                if (a.id != QLatin1String("preflight") ||
                    !a.text.contains(QLatin1String("need_shm_kib=")))
                    continue;
                const bool adaptive = gen::loaderFitsAtRunTime(p);
                QCOMPARE(a.text.contains(QLatin1String("will take leaner settings")), adaptive);
                QCOMPARE(a.text.contains(QLatin1String("but this job needs at least")), !adaptive);
                if (adaptive) {
                    ++adaptiveSeen;
                    QVERIFY2(a.text.contains(QStringLiteral("need_shm_kib=%1\n")
                                                 .arg((plan.requiredBytes + 1023) / 1024)),
                             qPrintable(f));
                } else {
                    ++fixedSeen;
                }
            }
        }
        QVERIFY(adaptiveSeen > 0);
        QVERIFY(fixedSeen > 0);
    }

    void noWorkersNoPrefetch()
    {
        const Profile p = loadGolden(QStringLiteral("bare-metal-no-workers"));
        const QVector<Artifact> as = generateArtifacts(p, computePlan(p));
        for (const Artifact &a : as) {
            if (a.id == QLatin1String("dataloader")) {
                QVERIFY(a.text.contains(QLatin1String("num_workers=0,")));
                QVERIFY(!a.text.contains(QLatin1String("prefetch_factor=")));
                QVERIFY(!a.text.contains(QLatin1String("persistent_workers=")));
            }
            if (a.id == QLatin1String("preflight"))
                QVERIFY(!a.text.contains(QLatin1String("need_shm_kib")));
        }
    }

    // The System V file was offered to every bare-metal job, and ShmWise's own checker flags
    // each of its lines: it comes only when the profile says System V is used.
    void systemVFileOnlyWhenUsed()
    {
        for (bool used : {false, true}) {
            const ProfileResult r = parseProfile(
                QByteArray("shmwise: 1\nenvironment: bare-metal\njob: {system_v_ipc: ") +
                    (used ? "true" : "false") + "}\nworkload: {preset: image-classification}\n",
                QStringLiteral("sysv.yaml"));
            QVERIFY(r.ok());
            bool offered = false;
            for (const Artifact &a : generateArtifacts(*r.profile, computePlan(*r.profile)))
                offered = offered || a.id == QLatin1String("sysctl-sysv");
            QCOMPARE(offered, used);
            // Written back, the setting survives.
            const ProfileResult again =
                parseProfile(writeProfile(*r.profile), QStringLiteral("again.yaml"));
            QVERIFY(again.ok());
            QCOMPARE(again.profile->job.systemVIpc, used);
        }
    }

    void sysctlSaysItDoesNotSizeDevShm()
    {
        const Profile p = loadGolden(QStringLiteral("bare-metal-image-classification"));
        bool found = false;
        for (const Artifact &a : generateArtifacts(p, computePlan(p))) {
            if (a.id != QLatin1String("sysctl-sysv"))
                continue;
            found = true;
            QVERIFY(a.summary.contains(QLatin1String("do not size /dev/shm")));
            QVERIFY(a.text.contains(QLatin1String("do NOT change the size of /dev/shm")));
        }
        QVERIFY(found);
    }

    void shellQuoting()
    {
        const Profile p = loadGolden(QStringLiteral("docker-file-system-spawn"));
        for (const Artifact &a : generateArtifacts(p, computePlan(p))) {
            if (a.id == QLatin1String("docker-run")) {
                QVERIFY(a.text.contains(QLatin1String("'conf/my run.yaml'")));
                QVERIFY(a.text.contains(QLatin1String("'--note=it'\\''s'")));
            }
        }
    }

    void pureAndDeterministic()
    {
        const Profile p = loadGolden(QStringLiteral("kubernetes-pytorchjob-multimodal"));
        const ShmPlan plan = computePlan(p);
        const QVector<Artifact> a = generateArtifacts(p, plan);
        const QVector<Artifact> b = generateArtifacts(p, plan);
        QCOMPARE(a.size(), b.size());
        for (int i = 0; i < a.size(); ++i)
            QCOMPARE(a[i].text, b[i].text);
    }

    // A Docker job gets the compose file too, the very one the Compose environment writes for
    // the same job, beside its docker run command.
    void dockerJobGetsComposeFile()
    {
        for (const char *name :
             {"docker-multimodal", "docker-many-tensors", "docker-not-adjustable"}) {
            Profile p = loadGolden(QLatin1String(name));
            QCOMPARE(p.environment, Environment::Docker);
            QStringList ids;
            QString fromDocker;
            for (const Artifact &a : generateArtifacts(p, computePlan(p))) {
                ids << a.id;
                if (a.id == QLatin1String("compose")) {
                    fromDocker = a.text;
                    QCOMPARE(a.fileName, QStringLiteral("compose.yaml"));
                    QVERIFY(a.validator && *a.validator == ConfigKind::Compose);
                }
            }
            QVERIFY2(ids.indexOf(QLatin1String("docker-run")) <
                         ids.indexOf(QLatin1String("compose")),
                     qPrintable(ids.join(QLatin1Char(','))));
            p.environment = Environment::Compose;
            QString fromCompose;
            for (const Artifact &a : generateArtifacts(p, computePlan(p))) {
                if (a.id == QLatin1String("compose"))
                    fromCompose = a.text;
            }
            QVERIFY(!fromDocker.isEmpty());
            QCOMPARE(fromDocker, fromCompose);
        }
    }

    // `shmwise generate`, through the real binary.
    void cliGenerate()
    {
        const QString profilePath = goldenDir() + QStringLiteral("/docker-many-tensors.yaml");
        const testutil::RunResult json = testutil::run(
            testutil::shmwiseBinary(), {QStringLiteral("generate"), QStringLiteral("--profile"),
                                        profilePath, QStringLiteral("--json")});
        if (json.exitCode != 0 && json.err.contains("unknown command"))
            QSKIP("this build's shmwise has no generate command yet");
        QVERIFY2(json.exitCode == 0, json.err.constData());
        const Profile p = loadGolden(QStringLiteral("docker-many-tensors"));
        const QVector<Artifact> artifacts = generateArtifacts(p, computePlan(p));
        const QJsonArray list =
            QJsonDocument::fromJson(json.out).object().value(QStringLiteral("artifacts")).toArray();
        QCOMPARE(list.size(), artifacts.size());
        for (int i = 0; i < list.size(); ++i) {
            const QJsonObject o = list.at(i).toObject();
            QCOMPARE(o.value(QStringLiteral("id")).toString(), artifacts[i].id);
            QCOMPARE(o.value(QStringLiteral("file_name")).toString(), artifacts[i].fileName);
            QCOMPARE(o.value(QStringLiteral("syntax")).toString(), artifacts[i].syntax);
            QCOMPARE(o.value(QStringLiteral("text")).toString(), artifacts[i].text);
            QCOMPARE(o.value(QStringLiteral("notes")).toArray().size(), artifacts[i].notes.size());
        }

        const testutil::RunResult one =
            testutil::run(testutil::shmwiseBinary(),
                          {QStringLiteral("generate"), QStringLiteral("--profile"), profilePath,
                           QStringLiteral("--only"), QStringLiteral("daemon-json")});
        QCOMPARE(one.exitCode, 0);
        QString daemonJson;
        for (const Artifact &a : artifacts) {
            if (a.id == QLatin1String("daemon-json"))
                daemonJson = a.text;
        }
        QVERIFY(!daemonJson.isEmpty());
        QCOMPARE(QString::fromUtf8(one.out), daemonJson);

        const testutil::RunResult unknown =
            testutil::run(testutil::shmwiseBinary(),
                          {QStringLiteral("generate"), QStringLiteral("--profile"), profilePath,
                           QStringLiteral("--only"), QStringLiteral("k8s-job")});
        QCOMPARE(unknown.exitCode, 2);
        QVERIFY2(unknown.err.contains("docker-run, docker-run-ipc-host"), unknown.err.constData());

        QTemporaryDir dir;
        const QStringList writeArgs{QStringLiteral("generate"), QStringLiteral("--profile"),
                                    profilePath, QStringLiteral("--out"), dir.path()};
        QCOMPARE(testutil::run(testutil::shmwiseBinary(), writeArgs).exitCode, 0);
        for (const Artifact &a : artifacts)
            QCOMPARE(QString::fromUtf8(readAll(dir.filePath(a.fileName))), a.text);
        QVERIFY(QFileInfo(dir.filePath(QStringLiteral("docker-run.sh"))).isExecutable());
        QCOMPARE(testutil::run(testutil::shmwiseBinary(), writeArgs).exitCode, 0);
        QVERIFY(writeAll(dir.filePath(QStringLiteral("daemon.json")), "{}\n"));
        const testutil::RunResult refused = testutil::run(testutil::shmwiseBinary(), writeArgs);
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(refused.err.contains("daemon.json") && refused.err.contains("--force"),
                 refused.err.constData());
        QCOMPARE(readAll(dir.filePath(QStringLiteral("daemon.json"))), QByteArray("{}\n"));
        QCOMPARE(testutil::run(testutil::shmwiseBinary(),
                               writeArgs + QStringList{QStringLiteral("--force")})
                     .exitCode,
                 0);
        QCOMPARE(readAll(dir.filePath(QStringLiteral("daemon.json.bak"))), QByteArray("{}\n"));

        QTemporaryDir bad;
        QVERIFY(writeAll(bad.filePath(QStringLiteral("p.yaml")), "shmwise: 1\n"));
        const testutil::RunResult invalid = testutil::run(
            testutil::shmwiseBinary(), {QStringLiteral("generate"), QStringLiteral("--profile"),
                                        bad.filePath(QStringLiteral("p.yaml"))});
        QCOMPARE(invalid.exitCode, 2);
        QVERIFY2(invalid.err.contains("p.yaml:1: environment"), invalid.err.constData());
    }

    // Bare metal never writes a size below the current /dev/shm: when it is known to hold the
    // job (or the job needs none) there is a check and no change; otherwise the remount script
    // compares before it remounts.
    void bareMetalNeverShrinks()
    {
        const QByteArray head = "shmwise: 1\nenvironment: bare-metal\n";
        const QByteArray work = "workload: {preset: image-classification}\n";
        auto texts = [](const Profile &p) {
            QMap<QString, Artifact> out;
            for (const Artifact &a : generateArtifacts(p, computePlan(p)))
                out.insert(a.id, a);
            return out;
        };
        // Probed larger than needed: a check, no size anywhere.
        const auto large = texts(profileFrom(head + "host: {shm_bytes: 128GiB}\n" + work));
        QVERIFY(large.contains(QStringLiteral("check-dev-shm")));
        QVERIFY(!large.contains(QStringLiteral("remount")));
        QVERIFY(!large.contains(QStringLiteral("fstab")));
        // (The preflight names a size only in its message for a /dev/shm too small.)
        for (const Artifact &a : large)
            QVERIFY2(a.id == QLatin1String("preflight") || shmSizesIn(a).isEmpty(),
                     qPrintable(a.id));
        QVERIFY(large.value(QStringLiteral("check-dev-shm"))
                    .summary.contains(QLatin1String("nothing to change")));

        // No workers: nothing in /dev/shm, so no size (the golden files used to write 64m).
        const auto none = texts(loadGolden(QStringLiteral("bare-metal-no-workers")));
        QVERIFY(none.contains(QStringLiteral("check-dev-shm")));
        for (const Artifact &a : none)
            QVERIFY2(a.id == QLatin1String("preflight") || shmSizesIn(a).isEmpty(),
                     qPrintable(a.id));

        // Probed smaller than needed: a change, never below the probed size, and the script
        // still compares first (the host may have changed since).
        const Profile smallP = profileFrom(head + "host: {shm_bytes: 64MiB}\n" + work);
        const auto small = texts(smallP);
        const Artifact remount = small.value(QStringLiteral("remount"));
        QVERIFY(remount.text.contains(QLatin1String("mount -o remount,size=")));
        const int compare = remount.text.indexOf(QLatin1String("-ge \"$want_kib\""));
        QVERIFY(compare > 0 && compare < remount.text.indexOf(QLatin1String("mount -o")));
        for (const FoundSize &f : shmSizesIn(remount))
            QVERIFY(*f.bytes >= computePlan(smallP).requiredBytes && *f.bytes > 64 * MiB);

        // Unknown: the default (half of RAM) is named, and the fstab line says when to use it.
        const auto unknown = texts(profileFrom(head + "host: {memory_bytes: 256GiB}\n" + work));
        QVERIFY(unknown.value(QStringLiteral("remount"))
                    .summary.contains(QLatin1String("half of RAM by default (128 GiB")));
        QVERIFY(
            unknown.value(QStringLiteral("fstab")).text.contains(QLatin1String("never shrink")));
    }

    // limits.d: '*' does not cover root, and no hard line lowers systemd's 524288.
    void limitsSoftAndRoot()
    {
        const Profile p = loadGolden(QStringLiteral("bare-metal-many-tensors"));
        const ShmPlan plan = computePlan(p);
        QVERIFY(plan.nofileLimit > model::DefaultNofile && plan.nofileLimit < 524288);
        Artifact limits;
        for (const Artifact &a : generateArtifacts(p, plan)) {
            if (a.id == QLatin1String("limits"))
                limits = a;
        }
        static const QRegularExpression soft(QStringLiteral("^\\*\\s+soft\\s+nofile\\s+(\\d+)$"),
                                             QRegularExpression::MultilineOption);
        static const QRegularExpression root(QStringLiteral("^root\\s+soft\\s+nofile\\s+(\\d+)$"),
                                             QRegularExpression::MultilineOption);
        QCOMPARE(soft.match(limits.text).captured(1).toULongLong(), plan.nofileLimit);
        QCOMPARE(root.match(limits.text).captured(1).toULongLong(), plan.nofileLimit);
        QVERIFY2(!limits.text.contains(QLatin1String("hard")), qPrintable(limits.text));
    }

    // A job that would hold more descriptors than fs.nr_open allows: the limit written stops at
    // 1048576 (pam_limits left 1024 for 2098176), passes the file's own check, and the plan says
    // it is not enough and what to change instead.
    void nofileNeverAboveNrOpen()
    {
        const ProfileResult r = parseProfile(
            "shmwise: 1\nenvironment: bare-metal\nworkload:\n  preset: image-classification\n"
            "  num_workers: 1024\n  prefetch_factor: 512\n",
            QStringLiteral("nofile.yaml"));
        QVERIFY(r.ok());
        const ShmPlan plan = computePlan(*r.profile);
        QVERIFY2(plan.openFiles > model::NrOpenDefault,
                 qPrintable(QString::number(plan.openFiles)));
        QCOMPARE(plan.nofileLimit, model::NrOpenDefault);
        QVERIFY(std::any_of(plan.warnings.cbegin(), plan.warnings.cend(), [](const QString &w) {
            return w.contains(QLatin1String("fs.nr_open")) &&
                   w.contains(QLatin1String("file_system"));
        }));
        int checked = 0;
        for (const Artifact &a : generateArtifacts(*r.profile, plan)) {
            if (a.id != QLatin1String("limits") && a.id != QLatin1String("docker-run"))
                continue;
            QVERIFY2(!a.text.contains(QString::number(plan.openFiles)), qPrintable(a.text));
            if (a.validator) {
                ++checked;
                for (const Diagnostic &d : validateConfig(*a.validator, a.text))
                    QVERIFY2(d.severity != Severity::Error, qPrintable(d.message));
            }
        }
        QVERIFY(checked >= 1);
    }

    // Swarm: GPUs through generic_resources, daemon.json offered, no false note; Compose: the
    // versions that matter are named.
    void swarmAndComposeTexts()
    {
        const Profile swarm = loadGolden(QStringLiteral("swarm-multimodal"));
        QVERIFY(swarm.job.gpus > 0);
        QMap<QString, Artifact> as;
        for (const Artifact &a : generateArtifacts(swarm, computePlan(swarm)))
            as.insert(a.id, a);
        const Artifact stack = as.value(QStringLiteral("swarm-stack"));
        QVERIFY(stack.text.contains(QLatin1String("generic_resources:")));
        QVERIFY(stack.text.contains(QStringLiteral("value: %1").arg(swarm.job.gpus)));
        QVERIFY(!explanations({stack}).contains(QLatin1String("no per-service GPU count")));
        QVERIFY(as.contains(QStringLiteral("daemon-json")));
        QVERIFY(as.value(QStringLiteral("daemon-json")).summary.contains(QLatin1String("Swarm")));

        Profile compose = loadGolden(QStringLiteral("compose-multimodal"));
        compose.job.memoryBytes = 8 * GiB;
        QVERIFY(compose.job.gpus > 0);
        const QString text = explanations(generateArtifacts(compose, computePlan(compose)));
        QVERIFY(text.contains(QLatin1String("docker-compose 1.28")));
        QVERIFY(!text.contains(QLatin1String("1.27")));
        QVERIFY(text.contains(QLatin1String("since Compose v2.26 two different values are an "
                                            "error")));
        QVERIFY(!text.contains(QLatin1String("that value wins")));
        // The compose summary points to a file the list has: Swarm's stack file comes with the
        // Swarm environment, and says so.
        const QString composeSummary = [&] {
            for (const Artifact &a : generateArtifacts(compose, computePlan(compose)))
                if (a.id == QLatin1String("compose"))
                    return a.summary;
            return QString();
        }();
        QVERIFY2(composeSummary.contains(QLatin1String("environment: swarm")),
                 qPrintable(composeSummary));
    }

    // A probed 64 MiB beside files that raise it: the DataLoader module names both sizes, so it
    // never says "64 MiB" alone next to a file that gives the job more.
    void loaderModuleNamesBothSizes()
    {
        Profile p = loadGolden(QStringLiteral("docker-image-classification"));
        p.host.shmBytes = 64 * MiB;
        const ShmPlan plan = computePlan(p);
        QString loader, run;
        for (const Artifact &a : generateArtifacts(p, plan)) {
            if (a.id == QLatin1String("dataloader"))
                loader = a.text;
            if (a.id == QLatin1String("docker-run"))
                run = a.text;
        }
        QVERIFY(run.contains(QLatin1String("--shm-size=")));
        QVERIFY2(loader.contains(QStringLiteral("was 64 MiB when probed")), qPrintable(loader));
        QVERIFY2(loader.contains(QStringLiteral("the other files give the job %1")
                                     .arg(formatSize(plan.recommendedBytes))),
                 qPrintable(loader));
    }

    // SageMaker and Vertex AI: no fit to an assumed 64 MiB; the job measures /dev/shm.
    void undocumentedShmIsMeasured()
    {
        for (const char *env : {"sagemaker", "vertex-ai"}) {
            const Profile p = profileFrom(QByteArray("shmwise: 1\nenvironment: ") + env +
                                          "\nworkload: {preset: image-classification}\n");
            const ShmPlan plan = computePlan(p);
            QMap<QString, Artifact> as;
            for (const Artifact &a : generateArtifacts(p, plan))
                as.insert(a.id, a);
            const QString note =
                as.value(env == QByteArray("sagemaker") ? QStringLiteral("sagemaker-note")
                                                        : QStringLiteral("vertex-ai-note"))
                    .text;
            QVERIFY2(!note.contains(QLatin1String("64 MiB, the")) &&
                         note.contains(QLatin1String("not documented")) &&
                         note.contains(QLatin1String("host.shm_bytes")),
                     qPrintable(note));
            QVERIFY(
                as.value(QStringLiteral("dataloader"))
                    .text.contains(QStringLiteral("num_workers=%1,").arg(p.workload.numWorkers)));
            QVERIFY(as.value(QStringLiteral("preflight"))
                        .text.contains(QLatin1String("MiB free\" >&2")));
        }
    }

    // The preflight compares free space, not the size, and the open files the plan counts.
    void preflightFreeSpaceAndOpenFiles()
    {
        const Profile p = loadGolden(QStringLiteral("docker-many-tensors"));
        const ShmPlan plan = computePlan(p);
        Artifact pre;
        for (const Artifact &a : generateArtifacts(p, plan)) {
            if (a.id == QLatin1String("preflight"))
                pre = a;
        }
        QVERIFY(pre.text.contains(QLatin1String("free_kib=${4:-}")));
        QVERIFY(pre.text.contains(QLatin1String("[ \"$free_kib\" -lt \"$need_shm_kib\" ]")));
        QVERIFY(pre.text.contains(
            QStringLiteral("need_nofile=%1\n").arg(plan.openFiles + model::BaseOpenFiles)));
    }

    // A PyTorchJob pod is one node: several processes there are started by torchrun.
    void pytorchJobRunsTorchrun()
    {
        const Profile p = loadGolden(QStringLiteral("kubernetes-pytorchjob-multimodal"));
        QVERIFY(p.workload.processesPerNode > 1);
        const Artifact a = generateArtifacts(p, computePlan(p)).first();
        // One pod per host: the golden profile gives no host count, so the Master alone.
        QCOMPARE(a.text.count(QStringLiteral("command: [\"torchrun\", \"--nproc_per_node=%1\", "
                                             "\"train.py\"]")
                                  .arg(p.workload.processesPerNode)),
                 1);
        QVERIFY(!a.text.contains(QLatin1String("nprocPerNode")));
        Profile one = p;
        one.workload.processesPerNode = 1;
        QVERIFY(generateArtifacts(one, computePlan(one))
                    .first()
                    .text.contains(QLatin1String("command: [\"python\", \"train.py\"]")));
    }

    // Values YAML reads as other types are quoted in every YAML artifact, and $ is escaped where
    // the tool interpolates it.
    void hostileValuesQuoted()
    {
        int yamlArtifacts = 0;
        QStringList cases = environmentNames();
        for (const QString &kind : kubernetesKindNames())
            cases << QStringLiteral("kubernetes\nkubernetes: {kind: %1, namespace: \"0x1f\"}")
                         .arg(kind);
        for (const QString &env : std::as_const(cases)) {
            Profile p =
                profileFrom("shmwise: 1\nenvironment: " + env.toUtf8() +
                            (env.contains(QLatin1Char('\n'))
                                 ? QByteArray()
                                 : "\nkubernetes: {kind: Deployment, namespace: \"0x1f\"}") +
                            // KubeRay's and LWS's names start with a letter.
                            (env.contains(QLatin1String("Ray")) ||
                                     env.contains(QLatin1String("LeaderWorkerSet")) ||
                                     env.contains(QLatin1String("InferenceService"))
                                 ? "\njob: {name: a123"
                                 : "\njob: {name: \"123\"") +
                            ", command: [python, train.py, \"$HOME\"]}\n"
                            "ray: {object_store_memory: 1GiB}\n"
                            "workload: {preset: image-classification}\n");
            for (const Artifact &a : generateArtifacts(p, computePlan(p))) {
                if (a.syntax != QLatin1String("YAML"))
                    continue;
                ++yamlArtifacts;
                QVERIFY2(!a.text.contains(QRegularExpression(QStringLiteral("(:|-) (123|0x1f)$"),
                                                             QRegularExpression::MultilineOption)),
                         qPrintable(a.text));
                QVERIFY2(!a.text.contains(QRegularExpression(QStringLiteral("^ *(123|0x1f):"),
                                                             QRegularExpression::MultilineOption)),
                         qPrintable(a.text));
                // Azure ML does not expand $; the playbook sizes hosts and runs no command, and
                // neither do the cluster's policies or a RayCluster (KubeRay writes `ray start`).
                // A RayJob's entrypoint is a shell line, quoted for the shell. The alerting
                // rules run no command.
                if (a.id == QLatin1String("ansible-playbook") ||
                    a.id == QLatin1String("prometheus-rules") ||
                    a.id == QLatin1String("k8s-raycluster") ||
                    a.id == QLatin1String("k8s-kyverno-policy") ||
                    a.id == QLatin1String("k8s-admission-policy"))
                    QVERIFY2(!a.text.contains(QLatin1String("HOME")), qPrintable(a.text));
                else if (a.id == QLatin1String("k8s-rayjob"))
                    QVERIFY2(a.text.contains(QLatin1String("'$$HOME'")), qPrintable(a.text));
                else if (a.id == QLatin1String("ci-github-actions"))
                    QVERIFY2(a.text.contains(QLatin1String("'$HOME'")), qPrintable(a.text));
                else if (a.id != QLatin1String("azureml-job"))
                    QVERIFY2(a.text.contains(QLatin1String("\"$$HOME\"")), qPrintable(a.text));
            }
        }
        QVERIFY(yamlArtifacts >= 4);
    }

    // Kubernetes expands $(NAME) in the command and args of every container, a RayJob's
    // entrypoint included (KubeRay's submitter runs it from its container's args): no kind
    // writes a lone $ there, and each writes the command with $$.
    // Each kind's shape follows the job's hosts: one pod per host, each with one host's GPUs,
    // so a one-host job of 4 GPUs asks for 4 GPUs, not 8 on two pods.
    void hostsAndGpusAddUp()
    {
        static const QRegularExpression role(
            QStringLiteral("\\n    (Master|Worker):\\n      replicas: (\\d+)"));
        static const QRegularExpression gpu(QStringLiteral("nvidia\\.com/gpu: \"?(\\d+)"));
        static const QRegularExpression numNodes(QStringLiteral("numNodes: (\\d+)"));
        for (const int hosts : {1, 2, 4}) {
            for (const char *kind : {"PyTorchJob", "TrainJob"}) {
                const Profile p = profileFrom(
                    QStringLiteral("shmwise: 1\nenvironment: kubernetes\nkubernetes: {kind: %1}\n"
                                   "job: {name: ddp, gpus: 4}\nnccl: {nodes: %2}\n"
                                   "workload: {preset: image-classification, "
                                   "processes_per_node: 4}\n")
                        .arg(QLatin1String(kind))
                        .arg(hosts)
                        .toUtf8());
                QString text;
                for (const Artifact &a : generateArtifacts(p, computePlan(p)))
                    if (a.id == QLatin1String("k8s-pytorchjob") ||
                        a.id == QLatin1String("k8s-trainjob"))
                        text = a.text;
                QVERIFY2(!text.isEmpty(), kind);
                int pods = 0, gpuSpecs = 0;
                for (auto m = role.globalMatch(text); m.hasNext();)
                    pods += m.next().captured(2).toInt();
                for (auto m = gpu.globalMatch(text); m.hasNext();) {
                    QCOMPARE(m.next().captured(1).toInt(), 4); // one host's GPUs a pod
                    ++gpuSpecs;
                }
                if (QLatin1String(kind) == QLatin1String("PyTorchJob")) {
                    QCOMPARE(pods, hosts);
                    // A GPU limit in each role's pod: the Master's, and the Workers' if any.
                    QCOMPARE(gpuSpecs, hosts == 1 ? 1 : 2);
                    QCOMPARE(text.contains(QLatin1String("Worker:")), hosts > 1);
                } else {
                    const QRegularExpressionMatch n = numNodes.match(text);
                    QVERIFY2(n.hasMatch(), qPrintable(text));
                    QCOMPARE(n.captured(1).toInt(), hosts);
                }
            }
            // Slurm: the job's hosts as nodes, its processes as tasks, one host's GPUs each.
            const Profile slurm = profileFrom(
                QStringLiteral("shmwise: 1\nenvironment: slurm\njob: {name: ddp, gpus: 4}\n"
                               "nccl: {nodes: %1}\nworkload: {preset: image-classification, "
                               "processes_per_node: 4}\n")
                    .arg(hosts)
                    .toUtf8());
            QString sbatch;
            for (const Artifact &a : generateArtifacts(slurm, computePlan(slurm)))
                if (a.id == QLatin1String("slurm-sbatch"))
                    sbatch = a.text;
            QVERIFY2(sbatch.contains(QStringLiteral("\n#SBATCH --nodes=%1\n").arg(hosts)),
                     qPrintable(sbatch));
            QVERIFY(sbatch.contains(QLatin1String("\n#SBATCH --ntasks-per-node=4\n")));
            QVERIFY(sbatch.contains(QLatin1String("\n#SBATCH --gres=gpu:4\n")));
            // Ray: one worker pod per host, each with one host's GPUs.
            const Profile ray = profileFrom(
                QStringLiteral("shmwise: 1\nenvironment: kubernetes\nkubernetes: {kind: RayJob}\n"
                               "job: {name: ddp, gpus: 4}\nnccl: {nodes: %1}\n"
                               "ray: {object_store_memory: 1GiB}\n"
                               "workload: {preset: image-classification}\n")
                    .arg(hosts)
                    .toUtf8());
            QString rayText;
            for (const Artifact &a : generateArtifacts(ray, computePlan(ray)))
                if (a.id.startsWith(QLatin1String("k8s-ray")))
                    rayText = a.text;
            QVERIFY2(rayText.contains(QStringLiteral("replicas: %1\n").arg(hosts)),
                     qPrintable(rayText));
        }
    }

    void kubernetesExpansionEscapedInEveryKind()
    {
        static const QRegularExpression loneDollar(
            QStringLiteral("(?<!\\$)(\\$\\$)*\\$\\(SECRET\\)"));
        for (const QString &kind : kubernetesKindNames()) {
            const Profile p = profileFrom(
                "shmwise: 1\nenvironment: kubernetes\nkubernetes: {kind: " + kind.toUtf8() +
                "}\njob: {name: ddp, command: [python, train.py, \"--token=$(SECRET)\"]}\n"
                "ray: {object_store_memory: 1GiB}\nworkload: {preset: image-classification}\n");
            QCOMPARE(p.job.command.size(), 3);
            int commands = 0;
            for (const Artifact &a : generateArtifacts(p, computePlan(p))) {
                if (!a.id.startsWith(QLatin1String("k8s-")))
                    continue;
                // An odd run of $ before (SECRET): Kubernetes would expand it.
                QVERIFY2(!loneDollar.match(a.text).hasMatch(),
                         qPrintable(kind + QLatin1Char(' ') + a.id + QLatin1Char('\n') + a.text));
                if (a.text.contains(QLatin1String("$$(SECRET)"))) {
                    ++commands;
                    bool noted = false;
                    for (const LineNote &n : a.notes)
                        noted = noted || n.text.contains(QLatin1String("written $$"));
                    QVERIFY2(noted, qPrintable(kind + QLatin1Char(' ') + a.id));
                }
            }
            // A RayCluster runs no command of the profile's (KubeRay writes `ray start`).
            QCOMPARE(commands, kind == QLatin1String("RayCluster") ? 0 : 1);
        }
    }

    // GitHub evaluates ${{ ... }} anywhere in a workflow: a command holding one is written so
    // that GitHub reads the braces as text (a pull request's title never reaches the shell),
    // with a note naming the value. GitLab Runner's image never holds a $ for it to expand.
    void workflowExpressionsNeverEvaluated()
    {
        const QString hostile = QStringLiteral("${{ github.event.pull_request.title }}");
        Profile p = newProfile();
        p.environment = Environment::Docker;
        p.job.command = {QStringLiteral("python"), QStringLiteral("train.py"),
                         QStringLiteral("--tag=") + hostile, QStringLiteral("x${{y${{")};
        QVERIFY(validateProfile(p).isEmpty());
        bool seen = false;
        for (const Artifact &a : generateArtifacts(p, computePlan(p))) {
            if (a.id != QLatin1String("ci-github-actions"))
                continue;
            seen = true;
            // Each ${{ opens the expression '${{' and nothing else.
            QString rest = a.text;
            rest.remove(QStringLiteral("${{ '${{' }}"));
            QVERIFY2(!rest.contains(QLatin1String("${{")), qPrintable(a.text));
            QVERIFY2(a.text.contains(QStringLiteral("--tag=${{ '${{' }} "
                                                    "github.event.pull_request.title }}")),
                     qPrintable(a.text));
            bool noted = false;
            for (const LineNote &n : a.notes)
                noted = noted || n.text.contains(QLatin1String("job.command"));
            QVERIFY(noted);
        }
        QVERIFY(seen);
        // Without ${{ the workflow is as before, and says nothing of it.
        p.job.command = {QStringLiteral("python"), QStringLiteral("train.py"),
                         QStringLiteral("$HOME")};
        for (const Artifact &a : generateArtifacts(p, computePlan(p)))
            if (a.id == QLatin1String("ci-github-actions"))
                QVERIFY2(!a.text.contains(QLatin1String("${{")), qPrintable(a.text));
        // GitLab Runner expands $VAR of the job's variables in an image name: an image holding a
        // $ (or anything but a reference) is refused, naming the value.
        for (const char *image : {"$CI_COMMIT_TITLE", "pytorch/pytorch:${{x}}", "a\"b"}) {
            p.job.image = QString::fromUtf8(image);
            const QVector<ProfileProblem> problems = validateProfile(p);
            QVERIFY2(!problems.isEmpty() &&
                         problems.constFirst().key == QLatin1String("job.image") &&
                         problems.constFirst().message.contains(p.job.image),
                     image);
        }
    }

    // What ShmWise generates, its own validators accept: no errors for any profile.
    void validatorsAcceptEveryArtifact()
    {
        const QVector<Profile> profiles = propertyProfiles();
        int checked = 0;
        for (const Profile &profile : profiles) {
            const QVector<Artifact> artifacts = generateArtifacts(profile, computePlan(profile));
            for (const Artifact &a : artifacts) {
                QCOMPARE(a.validator, validatorFor(a.id));
                if (!a.validator)
                    continue;
                ++checked;
                for (const Diagnostic &d : validateConfig(*a.validator, a.text)) {
                    QVERIFY2(d.severity != Severity::Error,
                             qPrintable(describe(profile) + QLatin1Char(' ') + a.id +
                                        QStringLiteral(":%1: ").arg(d.line) + d.message));
                }
            }
        }
        QVERIFY(checked > 200);
    }
    // A framework does not run make_loader()'s fitting at start: on a platform whose /dev/shm
    // cannot be raised, the settings in the framework's words are the fitted ones, the same as
    // the platform's note gives (they were the profile's own, which did not fit).
    void frameworkSettingsAreFitted()
    {
        Profile profile = newProfile();
        profile.environment = Environment::SageMaker;
        profile.host.shmBytes = 512 * MiB;
        profile.workload.framework = QStringLiteral("transformers");
        const ShmPlan plan = computePlan(profile);
        QVERIFY(plan.requiredBytes > 512 * MiB);
        const LoaderSettings fit = loaderSettings(profile, plan);
        QVERIFY(fit.fitted && fit.fits);
        QVERIFY(fit.numWorkers != profile.workload.numWorkers ||
                fit.prefetchFactor != profile.workload.effectivePrefetchFactor());
        bool seen = false;
        for (const Artifact &a : generateArtifacts(profile, plan)) {
            if (a.id != QLatin1String("dataloader"))
                continue;
            seen = true;
            const QString want = QStringLiteral("dataloader_num_workers=%1").arg(fit.numWorkers);
            QVERIFY2(a.text.contains(want), qPrintable(a.text));
            QVERIFY2(!a.text.contains(QLatin1String("These are the profile's own settings")),
                     qPrintable(a.text));
        }
        QVERIFY(seen);
    }
};

QTEST_GUILESS_MAIN(TestGenerators)
#include "tst_generators.moc"
