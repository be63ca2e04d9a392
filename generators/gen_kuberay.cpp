// SPDX-License-Identifier: GPL-3.0-or-later
// KubeRay's RayJob and RayCluster (ray.io/v1) with /dev/shm sized for the object store and the
// DataLoaders together. KubeRay mounts a memory emptyDir at /dev/shm in the Ray container of
// every pod itself, sized to the container's memory limit (else its request, else unbounded),
// and skips it when the container already mounts /dev/shm (ray-operator/controllers/ray/common/
// pod.go, BuildPod and addEmptyDir, v1.7.0): the mount written here is that one.
#include "core/ray.h"
#include "generators/gen_common.h"
#include "generators/gen_kubernetes_p.h"

namespace shmwise::gen {

namespace {

// rayStartParams: the store's size, so Ray does not take 30% of the memory it sees (and, with
// a /dev/shm made larger, 95% of it).
void startParams(TextBuilder &b, std::optional<Bytes> store, const QString &indent)
{
    if (!store) {
        b.line(indent + QStringLiteral("rayStartParams: {}"));
        b.note(Tr::tr("No store size: the profile gives neither ray.object_store_memory nor the "
                      "job's memory, so Ray takes 30% of what it sees; set one and generate "
                      "again."));
        return;
    }
    b.line(indent + QStringLiteral("rayStartParams:"));
    b.line(indent + QStringLiteral("  object-store-memory: \"%1\"").arg(*store));
    b.note(Tr::tr("%1 for Ray's object store (ray start --object-store-memory; a string, as "
                  "every rayStartParams value). Counted in the /dev/shm below beside the "
                  "DataLoaders.")
               .arg(formatSize(*store)));
}

void group(TextBuilder &b, const Profile &profile, const ShmPlan &plan, std::optional<Bytes> store,
           const QString &indent, bool head)
{
    const QString in = indent;
    startParams(b, store, in);
    b.line(in + QStringLiteral("template:"));
    b.line(in + QStringLiteral("  spec:"));
    PodOptions o;
    o.containerName = head ? QStringLiteral("ray-head") : QStringLiteral("ray-worker");
    o.withCommand = false;
    o.withGpus = !head;
    o.mountNote = Tr::tr("A /dev/shm of this container's own: KubeRay then mounts none (it would "
                         "size one to the whole memory limit, without counting the store and the "
                         "DataLoaders apart).");
    podSpec(b, profile, plan, in + QStringLiteral("    "), o);
}

void clusterSpec(TextBuilder &b, const Profile &profile, const ShmPlan &plan, const QString &in)
{
    const std::optional<Bytes> store = ray::storeBytes(profile);
    b.line(in + QStringLiteral("headGroupSpec:"));
    b.note(Tr::tr("The head runs the driver and Ray's services, and has an object store of its "
                  "own; it is given no GPU."));
    group(b, profile, plan, store, in + QStringLiteral("  "), true);
    b.line(in + QStringLiteral("workerGroupSpecs:"));
    const quint64 nodes = profile.nccl.nodes.value_or(1);
    b.line(in + QStringLiteral("  - groupName: workers"));
    b.line(in + QStringLiteral("    replicas: %1").arg(nodes));
    b.note(profile.nccl.nodes
               ? Tr::tr("One worker pod per host of the job (nccl.nodes).")
               : Tr::tr("One worker pod: the profile gives no host count (nccl.nodes)."));
    b.line(in + QStringLiteral("    minReplicas: %1").arg(nodes));
    b.line(in + QStringLiteral("    maxReplicas: %1").arg(nodes));
    b.note(Tr::tr("KubeRay needs both bounds when autoscaling is off; equal, the group stays at "
                  "its size."));
    group(b, profile, plan, store, in + QStringLiteral("    "), false);
}

} // namespace

Artifact kubeRayManifest(const Profile &profile, const ShmPlan &plan)
{
    const bool job = profile.kubernetes.kind == KubernetesKind::RayJob;
    Artifact a;
    a.syntax = QStringLiteral("YAML");
    a.id = job ? QStringLiteral("k8s-rayjob") : QStringLiteral("k8s-raycluster");
    a.title = job ? Tr::tr("KubeRay RayJob with a sized /dev/shm")
                  : Tr::tr("KubeRay RayCluster with a sized /dev/shm");
    a.fileName = job ? QStringLiteral("rayjob.yaml") : QStringLiteral("raycluster.yaml");
    const std::optional<Bytes> store = ray::storeBytes(profile);
    a.summary = Tr::tr("Every Ray pod gets an emptyDir in memory of %1 at /dev/shm: Ray's "
                       "object store (%2) and the DataLoaders share it. Apply with: kubectl "
                       "apply -f %3.")
                    .arg(formatSize(shmSize(plan)),
                         store ? formatSize(*store) : Tr::tr("size not known"), a.fileName);
    TextBuilder b;
    b.line("apiVersion: ray.io/v1");
    b.line(job ? "kind: RayJob" : "kind: RayCluster");
    metadata(b, profile, profile.job.name);
    b.line("spec:");
    if (job) {
        // KubeRay's submitter is a Kubernetes Job whose container args hold `ray job submit
        // ... -- ENTRYPOINT` for bash -c (GetK8sJobCommand), so Kubernetes expands $(NAME) in it
        // before bash reads it: each $ is doubled, as in a container's command.
        const QString entrypoint = shellJoin(profile.job.command);
        b.line(QStringLiteral("  entrypoint: %1").arg(yamlScalar(dollarsEscaped(entrypoint))));
        b.note(Tr::tr("The job's command, run by the submitter once the cluster is up; Ray Train "
                      "starts the training workers on the worker pods."));
        if (entrypoint.contains(QLatin1Char('$')))
            b.note(Tr::tr("Each $ of the command is written $$: KubeRay's submitter runs it from "
                          "a container's args, where Kubernetes expands $(NAME) from the "
                          "container's environment and reads $$ as one literal $."));
        b.line("  shutdownAfterJobFinishes: true");
        b.note(Tr::tr("The cluster is deleted when the job ends, so its memory is not held."));
        b.line("  rayClusterSpec:");
        clusterSpec(b, profile, plan, QStringLiteral("    "));
    } else {
        clusterSpec(b, profile, plan, QStringLiteral("  "));
    }
    a.summary += memoryRemark(profile, plan) + notAdjustableRemark(profile) + nofileRemark(plan);
    b.finish(&a);
    return a;
}

} // namespace shmwise::gen
