// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/sizing.h"

#include <QWidget>

#include <optional>

namespace shmwise {

// The plan's breakdown drawn as one stacked bar, with the /dev/shm there is and the memory limit
// as marks on the same scale: what the job needs, and whether it fits, at a glance.
class BreakdownBar : public QWidget
{
    Q_OBJECT
public:
    explicit BreakdownBar(QWidget *parent = nullptr);

    void setPlan(const QVector<PlanTerm> &terms, Bytes required);
    // Marks; nullopt hides one.
    void setAvailable(std::optional<Bytes> shm, const QString &label);
    // The memory /dev/shm counts against, and what it is ("memory limit: %1", "host memory:
    // %1"); the label is shown with the size.
    void setMemoryLimit(std::optional<Bytes> memory, const QString &label = QString());
    // The peak `shmwise measure` saw of the job; nullopt hides it.
    void setMeasured(std::optional<Bytes> peak);
    // The colour of the index-th term, for a legend.
    static QColor colorFor(int index);
    // The line above the bar: what is needed, or that nothing is known while the page has
    // problems.
    QString headline() const;

Q_SIGNALS:
    // The link in the bar's What's This was followed.
    void lessonRequested();

public:
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    bool event(QEvent *event) override;

private:
    QVector<PlanTerm> m_terms;
    Bytes m_required = 0;
    std::optional<Bytes> m_shm;
    QString m_shmLabel;
    void describe(); // the accessible description: the terms, then the memory marked
    std::optional<Bytes> m_memory;
    QString m_memoryLabel;
    std::optional<Bytes> m_measured;
};

} // namespace shmwise
