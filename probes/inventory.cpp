// SPDX-License-Identifier: GPL-3.0-or-later
// Ansible inventories: reading one (INI in inventory_ini.cpp, YAML in inventory_yaml.cpp) and
// resolving its groups and variables into hosts with Ansible's precedence.
#include "probes/inventory.h"

#include "probes/inventory_p.h"

#include "core/yamlscalar.h"

#include <QCoreApplication>
#include <QFile>
#include <QSet>

#include <algorithm>
#include <functional>
#include <vector>

namespace shmwise {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::Inventory)
};

} // namespace

bool inventory::Model::addHosts(const QString &groupName, const QStringList &names,
                                const Vars &vars, QString *why)
{
    Group &g = group(groupName);
    hostVars.reserve(hostVars.size() + names.size());
    g.hostSet.reserve(g.hostSet.size() + names.size());
    for (const QString &host : names) {
        auto hv = hostVars.find(host);
        if (hv == hostVars.end()) {
            if (hostOrder.size() >= MaxInventoryHosts) {
                *why = Tr::tr("the inventory names more than %1 hosts").arg(MaxInventoryHosts);
                return false;
            }
            hostOrder << host;
            hv = hostVars.insert(host, Vars());
        }
        for (auto it = vars.cbegin(); it != vars.cend(); ++it)
            hv->insert(it.key(), it.value());
        if (++entries > MaxInventoryEntries) {
            *why = Tr::tr("the inventory lists hosts in groups more than %1 times")
                       .arg(MaxInventoryEntries);
            return false;
        }
        if (!g.hostSet.contains(host)) {
            g.hostSet.insert(host);
            g.hosts << host;
        }
    }
    return true;
}

namespace {

using inventory::Model;
using inventory::unquote;
using inventory::Vars;

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
    QHash<QString, int> depth;
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
    // Hosts by their place in the file, so the work below is on integers, not names.
    const qsizetype hostCount = m.hostOrder.size();
    QHash<QString, int> hostIndex;
    hostIndex.reserve(hostCount);
    for (qsizetype i = 0; i < hostCount; ++i)
        hostIndex.insert(m.hostOrder.at(i), int(i));
    // Members, children included, children before parents (the reverse of `order`), each list
    // in the order a depth-first walk meets the hosts, without repeats. A group without
    // children has its own list as it is; `all` is every host in file order.
    QHash<QString, QStringList> membersOf;
    std::vector<int> mark(size_t(hostCount), -1);
    for (qsizetype i = order.size() - 1; i >= 0; --i) {
        const QString &g = order.at(i);
        if (g == QLatin1String("all"))
            continue;
        const inventory::Group &grp = m.groups[g];
        if (grp.children.isEmpty()) {
            membersOf.insert(g, grp.hosts);
            continue;
        }
        QStringList list = grp.hosts;
        for (const QString &h : grp.hosts)
            mark[size_t(hostIndex.value(h))] = int(i);
        for (const QString &c : grp.children)
            for (const QString &h : std::as_const(membersOf[c])) {
                int &seen = mark[size_t(hostIndex.value(h))];
                if (seen != int(i)) {
                    seen = int(i);
                    list << h;
                }
            }
        membersOf.insert(g, list);
    }
    r.inventory.groupOrder = m.groupOrder;
    std::vector<QStringList> groupsOf(static_cast<size_t>(hostCount));
    for (const QString &g : std::as_const(m.groupOrder)) {
        const QStringList members = g == QLatin1String("all") ? m.hostOrder : membersOf.value(g);
        r.inventory.members.insert(g, members);
        for (const QString &h : members)
            groupsOf[size_t(hostIndex.value(h))] << g;
    }
    // Hosts in no group of their own are ungrouped.
    QStringList &ungrouped = r.inventory.members[QStringLiteral("ungrouped")];
    std::vector<char> inUngrouped(size_t(hostCount), 0);
    for (const QString &h : std::as_const(ungrouped))
        inUngrouped[size_t(hostIndex.value(h))] = 1;
    for (qsizetype i = 0; i < hostCount; ++i) {
        QStringList &groups = groupsOf[size_t(i)];
        const bool own = std::any_of(groups.cbegin(), groups.cend(), [](const QString &g) {
            return g != QLatin1String("all") && g != QLatin1String("ungrouped");
        });
        if (!own && !inUngrouped[size_t(i)]) {
            inUngrouped[size_t(i)] = 1;
            ungrouped << m.hostOrder.at(i);
            groups << QStringLiteral("ungrouped");
        }
    }
    // Hosts of the same groups share their precedence order and merged group variables: worked
    // out once per set of groups, however many hosts have it.
    struct GroupSet
    {
        QStringList byName;
        Vars vars;
    };
    QHash<QString, GroupSet> sets;
    r.inventory.hosts.reserve(hostCount);
    r.inventory.index.reserve(hostCount);
    for (qsizetype i = 0; i < hostCount; ++i) {
        const QString &h = m.hostOrder.at(i);
        QStringList groups = groupsOf[size_t(i)];
        if (!groups.contains(QStringLiteral("all")))
            groups << QStringLiteral("all");
        const QString key = groups.join(QLatin1Char('\n'));
        auto set = sets.find(key);
        if (set == sets.end()) {
            GroupSet gs;
            std::sort(groups.begin(), groups.end(), [&](const QString &a, const QString &b) {
                const int da = depth.value(a), db = depth.value(b);
                return da != db ? da < db : a < b;
            });
            for (const QString &g : std::as_const(groups)) {
                const Vars &gv = m.groups[g].vars;
                for (auto it = gv.cbegin(); it != gv.cend(); ++it)
                    gs.vars.insert(it.key(), it.value());
            }
            gs.byName = groups;
            std::sort(gs.byName.begin(), gs.byName.end());
            set = sets.insert(key, gs);
        }
        Vars vars = set->vars;
        const Vars &hv = m.hostVars[h];
        for (auto it = hv.cbegin(); it != hv.cend(); ++it)
            vars.insert(it.key(), it.value());
        InventoryHost host;
        host.name = h;
        // Ansible expands Jinja templates in variables; ShmWise does not, so a connection
        // variable that holds one leaves the host unresolved (it is reported, not probed).
        auto pick = [&vars, &host](const char *a, const char *b = nullptr) {
            const QString ka = QLatin1String(a);
            const QString k = vars.contains(ka) || !b ? ka : QLatin1String(b);
            const QString v = unquote(vars.value(k));
            if (host.unexpanded.isEmpty() &&
                (v.contains(QLatin1String("{{")) || v.contains(QLatin1String("{%"))))
                host.unexpanded = k + QLatin1Char('=') + v;
            return v;
        };
        host.address = pick("ansible_host", "ansible_ssh_host");
        if (host.address.isEmpty())
            host.address = h;
        host.user = pick("ansible_user", "ansible_ssh_user");
        host.connection = pick("ansible_connection");
        const QString port = pick("ansible_port", "ansible_ssh_port");
        if (!port.isEmpty() && host.unexpanded.isEmpty()) {
            bool ok = false;
            host.port = port.toInt(&ok);
            if (!ok || host.port < 1 || host.port > 65535) {
                r.error = QStringLiteral("%1: %2").arg(
                    file, Tr::tr("host '%1': ansible_port '%2' is not a port number (1-65535)")
                              .arg(h, port));
                return r;
            }
        }
        host.groups = set->byName;
        r.inventory.index.insert(host.name, int(r.inventory.hosts.size()));
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
    const auto it = index.constFind(name);
    return it == index.cend() ? nullptr : &hosts.at(*it);
}

InventoryResult parseInventory(const QByteArray &text, const QString &fileName)
{
    if (const QString why = yamlEncodingProblem(text); !why.isEmpty()) {
        InventoryResult r;
        r.error = QStringLiteral("%1:1: %2").arg(fileName, why);
        return r;
    }
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
