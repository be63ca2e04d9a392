// SPDX-License-Identifier: GPL-3.0-or-later
// The part of the DataLoader module for loaders a framework builds (Hugging Face's Trainer,
// Lightning, Ultralytics, ...): make_loader() is not what the job calls there, so the module
// names the planned settings in the framework's own words.
#include "core/frameworks.h"
#include "generators/gen_common.h"
#include "generators/gen_dataloader_p.h"

namespace shmwise::gen::loadergen {

namespace {
// A call too wide for one line, one argument a line: "f(a=1, b=2)  # note" becomes "f(",
// "    a=1,", "    b=2,", ")  # note".
QStringList callLines(const QString &call)
{
    const int open = int(call.indexOf(QLatin1Char('(')));
    const int close = int(call.lastIndexOf(QLatin1Char(')')));
    if (call.size() <= 80 || open < 0 || close < open)
        return {call};
    QStringList lines{call.left(open + 1)};
    const QStringList args = call.mid(open + 1, close - open - 1).split(QStringLiteral(", "));
    for (const QString &a : args)
        lines << QStringLiteral("    ") + a + QLatin1Char(',');
    lines << call.mid(close);
    return lines;
}
} // namespace

LoaderSettings usedSettings(const Workload &w, const LoaderSettings &s, int index, bool atRunTime)
{
    LoaderSettings used;
    used.numWorkers = w.numWorkers;
    used.prefetchFactor = w.effectivePrefetchFactor();
    used.batchSize = w.batchSize;
    if (atRunTime || !s.fitted)
        return used;
    // Where /dev/shm cannot be raised the loaders are fitted to it together (one loader: the
    // settings themselves; several: LoaderSettings::loaders).
    used.fitted = index < s.loaders.size() || (s.loaders.isEmpty() && index == 0);
    if (s.loaders.isEmpty() && index == 0) {
        used.numWorkers = s.numWorkers;
        used.prefetchFactor = s.prefetchFactor ? s.prefetchFactor : w.effectivePrefetchFactor();
        used.batchSize = s.batchSize;
    } else if (index < s.loaders.size()) {
        used.numWorkers = s.loaders[index].numWorkers;
        used.prefetchFactor = s.loaders[index].numWorkers ? s.loaders[index].prefetchFactor
                                                          : w.effectivePrefetchFactor();
        used.batchSize = s.loaders[index].batchSize;
    }
    return used;
}

QString frameworkSummary(const QVector<Workload> &all)
{
    QStringList titles;
    for (const Workload &w : all)
        if (!w.framework.isEmpty() && !titles.contains(frameworkTitle(w.framework)))
            titles << frameworkTitle(w.framework);
    if (titles.isEmpty())
        return {};
    return Tr::tr("%1 builds the loaders here: the module's docstring gives the planned settings "
                  "in its own words, to set there instead of calling make_loader().")
        .arg(titles.join(QStringLiteral(", ")));
}

void writeFrameworkNote(TextBuilder &b, const QVector<Workload> &all, const LoaderSettings &s,
                        bool atRunTime, const FileText &text)
{
    QStringList explained; // what a framework's knobs mean is said once
    for (int i = 0; i < all.size(); ++i) {
        const Workload &w = all[i];
        if (w.framework.isEmpty())
            continue;
        const LoaderSettings used = usedSettings(w, s, i, atRunTime);
        const QStringList settings = frameworkSettings(
            w.framework, w, used.batchSize, used.numWorkers, used.prefetchFactor, i == 0);
        const QString loader = w.name.isEmpty() ? QStringLiteral("train") : w.name;
        QString head =
            settings.isEmpty()
                ? b.fileText(QT_TRANSLATE_NOOP(
                      "shmwise::FileText",
                      "%1 builds the loader \"%2\" from the training loader's settings (above): "
                      "it has no settings of its own there."))
                : b.fileText(QT_TRANSLATE_NOOP(
                      "shmwise::FileText",
                      "%1 builds the loader \"%2\", not make_loader(): give it the planned "
                      "settings in its own words instead:"));
        head = head.arg(frameworkTitle(w.framework), loader);
        // The module's docstring: text, the settings indented as code.
        b.line("");
        for (const QString &l : commentLines(QString(), head, true))
            b.line(l);
        for (const QString &setting : settings)
            for (const QString &l : callLines(setting))
                b.line(QStringLiteral("    ") + l);
        if (i > 0 && !settings.isEmpty() && frameworkSharesWorkers(w.framework))
            for (const QString &l :
                 commentLines(QString(),
                              b.fileText(QT_TRANSLATE_NOOP(
                                  "shmwise::FileText",
                                  "Its workers are the training loader's: the framework has one "
                                  "setting for both.")),
                              true))
                b.line(l);
        if (atRunTime && !settings.isEmpty())
            for (const QString &l :
                 commentLines(QString(),
                              b.fileText(QT_TRANSLATE_NOOP(
                                  "shmwise::FileText",
                                  "These are the profile's own settings: the fitting at run time "
                                  "of make_loader() does not run inside the framework, so check "
                                  "that they fit the /dev/shm the job gets.")),
                              true))
                b.line(l);
        const char *note =
            explained.contains(w.framework) ? nullptr : frameworkNoteSource(w.framework);
        explained << w.framework;
        if (note)
            for (const QString &l :
                 commentLines(QString(), text("shmwise::Measurement", note), true))
                b.line(l);
    }
}

} // namespace shmwise::gen::loadergen
