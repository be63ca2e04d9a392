// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWizard>

namespace shmwise {

class Session;
class TargetPage;
class EnvironmentPage;
class HostPage;
class WorkloadPage;
class ResultsPage;

// The pages in order. Pages only read and write the Session's profile; nothing is generated or
// written when the wizard finishes.
class Wizard : public QWizard
{
    Q_OBJECT
public:
    enum PageId
    {
        TargetPageId,
        EnvironmentPageId,
        WorkloadPageId,
        HostPageId,
        ResultsPageId
    };

    explicit Wizard(Session *session, QWidget *parent = nullptr);

    TargetPage *targetPage() const { return m_target; }
    EnvironmentPage *environmentPage() const { return m_environment; }
    HostPage *hostPage() const { return m_host; }
    WorkloadPage *workloadPage() const { return m_workload; }
    ResultsPage *resultsPage() const { return m_results; }

    // Esc does nothing: the wizard is the window's content, and a key that throws it away
    // without a word loses work. Done asks the window to close (which asks about unsaved
    // work) instead of hiding the wizard first.
    void reject() override;
    void accept() override;

    // The first field of PAGE in the order Tab visits it: enabled, shown with the page, taking
    // the keyboard; a button or a link only where the page has no field.
    static QWidget *firstField(QWidget *page);

Q_SIGNALS:
    void doneRequested();

private:
    void focusFirstField();

    TargetPage *m_target;
    EnvironmentPage *m_environment;
    HostPage *m_host;
    WorkloadPage *m_workload;
    ResultsPage *m_results;
};

} // namespace shmwise
