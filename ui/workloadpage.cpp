// SPDX-License-Identifier: GPL-3.0-or-later
#include "workloadpage.h"

#include "presets.h"
#include "session.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace shmwise {

namespace {
enum Column
{
    NameColumn,
    ShapeColumn,
    DTypeColumn,
    BytesColumn
};
}

WorkloadPage::WorkloadPage(Session *session, QWidget *parent)
    : Page(session, {QStringLiteral("workload.")}, parent)
{
    setTitle(tr("Workload"));
    setSubTitle(tr("What one sample holds and how the DataLoader runs. The /dev/shm it needs "
                   "updates as you type."));

    m_preset = new QComboBox(this);
    m_preset->addItem(tr("Custom"), QString());
    for (const PresetInfo &p : presets()) {
        m_preset->addItem(p.title, p.id);
        m_preset->setItemData(m_preset->count() - 1, p.description, Qt::ToolTipRole);
    }
    m_preset->setAccessibleName(tr("Preset"));

    m_sample = new QTableWidget(0, 4, this);
    m_sample->setHorizontalHeaderLabels({tr("Name"), tr("Shape"), tr("Type"), tr("Bytes")});
    m_sample->horizontalHeader()->setSectionResizeMode(ShapeColumn, QHeaderView::Stretch);
    m_sample->horizontalHeader()->setSectionResizeMode(BytesColumn, QHeaderView::ResizeToContents);
    m_sample->verticalHeader()->setVisible(false);
    m_sample->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 12);
    m_sample->setAccessibleName(tr("Tensors of one sample"));
    m_sample->setToolTip(tr("One row per tensor the Dataset returns for ONE sample; the shape "
                            "without the batch dimension, such as 3, 224, 224 (empty for a "
                            "scalar)."));
    m_sample->setTabKeyNavigation(false);
    m_sample->setMinimumHeight(110);
    m_addTensor = new QPushButton(tr("&Add tensor"), this);
    m_removeTensor = new QPushButton(tr("Re&move tensor"), this);
    m_sampleBytes = new QLineEdit(this);
    m_sampleBytes->setAccessibleName(tr("Sample size"));
    m_sampleBytes->setPlaceholderText(tr("used when no tensors are listed, e.g. 4MiB"));

    m_batch = new QSpinBox(this);
    m_batch->setRange(1, 1000000);
    m_batch->setAccessibleName(tr("Batch size"));
    m_processes = new QSpinBox(this);
    m_processes->setRange(1, 1024);
    m_processes->setAccessibleName(tr("Processes per node"));
    m_processes->setToolTip(tr("Data-parallel ranks on one host (torchrun --nproc-per-node); "
                               "each runs its own DataLoader."));
    m_workers = new QSpinBox(this);
    m_workers->setRange(0, 1024);
    m_workers->setAccessibleName(tr("Workers"));
    m_prefetch = new QSpinBox(this);
    m_prefetch->setRange(1, 1024);
    m_prefetch->setAccessibleName(tr("Prefetch factor"));
    m_prefetch->setToolTip(tr("Batches each worker prepares ahead (PyTorch's default is 2)."));
    m_persistent = new QCheckBox(tr("Persistent wor&kers"), this);
    m_pin = new QCheckBox(tr("Pin memor&y"), this);
    m_pin->setToolTip(tr("Page-locked copies for faster GPU transfer; uses RAM, not /dev/shm."));
    m_start = new QComboBox(this);
    for (StartMethod m : {StartMethod::Fork, StartMethod::Spawn, StartMethod::Forkserver})
        m_start->addItem(startMethodName(m), startMethodName(m));
    m_start->setAccessibleName(tr("Start method"));
    m_strategy = new QComboBox(this);
    for (SharingStrategy s : {SharingStrategy::FileDescriptor, SharingStrategy::FileSystem})
        m_strategy->addItem(sharingStrategyName(s), sharingStrategyName(s));
    m_strategy->setAccessibleName(tr("Sharing strategy"));
    m_resident = new QLineEdit(this);
    m_resident->setAccessibleName(tr("Dataset tensors in memory"));
    m_resident->setPlaceholderText(tr("0"));
    m_resident->setToolTip(tr("Tensors the Dataset object itself holds; spawn and forkserver "
                              "move them into /dev/shm."));

    m_required = new QLabel(this);
    QFont big = m_required->font();
    big.setPointSizeF(big.pointSizeF() * 1.6);
    big.setBold(true);
    m_required->setFont(big);
    m_required->setAccessibleName(tr("Required /dev/shm"));
    m_recommended = new QLabel(this);
    m_recommended->setWordWrap(true);
    m_breakdown = new QTextBrowser(this);
    m_breakdown->setAccessibleName(tr("Breakdown of the /dev/shm needed"));
    m_breakdown->setFrameShape(QFrame::NoFrame);
    m_breakdown->viewport()->setAutoFillBackground(false);
    m_warnings = new QLabel(this);
    m_warnings->setWordWrap(true);
    m_warnings->setTextFormat(Qt::PlainText);

    // Layout: the inputs on the left, the plan on the right.
    auto *sampleBox = new QGroupBox(tr("One sample"), this);
    auto *sampleLayout = new QVBoxLayout(sampleBox);
    auto *presetRow = new QFormLayout;
    presetRow->addRow(tr("Pre&set:"), m_preset);
    sampleLayout->addLayout(presetRow);
    sampleLayout->addWidget(m_sample);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_addTensor);
    buttons->addWidget(m_removeTensor);
    buttons->addStretch();
    sampleLayout->addLayout(buttons);
    auto *bytesRow = new QFormLayout;
    bytesRow->addRow(tr("Sample s&ize:"), m_sampleBytes);
    sampleLayout->addLayout(bytesRow);

    auto *loaderBox = new QGroupBox(tr("DataLoader"), this);
    auto *loaderForm = new QFormLayout(loaderBox);
    loaderForm->addRow(tr("Batch si&ze:"), m_batch);
    loaderForm->addRow(tr("&Processes per node:"), m_processes);
    loaderForm->addRow(tr("&Workers:"), m_workers);
    loaderForm->addRow(tr("Prefetch fa&ctor:"), m_prefetch);
    auto *checks = new QHBoxLayout;
    checks->addWidget(m_persistent);
    checks->addWidget(m_pin);
    checks->addStretch();
    loaderForm->addRow(QString(), checks);
    loaderForm->addRow(tr("Start m&ethod:"), m_start);
    loaderForm->addRow(tr("Sharing strate&gy:"), m_strategy);
    loaderForm->addRow(tr("Dataset tens&ors:"), m_resident);

    auto *planBox = new QGroupBox(tr("/dev/shm needed"), this);
    auto *planLayout = new QVBoxLayout(planBox);
    planLayout->addWidget(m_required);
    planLayout->addWidget(m_recommended);
    planLayout->addWidget(m_breakdown, 1);
    planLayout->addWidget(m_warnings);

    auto *left = new QVBoxLayout;
    left->addWidget(sampleBox, 1);
    left->addWidget(loaderBox);
    auto *columns = new QHBoxLayout;
    columns->addLayout(left, 3);
    columns->addWidget(planBox, 2);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(columns, 1);
    layout->addWidget(messageLabel());

    connect(m_preset, qOverload<int>(&QComboBox::activated), this, [this] {
        const QString id = m_preset->currentData().toString();
        if (id.isEmpty()) {
            this->session()->edit([](Profile &p) { p.workload.preset.clear(); });
            return;
        }
        if (const auto w = presetWorkload(id)) {
            this->session()->edit([&](Profile &p) {
                const quint64 processes = p.workload.processesPerNode;
                p.workload = *w;
                p.workload.processesPerNode = processes;
            });
        }
    });
    connect(m_sample, &QTableWidget::cellChanged, this, [this](int row, int) {
        if (!m_syncing)
            readRow(row);
    });
    connect(m_addTensor, &QPushButton::clicked, this, [this] {
        this->session()->edit([](Profile &p) {
            QString name = QStringLiteral("tensor");
            for (int i = 1;; ++i) {
                bool used = false;
                for (const TensorSpec &t : p.workload.sample)
                    used |= t.name == name;
                if (!used)
                    break;
                name = QStringLiteral("tensor%1").arg(i);
            }
            p.workload.sample.append({name, {1}, DType::Float32});
            p.workload.sampleBytes.reset();
            p.workload.preset.clear();
        });
        m_sample->setCurrentCell(m_sample->rowCount() - 1, NameColumn);
        m_sample->editItem(m_sample->item(m_sample->rowCount() - 1, NameColumn));
    });
    connect(m_removeTensor, &QPushButton::clicked, this, [this] {
        const int row = m_sample->currentRow();
        if (row < 0)
            return;
        this->session()->edit([row](Profile &p) {
            if (row < p.workload.sample.size())
                p.workload.sample.remove(row);
            p.workload.preset.clear();
        });
    });
    connect(m_sampleBytes, &QLineEdit::textEdited, this, [this] {
        std::optional<quint64> v;
        if (readSize(m_sampleBytes, true, &v))
            this->session()->edit([&](Profile &p) { p.workload.sampleBytes = v; });
    });
    connect(m_resident, &QLineEdit::textEdited, this, [this] {
        std::optional<quint64> v;
        if (readSize(m_resident, true, &v))
            this->session()->edit(
                [&](Profile &p) { p.workload.datasetResidentBytes = v.value_or(0); });
    });
    auto spin = [this](QSpinBox *box, auto apply) {
        connect(box, qOverload<int>(&QSpinBox::valueChanged), this, [this, apply](int v) {
            this->session()->edit([&](Profile &p) { apply(p.workload, quint64(v)); });
        });
    };
    spin(m_batch, [](Workload &w, quint64 v) { w.batchSize = v; });
    spin(m_processes, [](Workload &w, quint64 v) { w.processesPerNode = v; });
    spin(m_workers, [](Workload &w, quint64 v) {
        w.numWorkers = v;
        // PyTorch rejects these without workers; the page turns them off with the workers.
        if (v == 0) {
            w.prefetchFactor.reset();
            w.persistentWorkers = false;
        }
    });
    spin(m_prefetch, [](Workload &w, quint64 v) {
        if (w.numWorkers > 0)
            w.prefetchFactor = v;
    });
    connect(m_persistent, &QCheckBox::toggled, this, [this](bool on) {
        this->session()->edit([&](Profile &p) { p.workload.persistentWorkers = on; });
    });
    connect(m_pin, &QCheckBox::toggled, this, [this](bool on) {
        this->session()->edit([&](Profile &p) { p.workload.pinMemory = on; });
    });
    connect(m_start, qOverload<int>(&QComboBox::currentIndexChanged), this, [this] {
        if (const auto m = startMethodFromName(m_start->currentData().toString()))
            this->session()->edit([&](Profile &p) { p.workload.startMethod = *m; });
    });
    connect(m_strategy, qOverload<int>(&QComboBox::currentIndexChanged), this, [this] {
        if (const auto s = sharingStrategyFromName(m_strategy->currentData().toString()))
            this->session()->edit([&](Profile &p) { p.workload.sharingStrategy = *s; });
    });

    syncFromProfile();
}

void WorkloadPage::readRow(int row)
{
    const QTableWidgetItem *nameItem = m_sample->item(row, NameColumn);
    const QTableWidgetItem *shapeItem = m_sample->item(row, ShapeColumn);
    auto *dtypeBox = qobject_cast<QComboBox *>(m_sample->cellWidget(row, DTypeColumn));
    if (!nameItem || !shapeItem || !dtypeBox)
        return;
    QString error;
    const auto shape = parseShape(shapeItem->text(), &error);
    // Table cells are not widgets: errors are keyed on the table and name the row.
    if (!shape) {
        setFieldError(m_sample, tr("Tensor %1, shape: %2").arg(row + 1).arg(error));
        return;
    }
    setFieldError(m_sample, QString());
    const QString name = nameItem->text().trimmed();
    const auto dtype = dtypeFromName(dtypeBox->currentData().toString());
    session()->edit([&](Profile &p) {
        if (row >= p.workload.sample.size())
            return;
        TensorSpec &t = p.workload.sample[row];
        t.name = name;
        t.shape = *shape;
        if (dtype)
            t.dtype = *dtype;
        p.workload.preset.clear();
    });
}

void WorkloadPage::syncTable()
{
    const Workload &w = session()->profile().workload;
    m_syncing = true;
    const bool sameRows = m_sample->rowCount() == w.sample.size();
    if (!sameRows)
        m_sample->setRowCount(int(w.sample.size()));
    for (int row = 0; row < w.sample.size(); ++row) {
        const TensorSpec &t = w.sample[row];
        auto setText = [&](int col, const QString &text, bool editable) {
            QTableWidgetItem *item = m_sample->item(row, col);
            if (!item) {
                item = new QTableWidgetItem;
                m_sample->setItem(row, col, item);
            }
            if (!editable)
                item->setFlags(item->flags() & ~Qt::ItemIsEditable);
            // Keep what the user typed when it means the same (e.g. "3x224x224").
            if (col == ShapeColumn) {
                const auto shown = parseShape(item->text());
                if (shown && *shown == t.shape)
                    return;
            }
            if (item->text() != text)
                item->setText(text);
        };
        setText(NameColumn, t.name, true);
        setText(ShapeColumn, formatShape(t.shape), true);
        auto *box = qobject_cast<QComboBox *>(m_sample->cellWidget(row, DTypeColumn));
        if (!box) {
            box = new QComboBox(m_sample);
            for (const QString &d : dtypeNames())
                box->addItem(d, d);
            box->setAccessibleName(tr("Tensor type"));
            m_sample->setCellWidget(row, DTypeColumn, box);
            connect(box, qOverload<int>(&QComboBox::activated), this, [this, box] {
                for (int r = 0; r < m_sample->rowCount(); ++r) {
                    if (m_sample->cellWidget(r, DTypeColumn) == box)
                        readRow(r);
                }
            });
        }
        quietly(box, [&](QComboBox *b) { b->setCurrentIndex(b->findData(dtypeName(t.dtype))); });
        const auto bytes = t.bytes();
        setText(BytesColumn, bytes ? formatSize(*bytes) : tr("too large"), false);
    }
    m_syncing = false;
}

void WorkloadPage::syncPlan()
{
    const Session *s = session();
    const ShmPlan &plan = s->plan();
    const bool valid = s->problems().isEmpty();
    if (!valid) {
        m_breakdown->clear();
        m_required->setText(tr("—"));
        m_recommended->setText(tr("Fix the problems below to see the plan."));
        m_warnings->clear();
        return;
    }
    m_required->setText(tr("%1 required").arg(formatSize(plan.requiredBytes)));
    QString rec = tr("Configure %1. One batch is %2; %3 batches are in flight per process.")
                      .arg(formatSize(plan.recommendedBytes), formatSize(plan.batchBytes))
                      .arg(plan.batchesInFlight);
    if (plan.openFiles > 0)
        rec += QLatin1Char(' ') + tr("The main process holds about %1 shared-memory files "
                                     "(ulimit -n %2 covers them).")
                                      .arg(plan.openFiles)
                                      .arg(plan.nofileLimit);
    m_recommended->setText(rec);
    const QString dim = palette().color(QPalette::PlaceholderText).name();
    QString html = QStringLiteral("<table width='100%' cellspacing='0' cellpadding='2'>");
    for (const PlanTerm &t : plan.breakdown) {
        html +=
            QStringLiteral("<tr><td><b>%1</b></td><td align='right'><b>%2</b></td></tr>"
                           "<tr><td colspan='2' style='color:%3; padding-bottom:6px'>%4</td></tr>")
                .arg(t.title.toHtmlEscaped(), formatSize(t.bytes).toHtmlEscaped(), dim,
                     t.why.toHtmlEscaped());
    }
    html += QStringLiteral("</table>");
    m_breakdown->setHtml(html);
    QStringList warnings;
    for (const QString &w : plan.warnings)
        warnings << QStringLiteral("• ") + w;
    m_warnings->setText(warnings.join(QLatin1Char('\n')));
}

void WorkloadPage::syncFromProfile()
{
    const Workload &w = session()->profile().workload;
    quietly(m_preset, [&](QComboBox *c) {
        const int i = c->findData(w.preset);
        c->setCurrentIndex(i >= 0 ? i : 0);
    });
    syncTable();
    m_removeTensor->setEnabled(!w.sample.isEmpty());
    m_sampleBytes->setEnabled(w.sample.isEmpty());
    {
        std::optional<quint64> shown;
        const bool typed = !m_sampleBytes->text().trimmed().isEmpty();
        if (typed)
            shown = parseSize(m_sampleBytes->text());
        if ((!typed || shown) && shown != w.sampleBytes)
            quietly(m_sampleBytes, [&](QLineEdit *e) {
                e->setText(w.sampleBytes ? profileSize(*w.sampleBytes) : QString());
            });
    }
    {
        const auto shown = parseSize(m_resident->text().trimmed().isEmpty() ? QStringLiteral("0")
                                                                            : m_resident->text());
        if (shown && *shown != w.datasetResidentBytes)
            quietly(m_resident, [&](QLineEdit *e) {
                e->setText(w.datasetResidentBytes ? profileSize(w.datasetResidentBytes)
                                                  : QString());
            });
    }
    quietly(m_batch, [&](QSpinBox *b) { b->setValue(int(qMin<quint64>(w.batchSize, 1000000))); });
    quietly(m_processes,
            [&](QSpinBox *b) { b->setValue(int(qMin<quint64>(w.processesPerNode, 1024))); });
    quietly(m_workers, [&](QSpinBox *b) { b->setValue(int(qMin<quint64>(w.numWorkers, 1024))); });
    const bool workers = w.numWorkers > 0;
    m_prefetch->setEnabled(workers);
    m_persistent->setEnabled(workers);
    quietly(m_prefetch, [&](QSpinBox *b) {
        b->setValue(int(qMin<quint64>(qMax<quint64>(1, w.effectivePrefetchFactor()), 1024)));
    });
    quietly(m_persistent, [&](QCheckBox *c) { c->setChecked(w.persistentWorkers); });
    quietly(m_pin, [&](QCheckBox *c) { c->setChecked(w.pinMemory); });
    quietly(m_start,
            [&](QComboBox *c) { c->setCurrentIndex(c->findData(startMethodName(w.startMethod))); });
    quietly(m_strategy, [&](QComboBox *c) {
        c->setCurrentIndex(c->findData(sharingStrategyName(w.sharingStrategy)));
    });
    syncPlan();
}

} // namespace shmwise
