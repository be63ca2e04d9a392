// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/frameworkrow.h"

#include "core/frameworks.h"
#include "core/profile.h"
#include "ui/page.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QLabel>
#include <QVBoxLayout>

namespace shmwise {

FrameworkRow::FrameworkRow(QWidget *parent) : QWidget(parent)
{
    m_picker = new QComboBox(this);
    m_picker->setAccessibleName(tr("Framework"));
    m_picker->addItem(tr("None (a DataLoader of my own)"), QString());
    for (const QString &name : frameworkNames())
        m_picker->addItem(frameworkTitle(name), name);
    m_note = new QLabel(this);
    m_note->setWordWrap(true);
    m_note->setTextFormat(Qt::PlainText);
    m_note->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_note->setAccessibleName(tr("Framework settings"));
    m_note->setVisible(false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_picker);
    layout->addWidget(m_note);
    setFocusProxy(m_picker);
    connect(m_picker, qOverload<int>(&QComboBox::activated), this,
            [this] { Q_EMIT chosen(m_picker->currentData().toString()); });
}

void FrameworkRow::sync(const Workload &w, bool training)
{
    const bool old = m_picker->blockSignals(true);
    int index = m_picker->findData(w.framework);
    if (index < 0 && !w.framework.isEmpty()) {
        // A name this build does not know is shown as it is, not replaced by "None".
        m_picker->addItem(w.framework, w.framework);
        index = m_picker->count() - 1;
    }
    m_picker->setCurrentIndex(index < 0 ? 0 : index);
    m_picker->blockSignals(old);

    const auto knobs = frameworkKnobs(w.framework);
    if (!knobs) {
        m_note->clear();
        m_note->setVisible(false);
        return;
    }
    const QStringList settings =
        frameworkSettings(w.framework, w, w.batchSize, w.numWorkers,
                          qMax<quint64>(1, w.effectivePrefetchFactor()), training);
    QString text;
    if (!settings.isEmpty())
        text = tr("%1 sets this loader with: %2")
                   .arg(frameworkTitle(w.framework), settings.join(QStringLiteral("; ")));
    else
        text = tr("%1 sets this loader from the training loader's settings (%2, %3).")
                   .arg(frameworkTitle(w.framework), knobs->workers, knobs->batch);
    text += QLatin1Char('\n') + knobs->note;
    m_note->setText(unbreakable(text));
    m_note->setVisible(true);
}

} // namespace shmwise
