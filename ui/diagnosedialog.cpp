// SPDX-License-Identifier: GPL-3.0-or-later
#include "diagnosedialog.h"

#include "diagnosis.h"

#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTextBrowser>
#include <QTimer>
#include <QVBoxLayout>

namespace shmwise {

DiagnoseDialog::DiagnoseDialog(QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("Diagnose an Error Log"));
    auto *intro = new QLabel(tr("Paste the output of a failed training run. ShmWise points at "
                                "the lines that matter and says what to do; GPU memory and the "
                                "OOM killer are told apart from shared memory."),
                             this);
    intro->setWordWrap(true);
    m_log = new QPlainTextEdit(this);
    m_log->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_log->setPlaceholderText(tr("RuntimeError: DataLoader worker (pid 4242) is killed by signal: "
                                 "Bus error. …"));
    m_log->setAccessibleName(tr("Error log"));
    m_log->setTabChangesFocus(true);
    m_result = new QTextBrowser(this);
    m_result->setAccessibleName(tr("Diagnosis"));
    m_timer = new QTimer(this);
    m_timer->setSingleShot(true);
    m_timer->setInterval(150);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_log);
    split->addWidget(m_result);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(split, 1);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_log, &QPlainTextEdit::textChanged, m_timer, qOverload<>(&QTimer::start));
    connect(m_timer, &QTimer::timeout, this, &DiagnoseDialog::diagnose);
    resize(760, 560);
    diagnose();
}

void DiagnoseDialog::setLog(const QString &text)
{
    m_log->setPlainText(text);
    diagnose();
}

void DiagnoseDialog::diagnose()
{
    const QString log = m_log->toPlainText();
    m_findings = diagnoseLog(log);
    if (log.trimmed().isEmpty()) {
        m_result->setHtml(QStringLiteral("<p>") + tr("Findings appear here.").toHtmlEscaped() +
                          QStringLiteral("</p>"));
        return;
    }
    if (m_findings.isEmpty()) {
        m_result->setHtml(QStringLiteral("<p>") +
                          tr("Nothing in this log points at shared memory, file descriptors, "
                             "GPU memory or the OOM killer.")
                              .toHtmlEscaped() +
                          QStringLiteral("</p>"));
        return;
    }
    QString html;
    for (const Finding &f : std::as_const(m_findings)) {
        html += QStringLiteral("<p><b>%1</b> <small>(%2)</small><br/>")
                    .arg(f.title.toHtmlEscaped(), f.id);
        if (f.line > 0)
            html += tr("Line %1:").arg(f.line).toHtmlEscaped() + QLatin1Char(' ');
        html += QStringLiteral("<code>%1</code><br/><i>%2</i></p>")
                    .arg(f.evidence.toHtmlEscaped(), f.fix.toHtmlEscaped());
    }
    m_result->setHtml(html);
}

} // namespace shmwise
