// SPDX-License-Identifier: GPL-3.0-or-later
// --limit: Ansible's host patterns over a resolved inventory.
#include "probes/inventory.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace shmwise {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::Inventory)
};

} // namespace

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
            *error =
                Tr::tr("the limit pattern '%1' matches no group or host of the inventory").arg(p);
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
        *error = Tr::tr("the limit '%1' selects no host").arg(limit);
        return false;
    }
    return true;
}

} // namespace shmwise
