// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cliutil.h"
#include "app/commands.h"

#include "core/exitcodes.h"
#include "probes/diagnosis.h"
#include "probes/findings.h"
#include "probes/prober.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

#include <climits>

namespace shmwise {

namespace {

using namespace cli;

} // namespace

int runDiagnose(const QStringList &args)
{
    QCommandLineParser parser;
    const QCommandLineOption jsonOpt(QStringLiteral("json"),
                                     Tr::tr("Print one JSON object on stdout."));
    parser.addOption(jsonOpt);
    const cli::TargetOptions targetOpts = cli::addTargetOptions(
        parser,
        Tr::tr("Also probe this host (local, ssh://..., docker://..., k8s://...) and use its "
               "facts."));
    parser.addPositionalArgument(QStringLiteral("FILE"),
                                 Tr::tr("The log to read; '-' or nothing reads standard input."));
    const int parsed = cli::parseCommand(
        parser, args, QStringLiteral("diagnose [FILE|-] [--target T] [--json]"),
        Tr::tr("Reads error output (a traceback, a job log, dmesg) and says which shared-memory, "
               "open-file or memory failure it shows, and what to do."));
    if (parsed >= 0)
        return parsed;
    const QStringList pos = parser.positionalArguments();
    if (pos.size() > 1) {
        printError(QStringLiteral("diagnose"),
                   Tr::tr("one log at a time (got %1 arguments)").arg(pos.size()));
        return ExitUsage;
    }
    const QString path = pos.isEmpty() ? QStringLiteral("-") : pos.constFirst();
    QString targetText;
    ProbeOptions options;
    if (!cli::readTargetOptions(parser, targetOpts, QStringLiteral("diagnose"), &targetText,
                                &options))
        return ExitUsage;

    QFile f;
    bool opened = false;
    if (path == QLatin1String("-")) {
        opened = f.open(stdin, QIODevice::ReadOnly | QIODevice::Unbuffered);
    } else {
        f.setFileName(path);
        opened = f.open(QIODevice::ReadOnly | QIODevice::Unbuffered);
    }
    if (!opened) {
        printError(QStringLiteral("diagnose"),
                   Tr::tr("cannot read %1: %2").arg(path, f.errorString()));
        return ExitUsage;
    }

    std::optional<ProbeResult> probed;
    if (!targetText.isEmpty()) {
        probed = probeBlocking(targetText, options);
        if (!probed->ok()) {
            printError(QStringLiteral("diagnose"), Tr::tr("%1").arg(probed->error));
            return ExitUsage;
        }
    }
    const HostFacts *facts = probed ? &probed->facts : nullptr;
    LogDiagnoser diagnoser(facts);
    if (!feedDevice(diagnoser, f)) {
        printError(QStringLiteral("diagnose"), Tr::tr("cannot read %1 after %2 bytes: %3")
                                                   .arg(path)
                                                   .arg(diagnoser.bytesRead())
                                                   .arg(f.errorString()));
        return ExitUsage;
    }
    const QVector<Finding> findings = diagnoser.finish();
    const QVector<Finding> hostFindings = facts ? findingsForHost(*facts) : QVector<Finding>();

    if (parser.isSet(jsonOpt)) {
        QJsonObject o{{QStringLiteral("log"), path},
                      {QStringLiteral("bytes"), diagnoser.bytesRead()},
                      {QStringLiteral("lines"), diagnoser.lineCount()},
                      {QStringLiteral("encoding"), diagnoser.encoding()},
                      {QStringLiteral("findings"), findingsToJson(findings)}};
        if (probed) {
            o.insert(QStringLiteral("target"), probed->targetText);
            o.insert(QStringLiteral("host"), hostFactsToJson(probed->facts));
            o.insert(QStringLiteral("host_findings"), findingsToJson(hostFindings));
        }
        out() << QJsonDocument(o).toJson(QJsonDocument::Indented);
        return ExitOk;
    }
    QTextStream &o = out();
    if (findings.isEmpty())
        o << Tr::tr("No known shared-memory, open-file or memory failure in %1.")
                 .arg(path == QLatin1String("-") ? Tr::tr("the input") : path)
          << '\n';
    for (const Finding &x : findings) {
        if (x.possible())
            o << Tr::tr("possible:") << ' ';
        else if (x.certainty == Certainty::Likely)
            o << Tr::tr("likely:") << ' ';
        o << findingSeverityName(x.severity) << ' ' << x.id << ": " << x.title << '\n';
        o << "  " << Tr::tr("line %1: %2").arg(x.line).arg(x.evidence) << '\n';
        if (x.occurrences > 1)
            o << "  "
              << (x.occurrences == 2 ? Tr::tr("(and 1 more line like it)")
                                     : Tr::tr("(and %1 more lines like it)").arg(x.occurrences - 1))
              << '\n';
        if (!x.certaintyWhy.isEmpty())
            o << "  " << Tr::tr("How sure: %1. %2").arg(certaintyTitle(x.certainty), x.certaintyWhy)
              << '\n';
        o << "  " << Tr::tr("Fix: %1").arg(x.fix) << '\n';
    }
    // Everything was read: say how much, so a short count shows a truncated input.
    o << Tr::tr("%1, %2", "the two halves of one summary line")
             .arg(Tr::tr("Read %n line(s)", nullptr,
                         int(qMin<qint64>(diagnoser.lineCount(), INT_MAX))),
                  Tr::tr("%1 bytes (%2).").arg(diagnoser.bytesRead()).arg(diagnoser.encoding()))
      << '\n';
    if (probed) {
        o << '\n' << Tr::tr("On %1:").arg(probed->targetText) << '\n';
        if (hostFindings.isEmpty())
            o << "  " << Tr::tr("no host findings") << '\n';
        for (const Finding &x : hostFindings) {
            o << "  " << findingSeverityName(x.severity) << ' ' << x.id << ": " << x.evidence
              << '\n';
            o << "    " << Tr::tr("Fix: %1").arg(x.fix) << '\n';
        }
    }
    return ExitOk;
}

} // namespace shmwise
