// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/shmlesson.h"

#include "core/environments.h"
#include "core/size.h"
#include "ui/page.h"
#include "ui/textview.h"

#include <QDialogButtonBox>
#include <QPainter>
#include <QPushButton>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <algorithm>

namespace shmwise {

MemoryLayers::MemoryLayers(QWidget *parent) : QWidget(parent)
{
    setAccessibleName(tr("GPU memory, RAM and /dev/shm of this host"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void MemoryLayers::setFacts(const std::optional<HostFacts> &facts, std::optional<Bytes> required,
                            const JobShm &job)
{
    m_facts = facts;
    m_required = required;
    m_job = job;
    // Without a job's figure, the host's own /dev/shm is the picture's.
    if (!m_job.bytes && m_job.source.isEmpty() && facts && facts->shmSizeBytes)
        m_job = {facts->shmSizeBytes, tr("the probed host's /dev/shm")};
    setAccessibleDescription(description());
    setToolTip(description());
    update();
}

QSize MemoryLayers::sizeHint() const
{
    return {480, fontMetrics().height() * 9};
}

QString MemoryLayers::description() const
{
    auto size = [this](const std::optional<Bytes> &b) {
        return b ? formatSize(*b) : tr("unknown");
    };
    QStringList parts;
    if (!m_facts) {
        parts << tr("No host probed yet: the Host page's probe fills this picture.");
    } else {
        const HostFacts &f = *m_facts;
        // Facts that are not a probe's (the profile's memory alone) say nothing of GPUs.
        if (f.gpus.isEmpty() && f.complete)
            parts << tr("GPU memory: no GPU reported (nvidia-smi).");
        for (const GpuInfo &g : f.gpus)
            parts << tr("GPU memory: %1, %2 (separate from RAM; /dev/shm is not here).")
                         .arg(g.name, size(g.memoryBytes));
        parts << tr("RAM: %1; memory limit: %2.")
                     .arg(size(f.memTotalBytes), f.memoryLimitBytes
                                                     ? formatSize(*f.memoryLimitBytes)
                                                 : f.memoryLimitKnown ? tr("none")
                                                                      : tr("unknown"));
    }
    parts << tr("The job's /dev/shm (in RAM, counted against the limit): %1, %2.")
                 .arg(size(m_job.bytes), m_job.source);
    if (m_required)
        parts << tr("The job needs %1 of /dev/shm.").arg(formatSize(*m_required));
    return parts.join(QLatin1Char(' '));
}

void MemoryLayers::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    const int line = fontMetrics().height();
    const int labelW =
        std::min(width() / 3, fontMetrics().horizontalAdvance(QLatin1Char('M')) * 14);
    const int barX = labelW + 8;
    const int barW = std::max(40, width() - barX - 4);
    const QColor gpu(0x8e, 0x44, 0xad), ram(0x3d, 0xae, 0xe9), shm(0xf6, 0x74, 0x00);
    auto label = [&](int y, const QString &text) {
        p.setPen(pal.color(QPalette::WindowText));
        p.drawText(QRect(0, y, labelW, line * 2),
                   Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, text);
    };
    auto frame = [&](int y, const QColor &c, double fraction, const QString &inside) {
        const QRectF r(barX, y + 2, barW, line * 2 - 4);
        p.setPen(pal.color(QPalette::Mid));
        p.setBrush(pal.color(QPalette::Base));
        p.drawRoundedRect(r, 3, 3);
        if (fraction > 0) {
            p.setBrush(c);
            p.setPen(Qt::NoPen);
            p.drawRoundedRect(QRectF(r.x(), r.y(),
                                     std::max(2.0, r.width() * std::min(1.0, fraction)),
                                     r.height()),
                              3, 3);
        }
        p.setPen(pal.color(QPalette::Text));
        p.drawText(r.adjusted(6, 0, -6, 0), Qt::AlignVCenter | Qt::AlignLeft, inside);
    };
    const std::optional<HostFacts> &f = m_facts;
    // GPU memory: its own row, apart from RAM.
    int y = 0;
    label(y, tr("GPU memory"));
    QString gpus = tr("no GPU reported");
    if (f && !f->gpus.isEmpty()) {
        QStringList each;
        for (const GpuInfo &g : f->gpus)
            each << (g.memoryBytes ? formatSize(*g.memoryBytes) : tr("unknown"));
        gpus = tr("%n device(s): %1", nullptr, int(f->gpus.size()))
                   .arg(each.join(QStringLiteral(", ")));
    } else if (!f || !f->complete) {
        gpus = tr("not probed");
    }
    frame(y, gpu, f && !f->gpus.isEmpty() ? 1.0 : 0.0, gpus);
    // RAM, with the memory limit marked.
    y += line * 3;
    label(y, tr("RAM and its limit"));
    const Bytes total = f && f->memTotalBytes ? *f->memTotalBytes : 0;
    QString ramText = total > 0 ? formatSize(total) : tr("unknown");
    if (f && f->memoryLimitBytes)
        ramText += QStringLiteral(" · ") + tr("limit %1").arg(formatSize(*f->memoryLimitBytes));
    frame(y, ram, total > 0 ? 1.0 : 0.0, ramText);
    // A marker line is drawn under the bar's words: they sit on a patch of the field's colour.
    const auto wordsOver = [&](int top, const QString &text) {
        const QRectF r(barX, top, barW, line * 2);
        const QRectF words =
            p.boundingRect(r.adjusted(6, 0, -6, 0), Qt::AlignVCenter | Qt::AlignLeft, text);
        QColor patch = pal.color(QPalette::Base);
        patch.setAlpha(220);
        p.fillRect(words.adjusted(-2, 1, 2, -1), patch);
        p.setPen(pal.color(QPalette::Text));
        p.drawText(r.adjusted(6, 0, -6, 0), Qt::AlignVCenter | Qt::AlignLeft, text);
    };
    if (total > 0 && f && f->memoryLimitBytes && *f->memoryLimitBytes < total) {
        const double x = barX + barW * double(*f->memoryLimitBytes) / double(total);
        p.setPen(QPen(pal.color(QPalette::WindowText), 2, Qt::DashLine));
        p.drawLine(QPointF(x, y), QPointF(x, y + line * 2));
        wordsOver(y, ramText);
    }
    // /dev/shm, drawn inside RAM to its scale: a part of the same memory.
    y += line * 3;
    label(y, tr("The job's /dev/shm (inside RAM)"));
    const std::optional<Bytes> &jobShmBytes = m_job.bytes;
    const Bytes scale = total > 0 ? total : jobShmBytes ? *jobShmBytes : 1;
    const double shmFraction =
        jobShmBytes && scale > 0 ? double(*jobShmBytes) / double(scale) : 0.0;
    const QString size = jobShmBytes ? formatSize(*jobShmBytes) : tr("unknown");
    QString numbers;
    // What is in use is the probed host's, shown only when that is the job's /dev/shm.
    if (f && f->shmUsedBytes && f->shmSizeBytes && jobShmBytes == f->shmSizeBytes)
        numbers += QStringLiteral(" · ") + tr("%1 used").arg(formatSize(*f->shmUsedBytes));
    if (m_required)
        numbers += QStringLiteral(" · ") + tr("job needs %1").arg(formatSize(*m_required));
    // Where the size comes from follows the size it explains ("64 MiB, Docker's default"),
    // cut with an ellipsis to leave the numbers whole (the tooltip says it whole).
    QString shmText = size + numbers;
    if (!m_job.source.isEmpty()) {
        const int room = barW - 12 - fontMetrics().horizontalAdvance(size + numbers) -
                         fontMetrics().horizontalAdvance(QStringLiteral(", "));
        const QString source = fontMetrics().elidedText(m_job.source, Qt::ElideRight, room);
        if (room > fontMetrics().horizontalAdvance(QStringLiteral("xxxxxx")))
            shmText = size + QStringLiteral(", ") + source + numbers;
    }
    shmText = fontMetrics().elidedText(shmText, Qt::ElideRight, barW - 12);
    frame(y, shm, shmFraction, shmText);
    if (m_required && scale > 0) {
        const double x = barX + barW * std::min(1.0, double(*m_required) / double(scale));
        p.setPen(QPen(QColor(0xda, 0x44, 0x53), 2));
        p.drawLine(QPointF(x, y), QPointF(x, y + line * 2));
        wordsOver(y, shmText);
    }
}

ShmLesson::ShmLesson(QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("What is /dev/shm?"));
    m_layers = new MemoryLayers(this);
    m_text = new TextView(this);
    m_text->setAccessibleName(tr("What is /dev/shm?"));
    QString defaults;
    for (const QString &name : environmentNames()) {
        const auto e = environmentFromName(name);
        if (!e)
            continue;
        const auto d = environmentDefaultShm(*e);
        // Where the job runs on the host itself, /dev/shm is the host's mount.
        const bool onHost = !environmentRunsInContainer(*e);
        const QString what =
            d        ? formatSize(*d)
            : onHost ? tr("the host's: half of RAM on a systemd host, unless fstab sets a size")
                     : tr("not documented: measure it (the preflight script prints it)");
        defaults += QStringLiteral("<tr><td>%1</td><td>%2</td></tr>")
                        .arg(environmentTitle(*e).toHtmlEscaped(), htmlText(what));
    }
    const QString html =
        QStringLiteral("<h3>%1</h3><p>%2</p><h3>%3</h3><p>%4</p><h3>%5</h3><p>%6</p>"
                       "<h3>%7</h3><table cellspacing='0' cellpadding='3'>%8</table>")
            .arg(tr("Three kinds of memory").toHtmlEscaped(),
                 htmlText(
                     tr("GPU memory holds the model and the tensors on the device; a CUDA "
                        "out-of-memory error is about it. RAM holds the processes: the training "
                        "loop, its DataLoader workers, the page cache. /dev/shm is a file system "
                        "(tmpfs) that lives in RAM: what is written there takes RAM, and inside a "
                        "container it counts against the container's memory limit. It is not GPU "
                        "memory, and a bigger GPU does not make it bigger.")),
                 tr("Why the DataLoader uses it").toHtmlEscaped(),
                 htmlText(
                     tr("With num_workers above 0 each worker is a process of its own. It collates "
                        "a batch and hands it to the training process through shared memory: every "
                        "tensor of the batch becomes a file in /dev/shm until the training loop is "
                        "done with it. Workers × prefetch factor batches wait there, plus the ones "
                        "the loop holds, for every process on the node. When it is full a worker "
                        "dies with \"Bus error\" and \"out of shared memory\".")),
                 tr("What fixes it").toHtmlEscaped(),
                 htmlText(tr(
                     "A larger /dev/shm where the environment lets you set one (the Results page "
                     "writes the setting: --shm-size, shm_size, an emptyDir with medium: Memory, "
                     "an fstab size), within the memory it lives in; or DataLoader settings that "
                     "need less (fewer workers, a smaller prefetch factor or batch). Raising "
                     "kernel.shmmax does nothing for /dev/shm.")),
                 tr("What each environment gives by default").toHtmlEscaped(), defaults);
    m_text->setHtml(html);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->button(QDialogButtonBox::Close)->setText(tr("&Close"));
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_layers);
    layout->addWidget(m_text, 1);
    layout->addWidget(buttons);
    resizeWithinScreen(this, QSize(640, 620));
}

void ShmLesson::showEvent(QShowEvent *event)
{
    QDialog::showEvent(event);
    // The keyboard comes here (the text scrolls with it, Esc closes), not left on the window
    // that opened it.
    m_text->setFocus(Qt::ActiveWindowFocusReason);
}

void ShmLesson::setFacts(const std::optional<HostFacts> &facts, std::optional<Bytes> required,
                         const JobShm &job)
{
    m_layers->setFacts(facts, required, job);
}

QString ShmLesson::text() const
{
    return m_layers->description() + QLatin1Char('\n') + m_text->toPlainText();
}

} // namespace shmwise
