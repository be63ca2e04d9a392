// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Helpers of tst_generators: the golden folder, profiles to test with, and readers of the sizes
// each tool's syntax writes (independent of core/size.cpp, so a bug there shows).

#include "core/presets.h"
#include "core/profile.h"
#include "core/sizing.h"
#include "generators/artifacts.h"
#include "testutil.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>

namespace gencheck {

using namespace shmwise;

inline QString goldenDir()
{
    return testutil::testData(QStringLiteral("golden"));
}

inline bool regenerate()
{
    return qEnvironmentVariableIntValue("SHMWISE_REGENERATE") == 1;
}

// Titles, summaries and notes, so a changed explanation shows in review like changed text.
inline QString explanations(const QVector<Artifact> &artifacts)
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

inline QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

inline bool writeAll(const QString &path, const QByteArray &data)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(data) == data.size();
}

// `diff -u expected actual`, for a readable failure.
inline QString unifiedDiff(const QString &name, const QByteArray &expected,
                           const QByteArray &actual)
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

inline Profile profileFrom(const QByteArray &yaml)
{
    const ProfileResult r = parseProfile(yaml, QStringLiteral("inline"));
    for (const ProfileProblem &p : r.problems)
        qWarning("%s", qPrintable(p.toString()));
    return r.ok() ? *r.profile : Profile();
}

inline Profile loadGolden(const QString &caseName)
{
    const ProfileResult r =
        loadProfile(goldenDir() + QLatin1Char('/') + caseName + QStringLiteral(".yaml"));
    for (const ProfileProblem &p : r.problems)
        qWarning("%s", qPrintable(p.toString()));
    return r.ok() ? *r.profile : Profile();
}

// The tools' own size syntaxes, read independently of core/size.cpp so a bug there shows.
// Kernel tmpfs and Docker: number with an optional k/m/g/t (Docker also b and "kb" forms).
inline std::optional<Bytes> readSuffixed(const QString &text)
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

inline std::optional<Bytes> readQuantity(const QString &text)
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
inline QVector<FoundSize> shmSizesIn(const Artifact &a)
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
inline QVector<FoundSize> memoryLimitsIn(const Artifact &a)
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

inline QVector<Profile> propertyProfiles()
{
    QVector<Profile> out;
    QStringList presetIds;
    for (const PresetInfo &p : presets())
        presetIds << p.id;
    for (const QString &envName : environmentNames()) {
        for (const QString &presetId : presetIds) {
            for (int variant = 0; variant < 5; ++variant) {
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
                // Extreme sizes: more descriptors than fs.nr_open allows, terabytes of /dev/shm.
                if (variant == 4)
                    y += "  num_workers: 1024\n  prefetch_factor: 512\n  batch_size: 4096\n"
                         "  processes_per_node: 16\n";
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

inline QString describe(const Profile &p)
{
    return QStringLiteral("%1/%2/%3")
        .arg(environmentName(p.environment), p.workload.preset,
             kubernetesKindName(p.kubernetes.kind));
}

} // namespace gencheck
