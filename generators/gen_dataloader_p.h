// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/fit.h"
#include "generators/artifacts.h"
#include "generators/filetext.h"
#include "generators/gen_common.h"

namespace shmwise::gen {

// The Python module with make_loader(), which every environment gets.
// Whether the generated make_loader() fits its settings to the free /dev/shm when it is called:
// where /dev/shm cannot be raised, or its size was measured (host.shm_bytes).
bool loaderFitsAtRunTime(const Profile &profile);
Artifact dataLoaderSnippet(const Profile &profile, const ShmPlan &plan,
                           const FileText &text = FileText());

// The parts of the module, shared by the one-loader form (gen_dataloader.cpp) and the form with a
// function per loader (gen_dataloader_loaders.cpp).
namespace loadergen {
QString pyBool(bool b);
QString pyMiB(Bytes bytes);
void writeRunTimeFitNote(TextBuilder &b, const Profile &profile, const ShmPlan &plan,
                         const QVector<ShmFitOption> &options);
void writeFittedNote(TextBuilder &b, const Profile &profile, const ShmPlan &plan,
                     const LoaderSettings &s, const FileText &text);
void writePlannedNote(TextBuilder &b, const ShmPlan &plan, const LoaderSettings &s);
void writeModuleHead(TextBuilder &b, bool atRunTime, bool fileSystem);
// The end of a FITS table whose rows start at line `firstRow`: the notes on its richest and (with
// several rows) leanest need, the closing parenthesis and FITTED.
void closeFitTable(TextBuilder &b, int firstRow, Bytes richest, bool several, Bytes leanest);
// shm_free_bytes(): the free space of /dev/shm as statvfs gives it.
void writeShmFreeBytes(TextBuilder &b);
// The keyword arguments of one DataLoader, one per line at `indent`, with notes when `notes`.
void writeSettingLines(TextBuilder &b, const QString &indent, const Workload &w,
                       const LoaderSettings &s, quint64 numWorkers, quint64 prefetch,
                       quint64 batchSize, bool notes);
void writeLoaderCall(TextBuilder &b);
// The settings loader `index` of the job runs with: its own, or those fitted to /dev/shm.
LoaderSettings usedSettings(const Workload &w, const LoaderSettings &s, int index, bool atRunTime);
// A sentence for the artifact's summary when a framework builds loaders of the job.
QString frameworkSummary(const QVector<Workload> &all);
// For each loader a framework builds: its planned settings in the framework's words
// (core/frameworks.h) and what they mean there, as comments.
void writeFrameworkNote(TextBuilder &b, const QVector<Workload> &all, const LoaderSettings &s,
                        bool atRunTime, const FileText &text);
// The module for a job of several loaders: make_loader(dataset, loader=NAME) and one
// make_NAME_loader(dataset) per loader, each fitting itself at run time where the one-loader
// module does.
Artifact severalLoaderSnippet(const Profile &profile, const ShmPlan &plan, const FileText &text);
} // namespace loadergen

} // namespace shmwise::gen
