// SPDX-License-Identifier: GPL-3.0-or-later
#include "generators/gen_ci_p.h"
#include "generators/gen_common.h"
#include "generators/gen_docker_p.h"

#include "core/serving.h"

namespace shmwise::gen {

namespace {

enum class Engine
{
    Docker,
    Podman
};
enum class ShmMode
{
    ShmSize,
    IpcHost
};

// Writes `docker run` / `podman run` one option per line, so each note points at its option.
Artifact runCommand(const Profile &profile, const ShmPlan &plan, Engine engine, ShmMode mode)
{
    const Bytes size = shmSize(plan);
    const bool podman = engine == Engine::Podman;
    const QString tool = podman ? QStringLiteral("podman") : QStringLiteral("docker");
    Artifact a;
    if (mode == ShmMode::IpcHost) {
        a.id = QStringLiteral("docker-run-ipc-host");
        a.title = Tr::tr("docker run with the host's /dev/shm (--ipc=host)");
        a.fileName = QStringLiteral("docker-run-ipc-host.sh");
        a.summary = Tr::tr("The alternative NVIDIA's NGC containers recommend: the container uses "
                           "the host's IPC namespace and its /dev/shm instead of a private one. It "
                           "needs no size, but the host's /dev/shm must hold at least %1, and the "
                           "container can see and change the host's shared memory: weaker "
                           "isolation. Prefer the --shm-size command unless you trust the image.")
                        .arg(formatSize(plan.requiredBytes));
    } else {
        a.id = podman ? QStringLiteral("podman-run") : QStringLiteral("docker-run");
        a.title = podman ? Tr::tr("podman run with a sized /dev/shm")
                         : Tr::tr("docker run with a sized /dev/shm");
        a.fileName = a.id + QStringLiteral(".sh");
        a.summary = Tr::tr("Runs the training container with a private /dev/shm of %1 instead of "
                           "the %2 default.")
                        .arg(formatSize(size), formatSize(64 * MiB)) +
                    notAdjustableRemark(profile);
    }
    a.syntax = QStringLiteral("Bash");

    TextBuilder b;
    b.line("#!/bin/sh");
    b.line(QStringLiteral("exec %1 run --rm \\").arg(tool));
    b.line(QStringLiteral("    --name %1 \\").arg(shellQuote(profile.job.name)));
    if (mode == ShmMode::IpcHost) {
        b.line("    --ipc=host \\");
        b.note(Tr::tr("Shares the host's IPC namespace: /dev/shm is the host's (half of RAM by "
                      "default on systemd hosts) and System V segments are shared too. Do not "
                      "combine it with --shm-size."));
    }
    for (const ContainerOption &o : containerSizeOptions(profile, plan, mode == ShmMode::ShmSize)) {
        b.line(QStringLiteral("    %1 \\").arg(o.arguments.join(QLatin1Char(' '))));
        switch (o.kind) {
        case ContainerOption::ShmSize:
            b.note(Tr::tr("%1 is %2: what the plan recommends for this job (it needs at least %3).")
                       .arg(dockerSize(size), sizeWords(size), formatSize(plan.requiredBytes)));
            if (podman)
                b.note(Tr::tr("Podman refuses --shm-size together with --ipc=host; --shm-size=0 "
                              "would mean unlimited, which is never written here."));
            break;
        case ContainerOption::Memory:
            b.note(Tr::tr("The job's %1 plus %2 for /dev/shm: pages in /dev/shm are charged to the "
                          "container's memory limit, and a container that fills its /dev/shm past "
                          "the limit is OOM-killed.")
                       .arg(formatSize(*profile.job.memoryBytes), formatSize(size)));
            break;
        case ContainerOption::Nofile:
            b.note(
                Tr::tr("soft:hard open-file limit. With the file_descriptor sharing strategy the "
                       "main process holds about %1 shared-memory files at once.")
                    .arg(plan.openFiles));
            break;
        }
    }
    if (profile.job.gpus > 0) {
        if (podman) {
            b.line("    --device nvidia.com/gpu=all \\");
            b.note(Tr::tr("GPUs through CDI (nvidia-ctk cdi generate); Podman has no count, so "
                          "limit them with CUDA_VISIBLE_DEVICES if the job should use %1.")
                       .arg(profile.job.gpus));
        } else {
            b.line(QStringLiteral("    --gpus=%1 \\").arg(profile.job.gpus));
            b.note(Tr::tr("Needs the NVIDIA Container Toolkit on the host."));
        }
    }
    if (mode == ShmMode::IpcHost) {
        b.line("    --ulimit memlock=-1 \\");
        b.note(Tr::tr("Unlimited locked memory, which NVIDIA's NGC images ask for (page-locked "
                      "buffers for GPU transfers); it does not affect /dev/shm."));
        b.line("    --ulimit stack=67108864 \\");
        b.note(Tr::tr("The 64 MiB stack NVIDIA's NGC images ask for; it does not affect "
                      "/dev/shm."));
    }
    QStringList command = profile.job.command;
    if (serving::imageHasServerEntrypoint(profile.job.image) && !command.isEmpty()) {
        b.line(QStringLiteral("    --entrypoint %1 \\").arg(shellQuote(command.takeFirst())));
        b.note(Tr::tr("The image's entrypoint is its server (vllm serve): the command's program "
                      "replaces it, so the arguments below are not given to it twice."));
    }
    b.line(QStringLiteral("    %1 \\").arg(shellQuote(profile.job.image)));
    b.line(QStringLiteral("    %1").arg(shellJoin(command)));
    b.finish(&a);
    return a;
}

Artifact daemonJson(const Profile &profile, const ShmPlan &plan, bool swarm = false)
{
    const Bytes size = shmSize(plan);
    Artifact a;
    a.id = QStringLiteral("daemon-json");
    a.title = Tr::tr("Docker daemon default /dev/shm (daemon.json)");
    a.fileName = QStringLiteral("daemon.json");
    a.syntax = QStringLiteral("JSON");
    a.summary = Tr::tr("For a host where every container should get %1 of /dev/shm: merge this key "
                       "into /etc/docker/daemon.json and restart the Docker daemon. Containers "
                       "created afterwards get it; --shm-size and shm_size still override it.")
                    .arg(formatSize(size)) +
                (swarm ? QLatin1Char(' ') +
                             Tr::tr("It also applies to Swarm tasks, which have no shm_size of "
                                    "their own: set it on every node that may run the service, "
                                    "as a second fix beside the stack file's tmpfs volume.")
                       : QString()) +
                notAdjustableRemark(profile);
    TextBuilder b;
    b.line("{");
    b.line(QStringLiteral("  \"default-shm-size\": %1").arg(quoted(dockerSize(size))));
    b.note(Tr::tr("A quoted string with a unit, the form Docker documents for this key."));
    b.line("}");
    b.finish(&a);
    return a;
}

// The service's image and command lines, shared by compose and stack files.
void serviceHead(TextBuilder &b, const Profile &profile)
{
    b.line("services:");
    b.line(QStringLiteral("  %1:").arg(yamlScalar(profile.job.name)));
    b.line(QStringLiteral("    image: %1").arg(yamlScalar(profile.job.image)));
    QStringList command = profile.job.command;
    if (serving::imageHasServerEntrypoint(profile.job.image) && !command.isEmpty()) {
        b.line(QStringLiteral("    entrypoint: %1")
                   .arg(yamlFlowList(dollarsEscaped(QStringList{command.takeFirst()}))));
        b.note(Tr::tr("The image's entrypoint is its server (vllm serve): the command's program "
                      "replaces it, so the arguments below are not given to it twice."));
    }
    b.line(QStringLiteral("    command: %1").arg(yamlFlowList(dollarsEscaped(command))));
    if (profile.job.command.join(QString()).contains(QLatin1Char('$')))
        b.note(Tr::tr("Each $ of the command is written $$: Compose would otherwise replace $NAME "
                      "with a variable of the environment that deploys the file."));
}

void ulimits(TextBuilder &b, const ShmPlan &plan)
{
    if (!needsNofile(plan))
        return;
    b.line("    ulimits:");
    b.line("      nofile:");
    b.line(QStringLiteral("        soft: %1").arg(plan.nofileLimit));
    b.note(Tr::tr("Compose needs both soft and hard for nofile. With the file_descriptor sharing "
                  "strategy the main process holds about %1 shared-memory files at once.")
               .arg(plan.openFiles));
    b.line(QStringLiteral("        hard: %1").arg(plan.nofileLimit));
}

Artifact composeFile(const Profile &profile, const ShmPlan &plan)
{
    const Bytes size = shmSize(plan);
    const std::optional<Bytes> memory = memoryWithShm(profile, plan);
    Artifact a;
    a.id = QStringLiteral("compose");
    a.title = Tr::tr("Docker Compose service with a sized /dev/shm");
    a.fileName = QStringLiteral("compose.yaml");
    a.syntax = QStringLiteral("YAML");
    a.summary = Tr::tr("A compose service whose /dev/shm is %1 instead of Docker's 64 MiB default. "
                       "Works with docker compose v2 and docker-compose 1.x; not with docker stack "
                       "deploy, which ignores shm_size: for Swarm, choose Docker Swarm as where "
                       "the job runs (environment: swarm) for a stack file that mounts a tmpfs.")
                    .arg(formatSize(size)) +
                notAdjustableRemark(profile);
    TextBuilder b;
    serviceHead(b, profile);
    b.line(QStringLiteral("    shm_size: %1").arg(quoted(dockerSize(size))));
    b.note(Tr::tr("%1 is %2, what the plan recommends (it needs at least %3). Quoted, so every "
                  "Compose version reads it as a size string.")
               .arg(dockerSize(size), sizeWords(size), formatSize(plan.requiredBytes)));
    if (memory) {
        b.line(QStringLiteral("    mem_limit: %1").arg(quoted(dockerSize(*memory))));
        b.note(
            Tr::tr("The job's %1 plus %2 for /dev/shm, whose pages are charged to the container. "
                   "Do not also set deploy.resources.limits.memory to another value: since "
                   "Compose v2.26 two different values are an error (\"can't set distinct values "
                   "on 'mem_limit' and 'deploy.resources.limits.memory'\"); older versions "
                   "silently used the deploy value.")
                .arg(formatSize(*profile.job.memoryBytes), formatSize(size)));
    }
    ulimits(b, plan);
    if (profile.job.gpus > 0) {
        b.line("    deploy:");
        b.line("      resources:");
        b.line("        reservations:");
        b.line("          devices:");
        b.line("            - driver: nvidia");
        b.note(Tr::tr("This GPU block needs docker-compose 1.28 or later (or Compose v2); older "
                      "versions reject it."));
        b.line(QStringLiteral("              count: %1").arg(profile.job.gpus));
        b.note(Tr::tr("GPUs need the NVIDIA Container Toolkit on the host."));
        b.line("              capabilities: [gpu]");
    }
    b.finish(&a);
    return a;
}

Artifact stackFile(const Profile &profile, const ShmPlan &plan)
{
    const Bytes size = shmSize(plan);
    const std::optional<Bytes> memory = memoryWithShm(profile, plan);
    Artifact a;
    a.id = QStringLiteral("swarm-stack");
    a.title = Tr::tr("Docker Swarm stack with a tmpfs /dev/shm");
    a.fileName = QStringLiteral("stack.yaml");
    a.syntax = QStringLiteral("YAML");
    a.summary =
        Tr::tr("Swarm services cannot set shm_size: docker stack deploy prints \"Ignoring "
               "unsupported options: shm_size\" and the task gets the daemon's default (64 MiB "
               "unless daemon.json sets default-shm-size). This stack mounts a tmpfs "
               "of %1 at /dev/shm instead. Deploy with: docker stack deploy -c stack.yaml NAME.")
            .arg(formatSize(size)) +
        notAdjustableRemark(profile);
    TextBuilder b;
    b.line("version: \"3.8\"");
    b.note(Tr::tr("The long volume syntax with tmpfs.size needs file format 3.6 or later."));
    serviceHead(b, profile);
    b.line("    volumes:");
    b.line("      - type: tmpfs");
    b.note(Tr::tr("The long syntax: stack deploy silently drops the short form "
                  "(tmpfs: - /dev/shm:size=...)."));
    b.line("        target: /dev/shm");
    b.line("        tmpfs:");
    b.line(QStringLiteral("          size: %1").arg(size));
    b.note(Tr::tr("An integer number of bytes (%1): the only form stack deploy accepts here.")
               .arg(formatSize(size)));
    ulimits(b, plan);
    b.line("    deploy:");
    b.line("      restart_policy:");
    b.line("        condition: none");
    b.note(Tr::tr("A training run that finishes should not be started again."));
    if (memory || profile.job.gpus > 0)
        b.line("      resources:");
    if (memory) {
        b.line("        limits:");
        b.line(QStringLiteral("          memory: %1").arg(quoted(dockerSize(*memory))));
        b.note(
            Tr::tr("The job's %1 plus %2 for /dev/shm, whose pages are charged to the container. "
                   "Swarm takes the limit only from deploy.resources; mem_limit makes stack "
                   "deploy fail.")
                .arg(formatSize(*profile.job.memoryBytes), formatSize(size)));
    }
    if (profile.job.gpus > 0) {
        b.line("        reservations:");
        b.line("          generic_resources:");
        b.line("            - discrete_resource_spec:");
        b.note(Tr::tr("Swarm's way to request GPUs in a stack file: the task is placed "
                      "on a node that advertises enough of this generic resource."));
        b.line("                kind: NVIDIA-GPU");
        b.note(Tr::tr("Must match the name the nodes advertise: node-generic-resources in each "
                      "GPU node's daemon.json (for example \"NVIDIA-GPU=GPU-<uuid>\", one entry "
                      "per GPU), with the NVIDIA Container Toolkit set up to pass them on."));
        b.line(QStringLiteral("                value: %1").arg(profile.job.gpus));
    }
    b.finish(&a);
    return a;
}

} // namespace

QVector<Artifact> dockerArtifacts(const Profile &profile, const ShmPlan &plan)
{
    // The same job as a compose service too: people who start containers with `docker compose
    // up` get the file they use, with the same size, limits and GPUs as the docker run command.
    // And the CI containers test jobs run in.
    return QVector<Artifact>{runCommand(profile, plan, Engine::Docker, ShmMode::ShmSize),
                             runCommand(profile, plan, Engine::Docker, ShmMode::IpcHost),
                             composeFile(profile, plan), daemonJson(profile, plan)} +
           ciArtifacts(profile, plan);
}

QVector<Artifact> podmanArtifacts(const Profile &profile, const ShmPlan &plan)
{
    return {runCommand(profile, plan, Engine::Podman, ShmMode::ShmSize)};
}

QVector<Artifact> composeArtifacts(const Profile &profile, const ShmPlan &plan)
{
    return {composeFile(profile, plan), daemonJson(profile, plan)};
}

QVector<Artifact> swarmArtifacts(const Profile &profile, const ShmPlan &plan)
{
    return {stackFile(profile, plan), daemonJson(profile, plan, true)};
}

} // namespace shmwise::gen
