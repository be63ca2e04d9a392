// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QMap>
#include <QString>
#include <QStringList>
#include <QVector>

namespace shmwise {

// One host of an Ansible inventory, with the connection variables resolved the way Ansible
// resolves them: host variables over the variables of its groups, a child group's over its
// parent's, groups of the same depth in name order, `all` first.
struct InventoryHost
{
    QString name;       // the inventory hostname
    QString address;    // ansible_host (else ansible_ssh_host), else the name
    int port = 0;       // ansible_port (else ansible_ssh_port); 0: not set (ssh's default)
    QString user;       // ansible_user (else ansible_ssh_user); empty: not set
    QString connection; // ansible_connection; empty: not set (ssh)
    QStringList groups; // every group it belongs to, directly or through children, sorted
    // A connection variable that is a Jinja template ("ansible_port={{ base + 1 }}"), which
    // ShmWise does not expand: such a host is reported, never probed. Empty when none is.
    QString unexpanded;

    // The probe target: "local" for ansible_connection=local, else ssh://[user@]address[:port].
    QString targetText() const;
};

struct Inventory
{
    QVector<InventoryHost> hosts;       // in order of first appearance
    QMap<QString, QStringList> members; // group -> every host in it (children included)
    QHash<QString, int> index;          // host name -> its place in `hosts`
    QStringList groupOrder;             // the groups in the order the inventory names them

    const InventoryHost *host(const QString &name) const;
};

struct InventoryResult
{
    Inventory inventory;
    QString error; // translated, "FILE:LINE: message"; empty when ok
    bool ok() const { return error.isEmpty(); }
};

// Reads an Ansible inventory in INI or YAML form (YAML when the file is a .yml/.yaml/.json file,
// or when its text is a YAML mapping). Supports groups, :vars and :children sections (INI),
// hosts/vars/children (YAML), host:port, and ranges such as web[01:20] or db-[a:c].
InventoryResult loadInventory(const QString &path);
InventoryResult parseInventory(const QByteArray &text, const QString &fileName);

// The hosts a --limit selects, as `ansible PATTERN --list-hosts` does: patterns separated by ','
// (or ':' outside brackets), each a group or host name with fnmatch's *, ? and [seq], a
// subscript (group[0], group[1:3]) or a regular expression after '~'; '&' intersects and '!'
// excludes. Plain patterns apply first, then intersections, then exclusions, whatever the order
// written. Returns false with `error` set when a pattern matches nothing or nothing is selected.
// The hosts come in the inventory's order.
bool limitInventory(const Inventory &inventory, const QString &limit, QVector<InventoryHost> *out,
                    QString *error);
// The pieces of a --limit, as Ansible splits it.
QStringList splitLimit(const QString &limit);
// fnmatch's match of a whole text (*, ?, [seq], [!seq]), in time bounded by the product of the
// lengths.
bool globMatch(const QString &pattern, const QString &text);

} // namespace shmwise
