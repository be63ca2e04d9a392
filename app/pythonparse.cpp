// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/pythonparse.h"

#include <QCoreApplication>
#include <QProcess>
#include <QStandardPaths>

namespace shmwise {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::Cli)
};

// Prints the version, then "ok" or "LINE<TAB>COLUMN<TAB>MESSAGE" for the first syntax error.
const char kParse[] = R"PY(
import ast, sys
print("%d.%d.%d" % sys.version_info[:3])
try:
    ast.parse(sys.stdin.buffer.read(), "<file>")
except SyntaxError as e:
    print("%d\t%d\t%s" % (e.lineno or 0, e.offset or 0, e.msg))
except ValueError as e:
    print("0\t0\t%s" % e)
else:
    print("ok")
)PY";

} // namespace

PythonParse parseWithCPython(const QString &text)
{
    PythonParse r;
    const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
    if (python.isEmpty())
        return r;
    QProcess p;
    p.setProgram(python);
    // -I: no user site, no PYTHON* variables, no current directory on sys.path.
    p.setArguments({QStringLiteral("-I"), QStringLiteral("-c"), QString::fromLatin1(kParse)});
    p.setProcessChannelMode(QProcess::SeparateChannels);
    p.start();
    if (!p.waitForStarted(5000))
        return r;
    p.write(text.toUtf8());
    p.closeWriteChannel();
    if (!p.waitForFinished(15000)) {
        p.kill();
        p.waitForFinished(1000);
        return r;
    }
    const QStringList lines =
        QString::fromUtf8(p.readAllStandardOutput()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    if (p.exitCode() != 0 || lines.size() < 2)
        return r;
    r.ran = true;
    r.version = lines.at(0).trimmed();
    if (lines.at(1).trimmed() == QLatin1String("ok"))
        return r;
    const QStringList parts = lines.at(1).split(QLatin1Char('\t'));
    if (parts.size() < 3)
        return r;
    Diagnostic d;
    d.severity = Severity::Error;
    d.line = parts.at(0).toInt();
    d.column = parts.at(1).toInt();
    d.message = Tr::tr("Python's own parser (CPython %1) refuses the file: %2")
                    .arg(r.version, parts.mid(2).join(QLatin1Char('\t')));
    r.error = d;
    return r;
}

} // namespace shmwise
