// SPDX-License-Identifier: GPL-3.0-or-later
#include "generators/gen_common.h"
#include "generators/gen_kubernetes_p.h"

#include <QRegularExpression>

#include <algorithm>

namespace shmwise::gen {

namespace {

// The command a PyTorchJob's pods run: with several processes per node, `python SCRIPT ARGS`
// becomes `torchrun --nproc_per_node=N SCRIPT ARGS`, since one pod is one node and the operator
// starts one container per pod. Other commands are kept; `launched` says whether torchrun was put
// in.
QStringList podCommand(const Profile &profile, bool *launched)
{
    *launched = false;
    const QStringList &cmd = profile.job.command;
    const quint64 n = profile.workload.processesPerNode;
    if (profile.kubernetes.kind != KubernetesKind::PyTorchJob || n <= 1 || cmd.size() < 2)
        return cmd;
    static const QRegularExpression python(
        QRegularExpression::anchoredPattern(QStringLiteral("(?:.*/)?python(?:3(?:\\.[0-9]+)?)?")));
    if (!python.match(cmd.first()).hasMatch() || cmd.at(1).startsWith(QLatin1Char('-')))
        return cmd;
    *launched = true;
    return QStringList{QStringLiteral("torchrun"), QStringLiteral("--nproc_per_node=%1").arg(n)} +
           cmd.mid(1);
}

} // namespace

void podSpec(TextBuilder &b, const Profile &profile, const ShmPlan &plan, const QString &indent,
             const PodOptions &o)
{
    const QString &containerName = o.containerName;
    const QString &restartPolicy = o.restartPolicy;
    const Bytes size = shmSize(plan);
    const std::optional<Bytes> memory = memoryWithShm(profile, plan);
    auto L = [&](const QString &s) {
        return b.line(indent + s);
    };
    if (!restartPolicy.isEmpty())
        L(QStringLiteral("restartPolicy: %1").arg(restartPolicy));
    L(QStringLiteral("containers:"));
    L(QStringLiteral("  - name: %1").arg(yamlScalar(containerName)));
    if (containerName == QLatin1String("pytorch"))
        b.note(Tr::tr("The Kubeflow training operator finds the training container by this name."));
    L(QStringLiteral("    image: %1").arg(yamlScalar(profile.job.image)));
    bool launched = false;
    const QStringList command = !o.command.isEmpty() ? QStringList()
                                : o.withCommand      ? podCommand(profile, &launched)
                                                     : QStringList();
    if (!o.command.isEmpty()) {
        L(QStringLiteral("    command: %1").arg(yamlFlowList(o.command)));
        b.note(o.commandNote);
    } else if (o.withCommand) {
        L(QStringLiteral("    command: %1").arg(yamlFlowList(dollarsEscaped(command))));
    }
    if (launched)
        b.note(Tr::tr("torchrun starts the %1 training processes of this node (pod); the training "
                      "operator gives each pod the rendezvous settings torchrun reads (PET_* "
                      "variables in recent releases). Newer operators also take "
                      "spec.nprocPerNode, which is not written here: older PyTorchJob CRDs "
                      "reject it under strict validation. torchrun takes --nproc_per_node on "
                      "every PyTorch release; the --nproc-per-node spelling only on 2.x.")
                   .arg(profile.workload.processesPerNode));
    else if (profile.kubernetes.kind == KubernetesKind::PyTorchJob &&
             profile.workload.processesPerNode > 1)
        b.note(Tr::tr("The plan counts %1 training processes in each pod: this command must "
                      "start them (torchrun --nproc_per_node=%1 does).")
                   .arg(profile.workload.processesPerNode));
    if (command.join(QString()).contains(QLatin1Char('$')))
        b.note(Tr::tr("Each $ of the command is written $$: Kubernetes expands $(NAME) from the "
                      "container's environment and reads $$ as one literal $."));
    const quint64 gpus = o.withGpus ? profile.job.gpus : 0;
    if (memory || gpus > 0) {
        L(QStringLiteral("    resources:"));
        L(QStringLiteral("      limits:"));
        if (memory) {
            L(QStringLiteral("        memory: %1").arg(kubernetesQuantity(*memory)));
            b.note(
                Tr::tr("The job's %1 plus %2 for /dev/shm: pages of a memory-backed emptyDir are "
                       "charged to the container that writes them, so without the extra %2 the "
                       "container is OOM-killed when /dev/shm fills. Since Kubernetes 1.22 the "
                       "tmpfs is also capped at the pod's memory limit.")
                    .arg(formatSize(*profile.job.memoryBytes), formatSize(size)));
        }
        if (gpus > 0) {
            L(QStringLiteral("        nvidia.com/gpu: %1").arg(gpus));
            b.note(Tr::tr("Needs the NVIDIA device plugin on the node."));
        }
    }
    L(QStringLiteral("    volumeMounts:"));
    L(QStringLiteral("      - name: dshm"));
    L(QStringLiteral("        mountPath: /dev/shm"));
    b.note(o.mountNote.isEmpty()
               ? Tr::tr("Replaces the runtime's 64 MiB /dev/shm, which all containers of a pod "
                        "share.")
               : o.mountNote);
    shmVolumes(b, plan, indent);
}

void shmVolumes(TextBuilder &b, const ShmPlan &plan, const QString &indent)
{
    const Bytes size = shmSize(plan);
    auto L = [&](const QString &s) {
        return b.line(indent + s);
    };
    L(QStringLiteral("volumes:"));
    L(QStringLiteral("  - name: dshm"));
    L(QStringLiteral("    emptyDir:"));
    L(QStringLiteral("      medium: Memory"));
    b.note(Tr::tr("\"Memory\" with a capital M makes the emptyDir a tmpfs; any other spelling is "
                  "rejected or gives a disk-backed directory."));
    L(QStringLiteral("      sizeLimit: %1").arg(kubernetesQuantity(size)));
    b.note(Tr::tr("%1 is %2 as a Kubernetes quantity (Gi and Mi are binary; \"GB\" or \"g\" are "
                  "invalid). The plan needs at least %3. Kubernetes has no shmSize field; on "
                  "clusters older than 1.22 df shows half the node's RAM and the limit is enforced "
                  "by eviction.")
               .arg(kubernetesQuantity(size), sizeWords(size), formatSize(plan.requiredBytes)));
}

void metadata(TextBuilder &b, const Profile &profile, const QString &name)
{
    b.line("metadata:");
    b.line(QStringLiteral("  name: %1").arg(yamlScalar(name)));
    b.line(QStringLiteral("  namespace: %1").arg(yamlScalar(profile.kubernetes.ns)));
    b.note(Tr::tr("The namespace from the profile."));
}

QString memoryRemark(const Profile &profile, const ShmPlan &plan)
{
    if (profile.job.memoryBytes)
        return {};
    return QLatin1Char(' ') +
           Tr::tr("The profile gives no job memory, so no memory limit is written; if you set one, "
                  "add %1 for /dev/shm to it.")
               .arg(kubernetesQuantity(shmSize(plan)));
}

namespace {

Artifact manifest(const Profile &profile, const ShmPlan &plan)
{
    const Bytes size = shmSize(plan);
    const QString &name = profile.job.name;
    Artifact a;
    a.syntax = QStringLiteral("YAML");
    a.summary =
        Tr::tr("Mounts a memory-backed emptyDir of %1 at /dev/shm, the accepted way to size "
               "/dev/shm in Kubernetes. Apply with: kubectl apply -f %2.")
            .arg(formatSize(size));
    TextBuilder b;
    switch (profile.kubernetes.kind) {
    case KubernetesKind::Pod:
        a.id = QStringLiteral("k8s-pod");
        a.title = Tr::tr("Kubernetes Pod with a sized /dev/shm");
        a.fileName = QStringLiteral("pod.yaml");
        b.line("apiVersion: v1");
        b.line("kind: Pod");
        metadata(b, profile, name);
        b.line("spec:");
        podSpec(b, profile, plan, QStringLiteral("  "), {name, QStringLiteral("Never")});
        break;
    case KubernetesKind::Deployment:
        a.id = QStringLiteral("k8s-deployment");
        a.title = Tr::tr("Kubernetes Deployment with a sized /dev/shm");
        a.fileName = QStringLiteral("deployment.yaml");
        b.line("apiVersion: apps/v1");
        b.line("kind: Deployment");
        metadata(b, profile, name);
        b.line("spec:");
        b.line("  replicas: 1");
        b.line("  selector:");
        b.line("    matchLabels:");
        b.line(QStringLiteral("      app: %1").arg(yamlScalar(name)));
        b.line("  template:");
        b.line("    metadata:");
        b.line("      labels:");
        b.line(QStringLiteral("        app: %1").arg(yamlScalar(name)));
        b.line("    spec:");
        b.note(Tr::tr("A Deployment restarts its pods forever; for a run that ends, a Job is the "
                      "better kind."));
        podSpec(b, profile, plan, QStringLiteral("      "), {name, QString()});
        break;
    case KubernetesKind::Job:
        a.id = QStringLiteral("k8s-job");
        a.title = Tr::tr("Kubernetes Job with a sized /dev/shm");
        a.fileName = QStringLiteral("job.yaml");
        b.line("apiVersion: batch/v1");
        b.line("kind: Job");
        metadata(b, profile, name);
        b.line("spec:");
        b.line("  backoffLimit: 0");
        b.note(Tr::tr("A failed training pod is not retried, so a Bus error is seen, not hidden "
                      "behind restarts."));
        b.line("  template:");
        b.line("    spec:");
        podSpec(b, profile, plan, QStringLiteral("      "), {name, QStringLiteral("Never")});
        break;
    case KubernetesKind::PyTorchJob: {
        a.id = QStringLiteral("k8s-pytorchjob");
        a.title = Tr::tr("Kubeflow PyTorchJob with a sized /dev/shm");
        a.fileName = QStringLiteral("pytorchjob.yaml");
        a.summary += QLatin1Char(' ') +
                     Tr::tr("This is the kubeflow.org/v1 PyTorchJob of the Kubeflow training "
                            "operator, not the newer Kubeflow Trainer TrainJob API. Each replica "
                            "gets the same /dev/shm.");
        b.line("apiVersion: kubeflow.org/v1");
        b.line("kind: PyTorchJob");
        metadata(b, profile, name);
        b.line("spec:");
        b.line("  pytorchReplicaSpecs:");
        // One pod per host: the Master and hosts - 1 Workers, each with the job's GPUs of one
        // host (a one-host job has no Worker).
        const quint64 hosts = std::max<quint64>(1, profile.nccl.nodes.value_or(1));
        for (const char *role : {"Master", "Worker"}) {
            const bool master = qstrcmp(role, "Master") == 0;
            if (!master && hosts == 1)
                continue;
            b.line(QStringLiteral("    %1:").arg(QLatin1String(role)));
            b.line(QStringLiteral("      replicas: %1").arg(master ? 1 : hosts - 1));
            if (master)
                b.note(profile.nccl.nodes
                           ? Tr::tr("A PyTorchJob has exactly one Master; with the Workers, one "
                                    "pod per host of the job (nccl.nodes: %1).")
                                 .arg(hosts)
                           : Tr::tr("A PyTorchJob has exactly one Master. The profile gives no "
                                    "host count (nccl.nodes), so the job is this one pod; add "
                                    "a Worker spec for more hosts."));
            else
                b.note(
                    Tr::tr("The other hosts of the job: %1 hosts in all (nccl.nodes).").arg(hosts));
            b.line("      restartPolicy: OnFailure");
            b.line("      template:");
            b.line("        spec:");
            podSpec(b, profile, plan, QStringLiteral("          "),
                    {QStringLiteral("pytorch"), QString()});
        }
        break;
    }
    case KubernetesKind::LeaderWorkerSet: {
        // LWS v0.10.0 (leaderworkerset.x-k8s.io/v1): each replica is a group of `size` pods, a
        // leader and size - 1 workers, made from workerTemplate when no leaderTemplate is given.
        a.id = QStringLiteral("k8s-leaderworkerset");
        a.title = Tr::tr("LeaderWorkerSet with a sized /dev/shm");
        a.fileName = QStringLiteral("leaderworkerset.yaml");
        const quint64 hosts = std::max<quint64>(1, profile.nccl.nodes.value_or(1));
        a.summary += QLatin1Char(' ') +
                     Tr::tr("A LeaderWorkerSet (the LWS operator, v0.10) starts each replica as "
                            "a group of %1 pods, one per host, the leader first; each gets the "
                            "same /dev/shm, and LWS gives each its LWS_LEADER_ADDRESS, "
                            "LWS_GROUP_SIZE and LWS_WORKER_INDEX for the server's multi-host "
                            "start.")
                         .arg(hosts);
        b.line("apiVersion: leaderworkerset.x-k8s.io/v1");
        b.line("kind: LeaderWorkerSet");
        metadata(b, profile, name);
        b.line("spec:");
        b.line("  replicas: 1");
        b.line("  leaderWorkerTemplate:");
        b.line(QStringLiteral("    size: %1").arg(hosts));
        b.note(profile.nccl.nodes
                   ? Tr::tr("One pod per host of a replica (nccl.nodes: %1).").arg(hosts)
                   : Tr::tr("One pod: the profile gives no host count (nccl.nodes); set it for a "
                            "server across hosts."));
        b.line("    restartPolicy: RecreateGroupOnPodRestart");
        b.note(Tr::tr("A pod that fails restarts its whole group: a server's processes across "
                      "hosts start together or not at all."));
        if (hosts > 1 && profile.serving.used && profile.serving.server == Server::Vllm) {
            // vLLM across hosts runs on a Ray cluster of the group's pods: the leader starts
            // Ray's head and then the server, the workers join it (vLLM's image ships
            // examples/online_serving/multi-node-serving.sh for this, as LWS's own example uses).
            const QString script = QStringLiteral(
                "bash /vllm-workspace/examples/online_serving/multi-node-serving.sh");
            PodOptions leader(name, QString());
            leader.command = {QStringLiteral("sh"), QStringLiteral("-c"),
                              script +
                                  QStringLiteral(" leader --ray_cluster_size=$(LWS_GROUP_SIZE) && "
                                                 "exec ") +
                                  shellJoin(profile.job.command)};
            leader.commandNote = Tr::tr("The leader starts Ray's head for the group's %1 pods, "
                                        "then the server, which spreads its processes over "
                                        "them; Kubernetes puts LWS_GROUP_SIZE in.")
                                     .arg(hosts);
            PodOptions worker(name, QString());
            worker.command = {QStringLiteral("sh"), QStringLiteral("-c"),
                              script +
                                  QStringLiteral(" worker --ray_address=$(LWS_LEADER_ADDRESS)")};
            worker.commandNote = Tr::tr("Each worker joins the leader's Ray cluster and runs the "
                                        "server's processes it is given.");
            a.summary += QLatin1Char(' ') +
                         Tr::tr("Ray's object store is in each pod's /dev/shm too: the plan "
                                "counts it when the profile gives its size "
                                "(ray.object_store_memory); Ray takes 30% of the pod's memory "
                                "otherwise, up to what /dev/shm has free.");
            b.line("    leaderTemplate:");
            b.line("      spec:");
            podSpec(b, profile, plan, QStringLiteral("        "), leader);
            b.line("    workerTemplate:");
            b.line("      spec:");
            podSpec(b, profile, plan, QStringLiteral("        "), worker);
        } else {
            b.line("    workerTemplate:");
            b.line("      spec:");
            podSpec(b, profile, plan, QStringLiteral("        "), {name, QString()});
        }
        break;
    }
    case KubernetesKind::InferenceService:
        // KServe v0.20 (serving.kserve.io/v1beta1): the predictor is a pod spec of its own with a
        // custom container, which KServe finds by the name kserve-container.
        a.id = QStringLiteral("k8s-inferenceservice");
        a.title = Tr::tr("KServe InferenceService with a sized /dev/shm");
        a.fileName = QStringLiteral("inferenceservice.yaml");
        a.summary += QLatin1Char(' ') +
                     Tr::tr("A KServe InferenceService whose predictor runs the server's own "
                            "container with the emptyDir at /dev/shm, in KServe's raw "
                            "deployment mode (a Deployment and a Service, no Knative, which "
                            "takes an emptyDir only where its operator allows one).");
        b.line("apiVersion: serving.kserve.io/v1beta1");
        b.line("kind: InferenceService");
        metadata(b, profile, name);
        b.line("  annotations:");
        b.line("    serving.kserve.io/deploymentMode: RawDeployment");
        b.note(Tr::tr("Raw deployment: KServe makes a plain Deployment, whose pod spec takes the "
                      "emptyDir as written."));
        b.line("spec:");
        b.line("  predictor:");
        b.line("    minReplicas: 1");
        podSpec(b, profile, plan, QStringLiteral("    "),
                {QStringLiteral("kserve-container"), QString()});
        break;
    case KubernetesKind::TrainJob:
        return trainJobManifest(profile, plan);
    case KubernetesKind::RayJob:
    case KubernetesKind::RayCluster:
        return kubeRayManifest(profile, plan);
    }
    a.summary =
        a.summary.arg(a.fileName) + memoryRemark(profile, plan) + notAdjustableRemark(profile);
    a.summary += nofileRemark(plan);
    // A Pod, a Deployment's pod and a Job's pod each run on one host.
    const quint64 hosts = profile.nccl.nodes.value_or(1);
    const KubernetesKind kind = profile.kubernetes.kind;
    if (hosts > 1 && (kind == KubernetesKind::Pod || kind == KubernetesKind::Deployment ||
                      kind == KubernetesKind::Job))
        a.summary += QLatin1Char(' ') +
                     Tr::tr("This is one pod on one host, but the job has %1 hosts (nccl.nodes): "
                            "for a job across hosts choose a PyTorchJob, a TrainJob or a RayJob "
                            "on the Environment page, which start one pod per host with the same "
                            "/dev/shm.")
                         .arg(hosts);
    b.finish(&a);
    return a;
}

} // namespace

QString nofileRemark(const ShmPlan &plan)
{
    if (!needsNofile(plan))
        return {};
    return QLatin1Char(' ') +
           Tr::tr("Kubernetes has no field for the open-file limit (about %1 needed): the "
                  "container gets the container runtime's; the preflight script checks "
                  "it.")
               .arg(plan.nofileLimit);
}

QVector<Artifact> kubernetesArtifacts(const Profile &profile, const ShmPlan &plan)
{
    return QVector<Artifact>{manifest(profile, plan)} + kubernetesPolicyArtifacts(profile, plan);
}

} // namespace shmwise::gen
