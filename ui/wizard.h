// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWizard>

namespace shmwise {

class Session;
class EnvironmentPage;
class WorkloadPage;
class ResultsPage;

// The pages in order. Pages only read and write the Session's profile; nothing is generated or
// written when the wizard finishes.
class Wizard : public QWizard
{
    Q_OBJECT
public:
    enum PageId { EnvironmentPageId, WorkloadPageId, ResultsPageId };

    explicit Wizard(Session *session, QWidget *parent = nullptr);

    EnvironmentPage *environmentPage() const { return m_environment; }
    WorkloadPage *workloadPage() const { return m_workload; }
    ResultsPage *resultsPage() const { return m_results; }

private:
    EnvironmentPage *m_environment;
    WorkloadPage *m_workload;
    ResultsPage *m_results;
};

} // namespace shmwise
