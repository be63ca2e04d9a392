// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QVector>

#include <optional>

namespace shmwise {

enum class Severity
{
    Error,
    Warning,
    Info
};
QString severityName(Severity s);  // "error", "warning", "info": for files and JSON
QString severityTitle(Severity s); // translated, for people

// A problem in a config file: where, how bad, and how to fix it.
struct Diagnostic
{
    Severity severity = Severity::Error;
    int line = 0; // 1-based; 0 for the file as a whole
    int column = 0;
    QString message; // translated; says how to fix it
};

enum class ConfigKind
{
    Fstab,
    Sysctl,
    Limits,
    DockerRun,
    Compose,
    Kubernetes,
    Python
};
QString
configKindName(ConfigKind k); // fstab, sysctl, limits, docker-run, compose, kubernetes, python
std::optional<ConfigKind> configKindFromName(const QString &name);

} // namespace shmwise
