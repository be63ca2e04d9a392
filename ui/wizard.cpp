// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/wizard.h"

#include "ui/environmentpage.h"
#include "ui/hostpage.h"
#include "ui/resultspage.h"
#include "ui/session.h"
#include "ui/targetpage.h"
#include "ui/workloadpage.h"

#include <QAbstractButton>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QToolButton>

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
    // QWizard gives the focus to a page's first child only within its first hundred widgets of
    // the focus chain, and even to a hidden one: the keyboard then stays on the page just left
    // (Alt+N, then typing edited the previous page). Every page change puts it on the new page's
    // first field.
    connect(this, &QWizard::currentIdChanged, this, &Wizard::focusFirstField);
    connect(this, &QWizard::currentIdChanged, this, [this](int id) {
        for (int other : pageIds())
            if (auto *p = qobject_cast<Page *>(page(other)); p && other != id)
                p->left();
    });
}

QWidget *Wizard::firstField(QWidget *page)
{
    QWidget *fallback = nullptr;
    // The focus chain is a ring through the whole window; the page's widgets are a stretch of it.
    for (QWidget *w = page->nextInFocusChain(); w && w != page; w = w->nextInFocusChain()) {
        if (!page->isAncestorOf(w) || !(w->focusPolicy() & Qt::TabFocus) || !w->isEnabled() ||
            !w->isVisibleTo(page) || qobject_cast<QScrollArea *>(w))
            continue;
        // A field first: a push button or a link in a label is taken only if there is none.
        if (qobject_cast<QPushButton *>(w) || qobject_cast<QToolButton *>(w) ||
            qobject_cast<QLabel *>(w)) {
            if (!fallback)
                fallback = w;
            continue;
        }
        return w;
    }
    return fallback;
}

void Wizard::focusFirstField()
{
    QWizardPage *page = currentPage();
    if (!page)
        return;
    if (QWidget *field = firstField(page))
        field->setFocus(Qt::TabFocusReason);
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
