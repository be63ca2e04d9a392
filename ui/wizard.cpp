// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/wizard.h"

#include "ui/environmentpage.h"
#include "ui/hostpage.h"
#include "ui/resultspage.h"
#include "ui/session.h"
#include "ui/targetpage.h"
#include "ui/workloadpage.h"

#include <QAbstractButton>

namespace shmwise {

Wizard::Wizard(Session *session, QWidget *parent) : QWizard(parent)
{
    setWizardStyle(QWizard::ClassicStyle);
    setOptions(QWizard::NoBackButtonOnStartPage | QWizard::NoCancelButton |
               QWizard::HaveHelpButton | QWizard::HelpButtonOnRight);
    setButtonText(QWizard::FinishButton, tr("&Done"));
    // Alt+H belongs to the Help menu, and F1 to its Contents, which shows the same page.
    setButtonText(QWizard::HelpButton, tr("Help"));
    button(QWizard::HelpButton)->setToolTip(tr("What this page and its fields mean (F1)"));
    m_target = new TargetPage(session, this);
    m_environment = new EnvironmentPage(session, this);
    m_workload = new WorkloadPage(session, this);
    m_host = new HostPage(session, this);
    m_results = new ResultsPage(session, this);
    setPage(TargetPageId, m_target);
    setPage(EnvironmentPageId, m_environment);
    setPage(WorkloadPageId, m_workload);
    setPage(HostPageId, m_host);
    setPage(ResultsPageId, m_results);
    setStartId(TargetPageId);
}

void Wizard::reject()
{
    // Esc lands here (QDialog's key handling); the window's File > Quit is the way out.
}

void Wizard::accept()
{
    if (!validateCurrentPage())
        return;
    Q_EMIT doneRequested();
}

} // namespace shmwise
