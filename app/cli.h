// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

namespace shmwise {

// Runs a command line (arguments[0] is the program) and returns the exit code.
// Needs a QCoreApplication.
int runCli(const QStringList &arguments);

QString versionText();

} // namespace shmwise
