// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/targetpage.h"

#include "probes/hostfill.h"
#include "probes/probetarget.h"
#include "ui/fleetview.h"
#include "ui/session.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpression>
#include <QSet>
#include <QSettings>
#include <QShowEvent>
#include <QVBoxLayout>
#include <functional>

namespace shmwise {

namespace {
const QString kRecentSsh = QStringLiteral("recentSshHosts");
const QString kLastTarget = QStringLiteral("target/last");
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
    reloadHosts();
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
    m_tester = new Prober(this);
    m_test = new QPushButton(tr("Test connect&ion"), this);
    m_test->setToolTip(tr("Run the probe on the chosen target once, to see that it answers."));
    m_testResult = new QLabel(this);
    m_testResult->setWordWrap(true);
    m_testResult->setTextFormat(Qt::PlainText); // host names and client errors
    m_testResult->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_testResult->setAccessibleName(tr("Connection test result"));

    // A newcomer often arrives with a crash, not a plan: the way to its diagnosis is here too,
    // not only in the menus.
    auto *crashed = new QLabel(tr("Did a training job die with \"Bus error\" or \"out of shared "
                                  "memory\"? Start from its log:"),
                               this);
    crashed->setWordWrap(true);
    auto *diagnose = new QPushButton(tr("Dia&gnose an Error Log…"), this);
    diagnose->setToolTip(tr("Paste or open the log: ShmWise says what ran out and what to "
                            "change, then plans /dev/shm for that job."));
    connect(diagnose, &QPushButton::clicked, this, &TargetPage::diagnoseRequested);
    auto *crashRow = new QHBoxLayout;
    crashRow->addWidget(crashed, 1);
    crashRow->addWidget(diagnose);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(crashRow);
    layout->addSpacing(fontMetrics().height() / 2);
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
    auto *testRow = new QHBoxLayout;
    testRow->addWidget(m_test);
    testRow->addWidget(m_testResult, 1);
    layout->addLayout(testRow);
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

    connect(m_kind, &QButtonGroup::idToggled, this, [this](int id, bool on) {
        if (!on)
            return;
        update();
        // A pod runs under Kubernetes: its environment is the obvious one. Another choice puts
        // back what the pod changed, unless the user changed it since.
        const Profile &now = this->session()->profile();
        if (id == K8sKind) {
            // The namespace field's text is the pod's again (it stayed while another target was
            // chosen): the files take it, as when it was typed.
            const QString ns = m_namespace->text().trimmed();
            const bool takeNs = !ns.isEmpty() && ns != now.kubernetes.ns;
            if (takeNs && !m_namespaceBefore)
                m_namespaceBefore = now.kubernetes.ns;
            if (now.environment != Environment::Kubernetes)
                m_environmentBeforePod = now.environment;
            if (takeNs || now.environment != Environment::Kubernetes)
                this->session()->edit([&](Profile &p) {
                    p.environment = Environment::Kubernetes;
                    if (takeNs)
                        p.kubernetes.ns = ns;
                });
        } else if (id != K8sKind && now.environment == Environment::Kubernetes &&
                   (m_environmentBeforePod || m_namespaceBefore)) {
            const std::optional<Environment> env = m_environmentBeforePod;
            const std::optional<QString> ns = m_namespaceBefore;
            this->session()->edit([&](Profile &p) {
                if (env)
                    p.environment = *env;
                if (ns)
                    p.kubernetes.ns = *ns;
            });
            m_environmentBeforePod.reset();
            m_namespaceBefore.reset();
        }
    });
    connect(m_test, &QPushButton::clicked, this, &TargetPage::testConnection);
    connect(m_tester, &Prober::busyChanged, this, [this](bool busy) {
        m_test->setEnabled(!busy);
        if (busy) {
            m_shownFor = m_tester->targetText();
            m_testResult->setPalette(palette());
            m_testResult->setText(tr("Connecting to %1…").arg(m_tester->targetText()));
        }
    });
    connect(m_tester, &Prober::finished, this, [this](const ProbeResult &r) {
        // A result for a target no longer chosen is not shown as if it were this one's.
        if (r.targetText != this->session()->target()) {
            if (m_shownFor == r.targetText) { // "Connecting to …" of a target no longer chosen
                m_testResult->clear();
                m_shownFor.clear();
            }
            return;
        }
        m_shownFor = r.targetText;
        QPalette pal = palette();
        if (r.ok()) {
            const HostFacts &f = r.facts;
            m_testResult->setText(
                tr("Answered from %1 in %2 ms: %3, /dev/shm %4.")
                    .arg(targetTitle(r.targetText))
                    .arg(r.elapsedMs)
                    .arg(f.osName.isEmpty() ? tr("unknown system") : f.osName,
                         f.shmSizeBytes ? formatSize(*f.shmSizeBytes) : tr("unknown")));
            if (r.target.kind == Target::Kind::Ssh)
                rememberSshHost(r.targetText.mid(6));
            // The host's memory and CPUs go where the profile has none yet, so the Environment
            // page's warnings have them; what the user typed stays.
            const Profile before = this->session()->profile();
            this->session()->edit([&](Profile &p) {
                const Profile was = p;
                applyFacts(p, f, FactsPolicy::FillGaps);
                p.host.shmBytes = was.host.shmBytes; // /dev/shm is the Host page's to offer
                p.host.shmAdjustable = was.host.shmAdjustable;
            });
            const Profile &after = this->session()->profile();
            QStringList filled;
            if (!before.host.memoryBytes && after.host.memoryBytes)
                filled << tr("memory %1").arg(formatSize(*after.host.memoryBytes));
            if (!before.host.cpus && after.host.cpus)
                filled << tr("%n CPU(s)", nullptr, int(*after.host.cpus));
            if (!filled.isEmpty())
                m_testResult->setText(
                    m_testResult->text() + QLatin1Char(' ') +
                    tr("Host facts filled in: %1.").arg(filled.join(QStringLiteral(", "))));
            // A GPU host with "GPUs per node: 0" would get files without --gpus: say so.
            if (f.gpuCount && *f.gpuCount > 0 && after.job.gpus == 0)
                m_testResult->setText(
                    m_testResult->text() + QLatin1Char(' ') +
                    tr("It has %n GPU(s), but GPUs per node is 0, so the generated files request "
                       "none: set GPUs per node on the Environment page.",
                       nullptr, int(*f.gpuCount)));
        } else {
            m_testResult->setText(r.error);
            pal.setColor(QPalette::WindowText, QColor(0xda, 0x44, 0x53));
        }
        m_testResult->setPalette(pal);
    });
    // The pod probed runs where the job will: the generated files take its namespace, unless
    // the user sets another on the Environment page afterwards.
    connect(m_namespace, &QLineEdit::textEdited, this, [this](const QString &text) {
        QString ns = text.trimmed();
        const QString current = this->session()->profile().kubernetes.ns;
        if (!m_namespaceBefore)
            m_namespaceBefore = current;
        // Emptied again: the namespace the profile had before one was typed here.
        if (ns.isEmpty())
            ns = *m_namespaceBefore;
        if (current != ns)
            this->session()->edit([&](Profile &p) { p.kubernetes.ns = ns; });
    });
    connect(m_sshHost, &QComboBox::editTextChanged, this, &TargetPage::update);
    for (QLineEdit *e : {m_sshConfig, m_container, m_namespace, m_pod, m_podContainer})
        connect(e, &QLineEdit::textChanged, this, &TargetPage::update);

    m_local->setChecked(true);
    restoreLastTarget();
    m_restoring = false;
    update();
}

QStringList TargetPage::sshAliases(const QString &configPath)
{
    // Bounded whatever the files hold: at most 4 MiB read over every Include, 1 MiB a file, and
    // the first 2000 aliases (a list longer than that helps nobody choose).
    constexpr qint64 MaxTotalBytes = 4 << 20;
    constexpr qsizetype MaxAliases = 2000;
    QStringList out;
    QSet<QString> listed;
    QSet<QString> seen;
    qint64 budget = MaxTotalBytes;
    const QDir sshDir(QDir::home().filePath(QStringLiteral(".ssh")));
    std::function<void(const QString &, int)> read = [&](const QString &path, int depth) {
        if (depth > 8 || seen.contains(path) || budget <= 0 || out.size() >= MaxAliases)
            return;
        seen.insert(path);
        // Only regular files: opening a FIFO (or a device) would block the window.
        if (!QFileInfo(path).isFile())
            return;
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            return;
        const QByteArray bytes = f.read(std::min<qint64>(1 << 20, budget));
        budget -= bytes.size();
        const QString text = QString::fromUtf8(bytes);
        for (const QString &alias : sshConfigAliases(text)) {
            if (out.size() >= MaxAliases)
                break;
            if (!listed.contains(alias)) {
                listed.insert(alias);
                out << alias;
            }
        }
        static const QRegularExpression include(QStringLiteral("^\\s*Include\\s+(.+)$"),
                                                QRegularExpression::CaseInsensitiveOption |
                                                    QRegularExpression::MultilineOption);
        auto it = include.globalMatch(text);
        while (it.hasNext()) {
            const QStringList patterns = it.next().captured(1).trimmed().split(
                QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts);
            for (QString pattern : patterns) {
                if (pattern.startsWith(QLatin1String("~/")))
                    pattern = QDir::home().filePath(pattern.mid(2));
                else if (QDir::isRelativePath(pattern))
                    pattern = sshDir.filePath(pattern);
                const QFileInfo info(pattern);
                const QDir dir = info.dir();
                const QStringList files = dir.entryList({info.fileName()}, QDir::Files, QDir::Name);
                for (const QString &file : files)
                    read(dir.filePath(file), depth + 1);
            }
        }
    };
    read(configPath, 0);
    return out;
}

void TargetPage::reloadHosts()
{
    QStringList hosts = QSettings().value(kRecentSsh).toStringList().mid(0, 50);
    QSet<QString> listed(hosts.cbegin(), hosts.cend());
    for (const QString &alias : sshAliases(QDir::home().filePath(QStringLiteral(".ssh/config"))))
        if (!listed.contains(alias)) {
            listed.insert(alias);
            hosts << alias;
        }
    QStringList shown;
    for (int i = 0; i < m_sshHost->count(); ++i)
        shown << m_sshHost->itemText(i);
    if (shown == hosts)
        return;
    const QString typed = m_sshHost->currentText();
    const bool old = m_sshHost->blockSignals(true);
    m_sshHost->clear();
    m_sshHost->addItems(hosts);
    m_sshHost->setCurrentText(typed);
    m_sshHost->blockSignals(old);
}

void TargetPage::showEvent(QShowEvent *event)
{
    // A host that answered on the Host page is offered as soon as the user comes back.
    reloadHosts();
    Page::showEvent(event);
}

bool TargetPage::isComplete() const
{
    return !m_pending && Page::isComplete();
}

void TargetPage::testConnection()
{
    if (!isComplete())
        return;
    ProbeOptions options = m_tester->options();
    options.sshConfig = session()->sshConfig();
    m_tester->setOptions(options);
    QString error;
    if (!m_tester->setTarget(session()->target(), &error)) {
        m_testResult->setText(error);
        return;
    }
    m_tester->probe();
}

void TargetPage::restoreLastTarget()
{
    const auto t = parseTarget(QSettings().value(kLastTarget).toString());
    if (!t)
        return;
    switch (t->kind) {
    case Target::Kind::Local:
        m_local->setChecked(true);
        break;
    case Target::Kind::Ssh: {
        QString text =
            t->host.contains(QLatin1Char(':')) ? QStringLiteral("[%1]").arg(t->host) : t->host;
        if (!t->user.isEmpty())
            text.prepend(t->user + QLatin1Char('@'));
        if (t->port > 0)
            text += QLatin1Char(':') + QString::number(t->port);
        m_sshHost->setCurrentText(text);
        m_ssh->setChecked(true);
        break;
    }
    case Target::Kind::Docker:
        m_container->setText(t->container);
        m_docker->setChecked(true);
        break;
    case Target::Kind::Kubernetes: {
        const bool old = m_kind->blockSignals(true);
        m_namespace->setText(t->ns);
        m_pod->setText(t->pod);
        m_podContainer->setText(t->container);
        m_k8s->setChecked(true);
        m_kind->blockSignals(old);
        break;
    }
    }
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
    QString sshHint;
    if (kind == SshKind) {
        // The README's own form, ssh://user@host, is accepted as written; another kind's
        // scheme says which choice it belongs to.
        QString host = m_sshHost->currentText().trimmed();
        if (host.startsWith(QLatin1String("ssh://"), Qt::CaseInsensitive))
            host = host.mid(6);
        text = QStringLiteral("ssh://") + host;
        field = m_sshHost;
        if (host.startsWith(QLatin1String("docker://"), Qt::CaseInsensitive) ||
            host.startsWith(QLatin1String("k8s://"), Qt::CaseInsensitive)) {
            if (!m_tester->isBusy()) {
                m_testResult->clear();
                m_shownFor.clear();
            }
            setFieldError(field, tr("SSH host: '%1' is a %2 target; choose \"%3\" above instead")
                                     .arg(host,
                                          host.startsWith(QLatin1Char('d'), Qt::CaseInsensitive)
                                              ? QStringLiteral("Docker")
                                              : QStringLiteral("Kubernetes"),
                                          (host.startsWith(QLatin1Char('d'), Qt::CaseInsensitive)
                                               ? m_docker->text()
                                               : m_k8s->text())
                                              .remove(QLatin1Char('&'))));
            return;
        }
        if (host == QLatin1String("local") || host == QLatin1String("localhost"))
            sshHint = tr("'%1' is probed over SSH as a host of that name. To look at this "
                         "computer without SSH, choose \"%2\" above.")
                          .arg(host, m_local->text().remove(QLatin1Char('&')));
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
        if (w != field) {
            setFieldError(w, QString());
            setNotice(w, QString());
        }
    // What the status line says belongs to the target it was shown for: another choice (or one
    // refused) clears it, so "local answered" never stands beside a refused SSH host.
    if (!m_tester->isBusy() && text != m_shownFor) {
        m_testResult->clear();
        m_shownFor.clear();
    }
    if (!sshHint.isEmpty() && !m_tester->isBusy()) {
        m_testResult->setPalette(palette());
        m_testResult->setText(sshHint);
        m_shownFor = text;
    }
    // A pod's namespace and container are checked on their own fields, by the rule the
    // Environment page holds the namespace to.
    bool namesRead = true;
    for (QLineEdit *edit : {m_namespace, m_podContainer}) {
        const QString name = edit->text().trimmed();
        const QString why =
            kind == K8sKind && !name.isEmpty() ? kubernetesNameProblem(name) : QString();
        setFieldError(edit,
                      why.isEmpty() ? QString() : tr("%1: %2").arg(edit->accessibleName(), why));
        namesRead = namesRead && why.isEmpty();
    }
    // Nothing typed yet is not an error: Next waits without a red message.
    const bool empty = (kind == SshKind && m_sshHost->currentText().trimmed().isEmpty()) ||
                       (kind == DockerKind && m_container->text().trimmed().isEmpty()) ||
                       (kind == K8sKind && m_pod->text().trimmed().isEmpty());
    if (empty != m_pending) {
        m_pending = empty;
        Q_EMIT completeChanged();
    }
    // Nothing typed yet is not an error; a field typed in and emptied again says why Next
    // waits.
    if (!empty)
        m_typedIn.insert(field);
    setNotice(field, empty && m_typedIn.contains(field)
                         ? tr("%1 is empty: type it to go on").arg(field->accessibleName())
                         : QString());
    if (empty) {
        setFieldError(field, QString());
        // Next waits, and the line under the buttons says for what (without the red of an
        // error: nothing is wrong yet).
        if (!m_tester->isBusy() && !m_typedIn.contains(field)) {
            m_testResult->setPalette(palette());
            m_testResult->setText(
                tr("Next and Test connection wait for the %1 field.").arg(field->accessibleName()));
            m_shownFor = text;
        }
        return;
    }
    if (!namesRead) {
        setFieldError(field, QString());
        return;
    }
    QString error;
    // The same parser the prober uses refuses anything that could reach a shell; the page names
    // the field where the command line says "refused target".
    if (!parseTarget(text, nullptr, &error)) {
        setFieldError(field, field->accessibleName().isEmpty()
                                 ? error
                                 : tr("%1: %2").arg(field->accessibleName(), error));
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
    if (!m_restoring)
        QSettings().setValue(kLastTarget, text);
}

void TargetPage::syncFromProfile()
{
    // The target is not part of the profile: nothing to sync.
}

} // namespace shmwise
