// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

namespace shmwise {

// `shmwise validate FILE [--kind KIND] [--json]`: 0 no error, 1 errors found, 2 usage/unreadable.
int runValidate(const QStringList &args);

} // namespace shmwise
