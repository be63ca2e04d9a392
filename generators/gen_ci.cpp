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

// GitHub evaluates `${{ ... }}` in every value of a workflow before anything runs it, so a
// profile value holding one would run GitHub's expression: with `github.event.pull_request.title`
// in a `run:` step, a pull request's title becomes shell text (script injection). Each `${{` is
// written as the expression `${{ '${{' }}`, whose value is the two braces themselves (the
// runner's TemplateReader skips quoted strings when it looks for the closing `}}`).
const QLatin1String ExpressionOpen("${{");
const QLatin1String ExpressionOpenEscaped("${{ '${{' }}");

QString workflowValue(const QString &value)
{
    QString out = value;
    return out.replace(ExpressionOpen, ExpressionOpenEscaped);
}

// The note for a line whose value held `${{`: names the value and what was done to it.
void noteEscapedExpression(TextBuilder &b, const QString &what, const QString &value)
{
    if (value.contains(ExpressionOpen))
        b.note(Tr::tr("%1 holds ${{, which GitHub would evaluate as an expression (a pull "
                      "request's title could become part of it): each ${{ is written as "
                      "${{ '${{' }}, which GitHub reads as the literal ${{.")
                   .arg(what));
}

// A TOML basic string: quotes and backslashes escaped, control characters as \uXXXX.
QString tomlString(const QString &s)
{
    QString out = QStringLiteral("\"");
    for (const QChar c : s) {
        if (c == QLatin1Char('"') || c == QLatin1Char('\\'))
            out += QLatin1Char('\\') + c;
        else if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            out += QStringLiteral("\\u%1").arg(c.unicode(), 4, 16, QLatin1Char('0'));
        else
            out += c;
    }
    return out + QLatin1Char('"');
}

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
    b.line(QStringLiteral("      image: %1").arg(yamlScalar(workflowValue(profile.job.image))));
    noteEscapedExpression(b, Tr::tr("The image"), profile.job.image);
    const QString options = dockerOptions(profile, plan);
    b.line(QStringLiteral("      options: %1").arg(yamlScalar(workflowValue(options))));
    b.note(Tr::tr("Flags of docker create, which the runner passes on as written: "
                  "--shm-size=%1 gives the job's container %2 of /dev/shm (the plan needs at "
                  "least %3).")
               .arg(dockerSize(size), sizeWords(size), formatSize(plan.requiredBytes)));
    b.line("    steps:");
    b.line("      - uses: actions/checkout@v4");
    const QString run = shellJoin(profile.job.command);
    b.line(QStringLiteral("      - run: %1").arg(yamlScalar(workflowValue(run))));
    b.note(Tr::tr("The job's command, run by the shell in the container."));
    noteEscapedExpression(b, Tr::tr("The job's command (job.command)"), run);
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
    // A TOML string, never expanded by gitlab-runner: job.image is an image reference, which
    // holds no $ (profile validation refuses one), so no job variable can reach it.
    b.line(QStringLiteral("    image = %1").arg(tomlString(profile.job.image)));
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
