// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <optional>

namespace shmwise::validators {

// An image reference as github.com/distribution/reference's ParseNormalizedNamed reads it
// (the grammar `docker run` applies): nullopt when valid, else what is wrong.
std::optional<QString> checkImageReference(const QString &ref);

} // namespace shmwise::validators
