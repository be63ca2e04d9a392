// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "probes/inventory.h"

#include <QByteArray>
#include <QHash>
#include <QMap>
#include <QSet>
#include <QString>
#include <QStringList>

// What the inventory readers share: the groups and variables as written, before resolve() turns
// them into hosts the way Ansible resolves them.
namespace shmwise::inventory {

using Vars = QMap<QString, QString>;

struct Group
{
    QStringList hosts;    // direct members
    QStringList children; // direct child groups
    Vars vars;
    QSet<QString> hostSet, childSet; // the same, for lookups
};

// The most hosts an inventory may name, and the most group memberships its lines may write
// (a host listed in many groups counts once per group).
inline constexpr qint64 MaxInventoryHosts = 100000;
inline constexpr qint64 MaxInventoryEntries = 2000000;

// What both readers fill in.
struct Model
{
    QMap<QString, Group> groups;
    QStringList groupOrder;
    QStringList hostOrder;
    QHash<QString, Vars> hostVars;
    QString error;
    qint64 entries = 0;

    Group &group(const QString &name)
    {
        auto it = groups.find(name);
        if (it == groups.end()) {
            groupOrder << name;
            it = groups.insert(name, Group());
        }
        return *it;
    }
    void addChild(const QString &groupName, const QString &child)
    {
        group(child);
        Group &g = group(groupName);
        if (!g.childSet.contains(child)) {
            g.childSet.insert(child);
            g.children << child;
        }
    }
    // Adds the hosts to the group; false with `why` set when the inventory grows past its caps.
    bool addHosts(const QString &groupName, const QStringList &names, const Vars &vars,
                  QString *why);
};

// inventory_ranges.cpp: splits "name:port", "[v6]:port" and plain names; expands ranges such as
// web[01:03] and db-[a:c] (with an optional :step). Returns false with `why` set on a malformed
// pattern.
// The most hosts one pattern may expand to, and the most ranges it may hold.
inline constexpr qint64 MaxPatternHosts = 100000;
inline constexpr int MaxPatternRanges = 16;
bool expandPattern(const QString &pattern, QStringList *names, int *port, QString *why);

// inventory_ini.cpp: a value with its quotes taken off.
QString unquote(QString v);
// inventory_ini.cpp: reads an INI inventory into `m`; m->error set on failure.
void parseIni(const QString &text, const QString &file, Model *m);

// inventory_yaml.cpp: whether the file is read as YAML (a .yml, .yaml or .json name, or a text
// that is a YAML mapping); if so, reads it into `m`, with m->error set on failure.
bool parseYaml(const QByteArray &text, const QString &fileName, Model *m);

} // namespace shmwise::inventory
