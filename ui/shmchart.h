// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDateTime>
#include <QVector>
#include <QWidget>

namespace shmwise {

// /dev/shm use over time: a filled line of used bytes under the size, with the plan's required
// size as a dashed line when known. Small and dependency-free (no Qt Charts).
class ShmChart : public QWidget
{
    Q_OBJECT
public:
    explicit ShmChart(QWidget *parent = nullptr);

    void addSample(qint64 msSinceEpoch, quint64 usedBytes, quint64 sizeBytes);
    void setRequired(quint64 bytes);
    void clear();
    int sampleCount() const { return int(m_samples.size()); }
    QSize sizeHint() const override { return {320, 150}; }
    QSize minimumSizeHint() const override { return {160, 80}; }

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    struct Sample
    {
        qint64 ms;
        quint64 used;
        quint64 size;
    };
    QVector<Sample> m_samples;
    quint64 m_required = 0;
};

} // namespace shmwise
