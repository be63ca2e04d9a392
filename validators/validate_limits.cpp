// SPDX-License-Identifier: GPL-3.0-or-later
#include "validators.h"

#include <QHash>
#include <QRegularExpression>

namespace shmwise::validators {

namespace {

// The items pam_limits knows (limits.conf(5)); it ignores a line with any other item.
const char *const kItems[] = {"core",       "data",         "fsize",      "memlock",  "nofile",
                              "rss",        "stack",        "cpu",        "nproc",    "as",
                              "maxlogins",  "maxsyslogins", "nonewprivs", "priority", "locks",
                              "sigpending", "msgqueue",     "nice",       "rtprio",   "chroot"};

// The default fs.nr_open: no process may have a nofile limit above it unless it is raised.
constexpr quint64 kNrOpenDefault = 1048576;

struct Seen
{
    std::optional<quint64> soft; // nullopt: unlimited
    std::optional<quint64> hard;
    bool hasSoft = false;
    bool hasHard = false;
    int softLine = 0;
    int hardLine = 0;
};

} // namespace

void validateLimits(const QString &text, Sink &sink)
{
    static const QRegularExpression number(QStringLiteral("^-?[0-9]+$"));
    QHash<QString, Seen> seen; // domain + item
    const QVector<QStringView> lines = splitLines(text);
    for (int i = 0; i < lines.size(); ++i) {
        const int lineNo = i + 1;
        QStringView line = lines[i];
        const qsizetype hash = line.indexOf(QLatin1Char('#'));
        if (hash >= 0)
            line = line.left(hash);
        QVector<QStringView> f;
        QVector<int> col;
        qsizetype c = 0;
        while (c < line.size()) {
            while (c < line.size() && line[c].isSpace())
                ++c;
            if (c >= line.size())
                break;
            const qsizetype start = c;
            while (c < line.size() && !line[c].isSpace())
                ++c;
            f.append(line.mid(start, c - start));
            col.append(int(start + 1));
        }
        if (f.isEmpty())
            continue;
        if (f.size() != 4) {
            sink.error(lineNo, 1,
                       Tr::tr("a limits line has 4 fields: <domain> <type> <item> <value>, such as "
                              "'* soft nofile 65536'"));
            continue;
        }
        const QStringView type = f[1];
        if (type != QLatin1String("soft") && type != QLatin1String("hard") &&
            type != QLatin1String("-")) {
            sink.error(lineNo, col[1],
                       Tr::tr("the type is soft, hard or - (both), not '%1'").arg(type.toString()));
            continue;
        }
        const QString item = f[2].toString();
        bool itemKnown = false;
        for (const char *k : kItems)
            itemKnown = itemKnown || item == QLatin1String(k);
        if (!itemKnown) {
            sink.error(lineNo, col[2],
                       Tr::tr("unknown item '%1'; pam_limits ignores the line (nofile is the open "
                              "files limit)")
                           .arg(item));
            continue;
        }
        const QString value = f[3].toString().toLower();
        const bool unlimited = value == QLatin1String("unlimited") ||
                               value == QLatin1String("infinity") || value == QLatin1String("-1");
        std::optional<quint64> v;
        if (!unlimited) {
            bool ok = number.match(value).hasMatch() && !value.startsWith(QLatin1Char('-'));
            const quint64 n = ok ? value.toULongLong(&ok) : 0;
            if (!ok) {
                sink.error(lineNo, col[3],
                           Tr::tr("the value must be a whole number or 'unlimited', not '%1'")
                               .arg(f[3].toString()));
                continue;
            }
            v = n;
        }
        if (item == QLatin1String("nofile")) {
            if (unlimited) {
                sink.error(
                    lineNo, col[3],
                    Tr::tr("nofile cannot be unlimited: the kernel caps open files at "
                           "fs.nr_open and the login fails; write a number such as 1048576"));
                continue;
            }
            if (*v > kNrOpenDefault)
                sink.warning(lineNo, col[3],
                             Tr::tr("nofile %1 is above the default fs.nr_open (1048576); raise "
                                    "fs.nr_open in sysctl.d too, or the limit cannot be set")
                                 .arg(*v));
            else if (*v < 1024)
                sink.warning(
                    lineNo, col[3],
                    Tr::tr("nofile %1 is very low; a DataLoader with workers can fail with "
                           "'Too many open files' (use 65536 or more)")
                        .arg(*v));
        }
        Seen &s = seen[f[0].toString() + QLatin1Char(' ') + item];
        if (type != QLatin1String("hard")) {
            s.soft = v;
            s.hasSoft = true;
            s.softLine = lineNo;
        }
        if (type != QLatin1String("soft")) {
            s.hard = v;
            s.hasHard = true;
            s.hardLine = lineNo;
        }
        if (s.hasSoft && s.hasHard) {
            const bool softBigger = s.hard && (!s.soft || *s.soft > *s.hard);
            if (softBigger)
                sink.error(lineNo, col[3],
                           Tr::tr("the soft limit for %1 (line %2) is above the hard limit (line "
                                  "%3); the soft limit must not exceed the hard one")
                               .arg(item)
                               .arg(s.softLine)
                               .arg(s.hardLine));
        }
    }
}

} // namespace shmwise::validators
