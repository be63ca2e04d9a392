// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Finding the wizard's widgets the way a user or a screen reader names them.

#include <QAbstractSpinBox>
#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QString>
#include <QWidget>

#include <algorithm>

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

// Whether the wizard marks `field` as wrong: the critical icon inside a line edit (a spin box's or
// an editable combo box's own), or a check box's icon.
inline bool marked(QWidget *field)
{
    QLineEdit *edit = qobject_cast<QLineEdit *>(field);
    if (!edit && (qobject_cast<QAbstractSpinBox *>(field) || qobject_cast<QComboBox *>(field)))
        edit = field->findChild<QLineEdit *>();
    if (edit) {
        const QList<QAction *> actions = edit->actions();
        return std::any_of(actions.cbegin(), actions.cend(), [](QAction *a) {
            return a->objectName() == QLatin1String("fieldProblem");
        });
    }
    if (auto *check = qobject_cast<QAbstractButton *>(field))
        return !check->icon().isNull();
    return false;
}

// The message a wizard page shows at its foot, or an empty string while it is hidden.
inline QString pageMessage(QWidget *page)
{
    auto *msg = page->findChild<QLabel *>(QStringLiteral("pageMessage"));
    return msg && msg->isVisible() ? msg->text() : QString();
}

} // namespace testutil
