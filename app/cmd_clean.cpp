// SPDX-License-Identifier: GPL-3.0-or-later
// `shmwise clean`: lists the files in /dev/shm that nothing holds any more (the leftovers of
// crashed jobs), and with --yes removes them, by the rule of probes/shmowner.h: on this computer
// through probes/shmowner, on any other target through probes/remoteclean (the same rule in
// the host's python3). Both are printed by one code.
#include "app/cliutil.h"
#include "app/commands.h"
#include "probes/attribution.h"
#include "probes/remoteclean.h"
#include "probes/shmowner.h"

#include "core/atomicfile.h"
#include "core/exitcodes.h"
#include "core/size.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

#include <algorithm>

#include <unistd.h>

namespace shmwise {

namespace {

using namespace cli;

QString ageText(qint64 s)
{
    if (s < 120)
        return Tr::tr("%1 s").arg(s);
    if (s < 7200)
        return Tr::tr("%1 min").arg(s / 60);
    if (s < 172800)
        return Tr::tr("%1 h").arg(s / 3600);
    return Tr::tr("%1 d").arg(s / 86400);
}

// Lists and removes on this computer (probes/shmowner).
CleanResult cleanHere(const QString &dir, qint64 age, bool dryRun)
{
    CleanResult result;
    QString error;
    const QVector<ShmListing> listing = listShmFolder(dir, &error);
    if (!error.isEmpty()) {
        result.error = error;
        return result;
    }
    const uint uid = uint(getuid());
    QVector<ShmCandidate> candidates;
    for (const ShmListing &l : listing) {
        if (!l.regular)
            ++result.notRegular;
        else if (l.holder != 0) {
            ++result.held;
            result.heldBytes += l.allocated;
        } else if (uid != 0 && l.uid != uid)
            ++result.otherOwners;
        else if (l.ageSeconds < age)
            ++result.younger;
        else
            candidates.append({l.name, l.key, l.allocated, QStringLiteral("leaked")});
    }
    std::sort(candidates.begin(), candidates.end(),
              [](const ShmCandidate &a, const ShmCandidate &b) {
                  return a.allocated != b.allocated ? a.allocated > b.allocated : a.name < b.name;
              });
    // As many as a host lists at most; the rest are neither listed nor removed.
    if (candidates.size() > MaxCleanFiles) {
        result.notListed = candidates.size() - MaxCleanFiles;
        candidates.resize(MaxCleanFiles);
    }
    RemovalPolicy policy;
    policy.callerUid = uid;
    policy.olderThanSeconds = age;
    policy.dryRun = dryRun;
    QHash<QString, qint64> ages;
    for (const ShmListing &l : listing)
        ages.insert(l.name, l.ageSeconds);
    for (const RemovalOutcome &o : removeShmFiles(dir, candidates, policy))
        result.files.append({o.name, o.allocated, ages.value(o.name), o.removed, o.reason});
    return result;
}

// What clean did, as text or JSON: the same for this computer and any target. Returns the exit
// code.
int printClean(const CleanResult &r, const QString &target, const QString &dir, qint64 age,
               bool dryRun, bool json)
{
    const bool local = target == QLatin1String("local");
    Bytes done = 0;
    int doneCount = 0, left = 0;
    for (const CleanedFile &f : r.files) {
        if (f.removed) {
            done += f.allocated;
            ++doneCount;
        } else {
            ++left;
        }
    }
    const int code = !r.error.isEmpty() ? ExitUsage : left > 0 && !dryRun ? ExitJudged : ExitOk;
    if (!r.error.isEmpty() && r.files.isEmpty()) {
        printError(QStringLiteral("clean"), r.error);
        return code;
    }
    if (json) {
        QJsonArray files;
        for (const CleanedFile &f : r.files)
            files.append(QJsonObject{
                {QStringLiteral("name"), f.name},
                {QStringLiteral("kind"), shmKindId(shmKindOfName(QFile::encodeName(f.name)))},
                {QStringLiteral("bytes"), qint64(f.allocated)},
                {QStringLiteral("age_seconds"), f.ageSeconds},
                {QStringLiteral("removed"), f.removed && !dryRun},
                {QStringLiteral("would_remove"), f.removed && dryRun},
                {QStringLiteral("left_because"),
                 f.reason.isEmpty() ? QJsonValue() : QJsonValue(f.reason)}});
        const QJsonObject kept{{QStringLiteral("held"), r.held},
                               {QStringLiteral("held_bytes"), qint64(r.heldBytes)},
                               {QStringLiteral("other_owners"), r.otherOwners},
                               {QStringLiteral("younger"), r.younger},
                               {QStringLiteral("not_regular"), r.notRegular},
                               {QStringLiteral("not_listed"), r.notListed}};
        QJsonObject o{
            {QStringLiteral("target"), target},      {QStringLiteral("dir"), dir},
            {QStringLiteral("dry_run"), dryRun},     {QStringLiteral("older_than_seconds"), age},
            {QStringLiteral("files"), files},        {QStringLiteral("bytes"), qint64(done)},
            {QStringLiteral("not_considered"), kept}};
        if (r.unreadableProcesses >= 0)
            o.insert(QStringLiteral("unreadable_processes"), r.unreadableProcesses);
        if (!r.error.isEmpty())
            o.insert(QStringLiteral("error"), r.error);
        out() << QJsonDocument(o).toJson(QJsonDocument::Indented);
        if (!r.error.isEmpty())
            printError(QStringLiteral("clean"), r.error);
        return code;
    }
    QTextStream &o = out();
    const QString where = local ? pathText(dir) : Tr::tr("%1 on %2").arg(pathText(dir), target);
    if (r.files.isEmpty())
        o << Tr::tr("Nothing to clean in %1: no file there is unheld, yours and older than %2.")
                 .arg(where, ageText(age))
          << '\n';
    for (const CleanedFile &f : r.files) {
        const QString what = f.removed ? (dryRun ? Tr::tr("would remove") : Tr::tr("removed"))
                                       : Tr::tr("left: %1").arg(f.reason);
        o << QStringLiteral("  %1  %2  %3  %4 (%5)")
                 .arg(formatSize(f.allocated), 10)
                 .arg(ageText(f.ageSeconds), 7)
                 .arg(pathText(f.name), what,
                      shmKindTitle(shmKindOfName(QFile::encodeName(f.name))))
          << '\n';
    }
    if (!r.files.isEmpty())
        o << (dryRun ? Tr::tr("%n file(s), %1, would be removed. Nothing was removed: run "
                              "again with --yes to remove them.",
                              nullptr, doneCount)
                     : Tr::tr("Removed %n file(s), %1.", nullptr, doneCount))
                 .arg(formatSize(done))
          << '\n';
    QStringList notConsidered;
    if (r.held > 0)
        notConsidered
            << Tr::tr("%n held by a process (%1)", nullptr, r.held).arg(formatSize(r.heldBytes));
    if (r.otherOwners > 0)
        notConsidered << Tr::tr("%n of other users", nullptr, r.otherOwners);
    if (r.younger > 0)
        notConsidered << Tr::tr("%n changed within %1", nullptr, r.younger).arg(ageText(age));
    if (r.notRegular > 0)
        notConsidered << Tr::tr("%n not a regular file", nullptr, r.notRegular);
    if (!notConsidered.isEmpty())
        o << Tr::tr("Not considered: %1.").arg(notConsidered.join(QStringLiteral("; "))) << '\n';
    if (r.notListed > 0)
        o << Tr::tr("%n more file(s) would qualify but were not listed (over %1 in one run) and "
                    "were left alone; run clean again for them.",
                    nullptr, int(std::min<qint64>(r.notListed, 1000000000)))
                 .arg(MaxCleanFiles)
          << '\n';
    if (r.unreadableProcesses > 0)
        o << Tr::tr("%n process(es) on %1 could not be looked into; the write lease taken right "
                    "before each removal still leaves any file another process has open or "
                    "mapped.",
                    nullptr, r.unreadableProcesses)
                 .arg(target)
          << '\n';
    if (r.badLines > 0)
        o << Tr::tr("%n line(s) from %1 were not clean's and were ignored.", nullptr, r.badLines)
                 .arg(target)
          << '\n';
    o.flush();
    if (!r.error.isEmpty())
        printError(QStringLiteral("clean"), r.error);
    return code;
}

} // namespace

int runClean(const QStringList &args)
{
    QCommandLineParser parser;
    const QCommandLineOption dirOpt(
        QStringLiteral("dir"),
        Tr::tr("The shared-memory folder to clean (default: /dev/shm). Only files directly in "
               "it are considered."),
        Tr::tr("DIR"), QStringLiteral("/dev/shm"));
    const QCommandLineOption ageOpt(
        QStringLiteral("older-than"),
        Tr::tr("Leave files changed more recently than AGE: seconds, or a number with s, m, h "
               "or d (default: 10m)."),
        Tr::tr("AGE"), QStringLiteral("10m"));
    const QCommandLineOption yesOpt(QStringLiteral("yes"),
                                    Tr::tr("Remove the files listed; without it nothing is "
                                           "removed (a dry run)."));
    const QCommandLineOption jsonOpt(QStringLiteral("json"), Tr::tr("Print one JSON object."));
    for (const QCommandLineOption *opt : {&dirOpt, &ageOpt, &yesOpt, &jsonOpt})
        parser.addOption(*opt);
    const TargetOptions targetOpts = addTargetOptions(
        parser,
        Tr::tr("Where to clean: local (default), ssh://[user@]host[:port], docker://CONTAINER or "
               "k8s://[NAMESPACE/]POD[/CONTAINER]; the checks run there with its python3, sent "
               "with the command and removed after it."),
        QStringLiteral("local"));
    const int parsed = parseCommand(
        parser, args,
        QStringLiteral("clean [--target T] [--dir DIR] [--older-than AGE] [--yes] [--json]"),
        Tr::tr("Lists the files in /dev/shm that no process holds or maps any more (left by "
               "jobs that crashed or were killed), owned by you (root: by anyone) and unchanged "
               "for AGE; with --yes removes them. Each file is checked again just before it is "
               "removed: one that was replaced, linked, opened or changed meanwhile is left, "
               "and said so."));
    if (parsed >= 0)
        return parsed;
    const QString name = QStringLiteral("clean");
    if (!parser.positionalArguments().isEmpty()) {
        printError(name,
                   Tr::tr("unexpected argument '%1'").arg(parser.positionalArguments().first()));
        return ExitUsage;
    }
    // Whole seconds, up to a year: "90", "10m", "2h", "1d".
    const std::optional<double> ageSeconds = parseDuration(parser.value(ageOpt), 0, 366.0 * 86400);
    const std::optional<qint64> age =
        ageSeconds ? std::optional<qint64>(qint64(std::ceil(*ageSeconds))) : std::nullopt;
    if (!age) {
        printError(name, Tr::tr("--older-than: '%1' is not an age such as 600, 10m, 2h or 1d "
                                "(at most a year)")
                             .arg(parser.value(ageOpt)));
        return ExitUsage;
    }
    QString targetText;
    ProbeOptions probeOptions;
    if (!readTargetOptions(parser, targetOpts, name, &targetText, &probeOptions))
        return ExitUsage;
    const Target target = *parseTarget(targetText);
    const QString dir = parser.value(dirOpt);
    const bool dryRun = !parser.isSet(yesOpt);
    const bool json = parser.isSet(jsonOpt);
    if (target.kind != Target::Kind::Local) {
        // The folder is the target's: it is looked at there (system folders refused there too).
        if (dir.isEmpty()) {
            printError(name, Tr::tr("--dir: %1 is not a folder").arg(pathText(dir)));
            return ExitUsage;
        }
        CleanOptions options;
        options.dir = dir;
        options.olderThanSeconds = *age;
        options.dryRun = dryRun;
        return printClean(runRemoteClean(target, probeOptions, options), target.toString(), dir,
                          *age, dryRun, json);
    }
    const QFileInfo dirInfo(dir);
    if (dir.isEmpty() || !dirInfo.isDir()) {
        printError(name, Tr::tr("--dir: %1 is not a folder").arg(pathText(dir)));
        return ExitUsage;
    }
    if (const QString system = systemDirectory(dir); !system.isEmpty()) {
        printError(name, Tr::tr("--dir: %1 is the system directory %2; clean removes only "
                                "shared-memory files")
                             .arg(pathText(dir), system));
        return ExitUsage;
    }
    return printClean(cleanHere(dir, *age, dryRun), QStringLiteral("local"), dir, *age, dryRun,
                      json);
}

} // namespace shmwise
