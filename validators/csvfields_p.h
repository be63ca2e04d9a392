// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

#include <optional>

namespace shmwise::validators {

// One record as Go's encoding/csv reads it (the Docker CLI reads --gpus so): fields split at
// commas, a field in double quotes may hold commas and "" for a quote. nullopt on a quote out
// of place.
std::optional<QStringList> csvFields(const QString &v);

} // namespace shmwise::validators
