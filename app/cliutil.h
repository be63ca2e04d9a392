// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCommandLineParser>
#include <QString>
#include <QStringList>
#include <QTextStream>

namespace shmwise::cli {

// stdout and stderr. With --json, only the JSON object goes to out(); people's text to err().
QTextStream &out();
QTextStream &err();

// Parses a command's options, printing the help or the error itself. Returns -1 to go on, or
// the exit code to return. `usage` is what follows "shmwise " in the usage line.
int parseCommand(QCommandLineParser &parser, const QStringList &args, const QString &usage,
                 const QString &description);

} // namespace shmwise::cli
