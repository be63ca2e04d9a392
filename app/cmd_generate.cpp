// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cliutil.h"
#include "app/cmd_probe_fleet.h"
#include "app/commands.h"

#include "core/atomicfile.h"
#include "core/exitcodes.h"
#include "core/profile.h"
#include "core/sizing.h"
#include "generators/artifacts.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace shmwise {

namespace {

using namespace cli;

QJsonObject artifactToJson(const Artifact &a)
{
    QJsonArray notes;
    for (const LineNote &n : a.notes)
        notes.append(
            QJsonObject{{QStringLiteral("line"), n.line}, {QStringLiteral("text"), n.text}});
    return QJsonObject{{QStringLiteral("id"), a.id},
                       {QStringLiteral("title"), a.title},
                       {QStringLiteral("file_name"), a.fileName},
                       {QStringLiteral("syntax"), a.syntax},
                       {QStringLiteral("text"), a.text},
                       {QStringLiteral("summary"), a.summary},
                       {QStringLiteral("notes"), notes}};
}

} // namespace

int runGenerate(const QStringList &args)
{
    QCommandLineParser parser;
    const QCommandLineOption profileOpt(
        QStringLiteral("profile"), Tr::tr("The profile to generate files for."), Tr::tr("FILE"));
    const QCommandLineOption outOpt(QStringLiteral("out"),
                                    Tr::tr("Write the files into DIR instead of printing them."),
                                    Tr::tr("DIR"));
    const QCommandLineOption onlyOpt(QStringLiteral("only"),
                                     Tr::tr("Only these artifacts (comma-separated ids)."),
                                     Tr::tr("ID,..."));
    const QCommandLineOption forceOpt(
        QStringLiteral("force"),
        Tr::tr("Replace files in DIR that differ, keeping the old one as FILE.bak."));
    const QCommandLineOption jsonOpt(QStringLiteral("json"),
                                     Tr::tr("Print one JSON object on stdout."));
    const QCommandLineOption commentOpt(
        QStringLiteral("comment-language"),
        Tr::tr("The language of the comments in the files: en (the default) or zh_CN. "
               "Everything else in them is the same in both."),
        Tr::tr("LANG"));
    parser.addOption(profileOpt);
    parser.addOption(outOpt);
    parser.addOption(onlyOpt);
    parser.addOption(forceOpt);
    parser.addOption(jsonOpt);
    parser.addOption(commentOpt);
    const cli::HostOptions hostOpts = cli::addHostOptions(parser);
    const int parsed = cli::parseCommand(
        parser, args,
        QStringLiteral(
            "generate --profile FILE [--out DIR] [--only ID,...] [--force] [--json] "
            "[--comment-language LANG] [--target T]... [--inventory FILE [--limit PATTERN]]"),
        Tr::tr("Generates the configuration files that give the profile's training job the "
               "/dev/shm it needs, each with an explanation, plus the DataLoader settings and a "
               "preflight check. Without --out they are printed."));
    if (parsed >= 0)
        return parsed;
    GenerateOptions options;
    if (parser.isSet(commentOpt)) {
        const QString code = parser.value(commentOpt);
        const std::optional<CommentLanguage> language = commentLanguageFromCode(code);
        if (!language) {
            printError(QStringLiteral("generate"),
                       Tr::tr("--comment-language: '%1' is not a language of "
                              "comments; use one of: %2")
                           .arg(code, commentLanguageCodes().join(QStringLiteral(", "))));
            return ExitUsage;
        }
        options.comments = *language;
    }
    const QString path = parser.value(profileOpt);
    std::optional<HostFacts> facts;
    std::optional<Profile> loaded =
        cli::readProfileForHosts(parser, profileOpt, hostOpts, QStringLiteral("generate"), &facts);
    if (!loaded)
        return ExitUsage;
    const Profile &profile = *loaded;
    const ShmPlan plan = computePlan(profile);
    // Files sized for a /dev/shm that cannot exist would only move the failure to the host.
    if (!plan.errors.isEmpty()) {
        for (const QString &e : plan.errors)
            printError(QStringLiteral("generate"), e);
        return ExitUsage;
    }
    // Sized against a real host: say what there will break the job before it is deployed.
    if (facts) {
        for (const Finding &f : findingsForJob(
                 *facts, profile, &plan, targetIsContainer(parser.value(hostOpts.targets.target))))
            err() << Tr::tr("%1: %2 (%3): %4")
                         .arg(findingSeverityName(f.severity), f.title, f.id, f.fix)
                  << '\n';
    }
    QVector<Artifact> artifacts = generateArtifacts(profile, plan, options);

    if (parser.isSet(onlyOpt)) {
        QStringList valid;
        for (const Artifact &a : artifacts)
            valid << a.id;
        QStringList wanted;
        for (const QString &id : parser.value(onlyOpt).split(QLatin1Char(','), Qt::SkipEmptyParts))
            wanted << id.trimmed();
        for (const QString &id : wanted) {
            if (!valid.contains(id)) {
                printError(QStringLiteral("generate"),
                           Tr::tr("--only: no artifact '%1' for environment %2; "
                                  "valid ids: %3")
                               .arg(id, environmentName(profile.environment),
                                    valid.join(QStringLiteral(", "))));
                return ExitUsage;
            }
        }
        if (wanted.isEmpty()) {
            printError(QStringLiteral("generate"),
                       Tr::tr("--only needs at least one id; valid ids: %1")
                           .arg(valid.join(QStringLiteral(", "))));
            return ExitUsage;
        }
        QVector<Artifact> kept;
        for (const Artifact &a : artifacts) {
            if (wanted.contains(a.id))
                kept << a;
        }
        artifacts = kept;
    }

    for (const QString &w : plan.warnings)
        err() << Tr::tr("warning: %1").arg(w) << '\n';

    int code = ExitOk;
    if (parser.isSet(outOpt)) {
        const QString dirPath = parser.value(outOpt);
        // An empty DIR would silently mean the current directory.
        if (dirPath.isEmpty()) {
            printError(QStringLiteral("generate"),
                       Tr::tr("--out wants a directory; it is empty (use --out . "
                              "for the current directory)"));
            return ExitUsage;
        }
        // The files are fragments to review and install one by one (an fstab line, a limits.d
        // file): written into /etc they would replace the system's own (/etc/fstab). Checked
        // before anything is created there.
        if (const QString system = systemDirectory(dirPath); !system.isEmpty()) {
            printError(QStringLiteral("generate"),
                       Tr::tr("--out %1 is the system directory %2: the generated files are "
                              "fragments to review and install as each one's explanation says "
                              "(written there, \"fstab\" would replace /etc/fstab). Write them "
                              "into a folder of your own.")
                           .arg(pathText(dirPath), system));
            return ExitUsage;
        }
        QString why;
        if (!makeDirectory(dirPath, &why)) {
            printError(QStringLiteral("generate"), why);
            return ExitUsage;
        }
        const WriteMode mode =
            parser.isSet(forceOpt) ? WriteMode::BackupIfDifferent : WriteMode::RefuseIfDifferent;
        QVector<FileToWrite> files;
        for (const Artifact &a : artifacts)
            files.append({a.fileName, a.text.toUtf8(),
                          a.isScript() ? FileKind::Executable : FileKind::Data});
        QStringList refused;
        for (const FileWriteOutcome &o : writeFilesInto(dirPath, files, mode)) {
            switch (o.result) {
            case WriteResult::Written:
                err() << Tr::tr("wrote %1").arg(pathText(o.path)) << '\n';
                break;
            case WriteResult::Unchanged:
                err() << Tr::tr("unchanged %1").arg(pathText(o.path)) << '\n';
                break;
            case WriteResult::Refused:
                refused << pathText(o.path);
                break;
            case WriteResult::Failed:
                printError(QStringLiteral("generate"),
                           Tr::tr("cannot write %1: %2").arg(pathText(o.path), pathText(o.error)));
                code = ExitUsage;
                break;
            }
        }
        for (const QString &file : refused)
            printError(QStringLiteral("generate"),
                       Tr::tr("%1 exists and differs; not overwritten (use --force "
                              "to replace it, keeping the old one as %1.bak)")
                           .arg(file));
        if (!refused.isEmpty())
            code = ExitUsage;
    }

    if (parser.isSet(jsonOpt)) {
        QJsonArray list;
        for (const Artifact &a : artifacts)
            list.append(artifactToJson(a));
        out() << QJsonDocument(QJsonObject{{QStringLiteral("artifacts"), list}})
                     .toJson(QJsonDocument::Indented);
    } else if (!parser.isSet(outOpt)) {
        // One artifact prints as it is, so it can be redirected into its file; several get a
        // header each, as `head` does for several files.
        for (int i = 0; i < artifacts.size(); ++i) {
            const Artifact &a = artifacts.at(i);
            if (artifacts.size() > 1)
                out() << (i ? "\n" : "") << "==> " << a.fileName << " (" << a.id << ": " << a.title
                      << ") <==\n";
            out() << a.text;
        }
    }
    return code;
}

} // namespace shmwise
