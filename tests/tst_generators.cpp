// SPDX-License-Identifier: GPL-3.0-or-later
// Golden files for every environment's artifacts, and properties every artifact must have
// whatever the profile: sizes in each tool's syntax that read back to at least what the plan
// requires, notes on real lines, DataLoader arguments PyTorch accepts.
#include "artifact.h"
#include "presets.h"
#include "profile.h"
#include "sizing.h"
#include "testutil.h"
#include "validators.h"

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

namespace {

QString goldenDir()
{
    return testutil::testData(QStringLiteral("golden"));
}

bool regenerate()
{
    return qEnvironmentVariableIntValue("SHMWISE_REGENERATE") == 1;
}

// Titles, summaries and notes, so a changed explanation shows in review like changed text.
QString explanations(const QVector<Artifact> &artifacts)
{
    QString s;
    for (const Artifact &a : artifacts) {
        s += QStringLiteral("== %1 (%2, %3)\n").arg(a.id, a.fileName, a.syntax);
        s += QStringLiteral("title: %1\n").arg(a.title);
        s += QStringLiteral("summary: %1\n").arg(a.summary);
        for (const LineNote &n : a.notes)
            s += QStringLiteral("line %1: %2\n").arg(n.line).arg(n.text);
    }
    return s;
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool writeAll(const QString &path, const QByteArray &data)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(data) == data.size();
}

// `diff -u expected actual`, for a readable failure.
QString unifiedDiff(const QString &name, const QByteArray &expected, const QByteArray &actual)
{
    QTemporaryDir dir;
    const QString e = dir.filePath(QStringLiteral("expected"));
    const QString a = dir.filePath(QStringLiteral("actual"));
    writeAll(e, expected);
    writeAll(a, actual);
    const testutil::RunResult r = testutil::run(
        QStringLiteral("diff"),
        {QStringLiteral("-u"), QStringLiteral("--label"), name + QStringLiteral(" (expected)"),
         QStringLiteral("--label"), name + QStringLiteral(" (generated)"), e, a});
    if (!r.started)
        return QStringLiteral("(diff not available: %1)").arg(QString::fromUtf8(r.err));
    return QString::fromUtf8(r.out);
}

Profile loadGolden(const QString &caseName)
{
    const ProfileResult r =
        loadProfile(goldenDir() + QLatin1Char('/') + caseName + QStringLiteral(".yaml"));
    for (const ProfileProblem &p : r.problems)
        qWarning("%s", qPrintable(p.toString()));
    return r.ok() ? *r.profile : Profile();
}

// The tools' own size syntaxes, read independently of core/size.cpp so a bug there shows.
// Kernel tmpfs and Docker: number with an optional k/m/g/t (Docker also b and "kb" forms).
std::optional<Bytes> readSuffixed(const QString &text)
{
    static const QRegularExpression re(QStringLiteral("^([0-9]+)([bkmgtKMGT]?)[bB]?$"));
    const QRegularExpressionMatch m = re.match(text);
    if (!m.hasMatch())
        return std::nullopt;
    Bytes v = m.captured(1).toULongLong();
    const QString u = m.captured(2).toLower();
    const int shift = u == QLatin1String("k")   ? 10
                      : u == QLatin1String("m") ? 20
                      : u == QLatin1String("g") ? 30
                      : u == QLatin1String("t") ? 40
                                                : 0;
    return v << shift;
}

std::optional<Bytes> readQuantity(const QString &text)
{
    static const QRegularExpression re(QStringLiteral("^([0-9]+)(Ki|Mi|Gi|Ti)?$"));
    const QRegularExpressionMatch m = re.match(text);
    if (!m.hasMatch())
        return std::nullopt;
    const QString u = m.captured(2);
    const int shift = u == QLatin1String("Ki")   ? 10
                      : u == QLatin1String("Mi") ? 20
                      : u == QLatin1String("Gi") ? 30
                      : u == QLatin1String("Ti") ? 40
                                                 : 0;
    return m.captured(1).toULongLong() << shift;
}

struct FoundSize
{
    QString what;
    std::optional<Bytes> bytes;
};

// Every /dev/shm size written in an artifact, by the pattern of its tool.
QVector<FoundSize> shmSizesIn(const Artifact &a)
{
    struct Pattern
    {
        const char *re;
        int kind; // 0 suffixed, 1 quantity, 2 bytes, 3 MiB
    };
    static const Pattern patterns[] = {
        {"(?<![A-Za-z_-])size=([0-9A-Za-z]+)", 0}, {"--shm-size=([0-9A-Za-z]+)", 0},
        {"shm_size: \"?([0-9A-Za-z]+)\"?", 0},     {"\"default-shm-size\": \"([0-9A-Za-z]+)\"", 0},
        {"sizeLimit: ([0-9A-Za-z]+)", 1},          {"\\n *size: ([0-9]+)", 2},
        {"\"sharedMemorySize\": ([0-9]+)", 3},
    };
    QVector<FoundSize> out;
    for (const Pattern &p : patterns) {
        QRegularExpressionMatchIterator it =
            QRegularExpression(QLatin1String(p.re)).globalMatch(a.text);
        while (it.hasNext()) {
            const QRegularExpressionMatch m = it.next();
            const QString v = m.captured(1);
            std::optional<Bytes> b;
            switch (p.kind) {
            case 0:
                b = readSuffixed(v);
                break;
            case 1:
                b = readQuantity(v);
                break;
            case 2:
                b = v.toULongLong();
                break;
            case 3:
                b = v.toULongLong() * MiB;
                break;
            }
            out.append({m.captured(0), b});
        }
    }
    return out;
}

// Memory limits written in an artifact.
QVector<FoundSize> memoryLimitsIn(const Artifact &a)
{
    QVector<FoundSize> out;
    auto scan = [&](const char *re, int kind) {
        QRegularExpressionMatchIterator it =
            QRegularExpression(QLatin1String(re)).globalMatch(a.text);
        while (it.hasNext()) {
            const QRegularExpressionMatch m = it.next();
            const QString v = m.captured(1);
            std::optional<Bytes> b = kind == 0   ? readSuffixed(v)
                                     : kind == 1 ? readQuantity(v)
                                                 : std::optional<Bytes>(v.toULongLong() * MiB);
            out.append({m.captured(0), b});
        }
    };
    scan("--memory=([0-9A-Za-z]+)", 0);
    scan("mem_limit: \"([0-9A-Za-z]+)\"", 0);
    scan("\\n +memory: \"([0-9A-Za-z]+)\"", 0);
    scan("\\n +memory: ([0-9]+(?:Ki|Mi|Gi|Ti)?)\\n", 1);
    scan("\"MEMORY\", \"value\": \"([0-9]+)\"", 2);
    scan("\"memory\": ([0-9]+)", 2);
    return out;
}

QVector<Profile> propertyProfiles()
{
    QVector<Profile> out;
    QStringList presetIds;
    for (const PresetInfo &p : presets())
        presetIds << p.id;
    for (const QString &envName : environmentNames()) {
        for (const QString &presetId : presetIds) {
            for (int variant = 0; variant < 4; ++variant) {
                QByteArray y = "shmwise: 1\nenvironment: " + envName.toUtf8() + "\n";
                if (variant == 1)
                    y += "job: {memory_bytes: 20GiB, gpus: 2}\nkubernetes: {kind: PyTorchJob}\n";
                if (variant == 2)
                    y += "host: {shm_bytes: 128MiB, shm_adjustable: false}\n"
                         "kubernetes: {kind: Pod}\n";
                if (variant == 3)
                    y += "job: {memory_bytes: 1GiB}\nkubernetes: {kind: Deployment}\n";
                y += "workload:\n  preset: " + presetId.toUtf8() + "\n";
                if (variant == 1)
                    y += "  processes_per_node: 4\n  sharing_strategy: file_system\n"
                         "  start_method: spawn\n";
                if (variant == 3)
                    y += "  num_workers: 24\n  prefetch_factor: 8\n";
                const ProfileResult r = parseProfile(y, QStringLiteral("generated"));
                if (!r.ok()) {
                    for (const ProfileProblem &p : r.problems)
                        qWarning("%s", qPrintable(p.toString()));
                    continue;
                }
                out << *r.profile;
            }
        }
    }
    return out;
}

QString describe(const Profile &p)
{
    return QStringLiteral("%1/%2/%3")
        .arg(environmentName(p.environment), p.workload.preset,
             kubernetesKindName(p.kubernetes.kind));
}

} // namespace

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
        QVERIFY(!profile.workload.sample.isEmpty() || profile.workload.sampleBytes);
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
        QCOMPARE(kinds.size(), 4);
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
        QCOMPARE(QString::fromUtf8(one.out), artifacts[2].text);

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
};

QTEST_GUILESS_MAIN(TestGenerators)
#include "tst_generators.moc"
