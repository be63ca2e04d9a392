// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What the real-tool suites share: golden profiles, their artifacts written to files, and the
// output of a finished run.
#include "core/profile.h"
#include "core/sizing.h"
#include "generators/artifacts.h"
#include "testutil.h"

#include <QFile>
#include <QTemporaryDir>

#include <algorithm>
#include <optional>

namespace shmwise::realtools {

inline QString goldenProfile(const QString &caseName)
{
    return testutil::testData(QStringLiteral("golden/") + caseName + QStringLiteral(".yaml"));
}

inline Profile load(const QString &caseName)
{
    const ProfileResult r = loadProfile(goldenProfile(caseName));
    return r.ok() ? *r.profile : Profile();
}

inline std::optional<Artifact> find(const QString &caseName, const QString &id)
{
    const Profile p = load(caseName);
    for (const Artifact &a : generateArtifacts(p, computePlan(p))) {
        if (a.id == id)
            return a;
    }
    return std::nullopt;
}

// Writes the artifact under `dir` with its own file name and returns the path.
inline QString writeArtifact(const QTemporaryDir &dir, const Artifact &a,
                             const QString &prefix = {})
{
    const QString path = dir.filePath(prefix + a.fileName);
    QFile f(path);
    if (f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        f.write(a.text.toUtf8());
    return path;
}

inline QString writeText(const QTemporaryDir &dir, const QString &name, const QByteArray &text)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        f.write(text);
    return path;
}

inline QString both(const testutil::RunResult &r)
{
    return QString::fromUtf8(r.out + r.err);
}

inline Bytes configuredShm(const ShmPlan &plan)
{
    return std::max(plan.recommendedBytes, plan.requiredBytes);
}

} // namespace shmwise::realtools
