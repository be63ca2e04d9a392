// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

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

    // The probe target: "local" for ansible_connection=local, else ssh://[user@]address[:port].
    QString targetText() const;
};

struct Inventory
{
    QVector<InventoryHost> hosts;       // in order of first appearance
    QMap<QString, QStringList> members; // group -> every host in it (children included)

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

// The hosts a --limit selects: patterns separated by ',' or ':', each a group or host name,
// with * and ? wildcards; a pattern starting with '!' removes, one starting with '&' intersects.
// nullopt-like: returns false with `error` set when a pattern matches nothing.
bool limitInventory(const Inventory &inventory, const QString &limit, QVector<InventoryHost> *out,
                    QString *error);

} // namespace shmwise
