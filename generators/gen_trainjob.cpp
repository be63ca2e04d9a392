// SPDX-License-Identifier: GPL-3.0-or-later
// Kubeflow Trainer v2's TrainJob (trainer.kubeflow.org/v1alpha1) with a memory emptyDir at
// /dev/shm. The runtimes Trainer ships mount none, and a TrainJob patches its runtime's pods
// through a field each release names differently (pkg/apis/trainer/v1alpha1/trainjob_types.go):
// podSpecOverrides in v2.0, podTemplateOverrides in v2.1, runtimePatches from v2.2. None of them
// takes a container's resources: the memory limit goes in spec.trainer.resourcesPerNode, which
// the runtime copies onto its `node` container.
#include "generators/gen_common.h"
#include "generators/gen_kubernetes_p.h"

#include <QRegularExpression>

namespace shmwise::gen {

namespace {

// `python SCRIPT ARGS` becomes `torchrun SCRIPT ARGS`: the torch runtime gives torchrun the
// nodes, processes per node and rendezvous as PET_* variables. Other commands are kept.
QStringList trainerCommand(const QStringList &cmd, bool *launched)
{
    *launched = false;
    static const QRegularExpression python(
        QRegularExpression::anchoredPattern(QStringLiteral("(?:.*/)?python(?:3(?:\\.[0-9]+)?)?")));
    if (cmd.size() < 2 || !python.match(cmd.first()).hasMatch() ||
        cmd.at(1).startsWith(QLatin1Char('-')))
        return cmd;
    *launched = true;
    return QStringList{QStringLiteral("torchrun")} + cmd.mid(1);
}

// The volume and the mount, at `indent` (the level of `volumes:` and `containers:`).
void shmPatch(TextBuilder &b, const ShmPlan &plan, const QString &indent)
{
    auto L = [&](const QString &s) {
        return b.line(indent + s);
    };
    shmVolumes(b, plan, indent);
    L(QStringLiteral("containers:"));
    L(QStringLiteral("  - name: node"));
    b.note(Tr::tr("The trainer's container in every runtime Trainer ships is named node; a patch "
                  "naming a container the runtime lacks is refused by Trainer's webhook."));
    L(QStringLiteral("    volumeMounts:"));
    L(QStringLiteral("      - name: dshm"));
    L(QStringLiteral("        mountPath: /dev/shm"));
    b.note(Tr::tr("Added to the runtime's own mounts (the patch merges, it does not replace), so "
                  "the node container's /dev/shm is this volume instead of the runtime's 64 MiB."));
}

} // namespace

Artifact trainJobManifest(const Profile &profile, const ShmPlan &plan)
{
    const TrainerRelease release = profile.kubernetes.trainer;
    const std::optional<Bytes> memory = memoryWithShm(profile, plan);
    Artifact a;
    a.id = QStringLiteral("k8s-trainjob");
    a.title = Tr::tr("Kubeflow Trainer TrainJob with a sized /dev/shm");
    a.fileName = QStringLiteral("trainjob.yaml");
    a.syntax = QStringLiteral("YAML");
    a.summary =
        Tr::tr("A Kubeflow Trainer v%1 TrainJob on the torch-distributed runtime, with an "
               "emptyDir in memory of %2 at /dev/shm in every node. Trainer's runtimes "
               "mount no /dev/shm, so without it each node gets the container runtime's 64 MiB. "
               "Apply with: kubectl apply -f trainjob.yaml. The field that patches the runtime "
               "changed in each release: set the release in the profile "
               "(kubernetes.trainer_release) to the one on the cluster.")
            .arg(trainerReleaseName(release), formatSize(shmSize(plan)));
    TextBuilder b;
    b.line("apiVersion: trainer.kubeflow.org/v1alpha1");
    b.line("kind: TrainJob");
    metadata(b, profile, profile.job.name);
    b.line("spec:");
    b.line("  runtimeRef:");
    b.line("    name: torch-distributed");
    b.note(Tr::tr("The ClusterTrainingRuntime for PyTorch that Trainer ships (kind and apiGroup "
                  "default to it). A runtime of your own works the same if its trainer job and "
                  "container are named node."));
    b.line("  trainer:");
    b.line(QStringLiteral("    image: %1").arg(yamlScalar(profile.job.image)));
    bool launched = false;
    const QStringList command = trainerCommand(profile.job.command, &launched);
    b.line(QStringLiteral("    command: %1").arg(yamlFlowList(dollarsEscaped(command))));
    if (command.join(QString()).contains(QLatin1Char('$')))
        b.note(Tr::tr("Each $ of the command is written $$: Kubernetes expands $(NAME) from the "
                      "container's environment and reads $$ as one literal $."));
    if (launched)
        b.note(Tr::tr("torchrun starts the node's training processes; the torch runtime passes "
                      "it the nodes, the processes per node and the rendezvous (PET_* "
                      "variables)."));
    const quint64 nodes = profile.nccl.nodes.value_or(1);
    b.line(QStringLiteral("    numNodes: %1").arg(nodes));
    b.note(profile.nccl.nodes ? Tr::tr("The hosts in the job (nccl.nodes).")
                              : Tr::tr("One node: the profile gives no host count (nccl.nodes)."));
    b.line(QStringLiteral("    numProcPerNode: %1").arg(profile.workload.processesPerNode));
    b.note(Tr::tr("The plan counts %1 training processes in each node, all sharing its "
                  "/dev/shm.")
               .arg(profile.workload.processesPerNode));
    if (memory || profile.job.gpus > 0) {
        b.line("    resourcesPerNode:");
        b.line("      limits:");
        if (memory) {
            b.line(QStringLiteral("        memory: %1").arg(kubernetesQuantity(*memory)));
            b.note(Tr::tr("The job's %1 plus %2 for /dev/shm, whose pages count against the "
                          "node container's memory limit. A patch cannot set resources: "
                          "resourcesPerNode is the trainer container's.")
                       .arg(formatSize(*profile.job.memoryBytes), formatSize(shmSize(plan))));
        }
        if (profile.job.gpus > 0) {
            b.line(QStringLiteral("        nvidia.com/gpu: %1").arg(profile.job.gpus));
            b.note(Tr::tr("Needs the NVIDIA device plugin on the node."));
        }
    }
    switch (release) {
    case TrainerRelease::V2_0:
        b.line("  podSpecOverrides:");
        b.note(Tr::tr("v2.0's field for changing the runtime's pods; v2.1 renamed it "
                      "podTemplateOverrides and v2.2 replaced it with runtimePatches."));
        b.line("    - targetJobs:");
        b.line("        - name: node");
        b.note(Tr::tr("The runtime's replicated job for the training nodes."));
        shmPatch(b, plan, QStringLiteral("      "));
        break;
    case TrainerRelease::V2_1:
        b.line("  podTemplateOverrides:");
        b.note(Tr::tr("v2.1's field for changing the runtime's pods (v2.0 called it "
                      "podSpecOverrides; v2.2 replaced it with runtimePatches)."));
        b.line("    - targetJobs:");
        b.line("        - name: node");
        b.note(Tr::tr("The runtime's replicated job for the training nodes."));
        b.line("      spec:");
        shmPatch(b, plan, QStringLiteral("        "));
        break;
    case TrainerRelease::V2_2:
    case TrainerRelease::V2_3:
        b.line("  runtimePatches:");
        b.note(Tr::tr("From v2.2 a TrainJob patches its runtime with runtimePatches (before it: "
                      "podTemplateOverrides in v2.1, podSpecOverrides in v2.0)."));
        b.line("    - manager: shmwise.io/dev-shm");
        b.note(Tr::tr("Each patch names who manages it, as a domain and a path; the webhook "
                      "refuses a name without a domain. Any name your team owns will do."));
        b.line("      trainingRuntimeSpec:");
        b.line("        template:");
        b.line("          spec:");
        b.line("            replicatedJobs:");
        b.line("              - name: node");
        b.note(Tr::tr("The runtime's replicated job for the training nodes."));
        b.line("                template:");
        b.line("                  spec:");
        b.line("                    template:");
        b.line("                      spec:");
        shmPatch(b, plan, QStringLiteral("                        "));
        break;
    }
    a.summary += memoryRemark(profile, plan) + notAdjustableRemark(profile) + nofileRemark(plan);
    b.finish(&a);
    return a;
}

} // namespace shmwise::gen
