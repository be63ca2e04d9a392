// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/diagnosedialog.h"

#include "probes/diagnosis.h"
#include "probes/diagnosisinput.h"
#include "ui/codeview.h"
#include "ui/mainwindow.h"
#include "ui/session.h"
#include "ui/textview.h"
#include "ui/wizard.h"
#include "ui/workloadpage.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMimeData>
#include <QPushButton>
#include <QSplitter>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTimer>
#include <QUrl>
#include <QVBoxLayout>

#include <climits>

namespace shmwise {

namespace {

QString para(const QString &text)
{
    return QStringLiteral("<p>") + htmlText(text) + QStringLiteral("</p>");
}

} // namespace

DiagnoseDialog::DiagnoseDialog(QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("Diagnose an Error Log"));
    auto *intro = new QLabel(tr("Paste the output of a failed training run, open a log file or "
                                "drop one here. ShmWise points at the lines that matter and says "
                                "what to do; GPU memory and the OOM killer are told apart from "
                                "shared memory."),
                             this);
    intro->setWordWrap(true);
    m_log = new CodeView(this);
    m_log->setPlaceholderText(tr("RuntimeError: DataLoader worker (pid 4242) is killed by signal: "
                                 "Bus error. …"));
    m_log->setAccessibleName(tr("Error log"));
    m_log->setTabChangesFocus(true);
    // A log pasted as one long line wraps: without it the view scrolls to the line's end and
    // hides where the message starts.
    m_log->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_log->viewport()->installEventFilter(this);
    m_result = new TextView(this);
    m_result->setAccessibleName(tr("Diagnosis"));
    m_result->setOpenLinks(false);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_timer = new QTimer(this);
    m_timer->setSingleShot(true);
    m_timer->setInterval(150);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_log);
    split->addWidget(m_result);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton *open = buttons->addButton(tr("&Open Log…"), QDialogButtonBox::ActionRole);
    open->setShortcut(QKeySequence::Open);
    // GPU memory, RAM and /dev/shm are told apart in the findings; the lesson says how they
    // relate. Only where there is a wizard to draw the host from.
    QPushButton *lesson = buttons->addButton(tr("What Is /dev/&shm?"), QDialogButtonBox::HelpRole);
    connect(lesson, &QPushButton::clicked, this, [this] {
        if (MainWindow *mw = mainWindow())
            mw->showShmLesson();
    });
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(split, 1);
    layout->addWidget(m_status);
    layout->addWidget(buttons);
    setAcceptDrops(true);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(open, &QPushButton::clicked, this, &DiagnoseDialog::browse);
    connect(m_log, &QPlainTextEdit::textChanged, this, [this] {
        if (!m_loading)
            m_timer->start();
    });
    connect(m_timer, &QTimer::timeout, this, &DiagnoseDialog::diagnoseText);
    connect(m_result, &QTextBrowser::anchorClicked, this, &DiagnoseDialog::linkActivated);
    resize(820, 640);
    diagnoseText();
}

MainWindow *DiagnoseDialog::mainWindow() const
{
    return qobject_cast<MainWindow *>(parentWidget());
}

void DiagnoseDialog::setLog(const QString &text)
{
    m_log->setPlainText(text);
    m_timer->stop();
    diagnoseText();
}

void DiagnoseDialog::browse()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open Error Log"), QString(), tr("Logs (*.log *.txt *.out *.err);;All files (*)"));
    if (!path.isEmpty())
        openFile(path);
}

bool DiagnoseDialog::openFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        m_status->setText(
            tr("Cannot read %1: %2").arg(QDir::toNativeSeparators(path), f.errorString()));
        return false;
    }
    // The whole file is diagnosed; the editor gets its first DisplayLimit bytes, decoded the way
    // the diagnosis reads them, so line numbers agree.
    LogDiagnoser diagnoser;
    LogDecoder decoder;
    QByteArray shown;
    const bool readError = !feedDevice(diagnoser, f, [&](QByteArrayView piece) {
        if (shown.size() <= DisplayLimit)
            decoder.feed(piece, shown);
    });
    if (readError) {
        m_status->setText(tr("Cannot read %1 after %2 bytes: %3")
                              .arg(QDir::toNativeSeparators(path))
                              .arg(diagnoser.bytesRead())
                              .arg(f.errorString()));
        return false;
    }
    decoder.finish(shown);
    m_findings = diagnoser.finish();
    m_truncated = shown.size() > DisplayLimit;
    if (m_truncated) {
        const qsizetype cut = shown.lastIndexOf('\n', DisplayLimit);
        shown.truncate(cut > 0 ? cut : DisplayLimit);
    }
    if (shown.endsWith('\n'))
        shown.chop(1);
    m_loading = true;
    m_log->setPlainText(QString::fromUtf8(shown));
    m_loading = false;
    m_timer->stop();
    m_shownLines = m_log->blockCount();
    const QString name = QFileInfo(path).fileName();
    QString status =
        tr("%1: %n line(s)", nullptr, int(qMin<qint64>(diagnoser.lineCount(), INT_MAX))).arg(name) +
        QStringLiteral(", ") +
        tr("%1 bytes, %2.").arg(diagnoser.bytesRead()).arg(diagnoser.encoding());
    if (m_truncated)
        status += QLatin1Char(' ') +
                  tr("Showing the first %n line(s); the findings cover the whole file.", nullptr,
                     m_shownLines);
    m_status->setText(status);
    showFindings();
    return true;
}

void DiagnoseDialog::diagnoseText()
{
    if (m_loading)
        return;
    m_findings = diagnoseLog(m_log->toPlainText());
    m_truncated = false;
    m_shownLines = m_log->blockCount();
    m_status->clear();
    showFindings();
}

void DiagnoseDialog::showFindings()
{
    QVector<Diagnostic> marks;
    for (const Finding &f : std::as_const(m_findings)) {
        if (f.line > 0 && f.line <= m_shownLines)
            marks << Diagnostic{f.severity == FindingSeverity::Error ? Severity::Error
                                                                     : Severity::Warning,
                                f.line, 0, f.title};
    }
    m_log->setDiagnostics(marks);
    if (m_log->document()->isEmpty()) {
        m_result->setHtml(para(tr("Findings appear here.")));
        return;
    }
    if (m_findings.isEmpty()) {
        m_result->setHtml(para(tr("Nothing in this log points at shared memory, file descriptors, "
                                  "GPU memory or the OOM killer.")));
        return;
    }
    QString html;
    for (int i = 0; i < m_findings.size(); ++i) {
        const Finding &f = m_findings.at(i);
        html += QStringLiteral("<p>");
        if (f.possible)
            html += QStringLiteral("<i>%1</i> ").arg(tr("Possible:").toHtmlEscaped());
        // The finding's id is for scripts (`shmwise diagnose --json`), not for the reader.
        html += QStringLiteral("<b>%1</b><br/>").arg(htmlText(f.title));
        if (f.line > 0) {
            const QString where = tr("Line %1").arg(f.line).toHtmlEscaped();
            if (f.line <= m_shownLines)
                html += QStringLiteral("<a href=\"line:%1\">%2</a>: ").arg(i).arg(where);
            else
                html += where + QStringLiteral(": ");
        }
        html += QStringLiteral("<code>%1</code>").arg(f.evidence.toHtmlEscaped());
        if (f.occurrences > 1)
            html += QLatin1Char(' ') +
                    tr("(%n line(s) like it)", nullptr, f.occurrences).toHtmlEscaped();
        html += QStringLiteral("<br/><i>%1</i>").arg(htmlText(f.fix));
        const QString action = fixAction(f);
        if (!action.isEmpty())
            html += QStringLiteral("<br/><a href=\"apply:%1\">%2</a>").arg(i).arg(htmlText(action));
        html += QStringLiteral("</p>");
    }
    m_result->setHtml(html);
}

void DiagnoseDialog::linkActivated(const QUrl &url)
{
    const QString s = url.toString();
    bool ok = false;
    if (s.startsWith(QLatin1String("line:"))) {
        const int i = s.mid(5).toInt(&ok);
        if (ok)
            jumpToFinding(i);
    } else if (s.startsWith(QLatin1String("apply:"))) {
        const int i = s.mid(6).toInt(&ok);
        if (ok)
            applyFix(i);
    }
}

bool DiagnoseDialog::jumpToFinding(int index)
{
    if (index < 0 || index >= m_findings.size())
        return false;
    const int line = m_findings.at(index).line;
    if (line <= 0 || line > m_shownLines) {
        m_status->setText(tr("Line %1 is past the part of the log shown here.").arg(line));
        return false;
    }
    const QTextBlock block = m_log->document()->findBlockByNumber(line - 1);
    if (!block.isValid())
        return false;
    QTextCursor c(block);
    c.movePosition(QTextCursor::EndOfBlock, QTextCursor::KeepAnchor);
    m_log->setTextCursor(c);
    m_log->centerCursor();
    m_log->setFocus();
    return true;
}

int DiagnoseDialog::currentLine() const
{
    return m_log->textCursor().blockNumber() + 1;
}

QString DiagnoseDialog::fixAction(const Finding &f) const
{
    if (!mainWindow())
        return {};
    if (f.id == QLatin1String(diagnosis::FdExhausted))
        return tr("Use the file_system sharing strategy in the wizard");
    if (f.id == QLatin1String(diagnosis::ShmExhausted) || f.id == QLatin1String(diagnosis::NcclShm))
        return tr("Show the /dev/shm plan for this job in the wizard");
    return {};
}

bool DiagnoseDialog::applyFix(int index)
{
    MainWindow *mw = mainWindow();
    if (!mw || index < 0 || index >= m_findings.size())
        return false;
    const Finding &f = m_findings.at(index);
    if (f.id == QLatin1String(diagnosis::FdExhausted)) {
        mw->session()->edit(
            [](Profile &p) { p.workload.sharingStrategy = SharingStrategy::FileSystem; });
        m_status->setText(tr("The workload now uses the file_system sharing strategy: the "
                             "generated DataLoader code sets it at import time."));
        return true;
    }
    if (f.id == QLatin1String(diagnosis::ShmExhausted) ||
        f.id == QLatin1String(diagnosis::NcclShm)) {
        Wizard *w = mw->wizard();
        // Walk forward as a user would, to the Workload page: the plan there is only this job's
        // once its numbers are, so the fields that decide it are marked to check. A page with a
        // problem stops the walk earlier and shows it.
        // Back, not a restart: the pages before stay reachable with Back.
        while (w->currentId() > Wizard::WorkloadPageId) {
            const int before = w->currentId();
            w->back();
            if (w->currentId() == before)
                break;
        }
        if (w->currentId() < 0) {
            w->restart(); // not shown yet
        }
        while (w->currentId() != Wizard::WorkloadPageId) {
            const int before = w->currentId();
            w->next();
            if (w->currentId() == before)
                break;
        }
        mw->raise();
        mw->activateWindow();
        if (w->currentId() == Wizard::WorkloadPageId) {
            const Profile &p = mw->session()->profile();
            const bool defaults = p.workload == newProfile().workload && p.otherLoaders.isEmpty();
            w->workloadPage()->askToCheck(defaults);
            m_status->setText(defaults ? tr("The wizard shows the Workload page: its numbers are "
                                            "the preset's defaults until you set the failed "
                                            "job's (the fields to check are marked).")
                                       : tr("The wizard shows the Workload page: check the marked "
                                            "fields against the failed job; the plan follows "
                                            "them."));
        } else {
            m_status->setText(tr("The wizard stopped on a page that needs an answer before "
                                 "the plan."));
        }
        return true;
    }
    return false;
}

QString DiagnoseDialog::statusText() const
{
    return m_status->text();
}

QString DiagnoseDialog::droppedFile(const QMimeData *mime)
{
    if (!mime || !mime->hasUrls())
        return {};
    const QList<QUrl> urls = mime->urls();
    if (urls.size() != 1 || !urls.constFirst().isLocalFile())
        return {};
    return urls.constFirst().toLocalFile();
}

void DiagnoseDialog::dragEnterEvent(QDragEnterEvent *event)
{
    if (!droppedFile(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void DiagnoseDialog::dropEvent(QDropEvent *event)
{
    const QString path = droppedFile(event->mimeData());
    if (path.isEmpty())
        return;
    event->acceptProposedAction();
    openFile(path);
}

bool DiagnoseDialog::eventFilter(QObject *watched, QEvent *event)
{
    // A file dropped on the editor opens it rather than pasting its name.
    if (watched == m_log->viewport()) {
        if (event->type() == QEvent::DragEnter || event->type() == QEvent::DragMove) {
            auto *e = static_cast<QDragMoveEvent *>(event);
            if (!droppedFile(e->mimeData()).isEmpty()) {
                e->acceptProposedAction();
                return true;
            }
        } else if (event->type() == QEvent::Drop) {
            auto *e = static_cast<QDropEvent *>(event);
            const QString path = droppedFile(e->mimeData());
            if (!path.isEmpty()) {
                e->acceptProposedAction();
                openFile(path);
                return true;
            }
        }
    }
    return QDialog::eventFilter(watched, event);
}

} // namespace shmwise
