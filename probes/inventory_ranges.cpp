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

bool expandPattern(const QString &pattern, QStringList *names, int *port, QString *why)
{
    QString p = pattern;
    *port = 0;
    static const QRegularExpression v6(QStringLiteral("^\\[([0-9A-Fa-f:.]+)\\](?::(\\d+))?$"));
    const QRegularExpressionMatch m6 = v6.match(p);
    if (m6.hasMatch()) {
        *names = {m6.captured(1)};
        if (m6.hasCaptured(2) && !m6.captured(2).isEmpty())
            *port = m6.captured(2).toInt();
        return true;
    }
    // A trailing :port outside any brackets.
    static const QRegularExpression withPort(
        QStringLiteral("^([^:]*(?:\\[[^\\]]*\\][^:]*)*):(\\d+)$"));
    const QRegularExpressionMatch mp = withPort.match(p);
    if (mp.hasMatch() && !p.startsWith(QLatin1Char('['))) {
        p = mp.captured(1);
        *port = mp.captured(2).toInt();
    }
    const int open = p.indexOf(QLatin1Char('['));
    if (open < 0) {
        *names = {p};
        return true;
    }
    const int close = p.indexOf(QLatin1Char(']'), open);
    if (close < 0) {
        *why = Tr::tr("unclosed '[' in host pattern '%1'").arg(pattern);
        return false;
    }
    const QStringList parts = p.mid(open + 1, close - open - 1).split(QLatin1Char(':'));
    if (parts.size() < 2 || parts.size() > 3) {
        *why = Tr::tr("host range '%1' is not [begin:end] or [begin:end:step]").arg(pattern);
        return false;
    }
    const QString head = p.left(open);
    QStringList tails;
    int tailPort = 0;
    if (!expandPattern(p.mid(close + 1), &tails, &tailPort, why))
        return false;
    int step = 1;
    if (parts.size() == 3) {
        bool ok = false;
        step = parts[2].toInt(&ok);
        if (!ok || step < 1) {
            *why = Tr::tr("host range '%1' has a bad step").arg(pattern);
            return false;
        }
    }
    QStringList items;
    const QString beg = parts[0].isEmpty() ? QStringLiteral("0") : parts[0];
    const QString end = parts[1];
    bool okB = false, okE = false;
    const int b = beg.toInt(&okB);
    const int e = end.toInt(&okE);
    if (okB && okE) {
        if (b > e || e - b > 100000) {
            *why = Tr::tr("host range '%1' is empty or too large").arg(pattern);
            return false;
        }
        // Leading zeros pad every number to the width of the end.
        const int width = beg.size() > 1 && beg.startsWith(QLatin1Char('0')) ? int(end.size()) : 0;
        for (int i = b; i <= e; i += step)
            items << QStringLiteral("%1").arg(i, width, 10, QLatin1Char('0'));
    } else if (beg.size() == 1 && end.size() == 1 && beg[0].isLetter() && end[0].isLetter() &&
               beg[0] <= end[0]) {
        for (ushort c = beg[0].unicode(); c <= end[0].unicode(); c += ushort(step))
            items << QString(QChar(c));
    } else {
        *why = Tr::tr("host range '%1' is neither numeric nor single letters").arg(pattern);
        return false;
    }
    names->clear();
    for (const QString &i : std::as_const(items))
        for (const QString &t : std::as_const(tails))
            *names << head + i + t;
    return true;
}

} // namespace shmwise::inventory
