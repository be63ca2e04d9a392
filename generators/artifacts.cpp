// SPDX-License-Identifier: GPL-3.0-or-later
#include "artifact.h"
#include "gen_baremetal.h"
#include "gen_cloud.h"
#include "gen_dataloader.h"
#include "gen_docker.h"
#include "gen_kubernetes.h"

namespace shmwise {

QVector<Artifact> generateArtifacts(const Profile &profile, const ShmPlan &plan)
{
    QVector<Artifact> out;
    switch (profile.environment) {
    case Environment::BareMetal:
        out = gen::bareMetalArtifacts(profile, plan);
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
        out = gen::sageMakerArtifacts(profile, plan);
        break;
    case Environment::VertexAi:
        out = gen::vertexAiArtifacts(profile, plan);
        break;
    }
    // The check runs first at start-up and the loader is what the training script imports, but
    // people apply the environment's files first, so these come last.
    out << gen::dataLoaderSnippet(profile, plan) << gen::preflightScript(profile, plan);
    return out;
}

} // namespace shmwise
