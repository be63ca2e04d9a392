// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/workloadpage.h"

#include "core/measurement.h"

#include "core/fit.h"
#include "core/presets.h"
#include "ui/breakdownbar.h"
#include "ui/fitbox.h"
#include "ui/frameworkrow.h"
#include "ui/helptexts.h"
#include "ui/loaderpicker.h"
#include "ui/measuredialog.h"
#include "ui/numberbox.h"
#include "ui/session.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QStyle>
#include <QTableWidget>
#include <QTextBrowser>
#include <QTextDocumentFragment>
#include <QVBoxLayout>

#include <algorithm>
#include <tuple>

namespace shmwise {

Workload &WorkloadPage::loader(Profile &p) const
{
    return LoaderPicker::loaderAt(p, m_loaders->current());
}

const Workload &WorkloadPage::loader(const Profile &p) const
{
    return LoaderPicker::loaderAt(p, m_loaders->current());
}

QString WorkloadPage::boundKey(const QString &key) const
{
    // validateProfile() names a loader "workload." when it is the only one, else "loaders[N].".
    const int all = int(session()->profile().loaders().size());
    if (all <= 1 || !key.startsWith(QLatin1String("workload.")))
        return key;
    return QStringLiteral("loaders[%1].").arg(m_loaders->current()) +
           key.mid(int(qstrlen("workload.")));
}

WorkloadPage::WorkloadPage(Session *session, QWidget *parent)
    : Page(session,
           {QStringLiteral("workload."), QStringLiteral("loaders"), QStringLiteral("serving")},
           parent)
{
    setTitle(tr("Workload"));
    setSubTitle(tr("What one sample holds and how the DataLoader runs. The /dev/shm it needs "
                   "updates as you type."));

    createServingFields();
    createSampleFields();
    createLoaderFields();
    createPlanView();
    m_fitBox = new FitBox(session, this);
    layOut();
    connectFields();
    explainFields();
    syncFromProfile();
}

// The preset, the tensors of one sample, and the size used when no tensors are listed.
void WorkloadPage::createSampleFields()
{
    m_loaders = new LoaderPicker(session(), this);
    m_measure = new QPushButton(tr("Meas&ure My Training Script…"), this);
    m_measureNote = new QLabel(this);
    m_measureNote->setWordWrap(true);
    m_measureNote->setTextFormat(Qt::PlainText);
    m_measureNote->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_measureNote->setAccessibleName(tr("What the measurement changed"));
    m_measureNote->setVisible(false);
    m_measure->setToolTip(tr("Run your training command for a while and take the loaders, "
                             "their settings and their largest batches from what it does, "
                             "when the shapes are made by a framework or vary."));
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
                            "scalar). When samples vary in size, write the longest, or a range "
                            "such as 16000..160000: a collate that pads to the longest makes "
                            "every batch batch_size x the longest sample, so the typical size "
                            "breaks the job."));
    m_sample->setTabKeyNavigation(false);
    m_sample->setMinimumHeight(90);
    m_addTensor = new QPushButton(tr("&Add tensor"), this);
    m_removeTensor = new QPushButton(tr("Re&move tensor"), this);
    m_sampleBytes = new QLineEdit(this);
    m_sampleBytes->setAccessibleName(tr("Sample size"));
    m_sampleBytes->setPlaceholderText(tr("used when no tensors are listed, e.g. 4MiB"));
}

// The DataLoader's settings.
void WorkloadPage::createLoaderFields()
{
    // First in the form, so first in the Tab order.
    m_framework = new FrameworkRow(this);
    m_batch = new NumberBox(this);
    m_batch->setRange(1, 1000000);
    m_batch->setAccessibleName(tr("Batch size"));
    m_processes = new NumberBox(this);
    m_processes->setRange(1, 1024);
    m_processes->setAccessibleName(tr("Processes per node"));
    m_processes->setToolTip(tr("Data-parallel ranks on one host (torchrun --nproc-per-node); "
                               "each runs its own DataLoader."));
    m_workers = new NumberBox(this);
    m_workers->setRange(0, 1024);
    m_workers->setAccessibleName(tr("Workers"));
    m_prefetch = new NumberBox(this);
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
    m_resident->setAccessibleName(tr("Dataset tensors"));
    m_resident->setPlaceholderText(tr("none; e.g. 2GiB"));
    m_resident->setToolTip(tr("Tensors the Dataset object itself holds; spawn and forkserver "
                              "move them into /dev/shm."));
}

// The plan: the size needed, the recommendation, the stacked bar and the breakdown.
void WorkloadPage::layOut()
{
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
    bytesRow->addRow(tr("Sample s&ize:"), withBytes(m_sampleBytes));
    sampleLayout->addLayout(bytesRow);

    auto *loaderBox = new QGroupBox(tr("DataLoader"), this);
    auto *loaderForm = new QFormLayout(loaderBox);
    loaderForm->addRow(tr("Framework:"), m_framework);
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
    loaderForm->addRow(tr("Dataset tens&ors:"), withBytes(m_resident));

    auto *planBox = new QGroupBox(tr("/dev/shm needed"), this);
    auto *planLayout = new QVBoxLayout(planBox);
    auto *headline = new QHBoxLayout;
    headline->addWidget(m_required, 1);
    headline->addWidget(m_lessonLink, 0, Qt::AlignBottom);
    planLayout->addLayout(headline);
    planLayout->addWidget(m_recommended);
    planLayout->addWidget(m_bar);
    planLayout->addWidget(m_breakdown);
    planLayout->addStretch(1);
    planLayout->addWidget(m_warnings);

    auto *left = new QVBoxLayout;
    auto *checkRow = new QHBoxLayout;
    checkRow->addWidget(m_checkIcon, 0, Qt::AlignTop);
    checkRow->addWidget(m_checkNote, 1);
    left->addLayout(checkRow);
    left->addWidget(layOutServing());
    auto *measureRow = new QWidget(this);
    auto *measureLayout = new QHBoxLayout(measureRow);
    measureLayout->setContentsMargins(0, 0, 0, 0);
    measureLayout->addWidget(m_measure);
    measureLayout->addStretch();
    left->addWidget(measureRow);
    left->addWidget(m_measureNote);
    left->addWidget(m_loaders);
    left->addWidget(sampleBox, 1);
    left->addWidget(loaderBox);
    m_loaderOnly = {measureRow, m_loaders, sampleBox, loaderBox};
    // The plan and the fit scroll together when the window is too small for both, rather than
    // being squeezed over each other.
    auto *rightWidget = new QWidget(this);
    auto *right = new QVBoxLayout(rightWidget);
    right->setContentsMargins(0, 0, 0, 0);
    // The fit, when shown, is what to act on: it comes first.
    right->addWidget(m_fitBox);
    right->addWidget(planBox, 1);
    planBox->setMinimumHeight(fontMetrics().height() * 16);
    auto *rightScroll = new QScrollArea(this);
    rightScroll->setWidget(rightWidget);
    rightScroll->setWidgetResizable(true);
    rightScroll->setFrameShape(QFrame::NoFrame);
    // A window too narrow for the plan scrolls it sideways rather than cutting its right edge.
    rightScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    // The fields scroll too, so a window as small as a laptop's leaves the wizard's buttons in
    // view rather than growing past the screen.
    auto *leftWidget = new QWidget(this);
    leftWidget->setLayout(left);
    left->setContentsMargins(0, 0, 0, 0);
    auto *leftScroll = new QScrollArea(this);
    leftScroll->setWidget(leftWidget);
    leftScroll->setWidgetResizable(true);
    leftScroll->setFrameShape(QFrame::NoFrame);
    leftScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    leftScroll->setMinimumWidth(leftWidget->minimumSizeHint().width());
    auto *columns = new QHBoxLayout;
    columns->addWidget(leftScroll, 3);
    columns->addWidget(rightScroll, 2);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(columns, 1);
    layout->addWidget(messageLabel());
}

// Every field writes the profile as it changes; the session recomputes the plan.
void WorkloadPage::connectFields()
{
    connect(m_preset, qOverload<int>(&QComboBox::activated), this, [this] {
        setNotice(m_sample, QString());
        // The preset replaces every row: a shape typed into the old ones goes with them.
        dropBadShape();
        const QString id = m_preset->currentData().toString();
        if (id.isEmpty()) {
            this->session()->edit([this](Profile &p) { loader(p).preset.clear(); });
            return;
        }
        if (const auto w = presetWorkload(id)) {
            this->session()->edit([&](Profile &p) {
                // The preset is one loader's sample and settings; the job's processes, the
                // loader's name and lifetime stay.
                Workload &l = loader(p);
                const quint64 processes = l.processesPerNode;
                const QString name = l.name;
                const LoaderLifetime lifetime = l.lifetime;
                l = *w;
                l.processesPerNode = processes;
                l.name = name;
                l.lifetime = lifetime;
            });
        }
    });
    connect(m_sample, &QTableWidget::cellChanged, this, [this](int row, int) {
        if (!m_syncing)
            readRow(row);
    });
    connect(m_addTensor, &QPushButton::clicked, this, [this] {
        this->session()->edit([this](Profile &p) {
            Workload &l = loader(p);
            l.sample.append({l.unusedTensorName(), {1}, DType::Float32});
            l.sampleBytes.reset();
            l.preset.clear();
        });
        m_sample->setCurrentCell(m_sample->rowCount() - 1, NameColumn);
        m_sample->editItem(m_sample->item(m_sample->rowCount() - 1, NameColumn));
    });
    connect(m_removeTensor, &QPushButton::clicked, this, [this] {
        const int row = m_sample->currentRow();
        if (row < 0)
            return;
        this->session()->edit([this, row](Profile &p) {
            Workload &l = loader(p);
            if (row < l.sample.size())
                l.sample.remove(row);
            l.preset.clear();
        });
    });
    connect(m_sampleBytes, &QLineEdit::textEdited, this, [this] {
        std::optional<quint64> v;
        if (readSize(m_sampleBytes, true, &v))
            this->session()->edit([&](Profile &p) { loader(p).sampleBytes = v; });
    });
    connect(m_resident, &QLineEdit::textEdited, this, [this] {
        std::optional<quint64> v;
        if (readSize(m_resident, true, &v))
            this->session()->edit(
                [&](Profile &p) { loader(p).datasetResidentBytes = v.value_or(0); });
    });
    auto spin = [this](QSpinBox *box, auto apply) {
        connect(box, qOverload<int>(&QSpinBox::valueChanged), this, [this, apply](int v) {
            this->session()->edit([&](Profile &p) { apply(loader(p), quint64(v)); });
        });
    };
    spin(m_batch, [](Workload &w, quint64 v) { w.batchSize = v; });
    // The job's processes: every loader runs in each of them.
    connect(m_processes, qOverload<int>(&QSpinBox::valueChanged), this, [this](int v) {
        this->session()->edit([&](Profile &p) {
            p.workload.processesPerNode = quint64(v);
            for (Workload &l : p.otherLoaders)
                l.processesPerNode = quint64(v);
        });
    });
    // 0 workers clears persistent workers and the prefetch factor (PyTorch refuses them then);
    // they come back as they were when workers do, so the estimate does not grow unseen.
    connect(m_workers, qOverload<int>(&QSpinBox::valueChanged), this, [this](int v) {
        this->session()->edit([&](Profile &p) {
            Workload &w = loader(p);
            if (v == 0 && w.numWorkers > 0) {
                m_parked = std::make_pair(w.persistentWorkers, w.prefetchFactor);
                w.setNumWorkers(0);
                m_parkedIn = w;
                return;
            }
            // Only into the workload they were taken from: another profile opened meanwhile
            // gets nothing of this one's.
            if (v > 0 && w.numWorkers == 0 && m_parked && m_parkedIn && *m_parkedIn == w) {
                w.setNumWorkers(quint64(v));
                w.persistentWorkers = m_parked->first;
                w.prefetchFactor = m_parked->second;
                m_parked.reset();
                m_parkedIn.reset();
                return;
            }
            w.setNumWorkers(quint64(v));
        });
    });
    spin(m_prefetch, [](Workload &w, quint64 v) {
        if (w.numWorkers > 0)
            w.prefetchFactor = v;
    });
    connect(m_persistent, &QCheckBox::toggled, this, [this](bool on) {
        this->session()->edit([&](Profile &p) { loader(p).persistentWorkers = on; });
    });
    connect(m_pin, &QCheckBox::toggled, this, [this](bool on) {
        this->session()->edit([&](Profile &p) { loader(p).pinMemory = on; });
    });
    connect(m_start, qOverload<int>(&QComboBox::currentIndexChanged), this, [this] {
        if (const auto m = startMethodFromName(m_start->currentData().toString()))
            this->session()->edit([&](Profile &p) { loader(p).startMethod = *m; });
    });
    connect(m_framework, &FrameworkRow::chosen, this, [this](const QString &framework) {
        this->session()->edit([&](Profile &p) { loader(p).framework = framework; });
    });
    connect(m_strategy, qOverload<int>(&QComboBox::currentIndexChanged), this, [this] {
        if (const auto s = sharingStrategyFromName(m_strategy->currentData().toString()))
            this->session()->edit([&](Profile &p) { loader(p).sharingStrategy = *s; });
    });

    connect(m_loaders, &LoaderPicker::currentChanged, this, [this] {
        m_parked.reset();
        dropBadShape();
    });
    connect(m_loaders, &LoaderPicker::currentChanged, this, &WorkloadPage::syncFromProfile);
    connect(m_measure, &QPushButton::clicked, this, &WorkloadPage::measureScript);
    connectServing();
}

// Accessible names, and the help of each DataLoader field as What's This and tooltip.
void WorkloadPage::explainFields()
{
    m_persistent->setAccessibleName(tr("Persistent workers"));
    m_pin->setAccessibleName(tr("Pin memory"));
    // Keyed by the field, not by its (translated) accessible name: under another language the
    // names differ and the help would be lost.
    const QList<std::pair<QWidget *, const char *>> explained{
        {m_sampleBytes, "Sample size"},
        {m_batch, "Batch size"},
        {m_processes, "Processes per node"},
        {m_workers, "Workers"},
        {m_prefetch, "Prefetch factor"},
        {m_persistent, "Persistent workers"},
        {m_pin, "Pin memory"},
        {m_start, "Start method"},
        {m_strategy, "Sharing strategy"},
        {m_framework->picker(), "Framework"},
        {m_resident, "Dataset tensors in memory"}};
    const QList<std::pair<QWidget *, const char *>> keys{
        {m_loaders->nameField(), "workload.name"},
        {m_sample, "workload.sample"},
        {m_sampleBytes, "workload.sample_bytes"},
        {m_batch, "workload.batch_size"},
        {m_processes, "workload.processes_per_node"},
        {m_workers, "workload.num_workers"},
        {m_prefetch, "workload.prefetch_factor"},
        {m_persistent, "workload.persistent_workers"},
        {m_pin, "workload.pin_memory"},
        {m_start, "workload.start_method"},
        {m_strategy, "workload.sharing_strategy"},
        {m_framework->picker(), "workload.framework"},
        {m_resident, "workload.dataset_resident_bytes"}};
    for (const auto &[w, key] : keys)
        bindField(w, QLatin1String(key));
    for (const auto &[w, key] : explained) {
        const QString help = dataLoaderWhatsThis(QLatin1String(key));
        w->setWhatsThis(help);
        // A tooltip the field had already stays, with the help after it.
        const QString before = w->toolTip();
        const QString plain = QTextDocumentFragment::fromHtml(help).toPlainText();
        w->setToolTip(
            before.isEmpty() || before == plain ? plain : before + QStringLiteral("\n\n") + plain);
    }
}

void WorkloadPage::measureScript()
{
    MeasureDialog dialog(session()->profile().environment, this);
    dialog.setTarget(session()->target(), session()->sshConfig());
    if (dialog.exec() != QDialog::Accepted || !dialog.measuredProfile())
        return;
    const Profile measured = *dialog.measuredProfile();
    m_measuredPeak = dialog.measuredPeak();
    QStringList changes;
    session()->edit([&](Profile &p) { changes = applyMeasurement(p, measured); });
    m_measureNote->setText(
        changes.isEmpty()
            ? tr("The measured loaders are the ones already here: nothing changed.")
            : tr("From the measurement: %1.").arg(changes.join(QStringLiteral("; "))));
    m_measureNote->setVisible(true);
}

void WorkloadPage::syncFromProfile()
{
    // An edit of a field it asked to check answers the request for that field: its mark goes,
    // the others' stay (with the note) until each is set; edits elsewhere (the Environment
    // page's) leave the request standing.
    if (m_checkedFrom) {
        const QVector<Workload> now = session()->profile().loaders();
        const QVector<Workload> then = m_checkedFrom->loaders();
        auto changed = [&](auto field) {
            if (now.size() != then.size())
                return true;
            for (int i = 0; i < now.size(); ++i)
                if (!(field(now[i]) == field(then[i])))
                    return true;
            return false;
        };
        // The preset is answered by any edit: it no longer describes the numbers.
        if (session()->profile().loaders() != m_checkedFrom->loaders())
            unmarkChecked(m_preset);
        // The tensors and the sample size describe one sample: either answers both.
        if (changed([](const Workload &l) { return l.sample; }) ||
            changed([](const Workload &l) { return l.sampleBytes; })) {
            unmarkChecked(m_sample);
            unmarkChecked(m_sampleBytes);
        }
        if (changed([](const Workload &l) { return l.batchSize; }))
            unmarkChecked(m_batch);
        if (changed([](const Workload &l) { return l.numWorkers; }))
            unmarkChecked(m_workers);
        if (changed([](const Workload &l) { return l.effectivePrefetchFactor(); }))
            unmarkChecked(m_prefetch);
        if (m_checked.isEmpty() || (m_checked.size() == 1 && m_checked.first() == m_preset)) {
            m_checkedFrom.reset();
            clearCheckMarks();
        }
    }
    m_loaders->sync();
    const Workload &w = loader(session()->profile());
    // processes_per_node is the job's: it is set on the training loader.
    m_processes->setEnabled(m_loaders->current() == 0);
    quietly(m_preset, [&](QComboBox *c) {
        int i = c->findData(w.preset);
        // Edited back to a preset's numbers, the loader is that preset again.
        for (int p = 1; i <= 0 && w.preset.isEmpty() && p < c->count(); ++p) {
            auto candidate = presetWorkload(c->itemData(p).toString());
            if (!candidate)
                continue;
            candidate->processesPerNode = w.processesPerNode;
            candidate->name = w.name;
            candidate->lifetime = w.lifetime;
            Workload same = w;
            same.preset = candidate->preset;
            if (same == *candidate)
                i = p;
        }
        c->setCurrentIndex(i >= 0 ? i : 0);
    });
    syncTable();
    if (m_badShapeRow >= m_sample->rowCount()) {
        m_badShapeRow = -1;
        setFieldError(m_sample, QString());
    }
    markRows();
    m_removeTensor->setEnabled(!w.sample.isEmpty());
    m_sampleBytes->setEnabled(w.sample.isEmpty());
    {
        std::optional<quint64> shown;
        const bool typed = !m_sampleBytes->text().trimmed().isEmpty();
        if (typed)
            shown = parseFieldSize(m_sampleBytes->text());
        if ((!typed || shown) && shown != w.sampleBytes)
            quietly(m_sampleBytes, [&](QLineEdit *e) {
                e->setText(w.sampleBytes ? profileSize(*w.sampleBytes) : QString());
            });
    }
    {
        const auto shown = parseFieldSize(
            m_resident->text().trimmed().isEmpty() ? QStringLiteral("0") : m_resident->text());
        if (shown && *shown != w.datasetResidentBytes)
            quietly(m_resident, [&](QLineEdit *e) {
                e->setText(w.datasetResidentBytes ? profileSize(w.datasetResidentBytes)
                                                  : QString());
            });
    }
    showNumber(m_batch, w.batchSize);
    showNumber(m_processes, w.processesPerNode);
    showNumber(m_workers, w.numWorkers);
    const bool workers = w.numWorkers > 0;
    m_prefetch->setEnabled(workers);
    m_persistent->setEnabled(workers);
    showNumber(m_prefetch, qMax<quint64>(1, w.effectivePrefetchFactor()));
    quietly(m_persistent, [&](QCheckBox *c) { c->setChecked(w.persistentWorkers); });
    quietly(m_pin, [&](QCheckBox *c) { c->setChecked(w.pinMemory); });
    quietly(m_start,
            [&](QComboBox *c) { c->setCurrentIndex(c->findData(startMethodName(w.startMethod))); });
    quietly(m_strategy, [&](QComboBox *c) {
        c->setCurrentIndex(c->findData(sharingStrategyName(w.sharingStrategy)));
    });
    m_framework->sync(w, m_loaders->current() == 0);
    syncServing();
    syncPlan();
}

} // namespace shmwise
