// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "probes/inventory.h"

#include <QByteArray>
#include <QMap>
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
