// SPDX-License-Identifier: GPL-3.0-or-later
#include "targetpage.h"

#include "fleetview.h"
#include "probetarget.h"
#include "session.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QVBoxLayout>

namespace shmwise {

namespace {
const QString kRecentSsh = QStringLiteral("recentSshHosts");
enum Kind
{
    LocalKind,
    SshKind,
    DockerKind,
    K8sKind
};
} // namespace

TargetPage::TargetPage(Session *session, QWidget *parent)
    : Page(session, {QStringLiteral("target")}, parent)
{
    setTitle(tr("Target"));
    setSubTitle(tr("Which machine should ShmWise look at? It runs a read-only probe there and "
                   "installs nothing."));

    m_local = new QRadioButton(tr("This &computer"), this);
    m_ssh = new QRadioButton(tr("An &SSH host"), this);
    m_docker = new QRadioButton(tr("A running &Docker container"), this);
    m_k8s = new QRadioButton(tr("A K&ubernetes pod"), this);
    m_kind = new QButtonGroup(this);
    m_kind->addButton(m_local, LocalKind);
    m_kind->addButton(m_ssh, SshKind);
    m_kind->addButton(m_docker, DockerKind);
    m_kind->addButton(m_k8s, K8sKind);

    m_sshHost = new QComboBox(this);
    m_sshHost->setEditable(true);
    m_sshHost->setInsertPolicy(QComboBox::NoInsert);
    m_sshHost->setAccessibleName(tr("SSH host"));
    m_sshHost->lineEdit()->setPlaceholderText(
        tr("[user@]host[:port] or an alias from ~/.ssh/config"));
    m_sshHost->setToolTip(tr("Uses your OpenSSH client, so ~/.ssh/config, the agent, ProxyJump "
                             "and known_hosts work as in a terminal. The host key must already "
                             "be known."));
    QStringList hosts = QSettings().value(kRecentSsh).toStringList();
    QFile config(QDir::home().filePath(QStringLiteral(".ssh/config")));
    if (config.open(QIODevice::ReadOnly)) {
        for (const QString &alias : sshConfigAliases(QString::fromUtf8(config.readAll()))) {
            if (!hosts.contains(alias))
                hosts << alias;
        }
    }
    m_sshHost->addItems(hosts);
    m_sshHost->setCurrentText(QString());
    m_sshConfig = new QLineEdit(this);
    m_sshConfig->setAccessibleName(tr("SSH config file"));
    m_sshConfig->setPlaceholderText(tr("optional: a config file passed to ssh -F"));
    m_container = new QLineEdit(this);
    m_container->setAccessibleName(tr("Container"));
    m_container->setPlaceholderText(tr("container name or id"));
    m_namespace = new QLineEdit(this);
    m_namespace->setAccessibleName(tr("Pod namespace"));
    m_namespace->setPlaceholderText(tr("current namespace"));
    m_pod = new QLineEdit(this);
    m_pod->setAccessibleName(tr("Pod"));
    m_podContainer = new QLineEdit(this);
    m_podContainer->setAccessibleName(tr("Pod container"));
    m_podContainer->setPlaceholderText(tr("the pod's default container"));

    auto *layout = new QVBoxLayout(this);
    auto *grid = new QGridLayout;
    int row = 0;
    grid->addWidget(m_local, row++, 0, 1, 2);
    grid->addWidget(m_ssh, row++, 0, 1, 2);
    auto *sshForm = new QFormLayout;
    sshForm->addRow(tr("H&ost:"), m_sshHost);
    sshForm->addRow(tr("Config fi&le:"), m_sshConfig);
    grid->addLayout(sshForm, row++, 1);
    grid->addWidget(m_docker, row++, 0, 1, 2);
    auto *dockerForm = new QFormLayout;
    dockerForm->addRow(tr("Cont&ainer:"), m_container);
    grid->addLayout(dockerForm, row++, 1);
    grid->addWidget(m_k8s, row++, 0, 1, 2);
    auto *k8sForm = new QFormLayout;
    k8sForm->addRow(tr("Na&mespace:"), m_namespace);
    k8sForm->addRow(tr("&Pod:"), m_pod);
    k8sForm->addRow(tr("Contain&er:"), m_podContainer);
    grid->addLayout(k8sForm, row++, 1);
    grid->setColumnMinimumWidth(0, 24);
    grid->setColumnStretch(1, 1);
    layout->addLayout(grid);
    // Many hosts at once: a window of its own, so the wizard's single target stays as it is.
    auto *fleet = new QPushButton(tr("Fleet &view…"), this);
    fleet->setToolTip(tr("Probe many hosts at once (targets or an Ansible inventory) and see "
                         "which of them would break the job."));
    connect(fleet, &QPushButton::clicked, this, [this] {
        auto *view = new FleetView(this->session()->plan(), m_sshConfig->text().trimmed(), this);
        view->setAttribute(Qt::WA_DeleteOnClose);
        if (m_ssh->isChecked() && !m_sshHost->currentText().trimmed().isEmpty())
            view->setTargets({QStringLiteral("ssh://") + m_sshHost->currentText().trimmed()});
        view->show();
    });
    auto *fleetRow = new QHBoxLayout;
    fleetRow->addWidget(fleet);
    fleetRow->addStretch();
    layout->addLayout(fleetRow);
    layout->addStretch();
    layout->addWidget(messageLabel());

    connect(m_kind, &QButtonGroup::idToggled, this, [this](int, bool on) {
        if (on)
            update();
    });
    connect(m_sshHost, &QComboBox::editTextChanged, this, &TargetPage::update);
    for (QLineEdit *e : {m_sshConfig, m_container, m_namespace, m_pod, m_podContainer})
        connect(e, &QLineEdit::textChanged, this, &TargetPage::update);

    m_local->setChecked(true);
    update();
}

void TargetPage::rememberSshHost(const QString &host)
{
    QSettings settings;
    QStringList recent = settings.value(kRecentSsh).toStringList();
    recent.removeAll(host);
    recent.prepend(host);
    while (recent.size() > 10)
        recent.removeLast();
    settings.setValue(kRecentSsh, recent);
}

void TargetPage::update()
{
    const int kind = m_kind->checkedId();
    m_sshHost->setEnabled(kind == SshKind);
    m_sshConfig->setEnabled(kind == SshKind);
    m_container->setEnabled(kind == DockerKind);
    for (QLineEdit *e : {m_namespace, m_pod, m_podContainer})
        e->setEnabled(kind == K8sKind);

    QString text = QStringLiteral("local");
    QWidget *field = m_local;
    if (kind == SshKind) {
        text = QStringLiteral("ssh://") + m_sshHost->currentText().trimmed();
        field = m_sshHost;
    } else if (kind == DockerKind) {
        text = QStringLiteral("docker://") + m_container->text().trimmed();
        field = m_container;
    } else if (kind == K8sKind) {
        QStringList parts;
        if (!m_namespace->text().trimmed().isEmpty())
            parts << m_namespace->text().trimmed();
        parts << m_pod->text().trimmed();
        if (!m_podContainer->text().trimmed().isEmpty()) {
            if (parts.size() == 1)
                parts.prepend(QStringLiteral("default"));
            parts << m_podContainer->text().trimmed();
        }
        text = QStringLiteral("k8s://") + parts.join(QLatin1Char('/'));
        field = m_pod;
    }
    for (QWidget *w : {static_cast<QWidget *>(m_local), static_cast<QWidget *>(m_sshHost),
                       static_cast<QWidget *>(m_container), static_cast<QWidget *>(m_pod)})
        if (w != field)
            setFieldError(w, QString());
    QString error;
    // The same parser the prober uses refuses anything that could reach a shell.
    if (!parseTarget(text, &error)) {
        setFieldError(field, error);
        return;
    }
    setFieldError(field, QString());
    QString config = m_sshConfig->text().trimmed();
    if (kind == SshKind && !config.isEmpty() && !QFile::exists(config)) {
        setFieldError(m_sshConfig, tr("SSH config file %1 does not exist").arg(config));
        return;
    }
    setFieldError(m_sshConfig, QString());
    session()->setTarget(text);
    session()->setSshConfig(kind == SshKind ? config : QString());
}

void TargetPage::syncFromProfile()
{
    // The target is not part of the profile: nothing to sync.
}

} // namespace shmwise
