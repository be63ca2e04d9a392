// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/diagnostic.h"

#include <QCoreApplication>

namespace shmwise {

namespace {
struct KindName
{
    ConfigKind kind;
    const char *name;
};
const KindName kKinds[] = {
    {ConfigKind::Fstab, "fstab"},     {ConfigKind::Sysctl, "sysctl"},
    {ConfigKind::Limits, "limits"},   {ConfigKind::DockerRun, "docker-run"},
    {ConfigKind::Compose, "compose"}, {ConfigKind::Kubernetes, "kubernetes"},
    {ConfigKind::Python, "python"},
};
} // namespace

QString severityName(Severity s)
{
    switch (s) {
    case Severity::Error:
        return QStringLiteral("error");
    case Severity::Warning:
        return QStringLiteral("warning");
    case Severity::Info:
        return QStringLiteral("info");
    }
    return {};
}

QString severityTitle(Severity s)
{
    switch (s) {
    case Severity::Error:
        return QCoreApplication::translate("shmwise::Severity", "error");
    case Severity::Warning:
        return QCoreApplication::translate("shmwise::Severity", "warning");
    case Severity::Info:
        return QCoreApplication::translate("shmwise::Severity", "info");
    }
    return {};
}

QString configKindName(ConfigKind k)
{
    for (const KindName &e : kKinds) {
        if (e.kind == k)
            return QLatin1String(e.name);
    }
    return {};
}

std::optional<ConfigKind> configKindFromName(const QString &name)
{
    for (const KindName &e : kKinds) {
        if (name == QLatin1String(e.name))
            return e.kind;
    }
    return std::nullopt;
}

} // namespace shmwise
