// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDateTime>
#include <QVector>
#include <QWidget>

#include <optional>

namespace shmwise {

// /dev/shm use over time: a filled line of used bytes under the size, with the plan's required
// size as a dashed line when known, and the limits a job meets before the size: the user's
// quota on the tmpfs and the cgroup's memory limit (a limit far above the chart is named at its
// top rather than drawn). Small and dependency-free (no Qt Charts).
class ShmChart : public QWidget
{
    Q_OBJECT
public:
    explicit ShmChart(QWidget *parent = nullptr);

    void addSample(qint64 msSinceEpoch, quint64 usedBytes, quint64 sizeBytes);
    void setRequired(quint64 bytes);
    // The user's quota on /dev/shm and the job's memory limit; nullopt: none or unknown.
    void setLimits(std::optional<quint64> quotaBytes, std::optional<quint64> memoryLimitBytes);
    // Samples and limits go (a new target); the plan's need stays.
    void clear();
    int sampleCount() const { return int(m_samples.size()); }
    // The oldest sample kept, in milliseconds since the epoch; 0 without samples. The chart keeps
    // the last hour (at most 3600 samples).
    qint64 firstSampleMs() const { return m_samples.isEmpty() ? 0 : m_samples.constFirst().ms; }
    // The fullness drawn as the warn line (80% by default, as `watch --warn`); 0 draws none.
    void setWarnPercent(double percent)
    {
        m_warnPercent = percent;
        update();
    }
    QSize sizeHint() const override { return {320, 150}; }
    // Tall enough for its three size labels and the clock under the plot.
    QSize minimumSizeHint() const override { return {160, 120}; }

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
    double m_warnPercent = 80;
    std::optional<quint64> m_quota;
    std::optional<quint64> m_memoryLimit;
};

} // namespace shmwise
