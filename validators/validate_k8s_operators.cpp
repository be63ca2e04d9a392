// SPDX-License-Identifier: GPL-3.0-or-later
// KubeRay's RayJob and RayCluster, and Kubeflow Trainer's TrainJob, beyond what their CRDs say
// (the schema check is validate_kubernetes.cpp's).
#include "core/size.h"
#include "validators/validate_kubernetes_p.h"

#include <QRegularExpression>
#include <QSet>

namespace shmwise::validators {

namespace {

std::optional<quint64> quantityOf(const YamlNode &n)
{
    if (!n.isDefined() || !n.isScalar())
        return std::nullopt;
    QString why;
    return parseKubernetesQuantity(scalar(n), &why);
}

// KubeRay's names are DNS-1035 labels of at most 53 (RayCluster) or 47 (RayJob) characters:
// its Pods and Services are named after them (utils/validation.go, ValidateRayClusterMetadata,
// ValidateRayJobMetadata; utils/constant.go).
void checkRayName(const YamlNode &doc, const QString &kind, Sink &sink)
{
    const YamlNode n = child(child(doc, "metadata"), "name");
    const QString name = scalar(n);
    if (name.isEmpty())
        return;
    const int most = kind == QLatin1String("RayJob") ? 47 : 53;
    static const QRegularExpression dns1035(QStringLiteral("^[a-z]([-a-z0-9]*[a-z0-9])?$"));
    if (name.size() > most)
        sink.error(lineOf(n), columnOf(n),
                   Tr::tr("a %1's name has at most %2 characters (got %3); KubeRay refuses it, "
                          "since its pods and services are named after it")
                       .arg(kind)
                       .arg(most)
                       .arg(name.size()));
    else if (!dns1035.match(name).hasMatch())
        sink.error(lineOf(n), columnOf(n),
                   Tr::tr("a %1's name is a DNS-1035 label: it starts with a lower-case letter; "
                          "KubeRay refuses '%2'")
                       .arg(kind, name));
}

// One head or worker group: its pod, and what Ray's object store leaves of its /dev/shm.
void checkRayGroup(const YamlNode &group, const QString &what, Sink &sink)
{
    if (!group.isDefined() || !group.isMap())
        return;
    const YamlNode spec = child(child(group, "template"), "spec");
    if (!spec.isDefined())
        return; // the schema names what is missing
    const YamlNode containers = child(spec, "containers");
    if (!containers.isSequence() || containers.size() == 0) {
        sink.error(lineOf(spec), columnOf(spec),
                   Tr::tr("%1 has no container; KubeRay refuses the cluster").arg(what));
        return;
    }
    const PodFacts facts = checkPodSpec(spec, sink, false);
    const YamlNode params = child(group, "rayStartParams");
    const YamlNode storeNode = child(params, "object-store-memory");
    std::optional<quint64> store;
    if (storeNode.isDefined()) {
        static const QRegularExpression digits(QStringLiteral("^[0-9]+$"));
        const QString text = scalar(storeNode).trimmed();
        if (digits.match(text).hasMatch()) {
            bool ok = false;
            store = text.toULongLong(&ok);
            if (!ok)
                store.reset();
        } else if (storeNode.isScalar()) {
            // The API server takes any string here; `ray start` reads the option as an integer.
            sink.warning(lineOf(storeNode), columnOf(storeNode),
                         Tr::tr("object-store-memory is a whole number of bytes for ray start, "
                                "not '%1'")
                             .arg(text));
        }
    }
    // The Ray container is the pod's first (utils.RayContainerIndex).
    const YamlNode ray = containers.isSequence() ? containers.item(0) : YamlNode();
    const YamlNode resources = child(ray, "resources");
    const std::optional<quint64> limit = quantityOf(child(child(resources, "limits"), "memory"));
    const std::optional<quint64> request =
        quantityOf(child(child(resources, "requests"), "memory"));
    if (!facts.shmMount) {
        const YamlNode at = ray.isDefined() ? ray : spec;
        if (child(params, "plasma-directory").isDefined())
            sink.warning(lineOf(at), columnOf(at),
                         Tr::tr("with plasma-directory set, KubeRay 1.6 and later mount no "
                                "/dev/shm in %1: it gets the runtime's 64 MiB, too little for "
                                "DataLoader workers; mount a memory emptyDir at /dev/shm")
                             .arg(what));
        else if (!limit && !request)
            sink.warning(lineOf(at), columnOf(at),
                         Tr::tr("KubeRay mounts a memory emptyDir at /dev/shm sized to the Ray "
                                "container's memory limit, else its request; %1 has neither, so "
                                "its /dev/shm is unbounded and its pages count against nothing "
                                "the pod asked for: set limits.memory")
                             .arg(what));
    }
    const std::optional<quint64> shm =
        facts.shmMount ? facts.shmSizeLimit : (limit ? limit : request);
    if (store && shm && *store >= *shm) {
        const YamlNode at = storeNode;
        sink.warning(lineOf(at), columnOf(at),
                     Tr::tr("Ray's object store (%1) does not fit the /dev/shm of %2 (%3): Ray "
                            "puts it in /tmp when it is 10 GB or less, and refuses to start "
                            "when larger; make /dev/shm the store plus what the DataLoaders "
                            "need")
                         .arg(formatSize(*store), what, formatSize(*shm)));
    } else if (!storeNode.isDefined() && facts.shmMount && facts.shmSizeLimit) {
        const YamlNode at = facts.shmSizeNode;
        sink.info(lineOf(at), columnOf(at),
                  Tr::tr("no object-store-memory in %1's rayStartParams: Ray makes its store 30% "
                         "of the memory it sees, up to 95% of the free /dev/shm, which can leave "
                         "the DataLoaders little of it; set the store's size")
                      .arg(what));
    }
    const YamlNode minR = child(group, "minReplicas");
    const YamlNode maxR = child(group, "maxReplicas");
    bool okMin = false, okMax = false;
    const qlonglong lo = scalar(minR).toLongLong(&okMin);
    const qlonglong hi = scalar(maxR).toLongLong(&okMax);
    if (okMin && okMax && lo > hi)
        sink.error(lineOf(minR), columnOf(minR),
                   Tr::tr("%1: minReplicas %2 is above maxReplicas %3; KubeRay refuses the "
                          "cluster")
                       .arg(what)
                       .arg(lo)
                       .arg(hi));
}

// The runtimes Kubeflow Trainer ships (manifests/base/runtimes), whose replicated jobs and
// containers are named node, dataset-initializer and model-initializer.
bool shippedRuntime(const QString &name)
{
    static const QSet<QString> names{
        QStringLiteral("torch-distributed"),     QStringLiteral("deepspeed-distributed"),
        QStringLiteral("mlx-distributed"),       QStringLiteral("mpi-distributed"),
        QStringLiteral("jax-distributed"),       QStringLiteral("xgboost-distributed"),
        QStringLiteral("torchtune-llama3.2-1b"), QStringLiteral("torchtune-llama3.2-3b"),
        QStringLiteral("torchtune-qwen2.5-1.5b")};
    return names.contains(name);
}

} // namespace

void checkKubeRay(const YamlNode &doc, const QString &kind, Sink &sink)
{
    checkRayName(doc, kind, sink);
    const YamlNode spec = child(doc, "spec");
    YamlNode cluster = spec;
    if (kind == QLatin1String("RayJob")) {
        cluster = child(spec, "rayClusterSpec");
        if (spec.isMap() && !cluster.isDefined() && !child(spec, "clusterSelector").isDefined()) {
            sink.error(lineOf(spec), columnOf(spec),
                       Tr::tr("a RayJob needs rayClusterSpec or clusterSelector; KubeRay refuses "
                              "it"));
            return;
        }
    }
    checkRayGroup(child(cluster, "headGroupSpec"), Tr::tr("the head group"), sink);
    const YamlNode workers = child(cluster, "workerGroupSpecs");
    if (workers.isSequence())
        for (std::size_t i = 0; i < workers.size(); ++i) {
            const QString group = scalar(child(workers.item(i), "groupName"));
            checkRayGroup(workers.item(i),
                          group.isEmpty() ? Tr::tr("worker group %1").arg(i + 1)
                                          : Tr::tr("worker group '%1'").arg(group),
                          sink);
        }
}

void checkTrainJob(const YamlNode &doc, Sink &sink)
{
    const YamlNode spec = child(doc, "spec");
    if (!spec.isMap())
        return;
    const QString runtime = scalar(child(child(spec, "runtimeRef"), "name"));
    const bool shipped = shippedRuntime(runtime);
    // The pod-spec parts the patches add, and whether each one reaches the trainer's `node` job.
    QVector<std::pair<YamlNode, bool>> patches;
    auto targetsNode = [](const YamlNode &targetJobs) {
        if (!targetJobs.isSequence())
            return false;
        for (std::size_t i = 0; i < targetJobs.size(); ++i)
            if (scalar(child(targetJobs.item(i), "name")) == QLatin1String("node"))
                return true;
        return false;
    };
    auto list = [&](const char *key) {
        const YamlNode n = child(spec, key);
        return n.isSequence() ? n : YamlNode();
    };
    if (const YamlNode o = list("podSpecOverrides"); o.isDefined())
        for (std::size_t i = 0; i < o.size(); ++i)
            patches.append({o.item(i), targetsNode(child(o.item(i), "targetJobs"))});
    if (const YamlNode o = list("podTemplateOverrides"); o.isDefined())
        for (std::size_t i = 0; i < o.size(); ++i)
            patches.append({child(o.item(i), "spec"), targetsNode(child(o.item(i), "targetJobs"))});
    if (const YamlNode o = list("runtimePatches"); o.isDefined()) {
        // validation.IsDomainPrefixedPath (pkg/webhooks/trainjob_webhook.go, v2.2).
        static const QRegularExpression managerRe(
            QStringLiteral("^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/"
                           "[A-Za-z0-9/\\-._~%!$&'()*+,;=:]+$"));
        for (std::size_t i = 0; i < o.size(); ++i) {
            const YamlNode m = child(o.item(i), "manager");
            if (m.isScalar() && !managerRe.match(scalar(m)).hasMatch())
                sink.error(lineOf(m), columnOf(m),
                           Tr::tr("manager '%1' must be a domain and a path, such as "
                                  "example.com/dev-shm; Trainer's webhook refuses it")
                               .arg(scalar(m)));
            const YamlNode jobs =
                child(child(child(child(o.item(i), "trainingRuntimeSpec"), "template"), "spec"),
                      "replicatedJobs");
            if (!jobs.isSequence())
                continue;
            for (std::size_t j = 0; j < jobs.size(); ++j)
                patches.append(
                    {child(child(child(child(jobs.item(j), "template"), "spec"), "template"),
                           "spec"),
                     scalar(child(jobs.item(j), "name")) == QLatin1String("node")});
        }
    }
    bool mounted = false;
    std::optional<quint64> shm;
    YamlNode shmNode;
    for (const auto &[p, node] : patches) {
        if (!p.isMap())
            continue;
        const PodFacts f = checkPodSpec(p, sink, false, false);
        if (f.shmMount && node) {
            mounted = true;
            shm = f.shmSizeLimit;
            shmNode = f.shmSizeNode;
        }
        if (!shipped)
            continue;
        const YamlNode cs = child(p, "containers");
        if (cs.isSequence())
            for (std::size_t i = 0; i < cs.size(); ++i) {
                const YamlNode n = child(cs.item(i), "name");
                const QString name = scalar(n);
                if (!name.isEmpty() && name != QLatin1String("node") &&
                    name != QLatin1String("dataset-initializer") &&
                    name != QLatin1String("model-initializer"))
                    sink.error(lineOf(n), columnOf(n),
                               Tr::tr("runtime %1 has no container '%2' (its trainer's container "
                                      "is node); Trainer's webhook refuses the TrainJob")
                                   .arg(runtime, name));
            }
    }
    const YamlNode limitNode =
        child(child(child(child(spec, "trainer"), "resourcesPerNode"), "limits"), "memory");
    const std::optional<quint64> limit = quantityOf(limitNode);
    if (shm && limit && *shm > *limit)
        sink.warning(lineOf(limitNode), columnOf(limitNode),
                     Tr::tr("resourcesPerNode's memory limit %1 is below the /dev/shm sizeLimit "
                            "%2: the emptyDir's pages count against the node container's "
                            "limit, so it is OOM-killed when /dev/shm fills")
                         .arg(scalar(limitNode), scalar(shmNode)));
    if (!mounted) {
        const YamlNode at = keyNode(doc, "spec");
        const QString msg =
            Tr::tr("no patch mounts /dev/shm in the trainer's node container, and the runtimes "
                   "Trainer ships mount none: each node gets the container runtime's 64 MiB. "
                   "Add a memory emptyDir at /dev/shm through runtimePatches (v2.2 and later), "
                   "podTemplateOverrides (v2.1) or podSpecOverrides (v2.0)");
        if (shipped || runtime.isEmpty())
            sink.warning(lineOf(at), columnOf(at), msg);
        else
            sink.info(lineOf(at), columnOf(at),
                      Tr::tr("runtime %1 is not one Trainer ships: unless it mounts /dev/shm, %2")
                          .arg(runtime, msg));
    }
}

} // namespace shmwise::validators
