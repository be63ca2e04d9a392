// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/yamlscalar.h"

#include <QCoreApplication>

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

QString yamlEncodingProblem(const QByteArray &bytes)
{
    struct Mark
    {
        const char *bytes;
        int size;
        const char *name;
    };
    // UTF-32 first: its little-endian mark starts with UTF-16's.
    static const Mark marks[] = {{"\xff\xfe\x00\x00", 4, "UTF-32LE"},
                                 {"\x00\x00\xfe\xff", 4, "UTF-32BE"},
                                 {"\xff\xfe", 2, "UTF-16LE"},
                                 {"\xfe\xff", 2, "UTF-16BE"}};
    for (const Mark &m : marks) {
        if (!bytes.startsWith(QByteArrayView(m.bytes, m.size)))
            continue;
        const QByteArray rest = bytes.mid(m.size);
        const bool restIsUtf8 =
            !rest.isEmpty() && !rest.contains('\0') && QString::fromUtf8(rest).toUtf8() == rest;
        if (restIsUtf8)
            return QCoreApplication::translate(
                       "shmwise::Profile",
                       "the file starts with a %1 byte-order mark, but the text after it is "
                       "UTF-8: YAML readers take it for %1 and read noise. Remove the first %2 "
                       "bytes (or save it as UTF-8 without a mark)")
                .arg(QLatin1String(m.name))
                .arg(m.size);
        return QCoreApplication::translate("shmwise::Profile",
                                           "the file is %1 text (it starts with that byte-order "
                                           "mark); save it as UTF-8")
            .arg(QLatin1String(m.name));
    }
    return {};
}

} // namespace shmwise
