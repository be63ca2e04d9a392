// SPDX-License-Identifier: GPL-3.0-or-later
#include "gen_dataloader.h"
#include "gen_common.h"

namespace shmwise::gen {

namespace {

QString pyBool(bool b)
{
    return b ? QStringLiteral("True") : QStringLiteral("False");
}

} // namespace

Artifact dataLoaderSnippet(const Profile &profile, const ShmPlan &plan)
{
    const Workload &w = profile.workload;
    const LoaderSettings s = loaderSettings(profile, plan);
    const bool fileSystem = w.sharingStrategy == SharingStrategy::FileSystem;
    Artifact a;
    a.id = QStringLiteral("dataloader");
    a.title = Tr::tr("DataLoader settings (Python)");
    a.fileName = QStringLiteral("shmwise_loader.py");
    a.syntax = QStringLiteral("Python");
    a.summary = Tr::tr("A module for the training script to import: make_loader(dataset) returns "
                       "the DataLoader with the settings the /dev/shm size was planned for, so the "
                       "plan and the code cannot drift apart. Valid on PyTorch 1.13 and 2.x.");
    if (s.fitted)
        a.summary +=
            QLatin1Char(' ') +
            Tr::tr("/dev/shm cannot be raised here, so the settings are fitted to %1: they "
                   "need %2.")
                .arg(formatSize(s.availableShm), formatSize(s.requiredBytes));

    TextBuilder b;
    b.line("\"\"\"DataLoader settings sized for /dev/shm.");
    b.line("");
    b.line("Use from the training script:");
    b.line("");
    b.line("    from shmwise_loader import make_loader");
    b.line("    loader = make_loader(dataset)");
    b.line("");
    if (s.fitted) {
        b.line(s.shmAssumed
                   ? QStringLiteral("/dev/shm here cannot be raised and is assumed to be %1 (the")
                         .arg(formatSize(s.availableShm))
                   : QStringLiteral("/dev/shm here is %1 and cannot be raised, so these settings")
                         .arg(formatSize(s.availableShm)));
        if (s.shmAssumed)
            b.line("default; measure it with `df -h /dev/shm` and put it in the profile), so");
        if (s.fits)
            b.line(QStringLiteral("are fitted to it (they need %1; the job as profiled needs %2).")
                       .arg(formatSize(s.requiredBytes), formatSize(plan.requiredBytes)));
        else
            b.line(QStringLiteral("load in the main process; even that needs %1 (NCCL's share).")
                       .arg(formatSize(s.requiredBytes)));
        if (!s.costs.isEmpty()) {
            b.line("What that costs:");
            for (const QString &c : s.costs)
                b.line(QStringLiteral("- ") + c);
        }
    } else {
        b.line(QStringLiteral("These settings need %1 of /dev/shm; the job is configured with %2.")
                   .arg(formatSize(s.requiredBytes), formatSize(shmSize(plan))));
        b.line("Changing them changes what /dev/shm must hold: plan again first.");
    }
    b.line("\"\"\"");
    b.line("");
    if (fileSystem)
        b.line("import torch.multiprocessing");
    b.line("from torch.utils.data import DataLoader");
    if (fileSystem) {
        b.line("");
        b.line("# At import time, not under `if __name__ == \"__main__\"`: spawned workers import");
        b.line("# the training script's modules but skip that block, and they must use the same");
        b.line("# strategy as the main process.");
        b.line("torch.multiprocessing.set_sharing_strategy(\"file_system\")");
        b.note(
            Tr::tr("file_system passes shared-memory names instead of file descriptors, so the "
                   "main process does not run out of open files. It does not reduce /dev/shm use, "
                   "and leaves /dev/shm/torch_* files behind if a process crashes."));
    }
    b.line("");
    b.line("");
    b.line("def make_loader(dataset, **overrides):");
    b.line("    \"\"\"Returns the DataLoader for `dataset`; keyword arguments override the "
           "settings.\"\"\"");
    b.line("    settings = dict(");
    b.line(QStringLiteral("        batch_size=%1,").arg(s.batchSize));
    if (s.fitted && s.batchSize != w.batchSize)
        b.note(Tr::tr("Fitted: the profile's batch size is %1.").arg(w.batchSize));
    b.line(QStringLiteral("        num_workers=%1,").arg(s.numWorkers));
    if (s.fitted && s.numWorkers != w.numWorkers)
        b.note(Tr::tr("Fitted: the profile has %1 workers.").arg(w.numWorkers));
    else if (s.numWorkers == 0)
        b.note(Tr::tr("With no workers the main process loads every batch and uses no /dev/shm."));
    if (s.numWorkers > 0) {
        b.line(QStringLiteral("        prefetch_factor=%1,").arg(s.prefetchFactor));
        b.note(
            Tr::tr("Each worker keeps up to this many batches ready in /dev/shm. Passed only with "
                   "workers: PyTorch 2.x raises ValueError for any prefetch_factor when "
                   "num_workers is 0."));
        b.line(QStringLiteral("        persistent_workers=%1,").arg(pyBool(w.persistentWorkers)));
        b.note(Tr::tr("Passed only with workers: persistent_workers=True with num_workers=0 raises "
                      "ValueError."));
        if (w.startMethod != StartMethod::Fork) {
            b.line(QStringLiteral("        multiprocessing_context=\"%1\",")
                       .arg(startMethodName(w.startMethod)));
            b.note(Tr::tr("Under spawn and forkserver, tensors the Dataset holds are moved into "
                          "/dev/shm when it is sent to the workers; the plan counts them."));
        }
    }
    b.line(QStringLiteral("        pin_memory=%1,").arg(pyBool(w.pinMemory)));
    b.note(Tr::tr("pin_memory copies batches into page-locked RAM; it does not use /dev/shm."));
    b.line("    )");
    b.line("    settings.update(overrides)");
    b.line("    return DataLoader(dataset, **settings)");
    b.finish(&a);
    return a;
}

} // namespace shmwise::gen
