// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/profile.h"
#include "core/sizing.h"
#include "probes/probefacts.h"

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

// How sure a reading of a log is: its own message names the cause (certain), the cause is read
// from what surrounds a message that does not name it, or from a signal most often sent for it
// (likely), or the log only hints at it among other causes (possible).
enum class Certainty
{
    Certain,
    Likely,
    Possible
};
QString certaintyName(Certainty c);  // certain, likely, possible: for JSON
QString certaintyTitle(Certainty c); // translated, for people

// Something that will break (or does not matter to) a training job, with what shows it and what
// to do. Ids are stable and documented in docs/cli.md; title, evidence and fix are translated.
struct Finding
{
    QString id;
    FindingSeverity severity = FindingSeverity::Warning;
    QString title;
    QString evidence; // the facts or the log line that show it
    QString fix;
    int line = 0;        // diagnosis: 1-based line of the evidence in the log; 0 otherwise
    int occurrences = 1; // diagnosis: lines that showed it
    // diagnosis: how sure the reading is, and why, for people ("confidence" in JSON)
    Certainty certainty = Certainty::Certain;
    QString certaintyWhy = {};
    bool possible() const { return certainty == Certainty::Possible; }
};

// The ids findingsForHost() can raise.
namespace finding {
inline const char *const ShmContainerDefault = "shm-container-default";
inline const char *const ShmBelowPlan = "shm-below-plan";
inline const char *const MemoryLimitBelowShm = "memory-limit-below-shm";
inline const char *const NofileBelowPlan = "nofile-below-plan";
inline const char *const SysvTuningIrrelevant = "sysv-tuning-irrelevant";
inline const char *const ShmStaleFiles = "shm-stale-files";
inline const char *const ContainerDefaultApplies = "container-default-applies";
inline const char *const LogindRemovesIpc = "logind-removes-ipc";
inline const char *const WslVmMemory = "wsl-vm-memory";
inline const char *const GvisorShm = "gvisor-shm";
inline const char *const KataShm = "kata-shm";
inline const char *const KataHostShm = "kata-host-shm";
inline const char *const ShmUserQuota = "shm-user-quota";
inline const char *const MemoryLimitNear = "memory-limit-near";
inline const char *const ShmemNotShm = "shmem-not-shm";
inline const char *const StartMethodFromPython = "start-method-python";
} // namespace finding

// Findings from a probed host, and, when `plan` is given, from the plan of the job meant to
// run there. Most severe first.
QVector<Finding> findingsForHost(const HostFacts &facts, const ShmPlan *plan = nullptr);

// Whether `facts` were probed outside any container (a host, not the job's container): then a
// container job will not see this /dev/shm, ulimit -n or memory limit.
bool probedOutsideContainers(const HostFacts &facts);

// Findings for the job `profile` describes, on the host `facts` were probed from. The same as
// findingsForHost() when the job runs directly on that host (or the probe ran inside the job's
// container); when a container job is judged from its host, the host's /dev/shm, open-file and
// memory limits are not what the job gets: those findings give way to
// container-default-applies, which speaks of the runtime's default (or of the generated
// setting, once applied). The one place the GUI, `plan --target` and `probe --profile` ask.
// `inJobContainer`: the facts were probed inside the job's own container (a docker:// or k8s://
// target, or a container check). Otherwise a container job is judged from a machine that starts
// a new container for it, and that machine may itself be a container (a dev container, a
// notebook, a CI runner): its /dev/shm is said as this container's, not taken for the job's.
QVector<Finding> findingsForJob(const HostFacts &facts, const Profile &profile, const ShmPlan *plan,
                                bool inJobContainer = false);
// The plan's errors and warnings as findings (their ids are the plan's: addPlanWarning()).
QVector<Finding> planFindings(const ShmPlan &plan);
// The one verdict on a job: what the host shows (findingsForJob(), when `facts` are given) and
// what the plan says, the plan's note left out where a finding from the host says the same (the
// same id), most severe first. The Host page and `probe --profile` show it; every warning the
// Workload page shows is in it.
QVector<Finding> jobVerdict(const HostFacts *facts, const Profile &profile, const ShmPlan *plan,
                            bool inJobContainer = false);

// Whether a target text names a container (docker://, k8s://): its facts are that container's.
bool targetIsContainer(const QString &targetText);

QJsonObject findingToJson(const Finding &f);
QJsonArray findingsToJson(const QVector<Finding> &findings);

} // namespace shmwise
