// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A Kubernetes namespace's memory-backed emptyDirs seen without exec: the pods' specs from one
// `kubectl get pods`, each node's allocatable memory from one `kubectl get nodes`, and each
// node's kubelet Summary API (`kubectl get --raw /api/v1/nodes/NODE/proxy/stats/summary`, one
// call per node, not per pod), which measures every emptyDir, memory-backed ones included. Per
// pod: the volume's use, its sizeLimit, the pod's memory limit and request, and the size the
// kubelet gives the tmpfs (calculateEmptyDirMemorySize: the smallest of the node's allocatable
// memory, the pod's memory limit and the sizeLimit).

#include "core/size.h"
#include "probes/probetarget.h"

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace shmwise {

struct ClusterContainer
{
    std::optional<Bytes> limit;   // resources.limits.memory
    std::optional<Bytes> request; // resources.requests.memory
    bool restartable = false;     // an init container with restartPolicy: Always (a sidecar)
};

struct ClusterVolume
{
    QString name;
    std::optional<Bytes> sizeLimit;
};

// What one pod's spec says of its memory, as `kubectl get pods` prints it with
// clusterPodTemplate().
struct ClusterPod
{
    QString ns, name, node, phase;
    Bytes overhead = 0; // spec.overhead.memory (a RuntimeClass's)
    QVector<ClusterContainer> containers, initContainers;
    QVector<ClusterVolume> memoryVolumes; // emptyDirs with medium: Memory only
};

// The jsonpath one pod is printed with: tab-separated fields, a line per pod; lists are
// comma-terminated items whose parts are separated by '/'. kubectl prints a missing field as
// nothing.
QString clusterPodTemplate();
// The pods of `ns` (all, or those `selector` picks), with clusterPodTemplate() over .items.
ProbeCommand clusterPodsCommand(const QString &ns, const QString &selector,
                                const ProbeOptions &options);
// Every node's allocatable memory, a line each: NAME, a tab, the quantity.
ProbeCommand clusterNodesCommand(const ProbeOptions &options);
// The kubelet Summary API of one node, through the API server's node proxy.
ProbeCommand kubeletSummaryCommand(const QString &node, const ProbeOptions &options);

// Reads `kubectl get pods` output; nullopt with `why` (naming the line) when a line is not what
// clusterPodTemplate() prints.
std::optional<QVector<ClusterPod>> parseClusterPods(const QByteArray &text, QString *why);
// Reads `kubectl get nodes` output: node name to allocatable bytes.
std::optional<QHash<QString, Bytes>> parseNodeAllocatable(const QByteArray &text, QString *why);

// The pod's memory as the kubelet sizes its cgroup (ResourceConfigForPod and PodLimits): the
// limit is the overhead plus the larger of the app containers' and sidecars' sum and each init
// container's limit (with the sidecars started before it); no limit when any container, init
// containers included, has none.
struct PodMemory
{
    std::optional<Bytes> limit;
    Bytes request = 0;
    bool requestKnown = false; // some container asks for memory
    // The pod has no limit only because an init container has none (kubernetes#125852): every
    // app container has one.
    bool initWithoutLimit = false;
};
PodMemory podMemory(const ClusterPod &pod);

// The size the kubelet mounts a memory emptyDir with (pkg/volume/emptydir,
// calculateEmptyDirMemorySize): node allocatable, lowered to the pod's memory limit and then to
// the sizeLimit when each is above zero and not larger.
Bytes emptyDirMemorySize(Bytes nodeAllocatable, std::optional<Bytes> podLimit,
                         std::optional<Bytes> sizeLimit);

// One pod of a Summary API answer (k8s.io/kubelet pkg/apis/stats/v1alpha1 PodStats).
struct SummaryVolume
{
    QString name;
    std::optional<Bytes> used, capacity;
};
struct SummaryPod
{
    QString ns, name;
    std::optional<Bytes> workingSet; // memory.workingSetBytes
    QVector<SummaryVolume> volumes;
};
// Reads a Summary API answer; nullopt with `why` when it is not JSON or has no pods array.
std::optional<QVector<SummaryPod>> parseKubeletSummary(const QByteArray &json, QString *why);

enum class ClusterLevel
{
    Ok,
    Warn,
    Crit
};

// One memory emptyDir of one pod, with what is known of it.
struct ClusterRow
{
    QString ns, pod, node, volume;
    std::optional<Bytes> used;        // the kubelet's usedBytes
    std::optional<Bytes> capacity;    // the kubelet's capacityBytes (the tmpfs as mounted)
    std::optional<Bytes> sizeLimit;   // the volume's sizeLimit
    std::optional<Bytes> allocatable; // the node's allocatable memory
    std::optional<Bytes> effective;   // what the kubelet sizes the tmpfs to
    PodMemory memory;
    std::optional<Bytes> workingSet; // the pod's, the emptyDir's pages included
    QString error;                   // why the node's numbers are missing, translated
    ClusterLevel level = ClusterLevel::Ok;
    QStringList findings; // translated, a sentence each
};

struct ClusterThresholds
{
    double warnPercent = 80;
    double critPercent = 95;
};

// The rows of every pod's memory emptyDirs (pods without one are left out), in the pods'
// order. `summaries` and `nodeErrors` are by node name; a node with neither is "not read".
QVector<ClusterRow> clusterRows(const QVector<ClusterPod> &pods,
                                const QHash<QString, Bytes> &allocatable,
                                const QHash<QString, QVector<SummaryPod>> &summaries,
                                const QHash<QString, QString> &nodeErrors,
                                const ClusterThresholds &thresholds);

// For people, a table (its header first); for scripts, an object with a "pods" array.
QStringList clusterTable(const QVector<ClusterRow> &rows);
QJsonObject clusterRowToJson(const ClusterRow &row);
// Prometheus text for node_exporter's textfile collector, labelled by namespace, pod, volume
// and node.
QByteArray clusterPrometheusText(const QVector<ClusterRow> &rows);

// The whole view, read by readClusterView().
struct ClusterView
{
    QVector<ClusterRow> rows;
    int pods = 0;      // pods listed, with or without a memory emptyDir
    int nodes = 0;     // nodes whose kubelet was asked
    QString error;     // translated: the pods could not be listed (nothing else is known then)
    QString nodesNote; // translated: allocatable memory unknown (kubectl get nodes failed)
};

// The most bytes read from one kubectl call: a Summary API answer of a node with a thousand
// pods is a few MiB; the pods of a namespace, 64 MiB.
inline constexpr qint64 MaxClusterAnswerBytes = 64 * 1024 * 1024;

// Lists the pods and nodes, then asks each node with a listed pod for its Summary (at most
// `jobs` kubectl calls at once, each within options.timeoutMs).
ClusterView readClusterView(const QString &ns, const QString &selector, const ProbeOptions &options,
                            int jobs, const ClusterThresholds &thresholds);

} // namespace shmwise
