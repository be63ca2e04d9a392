// SPDX-License-Identifier: GPL-3.0-or-later
// The DataLoader module for a job of several loaders (a training and a validation loader, ...):
// one set of settings per loader, make_loader(dataset, loader=NAME), and one make_NAME_loader()
// per loader whose name is a Python identifier once `-` is `_`.
#include "generators/gen_common.h"
#include "generators/gen_dataloader_p.h"

#include <QSet>

namespace shmwise::gen::loadergen {

namespace {

QString pyString(const QString &s)
{
    QString out = s;
    out.replace(QLatin1Char('\\'), QLatin1String("\\\\"));
    out.replace(QLatin1Char('"'), QLatin1String("\\\""));
    return QLatin1Char('"') + out + QLatin1Char('"');
}

// The loader's name as a part of Python names: `-` as `_`, without a trailing "_loader"
// ("val-loader" gives make_val_loader, not make_val_loader_loader).
QString stem(const QString &name)
{
    QString s = QString(name).replace(QLatin1Char('-'), QLatin1Char('_'));
    if (s.endsWith(QLatin1String("_loader")) && s.size() > 7)
        s.chop(7);
    return s;
}

// make_NAME_loader for each loader whose name makes a Python identifier (names hold letters,
// digits, `_` and `-`); empty where two names would give the same function.
QStringList functionNames(const QVector<Workload> &all)
{
    QStringList names;
    QSet<QString> seen;
    for (const Workload &w : all) {
        QString f = QStringLiteral("make_%1_loader").arg(stem(w.name));
        bool ok = !seen.contains(f);
        for (const QChar c : f)
            ok = ok && (c.isLetterOrNumber() || c == QLatin1Char('_'));
        seen.insert(f);
        names.append(ok ? f : QString());
    }
    return names;
}

void writeUsage(TextBuilder &b, const QVector<Workload> &all, const QStringList &functions,
                bool fileSystem)
{
    b.comment("", QT_TRANSLATE_NOOP("shmwise::FileText", "DataLoader settings sized for /dev/shm."),
              "\"\"\"");
    b.line("");
    const bool framework = std::any_of(all.cbegin(), all.cend(),
                                       [](const Workload &w) { return !w.framework.isEmpty(); });
    if (framework)
        b.comment("", QT_TRANSLATE_NOOP("shmwise::FileText",
                                        "Where the training script makes its DataLoaders itself "
                                        "(not through the framework\nnamed below), import this "
                                        "module at its top level (not inside\n`if __name__ == "
                                        "\"__main__\":`), then make each loader with its own "
                                        "function:"));
    else
        b.comment("", QT_TRANSLATE_NOOP("shmwise::FileText",
                                        "Import it at module level of the training script (at the "
                                        "top, not inside\n`if __name__ == \"__main__\":`), then "
                                        "make each loader of the job with its own function:"));
    b.line("");
    QStringList imported;
    for (const QString &f : functions) {
        if (!f.isEmpty())
            imported << f;
    }
    b.line(QStringLiteral("    from shmwise_loader import %1")
               .arg(imported.isEmpty() ? QStringLiteral("make_loader")
                                       : imported.join(QLatin1String(", "))));
    b.line("    ...");
    for (int i = 0; i < all.size(); ++i) {
        const QString var = stem(all[i].name);
        b.line(functions[i].isEmpty()
                   ? QStringLiteral("    loader = make_loader(dataset, loader=%1)")
                         .arg(pyString(all[i].name))
                   : QStringLiteral("    %1_loader = %2(%1_dataset)").arg(var, functions[i]));
    }
    b.line("");
    b.comment("", QT_TRANSLATE_NOOP("shmwise::FileText",
                                    "The sizes are the whole job's: each loader's settings are "
                                    "planned beside what the\nothers keep in /dev/shm at the "
                                    "fullest moment."));
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

QString pySettings(const Workload &w, const ShmFitOption &o)
{
    return QStringLiteral("(%1, %2, %3)")
        .arg(o.numWorkers)
        .arg(o.numWorkers ? QString::number(o.prefetchFactor) : QStringLiteral("None"))
        .arg(w.wholeBatches ? QStringLiteral("None") : QString::number(o.batchSize));
}

void writeFitTable(TextBuilder &b, const QVector<Workload> &all,
                   const QVector<JobFitOption> &options)
{
    b.line("");
    QStringList names;
    for (const Workload &w : all)
        names << pyString(w.name);
    b.line(QStringLiteral("LOADERS = (%1)").arg(names.join(QLatin1String(", "))));
    b.comment("# ", QT_TRANSLATE_NOOP("shmwise::FileText",
                                      "Per row: (num_workers, prefetch_factor, batch_size) of each "
                                      "loader of LOADERS, and\nthe /dev/shm bytes the whole job "
                                      "needs with them; richest first, each needing\nless than "
                                      "the one before. The other loaders lean before the training "
                                      "loader\n(the first), prefetch depth before workers, their "
                                      "batch before the training batch."));
    b.line("FITS = (");
    const int first = b.lineCount() + 1;
    for (const JobFitOption &o : options) {
        QStringList each;
        for (int i = 0; i < all.size(); ++i)
            each << pySettings(all[i], o.loaders[i]);
        b.line(QStringLiteral("    ((%1), %2),")
                   .arg(each.join(QLatin1String(", ")))
                   .arg(o.requiredBytes));
    }
    closeFitTable(b, first, options.constFirst().requiredBytes, options.size() > 1,
                  options.constLast().requiredBytes);
    b.comment("# ", QT_TRANSLATE_NOOP("shmwise::FileText",
                                      "The row chosen when the first loader was made: every "
                                      "loader of the job takes its\nsettings from the same row, "
                                      "so together they fit."));
    b.line("_chosen = []");
    writeShmFreeBytes(b);
    b.line("");
    b.line("");
    b.line("def fit(free):");
    b.docstring("    ", QT_TRANSLATE_NOOP("shmwise::FileText",
                                          "The richest row of FITS that needs at most `free` "
                                          "bytes, or None."));
    b.line("    for row in FITS:");
    b.line("        if row[1] <= free:");
    b.line("            return row");
    b.line("    return None");
}

void writeSettingsTable(TextBuilder &b, const QVector<Workload> &all, const LoaderSettings &s,
                        bool atRunTime)
{
    b.line("");
    if (atRunTime)
        b.line(""); // after the functions of the fit
    b.line("SETTINGS = {");
    for (int i = 0; i < all.size(); ++i) {
        const Workload &w = all[i];
        // Where /dev/shm cannot be raised and its size is known or assumed, the loaders are
        // fitted to it together (LoaderSettings::loaders).
        const LoaderSettings used = usedSettings(w, s, i, atRunTime);
        b.line(QStringLiteral("    %1: dict(").arg(pyString(w.name)));
        writeSettingLines(b, QStringLiteral("        "), w, used, used.numWorkers,
                          used.prefetchFactor, used.batchSize, i == 0);
        b.line("    ),");
    }
    b.line("}");
}

void writeMake(TextBuilder &b, const QVector<Workload> &all, const QStringList &functions,
               bool atRunTime)
{
    b.line("");
    b.line("");
    b.line("def _make(loader, dataset, overrides):");
    b.line("    if loader not in SETTINGS:");
    b.line("        raise ValueError(\"shmwise_loader: no loader %r in the plan; it has %s\"");
    b.line("                         % (loader, \", \".join(SETTINGS)))");
    b.line("    settings = dict(SETTINGS[loader])");
    if (atRunTime) {
        b.line("    if not any(key in overrides for key in FITTED):");
        b.line("        if not _chosen:");
        b.line("            free = shm_free_bytes()");
        b.line("            row = fit(free)");
        b.line("            if row is None:");
        b.line("                raise RuntimeError(");
        b.line("                    \"shmwise_loader: /dev/shm has %d MiB free, but this job "
               "needs at least %d MiB \"");
        b.line("                    \"even with the leanest settings: give it more /dev/shm\"");
        b.line("                    % (free >> 20, -(-FITS[-1][1] >> 20)))");
        b.note(Tr::tr("Stops before any worker starts, instead of a Bus error later."));
        b.line("            _chosen.append(row)");
        b.line("            if row != FITS[0]:");
        b.line("                warnings.warn(");
        b.line("                    \"shmwise_loader: /dev/shm has %d MiB free, less than the %d "
               "MiB planned; using %s \"");
        b.line("                    \"(they need %d MiB)%s\"");
        b.line("                    % (free >> 20, -(-FITS[0][1] >> 20),");
        b.line("                       \"; \".join(\"%s: num_workers=%d, prefetch_factor=%s, "
               "batch_size=%s\" % ((name,) + each)");
        b.line("                                 for name, each in zip(LOADERS, row[0])),");
        b.line("                       -(-row[1] >> 20),");
        b.line("                       \"\" if row[0][0][2] == FITS[0][0][0][2] else");
        b.line("                       \"; a smaller training batch changes training (scale the "
               "learning rate, or accumulate gradients)\"),");
        b.line("                    stacklevel=3)");
        b.note(Tr::tr("The warning names the line of the training script that made the first "
                      "loader."));
        b.comment("        # ", QT_TRANSLATE_NOOP("shmwise::FileText",
                                                  "Free space is read once, when the first loader "
                                                  "is made: make every loader\nbefore any of them "
                                                  "iterates."));
        b.line("        workers, prefetch, batch = _chosen[0][0][LOADERS.index(loader)]");
        b.line("        settings.update(batch_size=batch, num_workers=workers)");
        b.line("        if workers:");
        b.line("            settings[\"prefetch_factor\"] = prefetch");
    }
    writeLoaderCall(b);
    b.line("");
    b.line("");
    b.line(QStringLiteral("def make_loader(dataset, loader=%1, **overrides):")
               .arg(pyString(all.constFirst().name)));
    b.docstring("    ", QT_TRANSLATE_NOOP("shmwise::FileText",
                                          "The job's DataLoader `loader` for `dataset`; "
                                          "keywords override its settings."));
    b.line("    return _make(loader, dataset, overrides)");
    for (int i = 0; i < all.size(); ++i) {
        if (functions[i].isEmpty())
            continue;
        b.line("");
        b.line("");
        b.line(QStringLiteral("def %1(dataset, **overrides):").arg(functions[i]));
        b.line(QStringLiteral("    \"\"\"make_loader(dataset, loader=%1, **overrides)\"\"\"")
                   .arg(pyString(all[i].name)));
        b.line(
            QStringLiteral("    return _make(%1, dataset, overrides)").arg(pyString(all[i].name)));
    }
}

// writeRunTimeFitNote() speaks of the richest and the leanest need only.
QVector<ShmFitOption> fitOptionsOfJob(const Profile &profile)
{
    QVector<ShmFitOption> out;
    for (const JobFitOption &o : jobFitOptions(profile))
        out.append({0, 0, 0, o.requiredBytes});
    return out;
}

} // namespace

Artifact severalLoaderSnippet(const Profile &profile, const ShmPlan &plan, const FileText &text)
{
    const QVector<Workload> all = profile.loaders();
    const QStringList functions = functionNames(all);
    const bool atRunTime = loaderFitsAtRunTime(profile);
    const LoaderSettings s = atRunTime ? LoaderSettings{} : loaderSettings(profile, plan);
    bool fileSystem = false;
    for (const Workload &w : all)
        fileSystem = fileSystem || w.sharingStrategy == SharingStrategy::FileSystem;
    Artifact a;
    a.id = QStringLiteral("dataloader");
    a.title = Tr::tr("DataLoader settings (Python)");
    a.fileName = QStringLiteral("shmwise_loader.py");
    a.syntax = QStringLiteral("Python");
    QStringList listed;
    for (int i = 0; i < all.size(); ++i)
        listed
            << (functions[i].isEmpty()
                    ? QStringLiteral("make_loader(dataset, loader=%1)").arg(pyString(all[i].name))
                    : functions[i] + QStringLiteral("(dataset)"));
    a.summary = Tr::tr("A module for the training script to import at module level, with one "
                       "function per loader of the job (%1), each returning its DataLoader with "
                       "the settings the /dev/shm size was planned for, so the plan and the code "
                       "cannot drift apart. Valid on PyTorch 1.13 and 2.x.")
                    .arg(listed.join(QLatin1String(", ")));
    if (atRunTime)
        a.summary += QLatin1Char(' ') +
                     Tr::tr("The first one called reads the free space of /dev/shm and takes "
                            "the richest planned settings of all the loaders that fit together "
                            "(the job as profiled needs %1, the leanest settings %2), or stops "
                            "before any worker starts.")
                         .arg(formatSize(plan.requiredBytes),
                              formatSize(jobFitOptions(profile).constLast().requiredBytes));
    else if (s.fitted)
        a.summary += QLatin1Char(' ') +
                     Tr::tr("/dev/shm cannot be raised here, so the loaders are fitted to %1 "
                            "together: they need %2.")
                         .arg(formatSize(s.availableShm), formatSize(s.requiredBytes));

    if (const QString f = frameworkSummary(all); !f.isEmpty())
        a.summary += QLatin1Char(' ') + f;
    TextBuilder b(text);
    writeUsage(b, all, functions, fileSystem);
    if (atRunTime)
        writeRunTimeFitNote(b, profile, plan, fitOptionsOfJob(profile));
    else if (s.fitted)
        writeFittedNote(b, profile, plan, s, text);
    else
        writePlannedNote(b, plan, s);
    // A framework does not run make_loader()'s fitting at start: where the profile gives the
    // /dev/shm there is, its settings are fitted to that, as the platform's note says.
    const LoaderSettings fitted = atRunTime ? loaderSettings(profile, plan) : s;
    writeFrameworkNote(b, all, fitted, atRunTime && !fitted.fitted, text);
    writeModuleHead(b, atRunTime, fileSystem);
    if (atRunTime)
        writeFitTable(b, all, jobFitOptions(profile));
    writeSettingsTable(b, all, s, atRunTime);
    writeMake(b, all, functions, atRunTime);
    b.finish(&a);
    return a;
}

} // namespace shmwise::gen::loadergen
