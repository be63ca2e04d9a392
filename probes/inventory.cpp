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
