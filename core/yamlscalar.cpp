// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/yamlscalar.h"

#include <QRegularExpression>

namespace shmwise {

namespace {

// Whole-string patterns: anchoredPattern() matches the entire subject, unlike ^...$, whose $
// also matches before a final newline.
QRegularExpression whole(const char *pattern)
{
    return QRegularExpression(QRegularExpression::anchoredPattern(QLatin1String(pattern)));
}

} // namespace

bool yamlPlainIsOtherType(const QString &s)
{
    static const QRegularExpression patterns[] = {
        // Booleans: YAML 1.1 (yes/no/on/off/y/n) and 1.2 (true/false), in the cases resolved.
        whole("y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|"
              "OFF"),
        // Null.
        whole("~|null|Null|NULL|"),
        // Integers: 1.2 decimal, 0o octal, 0x hex; 1.1 with '_' separators, 0b binary, 0-led
        // octal and sexagesimal (12:30).
        whole("[-+]?[0-9][0-9_]*"),
        whole("[-+]?0b[01_]+"),
        whole("[-+]?0o[0-7_]+"),
        whole("[-+]?0x[0-9a-fA-F_]+"),
        whole("[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\\.[0-9_]*)?"),
        // Floats: 1.1 and 1.2 forms, exponents with or without a dot, infinities and NaN.
        whole("[-+]?(?:[0-9][0-9_]*)?\\.[0-9_]*(?:[eE][-+]?[0-9]+)?"),
        whole("[-+]?[0-9][0-9_]*(?:\\.[0-9_]*)?[eE][-+]?[0-9]+"),
        whole("[-+]?\\.(?:inf|Inf|INF)"),
        whole("\\.(?:nan|NaN|NAN)"),
        // YAML 1.1 timestamps (2024-01-01, 2024-1-1T10:00:00Z, ...).
        whole("[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:(?:[Tt]|[ \\t]+)[0-9].*)?"),
        // YAML 1.1 merge and value keys.
        whole("<<|="),
    };
    for (const QRegularExpression &re : patterns) {
        if (re.match(s).hasMatch())
            return true;
    }
    return false;
}

bool yamlPlainIsSafe(const QString &s)
{
    static const QRegularExpression plain = whole("[A-Za-z/][A-Za-z0-9_./:@-]*");
    return plain.match(s).hasMatch() && !s.endsWith(QLatin1Char(':')) && !yamlPlainIsOtherType(s);
}

} // namespace shmwise
