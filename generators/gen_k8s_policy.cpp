// SPDX-License-Identifier: GPL-3.0-or-later
// Cluster-wide defaults for Kubernetes: admission policies that give every new pod with a label a
// memory emptyDir at /dev/shm, for clusters where many teams' manifests cannot each be fixed. A
// Kyverno ClusterPolicy (kyverno.io/v1: foreach over the containers with patchStrategicMerge, as
// kyverno/policies' add-certificates-volume does), and Kubernetes' own MutatingAdmissionPolicy
// (ApplyConfiguration, as the kubernetes/website example does).
#include "generators/gen_common.h"
#include "generators/gen_kubernetes_p.h"

namespace shmwise::gen {

namespace {

const char *const kLabel = "shmwise.io/inject-dshm";

QString policySummary(const ShmPlan &plan)
{
    return Tr::tr("For a cluster where many jobs need it: every new pod labelled %1=true gets an "
                  "emptyDir in memory (medium: Memory) of %2 at /dev/shm, unless it already "
                  "mounts one. It does not raise the pods' memory limits, which must hold the %2 "
                  "as well, since the tmpfs pages count against them.")
        .arg(QLatin1String(kLabel), formatSize(shmSize(plan)));
}

Artifact kyvernoPolicy(const ShmPlan &plan)
{
    const Bytes size = shmSize(plan);
    Artifact a;
    a.id = QStringLiteral("k8s-kyverno-policy");
    a.title = Tr::tr("Kyverno policy: /dev/shm for labelled pods");
    a.fileName = QStringLiteral("kyverno-dshm-policy.yaml");
    a.syntax = QStringLiteral("YAML");
    a.summary =
        policySummary(plan) + QLatin1Char(' ') +
        Tr::tr("Needs Kyverno 1.10 or later. Apply with: kubectl apply -f %1.").arg(a.fileName);
    TextBuilder b;
    b.line("apiVersion: kyverno.io/v1");
    b.line("kind: ClusterPolicy");
    b.line("metadata:");
    b.line("  name: shmwise-add-dshm");
    b.line("  annotations:");
    b.line("    pod-policies.kyverno.io/autogen-controllers: Deployment,StatefulSet,Job,CronJob");
    b.note(Tr::tr("Kyverno copies this pod rule to these controllers' pod templates; pods of "
                  "other owners (PyTorchJob, TrainJob, RayCluster) are changed as they are "
                  "created."));
    b.line("spec:");
    b.line("  background: false");
    b.note(Tr::tr("Only new pods: a pod's volumes cannot change once it exists."));
    b.line("  rules:");
    b.line("    - name: add-dshm");
    b.line("      match:");
    b.line("        any:");
    b.line("          - resources:");
    b.line("              kinds:");
    b.line("                - Pod");
    b.line("              operations:");
    b.line("                - CREATE");
    b.line("      preconditions:");
    b.note(Tr::tr("The label is tested here, not with a selector under match: a selector there "
                  "turns off the copies for the controllers."));
    b.line("        all:");
    b.line(QStringLiteral("          - key: '{{ request.object.metadata.labels.\"%1\" || '''' }}'")
               .arg(QLatin1String(kLabel)));
    b.line("            operator: Equals");
    b.line("            value: \"true\"");
    b.note(Tr::tr("Only pods labelled %1=true.").arg(QLatin1String(kLabel)));
    b.line("          - key: \"{{ request.object.spec.volumes[?name=='dshm'] || `[]` | "
           "length(@) }}\"");
    b.line("            operator: Equals");
    b.line("            value: 0");
    b.line("          - key: \"{{ request.object.spec.containers[].volumeMounts[?mountPath=="
           "'/dev/shm'][] || `[]` | length(@) }}\"");
    b.line("            operator: Equals");
    b.line("            value: 0");
    b.note(Tr::tr("A pod that already has a dshm volume or a /dev/shm mount is left as it is."));
    b.line("      mutate:");
    b.line("        foreach:");
    b.line("          - list: request.object.spec.containers");
    b.note(Tr::tr("Once per container: each one mounts the volume."));
    b.line("            patchStrategicMerge:");
    b.line("              spec:");
    b.line("                containers:");
    b.line("                  - name: '{{ element.name }}'");
    b.line("                    volumeMounts:");
    b.line("                      - name: dshm");
    b.line("                        mountPath: /dev/shm");
    b.line("                volumes:");
    b.line("                  - name: dshm");
    b.line("                    emptyDir:");
    b.line("                      medium: Memory");
    b.note(Tr::tr("A tmpfs: \"Memory\" with a capital M."));
    b.line(QStringLiteral("                      sizeLimit: %1").arg(kubernetesQuantity(size)));
    b.note(
        Tr::tr("%1, what the plan recommends for one of these pods; a policy such as "
               "Kyverno's add-emptydir-sizelimit, which gives emptyDir volumes without a sizeLimit "
               "100Mi, then leaves it alone.")
            .arg(sizeWords(size)));
    b.finish(&a);
    return a;
}

Artifact admissionPolicy(const ShmPlan &plan)
{
    const Bytes size = shmSize(plan);
    Artifact a;
    a.id = QStringLiteral("k8s-admission-policy");
    a.title = Tr::tr("MutatingAdmissionPolicy: /dev/shm for labelled pods");
    a.fileName = QStringLiteral("dshm-admission-policy.yaml");
    a.syntax = QStringLiteral("YAML");
    a.summary = policySummary(plan) + QLatin1Char(' ') +
                Tr::tr("Kubernetes' own admission policy, without Kyverno: "
                       "admissionregistration.k8s.io/v1 from Kubernetes 1.36. On 1.34 and 1.35 "
                       "write v1beta1, on 1.32 and 1.33 v1alpha1, and enable the "
                       "MutatingAdmissionPolicy feature gate and that API version "
                       "(--runtime-config). Apply with: kubectl apply -f %1.")
                    .arg(a.fileName);
    TextBuilder b;
    b.line("apiVersion: admissionregistration.k8s.io/v1");
    b.note(Tr::tr("v1 from Kubernetes 1.36; v1beta1 on 1.34 and 1.35, v1alpha1 on 1.32 and "
                  "1.33, behind the MutatingAdmissionPolicy feature gate. The fields are the "
                  "same in all three."));
    b.line("kind: MutatingAdmissionPolicy");
    b.line("metadata:");
    b.line("  name: shmwise-dshm");
    b.line("spec:");
    b.line("  matchConstraints:");
    b.line("    resourceRules:");
    b.line("      - apiGroups: [\"\"]");
    b.line("        apiVersions: [\"v1\"]");
    b.line("        operations: [\"CREATE\"]");
    b.line("        resources: [\"pods\"]");
    b.note(Tr::tr("New pods only: a pod's volumes cannot change once it exists."));
    b.line("    objectSelector:");
    b.line("      matchLabels:");
    b.line(QStringLiteral("        %1: \"true\"").arg(QLatin1String(kLabel)));
    b.note(Tr::tr("Only pods labelled %1=true.").arg(QLatin1String(kLabel)));
    b.line("  matchConditions:");
    b.line("    - name: no-dshm-volume-yet");
    b.line("      expression: \"!has(object.spec.volumes) || "
           "!object.spec.volumes.exists(v, v.name == 'dshm')\"");
    b.line("    - name: no-dev-shm-mount-yet");
    b.line("      expression: \"!object.spec.containers.exists(c, has(c.volumeMounts) && "
           "c.volumeMounts.exists(m, m.mountPath == '/dev/shm'))\"");
    b.note(Tr::tr("A pod that already has a dshm volume or a /dev/shm mount is left as it is."));
    b.line("  failurePolicy: Fail");
    b.line("  reinvocationPolicy: IfNeeded");
    b.line("  mutations:");
    b.line("    - patchType: ApplyConfiguration");
    b.line("      applyConfiguration:");
    b.line("        expression: >");
    b.note(Tr::tr("Merged as server-side apply merges: volumes and containers by name, mounts by "
                  "path, so what the pod has is kept."));
    b.line("          Object{");
    b.line("            spec: Object.spec{");
    b.line("              volumes: [Object.spec.volumes{");
    b.line("                name: \"dshm\",");
    b.line(QStringLiteral("                emptyDir: Object.spec.volumes.emptyDir{medium: "
                          "\"Memory\", sizeLimit: \"%1\"}")
               .arg(kubernetesQuantity(size)));
    b.note(Tr::tr("A tmpfs of %1, what the plan recommends for one of these pods.")
               .arg(sizeWords(size)));
    b.line("              }],");
    b.line("              containers: object.spec.containers.map(c, Object.spec.containers{");
    b.line("                name: c.name,");
    b.line("                volumeMounts: [Object.spec.containers.volumeMounts{name: \"dshm\", "
           "mountPath: \"/dev/shm\"}]");
    b.line("              })");
    b.line("            }");
    b.line("          }");
    b.line("---");
    b.line("apiVersion: admissionregistration.k8s.io/v1");
    b.line("kind: MutatingAdmissionPolicyBinding");
    b.line("metadata:");
    b.line("  name: shmwise-dshm");
    b.line("spec:");
    b.line("  policyName: shmwise-dshm");
    b.note(Tr::tr("A policy acts only through a binding."));
    b.line("  matchResources:");
    b.line("    namespaceSelector: {}");
    b.note(Tr::tr("Every namespace; narrow it with matchLabels to the training namespaces."));
    b.finish(&a);
    return a;
}

} // namespace

QVector<Artifact> kubernetesPolicyArtifacts(const Profile &, const ShmPlan &plan)
{
    return {kyvernoPolicy(plan), admissionPolicy(plan)};
}

} // namespace shmwise::gen
