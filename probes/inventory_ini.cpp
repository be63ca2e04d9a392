// SPDX-License-Identifier: GPL-3.0-or-later
// The INI inventory: [group], [group:vars] and [group:children] sections, host lines split as
// Ansible splits them (shlex).
#include "probes/inventory_p.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace shmwise::inventory {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::Inventory)
};

// shlex.split(line, comments=True): whitespace-separated words, quotes kept together and removed,
// '#' at a word's start ending the line.
QStringList shellWords(const QString &line, bool *ok)
{
    QStringList words;
    QString cur;
    bool inWord = false;
    QChar quote;
    *ok = true;
    for (int i = 0; i < line.size(); ++i) {
        const QChar c = line[i];
        if (!quote.isNull()) {
            if (c == quote)
                quote = QChar();
            else if (c == QLatin1Char('\\') && quote == QLatin1Char('"') && i + 1 < line.size())
                cur += line[++i];
            else
                cur += c;
            continue;
        }
        if (c.isSpace()) {
            if (inWord)
                words << cur;
            cur.clear();
            inWord = false;
        } else if (c == QLatin1Char('#') && !inWord) {
            break;
        } else if (c == QLatin1Char('"') || c == QLatin1Char('\'')) {
            quote = c;
            inWord = true;
        } else if (c == QLatin1Char('\\') && i + 1 < line.size()) {
            cur += line[++i];
            inWord = true;
        } else {
            cur += c;
            inWord = true;
        }
    }
    if (!quote.isNull())
        *ok = false;
    if (inWord)
        words << cur;
    return words;
}

} // namespace

// Ansible's INI values are Python literals when they parse as one; only the connection
// variables matter here, so quotes are taken off and the rest kept as text.
QString unquote(QString v)
{
    v = v.trimmed();
    if (v.size() >= 2 && (v.startsWith(QLatin1Char('"')) || v.startsWith(QLatin1Char('\''))) &&
        v.endsWith(v[0]))
        return v.mid(1, v.size() - 2);
    return v;
}

void parseIni(const QString &text, const QString &file, Model *m)
{
    static const QRegularExpression section(
        QStringLiteral("^\\[([^:\\]\\s]+)(?::(\\w+))?\\]\\s*(?:[#;].*)?$"));
    QString state = QStringLiteral("hosts");
    QString groupName = QStringLiteral("ungrouped");
    m->group(QStringLiteral("all"));
    m->group(QStringLiteral("ungrouped"));
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (int n = 0; n < lines.size(); ++n) {
        const QString line = lines[n].trimmed();
        auto fail = [&](const QString &why) {
            m->error = QStringLiteral("%1:%2: %3").arg(file).arg(n + 1).arg(why);
        };
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')) ||
            line.startsWith(QLatin1Char(';')))
            continue;
        if (line.startsWith(QLatin1Char('['))) {
            const QRegularExpressionMatch s = section.match(line);
            if (!s.hasMatch()) {
                fail(Tr::tr("invalid section '%1'").arg(line));
                return;
            }
            groupName = s.captured(1);
            state = s.captured(2).isEmpty() ? QStringLiteral("hosts") : s.captured(2);
            if (state != QLatin1String("hosts") && state != QLatin1String("vars") &&
                state != QLatin1String("children")) {
                fail(Tr::tr("section suffix ':%1' is not vars or children").arg(state));
                return;
            }
            m->group(groupName);
            continue;
        }
        if (state == QLatin1String("children")) {
            m->addChild(groupName, line.section(QLatin1Char(' '), 0, 0).trimmed());
            continue;
        }
        if (state == QLatin1String("vars")) {
            const int eq = line.indexOf(QLatin1Char('='));
            if (eq <= 0) {
                fail(Tr::tr("expected key=value in [%1:vars], found '%2'").arg(groupName, line));
                return;
            }
            m->group(groupName).vars.insert(line.left(eq).trimmed(), unquote(line.mid(eq + 1)));
            continue;
        }
        bool ok = true;
        const QStringList words = shellWords(line, &ok);
        if (!ok) {
            fail(Tr::tr("unterminated quote"));
            return;
        }
        if (words.isEmpty())
            continue;
        Vars vars;
        for (int i = 1; i < words.size(); ++i) {
            const int eq = words[i].indexOf(QLatin1Char('='));
            if (eq <= 0) {
                fail(Tr::tr("expected key=value host variable after '%1', found '%2'")
                         .arg(words[0], words[i]));
                return;
            }
            vars.insert(words[i].left(eq), words[i].mid(eq + 1));
        }
        QStringList names;
        int port = 0;
        QString why;
        if (!expandPattern(words[0], &names, &port, &why)) {
            fail(why);
            return;
        }
        if (port > 0)
            vars.insert(QStringLiteral("ansible_port"), QString::number(port));
        if (!m->addHosts(groupName, names, vars, &why)) {
            fail(why);
            return;
        }
    }
}

} // namespace shmwise::inventory
