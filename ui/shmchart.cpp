// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/shmchart.h"

#include "core/size.h"

#include <QLocale>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <limits>

namespace shmwise {

namespace {
// The last hour, and never more samples than one a second of it: left running, the chart
// stays the same size.
constexpr qint64 kWindowMs = 3600 * 1000;
constexpr int kMaxSamples = 3600;
} // namespace

ShmChart::ShmChart(QWidget *parent) : QWidget(parent)
{
    setAccessibleName(tr("/dev/shm use over time"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
}

void ShmChart::addSample(qint64 msSinceEpoch, quint64 usedBytes, quint64 sizeBytes)
{
    m_samples.append({msSinceEpoch, usedBytes, sizeBytes});
    qsizetype old = 0;
    while (old < m_samples.size() - 1 && m_samples.at(old).ms < msSinceEpoch - kWindowMs)
        ++old;
    old = std::max<qsizetype>(old, m_samples.size() - kMaxSamples);
    if (old > 0)
        m_samples.remove(0, old);
    setAccessibleDescription(tr("%1 of %2 used").arg(formatSize(usedBytes), formatSize(sizeBytes)));
    update();
}

void ShmChart::setRequired(quint64 bytes)
{
    m_required = bytes;
    update();
}

void ShmChart::setLimits(std::optional<quint64> quotaBytes, std::optional<quint64> memoryLimitBytes)
{
    m_quota = quotaBytes;
    m_memoryLimit = memoryLimitBytes;
    QStringList said;
    if (m_quota)
        said << tr("your quota %1").arg(formatSize(*m_quota));
    if (m_memoryLimit)
        said << tr("memory limit %1").arg(formatSize(*m_memoryLimit));
    setToolTip(said.join(QStringLiteral("; ")));
    update();
}

void ShmChart::clear()
{
    m_samples.clear();
    setLimits(std::nullopt, std::nullopt);
}

void ShmChart::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    const QRectF frame = QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5);
    p.fillRect(rect(), pal.color(QPalette::Base));
    p.setPen(pal.color(QPalette::Mid));
    p.drawRect(frame);
    const int fh = fontMetrics().height();
    if (m_samples.isEmpty()) {
        p.setPen(pal.color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, tr("No samples yet"));
        return;
    }
    quint64 top = 1;
    for (const Sample &s : m_samples)
        top = std::max({top, s.size, s.used});
    top = std::max(top, m_required);
    // The limits a job meets before the size. One up to four times the chart's height is drawn
    // to scale; one far above it (a host's memory limit beside a small /dev/shm) would flatten
    // the use to a line, so it is named at the top instead.
    struct Limit
    {
        quint64 bytes;
        QString label;
        QColor color;
        Qt::PenStyle style;
    };
    QVector<Limit> limits;
    if (m_quota)
        limits.append({*m_quota, tr("your quota %1").arg(formatSize(*m_quota)),
                       QColor(0x93, 0x3c, 0xab), Qt::DashDotLine});
    if (m_memoryLimit)
        limits.append({*m_memoryLimit, tr("memory limit %1").arg(formatSize(*m_memoryLimit)),
                       QColor(0xda, 0x44, 0x53), Qt::DotLine});
    const quint64 base = top;
    QVector<Limit> drawn, above;
    for (const Limit &l : limits) {
        if (base <= std::numeric_limits<quint64>::max() / 4 && l.bytes <= base * 4) {
            drawn.append(l);
            top = std::max(top, l.bytes);
        } else {
            above.append(l);
        }
    }
    // Axes: sizes on the left (0, half, top), the clock below.
    const QStringList yLabels{formatSize(0), formatSize(top / 2), formatSize(top)};
    int yw = 0;
    for (const QString &l : yLabels)
        yw = std::max(yw, fontMetrics().horizontalAdvance(l));
    const QRectF plot = frame.adjusted(yw + 12, fh * 3 / 2 + 6, -8, -(fh + 6));
    p.setPen(pal.color(QPalette::Mid));
    p.drawLine(plot.bottomLeft(), plot.bottomRight());
    p.drawLine(plot.bottomLeft(), plot.topLeft());
    p.setPen(pal.color(QPalette::Text));
    for (int i = 0; i < 3; ++i) {
        const double yy = plot.bottom() - plot.height() * i / 2.0;
        p.setPen(pal.color(QPalette::Mid));
        p.drawLine(QPointF(plot.left() - 3, yy), QPointF(plot.left(), yy));
        p.setPen(pal.color(QPalette::Text));
        p.drawText(QRectF(frame.left() + 2, yy - fh / 2.0, yw + 6, fh),
                   Qt::AlignRight | Qt::AlignVCenter, yLabels[i]);
    }
    const QLocale locale;
    const QString firstTime =
        locale.toString(QDateTime::fromMSecsSinceEpoch(m_samples.constFirst().ms).time(),
                        QStringLiteral("HH:mm:ss"));
    const QString lastTime =
        locale.toString(QDateTime::fromMSecsSinceEpoch(m_samples.constLast().ms).time(),
                        QStringLiteral("HH:mm:ss"));
    const QRectF timeRow(plot.left(), plot.bottom() + 3, plot.width(), fh);
    if (m_samples.size() > 1)
        p.drawText(timeRow, Qt::AlignLeft | Qt::AlignVCenter, firstTime);
    p.drawText(timeRow, Qt::AlignRight | Qt::AlignVCenter, lastTime);
    p.drawText(timeRow, Qt::AlignHCenter | Qt::AlignVCenter, tr("time"));
    const qint64 t0 = m_samples.constFirst().ms;
    const qint64 span = std::max<qint64>(1, m_samples.constLast().ms - t0);
    auto x = [&](qint64 ms) {
        return m_samples.size() == 1 ? plot.right()
                                     : plot.left() + plot.width() * double(ms - t0) / double(span);
    };
    auto y = [&](quint64 v) {
        return plot.bottom() - plot.height() * double(v) / double(top);
    };

    // The size of /dev/shm: the ceiling.
    QPen sizePen(pal.color(QPalette::Text));
    sizePen.setWidthF(1.0);
    p.setPen(sizePen);
    QPainterPath sizePath;
    sizePath.moveTo(plot.left(), y(m_samples.constFirst().size));
    for (const Sample &s : m_samples)
        sizePath.lineTo(x(s.ms), y(s.size));
    p.drawPath(sizePath);

    // What is used, filled.
    QColor fill = pal.color(QPalette::Highlight);
    QPainterPath used;
    used.moveTo(plot.left(), plot.bottom());
    for (const Sample &s : m_samples) {
        if (m_samples.size() == 1)
            used.lineTo(plot.left(), y(s.used));
        used.lineTo(x(s.ms), y(s.used));
    }
    used.lineTo(plot.right(), plot.bottom());
    used.closeSubpath();
    fill.setAlpha(90);
    p.fillPath(used, fill);

    // The warn line: the fullness `watch --warn` and the generated alerts warn at.
    if (m_warnPercent > 0 && m_samples.constLast().size > 0) {
        const quint64 warnAt = quint64(double(m_samples.constLast().size) * m_warnPercent / 100.0);
        QColor warnColor = pal.color(QPalette::Text);
        warnColor.setAlpha(140);
        QPen warn(warnColor);
        warn.setStyle(Qt::DotLine);
        p.setPen(warn);
        p.drawLine(QPointF(plot.left(), y(warnAt)), QPointF(plot.right(), y(warnAt)));
        const QString warnLabel = tr("warn %1%").arg(m_warnPercent, 0, 'f', 0);
        p.drawText(QPointF(plot.left() + plot.width() / 2 -
                               fontMetrics().horizontalAdvance(warnLabel) / 2.0,
                           std::max(y(warnAt) - 2 - fontMetrics().descent(),
                                    plot.top() + fontMetrics().ascent())),
                   warnLabel);
    }

    if (m_required > 0) {
        QPen req(QColor(0xf6, 0x74, 0x00));
        req.setStyle(Qt::DashLine);
        p.setPen(req);
        p.drawLine(QPointF(plot.left(), y(m_required)), QPointF(plot.right(), y(m_required)));
        p.setPen(QColor(0xf6, 0x74, 0x00));
        const QString jobLabel = tr("job needs %1").arg(formatSize(m_required));
        const double ly = y(m_required) - 2 - fontMetrics().descent();
        p.drawText(QPointF(plot.right() - fontMetrics().horizontalAdvance(jobLabel) - 2,
                           std::max(ly, plot.top() + fontMetrics().ascent())),
                   jobLabel);
    }

    double labelX = plot.left() + 4;
    for (const Limit &l : drawn) {
        QPen pen(l.color);
        pen.setStyle(l.style);
        pen.setWidthF(1.5);
        p.setPen(pen);
        const double ly = y(l.bytes);
        p.drawLine(QPointF(plot.left(), ly), QPointF(plot.right(), ly));
        p.setPen(l.color);
        p.drawText(QPointF(labelX, std::max(ly - 2 - fontMetrics().descent(),
                                            plot.top() + fontMetrics().ascent())),
                   l.label);
        labelX += fontMetrics().horizontalAdvance(l.label) + 12;
    }

    // The header: the use on the left, limits above the chart on the right.
    QRectF header(frame.left() + 6, frame.top() + 3, frame.width() - 12, fh);
    for (int i = int(above.size()) - 1; i >= 0; --i) {
        const QString text = tr("%1 (above)").arg(above[i].label);
        const int w = fontMetrics().horizontalAdvance(text);
        if (w > header.width() / 2)
            continue;
        p.setPen(above[i].color);
        p.drawText(header, Qt::AlignRight, text);
        header.setRight(header.right() - w - 12);
    }
    const Sample &last = m_samples.constLast();
    p.setPen(pal.color(QPalette::Text));
    const QString label =
        tr("/dev/shm: %1 used of %2").arg(formatSize(last.used), formatSize(last.size));
    p.drawText(header, Qt::AlignLeft,
               fontMetrics().elidedText(label, Qt::ElideRight, int(header.width())));
}

} // namespace shmwise
