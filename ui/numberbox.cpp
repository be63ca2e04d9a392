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
    m_refusedRun.clear();
    if (!pending || lineEdit()->text() == typed)
        return;
    if (bare(typed).isEmpty())
        refuse(tr("%1: an empty field is not a number").arg(accessibleName()), true);
    else
        refuse(refusalFor(typed), true);
}

void NumberBox::focusOutEvent(QFocusEvent *event)
{
    endEdit([&] { QSpinBox::focusOutEvent(event); });
}

void NumberBox::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) {
        endEdit([&] { QSpinBox::keyPressEvent(event); });
        return;
    }
    // A box that shows its special text ("not known") takes what is typed in its place: a digit
    // typed into the words would make "not 1" or "not known1", which no number reads.
    const QString typed = event->text();
    if (!specialValueText().isEmpty() && value() == minimum() &&
        lineEdit()->text() == specialValueText() && !typed.isEmpty() && typed.at(0).isPrint() &&
        !(event->modifiers() & (Qt::ControlModifier | Qt::AltModifier)))
        lineEdit()->selectAll();
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
    QValidator::State state = QSpinBox::validate(input, pos);
    // The line edit already holds the proposed text; what it shows is the last text taken.
    const QString shown = m_taken;
    // "-3" in a box that takes no negative number: the "-" is refused, and so are the digits
    // typed on after it in that run, rather than the box taking 3 for what the user meant as -3.
    if (state != QValidator::Invalid && m_refusedRun.startsWith(QLatin1Char('-')) &&
        minimum() >= 0 && input.size() >= shown.size() && input != shown)
        state = QValidator::Invalid;
    if (state != QValidator::Invalid) {
        m_refusal.clear();
        if (input != shown)
            m_refusedRun.clear();
        m_taken = input;
        return state;
    }
    // What this key added to the text shown (the box keeps the text it refuses a key for):
    // after a refusal, the run goes on with it.
    qsizetype head = 0;
    while (head < input.size() && head < shown.size() && input[head] == shown[head])
        ++head;
    qsizetype tail = 0;
    while (tail < input.size() - head && tail < shown.size() - head &&
           input[input.size() - 1 - tail] == shown[shown.size() - 1 - tail])
        ++tail;
    const QString added = input.mid(head, input.size() - head - tail);
    m_refusedRun = m_refusedRun.isEmpty() ? input : m_refusedRun + added;
    refuse(refusalFor(m_refusedRun));
    return state;
}

QString NumberBox::refusalFor(const QString &input) const
{
    const QString digits = bare(input);
    bool number = false;
    const qlonglong v = digits.toLongLong(&number);
    const QString field = accessibleName();
    if (digits.startsWith(QLatin1Char('-')) && minimum() >= 0)
        return tr("%1: '%2': no negative number is taken; the least is %3")
            .arg(field, digits)
            .arg(minimum());
    if (!number)
        return tr("%1: '%2' is not a whole number").arg(field, digits);
    if (v > maximum())
        return tr("%1: %2 is more than %3, the most this field takes")
            .arg(field)
            .arg(v)
            .arg(maximum());
    if (v < minimum())
        return tr("%1: %2 is less than %3, the least this field takes")
            .arg(field)
            .arg(v)
            .arg(minimum());
    return tr("%1: '%2' is not taken").arg(field, digits);
}

void NumberBox::refuse(const QString &message, bool editEnded) const
{
    m_refusal = message;
    auto *self = const_cast<NumberBox *>(this);
    Q_EMIT self->refused(message, editEnded);
    if (isVisible())
        QToolTip::showText(mapToGlobal(QPoint(0, height())), message, self);
}

} // namespace shmwise
