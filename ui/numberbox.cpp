// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/numberbox.h"

#include <QKeyEvent>
#include <QLineEdit>
#include <QToolTip>

namespace shmwise {

NumberBox::NumberBox(QWidget *parent) : QSpinBox(parent) {}

// Text that could still become a number ("0" where the least is 1, or nothing) is put back to
// the last value when the edit ends, by focus or by Enter: say so, rather than let it change
// unseen.
void NumberBox::endEdit(const std::function<void()> &end)
{
    QString typed = lineEdit()->text();
    int pos = 0;
    const bool pending = QSpinBox::validate(typed, pos) == QValidator::Intermediate;
    end();
    if (!pending || lineEdit()->text() == typed)
        return;
    if (bare(typed).isEmpty())
        refuse(tr("%1: an empty field is not a number").arg(accessibleName()));
    else
        refuseInput(typed);
}

void NumberBox::focusOutEvent(QFocusEvent *event)
{
    endEdit([&] { QSpinBox::focusOutEvent(event); });
}

void NumberBox::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter)
        endEdit([&] { QSpinBox::keyPressEvent(event); });
    else
        QSpinBox::keyPressEvent(event);
}

QString NumberBox::bare(const QString &input) const
{
    QString digits = input;
    digits.remove(prefix()).remove(suffix());
    return digits.trimmed();
}

QValidator::State NumberBox::validate(QString &input, int &pos) const
{
    const QValidator::State state = QSpinBox::validate(input, pos);
    if (state != QValidator::Invalid) {
        m_refusal.clear();
        return state;
    }
    refuseInput(input);
    return state;
}

void NumberBox::refuseInput(const QString &input) const
{
    const QString digits = bare(input);
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
