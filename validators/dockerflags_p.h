// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <optional>

namespace shmwise::validators {

// The value check the Docker CLI makes while parsing an option (pflag's Set and the checks in
// `docker run`'s parse step, before it talks to the daemon), given the option's long name and
// the value. nullopt: accepted; otherwise the reason, in words close to the CLI's.
using RunFlagCheck = std::optional<QString> (*)(const QString &longName, const QString &value);

// `docker run`'s options as the Docker CLI (28.x, cobra/pflag) defines them, hidden ones
// included, plus the options only Podman has.
struct RunFlag
{
    const char *name; // long name, without --
    char shortName;   // 0 when none
    bool takesValue;  // false: a boolean (--rm, --rm=true)
    bool podmanOnly;
    RunFlagCheck check; // nullptr: the CLI takes any value
};
const RunFlag *findRunFlag(const QString &longName, bool podman);
const RunFlag *findRunShortFlag(QChar c);
// The known long option closest to a misspelt one (edit distance at most 2), or empty.
QString closestRunFlag(const QString &longName, bool podman);

// The check of the option's row (Docker's and Podman's alike); nullopt for an unknown option.
std::optional<QString> checkRunFlagValue(const QString &longName, const QString &value);

} // namespace shmwise::validators
