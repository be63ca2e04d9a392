// SPDX-License-Identifier: GPL-3.0-or-later
// Host patterns of inventories: host:port, [v6]:port, and ranges such as web[01:20] or db-[a:c].
#include "probes/inventory_p.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace shmwise::inventory {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::Inventory)
};

} // namespace

namespace {

// The items of one range, the text between '[' and ']': begin:end or begin:end:step, numbers
// (leading zeros pad to the end's width) or single letters.
bool expandRange(const QString &range, const QString &pattern, QStringList *items, QString *why)
{
    const QStringList parts = range.split(QLatin1Char(':'));
    if (parts.size() < 2 || parts.size() > 3) {
        *why = Tr::tr("host range '%1' is not [begin:end] or [begin:end:step]").arg(pattern);
        return false;
    }
    int step = 1;
    if (parts.size() == 3) {
        bool ok = false;
        step = parts[2].toInt(&ok);
        if (!ok || step < 1) {
            *why = Tr::tr("host range '%1' has a bad step").arg(pattern);
            return false;
        }
    }
    const QString beg = parts[0].isEmpty() ? QStringLiteral("0") : parts[0];
    const QString end = parts[1];
    bool okB = false, okE = false;
    const int b = beg.toInt(&okB);
    const int e = end.toInt(&okE);
    if (okB && okE) {
        if (b > e || e - b > MaxPatternHosts) {
            *why = Tr::tr("host range '%1' is empty or too large").arg(pattern);
            return false;
        }
        const int width = beg.size() > 1 && beg.startsWith(QLatin1Char('0')) ? int(end.size()) : 0;
        for (qint64 i = b; i <= e; i += step)
            *items << QStringLiteral("%1").arg(i, width, 10, QLatin1Char('0'));
    } else if (beg.size() == 1 && end.size() == 1 && beg[0].isLetter() && end[0].isLetter() &&
               beg[0] <= end[0]) {
        for (int c = beg[0].unicode(); c <= end[0].unicode(); c += step)
            *items << QString(QChar(char16_t(c)));
    } else {
        *why = Tr::tr("host range '%1' is neither numeric nor single letters").arg(pattern);
        return false;
    }
    return true;
}

} // namespace

bool expandPattern(const QString &pattern, QStringList *names, int *port, QString *why)
{
    QString p = pattern;
    *port = 0;
    static const QRegularExpression v6(QStringLiteral("^\\[([0-9A-Fa-f:.]+)\\](?::(\\d+))?$"));
    const QRegularExpressionMatch m6 = v6.match(p);
    // A port written after the host must be one: Ansible would pass 0 or 99999999999 on to ssh.
    auto readPort = [&](const QString &text) {
        bool ok = false;
        const int n = text.toInt(&ok);
        if (!ok || n < 1 || n > 65535) {
            *why = Tr::tr("host pattern '%1': port '%2' is not a port number (1-65535)")
                       .arg(pattern, text);
            return false;
        }
        *port = n;
        return true;
    };
    if (m6.hasMatch()) {
        *names = {m6.captured(1)};
        if (m6.hasCaptured(2) && !m6.captured(2).isEmpty())
            return readPort(m6.captured(2));
        return true;
    }
    // A trailing :port outside any brackets.
    static const QRegularExpression withPort(
        QStringLiteral("^([^:]*(?:\\[[^\\]]*\\][^:]*)*):(\\d+)$"));
    const QRegularExpressionMatch mp = withPort.match(p);
    if (mp.hasMatch() && !p.startsWith(QLatin1Char('['))) {
        p = mp.captured(1);
        if (!readPort(mp.captured(2)))
            return false;
    }
    // Left to right, without recursion: each range multiplies the names, so both the number of
    // ranges and the product are bounded before anything is built.
    QVector<QStringList> segments;
    qint64 total = 1;
    int ranges = 0;
    qsizetype pos = 0;
    for (;;) {
        const qsizetype open = p.indexOf(QLatin1Char('['), pos);
        if (open < 0) {
            segments.append({p.mid(pos)});
            break;
        }
        const qsizetype close = p.indexOf(QLatin1Char(']'), open);
        if (close < 0) {
            *why = Tr::tr("unclosed '[' in host pattern '%1'").arg(pattern);
            return false;
        }
        if (++ranges > MaxPatternRanges) {
            *why =
                Tr::tr("host pattern '%1' has more than %2 ranges")
                    .arg(pattern.left(80) + (pattern.size() > 80 ? QStringLiteral("…") : QString()))
                    .arg(MaxPatternRanges);
            return false;
        }
        segments.append({p.mid(pos, open - pos)});
        QStringList items;
        if (!expandRange(p.mid(open + 1, close - open - 1), pattern, &items, why))
            return false;
        total *= items.size();
        if (total > MaxPatternHosts) {
            *why = Tr::tr("host pattern '%1' expands to more than %2 hosts")
                       .arg(pattern)
                       .arg(MaxPatternHosts);
            return false;
        }
        segments.append(items);
        pos = close + 1;
    }
    QStringList out{QString()};
    for (const QStringList &seg : std::as_const(segments)) {
        if (seg.size() == 1) {
            for (QString &o : out)
                o += seg.constFirst();
            continue;
        }
        QStringList next;
        next.reserve(out.size() * seg.size());
        for (const QString &o : std::as_const(out))
            for (const QString &i : seg)
                next << o + i;
        out = std::move(next);
    }
    *names = std::move(out);
    return true;
}

} // namespace shmwise::inventory
