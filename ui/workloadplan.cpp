// SPDX-License-Identifier: GPL-3.0-or-later
// The Workload page's right-hand side: the plan (its size, the breakdown bar and terms, the
// warnings), the link to "What is /dev/shm?", and the marks a diagnosis asks to check.
#include "ui/workloadpage.h"

#include "core/environments.h"
#include "core/ray.h"
#include "core/serving.h"
#include "core/size.h"
#include "generators/gen_common.h"
#include "ui/breakdownbar.h"
#include "ui/fitbox.h"
#include "ui/loaderpicker.h"
#include "ui/page.h"
#include "ui/session.h"
#include "ui/textview.h"

#include <QAbstractSpinBox>
#include <QAbstractTextDocumentLayout>
#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QStyle>
#include <QTableWidget>
#include <QTextBrowser>
#include <QTextDocument>
#include <QUrl>

#include <algorithm>
#include <cmath>

namespace shmwise {

void WorkloadPage::createPlanView()
{
    m_required = new QLabel(this);
    QFont big = m_required->font();
    big.setPointSizeF(big.pointSizeF() * 1.6);
    big.setBold(true);
    m_required->setFont(big);
    m_required->setAccessibleName(tr("Required /dev/shm"));
    // A narrow window wraps the headline rather than scrolling the plan sideways.
    m_required->setWordWrap(true);
    m_recommended = new QLabel(this);
    m_recommended->setWordWrap(true);
    m_breakdown = new TextView(this);
    m_breakdown->setAccessibleName(tr("Breakdown of the /dev/shm needed"));
    m_breakdown->setFrameShape(QFrame::NoFrame);
    m_breakdown->viewport()->setAutoFillBackground(false);
    // The breakdown is as tall as its text: the page's own scroll area scrolls it with the plan,
    // rather than a second scroll area squeezing it to a few lines.
    m_breakdown->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_breakdown->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);
    connect(m_breakdown->document()->documentLayout(),
            &QAbstractTextDocumentLayout::documentSizeChanged, m_breakdown, [this](QSizeF size) {
                const int frame = 2 * m_breakdown->frameWidth();
                m_breakdown->setMinimumHeight(int(std::ceil(size.height())) + frame);
            });
    // A term's details (how its figure is counted) stay folded under one link until asked for.
    m_breakdown->setOpenLinks(false);
    connect(m_breakdown, &QTextBrowser::anchorClicked, this, [this](const QUrl &url) {
        const QString key = url.fragment(QUrl::FullyDecoded);
        if (!m_openDetails.remove(key))
            m_openDetails.insert(key);
        syncPlan();
    });
    m_warnings = new QLabel(this);
    m_warnings->setAccessibleName(tr("Plan warnings"));
    m_warnings->setWordWrap(true);
    m_warnings->setTextFormat(Qt::PlainText);
    m_bar = new BreakdownBar(this);
    connect(m_bar, &BreakdownBar::lessonRequested, this, &WorkloadPage::lessonRequested);
    m_lessonLink = new QLabel(
        QStringLiteral("<a href='lesson'>%1</a>").arg(tr("What is /dev/shm?").toHtmlEscaped()),
        this);
    m_lessonLink->setAccessibleName(tr("What is /dev/shm?"));
    m_lessonLink->setTextInteractionFlags(Qt::LinksAccessibleByMouse |
                                          Qt::LinksAccessibleByKeyboard);
    connect(m_lessonLink, &QLabel::linkActivated, this, &WorkloadPage::lessonRequested);
    m_checkNote = new QLabel(this);
    m_checkNote->setWordWrap(true);
    m_checkNote->setTextFormat(Qt::PlainText);
    m_checkNote->setAccessibleName(tr("Fields to check"));
    m_checkNote->setVisible(false);
    // A request to check is not a problem: the information icon, beside the note and inside
    // each field to check, never the critical mark of a field that cannot be read.
    m_checkIcon = new QLabel(this);
    const int side = style()->pixelMetric(QStyle::PM_SmallIconSize);
    m_checkIcon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxInformation).pixmap(side));
    m_checkIcon->setAlignment(Qt::AlignTop);
    m_checkIcon->setVisible(false);
}

void WorkloadPage::askToCheck(bool defaults)
{
    m_checkNote->setText(
        defaults ? tr("These numbers are the preset's defaults, not your job's, until you change "
                      "them: set the marked fields (the sample, batch size, workers, prefetch "
                      "factor) to those of the job that failed, or measure it with Measure My "
                      "Training Script…; the plan follows them.")
                 : tr("Check the marked fields against the job that failed (the sample, batch "
                      "size, workers, prefetch factor): the plan is only as right as they are."));
    clearCheckMarks();
    m_checkNote->setVisible(true);
    m_checkIcon->setVisible(true);
    m_checked = {m_preset, m_sample, m_sampleBytes, m_batch, m_workers, m_prefetch};
    const QIcon icon = style()->standardIcon(QStyle::SP_MessageBoxInformation);
    for (QWidget *w : std::as_const(m_checked)) {
        w->setProperty("shmwiseToCheck", true);
        QLineEdit *edit = qobject_cast<QLineEdit *>(w);
        if (!edit && qobject_cast<QAbstractSpinBox *>(w))
            edit = w->findChild<QLineEdit *>();
        if (!edit)
            continue;
        QAction *a = edit->addAction(icon, QLineEdit::LeadingPosition);
        a->setObjectName(QStringLiteral("fieldToCheck"));
        a->setToolTip(checkTip());
        m_checkActions.insert(edit, a);
    }
    // The preset list and the tensor rows have no line edit: the preset shown gets the icon,
    // and each tensor's shape (markRows()).
    if (m_preset->currentIndex() >= 0) {
        m_preset->setItemIcon(m_preset->currentIndex(), icon);
        m_preset->setToolTip(checkTip());
    }
    m_checkedFrom = session()->profile();
    markRows();
}

QString WorkloadPage::checkTip()
{
    return tr("Check this against the job that failed.");
}

void WorkloadPage::fieldErrorsChanged()
{
    if (hasFieldErrors() != m_planWaits)
        syncPlan();
}

void WorkloadPage::clearCheckMarks()
{
    m_checkNote->setVisible(false);
    m_checkIcon->setVisible(false);
    for (QWidget *w : std::as_const(m_checked))
        w->setProperty("shmwiseToCheck", QVariant());
    m_checked.clear();
    for (auto it = m_checkActions.cbegin(); it != m_checkActions.cend(); ++it) {
        it.key()->removeAction(it.value());
        it.value()->deleteLater();
    }
    m_checkActions.clear();
    for (int i = 0; i < m_preset->count(); ++i)
        m_preset->setItemIcon(i, QIcon());
    m_preset->setToolTip(QString());
    markRows();
}

void WorkloadPage::unmarkChecked(QWidget *field)
{
    if (!m_checked.removeAll(field))
        return;
    field->setProperty("shmwiseToCheck", QVariant());
    QLineEdit *edit = qobject_cast<QLineEdit *>(field);
    if (!edit && qobject_cast<QAbstractSpinBox *>(field))
        edit = field->findChild<QLineEdit *>();
    if (edit) {
        if (QAction *a = m_checkActions.take(edit)) {
            edit->removeAction(a);
            a->deleteLater();
        }
    }
    if (field == m_preset) {
        for (int i = 0; i < m_preset->count(); ++i)
            m_preset->setItemIcon(i, QIcon());
        m_preset->setToolTip(QString());
    }
    if (field == m_sample)
        markRows();
}

bool WorkloadPage::isAskingToCheck() const
{
    return m_checkedFrom.has_value();
}

void WorkloadPage::syncPlan()
{
    const Session *s = session();
    const ShmPlan &plan = s->plan();
    // A plan beyond memory is still shown (its terms say what to lower); any other problem
    // leaves no plan to show.
    const bool valid =
        std::all_of(s->problems().cbegin(), s->problems().cend(), [](const ProfileProblem &p) {
            return p.key == QLatin1String("workload.plan");
        });
    m_fitBox->sync(m_loaders->current());
    // A field whose text cannot be read leaves the profile as it was: its plan is not of what
    // the page shows, nor is the fit, which waits with it.
    m_planWaits = hasFieldErrors();
    m_fitBox->setEnabled(!m_planWaits);
    if (!valid || m_planWaits) {
        m_bar->setPlan({}, 0);
        m_breakdown->clear();
        m_required->setText(tr("—"));
        m_recommended->setText(tr("Fix the problems below to see the plan."));
        m_warnings->clear();
        return;
    }
    const Profile &profile = s->profile();
    const std::optional<Bytes> shmThere = jobShm(profile).bytes;
    // With several loaders each term's title names its loader, in the bar and the list.
    const QVector<PlanTerm> &terms = plan.breakdown;
    m_bar->setPlan(terms, plan.requiredBytes);
    m_bar->setAvailable(shmThere,
                        profile.host.shmBytes ? tr("/dev/shm there") : tr("default /dev/shm"));
    // The limit the generated files set (the job's own memory plus its /dev/shm), the job's
    // own memory where no file sets one, or the host's memory: each said as what it is.
    if (const auto limit = plan.errors.isEmpty() && profile.shmAdjustable() &&
                                   environmentRunsInContainer(profile.environment)
                               ? gen::memoryWithShm(profile, plan)
                               : std::nullopt)
        m_bar->setMemoryLimit(limit, tr("memory limit the files set: %1"));
    else if (profile.job.memoryBytes)
        m_bar->setMemoryLimit(profile.job.memoryBytes, tr("the job's memory: %1"));
    else
        m_bar->setMemoryLimit(profile.host.memoryBytes, tr("host memory: %1"));
    m_bar->setMeasured(m_measuredPeak);
    QFont requiredFont = font();
    requiredFont.setBold(true);
    if (profile.shmAdjustable())
        requiredFont.setPointSizeF(requiredFont.pointSizeF() * 1.6);
    m_required->setFont(requiredFont);
    if (profile.shmAdjustable()) {
        // A number and its unit stay on one line ("696.9" above "MiB" in Chinese).
        m_required->setText(unbreakable(tr("%1 required").arg(formatSize(plan.requiredBytes))));
    } else {
        // Nobody can raise it here: the fit below is what to act on, not this size.
        m_required->setText(
            unbreakable(tr("%1 needed as configured").arg(formatSize(plan.requiredBytes))));
    }
    // Where /dev/shm cannot be raised there is nothing to configure: the fit says what to do.
    // A plan beyond memory is no size to configure either: its terms say what to lower.
    QString rec = !ray::storeBytes(profile)
                      ? tr("No size to configure yet: Ray's object store is part of it, and its "
                           "size is not known (below).")
                  : !plan.errors.isEmpty()
                      ? tr("No size to configure: this is more than the memory there (below). "
                           "One batch is %1; %2 batches are in flight per process: lower the "
                           "largest terms.")
                            .arg(formatSize(plan.batchBytes))
                            .arg(plan.batchesInFlight)
                  : profile.shmAdjustable()
                      ? tr("Configure %1. One batch is %2; %3 batches are in flight per process.")
                            .arg(formatSize(plan.recommendedBytes), formatSize(plan.batchBytes))
                            .arg(plan.batchesInFlight)
                      : tr("One batch is %1; %2 batches are in flight per process.")
                            .arg(formatSize(plan.batchBytes))
                            .arg(plan.batchesInFlight);
    // A server that runs no loader has no batch to speak of: its terms are its own.
    if (serving::serverOnly(profile))
        rec = !plan.errors.isEmpty()
                  ? tr("No size to configure: this is more than the memory there (below).")
              : profile.shmAdjustable()
                  ? tr("Configure %1: the server's own structures in /dev/shm, below.")
                        .arg(formatSize(plan.recommendedBytes))
                  : tr("The server's own structures in /dev/shm, below.");
    if (plan.openFiles > 0 && !serving::serverOnly(profile))
        rec += QLatin1Char(' ') + tr("The main process holds about %1 shared-memory files "
                                     "(ulimit -n %2 covers them).")
                                      .arg(plan.openFiles)
                                      .arg(plan.nofileLimit);
    // The /dev/shm of a container counts against its memory limit: the files raise the limit by
    // it, and the page says so before the Results do.
    if (plan.errors.isEmpty() && profile.shmAdjustable() &&
        environmentRunsInContainer(profile.environment))
        if (const auto limit = gen::memoryWithShm(profile, plan))
            rec += QLatin1Char(' ') +
                   tr("The memory limit the files set is %1: the job's %2 plus this /dev/shm, "
                      "which counts against it.")
                       .arg(formatSize(*limit), formatSize(*profile.job.memoryBytes));
    m_recommended->setText(unbreakable(rec));
    const QString dim = palette().color(QPalette::PlaceholderText).name();
    QString html = QStringLiteral("<table width='100%' cellspacing='0' cellpadding='2'>");
    for (int i = 0; i < terms.size(); ++i) {
        const PlanTerm &t = terms[i];
        // The square is the term's colour in the bar above.
        html += QStringLiteral("<tr><td><b><span style='color:%5'>&#9632;</span> %1</b></td>"
                               "<td align='right'><b>%2</b></td></tr>"
                               "<tr><td colspan='2' style='color:%3; padding-bottom:6px'>%4</td>"
                               "</tr>")
                    .arg(t.title.toHtmlEscaped(), formatSize(t.bytes).toHtmlEscaped(), dim,
                         unbreakable(t.why).toHtmlEscaped(), BreakdownBar::colorFor(i).name());
        if (t.details.isEmpty())
            continue;
        const QString key = t.loader.isEmpty() ? t.id : t.id + QLatin1Char('/') + t.loader;
        const bool open = m_openDetails.contains(key);
        html += QStringLiteral("<tr><td colspan='2' style='padding-bottom:6px'>"
                               "<a href='#%1'>%2</a></td></tr>")
                    .arg(QString::fromLatin1(QUrl::toPercentEncoding(key)),
                         (open ? tr("Hide how this is counted") : tr("How this is counted"))
                             .toHtmlEscaped());
        if (open)
            html += QStringLiteral("<tr><td colspan='2' style='color:%1; padding-bottom:6px; "
                                   "padding-left:12px'>%2</td></tr>")
                        .arg(dim, unbreakable(t.details).toHtmlEscaped());
    }
    html += QStringLiteral("</table>");
    m_breakdown->setHtml(html);
    QStringList warnings;
    for (const QString &w : plan.warnings)
        warnings << QStringLiteral("• ") + inFieldWords(w);
    m_warnings->setText(unbreakable(warnings.join(QLatin1Char('\n'))));
}

} // namespace shmwise
