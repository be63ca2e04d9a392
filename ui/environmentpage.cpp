// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/environmentpage.h"

#include "ui/numberbox.h"
#include "ui/session.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QVBoxLayout>

namespace shmwise {

namespace {

// The inverse of QProcess::splitCommand(), which the field is read with: arguments with
// whitespace or quotes are quoted, and a quote inside quotes is written as three.
QString joinCommand(const QStringList &args)
{
    static const QRegularExpression needsQuotes(QStringLiteral("[\\s\"]"));
    QStringList out;
    for (const QString &a : args) {
        if (!a.isEmpty() && !a.contains(needsQuotes))
            out << a;
        else
            out << QLatin1Char('"') +
                       QString(a).replace(QLatin1Char('"'), QStringLiteral("\"\"\"")) +
                       QLatin1Char('"');
    }
    return out.join(QLatin1Char(' '));
}

QString sizeText(const std::optional<quint64> &v)
{
    return v ? profileSize(*v) : QString();
}

QString environmentNote(Environment e)
{
    switch (e) {
    case Environment::BareMetal:
        return EnvironmentPage::tr(
            "/dev/shm is a tmpfs of half the RAM by default; it is resized with mount and fstab.");
    case Environment::Docker:
        return EnvironmentPage::tr(
            "Containers get 64 MiB of /dev/shm unless docker run is given --shm-size.");
    case Environment::Compose:
        return EnvironmentPage::tr("Services get 64 MiB unless the compose file sets shm_size.");
    case Environment::Swarm:
        return EnvironmentPage::tr(
            "Swarm ignores shm_size; a tmpfs volume mounted at /dev/shm is the way.");
    case Environment::Podman:
        return EnvironmentPage::tr("Podman gives 64 MiB unless --shm-size is set.");
    case Environment::Kubernetes:
        return EnvironmentPage::tr("Pods get 64 MiB; Kubernetes has no shm setting, so an emptyDir "
                                   "with medium: Memory is mounted at /dev/shm.");
    case Environment::AzureMl:
        return EnvironmentPage::tr(
            "Command jobs get 2 GiB unless resources.shm_size says otherwise.");
    case Environment::AwsBatch:
        return EnvironmentPage::tr(
            "Job definitions set linuxParameters.sharedMemorySize in MiB (not on Fargate).");
    case Environment::AwsEcs:
        return EnvironmentPage::tr(
            "Task definitions set linuxParameters.sharedMemorySize in MiB (not on Fargate).");
    case Environment::SageMaker:
        return EnvironmentPage::tr("Training jobs have no /dev/shm setting: only DataLoader "
                                   "settings can keep the job within it.");
    case Environment::VertexAi:
        return EnvironmentPage::tr("Custom training has no /dev/shm setting: only DataLoader "
                                   "settings can keep the job within it.");
    case Environment::Ansible:
        return EnvironmentPage::tr("Like bare metal, on every host of an inventory: a playbook "
                                   "sets the fstab line, remounts, and checks each host.");
    case Environment::Slurm:
        return EnvironmentPage::tr("Jobs get the node's /dev/shm (shared with other jobs), or a "
                                   "private one of half the node's RAM with job_container/tmpfs; "
                                   "sbatch has no size option.");
    }
    return {};
}

} // namespace

EnvironmentPage::EnvironmentPage(Session *session, QWidget *parent)
    : Page(session,
           {QStringLiteral("environment"), QStringLiteral("kubernetes."), QStringLiteral("job."),
            QStringLiteral("nccl."), QStringLiteral("ray."), QStringLiteral("slurm."),
            QStringLiteral("host.")},
           parent)
{
    setTitle(tr("Environment"));
    setSubTitle(tr("Where will the job run, and what does it get there?"));

    m_environment = new QComboBox(this);
    for (const QString &name : environmentNames()) {
        const Environment e = *environmentFromName(name);
        m_environment->addItem(environmentTitle(e), name);
    }
    m_environment->setAccessibleName(tr("Environment"));
    m_environmentNote = new QLabel(this);
    m_environmentNote->setWordWrap(true);
    // A wrapped label may be given a line more than it needs: the spare goes below its text,
    // not between it and the field it explains.
    m_environmentNote->setAlignment(Qt::AlignLeft | Qt::AlignTop);

    m_kind = new QComboBox(this);
    for (const QString &k : kubernetesKindNames())
        m_kind->addItem(k, k);
    m_kind->setAccessibleName(tr("Kubernetes workload kind"));
    m_kind->setToolTip(tr("PyTorchJob is the Kubeflow training operator's (v1); TrainJob is "
                          "Kubeflow Trainer's (v2); RayJob and RayCluster are KubeRay's; "
                          "LeaderWorkerSet (LWS) runs a server as a group of pods across "
                          "hosts; InferenceService is KServe's."));
    m_trainer = new QComboBox(this);
    for (const QString &r : trainerReleaseNames())
        m_trainer->addItem(QStringLiteral("v%1").arg(r), r);
    m_trainer->setAccessibleName(tr("Kubeflow Trainer release"));
    m_trainer->setToolTip(tr("The release of Kubeflow Trainer on the cluster: each one names "
                             "the TrainJob field that patches the runtime's pods differently."));
    m_namespace = new QLineEdit(this);
    m_namespace->setAccessibleName(tr("Namespace"));
    m_slurmContainer = new QComboBox(this);
    m_slurmContainer->addItem(tr("none: on the node itself"), QStringLiteral("none"));
    m_slurmContainer->addItem(tr("Apptainer (apptainer exec)"), QStringLiteral("apptainer"));
    m_slurmContainer->addItem(tr("enroot with pyxis (srun --container-image)"),
                              QStringLiteral("enroot"));
    m_slurmContainer->setAccessibleName(tr("Container on the node"));
    m_slurmContainer->setToolTip(tr("Both share the node's /dev/shm with the job, so its size "
                                    "is the node's either way."));

    m_adjustable = new QCheckBox(tr("I can change the size of /dev/shm th&ere"), this);
    m_adjustable->setToolTip(tr("Clear this on a shared cluster or a platform where /dev/shm is "
                                "fixed; ShmWise then fits the DataLoader to what there is."));
    m_shm = new QLineEdit(this);
    m_shm->setPlaceholderText(tr("not known, e.g. 64MiB"));
    m_shm->setAccessibleName(tr("Current /dev/shm"));
    m_shm->setToolTip(tr("The /dev/shm the job gets today; a probe of the host fills it in."));

    m_name = new QLineEdit(this);
    m_name->setAccessibleName(tr("Job name"));
    m_image = new QLineEdit(this);
    m_image->setAccessibleName(tr("Image"));
    m_command = new QLineEdit(this);
    m_command->setAccessibleName(tr("Command"));
    m_command->setToolTip(tr("The program and its arguments; quote an argument that holds "
                             "spaces."));
    m_jobMemory = new QLineEdit(this);
    m_jobMemory->setPlaceholderText(tr("not known, e.g. 32GiB"));
    m_jobMemory->setAccessibleName(tr("Job memory"));
    m_jobMemory->setToolTip(tr("The job's own memory need, not counting /dev/shm; memory limits "
                               "are raised by the /dev/shm size on top of it."));
    m_gpus = new NumberBox(this);
    m_gpus->setRange(0, int(MaxProfileGpus));
    m_gpus->setAccessibleName(tr("GPUs per node"));
    // What NCCL puts in /dev/shm depends on these (core/nccl.h); unknown, the plan counts the
    // most it can be.
    m_p2p = new QComboBox(this);
    m_p2p->addItem(tr("not known"));
    m_p2p->addItem(tr("yes, directly (NVLink or PCIe P2P)"), true);
    m_p2p->addItem(tr("no (no P2P, or NCCL_P2P_DISABLE=1)"), false);
    m_p2p->setAccessibleName(tr("GPUs reach each other"));
    m_p2p->setToolTip(tr("Whether this host's GPUs reach each other directly: nvidia-smi topo "
                         "-p2p r says OK between them. If not, NCCL's SHM transport puts about "
                         "9.2 MiB per connection in /dev/shm, 2 to 6 connections per process."));
    m_nodes = new NumberBox(this);
    m_nodes->setRange(0, 65536);
    m_nodes->setSpecialValueText(tr("not known"));
    m_nodes->setAccessibleName(tr("Hosts in the job"));
    m_nodes->setToolTip(tr("Hosts the job spans. On more than one, NCCL's proxy keeps an "
                           "operations pool in /dev/shm for each process: 4 to 33 MiB, by NCCL "
                           "release (the profile's nccl.version names it)."));
    m_ray = new QCheckBox(tr("Ray &manages the job (its object store is in /dev/shm)"), this);
    m_ray->setToolTip(tr("Ray Train, Ray Data or any Ray job: Ray's object store lives in "
                         "/dev/shm beside the DataLoaders, so the plan counts it."));
    m_objectStore = new QLineEdit(this);
    m_objectStore->setPlaceholderText(tr("Ray's default: 30% of memory"));
    m_objectStore->setAccessibleName(tr("Object store"));
    m_objectStore->setToolTip(tr("Ray's --object-store-memory. Left empty, Ray takes 30% of the "
                                 "memory it sees, which the job's or the host's memory gives."));
    m_hostMemory = new QLineEdit(this);
    m_hostMemory->setPlaceholderText(tr("not known, e.g. 128GiB"));
    m_hostMemory->setAccessibleName(tr("Host memory"));
    m_cpus = new NumberBox(this);
    m_cpus->setRange(0, 65536);
    m_cpus->setSpecialValueText(tr("not known"));
    m_cpus->setAccessibleName(tr("CPUs"));

    const QList<std::pair<QWidget *, const char *>> keys{{m_environment, "environment"},
                                                         {m_kind, "kubernetes.kind"},
                                                         {m_trainer, "kubernetes.trainer_release"},
                                                         {m_namespace, "kubernetes.namespace"},
                                                         {m_slurmContainer, "slurm.container"},
                                                         {m_shm, "host.shm_bytes"},
                                                         {m_name, "job.name"},
                                                         {m_image, "job.image"},
                                                         {m_command, "job.command"},
                                                         {m_jobMemory, "job.memory_bytes"},
                                                         {m_gpus, "job.gpus"},
                                                         {m_p2p, "nccl.p2p"},
                                                         {m_nodes, "nccl.nodes"},
                                                         {m_objectStore, "ray.object_store_memory"},
                                                         {m_hostMemory, "host.memory_bytes"},
                                                         {m_cpus, "host.cpus"}};
    for (const auto &[w, key] : keys)
        bindField(w, QLatin1String(key));

    auto *where = new QGroupBox(tr("Where"), this);
    auto *whereForm = new QFormLayout(where);
    m_whereForm = whereForm;
    whereForm->addRow(tr("&Runs on:"), m_environment);
    whereForm->addRow(QString(), m_environmentNote);
    whereForm->addRow(tr("Kubernetes &kind:"), m_kind);
    whereForm->addRow(tr("Trainer re&lease:"), m_trainer);
    whereForm->addRow(tr("Names&pace:"), m_namespace);
    whereForm->addRow(tr("Container &via:"), m_slurmContainer);
    whereForm->addRow(m_adjustable); // the whole row: no empty label column beside it
    whereForm->addRow(tr("Current /dev/&shm:"), withBytes(m_shm));

    auto *job = new QGroupBox(tr("Job"), this);
    auto *jobForm = new QFormLayout(job);
    m_jobForm = jobForm;
    jobForm->addRow(tr("Job n&ame:"), m_name);
    jobForm->addRow(tr("&Image:"), m_image);
    jobForm->addRow(tr("&Command:"), m_command);
    jobForm->addRow(tr("Job mem&ory:"), withBytes(m_jobMemory));
    jobForm->addRow(tr("&GPUs per node:"), m_gpus);
    jobForm->addRow(tr("&Direct GPU links:"), m_p2p);
    jobForm->addRow(tr("Hosts in the &job:"), m_nodes);
    jobForm->addRow(m_ray);
    m_objectStoreRow = withBytes(m_objectStore);
    jobForm->addRow(tr("Object store si&ze:"), m_objectStoreRow);

    auto *host = new QGroupBox(tr("Host"), this);
    auto *hostForm = new QFormLayout(host);
    hostForm->addRow(tr("Host memor&y:"), withBytes(m_hostMemory));
    hostForm->addRow(tr("CP&Us:"), m_cpus);
    // The Job and Host boxes sit one above the other: one label width lines their fields up.
    int labelWidth = 0;
    for (QFormLayout *form : {jobForm, hostForm})
        for (int r = 0; r < form->rowCount(); ++r)
            if (QLayoutItem *item = form->itemAt(r, QFormLayout::LabelRole))
                if (item->widget())
                    labelWidth = std::max(labelWidth, item->widget()->sizeHint().width());
    for (QFormLayout *form : {jobForm, hostForm})
        for (int r = 0; r < form->rowCount(); ++r)
            if (QLayoutItem *item = form->itemAt(r, QFormLayout::LabelRole))
                if (item->widget())
                    item->widget()->setMinimumWidth(labelWidth);

    // Two columns fit a window of 800x600: a choice's long words ("yes, directly (NVLink or
    // PCIe P2P)") show in full in its list, and the closed box is narrower than they are.
    for (QComboBox *box : findChildren<QComboBox *>()) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(18);
    }
    auto *columns = new QHBoxLayout;
    auto *left = new QVBoxLayout;
    left->addWidget(where);
    left->addStretch();
    auto *right = new QVBoxLayout;
    right->addWidget(job);
    right->addWidget(host);
    right->addStretch();
    columns->addLayout(left, 1);
    columns->addLayout(right, 1);
    // The fields scroll when the page is short of height (800x600 with the bytes under three
    // size fields and three lines of messages) rather than being squeezed below their own
    // height, the text in them cut; the messages stay in view under them.
    auto *content = new QWidget(this);
    content->setLayout(columns);
    columns->setContentsMargins(0, 0, 0, 0);
    auto *scroll = new QScrollArea(this);
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // As wide as its fields need (a scroll area asks for little of its own): the page keeps
    // its width and scrolls only up and down.
    scroll->setMinimumWidth(content->minimumSizeHint().width() +
                            scroll->verticalScrollBar()->sizeHint().width());
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(scroll, 1);
    layout->addWidget(messageLabel());

    connect(m_environment, qOverload<int>(&QComboBox::currentIndexChanged), this, [this] {
        const auto e = environmentFromName(m_environment->currentData().toString());
        if (!e)
            return;
        // Bytes are bytes: 8G typed for Docker stays 8 GiB under Kubernetes (which would read
        // the same text as 8x10^9, and "64m" as 64 thousandths of a byte); syncFromProfile()
        // writes each size again in a form the new environment reads as the same bytes.
        const Profile before = this->session()->profile();
        this->session()->edit([&](Profile &p) { p.environment = *e; });
        // A current /dev/shm given for one place is not another's: a job on the host sees the
        // host's, one in a container or on a platform gets its own. Kept, and said.
        const bool wasHost = !environmentRunsInContainer(before.environment);
        if (before.host.shmBytes && before.environment != *e &&
            (wasHost || !environmentRunsInContainer(*e) ||
             environmentDefaultShm(*e) != environmentDefaultShm(before.environment)))
            setNotice(m_shm, tr("Current /dev/shm: %1 was given for %2; check that it is what "
                                "a job gets on %3")
                                 .arg(formatSize(*before.host.shmBytes),
                                      environmentTitle(before.environment), environmentTitle(*e)));
        else
            setNotice(m_shm, QString());
        // Text that the new syntax cannot read is marked (and what can, cleared of errors).
        for (QLineEdit *edit : {m_shm, m_jobMemory, m_hostMemory, m_objectStore}) {
            std::optional<quint64> ignored;
            readSize(edit, true, &ignored);
        }
    });
    connect(m_kind, qOverload<int>(&QComboBox::currentIndexChanged), this, [this] {
        const auto k = kubernetesKindFromName(m_kind->currentData().toString());
        if (k)
            this->session()->edit([&](Profile &p) { p.kubernetes.kind = *k; });
    });
    connect(m_trainer, qOverload<int>(&QComboBox::activated), this, [this](int i) {
        if (const auto r = trainerReleaseFromName(m_trainer->itemData(i).toString()))
            this->session()->edit([&](Profile &p) { p.kubernetes.trainer = *r; });
    });
    connect(m_slurmContainer, qOverload<int>(&QComboBox::activated), this, [this](int i) {
        if (const auto c = slurmContainerFromName(m_slurmContainer->itemData(i).toString()))
            this->session()->edit([&](Profile &p) { p.slurm.container = *c; });
    });
    connect(m_ray, &QCheckBox::toggled, this,
            [this](bool on) { this->session()->edit([&](Profile &p) { p.ray.used = on; }); });
    connect(m_namespace, &QLineEdit::textEdited, this, [this](const QString &t) {
        this->session()->edit([&](Profile &p) { p.kubernetes.ns = t.trimmed(); });
    });
    connect(m_adjustable, &QCheckBox::toggled, this, [this](bool on) {
        this->session()->edit([&](Profile &p) { p.host.shmAdjustable = on; });
    });
    auto sizeField = [this](QLineEdit *edit, auto member) {
        connect(edit, &QLineEdit::textEdited, this, [this, edit, member] {
            std::optional<quint64> v;
            const bool read = readSize(edit, true, &v);
            // "16" is 16 bytes: taken, but said, since no memory or /dev/shm is that small and
            // the unit was most likely left out.
            // A /dev/shm of 0 bytes is none (the memory fields refuse 0 in the profile's
            // checks): said, as the field is most likely meant to be empty.
            const QString unitNote =
                read && v && *v > 0 && *v < MiB
                    ? tr("%1: %2 is only %3; a size without a unit is in bytes "
                         "(write 16GiB for 16 GiB)")
                          .arg(edit->accessibleName(), edit->text().trimmed(),
                               countText(int(*v), tr("1 byte"), tr("%1 bytes")))
                : read && v && *v == 0 && edit == m_shm
                    ? tr("%1: 0 bytes is no /dev/shm; leave the field empty when its size is not "
                         "known")
                          .arg(edit->accessibleName())
                    : QString();
            edit->setProperty("shmwiseUnitNotice", unitNote);
            setNotice(edit, unitNote);
            if (read)
                this->session()->edit([&](Profile &p) { member(p) = v; });
            if (edit == m_jobMemory || edit == m_hostMemory)
                memoryNotice();
        });
    };
    sizeField(m_shm, [](Profile &p) -> std::optional<quint64> & { return p.host.shmBytes; });
    sizeField(m_jobMemory,
              [](Profile &p) -> std::optional<quint64> & { return p.job.memoryBytes; });
    sizeField(m_hostMemory,
              [](Profile &p) -> std::optional<quint64> & { return p.host.memoryBytes; });
    sizeField(m_objectStore,
              [](Profile &p) -> std::optional<quint64> & { return p.ray.objectStoreBytes; });
    // A store size is Ray's (a KubeRay kind's box is ticked without `used`): kept as such, so
    // a saved profile reads back the same.
    connect(m_objectStore, &QLineEdit::textEdited, this, [this] {
        if (this->session()->profile().ray.objectStoreBytes && !this->session()->profile().ray.used)
            this->session()->edit([](Profile &p) { p.ray.used = true; });
    });
    connect(m_name, &QLineEdit::textEdited, this, [this](const QString &t) {
        this->session()->edit([&](Profile &p) { p.job.name = t.trimmed(); });
    });
    connect(m_image, &QLineEdit::textEdited, this, [this](const QString &t) {
        this->session()->edit([&](Profile &p) { p.job.image = t.trimmed(); });
    });
    connect(m_command, &QLineEdit::textEdited, this, [this](const QString &t) {
        const QStringList args = QProcess::splitCommand(t);
        this->session()->edit([&](Profile &p) { p.job.command = args; });
    });
    connect(m_gpus, qOverload<int>(&QSpinBox::valueChanged), this, [this](int v) {
        this->session()->edit([&](Profile &p) {
            // One training process per GPU is the usual layout (torchrun --nproc-per-node):
            // follow the GPUs while processes per node still matches the old count (or 1).
            // Back to no GPUs, processes that followed them go back to one.
            const quint64 old = p.job.gpus;
            const bool following = p.workload.processesPerNode == std::max<quint64>(old, 1) ||
                                   p.workload.processesPerNode == 1;
            if (following)
                p.workload.processesPerNode = std::max<quint64>(quint64(v), 1);
            p.job.gpus = quint64(v);
        });
    });
    connect(m_p2p, qOverload<int>(&QComboBox::activated), this, [this](int i) {
        const QVariant v = m_p2p->itemData(i);
        this->session()->edit([&](Profile &p) {
            p.nccl.p2p = v.isValid() ? std::optional<bool>(v.toBool()) : std::nullopt;
        });
    });
    connect(m_nodes, qOverload<int>(&QSpinBox::valueChanged), this, [this](int v) {
        this->session()->edit([&](Profile &p) {
            p.nccl.nodes = v > 0 ? std::optional<quint64>(quint64(v)) : std::nullopt;
        });
    });
    connect(m_cpus, qOverload<int>(&QSpinBox::valueChanged), this, [this](int v) {
        this->session()->edit([&](Profile &p) {
            p.host.cpus = v > 0 ? std::optional<quint64>(quint64(v)) : std::nullopt;
        });
    });

    syncFromProfile();
}

void EnvironmentPage::memoryNotice()
{
    // What the Workload page and the Host page's verdict say of this memory, said at the field
    // where it was typed: the job's memory plus its /dev/shm against the host's.
    const ShmPlan &plan = session()->plan();
    QString note;
    for (qsizetype i = 0; i < plan.warnings.size() && i < plan.warningIds.size(); ++i)
        if (plan.warningIds.at(i) == QLatin1String("memory-plus-shm-over-host"))
            note = plan.warnings.at(i);
    const QString unitNote = m_jobMemory->property("shmwiseUnitNotice").toString();
    if (unitNote.isEmpty())
        setNotice(m_jobMemory, note);
}

void EnvironmentPage::syncFromProfile()
{
    const Profile &p = session()->profile();
    quietly(m_environment,
            [&](QComboBox *c) { c->setCurrentIndex(c->findData(environmentName(p.environment))); });
    m_environmentNote->setText(unbreakable(environmentNote(p.environment)));
    const bool k8s = p.environment == Environment::Kubernetes;
    // Shown only where they mean something.
    m_whereForm->setRowVisible(m_kind, k8s);
    m_whereForm->setRowVisible(m_namespace, k8s);
    m_whereForm->setRowVisible(m_trainer, k8s && p.kubernetes.kind == KubernetesKind::TrainJob);
    quietly(m_trainer, [&](QComboBox *c) {
        c->setCurrentIndex(c->findData(trainerReleaseName(p.kubernetes.trainer)));
    });
    // KubeRay's kinds are Ray's by definition: the box is ticked and fixed there.
    const bool rayKind = k8s && (p.kubernetes.kind == KubernetesKind::RayJob ||
                                 p.kubernetes.kind == KubernetesKind::RayCluster);
    quietly(m_ray, [&](QCheckBox *c) { c->setChecked(p.usesRay()); });
    m_ray->setEnabled(!rayKind);
    m_jobForm->setRowVisible(m_objectStoreRow, p.usesRay());
    // No image where the job does not run in a container.
    const bool slurm = p.environment == Environment::Slurm;
    m_whereForm->setRowVisible(m_slurmContainer, slurm);
    quietly(m_slurmContainer, [&](QComboBox *c) {
        c->setCurrentIndex(c->findData(slurmContainerName(p.slurm.container)));
    });
    m_jobForm->setRowVisible(m_image, environmentRunsInContainer(p.environment) ||
                                          (slurm && p.slurm.container != SlurmContainer::None));
    // NCCL's settings mean something only for a job with GPUs.
    m_jobForm->setRowVisible(m_p2p, p.job.gpus > 0);
    m_jobForm->setRowVisible(m_nodes, p.job.gpus > 0);
    quietly(m_p2p, [&](QComboBox *c) {
        c->setCurrentIndex(!p.nccl.p2p ? 0 : *p.nccl.p2p ? 1 : 2);
    });
    quietly(m_kind, [&](QComboBox *c) {
        c->setCurrentIndex(c->findData(kubernetesKindName(p.kubernetes.kind)));
    });
    if (m_namespace->text().trimmed() != p.kubernetes.ns)
        quietly(m_namespace, [&](QLineEdit *e) { e->setText(p.kubernetes.ns); });
    const bool settable = environmentHasShmSetting(p.environment);
    m_adjustable->setEnabled(settable);
    quietly(m_adjustable, [&](QCheckBox *c) { c->setChecked(p.shmAdjustable()); });

    // Text fields are rewritten only when they do not already say the same, so the cursor and
    // what the user is typing stay put.
    // Another environment reads sizes its own way ("16Gi" is Kubernetes', not Podman's): a size
    // the last environment read is written again in this one's syntax, since bytes are bytes.
    const std::optional<Environment> previous = m_syncedEnvironment;
    m_syncedEnvironment = p.environment;
    auto syncSize = [this, previous, &p](QLineEdit *e, const std::optional<quint64> &v) {
        std::optional<quint64> shown;
        if (!e->text().trimmed().isEmpty()) {
            shown = parseFieldSize(e->text());
            // What the last environment read as these bytes is written again when this one
            // reads the text otherwise, or not at all.
            const bool carried = previous && *previous != p.environment && v &&
                                 parseSizeAs(*previous, e->text()) == v && shown != v;
            if (carried) {
                quietly(e, [&](QLineEdit *x) { x->setText(sizeText(v)); });
                setFieldError(e, QString());
                return;
            }
            if (!shown)
                return; // the user's unreadable text stays, with its error, until fixed
        }
        if (shown != v)
            quietly(e, [&](QLineEdit *x) { x->setText(sizeText(v)); });
    };
    syncSize(m_shm, p.host.shmBytes);
    syncSize(m_jobMemory, p.job.memoryBytes);
    syncSize(m_hostMemory, p.host.memoryBytes);
    syncSize(m_objectStore, p.ray.objectStoreBytes);
    if (m_name->text().trimmed() != p.job.name)
        quietly(m_name, [&](QLineEdit *e) { e->setText(p.job.name); });
    if (m_image->text().trimmed() != p.job.image)
        quietly(m_image, [&](QLineEdit *e) { e->setText(p.job.image); });
    if (QProcess::splitCommand(m_command->text()) != p.job.command)
        quietly(m_command, [&](QLineEdit *e) { e->setText(joinCommand(p.job.command)); });
    showNumber(m_gpus, p.job.gpus);
    showNumber(m_cpus, p.host.cpus.value_or(0), quint64(0));
    showNumber(m_nodes, p.nccl.nodes.value_or(0), quint64(0));
    memoryNotice();
}

} // namespace shmwise
