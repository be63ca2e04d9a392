// SPDX-License-Identifier: GPL-3.0-or-later
#include "wizard.h"

#include "environmentpage.h"
#include "resultspage.h"
#include "session.h"
#include "workloadpage.h"

namespace shmwise {

Wizard::Wizard(Session *session, QWidget *parent) : QWizard(parent)
{
    setWizardStyle(QWizard::ClassicStyle);
    setOptions(QWizard::NoBackButtonOnStartPage | QWizard::NoCancelButton |
               QWizard::HaveHelpButton | QWizard::HelpButtonOnRight);
    setButtonText(QWizard::FinishButton, tr("&Done"));
    m_environment = new EnvironmentPage(session, this);
    m_workload = new WorkloadPage(session, this);
    m_results = new ResultsPage(session, this);
    setPage(EnvironmentPageId, m_environment);
    setPage(WorkloadPageId, m_workload);
    setPage(ResultsPageId, m_results);
    setStartId(EnvironmentPageId);
}

} // namespace shmwise
