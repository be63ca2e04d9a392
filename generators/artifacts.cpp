// SPDX-License-Identifier: GPL-3.0-or-later
#include "generators/artifacts.h"
#include "core/ray.h"
#include "core/serving.h"
#include "generators/gen_ansible_p.h"
#include "generators/gen_baremetal_p.h"
#include "generators/gen_cloud_p.h"
#include "generators/gen_common.h"
#include "generators/gen_dataloader_p.h"
#include "generators/gen_docker_p.h"
#include "generators/gen_kubernetes_p.h"
#include "generators/gen_monitoring_p.h"
#include "generators/gen_preflight_p.h"
#include "generators/gen_slurm_p.h"

#include <algorithm>

namespace shmwise {

std::optional<ConfigKind> validatorFor(const QString &artifactId)
{
    static const struct
    {
        const char *prefix;
        ConfigKind kind;
    } table[] = {
        {"fstab", ConfigKind::Fstab},          {"limits", ConfigKind::Limits},
        {"sysctl-", ConfigKind::Sysctl},       {"docker-run", ConfigKind::DockerRun},
        {"podman-run", ConfigKind::DockerRun}, {"compose", ConfigKind::Compose},
        {"swarm-stack", ConfigKind::Compose},  {"k8s-", ConfigKind::Kubernetes},
        {"dataloader", ConfigKind::Python},
    };
    for (const auto &e : table) {
        if (artifactId.startsWith(QLatin1String(e.prefix)))
            return e.kind;
    }
    return std::nullopt;
}

QVector<Artifact> generateArtifacts(const Profile &profile, const ShmPlan &plan,
                                    const GenerateOptions &options)
{
    const gen::FileText text(options.comments);
    QVector<Artifact> out;
    switch (profile.environment) {
    case Environment::BareMetal:
        out = gen::bareMetalArtifacts(profile, plan, text);
        break;
    case Environment::Docker:
        out = gen::dockerArtifacts(profile, plan);
        break;
    case Environment::Compose:
        out = gen::composeArtifacts(profile, plan);
        break;
    case Environment::Swarm:
        out = gen::swarmArtifacts(profile, plan);
        break;
    case Environment::Podman:
        out = gen::podmanArtifacts(profile, plan);
        break;
    case Environment::Kubernetes:
        out = gen::kubernetesArtifacts(profile, plan);
        break;
    case Environment::AzureMl:
        out = gen::azureMlArtifacts(profile, plan);
        break;
    case Environment::AwsBatch:
        out = gen::awsBatchArtifacts(profile, plan);
        break;
    case Environment::AwsEcs:
        out = gen::awsEcsArtifacts(profile, plan);
        break;
    case Environment::SageMaker:
        out = gen::sageMakerArtifacts(profile, plan, text);
        break;
    case Environment::VertexAi:
        out = gen::vertexAiArtifacts(profile, plan, text);
        break;
    case Environment::Slurm:
        out = gen::slurmArtifacts(profile, plan, text);
        break;
    case Environment::Ansible:
        out = gen::ansibleArtifacts(profile, plan, text);
        break;
    }
    // Ray's store is in the size each file gives /dev/shm; outside KubeRay's manifests, which set
    // it, Ray must be told to keep to it.
    const bool kubeRay = profile.environment == Environment::Kubernetes &&
                         (profile.kubernetes.kind == KubernetesKind::RayJob ||
                          profile.kubernetes.kind == KubernetesKind::RayCluster);
    if (profile.usesRay() && !kubeRay && !out.isEmpty()) {
        if (const auto store = ray::storeBytes(profile); store && *store > 0)
            out.first().summary +=
                QLatin1Char(' ') +
                gen::Tr::tr("The size counts Ray's object store (%1) beside the DataLoaders: "
                            "start Ray with ray start --object-store-memory=%2 (or "
                            "ray.init(object_store_memory=%2)), so it keeps to its share instead "
                            "of taking up to 95% of /dev/shm.")
                    .arg(formatSize(*store))
                    .arg(*store);
    }
    // The check runs first at start-up and the loader is what the training script imports, but
    // people apply the environment's files first, so these come last.
    // A server that runs no DataLoader of the profile's gets no loader module and no CI test of
    // loaders: the preflight check alone.
    if (serving::serverOnly(profile)) {
        out.erase(std::remove_if(out.begin(), out.end(),
                                 [](const Artifact &a) {
                                     return a.fileName == QLatin1String("dataloader-test.yml") ||
                                            a.fileName ==
                                                QLatin1String("gitlab-runner-config.toml");
                                 }),
                  out.end());
        out << gen::preflightScript(profile, plan, text);
    } else {
        out << gen::dataLoaderSnippet(profile, plan, text)
            << gen::preflightScript(profile, plan, text);
    }
    // Watching /dev/shm while the job runs comes after starting it.
    out << gen::monitoringArtifacts(profile, plan, text);
    for (Artifact &a : out)
        a.validator = validatorFor(a.id);
    return out;
}

} // namespace shmwise
