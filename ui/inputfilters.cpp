// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/inputfilters.h"

#include <QAbstractItemView>
#include <QAbstractScrollArea>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QKeyEvent>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QTextEdit>
#include <QWheelEvent>

namespace shmwise {

namespace {

bool altLetterIntoText(QObject *watched, const QKeyEvent *key)
{
    const Qt::KeyboardModifiers mods = key->modifiers() & ~Qt::KeypadModifier;
    const bool altOnly = mods == Qt::AltModifier || mods == (Qt::AltModifier | Qt::ShiftModifier);
    if (!altOnly || key->text().isEmpty() || !key->text().at(0).isPrint())
        return false;
    // An editable combo box and a spin box hand their keys to their line edit themselves, past
    // this filter: they are caught here, as the receivers.
    const auto *combo = qobject_cast<QComboBox *>(watched);
    return qobject_cast<QLineEdit *>(watched) || qobject_cast<QPlainTextEdit *>(watched) ||
           qobject_cast<QTextEdit *>(watched) || qobject_cast<QAbstractSpinBox *>(watched) ||
           (combo && combo->isEditable()) ||
           (watched->parent() && (qobject_cast<QPlainTextEdit *>(watched->parent()) ||
                                  qobject_cast<QTextEdit *>(watched->parent())));
}

// The value field a wheel event would change: the receiver, or the spin box or combo box whose
// line edit received it. A scroll bar is not one: it is what scrolls.
QWidget *valueField(QObject *watched)
{
    auto *w = qobject_cast<QWidget *>(watched);
    if (!w || qobject_cast<QScrollBar *>(w))
        return nullptr;
    if (qobject_cast<QAbstractSpinBox *>(w) || qobject_cast<QComboBox *>(w) ||
        qobject_cast<QAbstractSlider *>(w))
        return w;
    QWidget *parent = w->parentWidget();
    if (qobject_cast<QLineEdit *>(w) && parent &&
        (qobject_cast<QAbstractSpinBox *>(parent) || qobject_cast<QComboBox *>(parent)))
        return parent;
    return nullptr;
}

// Return in a table of fields edits its cell, and never presses the page's default button
// (Next, which would leave the page and start a probe): on an editable cell not being edited it
// opens the cell's editor, on a cell's own widget (a combo box) its list.
bool returnInTable(QObject *watched, const QKeyEvent *key)
{
    if ((key->key() != Qt::Key_Return && key->key() != Qt::Key_Enter) ||
        (key->modifiers() & ~Qt::KeypadModifier) != Qt::NoModifier)
        return false;
    if (auto *view = qobject_cast<QAbstractItemView *>(watched)) {
        // A combo box's open list is a view too: Return there picks the choice.
        if (view->window()->windowType() == Qt::Popup)
            return false;
        const QModelIndex index = view->currentIndex();
        if (!index.isValid())
            return false;
        if (QWidget *cell = view->indexWidget(index)) {
            cell->setFocus(Qt::OtherFocusReason);
            if (auto *combo = qobject_cast<QComboBox *>(cell))
                combo->showPopup();
            return true;
        }
        if (!(index.flags() & Qt::ItemIsEditable) ||
            view->editTriggers() == QAbstractItemView::NoEditTriggers)
            return false;
        view->edit(index);
        return true;
    }
    auto *combo = qobject_cast<QComboBox *>(watched);
    if (!combo || combo->isEditable())
        return false;
    for (QWidget *p = combo->parentWidget(); p; p = p->parentWidget())
        if (qobject_cast<QAbstractItemView *>(p)) {
            combo->showPopup();
            return true;
        }
    return false;
}

bool hasKeyboard(const QWidget *field)
{
    const QWidget *focus = QApplication::focusWidget();
    return focus && (focus == field || field->isAncestorOf(focus));
}

class InputFilter : public QObject
{
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        // A real wheel event gives a field with wheel focus the keyboard before any filter
        // sees it; value fields take the keyboard by Tab and click only. (Show as well: a field
        // polished before this filter was installed.)
        if (event->type() == QEvent::Polish || event->type() == QEvent::Show) {
            auto *w = qobject_cast<QWidget *>(watched);
            if (w && valueField(w) == w && (w->focusPolicy() & Qt::WheelFocus) == Qt::WheelFocus)
                w->setFocusPolicy(Qt::StrongFocus);
            return false;
        }
        if (event->type() == QEvent::KeyPress)
            return altLetterIntoText(watched, static_cast<QKeyEvent *>(event)) ||
                   returnInTable(watched, static_cast<QKeyEvent *>(event));
        if (event->type() != QEvent::Wheel)
            return false;
        QWidget *field = valueField(watched);
        if (!field || hasKeyboard(field))
            return false;
        // The nearest scroll area around the field scrolls instead (a table's cell editor
        // scrolls its table); without one the wheel does nothing here.
        for (QWidget *p = field->parentWidget(); p; p = p->parentWidget()) {
            auto *area = qobject_cast<QAbstractScrollArea *>(p);
            if (!area)
                continue;
            const auto *wheel = static_cast<QWheelEvent *>(event);
            const bool horizontal = wheel->angleDelta().y() == 0 && wheel->angleDelta().x() != 0;
            QScrollBar *bar = horizontal ? area->horizontalScrollBar() : area->verticalScrollBar();
            if (bar && bar->isVisible()) {
                QWheelEvent copy(QPointF(0, 0), wheel->globalPosition(), wheel->pixelDelta(),
                                 wheel->angleDelta(), wheel->buttons(), wheel->modifiers(),
                                 wheel->phase(), wheel->inverted(), wheel->source());
                QApplication::sendEvent(bar, &copy);
                break;
            }
        }
        return true;
    }
};

} // namespace

void installInputFilters(QObject *owner)
{
    qApp->installEventFilter(new InputFilter(owner));
}

} // namespace shmwise
