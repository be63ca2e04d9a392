// SPDX-License-Identifier: GPL-3.0-or-later
// The Workload page's first question, "Train or serve?": a training run, or a model server, which
// server and the settings that change what it keeps in /dev/shm (core/serving.h). A server that
// runs no DataLoader of the profile's hides the sample and loader fields.
#include "ui/workloadpage.h"

#include "core/serving.h"
#include "ui/numberbox.h"
#include "ui/session.h"

#include <QComboBox>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTextDocumentFragment>

namespace shmwise {

namespace {

QString serverTitle(Server s)
{
    switch (s) {
    case Server::Plain:
        return WorkloadPage::tr("A service of my own (its workers run DataLoaders)");
    case Server::TorchServe:
        return WorkloadPage::tr("TorchServe");
    case Server::Vllm:
        return WorkloadPage::tr("vLLM");
    case Server::Sglang:
        return WorkloadPage::tr("SGLang");
    case Server::TritonPython:
        return WorkloadPage::tr("Triton, Python backend");
    case Server::LightLlm:
        return WorkloadPage::tr("LightLLM");
    }
    return {};
}

QString serverNote(Server s)
{
    switch (s) {
    case Server::Plain:
        return WorkloadPage::tr("Each worker process (gunicorn's -w, uvicorn's --workers) runs the "
                                "DataLoaders below for the requests it answers, all at once "
                                "under load: set Processes per node to the workers.");
    case Server::TorchServe:
        return WorkloadPage::tr("Each TorchServe worker is a process that runs the handler's "
                                "DataLoaders: set Processes per node to the workers "
                                "(default_workers_per_model, else the GPUs, else the CPUs).");
    case Server::Vllm:
        return WorkloadPage::tr("vLLM's multiprocess executor keeps shared-memory message queues "
                                "in /dev/shm: 160 MiB, plus 240 MiB per worker process, plus "
                                "24 MiB per tensor-parallel group. One process on a GPU keeps "
                                "none.");
    case Server::Sglang:
        return WorkloadPage::tr("SGLang keeps 24 MiB per tensor-parallel group, and a multimodal "
                                "model's features in flight between its tokenizer and "
                                "scheduler.");
    case Server::TritonPython:
        return WorkloadPage::tr("Each model instance of the Python backend has a pool in /dev/shm "
                                "that grows to the largest request and response it holds, and "
                                "never shrinks.");
    case Server::LightLlm:
        return WorkloadPage::tr("LightLLM keeps its request structures in /dev/shm and asks for "
                                "2 GiB more than them.");
    }
    return {};
}

} // namespace

void WorkloadPage::createServingFields()
{
    m_kind = new QComboBox(this);
    m_kind->addItem(tr("Trains a model"), workloadKindName(WorkloadKind::Training));
    m_kind->addItem(tr("Serves a model (inference)"), workloadKindName(WorkloadKind::Serving));
    m_kind->setAccessibleName(tr("Train or serve"));
    m_kind->setToolTip(tr("A training run, or a service that answers requests: a model server "
                          "keeps its own structures in /dev/shm, or runs DataLoaders in each of "
                          "its worker processes."));
    m_server = new QComboBox(this);
    for (const QString &name : serverNames()) {
        const Server s = *serverFromName(name);
        m_server->addItem(serverTitle(s), name);
        m_server->setItemData(m_server->count() - 1, serverNote(s), Qt::ToolTipRole);
    }
    m_server->setAccessibleName(tr("Server"));
    auto count = [this](const QString &name, int max) {
        auto *box = new NumberBox(this);
        box->setRange(1, max);
        box->setAccessibleName(name);
        return box;
    };
    m_tp = count(tr("Tensor-parallel size"), 4096);
    m_pp = count(tr("Pipeline-parallel size"), 4096);
    m_dp = count(tr("Data-parallel size"), 4096);
    m_instances = count(tr("Model instances"), 4096);
    m_maxRequests = count(tr("Requests at once"), 1000000);
    m_version = new QLineEdit(this);
    m_version->setAccessibleName(tr("vLLM release"));
    m_version->setPlaceholderText(tr("e.g. 0.11.1; empty: the larger queues"));
    m_kvOffload = new QLineEdit(this);
    m_kvOffload->setAccessibleName(tr("KV-offload tier"));
    m_kvOffload->setPlaceholderText(tr("--kv-offloading-size, e.g. 8GiB"));
    m_payload = new QLineEdit(this);
    m_payload->setAccessibleName(tr("Largest request and response"));
    m_payload->setPlaceholderText(tr("tensors one instance holds at once, e.g. 100MiB"));
    // What's This and tooltip: what each setting changes in /dev/shm.
    const QList<std::pair<QWidget *, QString>> help{
        {m_tp, tr("<b>Tensor-parallel size</b>: processes that hold one model together "
                  "(--tensor-parallel-size, --tp). vLLM gives each a response queue of 240 MiB "
                  "in /dev/shm; vLLM and SGLang add a 24 MiB broadcaster per group above one; "
                  "NCCL's share grows with it.")},
        {m_pp, tr("<b>Pipeline-parallel size</b>: stages of the model (--pipeline-parallel-size). "
                  "Each stage's processes have their own queues and groups.")},
        {m_dp, tr("<b>Data-parallel size</b>: engines on this host (--data-parallel-size), each "
                  "with all of vLLM's queues.")},
        {m_instances,
         tr("<b>Model instances</b>: instances of every Python-backend model together "
            "(instance_group counts, times the GPUs for KIND_GPU). Each has a pool of its own in "
            "/dev/shm.")},
        {m_maxRequests, tr("<b>Requests at once</b>: LightLLM's --running_max_req_size (256). "
                           "Its request structures in /dev/shm grow with it.")},
        {m_version, tr("<b>vLLM release</b>: the response queues' chunks were 10 MiB before "
                       "0.11.1 and 24 MiB since; the KV-offload tier is in /dev/shm from 0.26. "
                       "Empty plans the larger figures.")},
        {m_kvOffload, tr("<b>KV-offload tier</b>: --kv-offloading-size. From vLLM 0.26 it is one "
                         "file in /dev/shm of this size, filled at start.")},
        {m_payload, tr("<b>Largest request</b>: the request and response tensors one Triton "
                       "instance holds at once (its pool grows to them and never shrinks), or "
                       "SGLang's multimodal features in flight. Empty: not known, said in the "
                       "plan.")}};
    for (const auto &[w, text] : help) {
        w->setWhatsThis(text);
        w->setToolTip(QTextDocumentFragment::fromHtml(text).toPlainText());
    }
    m_serverNote = new QLabel(this);
    m_serverNote->setWordWrap(true);
    m_serverNote->setTextFormat(Qt::PlainText);
}

QWidget *WorkloadPage::layOutServing()
{
    // Grids, not form layouts: a row is hidden by hiding its label and field (QFormLayout's
    // setRowVisible corrupts memory on Qt 6.4 with spanning rows).
    auto *box = new QWidget(this);
    auto *grid = new QGridLayout(box);
    grid->setContentsMargins(0, 0, 0, 0);
    auto *kindLabel = new QLabel(tr("The &job:"), box);
    kindLabel->setBuddy(m_kind);
    grid->addWidget(kindLabel, 0, 0);
    grid->addWidget(m_kind, 0, 1);
    m_serverLabel = new QLabel(tr("Ser&ver:"), box);
    m_serverLabel->setBuddy(m_server);
    grid->addWidget(m_serverLabel, 1, 0);
    grid->addWidget(m_server, 1, 1);
    grid->setColumnStretch(1, 1);
    m_serverBox = new QGroupBox(tr("The server"), this);
    auto *settings = new QGridLayout(m_serverBox);
    settings->addWidget(m_serverNote, 0, 0, 1, 2);
    int row = 1;
    auto add = [&](const QString &label, QWidget *field, QWidget *shown) {
        auto *l = new QLabel(label, m_serverBox);
        l->setBuddy(field);
        settings->addWidget(l, row, 0);
        settings->addWidget(shown, row, 1);
        m_serverLabels.insert(shown, l);
        ++row;
    };
    add(tr("Tensor-parallel size:"), m_tp, m_tp);
    add(tr("Pipeline-parallel size:"), m_pp, m_pp);
    add(tr("Data-parallel size:"), m_dp, m_dp);
    add(tr("vLLM release:"), m_version, m_version);
    add(tr("KV-offload tier:"), m_kvOffload, withBytes(m_kvOffload));
    add(tr("Model instances:"), m_instances, m_instances);
    add(tr("Largest request:"), m_payload, withBytes(m_payload));
    add(tr("Requests at once:"), m_maxRequests, m_maxRequests);
    settings->setColumnStretch(1, 1);
    // Room left over goes below the rows, not between them.
    settings->setRowStretch(row, 1);
    grid->addWidget(m_serverBox, 2, 0, 1, 2);
    return box;
}

void WorkloadPage::editServing(const std::function<void(ServingSpec &)> &change)
{
    session()->edit([&](Profile &p) {
        ServingSpec next = p.serving;
        change(next);
        serving::setServing(p, next);
    });
}

void WorkloadPage::connectServing()
{
    connect(m_kind, qOverload<int>(&QComboBox::currentIndexChanged), this, [this] {
        const bool serve =
            m_kind->currentData().toString() == workloadKindName(WorkloadKind::Serving);
        editServing([&](ServingSpec &spec) { spec.used = serve; });
    });
    connect(m_server, qOverload<int>(&QComboBox::currentIndexChanged), this, [this] {
        if (const auto s = serverFromName(m_server->currentData().toString()))
            editServing([&](ServingSpec &spec) { spec.server = *s; });
    });
    auto countField = [this](QSpinBox *box, quint64 ServingSpec::*field) {
        connect(box, qOverload<int>(&QSpinBox::valueChanged), this, [this, field](int v) {
            editServing([&](ServingSpec &spec) { spec.*field = quint64(v); });
        });
    };
    countField(m_tp, &ServingSpec::tensorParallel);
    countField(m_pp, &ServingSpec::pipelineParallel);
    countField(m_dp, &ServingSpec::dataParallel);
    countField(m_instances, &ServingSpec::instances);
    connect(m_maxRequests, qOverload<int>(&QSpinBox::valueChanged), this, [this](int v) {
        editServing([&](ServingSpec &spec) { spec.maxRequests = quint64(v); });
    });
    connect(m_version, &QLineEdit::textEdited, this, [this](const QString &text) {
        const QString v = text.trimmed();
        if (!v.isEmpty() && serving::vllmRelease(v) == 0) {
            setFieldError(m_version,
                          tr("vLLM release: '%1' is not a release such as 0.11.1").arg(v));
            return;
        }
        setFieldError(m_version, QString());
        editServing([&](ServingSpec &spec) { spec.version = v; });
    });
    connect(m_kvOffload, &QLineEdit::textEdited, this, [this] {
        std::optional<quint64> v;
        if (readSize(m_kvOffload, true, &v))
            editServing([&](ServingSpec &spec) { spec.kvOffloadBytes = v.value_or(0); });
    });
    connect(m_payload, &QLineEdit::textEdited, this, [this] {
        std::optional<quint64> v;
        if (readSize(m_payload, true, &v))
            editServing([&](ServingSpec &spec) { spec.payloadBytes = v.value_or(0); });
    });
    const QList<std::pair<QWidget *, const char *>> keys{{m_server, "serving.server"},
                                                         {m_tp, "serving.tensor_parallel_size"},
                                                         {m_pp, "serving.pipeline_parallel_size"},
                                                         {m_dp, "serving.data_parallel_size"},
                                                         {m_version, "serving.version"},
                                                         {m_kvOffload, "serving.kv_offload_bytes"},
                                                         {m_instances, "serving.instances"},
                                                         {m_payload, "serving.payload_bytes"},
                                                         {m_maxRequests, "serving.max_requests"}};
    for (const auto &[w, key] : keys)
        bindField(w, QLatin1String(key));
}

void WorkloadPage::syncServing()
{
    // Not laid out yet: the constructor syncs once everything is.
    if (!m_serverLabel)
        return;
    const Profile &p = session()->profile();
    const ServingSpec &s = p.serving;
    quietly(m_kind, [&](QComboBox *c) {
        c->setCurrentIndex(
            c->findData(workloadKindName(s.used ? WorkloadKind::Serving : WorkloadKind::Training)));
    });
    quietly(m_server, [&](QComboBox *c) { c->setCurrentIndex(c->findData(serverName(s.server))); });
    m_server->setVisible(s.used);
    m_serverLabel->setVisible(s.used);
    m_serverBox->setVisible(s.used);
    m_serverNote->setText(serverNote(s.server));
    const bool llm =
        s.server == Server::Vllm || s.server == Server::Sglang || s.server == Server::LightLlm;
    auto showRow = [this](QWidget *shown, bool on) {
        shown->setVisible(on);
        m_serverLabels.value(shown)->setVisible(on);
    };
    showRow(m_tp, llm);
    showRow(m_pp, s.server == Server::Vllm || s.server == Server::Sglang);
    showRow(m_dp, s.server == Server::Vllm);
    showRow(m_version, s.server == Server::Vllm);
    showRow(m_kvOffload->parentWidget(), s.server == Server::Vllm);
    showRow(m_instances, s.server == Server::TritonPython);
    showRow(m_payload->parentWidget(),
            s.server == Server::TritonPython || s.server == Server::Sglang);
    showRow(m_maxRequests, s.server == Server::LightLlm);
    showNumber(m_tp, s.tensorParallel);
    showNumber(m_pp, s.pipelineParallel);
    showNumber(m_dp, s.dataParallel);
    showNumber(m_instances, s.instances);
    showNumber(m_maxRequests, s.maxRequests.value_or(serving::LightLlmMaxRequests));
    if (!m_version->hasFocus() && !holdsUnreadableText(m_version))
        quietly(m_version, [&](QLineEdit *e) { e->setText(s.version); });
    auto showSize = [this](QLineEdit *e, Bytes b) {
        if (e->hasFocus() || holdsUnreadableText(e))
            return;
        const auto shown =
            parseFieldSize(e->text().trimmed().isEmpty() ? QStringLiteral("0") : e->text());
        if (!shown || *shown != b)
            quietly(e, [&](QLineEdit *x) { x->setText(b ? profileSize(b) : QString()); });
    };
    showSize(m_kvOffload, s.kvOffloadBytes);
    showSize(m_payload, s.payloadBytes);
    setSubTitle(s.used ? tr("Which server, and the settings that change what it keeps in "
                            "/dev/shm. The /dev/shm it needs updates as you type.")
                       : tr("What one sample holds and how the DataLoader runs. The /dev/shm it "
                            "needs updates as you type."));
    // A server that runs no DataLoader of the profile's has no sample or loader to ask for.
    const bool loaders = !serving::serverOnly(p);
    for (QWidget *w : std::as_const(m_loaderOnly))
        w->setVisible(loaders);
    // The note asking to check the loader's fields, of a server that shows none, stays hidden
    // while it is shown; the measure button names what it runs.
    m_checkNote->setVisible(loaders && !m_checked.isEmpty());
    m_checkIcon->setVisible(loaders && !m_checked.isEmpty());
    m_measure->setText(s.used ? tr("Meas&ure My Service…") : tr("Meas&ure My Training Script…"));
}

} // namespace shmwise
