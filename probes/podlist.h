// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The pods of a job, by label selector, for probing a Kubernetes fleet: `probe --target
// k8s://NAMESPACE/ --selector app=train` probes every running pod the selector picks.

#include "probes/probetarget.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace shmwise {

// A label selector as kubectl takes it (equality, set-based and existence terms, comma-joined):
// empty with `error` unset when it is one; else the reason, naming what is wrong.
QString checkLabelSelector(const QString &selector);

// `k8s://NAMESPACE/` (or `k8s:///` for kubectl's current namespace): the namespace a fleet of
// pods is listed in; nullopt for any other text.
std::optional<QString> podFleetNamespace(const QString &targetText);

// kubectl get pods in `ns` (empty: the current namespace) that match `selector` and are Running,
// one name per line.
ProbeCommand podListCommand(const QString &ns, const QString &selector,
                            const ProbeOptions &options);

// The most pods a selector may pick: as many hosts as an inventory may name.
inline constexpr qint64 MaxPods = 100000;
// The most bytes read from `kubectl get pods`: MaxPods names of the longest a pod's name can be
// (253 characters) with their newlines. kubectl printing more is stopped.
inline constexpr qint64 MaxPodListBytes = MaxPods * 254;

struct PodListing
{
    QStringList targets; // k8s://NAMESPACE/POD, one per pod, in kubectl's order
    QString error;       // translated; empty on success
};
// Runs podListCommand() (at most options.timeoutMs) and makes a target of each pod. An error
// when kubectl fails (its message), times out, prints a name that is not a pod name, prints more
// than MaxPodListBytes (kubectl is stopped then) or more than MaxPods names, or finds no running
// pod.
PodListing listPods(const QString &ns, const QString &selector, const ProbeOptions &options);

} // namespace shmwise
