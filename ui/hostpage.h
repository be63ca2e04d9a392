// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "probes/findings.h"
#include "probes/prober.h"
#include "ui/page.h"

class QCheckBox;
class QGroupBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableWidget;
class QTextBrowser;

namespace shmwise {

class ContainerCheck;
class ShmChart;
class ShmOwnersPanel;

// The live probe of the target: facts in a table (the limits beside /dev/shm's size), /dev/shm
// use drawn over time with the quota and the memory limit, findings with severity and fix, and
// who holds /dev/shm with Clean Up Leaked Files… on this computer. Probing is asynchronous and
// can be cancelled; the page never waits.
class HostPage : public Page
{
    Q_OBJECT
public:
    explicit HostPage(Session *session, QWidget *parent = nullptr);

    void initializePage() override;
    void cleanupPage() override;
    Prober *prober() const { return m_prober; }
    const QVector<Finding> &findings() const { return m_findings; }
    ContainerCheck *containerCheck() const { return m_containerCheck; }
    // The last probe's facts, when it succeeded.
    std::optional<HostFacts> lastFacts() const
    {
        return m_haveFacts ? std::optional<HostFacts>(m_lastFacts) : std::nullopt;
    }
    // The last probe's error, kept on screen until a probe succeeds; empty when none.
    QString errorText() const;
    // Who holds /dev/shm, and Clean Up Leaked Files….
    ShmOwnersPanel *ownersPanel() const { return m_owners; }
    ShmChart *chart() const { return m_chart; }
    // Shows a probe's result as the prober's would be shown (tests give reports of fixtures).
    void showProbeResult(const ProbeResult &result) { onFinished(result); }

Q_SIGNALS:
    void diagnoseRequested();

protected:
    void syncFromProfile() override;

private:
    void startProbe();
    void onFinished(const ProbeResult &result);
    void showFacts(const HostFacts &facts);
    void fillFacts(QTableWidget *table, const HostFacts &facts);
    QString findingsHtml(const QVector<Finding> &findings) const;
    void showContainerFindings();
    void showFindings();
    void useFacts();
    void clearFacts();
    void showError(const QString &error);
    void updateContainerButton();
    void onContainerChecked(const HostFacts &facts, const QString &error);

    Prober *m_prober;
    QLabel *m_state;
    QLabel *m_error;
    QPushButton *m_checkContainer;
    ContainerCheck *m_containerCheck;
    // The last container check, in a panel of its own beside the host's facts: the host's
    // refresh never replaces it; Dismiss or another check does.
    QGroupBox *m_containerBox;
    QTableWidget *m_containerFacts;
    QTextBrowser *m_containerFindings;
    QPushButton *m_useContainer;
    HostFacts m_containerLast;
    QProgressBar *m_busy;
    QPushButton *m_refresh;
    QPushButton *m_cancel;
    QCheckBox *m_auto;
    QPushButton *m_use;
    QLabel *m_used; // what "Use These Facts" put into the profile
    QPushButton *m_diagnose;
    ShmChart *m_chart;
    ShmOwnersPanel *m_owners;
    QTableWidget *m_facts;
    QTextBrowser *m_findingsView;
    QVector<Finding> m_findings;
    HostFacts m_lastFacts;
    bool m_haveFacts = false;
};

} // namespace shmwise
