// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer entry: any bytes as a --limit pattern over a fixed inventory of groups, children,
// ranges and look-alike names. Matching may refuse a pattern, never crash or backtrack without
// bound (wildcards match in time bounded by the product of the lengths), and what it selects is
// a subset of the inventory that honours every exclusion.
#include "probes/inventory.h"

#include <QByteArray>
#include <QString>

#include <cstddef>
#include <cstdint>
#include <cstdlib>

namespace {

const shmwise::Inventory &inventory()
{
    static const shmwise::InventoryResult r = shmwise::parseInventory(
        QByteArray("login01 ansible_host=10.0.0.5\n"
                   "[web]\nw[1:40].example.org\n[db]\ndb[a:f]\nw1.example.org\n"
                   "[gpu:children]\nweb\nrack\n[rack]\nnode-[001:200]\n"
                   "[all:vars]\nansible_user=ops\n"),
        QStringLiteral("fixed.ini"));
    if (!r.ok())
        std::abort();
    return r.inventory;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const shmwise::Inventory &inv = inventory();
    const QString limit = QString::fromUtf8(reinterpret_cast<const char *>(data), int(size));
    QVector<shmwise::InventoryHost> out;
    QString error;
    if (!shmwise::limitInventory(inv, limit, &out, &error)) {
        if (error.isEmpty())
            std::abort();
        return 0;
    }
    if (out.isEmpty() || out.size() > inv.hosts.size())
        std::abort();
    for (const shmwise::InventoryHost &h : std::as_const(out))
        if (!inv.host(h.name))
            std::abort();
    // A plain host name excluded anywhere in the limit is never selected.
    for (const QString &p : shmwise::splitLimit(limit))
        if (p.startsWith(QLatin1Char('!')) && inv.host(p.mid(1)))
            for (const shmwise::InventoryHost &h : std::as_const(out))
                if (h.name == p.mid(1))
                    std::abort();
    return 0;
}
