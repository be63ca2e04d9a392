// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <optional>

namespace shmwise::validators {

// `docker run`'s options as the Docker CLI (28.x, cobra/pflag) defines them, hidden ones
// included, plus the options only Podman has.
struct RunFlag
{
    const char *name; // long name, without --
    char shortName;   // 0 when none
    bool takesValue;  // false: a boolean (--rm, --rm=true)
    bool podmanOnly;
};
const RunFlag *findRunFlag(const QString &longName, bool podman);
const RunFlag *findRunShortFlag(QChar c);
// The known long option closest to a misspelt one (edit distance at most 2), or empty.
QString closestRunFlag(const QString &longName, bool podman);

// The value check the Docker CLI makes while parsing an option (pflag's Set and the checks in
// `docker run`'s parse step, before it talks to the daemon). nullopt: accepted; otherwise the
// reason, in words close to the CLI's.
std::optional<QString> checkRunFlagValue(const QString &longName, const QString &value);

// An image reference as github.com/distribution/reference's ParseNormalizedNamed reads it
// (the grammar `docker run` applies): nullopt when valid, else what is wrong.
std::optional<QString> checkImageReference(const QString &ref);

} // namespace shmwise::validators
