// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "probefacts.h"
#include "sizing.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QString>
#include <QVector>

namespace shmwise {

enum class FindingSeverity
{
    Info,
    Warning,
    Error
};
QString findingSeverityName(FindingSeverity s);  // info, warning, error: for JSON
QString findingSeverityTitle(FindingSeverity s); // translated, for people

// Something that will break (or does not matter to) a training job, with what shows it and what
// to do. Ids are stable and documented in the README; title, evidence and fix are translated.
struct Finding
{
    QString id;
    FindingSeverity severity = FindingSeverity::Warning;
    QString title;
    QString evidence; // the facts or the log line that show it
    QString fix;
    int line = 0;          // diagnosis: 1-based line of the evidence in the log; 0 otherwise
    int occurrences = 1;   // diagnosis: lines that showed it
    bool possible = false; // diagnosis: the log only hints at it ("confidence": "possible")
};

// The ids findingsForHost() can raise.
namespace finding {
inline const char *const ShmContainerDefault = "shm-container-default";
inline const char *const ShmBelowPlan = "shm-below-plan";
inline const char *const MemoryLimitBelowShm = "memory-limit-below-shm";
inline const char *const NofileBelowPlan = "nofile-below-plan";
inline const char *const SysvTuningIrrelevant = "sysv-tuning-irrelevant";
inline const char *const ShmStaleFiles = "shm-stale-files";
} // namespace finding

// Findings from a probed host, and, when `plan` is given, from the plan of the job meant to
// run there. Most severe first.
QVector<Finding> findingsForHost(const HostFacts &facts, const ShmPlan *plan = nullptr);

QJsonObject findingToJson(const Finding &f);
QJsonArray findingsToJson(const QVector<Finding> &findings);

} // namespace shmwise
