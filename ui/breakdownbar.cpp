// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/breakdownbar.h"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <iterator>

namespace shmwise {

BreakdownBar::BreakdownBar(QWidget *parent) : QWidget(parent)
{
    setAccessibleName(tr("Breakdown bar"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setWhatsThis(tr("<p>The /dev/shm the job needs, term by term, on one scale with the /dev/shm "
                    "there is and the memory limit it counts against. /dev/shm lives in RAM, "
                    "not in GPU memory.</p><p><a href='lesson'>What is /dev/shm?</a></p>"));
}

QSize BreakdownBar::sizeHint() const
{
    return {300, fontMetrics().height() * (m_measured ? 4 : 3) + 24};
}

QSize BreakdownBar::minimumSizeHint() const
{
    return {160, sizeHint().height()};
}

void BreakdownBar::setPlan(const QVector<PlanTerm> &terms, Bytes required)
{
    m_terms = terms;
    m_required = required;
    describe();
    update();
}

void BreakdownBar::describe()
{
    QStringList lines;
    for (const PlanTerm &t : std::as_const(m_terms))
        lines << tr("%1: %2").arg(t.title, formatSize(t.bytes));
    if (m_memory)
        lines << (m_memoryLabel.isEmpty() ? tr("memory limit: %1") : m_memoryLabel)
                     .arg(formatSize(*m_memory));
    setAccessibleDescription(lines.join(QStringLiteral("; ")));
}

void BreakdownBar::setAvailable(std::optional<Bytes> shm, const QString &label)
{
    m_shm = shm;
    m_shmLabel = label;
    update();
}

void BreakdownBar::setMemoryLimit(std::optional<Bytes> memory, const QString &label)
{
    m_memory = memory;
    m_memoryLabel = label;
    describe();
    update();
}

QColor BreakdownBar::colorFor(int index)
{
    static const QColor colors[] = {QColor(0x3d, 0xae, 0xe9), QColor(0x27, 0xae, 0x60),
                                    QColor(0xf6, 0x74, 0x00), QColor(0x9b, 0x59, 0xb6),
                                    QColor(0x1a, 0xbc, 0x9c), QColor(0xfd, 0xbc, 0x4b),
                                    QColor(0x95, 0xa5, 0xa6)};
    return colors[index % int(std::size(colors))];
}

void BreakdownBar::setMeasured(std::optional<Bytes> peak)
{
    m_measured = peak;
    updateGeometry();
    update();
}

bool BreakdownBar::event(QEvent *event)
{
    if (event->type() == QEvent::WhatsThisClicked) {
        Q_EMIT lessonRequested();
        return true;
    }
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        QString tip;
        // The segment under the pointer, named with its size.
        const Bytes scale =
            std::max({m_required, m_shm.value_or(0), m_memory.value_or(0), Bytes(1)});
        const double w = width() - 2;
        double x = 1;
        for (const PlanTerm &t : std::as_const(m_terms)) {
            const double seg = w * double(t.bytes) / double(scale);
            if (help->pos().x() >= x && help->pos().x() < x + seg)
                tip = tr("%1: %2").arg(t.title, formatSize(t.bytes));
            x += seg;
        }
        if (tip.isEmpty())
            tip = accessibleDescription();
        QToolTip::showText(help->globalPos(), tip, this);
        return true;
    }
    return QWidget::event(event);
}

QString BreakdownBar::headline() const
{
    if (m_terms.isEmpty() && m_required == 0)
        return tr("Needed: unknown until the problems below are fixed");
    return tr("Needed: %1").arg(formatSize(m_required));
}

void BreakdownBar::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QFontMetrics fm = fontMetrics();
    const int barTop = fm.height() + 4;
    const int barHeight = fm.height() + 4;
    const Bytes scale = std::max({m_required, m_shm.value_or(0), m_memory.value_or(0), Bytes(1)});
    const double w = width() - 2;
    auto xOf = [&](Bytes b) {
        return 1 + w * double(b) / double(scale);
    };
    const QColor text = palette().color(QPalette::WindowText);

    p.setPen(Qt::NoPen);
    p.setBrush(palette().color(QPalette::Base));
    p.drawRect(QRectF(1, barTop, w, barHeight));
    double x = 1;
    for (int i = 0; i < m_terms.size(); ++i) {
        const double seg = w * double(m_terms[i].bytes) / double(scale);
        p.setBrush(colorFor(i));
        p.drawRect(QRectF(x, barTop, seg, barHeight));
        if (seg > fm.horizontalAdvance(m_terms[i].title) + 6) {
            p.setPen(Qt::white);
            p.drawText(QRectF(x, barTop, seg, barHeight), Qt::AlignCenter, m_terms[i].title);
            p.setPen(Qt::NoPen);
        }
        x += seg;
    }
    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(palette().color(QPalette::Mid), 1));
    p.drawRect(QRectF(1, barTop, w, barHeight));

    // No plan (the page has problems): no size, and no mark that would read as "fits".
    p.setPen(text);
    p.drawText(QRectF(1, 0, w, fm.height()), Qt::AlignLeft | Qt::AlignVCenter, headline());
    if (m_terms.isEmpty() && m_required == 0)
        return;
    // Below the bar: the marks for what there is.
    auto mark = [&](Bytes bytes, const QColor &color, const QString &label, bool dashed, int row) {
        const double mx = std::min(xOf(bytes), double(width() - 2));
        QPen pen(color, 2);
        if (dashed)
            pen.setStyle(Qt::DashLine);
        p.setPen(pen);
        p.drawLine(QPointF(mx, barTop - 3), QPointF(mx, barTop + barHeight + 3 + row * 2));
        const int ty = barTop + barHeight + 4;
        const int tw = fm.horizontalAdvance(label);
        double tx = mx - tw / 2.0;
        tx = std::clamp(tx, 1.0, double(width() - tw - 1));
        p.setPen(color);
        p.drawText(QPointF(tx, ty + fm.ascent()), label);
    };
    const QColor bad(0xda, 0x44, 0x53), good(0x27, 0xae, 0x60);
    if (m_shm)
        mark(*m_shm, *m_shm >= m_required ? good : bad,
             tr("%1: %2").arg(m_shmLabel, formatSize(*m_shm)), false, 0);
    if (m_measured) {
        // The measured peak: a dotted line through the bar, its label on a line of its own.
        const QColor blue(0x29, 0x80, 0xb9);
        const double mx = std::min(xOf(*m_measured), double(width() - 2));
        QPen pen(blue, 2, Qt::DotLine);
        p.setPen(pen);
        p.drawLine(QPointF(mx, barTop - 3), QPointF(mx, barTop + barHeight + fm.height() + 4));
        const QString label = tr("measured peak: %1").arg(formatSize(*m_measured));
        const int tw = fm.horizontalAdvance(label);
        const double tx = std::clamp(mx - tw / 2.0, 1.0, double(width() - tw - 1));
        p.setPen(blue);
        p.drawText(QPointF(tx, barTop + barHeight + 4 + fm.height() + fm.ascent()), label);
    }
    if (m_memory && (!m_shm || *m_memory != *m_shm)) {
        const QString label = (m_memoryLabel.isEmpty() ? tr("memory limit: %1") : m_memoryLabel)
                                  .arg(formatSize(*m_memory));
        // Two labels at the same place would overlap: the memory one goes right-aligned.
        const double mx = std::min(xOf(*m_memory), double(width() - 2));
        QPen pen(text, 1, Qt::DashLine);
        p.setPen(pen);
        p.drawLine(QPointF(mx, barTop - 3), QPointF(mx, barTop + barHeight + 3));
        p.setPen(text);
        // Beside the headline on the same row: where both do not fit (Chinese, a narrow window)
        // the limit's size alone, the dashed line saying where it is; the whole sentence is in
        // the bar's description.
        const int room =
            int(w) - fm.horizontalAdvance(headline()) - fm.horizontalAdvance(QLatin1Char(' ')) * 2;
        const QString shown = fm.horizontalAdvance(label) <= room ? label
                              : fm.horizontalAdvance(formatSize(*m_memory)) <= room
                                  ? formatSize(*m_memory)
                                  : QString();
        p.drawText(QRectF(1, 0, w, fm.height()), Qt::AlignRight | Qt::AlignVCenter, shown);
    }
}

} // namespace shmwise
