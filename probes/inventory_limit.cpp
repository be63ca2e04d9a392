// SPDX-License-Identifier: GPL-3.0-or-later
// --limit: Ansible's host patterns over a resolved inventory, selected the way
// ansible.inventory.manager selects them.
#include "probes/inventory.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <functional>
#include <optional>
#include <vector>

namespace shmwise {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::Inventory)
};

// Where a pattern holds a bracket expression `[...]`: its end (the index of ']'), or -1 when
// it has none (the '[' is then an ordinary character, as in fnmatch).
qsizetype classEnd(const QString &p, qsizetype open)
{
    qsizetype i = open + 1;
    if (i < p.size() && p[i] == QLatin1Char('!'))
        ++i;
    if (i < p.size() && p[i] == QLatin1Char(']'))
        ++i; // a ']' first is a member
    while (i < p.size() && p[i] != QLatin1Char(']'))
        ++i;
    return i < p.size() ? i : -1;
}

bool classMatches(const QString &p, qsizetype open, qsizetype close, QChar c)
{
    qsizetype i = open + 1;
    bool negate = false;
    if (p[i] == QLatin1Char('!')) {
        negate = true;
        ++i;
    }
    bool in = false;
    for (; i < close; ++i) {
        if (i + 2 < close && p[i + 1] == QLatin1Char('-')) {
            if (c >= p[i] && c <= p[i + 2])
                in = true;
            i += 2;
        } else if (p[i] == c) {
            in = true;
        }
    }
    return in != negate;
}

} // namespace

bool globMatch(const QString &pattern, const QString &text)
{
    // fnmatch's *, ? and [seq], whole text, case as written. One backtrack point (the last
    // '*'), so the cost is at most the product of the two lengths whatever the pattern holds.
    qsizetype p = 0, t = 0, starP = -1, starT = 0;
    while (t < text.size()) {
        if (p < pattern.size()) {
            const QChar pc = pattern[p];
            if (pc == QLatin1Char('*')) {
                while (p < pattern.size() && pattern[p] == QLatin1Char('*'))
                    ++p;
                if (p == pattern.size())
                    return true;
                starP = p;
                starT = t;
                continue;
            }
            if (pc == QLatin1Char('?')) {
                ++p;
                ++t;
                continue;
            }
            if (pc == QLatin1Char('[')) {
                const qsizetype close = classEnd(pattern, p);
                if (close >= 0) {
                    if (classMatches(pattern, p, close, text[t])) {
                        p = close + 1;
                        ++t;
                        continue;
                    }
                } else if (text[t] == pc) {
                    ++p;
                    ++t;
                    continue;
                }
            } else if (text[t] == pc) {
                ++p;
                ++t;
                continue;
            }
        }
        if (starP < 0)
            return false;
        p = starP;
        t = ++starT;
    }
    while (p < pattern.size() && pattern[p] == QLatin1Char('*'))
        ++p;
    return p == pattern.size();
}

QStringList splitLimit(const QString &limit)
{
    // ansible.inventory.manager.split_host_pattern: on ',' where there is one; else on ':'
    // outside brackets (so web[1:3] and an IPv6 address stay whole).
    const QString l = limit.trimmed();
    QStringList parts;
    if (l.contains(QLatin1Char(','))) {
        parts = l.split(QLatin1Char(','));
    } else {
        // An IPv6 address is one pattern: hex digits with "::" or eight groups. db1:db2:db3 is
        // three patterns, as Ansible splits it.
        static const QRegularExpression v6(QStringLiteral("^[0-9A-Fa-f:.]+$"));
        if (v6.match(l).hasMatch() &&
            (l.contains(QLatin1String("::")) || l.count(QLatin1Char(':')) == 7))
            return {l};
        static const QRegularExpression word(QStringLiteral("(?:[^\\s:\\[\\]]|\\[[^\\]]*\\])+"));
        for (auto it = word.globalMatch(l); it.hasNext();)
            parts << it.next().captured(0);
    }
    QStringList out;
    for (const QString &p : std::as_const(parts))
        if (!p.trimmed().isEmpty())
            out << p.trimmed();
    return out;
}

namespace {

// ansible.inventory.manager._enumerate_matches and _apply_subscript for one pattern (without its
// '!' or '&'): the hosts (their places in the inventory) in the order Ansible lists them, each
// once. `seen` is scratch space of one int per host.
bool matchOne(const Inventory &inventory, QString p, QVector<int> *out, std::vector<int> &seen,
              int stamp, QString *error)
{
    if (const auto it = inventory.index.constFind(p); it != inventory.index.cend()) {
        *out = {*it};
        return true;
    }
    // A subscript: group[0], group[-1], group[1:3], group[:2].
    std::optional<std::pair<qsizetype, std::optional<qsizetype>>> subscript;
    // ansible.inventory.manager's PATTERN_WITH_SUBSCRIPT: [N], [-N], [A:B], [A:] (and the old
    // [A-B]); no spaces, a start always given.
    static const QRegularExpression sub(
        QStringLiteral("^(.+)\\[(?:(-?[0-9]+)|([0-9]+)([:-])([0-9]+)?)\\]$"));
    if (!p.startsWith(QLatin1Char('~'))) {
        const QRegularExpressionMatch m = sub.match(p);
        if (m.hasMatch()) {
            p = m.captured(1);
            // Indices beyond any inventory are clamped: 10^30 is past the end, not 0.
            auto index = [](const QString &t) {
                bool ok = false;
                const qlonglong v = t.toLongLong(&ok);
                constexpr qlonglong Far = 1LL << 40;
                return qsizetype(ok ? std::clamp<qlonglong>(v, -Far, Far)
                                    : (t.startsWith(QLatin1Char('-')) ? -Far : Far));
            };
            if (m.hasCaptured(2) && !m.captured(2).isEmpty()) {
                subscript = std::make_pair(index(m.captured(2)), std::optional<qsizetype>());
            } else {
                const qsizetype start = index(m.captured(3));
                const qsizetype end = m.captured(5).isEmpty() ? -1 : index(m.captured(5));
                subscript = std::make_pair(start, std::optional<qsizetype>(end));
            }
        }
    }
    std::function<bool(const QString &)> matches;
    QRegularExpression re;
    if (p.startsWith(QLatin1Char('~'))) {
        re.setPattern(p.mid(1));
        if (!re.isValid()) {
            *error = Tr::tr("the limit pattern '%1' is not a valid regular expression: %2")
                         .arg(p, re.errorString());
            return false;
        }
        matches = [&re](const QString &s) {
            return re
                .match(s, 0, QRegularExpression::NormalMatch,
                       QRegularExpression::AnchorAtOffsetMatchOption)
                .hasMatch();
        };
    } else {
        matches = [&p](const QString &s) {
            return globMatch(p, s);
        };
    }
    QVector<int> results;
    auto add = [&](int h) {
        if (h >= 0 && seen[size_t(h)] != stamp) {
            seen[size_t(h)] = stamp;
            results << h;
        }
    };
    bool anyGroup = false;
    // In the inventory's group order, as Ansible walks its groups.
    for (const QString &g : inventory.groupOrder) {
        if (!matches(g))
            continue;
        anyGroup = true;
        for (const QString &h : inventory.members.value(g))
            add(inventory.index.value(h, -1));
    }
    static const QRegularExpression special(QStringLiteral("[.?*\\[]"));
    if (!anyGroup || p.startsWith(QLatin1Char('~')) || p.contains(special))
        for (int i = 0; i < inventory.hosts.size(); ++i)
            if (matches(inventory.hosts.at(i).name))
                add(i);
    if (subscript && !results.isEmpty()) {
        const qsizetype n = results.size();
        auto at = [n](qsizetype i) {
            return i < 0 ? i + n : i;
        };
        if (!subscript->second) {
            const qsizetype i = at(subscript->first);
            results = i >= 0 && i < n ? QVector<int>{results.at(i)} : QVector<int>();
        } else {
            const qsizetype start = std::max<qsizetype>(0, at(subscript->first));
            const qsizetype end =
                *subscript->second < 0 ? n - 1 : std::min<qsizetype>(*subscript->second, n - 1);
            results = start <= end ? results.mid(start, end - start + 1) : QVector<int>();
        }
    }
    *out = results;
    return true;
}

} // namespace

bool limitInventory(const Inventory &inventory, const QString &limit, QVector<InventoryHost> *out,
                    QString *error)
{
    // Ansible's order: every plain pattern first (the union), then each '&' (intersections),
    // then each '!' (exclusions), whatever order they were written in; with no plain pattern,
    // all.
    QStringList regular, intersect, exclude;
    for (const QString &p : splitLimit(limit)) {
        if (p.startsWith(QLatin1Char('!')))
            exclude << p.mid(1);
        else if (p.startsWith(QLatin1Char('&')))
            intersect << p.mid(1);
        else
            regular << p;
    }
    if (regular.isEmpty())
        regular << QStringLiteral("all");
    // One byte per host says whether it is selected; one int per host is the matcher's scratch.
    const size_t n = size_t(inventory.hosts.size());
    std::vector<char> in(n, 0);
    std::vector<int> seen(n, -1);
    int stamp = 0;
    auto matched = [&](const QString &p, QVector<int> *hosts) {
        if (!matchOne(inventory, p, hosts, seen, stamp++, error))
            return false;
        if (hosts->isEmpty() && p != QLatin1String("all")) {
            *error =
                Tr::tr("the limit pattern '%1' matches no group or host of the inventory").arg(p);
            return false;
        }
        return true;
    };
    QVector<int> hosts;
    for (const QString &p : std::as_const(regular)) {
        if (!matched(p, &hosts))
            return false;
        for (int h : std::as_const(hosts))
            in[size_t(h)] = 1;
    }
    for (const QString &p : std::as_const(intersect)) {
        if (!matched(p, &hosts))
            return false;
        std::vector<char> keep(n, 0);
        for (int h : std::as_const(hosts))
            keep[size_t(h)] = 1;
        for (size_t i = 0; i < n; ++i)
            in[i] = char(in[i] && keep[i]);
    }
    for (const QString &p : std::as_const(exclude)) {
        if (!matched(p, &hosts))
            return false;
        for (int h : std::as_const(hosts))
            in[size_t(h)] = 0;
    }
    out->clear();
    for (size_t i = 0; i < n; ++i)
        if (in[i])
            *out << inventory.hosts.at(qsizetype(i));
    if (out->isEmpty()) {
        *error = Tr::tr("the limit '%1' selects no host").arg(limit);
        return false;
    }
    return true;
}

} // namespace shmwise
