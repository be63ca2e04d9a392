// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "page.h"

class QButtonGroup;
class QComboBox;
class QLineEdit;
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

protected:
    void syncFromProfile() override;

private:
    void update();

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
};

} // namespace shmwise
