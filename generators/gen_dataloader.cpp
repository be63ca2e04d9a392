// SPDX-License-Identifier: GPL-3.0-or-later
#include "generators/gen_common.h"
#include "generators/gen_dataloader_p.h"

namespace shmwise::gen {

namespace loadergen {

QString pyBool(bool b)
{
    return b ? QStringLiteral("True") : QStringLiteral("False");
}

// Megabytes for the loader's messages, rounded up so a need is never understated.
QString pyMiB(Bytes bytes)
{
    return QString::number((bytes + MiB - 1) / MiB);
}

} // namespace loadergen

using namespace loadergen;

bool loaderFitsAtRunTime(const Profile &profile)
{
    // Where nobody can raise /dev/shm, or where its size was measured (and may still be that
    // size when the job starts, whatever the plan asks for), the loader reads it when it starts.
    bool workers = false;
    for (const Workload &w : profile.loaders())
        workers = workers || w.numWorkers > 0;
    return workers && (!profile.shmAdjustable() || profile.host.shmBytes.has_value());
}

namespace loadergen {

void writeSummary(Artifact &a, const Profile &profile, const ShmPlan &plan, bool atRunTime,
                  const LoaderSettings &s, const QVector<ShmFitOption> &options)
{
    a.summary =
        Tr::tr("A module for the training script to import at module level: "
               "make_loader(dataset) returns the DataLoader with the settings the /dev/shm "
               "size was planned for, so the plan and the code cannot drift apart. Valid on "
               "PyTorch 1.13 and 2.x.");
    if (atRunTime)
        a.summary += QLatin1Char(' ') +
                     Tr::tr("%1, so make_loader() reads the free space of /dev/shm when it is "
                            "called and takes the richest planned settings that fit (the job as "
                            "profiled needs %2; the leanest settings need %3), or stops before any "
                            "worker starts, saying how much is needed.")
                         .arg(!profile.shmAdjustable()
                                  ? (profile.host.shmBytes
                                         ? Tr::tr("/dev/shm here is %1 and cannot be raised")
                                               .arg(formatSize(*profile.host.shmBytes))
                                         : Tr::tr("/dev/shm here cannot be raised and its size "
                                                  "is not known in advance"))
                                  : Tr::tr("/dev/shm is %1 as probed or given, and may still be "
                                           "when the job starts")
                                        .arg(formatSize(*profile.host.shmBytes)),
                              formatSize(plan.requiredBytes),
                              options.constLast().requiredBytes
                                  ? formatSize(options.constLast().requiredBytes)
                                  : Tr::tr("none (no workers)"));
    else if (s.fitted)
        a.summary +=
            QLatin1Char(' ') +
            Tr::tr("/dev/shm cannot be raised here, so the settings are fitted to %1: they "
                   "need %2.")
                .arg(formatSize(s.availableShm), formatSize(s.requiredBytes));
}

void writeUsage(TextBuilder &b, bool fileSystem, bool framework)
{
    b.comment("", QT_TRANSLATE_NOOP("shmwise::FileText", "DataLoader settings sized for /dev/shm."),
              "\"\"\"");
    b.line("");
    // Where a framework builds the loader, its settings below are what to change; the module is
    // for a DataLoader the script makes itself.
    if (framework)
        b.comment("", QT_TRANSLATE_NOOP("shmwise::FileText",
                                        "Where the training script makes a DataLoader itself "
                                        "(not through the framework named\nbelow), import this "
                                        "module at its top level (not inside\n`if __name__ == "
                                        "\"__main__\":`), then call make_loader():"));
    else
        b.comment("", QT_TRANSLATE_NOOP("shmwise::FileText",
                                        "Import it at module level of the training script (at the "
                                        "top, not inside\n`if __name__ == \"__main__\":`), then "
                                        "call make_loader():"));
    b.line("");
    b.line("    from shmwise_loader import make_loader");
    b.line("    ...");
    b.line("    loader = make_loader(dataset)");
    b.line("");
    if (fileSystem) {
        b.comment("", QT_TRANSLATE_NOOP("shmwise::FileText",
                                        "Under spawn and forkserver, workers import the script's "
                                        "modules again but skip\nthe `__main__` block: only a "
                                        "module-level import gives them the file_system\nsharing "
                                        "strategy this module sets."));
        b.line("");
    }
}

void writeRunTimeFitNote(TextBuilder &b, const Profile &profile, const ShmPlan &plan,
                         const QVector<ShmFitOption> &options)
{
    const Workload &w = profile.workload;
    const QString leanest = options.constLast().requiredBytes
                                ? formatSize(options.constLast().requiredBytes)
                                : b.fileText(QT_TRANSLATE_NOOP("shmwise::FileText", "none"));
    if (!profile.shmAdjustable())
        b.comment("", b.fileText(QT_TRANSLATE_NOOP(
                                     "shmwise::FileText",
                                     "/dev/shm here cannot be raised, so make_loader() reads "
                                     "its free space when it\nis called (statvfs: f_bavail x "
                                     "f_frsize) and takes the first settings in FITS\nthat "
                                     "fit (the profile's own settings need %1, the leanest "
                                     "%2). If\nnot even the leanest fit, it raises "
                                     "RuntimeError before any worker starts.\nPassing "
                                     "batch_size, num_workers or prefetch_factor turns the "
                                     "fitting off."))
                          .arg(formatSize(plan.requiredBytes), leanest));
    else
        b.comment("", b.fileText(QT_TRANSLATE_NOOP(
                                     "shmwise::FileText",
                                     "/dev/shm was %1 when probed or given, and the other "
                                     "files give the job %4;\nmake_loader() reads its free "
                                     "space when it is called (statvfs: f_bavail x\nf_frsize), "
                                     "so it runs before and after they are applied, and takes "
                                     "the\nfirst settings in FITS that fit (the profile's own "
                                     "settings need %2,\nthe leanest %3). If not even the "
                                     "leanest fit, it raises RuntimeError\nbefore any worker "
                                     "starts. Passing batch_size, num_workers or\n"
                                     "prefetch_factor turns the fitting off."))
                          .arg(formatSize(*profile.host.shmBytes), formatSize(plan.requiredBytes),
                               leanest, formatSize(shmSize(plan))));
    if (w.processesPerNode > 1)
        b.comment("", b.fileText(QT_TRANSLATE_NOOP("shmwise::FileText",
                                                   "The sizes count all %1 processes on the "
                                                   "host: build each process's loader\nbefore "
                                                   "any of them iterates."))
                          .arg(w.processesPerNode));
}

void writeFittedNote(TextBuilder &b, const Profile &profile, const ShmPlan &plan,
                     const LoaderSettings &s, const FileText &text)
{
    const char *source =
        s.shmAssumed
            ? (s.fits ? QT_TRANSLATE_NOOP("shmwise::FileText",
                                          "/dev/shm here cannot be raised and is assumed to "
                                          "be %1 (the\ndefault; measure it with `df -h "
                                          "/dev/shm` and put it in the profile), so these\n"
                                          "settings are fitted to it (they need %2; the job as "
                                          "profiled needs %3).")
                      : QT_TRANSLATE_NOOP("shmwise::FileText",
                                          "/dev/shm here cannot be raised and is assumed to "
                                          "be %1 (the\ndefault; measure it with `df -h "
                                          "/dev/shm` and put it in the profile), so\nload in "
                                          "the main process; even that needs %2 (NCCL's "
                                          "share)."))
            : (s.fits ? QT_TRANSLATE_NOOP("shmwise::FileText",
                                          "/dev/shm here is %1 and cannot be raised, so these "
                                          "settings\nare fitted to it (they need %2; the job "
                                          "as profiled needs %3).")
                      : QT_TRANSLATE_NOOP("shmwise::FileText",
                                          "/dev/shm here is %1 and cannot be raised, so these "
                                          "settings\nload in the main process; even that "
                                          "needs %2 (NCCL's share)."));
    QString para = b.fileText(source).arg(formatSize(s.availableShm), formatSize(s.requiredBytes));
    if (s.fits)
        para = para.arg(formatSize(plan.requiredBytes));
    b.comment("", para);
    const QStringList costs = loaderCosts(profile, s, text.fitText());
    if (!costs.isEmpty()) {
        b.comment("", QT_TRANSLATE_NOOP("shmwise::FileText", "What that costs:"));
        for (const QString &c : costs)
            b.comment("", QStringLiteral("- ") + c);
    }
}

void writePlannedNote(TextBuilder &b, const ShmPlan &plan, const LoaderSettings &s)
{
    b.comment("", b.fileText(QT_TRANSLATE_NOOP("shmwise::FileText",
                                               "These settings need %1 of /dev/shm; the job "
                                               "is configured with %2.\nChanging them "
                                               "changes what /dev/shm must hold: plan again "
                                               "first."))
                      .arg(formatSize(s.requiredBytes), formatSize(shmSize(plan))));
}

// The closing quotes end the docstring: Python takes a module's docstring only from its first
// statement, so the imports follow it.
void writeModuleHead(TextBuilder &b, bool atRunTime, bool fileSystem)
{
    b.line("\"\"\"");
    b.line("");
    if (atRunTime) {
        b.line("import os");
        b.line("import warnings");
        b.line("");
    }
    if (fileSystem)
        b.line("import torch.multiprocessing");
    b.line("from torch.utils.data import DataLoader");
    if (fileSystem) {
        b.line("");
        b.comment("# ", QT_TRANSLATE_NOOP("shmwise::FileText",
                                          "At import time, not under `if __name__ == "
                                          "\"__main__\"`: spawned workers import\nthe training "
                                          "script's modules but skip that block, and they must "
                                          "use the same\nstrategy as the main process."));
        b.line("torch.multiprocessing.set_sharing_strategy(\"file_system\")");
        b.note(Tr::tr("file_system passes shared-memory names instead of file descriptors, so no "
                      "process runs out of open files. It does not reduce /dev/shm use: each "
                      "shared tensor's file also holds a %1-byte header (the plan counts it), and "
                      "/dev/shm/torch_* files stay behind if a process crashes.")
                   .arg(model::FileSystemHeaderBytes));
    }
    b.line("");
    b.comment("# ", QT_TRANSLATE_NOOP("shmwise::FileText",
                                      "Arguments PyTorch accepts only with workers (ValueError "
                                      "when num_workers is 0)."));
    b.line(
        "WORKER_ONLY = (\"prefetch_factor\", \"persistent_workers\", \"multiprocessing_context\")");
}

void writeFitTable(TextBuilder &b, const Workload &w, const QVector<ShmFitOption> &options)
{
    b.line("");
    b.comment("# ", QT_TRANSLATE_NOOP("shmwise::FileText",
                                      "(num_workers, prefetch_factor, batch_size, /dev/shm "
                                      "bytes they need), richest\nfirst, as planned; each "
                                      "needs less than the one before."));
    b.line("FITS = (");
    const int first = b.lineCount() + 1;
    for (const ShmFitOption &o : options)
        b.line(QStringLiteral("    (%1, %2, %3, %4),")
                   .arg(o.numWorkers)
                   .arg(o.numWorkers ? QString::number(o.prefetchFactor) : QStringLiteral("None"))
                   .arg(w.wholeBatches ? QStringLiteral("None") : QString::number(o.batchSize))
                   .arg(o.requiredBytes));
    closeFitTable(b, first, options.constFirst().requiredBytes, options.size() > 1,
                  options.constLast().requiredBytes);
}

void closeFitTable(TextBuilder &b, int firstRow, Bytes richest, bool several, Bytes leanest)
{
    b.noteAt(firstRow, Tr::tr("The profile's own settings: they need %1.").arg(sizeWords(richest)));
    if (several)
        b.note(leanest ? Tr::tr("The leanest: %1.").arg(sizeWords(leanest))
                       : Tr::tr("The leanest: no workers, no /dev/shm."));
    b.line(")");
    b.line("FITTED = (\"batch_size\", \"num_workers\", \"prefetch_factor\")");
}

void writeShmFreeBytes(TextBuilder &b)
{
    b.line("");
    b.line("");
    b.line("def shm_free_bytes(path=\"/dev/shm\"):");
    b.docstring("    ",
                QT_TRANSLATE_NOOP("shmwise::FileText", "Bytes of /dev/shm this process can still "
                                                       "use."));
    b.line("    st = os.statvfs(path)");
    b.line("    return st.f_bavail * st.f_frsize");
    b.note(Tr::tr("Free space, not the size: another process may hold part of /dev/shm."));
}

void writeFitFunctions(TextBuilder &b)
{
    writeShmFreeBytes(b);
    b.line("");
    b.line("");
    b.line("def fit(free):");
    b.docstring("    ",
                QT_TRANSLATE_NOOP("shmwise::FileText", "The richest settings of FITS that need at "
                                                       "most `free` bytes, or None."));
    b.line("    for workers, prefetch, batch, need in FITS:");
    b.line("        if need <= free:");
    b.line("            return workers, prefetch, batch, need");
    b.line("    return None");
}

void writeSettingLines(TextBuilder &b, const QString &indent, const Workload &w,
                       const LoaderSettings &s, quint64 numWorkers, quint64 prefetch,
                       quint64 batchSize, bool notes)
{
    // batch_size=None: the Dataset yields whole batches.
    b.line(indent + QStringLiteral("batch_size=%1,")
                        .arg(w.wholeBatches ? QStringLiteral("None") : QString::number(batchSize)));
    if (s.fitted && s.batchSize != w.batchSize)
        b.note(Tr::tr("Fitted: the profile's batch size is %1.").arg(w.batchSize));
    b.line(indent + QStringLiteral("num_workers=%1,").arg(numWorkers));
    if (s.fitted && s.numWorkers != w.numWorkers)
        b.note(Tr::tr("Fitted: the profile has %1 workers.").arg(w.numWorkers));
    else if (numWorkers == 0 && notes)
        b.note(Tr::tr("With no workers the main process loads every batch and uses no /dev/shm."));
    if (numWorkers > 0) {
        b.line(indent + QStringLiteral("prefetch_factor=%1,").arg(prefetch));
        if (notes)
            b.note(Tr::tr("Each worker keeps up to this many batches ready in /dev/shm."));
        b.line(indent + QStringLiteral("persistent_workers=%1,").arg(pyBool(w.persistentWorkers)));
        if (w.startMethod != StartMethod::Fork) {
            b.line(indent + QStringLiteral("multiprocessing_context=\"%1\",")
                                .arg(startMethodName(w.startMethod)));
            if (notes)
                b.note(Tr::tr("Under spawn and forkserver, tensors the Dataset holds are moved "
                              "into /dev/shm when it is sent to the workers; the plan counts "
                              "them."));
        }
    }
    b.line(indent + QStringLiteral("pin_memory=%1,").arg(pyBool(w.pinMemory)));
    if (notes)
        b.note(Tr::tr("pin_memory copies batches into page-locked RAM; it does not use /dev/shm."));
}

void writeSettings(TextBuilder &b, const Workload &w, const LoaderSettings &s, quint64 numWorkers,
                   quint64 prefetch, quint64 batchSize)
{
    b.line("");
    b.line("");
    b.line("def make_loader(dataset, **overrides):");
    b.docstring("    ", QT_TRANSLATE_NOOP("shmwise::FileText",
                                          "Returns the DataLoader for `dataset`; keyword "
                                          "arguments override the settings."));
    b.line("    settings = dict(");
    writeSettingLines(b, QStringLiteral("        "), w, s, numWorkers, prefetch, batchSize, true);
    b.line("    )");
}

void writeRunTimeFit(TextBuilder &b, const Workload &w, const QVector<ShmFitOption> &options)
{
    b.line("    if not any(key in overrides for key in FITTED):");
    b.line("        free = shm_free_bytes()");
    b.line("        chosen = fit(free)");
    b.line("        if chosen is None:");
    b.line("            raise RuntimeError(");
    b.line("                \"shmwise_loader: /dev/shm has %d MiB free, but this job needs at"
           " least %d MiB \"");
    b.line("                \"even with the leanest settings: give it more /dev/shm\"");
    b.line("                % (free >> 20, -(-FITS[-1][3] >> 20)))");
    b.note(Tr::tr("Stops before any worker starts, instead of a Bus error later."));
    b.line("        workers, prefetch, batch, need = chosen");
    b.line("        if chosen != FITS[0]:");
    b.line("            warnings.warn(");
    b.line(QStringLiteral("                \"shmwise_loader: /dev/shm has %d MiB free, less than "
                          "the %1 MiB planned; \"")
               .arg(pyMiB(options.constFirst().requiredBytes)));
    if (w.wholeBatches)
        b.line("                \"using num_workers=%d, prefetch_factor=%s, batch_size=%s (they"
               " need %d MiB)%s\"");
    else
        b.line("                \"using num_workers=%d, prefetch_factor=%s, batch_size=%d (they"
               " need %d MiB)%s\"");
    b.line("                % (free >> 20, workers, prefetch, batch, -(-need >> 20),");
    b.line(QStringLiteral("                   \"\" if batch == %1 else \"; a smaller batch "
                          "changes training \"")
               .arg(w.wholeBatches ? QStringLiteral("None") : QString::number(w.batchSize)));
    b.line("                   \"(scale the learning rate, or accumulate gradients)\"),");
    b.line("                stacklevel=2)");
    b.line("        settings.update(batch_size=batch, num_workers=workers)");
    b.line("        if workers:");
    b.line("            settings[\"prefetch_factor\"] = prefetch");
}

void writeLoaderCall(TextBuilder &b)
{
    b.line("    settings.update(overrides)");
    b.line("    if not settings.get(\"num_workers\"):");
    b.line("        for key in WORKER_ONLY:");
    b.line("            settings.pop(key, None)");
    b.note(Tr::tr("So make_loader(dataset, num_workers=0) works: PyTorch 2.x raises ValueError for "
                  "any prefetch_factor, and every version for persistent_workers=True, without "
                  "workers."));
    b.line("    return DataLoader(dataset, **settings)");
}

} // namespace loadergen

Artifact dataLoaderSnippet(const Profile &profile, const ShmPlan &plan, const FileText &text)
{
    if (!profile.otherLoaders.isEmpty())
        return severalLoaderSnippet(profile, plan, text);
    const Workload &w = profile.workload;
    const bool atRunTime = loaderFitsAtRunTime(profile);
    const LoaderSettings s = atRunTime ? LoaderSettings{} : loaderSettings(profile, plan);
    const QVector<ShmFitOption> options = atRunTime ? fitOptions(profile) : QVector<ShmFitOption>{};
    const quint64 numWorkers = atRunTime ? w.numWorkers : s.numWorkers;
    const quint64 prefetch = atRunTime ? w.effectivePrefetchFactor() : s.prefetchFactor;
    const quint64 batchSize = atRunTime ? w.batchSize : s.batchSize;
    const bool fileSystem = w.sharingStrategy == SharingStrategy::FileSystem;
    Artifact a;
    a.id = QStringLiteral("dataloader");
    a.title = Tr::tr("DataLoader settings (Python)");
    a.fileName = QStringLiteral("shmwise_loader.py");
    a.syntax = QStringLiteral("Python");
    writeSummary(a, profile, plan, atRunTime, s, options);
    if (const QString f = frameworkSummary({w}); !f.isEmpty())
        a.summary += QLatin1Char(' ') + f;

    TextBuilder b(text);
    writeUsage(b, fileSystem, !w.framework.isEmpty());
    if (atRunTime)
        writeRunTimeFitNote(b, profile, plan, options);
    else if (s.fitted)
        writeFittedNote(b, profile, plan, s, text);
    else
        writePlannedNote(b, plan, s);
    // A framework does not run make_loader()'s fitting at start: where the profile gives the
    // /dev/shm there is, its settings are fitted to that, as the platform's note says.
    const LoaderSettings fitted = atRunTime ? loaderSettings(profile, plan) : s;
    writeFrameworkNote(b, {w}, fitted, atRunTime && !fitted.fitted, text);
    writeModuleHead(b, atRunTime, fileSystem);
    if (atRunTime) {
        writeFitTable(b, w, options);
        writeFitFunctions(b);
    }
    writeSettings(b, w, s, numWorkers, prefetch, batchSize);
    if (atRunTime)
        writeRunTimeFit(b, w, options);
    writeLoaderCall(b);
    b.finish(&a);
    return a;
}

} // namespace shmwise::gen
