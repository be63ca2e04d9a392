// SPDX-License-Identifier: GPL-3.0-or-later
// `shmwise clean`: lists the files in /dev/shm that nothing holds any more (the leftovers of
// crashed jobs), and with --yes removes them, by the rule of probes/shmowner.h.
#include "app/cliutil.h"
#include "app/commands.h"
#include "probes/attribution.h"
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
#include <QRegularExpression>

#include <algorithm>

#include <unistd.h>

namespace shmwise {

namespace {

using namespace cli;

// "90", "90s", "10m", "2h", "1d": seconds; nullopt for anything else or beyond a year.
std::optional<qint64> parseAge(const QString &text)
{
    static const QRegularExpression re(QStringLiteral("^\\s*(\\d{1,9})\\s*([smhd]?)\\s*$"));
    const QRegularExpressionMatch m = re.match(text);
    if (!m.hasMatch())
        return std::nullopt;
    qint64 n = m.captured(1).toLongLong();
    const QString unit = m.captured(2);
    if (unit == QLatin1String("m"))
        n *= 60;
    else if (unit == QLatin1String("h"))
        n *= 3600;
    else if (unit == QLatin1String("d"))
        n *= 86400;
    if (n > 366LL * 86400)
        return std::nullopt;
    return n;
}

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
    const int parsed = parseCommand(
        parser, args, QStringLiteral("clean [--dir DIR] [--older-than AGE] [--yes] [--json]"),
        Tr::tr("Lists the files in /dev/shm that no process holds or maps any more (left by "
               "jobs that crashed or were killed), owned by you (root: by anyone) and unchanged "
               "for AGE; with --yes removes them. Each file is checked again just before it is "
               "removed: one that was replaced, linked, opened or changed meanwhile is left, "
               "and said so."));
    if (parsed >= 0)
        return parsed;
    const QString name = QStringLiteral("clean");
    if (!parser.positionalArguments().isEmpty()) {
        printError(name, Tr::tr("unexpected argument '%1'").arg(parser.positionalArguments().first()));
        return ExitUsage;
    }
    const auto age = parseAge(parser.value(ageOpt));
    if (!age) {
        printError(name, Tr::tr("--older-than: '%1' is not an age such as 600, 10m, 2h or 1d "
                                "(at most a year)")
                             .arg(parser.value(ageOpt)));
        return ExitUsage;
    }
    const QString dir = parser.value(dirOpt);
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
    QString error;
    const QVector<ShmListing> listing = listShmFolder(dir, &error);
    if (!error.isEmpty()) {
        printError(name, error);
        return ExitUsage;
    }
    const uint uid = uint(getuid());
    QVector<ShmCandidate> candidates;
    int held = 0, others = 0, young = 0, special = 0;
    Bytes heldBytes = 0;
    for (const ShmListing &l : listing) {
        if (!l.regular)
            ++special;
        else if (l.holder != 0) {
            ++held;
            heldBytes += l.allocated;
        } else if (uid != 0 && l.uid != uid)
            ++others;
        else if (l.ageSeconds < *age)
            ++young;
        else
            candidates.append({l.name, l.key, l.allocated, QStringLiteral("leaked")});
    }
    std::sort(candidates.begin(), candidates.end(),
              [](const ShmCandidate &a, const ShmCandidate &b) {
                  return a.allocated != b.allocated ? a.allocated > b.allocated : a.name < b.name;
              });
    RemovalPolicy policy;
    policy.callerUid = uid;
    policy.olderThanSeconds = *age;
    policy.dryRun = !parser.isSet(yesOpt);
    const QVector<RemovalOutcome> outcomes = removeShmFiles(dir, candidates, policy);
    QHash<QString, qint64> ages;
    for (const ShmListing &l : listing)
        ages.insert(l.name, l.ageSeconds);
    Bytes done = 0;
    int doneCount = 0, left = 0;
    for (const RemovalOutcome &o : outcomes) {
        if (o.removed) {
            done += o.allocated;
            ++doneCount;
        } else {
            ++left;
        }
    }
    if (parser.isSet(jsonOpt)) {
        QJsonArray files;
        for (const RemovalOutcome &o : outcomes)
            files.append(QJsonObject{{QStringLiteral("name"), o.name},
                                     {QStringLiteral("kind"),
                                      shmKindId(shmKindOfName(QFile::encodeName(o.name)))},
                                     {QStringLiteral("bytes"), qint64(o.allocated)},
                                     {QStringLiteral("age_seconds"), ages.value(o.name)},
                                     {QStringLiteral("removed"), o.removed && !policy.dryRun},
                                     {QStringLiteral("would_remove"), o.removed && policy.dryRun},
                                     {QStringLiteral("left_because"),
                                      o.reason.isEmpty() ? QJsonValue() : QJsonValue(o.reason)}});
        const QJsonObject kept{{QStringLiteral("held"), held},
                               {QStringLiteral("held_bytes"), qint64(heldBytes)},
                               {QStringLiteral("other_owners"), others},
                               {QStringLiteral("younger"), young},
                               {QStringLiteral("not_regular"), special}};
        out() << QJsonDocument(QJsonObject{{QStringLiteral("dir"), dir},
                                           {QStringLiteral("dry_run"), policy.dryRun},
                                           {QStringLiteral("older_than_seconds"), *age},
                                           {QStringLiteral("files"), files},
                                           {QStringLiteral("bytes"), qint64(done)},
                                           {QStringLiteral("not_considered"), kept}})
                     .toJson(QJsonDocument::Indented);
        return left > 0 && !policy.dryRun ? ExitJudged : ExitOk;
    }
    QTextStream &o = out();
    if (outcomes.isEmpty())
        o << Tr::tr("Nothing to clean in %1: no file there is unheld, yours and older than %2.")
                 .arg(pathText(dir), ageText(*age))
          << '\n';
    for (const RemovalOutcome &r : outcomes) {
        const QString what = r.removed ? (policy.dryRun ? Tr::tr("would remove") : Tr::tr("removed"))
                                       : Tr::tr("left: %1").arg(r.reason);
        o << QStringLiteral("  %1  %2  %3  %4 (%5)")
                 .arg(formatSize(r.allocated), 10)
                 .arg(ageText(ages.value(r.name)), 7)
                 .arg(pathText(r.name), what,
                      shmKindTitle(shmKindOfName(QFile::encodeName(r.name))))
          << '\n';
    }
    if (!outcomes.isEmpty())
        o << (policy.dryRun ? Tr::tr("%n file(s), %1, would be removed. Nothing was removed: run "
                                     "again with --yes to remove them.",
                                     nullptr, doneCount)
                            : Tr::tr("Removed %n file(s), %1.", nullptr, doneCount))
                 .arg(formatSize(done))
          << '\n';
    QStringList notConsidered;
    if (held > 0)
        notConsidered << Tr::tr("%n held by a process (%1)", nullptr, held).arg(formatSize(heldBytes));
    if (others > 0)
        notConsidered << Tr::tr("%n of other users", nullptr, others);
    if (young > 0)
        notConsidered << Tr::tr("%n changed within %1", nullptr, young).arg(ageText(*age));
    if (special > 0)
        notConsidered << Tr::tr("%n not a regular file", nullptr, special);
    if (!notConsidered.isEmpty())
        o << Tr::tr("Not considered: %1.").arg(notConsidered.join(QStringLiteral("; "))) << '\n';
    return left > 0 && !policy.dryRun ? ExitJudged : ExitOk;
}

} // namespace shmwise
