// SPDX-License-Identifier: GPL-3.0-or-later
#include "probes/inventory.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <functional>

namespace shmwise {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::Inventory)
};

using Vars = QMap<QString, QString>;

struct Group
{
    QStringList hosts;    // direct members
    QStringList children; // direct child groups
    Vars vars;
};

// What both readers fill in.
struct Model
{
    QMap<QString, Group> groups;
    QStringList groupOrder;
    QStringList hostOrder;
    QMap<QString, Vars> hostVars;
    QString error;

    Group &group(const QString &name)
    {
        if (!groups.contains(name))
            groupOrder << name;
        return groups[name];
    }
    void addHost(const QString &groupName, const QString &host, const Vars &vars)
    {
        if (!hostVars.contains(host))
            hostOrder << host;
        Vars &hv = hostVars[host];
        for (auto it = vars.cbegin(); it != vars.cend(); ++it)
            hv.insert(it.key(), it.value());
        Group &g = group(groupName);
        if (!g.hosts.contains(host))
            g.hosts << host;
    }
};

// Splits "name:port", "[v6]:port" and plain names; expands ranges such as web[01:03] and
// db-[a:c] (with an optional :step). Returns false with `why` set on a malformed pattern.
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
            const QString child = line.section(QLatin1Char(' '), 0, 0).trimmed();
            m->group(child);
            Group &g = m->group(groupName);
            if (!g.children.contains(child))
                g.children << child;
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
        for (const QString &h : std::as_const(names))
            m->addHost(groupName, h, vars);
    }
}

QString yamlWhere(const QString &file, const YAML::Node &n)
{
    return QStringLiteral("%1:%2").arg(file).arg(n.Mark().line + 1);
}

bool yamlVars(const YAML::Node &n, const QString &file, Vars *vars, QString *error)
{
    if (n.IsNull())
        return true;
    if (!n.IsMap()) {
        *error = yamlWhere(file, n) + QStringLiteral(": ") + Tr::tr("vars must be a mapping");
        return false;
    }
    for (const auto &kv : n) {
        const QString key = QString::fromStdString(kv.first.Scalar());
        vars->insert(key,
                     kv.second.IsScalar() ? QString::fromStdString(kv.second.Scalar()) : QString());
    }
    return true;
}

bool parseYamlGroup(const QString &name, const YAML::Node &data, const QString &file, Model *m,
                    int depth)
{
    m->group(name);
    if (depth > 64) {
        m->error = yamlWhere(file, data) + QStringLiteral(": ") +
                   Tr::tr("groups nested too deep at '%1'").arg(name);
        return false;
    }
    if (data.IsNull())
        return true;
    if (!data.IsMap()) {
        m->error = yamlWhere(file, data) + QStringLiteral(": ") +
                   Tr::tr("group '%1' must be a mapping of hosts, vars and children").arg(name);
        return false;
    }
    for (const auto &kv : data) {
        const QString key = QString::fromStdString(kv.first.Scalar());
        const YAML::Node &v = kv.second;
        if (key == QLatin1String("vars")) {
            Vars vars;
            if (!yamlVars(v, file, &vars, &m->error))
                return false;
            Group &g = m->group(name);
            for (auto it = vars.cbegin(); it != vars.cend(); ++it)
                g.vars.insert(it.key(), it.value());
        } else if (key == QLatin1String("hosts") || key == QLatin1String("children")) {
            if (v.IsNull())
                continue;
            if (!v.IsMap()) {
                m->error = yamlWhere(file, v) + QStringLiteral(": ") +
                           Tr::tr("'%1' of group '%2' must be a mapping").arg(key, name);
                return false;
            }
            for (const auto &item : v) {
                const QString itemName = QString::fromStdString(item.first.Scalar());
                if (key == QLatin1String("children")) {
                    Group &g = m->group(name);
                    if (!g.children.contains(itemName))
                        g.children << itemName;
                    if (!parseYamlGroup(itemName, item.second, file, m, depth + 1))
                        return false;
                    continue;
                }
                Vars vars;
                if (!yamlVars(item.second, file, &vars, &m->error))
                    return false;
                QStringList names;
                int port = 0;
                QString why;
                if (!expandPattern(itemName, &names, &port, &why)) {
                    m->error = yamlWhere(file, item.first) + QStringLiteral(": ") + why;
                    return false;
                }
                if (port > 0)
                    vars.insert(QStringLiteral("ansible_port"), QString::number(port));
                for (const QString &h : std::as_const(names))
                    m->addHost(name, h, vars);
            }
        }
        // Other keys are skipped, as Ansible does (with a warning there).
    }
    return true;
}

// Turns the groups and variables into resolved hosts.
InventoryResult resolve(Model &m, const QString &file)
{
    InventoryResult r;
    m.group(QStringLiteral("all"));
    m.group(QStringLiteral("ungrouped"));
    // Every group that is nobody's child hangs under all.
    QSet<QString> isChild;
    for (auto it = m.groups.cbegin(); it != m.groups.cend(); ++it)
        for (const QString &c : it.value().children)
            isChild.insert(c);
    for (const QString &g : std::as_const(m.groupOrder))
        if (g != QLatin1String("all") && !isChild.contains(g) &&
            !m.groups[QStringLiteral("all")].children.contains(g))
            m.groups[QStringLiteral("all")].children << g;
    // Depth: the longest path from all; a cycle is an error.
    QMap<QString, int> depth;
    QMap<QString, QStringList> parents;
    for (auto it = m.groups.cbegin(); it != m.groups.cend(); ++it)
        for (const QString &c : it.value().children)
            parents[c] << it.key();
    std::function<int(const QString &, int)> depthOf = [&](const QString &g, int guard) -> int {
        if (guard > m.groups.size())
            return -1;
        if (depth.contains(g))
            return depth[g];
        int d = 0;
        for (const QString &p : parents.value(g)) {
            const int pd = depthOf(p, guard + 1);
            if (pd < 0)
                return -1;
            d = std::max(d, pd + 1);
        }
        depth[g] = d;
        return d;
    };
    for (const QString &g : std::as_const(m.groupOrder))
        if (depthOf(g, 0) < 0) {
            r.error = QStringLiteral("%1: %2").arg(
                file, Tr::tr("group '%1' is its own descendant").arg(g));
            return r;
        }
    // Members, children included.
    std::function<void(const QString &, QStringList *, int)> collect =
        [&](const QString &g, QStringList *out, int guard) {
            if (guard > m.groups.size())
                return;
            for (const QString &h : m.groups[g].hosts)
                if (!out->contains(h))
                    *out << h;
            for (const QString &c : m.groups[g].children)
                collect(c, out, guard + 1);
        };
    QMap<QString, QStringList> hostGroups;
    for (const QString &g : std::as_const(m.groupOrder)) {
        QStringList members;
        collect(g, &members, 0);
        if (g == QLatin1String("all"))
            members = m.hostOrder;
        r.inventory.members.insert(g, members);
        for (const QString &h : std::as_const(members))
            hostGroups[h] << g;
    }
    // Hosts in no group of their own are ungrouped.
    QStringList &ungrouped = r.inventory.members[QStringLiteral("ungrouped")];
    for (const QString &h : std::as_const(m.hostOrder)) {
        QStringList own = hostGroups.value(h);
        own.removeAll(QStringLiteral("all"));
        own.removeAll(QStringLiteral("ungrouped"));
        if (own.isEmpty() && !ungrouped.contains(h)) {
            ungrouped << h;
            hostGroups[h] << QStringLiteral("ungrouped");
        }
    }
    for (const QString &h : std::as_const(m.hostOrder)) {
        QStringList groups = hostGroups.value(h);
        if (!groups.contains(QStringLiteral("all")))
            groups << QStringLiteral("all");
        std::sort(groups.begin(), groups.end(), [&](const QString &a, const QString &b) {
            const int da = depth.value(a), db = depth.value(b);
            return da != db ? da < db : a < b;
        });
        Vars vars;
        for (const QString &g : std::as_const(groups)) {
            const Vars &gv = m.groups[g].vars;
            for (auto it = gv.cbegin(); it != gv.cend(); ++it)
                vars.insert(it.key(), it.value());
        }
        const Vars &hv = m.hostVars[h];
        for (auto it = hv.cbegin(); it != hv.cend(); ++it)
            vars.insert(it.key(), it.value());
        auto pick = [&vars](const char *a, const char *b) {
            const QString ka = QLatin1String(a), kb = QLatin1String(b);
            return unquote(vars.contains(ka) ? vars.value(ka) : vars.value(kb));
        };
        InventoryHost host;
        host.name = h;
        host.address = pick("ansible_host", "ansible_ssh_host");
        if (host.address.isEmpty())
            host.address = h;
        host.user = pick("ansible_user", "ansible_ssh_user");
        host.connection = unquote(vars.value(QStringLiteral("ansible_connection")));
        const QString port = pick("ansible_port", "ansible_ssh_port");
        if (!port.isEmpty()) {
            bool ok = false;
            host.port = port.toInt(&ok);
            if (!ok || host.port < 1 || host.port > 65535) {
                r.error = QStringLiteral("%1: %2").arg(
                    file, Tr::tr("host '%1': ansible_port '%2' is not a port number").arg(h, port));
                return r;
            }
        }
        host.groups = groups;
        std::sort(host.groups.begin(), host.groups.end());
        r.inventory.hosts << host;
    }
    return r;
}

} // namespace

QString InventoryHost::targetText() const
{
    if (connection == QLatin1String("local"))
        return QStringLiteral("local");
    QString s = QStringLiteral("ssh://");
    if (!user.isEmpty())
        s += user + QLatin1Char('@');
    s += address.contains(QLatin1Char(':')) ? QLatin1Char('[') + address + QLatin1Char(']')
                                            : address;
    if (port > 0)
        s += QLatin1Char(':') + QString::number(port);
    return s;
}

const InventoryHost *Inventory::host(const QString &name) const
{
    for (const InventoryHost &h : hosts)
        if (h.name == name)
            return &h;
    return nullptr;
}

InventoryResult parseInventory(const QByteArray &text, const QString &fileName)
{
    Model m;
    const QString suffix = QFileInfo(fileName).suffix().toLower();
    bool yaml = suffix == QLatin1String("yml") || suffix == QLatin1String("yaml") ||
                suffix == QLatin1String("json");
    YAML::Node root;
    try {
        root = YAML::Load(text.toStdString());
        if (!yaml)
            yaml = root.IsMap();
    } catch (const YAML::Exception &e) {
        if (yaml) {
            InventoryResult r;
            r.error = QStringLiteral("%1:%2: %3")
                          .arg(fileName)
                          .arg(e.mark.line + 1)
                          .arg(QString::fromStdString(e.msg));
            return r;
        }
    }
    if (yaml) {
        if (!root.IsMap()) {
            InventoryResult r;
            r.error = QStringLiteral("%1: %2").arg(
                fileName, Tr::tr("a YAML inventory must be a mapping of groups"));
            return r;
        }
        for (const auto &kv : root)
            if (!parseYamlGroup(QString::fromStdString(kv.first.Scalar()), kv.second, fileName, &m,
                                0))
                break;
    } else {
        parseIni(QString::fromUtf8(text), fileName, &m);
    }
    if (!m.error.isEmpty()) {
        InventoryResult r;
        r.error = m.error;
        return r;
    }
    return resolve(m, fileName);
}

InventoryResult loadInventory(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        InventoryResult r;
        r.error = QStringLiteral("%1: %2").arg(path, f.errorString());
        return r;
    }
    const QByteArray text = f.read(16 * 1024 * 1024 + 1);
    if (text.size() > 16 * 1024 * 1024) {
        InventoryResult r;
        r.error = QStringLiteral("%1: %2").arg(path, Tr::tr("larger than 16 MiB"));
        return r;
    }
    return parseInventory(text, path);
}

bool limitInventory(const Inventory &inventory, const QString &limit, QVector<InventoryHost> *out,
                    QString *error)
{
    QStringList selected;
    bool first = true;
    const QStringList patterns =
        limit.split(QRegularExpression(QStringLiteral("[,:]")), Qt::SkipEmptyParts);
    for (QString p : patterns) {
        p = p.trimmed();
        QChar op = QLatin1Char('+');
        if (p.startsWith(QLatin1Char('!')) || p.startsWith(QLatin1Char('&'))) {
            op = p[0];
            p = p.mid(1);
        }
        const QRegularExpression re(QRegularExpression::wildcardToRegularExpression(p));
        QStringList matched;
        for (auto it = inventory.members.cbegin(); it != inventory.members.cend(); ++it)
            if (re.match(it.key()).hasMatch())
                for (const QString &h : it.value())
                    if (!matched.contains(h))
                        matched << h;
        for (const InventoryHost &h : inventory.hosts)
            if (re.match(h.name).hasMatch() && !matched.contains(h.name))
                matched << h.name;
        if (matched.isEmpty()) {
            *error = Tr::tr("--limit: '%1' matches no group or host of the inventory").arg(p);
            return false;
        }
        if (op == QLatin1Char('!')) {
            for (const QString &h : std::as_const(matched))
                selected.removeAll(h);
            if (first) { // "!x" alone: everything but x
                for (const InventoryHost &h : inventory.hosts)
                    if (!matched.contains(h.name))
                        selected << h.name;
            }
        } else if (op == QLatin1Char('&')) {
            QStringList keep;
            for (const QString &h : std::as_const(selected))
                if (matched.contains(h))
                    keep << h;
            selected = keep;
        } else {
            for (const QString &h : std::as_const(matched))
                if (!selected.contains(h))
                    selected << h;
        }
        first = false;
    }
    out->clear();
    for (const InventoryHost &h : inventory.hosts)
        if (selected.contains(h.name))
            *out << h;
    if (out->isEmpty()) {
        *error = Tr::tr("--limit '%1' selects no host").arg(limit);
        return false;
    }
    return true;
}

} // namespace shmwise
