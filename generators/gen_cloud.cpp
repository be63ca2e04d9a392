// SPDX-License-Identifier: GPL-3.0-or-later
#include "generators/gen_cloud_p.h"
#include "generators/gen_common.h"

#include <algorithm>

namespace shmwise::gen {

namespace {

Artifact azureJob(const Profile &profile, const ShmPlan &plan)
{
    const Bytes size = shmSize(plan);
    Artifact a;
    a.id = QStringLiteral("azureml-job");
    a.title = Tr::tr("Azure ML command job with a sized /dev/shm");
    a.fileName = QStringLiteral("azureml-job.yml");
    a.syntax = QStringLiteral("YAML");
    const QString submit = Tr::tr("Submit with: az ml job create -f azureml-job.yml --set "
                                  "compute=azureml:CLUSTER; without a compute target Azure ML "
                                  "runs it on serverless compute.");
    a.summary = (size > 2 * GiB
                     ? Tr::tr("An Azure Machine Learning (CLI v2) command job whose container gets "
                              "%1 of /dev/shm instead of the 2g default.")
                           .arg(formatSize(size))
                     : Tr::tr("An Azure Machine Learning (CLI v2) command job. The 2g default "
                              "/dev/shm is enough for this job; it is written out so the job "
                              "keeps it if the default changes.")) +
                QLatin1Char(' ') + submit + notAdjustableRemark(profile);
    TextBuilder b;
    b.line("$schema: https://azuremlschemas.azureedge.net/latest/commandJob.schema.json");
    b.line("type: command");
    b.line(QStringLiteral("display_name: %1").arg(yamlScalar(profile.job.name)));
    b.line(QStringLiteral("command: %1").arg(yamlScalar(shellJoin(profile.job.command))));
    b.line("code: .");
    b.note(Tr::tr("The folder uploaded as the job's working directory; it holds the training "
                  "script."));
    b.line("environment:");
    b.line(QStringLiteral("  image: %1").arg(yamlScalar(profile.job.image)));
    b.line("resources:");
    b.line(QStringLiteral("  shm_size: %1").arg(azureSize(size)));
    b.note(
        Tr::tr("%1 is %2: digits and one letter (k, m or g); Azure ML rejects \"gb\" and \"Gi\". "
               "The plan needs at least %3.")
            .arg(azureSize(size), sizeWords(size), formatSize(plan.requiredBytes)));
    b.finish(&a);
    return a;
}

void ulimitsJson(TextBuilder &b, const ShmPlan &plan, const QString &indent)
{
    if (!needsNofile(plan))
        return;
    b.line(indent + QStringLiteral("\"ulimits\": ["));
    b.line(indent + QStringLiteral("  {\"name\": \"nofile\", \"softLimit\": %1, \"hardLimit\": %1}")
                        .arg(plan.nofileLimit));
    b.note(Tr::tr("With the file_descriptor sharing strategy the main process holds about %1 "
                  "shared-memory files at once.")
               .arg(plan.openFiles));
    b.line(indent + QStringLiteral("]"));
}

void sharedMemoryJson(TextBuilder &b, const ShmPlan &plan, const QString &indent)
{
    const Bytes size = shmSize(plan);
    b.line(indent + QStringLiteral("\"linuxParameters\": {"));
    b.line(indent + QStringLiteral("  \"sharedMemorySize\": %1").arg(wholeMiB(size)));
    b.note(Tr::tr("An integer number of MiB: %1. The plan needs at least %2. Not available on "
                  "Fargate.")
               .arg(sizeWords(size), formatSize(plan.requiredBytes)));
    b.line(indent + QStringLiteral("}"));
}

QString noMemoryRemark(const Profile &profile, const ShmPlan &plan)
{
    if (profile.job.memoryBytes)
        return {};
    return QLatin1Char(' ') + Tr::tr("The profile gives no job memory, so no memory is written: "
                                     "add one, in MiB, that includes %1 MiB for /dev/shm.")
                                  .arg(wholeMiB(shmSize(plan)));
}

Artifact batchJob(const Profile &profile, const ShmPlan &plan)
{
    const std::optional<Bytes> memory = memoryWithShm(profile, plan);
    const Workload &w = profile.workload;
    Artifact a;
    a.id = QStringLiteral("aws-batch-job");
    a.title = Tr::tr("AWS Batch job definition with a sized /dev/shm");
    a.fileName = QStringLiteral("batch-job-definition.json");
    a.syntax = QStringLiteral("JSON");
    a.summary =
        Tr::tr("An AWS Batch job definition for EC2 compute environments. Register with: "
               "aws batch register-job-definition --cli-input-json "
               "file://batch-job-definition.json. Fargate has no sharedMemorySize, and Batch "
               "on EKS sizes /dev/shm with an emptyDir as in the Kubernetes manifests.") +
        noMemoryRemark(profile, plan) + notAdjustableRemark(profile);
    const quint64 vcpus = profile.host.cpus.value_or(
        std::max<quint64>(1, satMul(w.processesPerNode, satAdd(w.numWorkers, 1))));
    TextBuilder b;
    b.line("{");
    b.line(QStringLiteral("  \"jobDefinitionName\": %1").arg(quoted(profile.job.name)));
    b.line("  \"type\": \"container\"");
    b.line("  \"platformCapabilities\": [\"EC2\"]");
    b.line("  \"containerProperties\": {");
    b.line(QStringLiteral("    \"image\": %1").arg(quoted(profile.job.image)));
    b.line(QStringLiteral("    \"command\": %1").arg(jsonList(profile.job.command)));
    b.line("    \"resourceRequirements\": [");
    b.line(QStringLiteral("      {\"type\": \"VCPU\", \"value\": \"%1\"}").arg(vcpus));
    b.note(profile.host.cpus ? Tr::tr("The host's CPUs from the profile.")
                             : Tr::tr("One CPU for each training process and each DataLoader "
                                      "worker."));
    if (memory) {
        b.line(QStringLiteral("      {\"type\": \"MEMORY\", \"value\": \"%1\"}")
                   .arg(wholeMiB(*memory)));
        b.note(Tr::tr("MiB: the job's %1 plus %2 for /dev/shm, which is charged to the container's "
                      "memory.")
                   .arg(formatSize(*profile.job.memoryBytes), formatSize(shmSize(plan))));
    }
    if (profile.job.gpus > 0)
        b.line(
            QStringLiteral("      {\"type\": \"GPU\", \"value\": \"%1\"}").arg(profile.job.gpus));
    b.line("    ]");
    sharedMemoryJson(b, plan, QStringLiteral("    "));
    ulimitsJson(b, plan, QStringLiteral("    "));
    b.line("  }");
    b.line("}");
    b.addJsonCommas();
    b.finish(&a);
    return a;
}

Artifact ecsTask(const Profile &profile, const ShmPlan &plan)
{
    const std::optional<Bytes> memory = memoryWithShm(profile, plan);
    Artifact a;
    a.id = QStringLiteral("aws-ecs-task");
    a.title = Tr::tr("Amazon ECS task definition with a sized /dev/shm");
    a.fileName = QStringLiteral("ecs-task-definition.json");
    a.syntax = QStringLiteral("JSON");
    a.summary = Tr::tr("An ECS task definition for the EC2 launch type. Register with: aws ecs "
                       "register-task-definition --cli-input-json file://ecs-task-definition.json. "
                       "Fargate has no sharedMemorySize.") +
                noMemoryRemark(profile, plan) + notAdjustableRemark(profile);
    TextBuilder b;
    b.line("{");
    b.line(QStringLiteral("  \"family\": %1").arg(quoted(profile.job.name)));
    b.line("  \"requiresCompatibilities\": [\"EC2\"]");
    b.line("  \"containerDefinitions\": [");
    b.line("    {");
    b.line(QStringLiteral("      \"name\": %1").arg(quoted(profile.job.name)));
    b.line(QStringLiteral("      \"image\": %1").arg(quoted(profile.job.image)));
    b.line(QStringLiteral("      \"command\": %1").arg(jsonList(profile.job.command)));
    b.line("      \"essential\": true");
    if (memory) {
        b.line(QStringLiteral("      \"memory\": %1").arg(wholeMiB(*memory)));
        b.note(Tr::tr("Hard limit in MiB: the job's %1 plus %2 for /dev/shm, which is charged to "
                      "the container's memory.")
                   .arg(formatSize(*profile.job.memoryBytes), formatSize(shmSize(plan))));
    }
    sharedMemoryJson(b, plan, QStringLiteral("      "));
    ulimitsJson(b, plan, QStringLiteral("      "));
    if (profile.job.gpus > 0) {
        b.line("      \"resourceRequirements\": [");
        b.line(
            QStringLiteral("        {\"type\": \"GPU\", \"value\": \"%1\"}").arg(profile.job.gpus));
        b.line("      ]");
    }
    b.line("    }");
    b.line("  ]");
    b.line("}");
    b.addJsonCommas();
    b.finish(&a);
    return a;
}

// SageMaker and Vertex AI: no /dev/shm setting exists, so the note says so and what to do.
Artifact noSettingNote(const Profile &profile, const ShmPlan &plan, bool sagemaker,
                       const FileText &text)
{
    const LoaderSettings s = loaderSettings(profile, plan);
    Artifact a;
    a.id = sagemaker ? QStringLiteral("sagemaker-note") : QStringLiteral("vertex-ai-note");
    a.title = sagemaker ? Tr::tr("/dev/shm on SageMaker training jobs")
                        : Tr::tr("/dev/shm on Vertex AI custom training");
    a.fileName =
        sagemaker ? QStringLiteral("sagemaker-shm.md") : QStringLiteral("vertex-ai-shm.md");
    a.syntax = QStringLiteral("Markdown");
    a.summary = s.shmUnknown
                    ? Tr::tr("This platform has no setting for the size of /dev/shm and does not "
                             "document the size its training containers get, so the job must "
                             "measure it first; then the DataLoader can be fitted to it.")
                    : Tr::tr("This platform has no setting for the size of /dev/shm, so the job "
                             "must fit the /dev/shm it gets: the DataLoader snippet is fitted to "
                             "the %1 given as its current /dev/shm.")
                          .arg(formatSize(s.availableShm));
    TextBuilder b(text);
    b.prose(sagemaker ? b.fileText(QT_TRANSLATE_NOOP("shmwise::FileText",
                                                     "# /dev/shm on SageMaker training jobs"))
                      : b.fileText(QT_TRANSLATE_NOOP("shmwise::FileText",
                                                     "# /dev/shm on Vertex AI custom training")));
    b.line("");
    if (sagemaker) {
        b.prose(QT_TRANSLATE_NOOP(
            "shmwise::FileText",
            "SageMaker training jobs have no setting for the size of /dev/shm: neither "
            "the CreateTrainingJob API nor the SageMaker Python SDK's estimators have one. "
            "What hosted training containers get is not documented (local mode gives 64 MiB; "
            "hosted sizes may scale with the instance type)."));
    } else {
        b.prose(QT_TRANSLATE_NOOP(
            "shmwise::FileText",
            "Vertex AI custom training jobs have no setting for the size of /dev/shm. "
            "`sharedMemorySizeMb` exists only for model serving containers, not for "
            "training. What training containers get is not documented."));
    }
    b.line("");
    if (s.shmUnknown) {
        b.prose(b
                    .fileText(QT_TRANSLATE_NOOP(
                        "shmwise::FileText",
                        "This job needs %1 of /dev/shm as configured (%2 recommended). The profile "
                        "gives no host.shm_bytes, so nothing is fitted to an assumed size."))
                    .arg(formatSize(plan.requiredBytes), formatSize(shmSize(plan))));
        b.line("");
        b.prose(QT_TRANSLATE_NOOP("shmwise::FileText", "## Measure it first"));
        b.line("");
        b.prose(QT_TRANSLATE_NOOP(
            "shmwise::FileText",
            "- Run shm-preflight.sh as the job's entry point, on the instance type "
            "you train on: it prints the size of /dev/shm and stops with a clear "
            "message when it is smaller than the job needs. `df -h /dev/shm` or "
            "`shmwise probe` inside the job tell the same."));
        b.note(Tr::tr("A measurement, not a guess: a DataLoader fitted to an assumed 64 MiB "
                      "wastes a larger /dev/shm, and one sized for more dies with a Bus error."));
        b.prose(QT_TRANSLATE_NOOP(
            "shmwise::FileText",
            "- Put the measured size in the profile (host.shm_bytes) and generate "
            "again: the DataLoader settings are then fitted to it."));
        b.line("");
        b.prose(QT_TRANSLATE_NOOP("shmwise::FileText", "## What helps"));
        b.line("");
    } else {
        b.prose(b.fileText(QT_TRANSLATE_NOOP(
                               "shmwise::FileText",
                               "This job needs %1 of /dev/shm as configured (%2 recommended); the "
                               "profile says this platform gives %3 (host.shm_bytes)."))
                    .arg(formatSize(plan.requiredBytes), formatSize(shmSize(plan)),
                         formatSize(s.availableShm)));
        b.line("");
        b.prose(QT_TRANSLATE_NOOP("shmwise::FileText", "## What helps"));
        b.line("");
        if (!s.fits)
            b.prose(b
                        .fileText(QT_TRANSLATE_NOOP(
                            "shmwise::FileText",
                            "- Nothing fits in %1: even with no workers the job needs %2 (NCCL's "
                            "share). Set NCCL_SHM_DISABLE=1 (slower, over the network) or run "
                            "where /dev/shm is larger."))
                        .arg(formatSize(s.availableShm), formatSize(s.requiredBytes)));
        b.prose(
            b.fileText(QT_TRANSLATE_NOOP(
                           "shmwise::FileText",
                           "- Fit the DataLoader to the /dev/shm there is: shmwise_loader.py uses "
                           "num_workers=%1, prefetch_factor=%2, batch_size=%3, which need %4."))
                .arg(s.numWorkers)
                .arg(s.numWorkers ? QString::number(s.prefetchFactor) : QStringLiteral("-"))
                .arg(s.batchSize)
                .arg(formatSize(s.requiredBytes)));
        b.note(Tr::tr("Fitted with the same model as the plan."));
        for (const QString &c : loaderCosts(profile, s, text.fitText()))
            b.prose(QStringLiteral("  - ") + c);
    }
    if (!s.shmUnknown)
        b.prose(QT_TRANSLATE_NOOP(
            "shmwise::FileText",
            "- Run shm-preflight.sh before the training script, so a too small "
            "/dev/shm fails at start-up with a clear message rather than a Bus error "
            "later."));
    b.prose(QT_TRANSLATE_NOOP(
        "shmwise::FileText",
        "- num_workers=0 loads in the main process and uses no /dev/shm, at the cost of "
        "loading speed."));
    b.line("");
    b.prose(QT_TRANSLATE_NOOP("shmwise::FileText", "## What does not help"));
    b.line("");
    b.prose(QT_TRANSLATE_NOOP(
        "shmwise::FileText",
        "- kernel.shmmax, kernel.shmall and kernel.shmmni: they limit System V shared "
        "memory, not /dev/shm."));
    b.prose(QT_TRANSLATE_NOOP(
        "shmwise::FileText",
        "- The file_system sharing strategy: it avoids running out of file descriptors "
        "but keeps the data in /dev/shm all the same (a tensor whose size is a "
        "multiple of 4 KiB even takes one page more)."));
    b.prose(QT_TRANSLATE_NOOP(
        "shmwise::FileText",
        "- pin_memory: it copies batches into page-locked RAM, not into /dev/shm."));
    b.finish(&a);
    return a;
}

} // namespace

QVector<Artifact> azureMlArtifacts(const Profile &profile, const ShmPlan &plan)
{
    return {azureJob(profile, plan)};
}

QVector<Artifact> awsBatchArtifacts(const Profile &profile, const ShmPlan &plan)
{
    return {batchJob(profile, plan)};
}

QVector<Artifact> awsEcsArtifacts(const Profile &profile, const ShmPlan &plan)
{
    return {ecsTask(profile, plan)};
}

QVector<Artifact> sageMakerArtifacts(const Profile &profile, const ShmPlan &plan,
                                     const FileText &text)
{
    return {noSettingNote(profile, plan, true, text)};
}

QVector<Artifact> vertexAiArtifacts(const Profile &profile, const ShmPlan &plan,
                                    const FileText &text)
{
    return {noSettingNote(profile, plan, false, text)};
}

} // namespace shmwise::gen
