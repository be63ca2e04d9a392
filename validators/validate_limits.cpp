// SPDX-License-Identifier: GPL-3.0-or-later
#include "validators/validate_common_p.h"

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
        // pam_limits (Linux-PAM 1.5) reads the first four fields and ignores the rest; fewer
        // than four is an "invalid line", skipped.
        if (f.size() < 4) {
            sink.error(lineNo, 1,
                       Tr::tr("a limits line has 4 fields: <domain> <type> <item> <value>, such as "
                              "'* soft nofile 65536'; pam_limits skips this line"));
            continue;
        }
        if (f.size() > 4)
            sink.warning(lineNo, col[4],
                         Tr::tr("pam_limits reads 4 fields and ignores the rest ('%1' has no "
                                "effect)")
                             .arg(f[4].toString()));
        // It compares type and item in lower case.
        const QString type = f[1].toString().toLower();
        if (type != QLatin1String("soft") && type != QLatin1String("hard") &&
            type != QLatin1String("-")) {
            sink.error(lineNo, col[1],
                       Tr::tr("the type is soft, hard or - (both), not '%1'; pam_limits skips the "
                              "line")
                           .arg(f[1].toString()));
            continue;
        }
        const QString item = f[2].toString().toLower();
        bool itemKnown = false;
        for (const char *k : kItems)
            itemKnown = itemKnown || item == QLatin1String(k);
        if (!itemKnown) {
            sink.error(lineNo, col[2],
                       Tr::tr("unknown item '%1'; pam_limits ignores the line (nofile is the open "
                              "files limit)")
                           .arg(f[2].toString()));
            continue;
        }
        const QString value = f[3].toString().toLower();
        const bool unlimited = value == QLatin1String("unlimited") ||
                               value == QLatin1String("infinity") || value == QLatin1String("-1");
        std::optional<quint64> v;
        if (!unlimited) {
            // strtoul: the leading digits count, the rest is ignored; no digits at all is a
            // "wrong limit value" and the line is skipped.
            qsizetype digits = 0;
            while (digits < value.size() && value.at(digits).isDigit())
                ++digits;
            if (digits == 0) {
                sink.error(lineNo, col[3],
                           Tr::tr("the value must be a whole number or 'unlimited', not '%1'; "
                                  "pam_limits skips the line")
                               .arg(f[3].toString()));
                continue;
            }
            v = value.left(digits).toULongLong();
            if (digits < value.size())
                sink.warning(
                    lineNo, col[3],
                    Tr::tr("pam_limits reads only the leading digits: '%1' sets %2%3, "
                           "not what the suffix suggests; write the whole number")
                        .arg(f[3].toString())
                        .arg(*v)
                        .arg(item == QLatin1String("nofile") || item == QLatin1String("nproc")
                                 ? QString()
                                 : Tr::tr(" (KiB for memory items)")));
        }
        if (item == QLatin1String("nofile")) {
            if (unlimited) {
                sink.warning(
                    lineNo, col[3],
                    Tr::tr("nofile '%1': Linux-PAM 1.5 (Debian 12) and later set fs.nr_open "
                           "instead (1048576 by default); older versions fail to set it; write "
                           "a number such as 1048576")
                        .arg(f[3].toString()));
                continue;
            }
            if (*v > kNrOpenDefault)
                sink.error(lineNo, col[3],
                           Tr::tr("nofile %1 is above fs.nr_open (1048576 by default): setrlimit "
                                  "fails and the limit is not set; raise fs.nr_open in sysctl.d "
                                  "first, or use 1048576")
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
                sink.warning(lineNo, col[3],
                             Tr::tr("the soft limit for %1 (line %2) is above the hard limit (line "
                                    "%3); pam_limits lowers the soft limit to the hard one")
                                 .arg(item)
                                 .arg(s.softLine)
                                 .arg(s.hardLine));
        }
    }
}

} // namespace shmwise::validators
