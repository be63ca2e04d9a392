// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/profile.h"
#include "probes/prober.h"
#include "ui/page.h"

#include <optional>

class QButtonGroup;
class QComboBox;
class QLineEdit;
class QPushButton;
class QRadioButton;

namespace shmwise {

// Which host to look at: this computer, an SSH host (recent hosts and ~/.ssh/config aliases
// offered), a running Docker container or a Kubernetes pod.
class TargetPage : public Page
{
    Q_OBJECT
public:
    explicit TargetPage(Session *session, QWidget *parent = nullptr);

    // Remembers an SSH host that answered, for next time.
    static void rememberSshHost(const QString &host);
    // Host aliases of an OpenSSH config file and of the files it Includes (relative paths
    // are under ~/.ssh, as ssh reads them; globs allowed).
    static QStringList sshAliases(const QString &configPath);
    bool isComplete() const override;
    // Probes the chosen target once, to see that it answers.
    void testConnection();
    Prober *connectionProber() const { return m_tester; }

Q_SIGNALS:
    void diagnoseRequested();

protected:
    void showEvent(QShowEvent *event) override;

    void syncFromProfile() override;

private:
    QSet<QWidget *> m_typedIn; // fields that have held text
    void update();
    void reloadHosts();
    void restoreLastTarget();

    QButtonGroup *m_kind;
    QRadioButton *m_local;
    QRadioButton *m_ssh;
    QRadioButton *m_docker;
    QRadioButton *m_k8s;
    QComboBox *m_sshHost;
    QLineEdit *m_sshConfig;
    QLineEdit *m_container;
    QLineEdit *m_namespace;
    QLineEdit *m_pod;
    QLineEdit *m_podContainer;
    QPushButton *m_test;
    QLabel *m_testResult;
    QString m_shownFor; // the target m_testResult speaks of; cleared when another is chosen
    Prober *m_tester;
    bool m_pending = false;  // a field the chosen kind needs is still empty
    bool m_restoring = true; // the last target is being put back: nothing to remember yet
    // What choosing a pod changed in the profile (its environment, and the namespace typed
    // here), put back when another kind is chosen or the namespace emptied.
    std::optional<Environment> m_environmentBeforePod;
    std::optional<QString> m_namespaceBefore;
};

} // namespace shmwise
