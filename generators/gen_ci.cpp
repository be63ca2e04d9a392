// SPDX-License-Identifier: GPL-3.0-or-later
// CI containers for test jobs that run DataLoaders: a GitHub Actions job in a container, whose
// `container.options` are flags of `docker create` (actions/runner, DockerCommandManager), and a
// GitLab Runner's Docker executor, whose `shm_size` (an integer of bytes in [runners.docker] of
// the runner's config.toml, common/config.go) sizes the build and service containers' /dev/shm.
// Both start from Docker's 64 MiB otherwise.
#include "generators/gen_ci_p.h"
#include "generators/gen_common.h"

namespace shmwise::gen {

namespace {

// The options GitHub passes to docker create: the run command's, joined.
QString dockerOptions(const Profile &profile, const ShmPlan &plan)
{
    QStringList words;
    for (const ContainerOption &o : containerSizeOptions(profile, plan))
        words << o.arguments.join(QLatin1Char(' '));
    if (profile.job.gpus > 0)
        words << QStringLiteral("--gpus all");
    return words.join(QLatin1Char(' '));
}

Artifact githubActions(const Profile &profile, const ShmPlan &plan)
{
    const Bytes size = shmSize(plan);
    Artifact a;
    a.id = QStringLiteral("ci-github-actions");
    a.title = Tr::tr("GitHub Actions job in a container with a sized /dev/shm");
    a.fileName = QStringLiteral("dataloader-test.yml");
    a.syntax = QStringLiteral("YAML");
    a.summary = Tr::tr("A GitHub Actions workflow (put it in .github/workflows/) whose job runs "
                       "in the training image with a /dev/shm of %1: a job container gets "
                       "Docker's 64 MiB unless its options say otherwise. Each service "
                       "container has options of its own.")
                    .arg(formatSize(size));
    TextBuilder b;
    b.line("name: dataloader-test");
    b.line("on: [push, pull_request]");
    b.line("jobs:");
    b.line("  dataloader:");
    b.line(profile.job.gpus > 0 ? "    runs-on: [self-hosted, linux, gpu]"
                                : "    runs-on: ubuntu-latest");
    if (profile.job.gpus > 0)
        b.note(Tr::tr("GitHub's hosted runners have no GPUs: a self-hosted runner with the "
                      "NVIDIA container toolkit, labelled gpu here."));
    else
        b.note(Tr::tr("A container job needs a Linux runner."));
    b.line("    container:");
    b.line(QStringLiteral("      image: %1").arg(yamlScalar(profile.job.image)));
    b.line(QStringLiteral("      options: %1").arg(yamlScalar(dockerOptions(profile, plan))));
    b.note(Tr::tr("Flags of docker create, which the runner passes on as written: "
                  "--shm-size=%1 gives the job's container %2 of /dev/shm (the plan needs at "
                  "least %3).")
               .arg(dockerSize(size), sizeWords(size), formatSize(plan.requiredBytes)));
    b.line("    steps:");
    b.line("      - uses: actions/checkout@v4");
    b.line(QStringLiteral("      - run: %1").arg(yamlScalar(shellJoin(profile.job.command))));
    b.note(Tr::tr("The job's command, run by the shell in the container."));
    b.finish(&a);
    return a;
}

Artifact gitlabRunner(const Profile &profile, const ShmPlan &plan)
{
    const Bytes size = shmSize(plan);
    Artifact a;
    a.id = QStringLiteral("ci-gitlab-runner");
    a.title = Tr::tr("GitLab Runner (Docker executor) with a sized /dev/shm");
    a.fileName = QStringLiteral("gitlab-runner-config.toml");
    a.syntax = QStringLiteral("INI");
    a.summary = Tr::tr("A runner section for GitLab Runner's config.toml (/etc/gitlab-runner/ on "
                       "the runner host; restart it after editing): every job it runs, and its "
                       "service containers, get a /dev/shm of %1. .gitlab-ci.yml has no setting "
                       "for it, so runners meant for DataLoader tests are sized here; register "
                       "the runner first and merge these keys into its section.")
                    .arg(formatSize(size));
    TextBuilder b;
    b.line("[[runners]]");
    b.line("  name = \"dataloader-tests\"");
    b.note(Tr::tr("The section gitlab-runner register wrote, with its url and token, which are "
                  "left out here."));
    b.line("  executor = \"docker\"");
    b.line("  [runners.docker]");
    b.line(QStringLiteral("    image = \"%1\"").arg(profile.job.image));
    b.note(Tr::tr("The image for jobs that name none."));
    b.line(QStringLiteral("    shm_size = %1").arg(size));
    b.note(Tr::tr("An integer of bytes (%1), not a string such as \"8g\": gitlab-runner reads it "
                  "as an int64 (common/config.go). It applies to the build and service "
                  "containers.")
               .arg(sizeWords(size)));
    if (const auto mem = memoryWithShm(profile, plan)) {
        b.line(QStringLiteral("    memory = \"%1\"").arg(dockerSize(*mem)));
        b.note(Tr::tr("The job's memory plus its /dev/shm, whose pages count against the "
                      "container's memory limit."));
    }
    if (profile.job.gpus > 0) {
        b.line("    gpus = \"all\"");
        b.note(Tr::tr("The runner host's GPUs, through the NVIDIA container toolkit."));
    }
    b.finish(&a);
    return a;
}

} // namespace

QVector<Artifact> ciArtifacts(const Profile &profile, const ShmPlan &plan)
{
    return {githubActions(profile, plan), gitlabRunner(profile, plan)};
}

} // namespace shmwise::gen
