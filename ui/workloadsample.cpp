// SPDX-License-Identifier: GPL-3.0-or-later
// The Workload page's table of one sample's tensors: reading a row into the profile, showing the
// profile's tensors, and marking each problem in the cell it is about.
#include "ui/workloadpage.h"

#include "core/profile.h"
#include "core/size.h"
#include "ui/session.h"

#include <QComboBox>
#include <QIcon>
#include <QStyle>
#include <QTableWidget>

namespace shmwise {

void WorkloadPage::readRow(int row)
{
    const QTableWidgetItem *nameItem = m_sample->item(row, NameColumn);
    const QTableWidgetItem *shapeItem = m_sample->item(row, ShapeColumn);
    auto *dtypeBox = qobject_cast<QComboBox *>(m_sample->cellWidget(row, DTypeColumn));
    if (!nameItem || !shapeItem || !dtypeBox)
        return;
    QString error;
    QVector<quint64> minShape;
    const auto shape = parseShape(shapeItem->text(), &error, &minShape);
    // Table cells are not widgets: errors are keyed on the table and name the row.
    if (!shape) {
        m_badShapeRow = row;
        // Named as the row shows it: its number, and its name when it has one.
        const QString named = nameItem->text().trimmed();
        m_badShape = named.isEmpty()
                         ? tr("Tensor %1, shape: %2").arg(row + 1).arg(error)
                         : tr("Tensor %1 (%2), shape: %3").arg(row + 1).arg(named, error);
        setFieldError(m_sample, m_badShape);
        // A notice of the shape before (an empty dimension) is not of this text.
        setNotice(m_sample, QString());
        markRows();
        // The old size no longer stands for what is typed.
        if (QTableWidgetItem *bytes = m_sample->item(row, BytesColumn)) {
            m_syncing = true;
            bytes->setText(tr("—"));
            m_syncing = false;
        }
        return;
    }
    if (m_badShapeRow == row) {
        m_badShapeRow = -1;
        setFieldError(m_sample, QString());
    }
    const QString name = nameItem->text().trimmed();
    const auto dtype = dtypeFromName(dtypeBox->currentData().toString());
    // An emptied shape is a scalar, one value: allowed (a label is one), but a tensor that had
    // dimensions losing them all is said, since the sample shrinks to a few bytes unseen.
    const Workload &before = loader(session()->profile());
    if (shape->isEmpty() && row < before.sample.size() && !before.sample[row].shape.isEmpty())
        setNotice(m_sample, tr("Tensor %1 (%2): an empty shape is one value, a scalar; it was %3")
                                .arg(row + 1)
                                .arg(name, formatShape(before.sample[row].shape,
                                                       before.sample[row].minShape)));
    else if (shape->contains(0))
        // Allowed (an empty batch of boxes is a real tensor), but it holds nothing.
        setNotice(m_sample, tr("Tensor %1 (%2): a dimension of 0 makes it empty, 0 bytes; write "
                               "the largest size it takes")
                                .arg(row + 1)
                                .arg(name));
    else
        setNotice(m_sample, QString());
    session()->edit([&](Profile &p) {
        Workload &l = loader(p);
        if (row >= l.sample.size())
            return;
        TensorSpec &t = l.sample[row];
        t.name = name;
        t.shape = *shape;
        t.minShape = minShape;
        if (dtype)
            t.dtype = *dtype;
        l.preset.clear();
    });
}

void WorkloadPage::dropBadShape()
{
    if (m_badShapeRow < 0)
        return;
    m_badShapeRow = -1;
    setFieldError(m_sample, QString());
}

void WorkloadPage::syncTable()
{
    const Workload &w = loader(session()->profile());
    m_syncing = true;
    const bool sameRows = m_sample->rowCount() == w.sample.size();
    if (!sameRows)
        m_sample->setRowCount(int(w.sample.size()));
    for (int row = 0; row < w.sample.size(); ++row) {
        const TensorSpec &t = w.sample[row];
        auto setText = [&](int col, const QString &text, bool editable) {
            QTableWidgetItem *item = m_sample->item(row, col);
            if (!item) {
                item = new QTableWidgetItem;
                m_sample->setItem(row, col, item);
            }
            if (!editable)
                item->setFlags(item->flags() & ~Qt::ItemIsEditable);
            // Keep what the user typed when it means the same (e.g. "3x224x224"), and a shape
            // that cannot be read, marked until the user changes it.
            if (col == ShapeColumn && row == m_badShapeRow)
                return;
            if (col == ShapeColumn) {
                QVector<quint64> shownMin;
                const auto shown = parseShape(item->text(), nullptr, &shownMin);
                if (shown && *shown == t.shape &&
                    (shownMin.isEmpty() ? !t.varies() : shownMin == t.minShape))
                    return;
            }
            if (item->text() != text)
                item->setText(text);
        };
        setText(NameColumn, t.name, true);
        setText(ShapeColumn, formatShape(t.shape, t.minShape), true);
        auto *box = qobject_cast<QComboBox *>(m_sample->cellWidget(row, DTypeColumn));
        if (!box) {
            box = new QComboBox(m_sample);
            for (const QString &d : dtypeNames())
                box->addItem(d, d);
            box->setAccessibleName(tr("Tensor type"));
            m_sample->setCellWidget(row, DTypeColumn, box);
            connect(box, qOverload<int>(&QComboBox::activated), this, [this, box] {
                for (int r = 0; r < m_sample->rowCount(); ++r) {
                    if (m_sample->cellWidget(r, DTypeColumn) == box)
                        readRow(r);
                }
            });
        }
        quietly(box, [&](QComboBox *b) { b->setCurrentIndex(b->findData(dtypeName(t.dtype))); });
        const auto bytes = t.bytes();
        setText(BytesColumn, bytes ? formatSize(*bytes) : tr("too large"), false);
    }
    m_syncing = false;
}

void WorkloadPage::markRows()
{
    const QString key = boundKey(QStringLiteral("workload.sample"));
    const QVector<ProfileProblem> problems = session()->problemsUnder({key + QLatin1Char('[')});
    const QIcon icon = style()->standardIcon(QStyle::SP_MessageBoxCritical);
    const QIcon checkIcon = style()->standardIcon(QStyle::SP_MessageBoxInformation);
    const bool old = m_syncing;
    m_syncing = true;
    for (int row = 0; row < m_sample->rowCount(); ++row) {
        // Each problem is marked in the cell it is about: a shape in Shape, a name (and what
        // names no cell) in Name; the row's tooltip holds them all.
        QStringList nameLines;
        QStringList shapeLines;
        if (row == m_badShapeRow)
            shapeLines << m_badShape;
        const QString rowKey = key + QStringLiteral("[%1]").arg(row);
        for (const ProfileProblem &p : problems) {
            if (p.key != rowKey && !p.key.startsWith(rowKey + QLatin1Char('.')))
                continue;
            const QString line = tr("%1: %2").arg(fieldLabel(p.key), inFieldWords(p.message));
            (p.key == rowKey + QStringLiteral(".shape") ? shapeLines : nameLines) << line;
        }
        QString message = (nameLines + shapeLines).join(QLatin1Char('\n'));
        // A diagnosis that asks to check the sample marks each shape the way it marks the
        // other fields, unless the shape has a problem of its own.
        const bool toCheck =
            isAskingToCheck() && m_checked.contains(m_sample) && shapeLines.isEmpty();
        if (toCheck && message.isEmpty())
            message = checkTip();
        for (int col : {NameColumn, ShapeColumn}) {
            QTableWidgetItem *item = m_sample->item(row, col);
            if (!item)
                continue;
            const bool marked = !(col == NameColumn ? nameLines : shapeLines).isEmpty();
            item->setData(Qt::DecorationRole, marked                          ? icon
                                              : toCheck && col == ShapeColumn ? checkIcon
                                                                              : QIcon());
            item->setData(Qt::ToolTipRole, message.isEmpty() ? QVariant() : QVariant(message));
        }
    }
    m_syncing = old;
}

} // namespace shmwise
