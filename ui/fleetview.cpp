// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/fleetview.h"

#include "core/atomicfile.h"
#include "probes/inventory.h"
#include "ui/page.h"

#include <QBrush>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

namespace shmwise {

namespace {

enum Column
{
    HostColumn,
    TargetColumn,
    ShmColumn,
    UsedColumn,
    MemoryColumn,
    NofileColumn,
    VerdictColumn,
    ColumnCount
};

// The columns the window shows, from fleetRowTexts().
const int kRowText[ColumnCount] = {FleetHostColumn,    FleetTargetColumn, FleetShmColumn,
                                   FleetShmUsedColumn, FleetMemoryColumn, FleetNofileColumn,
                                   FleetVerdictColumn};

} // namespace

FleetView::FleetView(const std::optional<ShmPlan> &plan, const QString &sshConfig, QWidget *parent)
    : QDialog(parent), m_fleet(new FleetProber(this)), m_plan(plan), m_sshConfig(sshConfig)
{
    setWindowTitle(tr("Fleet"));
    m_targets = new QPlainTextEdit(this);
    m_targets->setAccessibleName(tr("Targets"));
    m_targets->setPlaceholderText(tr("one target per line: ssh://user@host:port, local, ..."));
    m_targets->setMaximumHeight(80);
    m_inventory = new QLineEdit(this);
    m_inventory->setAccessibleName(tr("Ansible inventory"));
    m_inventory->setPlaceholderText(tr("optional: an Ansible inventory (INI or YAML)"));
    auto *browse = new QPushButton(tr("&Browse…"), this);
    m_limit = new QLineEdit(this);
    m_limit->setAccessibleName(tr("Limit"));
    m_limit->setPlaceholderText(tr("optional: groups or hosts, e.g. gpu:!gpu01"));
    m_jobs = new QSpinBox(this);
    m_jobs->setRange(1, 256);
    m_jobs->setValue(8);
    m_jobs->setAccessibleName(tr("Probes at once"));
    m_refresh = new QPushButton(tr("&Probe all"), this);
    m_table = new QTableWidget(0, ColumnCount, this);
    m_table->setHorizontalHeaderLabels({tr("Host"), tr("Target"), tr("/dev/shm"), tr("Used"),
                                        tr("Memory"), tr("ulimit -n"), tr("Verdict")});
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->verticalHeader()->hide();
    m_details = new QPlainTextEdit(this);
    m_details->setReadOnly(true);
    m_details->setAccessibleName(tr("Host details"));
    m_message = new QLabel(this);
    m_message->setWordWrap(true);
    auto *csvButton = new QPushButton(tr("Export &CSV…"), this);
    auto *jsonButton = new QPushButton(tr("Export &JSON…"), this);
    auto *close = new QPushButton(tr("Close"), this);

    auto *form = new QFormLayout;
    form->addRow(tr("&Targets:"), m_targets);
    auto *inv = new QHBoxLayout;
    inv->addWidget(m_inventory, 1);
    inv->addWidget(browse);
    // A row of a layout gets no buddy by itself: its label would show the '&'.
    auto *invLabel = new QLabel(tr("&Inventory:"), this);
    invLabel->setBuddy(m_inventory);
    form->addRow(invLabel, inv);
    form->addRow(tr("&Limit:"), m_limit);
    form->addRow(tr("Probes at &once:"), m_jobs);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_table);
    split->addWidget(m_details);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_refresh);
    buttons->addStretch();
    buttons->addWidget(csvButton);
    buttons->addWidget(jsonButton);
    buttons->addWidget(close);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(split, 1);
    layout->addWidget(m_message);
    layout->addLayout(buttons);
    resizeWithinScreen(this, QSize(900, 600));

    connect(browse, &QPushButton::clicked, this, [this] {
        const QString f = QFileDialog::getOpenFileName(this, tr("Ansible inventory"));
        if (!f.isEmpty())
            m_inventory->setText(f);
    });
    connect(m_refresh, &QPushButton::clicked, this, &FleetView::refresh);
    connect(csvButton, &QPushButton::clicked, this, [this] { exportAs(false); });
    connect(jsonButton, &QPushButton::clicked, this, [this] { exportAs(true); });
    connect(close, &QPushButton::clicked, this, &QDialog::accept);
    connect(m_table, &QTableWidget::itemSelectionChanged, this, &FleetView::showDetails);
    connect(m_fleet, &FleetProber::hostFinished, this, [this](int index) {
        fillRow(index);
        if (m_table->currentRow() == index)
            showDetails();
    });
    connect(m_fleet, &FleetProber::finished, this, [this] {
        const FleetSummary s = summarizeFleet(m_fleet->results());
        QString text = tr("%1 host(s): %2 probed, %3 could not be probed.")
                           .arg(s.hosts)
                           .arg(s.probed)
                           .arg(s.failed);
        if (!s.breaking.isEmpty())
            text += QLatin1Char(' ') +
                    tr("Would break the job: %1.").arg(s.breaking.join(QStringLiteral(", ")));
        if (!s.outliers.isEmpty())
            text += QLatin1Char(' ') + tr("Outliers (another /dev/shm size than the usual %1): %2.")
                                           .arg(fleetSizeText(s.commonShmBytes),
                                                s.outliers.join(QStringLiteral(", ")));
        if (!s.smallestHost.isEmpty())
            text += QLatin1Char(' ') + tr("Smallest /dev/shm: %1 (%2).")
                                           .arg(s.smallestHost, fleetSizeText(s.smallestShmBytes));
        if (!m_fleet->localNote().isEmpty())
            text += QLatin1Char(' ') + m_fleet->localNote();
        m_message->setText(text);
        m_refresh->setEnabled(true);
        Q_EMIT finished();
    });
}

void FleetView::setTargets(const QStringList &targets)
{
    m_targets->setPlainText(targets.join(QLatin1Char('\n')));
}

void FleetView::setInventory(const QString &path, const QString &limit)
{
    m_inventory->setText(path);
    m_limit->setText(limit);
}

bool FleetView::refresh()
{
    FleetSource source;
    for (const QString &line : m_targets->toPlainText().split(QLatin1Char('\n'))) {
        if (!line.trimmed().isEmpty())
            source.targets << line.trimmed();
    }
    if (const QString path = m_inventory->text().trimmed(); !path.isEmpty())
        source.inventoryPath = path;
    if (const QString limit = m_limit->text().trimmed(); !limit.isEmpty())
        source.limit = limit;
    const FleetHosts found = fleetHosts(source);
    if (!found.ok()) {
        m_message->setText(found.error);
        return false;
    }
    const QVector<FleetHost> &hosts = found.hosts;
    if (hosts.isEmpty()) {
        m_message->setText(tr("Give at least one target or an inventory with hosts."));
        return false;
    }
    ProbeOptions options;
    options.sshConfig = m_sshConfig;
    m_fleet->setHosts(hosts);
    m_fleet->setOptions(options);
    m_fleet->setJobs(m_jobs->value());
    m_fleet->setPlan(m_plan);
    m_table->setRowCount(int(hosts.size()));
    m_fleet->start();
    for (int i = 0; i < hosts.size(); ++i)
        fillRow(i);
    m_refresh->setEnabled(false);
    m_message->setText(tr("Probing %n host(s)…", nullptr, int(hosts.size())));
    return true;
}

void FleetView::fillRow(int row)
{
    const FleetHostResult &r = m_fleet->results().at(row);
    const QStringList texts = fleetRowTexts(r, FleetStyle::Window);
    QBrush background;
    if (r.done && r.breaks())
        background = QColor(0xf8, 0xd0, 0xd0); // breaks the job, or not probed
    else if (r.done && std::any_of(r.findings.cbegin(), r.findings.cend(), [](const Finding &f) {
                 return f.severity == FindingSeverity::Warning;
             }))
        background = QColor(0xfb, 0xe9, 0xb7);
    // The use with how full it is: a fleet is read for the host that is filling up.
    const HostFacts &f = r.result.facts;
    QString used = texts.value(FleetShmUsedColumn);
    if (r.done && r.result.ok() && f.shmUsedBytes && f.shmSizeBytes && *f.shmSizeBytes > 0)
        used = tr("%1 (%2%)")
                   .arg(used)
                   .arg(qRound(100.0 * double(*f.shmUsedBytes) / double(*f.shmSizeBytes)));
    for (int c = 0; c < ColumnCount; ++c) {
        auto *item = new QTableWidgetItem(c == UsedColumn ? used : texts.value(kRowText[c]));
        item->setBackground(background);
        if (background.style() != Qt::NoBrush)
            item->setForeground(QColor(Qt::black)); // readable on the light colours in dark themes
        m_table->setItem(row, c, item);
    }
}

void FleetView::showDetails()
{
    m_details->setPlainText(details());
}

QString FleetView::details() const
{
    const int row = m_table->currentRow();
    if (row < 0 || row >= m_fleet->results().size())
        return {};
    const FleetHostResult &r = m_fleet->results().at(row);
    QString t = tr("%1 (%2)").arg(r.host.name, r.host.targetText) + QLatin1Char('\n');
    if (!r.done)
        return t + tr("Probing…");
    if (!r.result.ok()) {
        t += tr("Could not be probed: %1").arg(r.result.error) + QLatin1Char('\n');
        if (!r.result.stderrText.isEmpty())
            t += r.result.stderrText.right(2000);
        return t;
    }
    const HostFacts &f = r.result.facts;
    t += tr("/dev/shm: %1, %2 used (%3; %4)")
             .arg(fleetSizeText(f.shmSizeBytes), fleetSizeText(f.shmUsedBytes), f.shmFsType,
                  f.shmOptions) +
         QLatin1Char('\n');
    t += tr("Memory: %1 total, %2 available; cgroup limit: %3")
             .arg(fleetSizeText(f.memTotalBytes), fleetSizeText(f.memAvailableBytes),
                  f.memoryLimitBytes ? formatSize(*f.memoryLimitBytes) : tr("none")) +
         QLatin1Char('\n');
    t += tr("CPUs: %1 usable")
             .arg(f.usableCpus() ? QString::number(*f.usableCpus()) : tr("unknown")) +
         QLatin1Char('\n');
    t += tr("Container: %1").arg(f.containerRuntime) + QLatin1Char('\n');
    t += tr("ulimit -n: %1").arg(fleetRowTexts(r, FleetStyle::Window).value(FleetNofileColumn)) +
         QLatin1Char('\n');
    t += tr("PyTorch: %1").arg(f.torchVersion.isEmpty() ? tr("not found") : f.torchVersion) +
         QLatin1Char('\n');
    if (r.findings.isEmpty())
        t += tr("No findings.") + QLatin1Char('\n');
    for (const Finding &fi : r.findings)
        t += QStringLiteral("\n%1 %2: %3\n  %4\n  %5\n")
                 .arg(findingSeverityTitle(fi.severity), fi.id, fi.title, fi.evidence,
                      tr("Fix: %1").arg(fi.fix));
    return t;
}

QString FleetView::message() const
{
    return m_message->text();
}

QByteArray FleetView::csv() const
{
    return fleetToCsv(m_fleet->results());
}

QByteArray FleetView::json() const
{
    return QJsonDocument(fleetToJson(m_fleet->results(), summarizeFleet(m_fleet->results()),
                                     m_plan ? &*m_plan : nullptr))
        .toJson();
}

bool FleetView::exportCsv(const QString &path, QString *error)
{
    return writeFileAtomically(path, csv(), WriteMode::BackupIfDifferent, error);
}

bool FleetView::exportJson(const QString &path, QString *error)
{
    return writeFileAtomically(path, json(), WriteMode::BackupIfDifferent, error);
}

void FleetView::exportAs(bool asJson)
{
    const QString path = QFileDialog::getSaveFileName(
        this, asJson ? tr("Export JSON") : tr("Export CSV"),
        asJson ? QStringLiteral("fleet.json") : QStringLiteral("fleet.csv"));
    if (path.isEmpty())
        return;
    QString error;
    if (!(asJson ? exportJson(path, &error) : exportCsv(path, &error)))
        m_message->setText(tr("Could not write %1: %2").arg(path, error));
    else
        m_message->setText(tr("Wrote %1.").arg(path));
}

} // namespace shmwise
