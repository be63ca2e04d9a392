// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/hostpage.h"

#include "probes/attribution.h"
#include "probes/findings.h"
#include "probes/hostfill.h"
#include "ui/containercheck.h"
#include "ui/session.h"
#include "ui/shmchart.h"
#include "ui/shmowners.h"
#include "ui/targetpage.h"
#include "ui/textview.h"

#include <QCheckBox>
#include <QDateTime>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTableWidget>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <climits>

namespace shmwise {

namespace {
const int kRefreshMs = 5000;

QString sizeOr(const std::optional<quint64> &v, const QString &unknown)
{
    return v ? formatSize(*v) : unknown;
}
} // namespace

HostPage::HostPage(Session *session, QWidget *parent)
    : Page(session, {}, parent), m_prober(new Prober(this)),
      m_containerCheck(new ContainerCheck(this))
{
    setTitle(tr("Host"));
    setSubTitle(tr("What the target really gives a job today, and what in it will break the "
                   "job."));

    m_state = new QLabel(this);
    m_state->setWordWrap(true);
    m_state->setTextFormat(Qt::PlainText); // host names and client messages are foreign text
    m_state->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_state->setAccessibleName(tr("Probe state"));
    m_error = new QLabel(this);
    m_error->setWordWrap(true);
    m_error->setTextFormat(Qt::PlainText);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setAccessibleName(tr("Probe error"));
    {
        QPalette pal = m_error->palette();
        pal.setColor(QPalette::WindowText, QColor(0xda, 0x44, 0x53));
        m_error->setPalette(pal);
    }
    m_error->setVisible(false);
    m_checkContainer = new QPushButton(tr("Check in a cont&ainer"), this);
    m_checkContainer->setToolTip(
        tr("Start a throw-away container of the job's image with the generated flags and probe "
           "it: /dev/shm, memory and ulimit -n as the job will see them."));
    m_busy = new QProgressBar(this);
    m_busy->setRange(0, 0);
    m_busy->setMaximumWidth(120);
    m_busy->setTextVisible(false);
    m_busy->setAccessibleName(tr("Probing"));
    m_refresh = new QPushButton(tr("&Refresh"), this);
    m_cancel = new QPushButton(tr("&Cancel"), this);
    m_auto = new QCheckBox(tr("Refresh every &5 s"), this);
    m_use = new QPushButton(tr("&Use These Facts"), this);
    m_use->setToolTip(tr("Copy /dev/shm, memory and CPUs into the Environment page's fields (the "
                         "host section of the profile you save), so the plan and the fit use "
                         "what this host has."));
    m_diagnose = new QPushButton(tr("Diagnose a &log…"), this);
    m_chart = new ShmChart(this);
    m_owners = new ShmOwnersPanel(this);
    m_facts = new QTableWidget(0, 2, this);
    m_facts->setHorizontalHeaderLabels({tr("Fact"), tr("Value")});
    m_facts->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_facts->horizontalHeader()->setStretchLastSection(true);
    m_facts->verticalHeader()->setVisible(false);
    m_facts->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_facts->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_facts->setAccessibleName(tr("Host facts"));
    m_facts->setTabKeyNavigation(false);
    m_findingsView = new TextView(this);
    m_findingsView->setAccessibleName(tr("Findings"));
    m_containerBox = new QGroupBox(this);
    m_containerBox->setAccessibleName(tr("Container check"));
    m_containerFacts = new QTableWidget(0, 2, m_containerBox);
    m_containerFacts->setHorizontalHeaderLabels({tr("Fact"), tr("Value")});
    m_containerFacts->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_containerFacts->horizontalHeader()->setStretchLastSection(true);
    m_containerFacts->verticalHeader()->setVisible(false);
    m_containerFacts->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_containerFacts->setAccessibleName(tr("Container facts"));
    m_containerFacts->setTabKeyNavigation(false);
    m_containerFindings = new TextView(m_containerBox);
    m_containerFindings->setAccessibleName(tr("Container findings"));
    m_useContainer = new QPushButton(tr("Use the C&ontainer's Facts"), m_containerBox);
    m_useContainer->setToolTip(tr("Copy the container's /dev/shm, memory and CPUs into the "
                                  "profile: they are what the job gets."));
    auto *dismiss = new QPushButton(tr("Dis&miss"), m_containerBox);
    dismiss->setToolTip(tr("Close the container check's result"));
    {
        auto *l = new QVBoxLayout(m_containerBox);
        auto *panes = new QHBoxLayout;
        panes->addWidget(m_containerFacts, 1);
        panes->addWidget(m_containerFindings, 1);
        l->addLayout(panes, 1);
        auto *b = new QHBoxLayout;
        b->addWidget(m_useContainer);
        b->addStretch();
        b->addWidget(dismiss);
        l->addLayout(b);
    }
    m_containerBox->setVisible(false);
    connect(dismiss, &QPushButton::clicked, this, [this] { m_containerBox->setVisible(false); });
    connect(m_useContainer, &QPushButton::clicked, this, [this] {
        const HostFacts f = m_containerLast;
        this->session()->edit([&](Profile &p) { applyFacts(p, f, FactsPolicy::Overwrite, true); });
    });

    auto *top = new QHBoxLayout;
    top->addWidget(m_busy);
    top->addWidget(m_state, 1);
    top->addWidget(m_auto);
    top->addWidget(m_refresh);
    top->addWidget(m_cancel);
    auto *factsBox = new QGroupBox(tr("Facts"), this);
    auto *factsLayout = new QVBoxLayout(factsBox);
    factsLayout->addWidget(m_chart);
    factsLayout->addWidget(m_facts, 1);
    auto *findingsBox = new QGroupBox(tr("Findings"), this);
    auto *findingsLayout = new QVBoxLayout(findingsBox);
    findingsLayout->addWidget(m_findingsView, 1);
    auto *findingButtons = new QHBoxLayout;
    findingButtons->addWidget(m_use);
    findingButtons->addWidget(m_diagnose);
    findingButtons->addStretch();
    findingsLayout->addLayout(findingButtons);
    m_used = new QLabel(this);
    m_used->setWordWrap(true);
    m_used->setAccessibleName(tr("Used in profile"));
    m_used->setVisible(false);
    findingsLayout->addWidget(m_used);
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(factsBox);
    split->addWidget(findingsBox);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    findingButtons->insertWidget(1, m_checkContainer);
    // Who holds /dev/shm under the facts and findings, in a splitter of its own so the user can
    // give either more height. Each keeps a readable least height; a window too small for them
    // all (800x600) scrolls the page rather than squeezing the facts to two rows.
    m_facts->setMinimumHeight(m_facts->horizontalHeader()->sizeHint().height() +
                              5 * m_facts->verticalHeader()->defaultSectionSize() + 4);
    auto *vsplit = new QSplitter(Qt::Vertical, this);
    vsplit->addWidget(split);
    vsplit->addWidget(m_owners);
    vsplit->setStretchFactor(0, 3);
    vsplit->setStretchFactor(1, 1);
    vsplit->setChildrenCollapsible(false);
    auto *content = new QWidget(this);
    auto *contentLayout = new QVBoxLayout(content);
    contentLayout->setContentsMargins(0, 0, 0, 0);
    contentLayout->addWidget(vsplit, 1);
    contentLayout->addWidget(m_containerBox, 1);
    auto *scroll = new QScrollArea(this);
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_error);
    layout->addWidget(scroll, 1);
    layout->addWidget(messageLabel());

    connect(m_refresh, &QPushButton::clicked, this, &HostPage::startProbe);
    connect(m_cancel, &QPushButton::clicked, m_prober, &Prober::cancel);
    connect(m_auto, &QCheckBox::toggled, this,
            [this](bool on) { m_prober->setRefreshInterval(on ? kRefreshMs : 0); });
    connect(m_use, &QPushButton::clicked, this, &HostPage::useFacts);
    connect(m_diagnose, &QPushButton::clicked, this, &HostPage::diagnoseRequested);
    // What was removed changes what /dev/shm holds: probe again at once.
    connect(m_owners, &ShmOwnersPanel::cleaned, this, &HostPage::startProbe);
    connect(m_prober, &Prober::finished, this, &HostPage::onFinished);
    connect(m_prober, &Prober::busyChanged, this, [this](bool busy) {
        m_busy->setVisible(busy);
        m_cancel->setEnabled(busy);
        m_refresh->setEnabled(!busy);
        if (busy)
            m_state->setText(tr("Probing %1…").arg(m_prober->targetText()));
    });
    connect(session, &Session::targetChanged, this, [this] {
        // Nothing learnt about the last host says anything about this one.
        m_prober->cancel();
        // cancel() ends a watch; the checkbox still says whether to keep watching.
        m_prober->setRefreshInterval(m_auto->isChecked() ? kRefreshMs : 0);
        m_containerCheck->cancel();
        m_containerBox->setVisible(false);
        m_chart->clear();
        clearFacts();
        m_error->clear();
        m_error->setVisible(false);
        m_state->setText(tr("Not probed yet."));
    });
    connect(m_checkContainer, &QPushButton::clicked, this, [this] {
        m_containerCheck->start(this->session()->profile(), this->session()->plan());
    });
    connect(m_containerCheck, &ContainerCheck::busyChanged, this, [this](bool busy) {
        m_busy->setVisible(busy || m_prober->isBusy());
        m_checkContainer->setEnabled(!busy);
        if (busy)
            m_state->setText(
                tr("Starting a container of %1…").arg(this->session()->profile().job.image));
    });
    connect(m_containerCheck, &ContainerCheck::finished, this, &HostPage::onContainerChecked);
    m_busy->setVisible(false);
    m_cancel->setEnabled(false);
    m_use->setEnabled(false);
    m_auto->setChecked(true);
    showFacts(HostFacts());
    updateContainerButton();
}

QString HostPage::errorText() const
{
    return m_error->isVisible() ? m_error->text() : QString();
}

void HostPage::clearFacts()
{
    m_haveFacts = false;
    m_lastFacts = HostFacts();
    m_findings.clear();
    m_findingsView->clear();
    m_use->setEnabled(false);
    m_owners->clear();
    m_chart->setLimits(std::nullopt, std::nullopt);
    showFacts(HostFacts());
}

void HostPage::showError(const QString &error)
{
    m_error->setText(error);
    m_error->setVisible(!error.isEmpty());
}

void HostPage::updateContainerButton()
{
    const Profile &p = session()->profile();
    const bool offer = m_containerCheck->available(p);
    m_checkContainer->setVisible(offer);
    m_checkContainer->setEnabled(offer && !m_containerCheck->isBusy() &&
                                 session()->problems().isEmpty());
}

void HostPage::onContainerChecked(const HostFacts &facts, const QString &error)
{
    const QString image = session()->profile().job.image;
    m_containerBox->setTitle(
        tr("In a container of %1, started with the generated flags").arg(image));
    m_containerBox->setVisible(true);
    if (!error.isEmpty()) {
        m_containerLast = HostFacts();
        fillFacts(m_containerFacts, HostFacts());
        m_useContainer->setEnabled(false);
        m_containerFindings->setHtml(
            QStringLiteral("<p style='color:#da4453'>%1</p>")
                .arg(htmlText(tr("Check in a container failed: %1").arg(error))));
        m_state->setText(tr("The container check did not finish."));
        return;
    }
    m_containerLast = facts;
    m_useContainer->setEnabled(true);
    m_state->setText(
        tr("Checked inside a container of %1; its result is in its own panel below.").arg(image));
    fillFacts(m_containerFacts, facts);
    showContainerFindings();
}

void HostPage::showContainerFindings()
{
    if (m_containerBox->isHidden() || !m_useContainer->isEnabled())
        return;
    const bool planValid = session()->problems().isEmpty();
    // The container's facts are the job's own: judged as the host the job runs on.
    m_containerFindings->setHtml(
        findingsHtml(findingsForHost(m_containerLast, planValid ? &session()->plan() : nullptr)));
}

void HostPage::initializePage()
{
    m_used->setVisible(false);
    updateContainerButton();
    startProbe();
}

void HostPage::cleanupPage()
{
    m_prober->cancel();
}

void HostPage::startProbe()
{
    ProbeOptions options = m_prober->options();
    options.sshConfig = session()->sshConfig();
    m_prober->setOptions(options);
    QString error;
    if (!m_prober->setTarget(session()->target(), &error)) {
        clearFacts();
        showError(error);
        m_state->setText(tr("Not probed."));
        return;
    }
    m_prober->probe();
}

void HostPage::onFinished(const ProbeResult &result)
{
    if (!result.ok()) {
        if (result.status == ProbeResult::Status::Cancelled) {
            m_state->setText(tr("Probe of %1 cancelled.").arg(targetTitle(result.targetText)));
            return;
        }
        // What was shown may no longer be true of this host: the error replaces it, and stays
        // until a probe succeeds (an automatic refresh does not hide it).
        clearFacts();
        // The sentence on the page; the client's own last lines behind it, for whoever wants
        // them, rather than a client's log lines in front of a newcomer.
        showError(result.error);
        m_error->setToolTip(
            !result.stderrText.isEmpty() && result.status == ProbeResult::Status::Failed
                ? tr("%1 said: %2")
                      .arg(result.targetText, result.stderrText.section(QLatin1Char('\n'), -3))
                : QString());
        m_findingsView->setHtml(QStringLiteral("<p>") +
                                htmlText(tr("No findings: the probe did not answer (see why "
                                            "above). What is found once it does shows here.")) +
                                QStringLiteral("</p>"));
        m_state->setText(tr("Probe of %1 failed at %2.")
                             .arg(targetTitle(result.targetText),
                                  QLocale().toString(QTime::currentTime(), QLocale::ShortFormat)));
        return;
    }
    showError(QString());
    m_state->setText(tr("Probed %1 in %2 ms at %3.")
                         .arg(targetTitle(result.targetText))
                         .arg(result.elapsedMs)
                         .arg(QLocale().toString(QTime::currentTime(), QLocale::ShortFormat)));
    if (result.target.kind == Target::Kind::Ssh)
        TargetPage::rememberSshHost(result.targetText.mid(6));
    m_lastFacts = result.facts;
    m_haveFacts = true;
    m_use->setEnabled(true);
    {
        // Root writes past tmpfs quotas: a quota is the probing user's limit only otherwise.
        const ShmLimits limits = shmLimits(result.facts);
        std::optional<quint64> quota;
        if (limits.quotaOn && result.facts.uid != std::optional<quint64>(0))
            quota = limits.userQuotaKnown ? limits.userQuotaLimit : limits.quotaDefaultLimit;
        m_chart->setLimits(quota, limits.memoryMax);
    }
    if (result.facts.shmSizeBytes && result.facts.shmUsedBytes)
        m_chart->addSample(QDateTime::currentMSecsSinceEpoch(), *result.facts.shmUsedBytes,
                           *result.facts.shmSizeBytes);
    showFacts(result.facts);
    m_owners->showFacts(result.facts, result.target, result.targetText);
    showFindings();
}

void HostPage::showFacts(const HostFacts &f)
{
    fillFacts(m_facts, f);
}

void HostPage::fillFacts(QTableWidget *table, const HostFacts &f)
{
    const QString unknown = tr("unknown");
    QVector<QPair<QString, QString>> rows;
    rows.append({tr("/dev/shm size"), sizeOr(f.shmSizeBytes, unknown)});
    rows.append({tr("/dev/shm used"), sizeOr(f.shmUsedBytes, unknown)});
    // The limits a job meets before the size, beside it.
    const ShmLimits limits = shmLimits(f);
    QString quota = tr("none");
    if (limits.quotaOn) {
        if (limits.userQuotaKnown)
            quota = limits.userQuotaLimit ? tr("limit %1, %2 used")
                                                .arg(formatSize(*limits.userQuotaLimit),
                                                     formatSize(limits.userQuotaUsed.value_or(0)))
                                          : tr("on, no limit for you");
        else
            quota = limits.quotaDefaultLimit ? tr("%1 per user by default; yours is unknown")
                                                   .arg(formatSize(*limits.quotaDefaultLimit))
                                             : tr("on; your limit is unknown");
        if (f.uid == std::optional<quint64>(0))
            quota += QLatin1Char(' ') + tr("(root writes past it)");
    } else if (f.shmQuota.isEmpty() && f.shmOptions.isEmpty()) {
        quota = unknown;
    }
    rows.append({tr("/dev/shm quota (yours)"), quota});
    rows.append({tr("/dev/shm mount options"), f.shmOptions.isEmpty() ? unknown : f.shmOptions});
    rows.append({tr("Memory"), sizeOr(f.memTotalBytes, unknown)});
    rows.append({tr("Memory available"), sizeOr(f.memAvailableBytes, unknown)});
    QString memoryLimit = f.memoryLimitBytes   ? formatSize(*f.memoryLimitBytes)
                          : f.memoryLimitKnown ? tr("none")
                                               : unknown;
    if (limits.memoryCurrent)
        memoryLimit = tr("%1, %2 in use").arg(memoryLimit, formatSize(*limits.memoryCurrent));
    rows.append({tr("Memory limit (cgroup)"), memoryLimit});
    // /dev/shm pages count toward that limit; System V and shared anonymous memory do too.
    rows.append({tr("Shared memory in the cgroup"), sizeOr(limits.cgroupShmem, unknown)});
    const auto cpus = f.usableCpus();
    rows.append({tr("CPUs usable"), cpus ? QString::number(*cpus) : unknown});
    rows.append(
        {tr("Open files (ulimit -n)"), f.nofileSoft ? QString::number(*f.nofileSoft) : unknown});
    // The probe's own words for "no container" and "cannot tell", in the user's language.
    auto word = [&](const QString &v) {
        return v == QLatin1String("none")      ? tr("none")
               : v == QLatin1String("unknown") ? unknown
                                               : v;
    };
    rows.append({tr("Container"), word(f.containerRuntime)});
    rows.append({tr("Orchestrator"), word(f.orchestrator)});
    QStringList gpus;
    for (const auto &g : f.gpus)
        gpus << g.name;
    rows.append({tr("GPUs"), f.gpuCount ? (gpus.isEmpty() ? QString::number(*f.gpuCount)
                                                          : gpus.join(QStringLiteral(", ")))
                                        : unknown});
    rows.append({tr("kernel.shmmni"), f.shmmni ? QString::number(*f.shmmni) : unknown});
    rows.append({tr("System"), f.osName.isEmpty() ? unknown : f.osName});
    rows.append({tr("Kernel"), f.kernel.isEmpty() ? unknown : f.kernel});
    rows.append({tr("PyTorch"), f.torchVersion.isEmpty() ? unknown : f.torchVersion});
    table->setRowCount(int(rows.size()));
    for (int i = 0; i < rows.size(); ++i) {
        table->setItem(i, 0, new QTableWidgetItem(rows[i].first));
        table->setItem(i, 1, new QTableWidgetItem(rows[i].second));
    }
}

void HostPage::showFindings()
{
    const bool planValid = session()->problems().isEmpty();
    const ShmPlan &plan = session()->plan();
    m_chart->setRequired(planValid ? plan.requiredBytes : 0);
    const ShmPlan *planOrNull = planValid ? &plan : nullptr;
    m_findings = !m_haveFacts ? QVector<Finding>()
                              : jobVerdict(&m_lastFacts, session()->profile(), planOrNull,
                                           targetIsContainer(session()->target()));
    if (!m_haveFacts) {
        m_findingsView->clear();
        return;
    }
    m_findingsView->setHtml(findingsHtml(m_findings));
}

QString HostPage::findingsHtml(const QVector<Finding> &findings) const
{
    if (findings.isEmpty())
        return QStringLiteral("<p>") + tr("Nothing here will break the job.").toHtmlEscaped() +
               QStringLiteral("</p>");
    QString html;
    for (const Finding &f : findings) {
        const QString color = f.severity == FindingSeverity::Error     ? QStringLiteral("#da4453")
                              : f.severity == FindingSeverity::Warning ? QStringLiteral("#f67400")
                                                                       : QStringLiteral("#3daee9");
        html += QStringLiteral("<p><span style='color:%1'><b>%2</b></span> <b>%3</b>"
                               "<br/>%4<br/><i>%5</i></p>")
                    .arg(color, findingSeverityTitle(f.severity).toHtmlEscaped(), htmlText(f.title),
                         htmlText(f.evidence), htmlText(f.fix));
    }
    return html;
}

void HostPage::useFacts()
{
    if (!m_haveFacts)
        return;
    const HostFacts f = m_lastFacts;
    // A container job does not get its host's /dev/shm: copying it would size the container's
    // from the wrong place. A container check's facts are the job's own, /dev/shm included.
    const bool fromContainer = targetIsContainer(session()->target());
    const HostSpec before = session()->profile().host;
    session()->edit([&](Profile &p) { applyFacts(p, f, FactsPolicy::Overwrite, fromContainer); });
    // Say what the profile took, so the click is seen to do something.
    const HostSpec &after = session()->profile().host;
    QStringList taken;
    if (after.memoryBytes)
        taken << tr("host memory %1").arg(formatSize(*after.memoryBytes));
    if (after.cpus)
        taken << countText(int(qMin<quint64>(*after.cpus, INT_MAX)), tr("1 CPU"), tr("%1 CPUs"));
    if (after.shmBytes)
        taken << tr("current /dev/shm %1").arg(formatSize(*after.shmBytes));
    if (taken.isEmpty())
        m_used->setText(tr("The probe gave nothing the profile can take."));
    else
        m_used->setText(
            unbreakable((after.memoryBytes == before.memoryBytes && after.cpus == before.cpus &&
                                 after.shmBytes == before.shmBytes
                             ? tr("The profile already had these: %1.")
                             : tr("The profile now has %1 (the Environment page shows them)."))
                            .arg(taken.join(QStringLiteral(", ")))));
    m_used->setVisible(true);
}

void HostPage::syncFromProfile()
{
    updateContainerButton();
    if (m_haveFacts)
        showFindings();
    showContainerFindings();
}

} // namespace shmwise
