// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer entry: any bytes as an Ansible inventory (INI, or YAML when the text is a mapping).
// Reading may refuse them, never crash, recurse without bound or run away; an inventory it
// accepts stays within its caps, and its index, members and --limit agree with its hosts.
#include "probes/inventory.h"

#include <QByteArray>
#include <QSet>
#include <QString>

#include <cstddef>
#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), int(size));
    for (const char *name : {"fuzz.ini", "fuzz.yml"}) {
        const shmwise::InventoryResult r = shmwise::parseInventory(bytes, QLatin1String(name));
        if (!r.ok())
            continue;
        const shmwise::Inventory &inv = r.inventory;
        if (inv.hosts.size() > 100000 || inv.index.size() != inv.hosts.size())
            std::abort();
        for (int i = 0; i < inv.hosts.size(); ++i)
            if (inv.index.value(inv.hosts[i].name, -1) != i || inv.hosts[i].port < 0 ||
                inv.hosts[i].port > 65535)
                std::abort();
        // Every member of a group is a host of the inventory.
        for (auto it = inv.members.cbegin(); it != inv.members.cend(); ++it)
            for (const QString &h : it.value())
                if (!inv.host(h))
                    std::abort();
        QVector<shmwise::InventoryHost> out;
        QString error;
        if (shmwise::limitInventory(inv, QStringLiteral("all"), &out, &error) &&
            out.size() != inv.hosts.size())
            std::abort();
        // An exclusion never selects what it excludes, wherever it is written. Only for a name
        // the limit syntax keeps whole: as in Ansible, "g]" or "a:b" split into other patterns.
        if (!inv.hosts.isEmpty()) {
            const QString first = inv.hosts.constFirst().name;
            const QString excluded = QLatin1Char('!') + first;
            if (shmwise::splitLimit(excluded) == QStringList{excluded} &&
                shmwise::limitInventory(inv, QStringLiteral("all,") + excluded, &out, &error))
                for (const shmwise::InventoryHost &h : std::as_const(out))
                    if (h.name == first)
                        std::abort();
        }
    }
    return 0;
}
