// SPDX-License-Identifier: GPL-3.0-or-later
// Build-time tool: prints the names the man page and the shell completions list, straight from
// the libraries, so they cannot drift from what the program accepts. One line per list:
//   environments NAME...   kinds NAME...   artifacts ID...   presets ID...
#include "core/diagnostic.h"
#include "core/environments.h"
#include "core/presets.h"
#include "core/profile.h"
#include "core/sizing.h"
#include "generators/artifacts.h"

#include <QCoreApplication>
#include <QStringList>
#include <QTextStream>

#include <cstdio>

using namespace shmwise;

namespace {

// Every artifact id any profile can produce: each environment, and on Kubernetes each kind.
QStringList artifactIds()
{
    Profile p;
    p.workload.sample = {TensorSpec{QStringLiteral("image"), {3, 224, 224}, DType::Float32}};
    p.workload.batchSize = 64;
    p.workload.numWorkers = 4;
    p.job.gpus = 1;
    p.job.memoryBytes = Bytes(32) << 30; // Ray's kinds size their store by it
    QStringList ids;
    for (const QString &envName : environmentNames()) {
        p.environment = *environmentFromName(envName);
        for (const QString &kindName : kubernetesKindNames()) {
            p.kubernetes.kind = *kubernetesKindFromName(kindName);
            for (const Artifact &a : generateArtifacts(p, computePlan(p))) {
                if (!ids.contains(a.id))
                    ids << a.id;
            }
            if (p.environment != Environment::Kubernetes)
                break;
        }
    }
    return ids;
}

QStringList configKinds()
{
    QStringList names;
    for (int k = int(ConfigKind::Fstab); k <= int(ConfigKind::Python); ++k)
        names << configKindName(ConfigKind(k));
    return names;
}

QStringList presetIds()
{
    QStringList ids;
    for (const PresetInfo &info : presets())
        ids << info.id;
    return ids;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QTextStream out(stdout);
    out << "environments " << environmentNames().join(QLatin1Char(' ')) << '\n';
    out << "kinds " << configKinds().join(QLatin1Char(' ')) << '\n';
    out << "artifacts " << artifactIds().join(QLatin1Char(' ')) << '\n';
    out << "presets " << presetIds().join(QLatin1Char(' ')) << '\n';
    out << "comment-languages " << commentLanguageCodes().join(QLatin1Char(' ')) << '\n';
    return 0;
}
