// SPDX-License-Identifier: GPL-3.0-or-later
#include "shmchart.h"

#include "size.h"

#include <QPainter>
#include <QPainterPath>

namespace shmwise {

namespace {
// Keep about ten minutes at a five-second refresh.
const int kMaxSamples = 120;
} // namespace

ShmChart::ShmChart(QWidget *parent) : QWidget(parent)
{
    setAccessibleName(tr("/dev/shm use over time"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
}

void ShmChart::addSample(qint64 msSinceEpoch, quint64 usedBytes, quint64 sizeBytes)
{
    m_samples.append({msSinceEpoch, usedBytes, sizeBytes});
    if (m_samples.size() > kMaxSamples)
        m_samples.remove(0, m_samples.size() - kMaxSamples);
    setAccessibleDescription(tr("%1 of %2 used").arg(formatSize(usedBytes), formatSize(sizeBytes)));
    update();
}

void ShmChart::setRequired(quint64 bytes)
{
    m_required = bytes;
    update();
}

void ShmChart::clear()
{
    m_samples.clear();
    update();
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
    const QRectF plot = frame.adjusted(6, fh + 6, -6, -6);
    if (m_samples.isEmpty()) {
        p.setPen(pal.color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, tr("No samples yet"));
        return;
    }
    quint64 top = 1;
    for (const Sample &s : m_samples)
        top = std::max({top, s.size, s.used});
    top = std::max(top, m_required);
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

    if (m_required > 0) {
        QPen req(QColor(0xf6, 0x74, 0x00));
        req.setStyle(Qt::DashLine);
        p.setPen(req);
        p.drawLine(QPointF(plot.left(), y(m_required)), QPointF(plot.right(), y(m_required)));
    }

    const Sample &last = m_samples.constLast();
    p.setPen(pal.color(QPalette::Text));
    QString label = tr("%1 used of %2").arg(formatSize(last.used), formatSize(last.size));
    if (m_required > 0)
        label += tr(" · job needs %1").arg(formatSize(m_required));
    p.drawText(QRectF(frame.left() + 6, frame.top() + 3, frame.width() - 12, fh), Qt::AlignLeft,
               label);
}

} // namespace shmwise
