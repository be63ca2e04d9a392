// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cliutil.h"
#include "app/commands.h"
#include "app/pythonparse.h"

#include "core/diagnostic.h"
#include "core/exitcodes.h"
#include "validators/validators.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cstdio>

namespace shmwise {

namespace {

using namespace cli;

// Config files are small; a bigger file is almost certainly the wrong one (a log, an image), and
// reading it whole would only slow everything down.
constexpr qint64 kMaxBytes = 4 * 1024 * 1024;

bool readInput(const QString &path, QByteArray *data, QString *why)
{
    QFile f;
    bool opened = false;
    if (path == QLatin1String("-"))
        opened = f.open(stdin, QIODevice::ReadOnly);
    else {
        f.setFileName(path);
        opened = f.open(QIODevice::ReadOnly);
    }
    if (!opened) {
        *why = f.errorString();
        return false;
    }
    // A pipe hands data over in pieces; read until the end or until the file is too big.
    data->clear();
    while (data->size() <= kMaxBytes) {
        const QByteArray piece = f.read(kMaxBytes + 1 - data->size());
        if (piece.isEmpty())
            break;
        data->append(piece);
    }
    if (data->size() > kMaxBytes) {
        *why =
            Tr::tr("the file is larger than %1 MiB; config files are much smaller, so check that "
                   "this is the right file")
                .arg(kMaxBytes / (1024 * 1024));
        return false;
    }
    if (f.error() != QFileDevice::NoError) {
        *why = f.errorString();
        return false;
    }
    return true;
}

} // namespace

int runValidate(const QStringList &args)
{
    QCommandLineParser parser;
    const QCommandLineOption kindOpt(
        QStringLiteral("kind"),
        Tr::tr(
            "The file's format: fstab, sysctl, limits, docker-run, compose, kubernetes or python "
            "(guessed from the name and content when not given)."),
        Tr::tr("KIND"));
    const QCommandLineOption jsonOpt(QStringLiteral("json"),
                                     Tr::tr("Print one JSON object on stdout."));
    parser.addOption(kindOpt);
    parser.addOption(jsonOpt);
    parser.addPositionalArgument(QStringLiteral("FILE"),
                                 Tr::tr("The file to check; - reads stdin."));
    const int parsed = cli::parseCommand(
        parser, args, QStringLiteral("validate FILE [--kind KIND] [--json]"),
        Tr::tr(
            "Checks a config file (fstab, sysctl.d, limits.d, a docker or podman run command, a "
            "compose file, Kubernetes manifests or PyTorch code) for the mistakes that break "
            "shared memory. Exit status: 0 no error (warnings are printed), 1 at least one error, "
            "2 the file cannot be read or the usage is wrong."));
    if (parsed >= 0)
        return parsed;
    const QStringList files = parser.positionalArguments();
    if (files.size() != 1) {
        printError(QStringLiteral("validate"),
                   files.isEmpty() ? Tr::tr("give the file to check (- for stdin)")
                                   : Tr::tr("give one file, not %1").arg(files.size()));
        return ExitUsage;
    }
    const QString path = files.constFirst();
    std::optional<ConfigKind> kind;
    if (parser.isSet(kindOpt)) {
        kind = configKindFromName(parser.value(kindOpt));
        if (!kind) {
            printError(QStringLiteral("validate"),
                       Tr::tr("unknown kind '%1'; use fstab, sysctl, limits, "
                              "docker-run, compose, kubernetes or python")
                           .arg(parser.value(kindOpt)));
            return ExitUsage;
        }
    }
    QByteArray data;
    QString why;
    if (!readInput(path, &data, &why)) {
        printError(QStringLiteral("validate"), Tr::tr("cannot read %1: %2").arg(path, why));
        return ExitUsage;
    }
    // Invalid UTF-8 is decoded with replacement characters, so the validators see every line.
    const QString text = QString::fromUtf8(data);
    if (!kind)
        kind = guessConfigKind(path == QLatin1String("-") ? QString() : path, text);
    if (!kind) {
        printError(QStringLiteral("validate"),
                   Tr::tr("cannot tell what kind of file %1 is; give --kind fstab, "
                          "sysctl, limits, docker-run, compose, kubernetes or python")
                       .arg(path));
        return ExitUsage;
    }

    QVector<Diagnostic> diags = validateConfig(*kind, text);
    // A hand-written grammar misses cases: where an interpreter is installed, CPython's own
    // parser has the last word on syntax (the built-in check stays the fallback).
    if (*kind == ConfigKind::Python) {
        const PythonParse cpython = parseWithCPython(text);
        if (cpython.error) {
            bool known = false;
            for (const Diagnostic &d : diags)
                known = known || (d.severity == Severity::Error && d.line == cpython.error->line);
            if (!known) {
                auto at = std::find_if(diags.begin(), diags.end(), [&](const Diagnostic &d) {
                    return d.line > cpython.error->line;
                });
                diags.insert(at, *cpython.error);
            }
        }
    }
    int errors = 0, warnings = 0;
    for (const Diagnostic &d : diags) {
        errors += d.severity == Severity::Error;
        warnings += d.severity == Severity::Warning;
    }
    const QString shown = path == QLatin1String("-") ? QStringLiteral("<stdin>") : path;
    if (parser.isSet(jsonOpt)) {
        QJsonArray list;
        for (const Diagnostic &d : diags) {
            QJsonObject o;
            o.insert(QStringLiteral("severity"), severityName(d.severity));
            o.insert(QStringLiteral("line"), d.line);
            o.insert(QStringLiteral("column"), d.column);
            o.insert(QStringLiteral("message"), d.message);
            list.append(o);
        }
        QJsonObject o;
        o.insert(QStringLiteral("file"), shown);
        o.insert(QStringLiteral("kind"), configKindName(*kind));
        o.insert(QStringLiteral("diagnostics"), list);
        o.insert(QStringLiteral("errors"), errors);
        o.insert(QStringLiteral("warnings"), warnings);
        out() << QJsonDocument(o).toJson(QJsonDocument::Indented);
    } else {
        for (const Diagnostic &d : diags) {
            // FILE:LINE: is what editors and CI annotators jump to; line 0 is the whole file.
            out() << shown << ':';
            if (d.line > 0)
                out() << d.line << ':';
            out() << ' ' << severityName(d.severity) << ": " << d.message << '\n';
        }
        if (diags.isEmpty())
            err() << Tr::tr("%1: no problems found (%2)").arg(shown, configKindName(*kind)) << '\n';
        else
            err() << QCoreApplication::translate("shmwise::Cli", "%1, %2",
                                                 "the two halves of one summary line")
                         .arg(QCoreApplication::translate("shmwise::Cli", "%1: %n error(s)",
                                                          nullptr, errors)
                                  .arg(shown),
                              QCoreApplication::translate("shmwise::Cli", "%n warning(s)", nullptr,
                                                          warnings))
                  << '\n';
    }
    return errors ? ExitJudged : ExitOk;
}

} // namespace shmwise
