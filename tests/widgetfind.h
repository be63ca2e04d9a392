// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Finding the wizard's widgets the way a user or a screen reader names them.

#include <QPushButton>
#include <QString>
#include <QWidget>

namespace testutil {

// The first child of `root` of type T with this accessible name, or null.
template <class T> T *findByName(QWidget *root, const QString &accessibleName)
{
    const QList<T *> all = root->findChildren<T *>();
    for (T *w : all) {
        if (w->accessibleName() == accessibleName)
            return w;
    }
    return nullptr;
}

// The first button of `root` whose text, without its mnemonic '&', is `text`, or null.
inline QPushButton *buttonWithText(QWidget *root, const QString &text)
{
    const QList<QPushButton *> all = root->findChildren<QPushButton *>();
    for (QPushButton *b : all) {
        if (b->text().remove(QLatin1Char('&')) == text)
            return b;
    }
    return nullptr;
}

} // namespace testutil
