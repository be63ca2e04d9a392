// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Checks shared by the profile reader and validateProfile(): each returns an empty string when the
// value is fine, or the message to show. Internal to core.

#include "core/profile.h"

#include <functional>
#include <optional>

namespace shmwise::profilechecks {

QString checkDnsLabel(const QString &value);
// The job's name under the rule of the tool that takes it in `environment`: Docker and Podman
// container names ([a-zA-Z0-9][a-zA-Z0-9_.-]*, so Train_1 is fine), Swarm service names (a DNS
// name component, letters of either case and '_' allowed, at most 63), else a DNS label
// (Kubernetes object names, and the cloud platforms' job names).
QString checkJobName(const QString &value, Environment environment);
QString checkImage(const QString &value);
// The first character that must not be in a value written into configs: control characters
// (a final newline included), format characters such as U+202E and U+200B, line and paragraph
// separators. nullopt when there is none.
std::optional<char32_t> invisibleChar(const QString &s);
QString invisibleCharMessage(char32_t c);
// 'value' with its invisible characters shown as <U+XXXX>, for messages.
QString quotedForMessage(const QString &s);
// Bounds that keep every written flag a real number.
constexpr quint64 MaxGpus = MaxProfileGpus;
constexpr Bytes MaxMemoryBytes = MaxProfileBytes;
// No single machine has more memory than this: a job's or host's memory above it is a unit
// typed wrong (1EiB for 1GiB), not a limit the files should set.
constexpr Bytes MaxMachineMemoryBytes = Bytes(64) << 40;
QString checkMachineMemory(Bytes bytes);
QString checkGpus(quint64 gpus);
constexpr quint64 MaxNodes = 65536;
// What a kind's operator adds to the Kubernetes name rules: KubeRay's RayCluster (53) and RayJob
// (47) names are DNS-1035 labels (ray-operator/controllers/ray/utils/validation.go); a TrainJob's
// a DNS-1123 label of up to 63 (Trainer's webhook and CRD).
QString checkNameForKind(const QString &name, Environment environment, KubernetesKind kind);
QString checkNcclVersion(const QString &version); // "2.21" or "2.21.5"
QString checkNodes(quint64 nodes);
QString checkMemorySize(Bytes bytes);  // job and host memory, host /dev/shm
QString checkObjectStore(Bytes bytes); // ray.object_store_memory: Ray's minimum to 1 EiB
QString checkCommand(const QStringList &command);
QString checkTensorName(const QString &name);
QString checkLoaderName(const QString &name);
// Semantic rules that apply however the workload was assembled; keys start with `prefix`
// ("workload." or "loaders[N].").
void checkWorkloadRules(const Workload &w,
                        const std::function<void(const QString &key, const QString &msg)> &report,
                        const QString &prefix = QStringLiteral("workload."));
// The rules between a job's loaders: names given and unique when there are several, one
// processes_per_node for all. Keys are "loaders[N].KEY".
void checkLoadersRules(const Profile &p,
                       const std::function<void(const QString &key, const QString &msg)> &report);

} // namespace shmwise::profilechecks
