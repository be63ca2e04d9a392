// SPDX-License-Identifier: GPL-3.0-or-later
// Ansible inventories: reading one (INI in inventory_ini.cpp, YAML in inventory_yaml.cpp) and
// resolving its groups and variables into hosts with Ansible's precedence.
#include "probes/inventory.h"

#include "probes/inventory_p.h"

#include <QCoreApplication>
#include <QFile>
#include <QSet>

#include <algorithm>
#include <functional>

namespace shmwise {

namespace {

using inventory::Model;
using inventory::unquote;
using inventory::Vars;

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::Inventory)
};

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
    QStringList &topLevel = m.groups[QStringLiteral("all")].children;
    QSet<QString> underAll(topLevel.cbegin(), topLevel.cend());
    for (const QString &g : std::as_const(m.groupOrder))
        if (g != QLatin1String("all") && !isChild.contains(g) && !underAll.contains(g)) {
            topLevel << g;
            underAll.insert(g);
        }
    // Depth: the longest path from all; a cycle is an error. Kahn's order over the children
    // graph, iteratively: chains of 200,000 groups and diamonds many layers deep cost linear
    // time and no stack.
    QMap<QString, int> depth;
    QHash<QString, int> pending; // parents not yet ordered
    for (const QString &g : std::as_const(m.groupOrder))
        pending.insert(g, 0);
    for (auto it = m.groups.cbegin(); it != m.groups.cend(); ++it) {
        pending.insert(it.key(), pending.value(it.key()));
        for (const QString &c : it.value().children)
            pending[c] += 1;
    }
    QStringList order; // parents before children
    for (auto it = pending.cbegin(); it != pending.cend(); ++it)
        if (it.value() == 0)
            order << it.key();
    std::sort(order.begin(), order.end());
    for (qsizetype i = 0; i < order.size(); ++i) {
        const QString g = order.at(i);
        const int d = depth.value(g, 0);
        depth.insert(g, d);
        for (const QString &c : m.groups.value(g).children) {
            depth.insert(c, std::max(depth.value(c, 0), d + 1));
            if (--pending[c] == 0)
                order << c;
        }
    }
    if (order.size() < pending.size()) {
        // A group left unordered lies on a cycle or below one: name one on the cycle, in the
        // order the file gave the groups.
        QString inCycle;
        for (const QString &g : std::as_const(m.groupOrder)) {
            if (pending.value(g) > 0) {
                inCycle = g;
                break;
            }
        }
        r.error = QStringLiteral("%1: %2").arg(
            file, Tr::tr("group '%1' is its own descendant").arg(inCycle));
        return r;
    }
    // Members, children included, children before parents (the reverse of `order`), each list
    // in the order a depth-first walk meets the hosts, without repeats.
    QHash<QString, QStringList> membersOf;
    for (qsizetype i = order.size() - 1; i >= 0; --i) {
        const QString &g = order.at(i);
        const inventory::Group grp = m.groups.value(g);
        QStringList list;
        QSet<QString> seen;
        auto add = [&](const QString &h) {
            if (!seen.contains(h)) {
                seen.insert(h);
                list << h;
            }
        };
        for (const QString &h : grp.hosts)
            add(h);
        for (const QString &c : grp.children)
            for (const QString &h : std::as_const(membersOf[c]))
                add(h);
        membersOf.insert(g, list);
    }
    QMap<QString, QStringList> hostGroups;
    for (const QString &g : std::as_const(m.groupOrder)) {
        QStringList members = membersOf.value(g);
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
    if (!inventory::parseYaml(text, fileName, &m))
        inventory::parseIni(QString::fromUtf8(text), fileName, &m);
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

} // namespace shmwise
