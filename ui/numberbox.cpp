// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/numberbox.h"

#include <QLineEdit>
#include <QToolTip>

namespace shmwise {

NumberBox::NumberBox(QWidget *parent) : QSpinBox(parent) {}

QValidator::State NumberBox::validate(QString &input, int &pos) const
{
    const QValidator::State state = QSpinBox::validate(input, pos);
    if (state != QValidator::Invalid) {
        m_refusal.clear();
        return state;
    }
    QString digits = input;
    digits.remove(prefix()).remove(suffix());
    digits = digits.trimmed();
    bool number = false;
    const qlonglong v = digits.toLongLong(&number);
    const QString field = accessibleName();
    if (!number)
        refuse(tr("%1: '%2' is not a whole number").arg(field, digits));
    else if (v > maximum())
        refuse(tr("%1: %2 is more than %3, the most this field takes")
                   .arg(field)
                   .arg(v)
                   .arg(maximum()));
    else if (v < minimum())
        refuse(tr("%1: %2 is less than %3, the least this field takes")
                   .arg(field)
                   .arg(v)
                   .arg(minimum()));
    else
        refuse(tr("%1: '%2' is not taken").arg(field, digits));
    return state;
}

void NumberBox::refuse(const QString &message) const
{
    m_refusal = message;
    auto *self = const_cast<NumberBox *>(this);
    Q_EMIT self->refused(message);
    if (isVisible())
        QToolTip::showText(mapToGlobal(QPoint(0, height())), message, self);
}

} // namespace shmwise
