// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

namespace shmwise {

// `shmwise generate --profile FILE [--out DIR] [--only ID,...] [--force] [--json]`: 0 done,
// 2 usage, an invalid profile, or a file that could not be written or would be overwritten.
int runGenerate(const QStringList &args);

} // namespace shmwise
