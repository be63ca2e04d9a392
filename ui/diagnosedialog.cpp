// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/diagnosedialog.h"

#include "core/environments.h"
#include "core/size.h"
#include "probes/diagnosis.h"
#include "probes/diagnosisinput.h"
#include "ui/codeview.h"
#include "ui/mainwindow.h"
#include "ui/page.h"
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
#include <QStatusBar>
#include <QTextBlock>
#include <QTextBrowser>
#include <QThread>
#include <QTimer>
#include <QUrl>
#include <QVBoxLayout>

#include <atomic>
#include <cerrno>
#include <climits>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace shmwise {

// A file being read by a thread of its own. The thread fills the results, then finishes; the
// window reads them only after that (QThread::finished), so nothing is shared while it runs but
// the two atomics.
struct DiagnoseDialog::Load
{
    QString path;
    int fd = -1; // opened by the window, closed by the reader
    qint64 size = 0;
    std::atomic_bool stop{false};
    std::atomic<qint64> bytes{0};
    // Results.
    FeedResult result = FeedResult::ReadFailed;
    QString error;
    QVector<Finding> findings;
    QByteArray shown;
    qint64 bytesRead = 0;
    qint64 lines = 0;
    QString encoding;
};

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
    m_progressTimer = new QTimer(this);
    m_progressTimer->setInterval(200);
    connect(m_progressTimer, &QTimer::timeout, this, &DiagnoseDialog::showProgress);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->button(QDialogButtonBox::Close)->setText(tr("&Close"));
    m_stopReading = buttons->addButton(tr("S&top Reading"), QDialogButtonBox::ActionRole);
    // Never the default button: Enter must not stop a read.
    m_stopReading->setAutoDefault(false);
    connect(m_stopReading, &QPushButton::clicked, this, &DiagnoseDialog::cancelLoading);
    QPushButton *open = buttons->addButton(tr("&Open Log…"), QDialogButtonBox::ActionRole);
    open->setShortcut(QKeySequence::Open);
    // GPU memory, RAM and /dev/shm are told apart in the findings; the lesson says how they
    // relate. Only where there is a wizard to draw the host from.
    QPushButton *lesson = buttons->addButton(tr("What Is /dev/&shm?"), QDialogButtonBox::HelpRole);
    connect(lesson, &QPushButton::clicked, this, [this] {
        if (MainWindow *mw = mainWindow())
            mw->showShmLesson();
    });
    // Hidden once every button is in: adding a button lays the box out again, which shows
    // the buttons it holds (Qt before 6.7).
    m_stopReading->hide();
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
    resizeWithinScreen(this, QSize(820, 640));
    diagnoseText();
}

// What the reader thread does: the whole file through the diagnosis, its first DisplayLimit
// bytes decoded for the editor the way the diagnosis reads them, so line numbers agree.
void DiagnoseDialog::readLog(Load &load)
{
    QFile f;
    if (!f.open(load.fd, QIODevice::ReadOnly | QIODevice::Unbuffered,
                QFileDevice::AutoCloseHandle)) {
        ::close(load.fd);
        load.error = f.errorString();
        return;
    }
    LogDiagnoser diagnoser;
    LogDecoder decoder;
    QByteArray shown;
    load.result = feedDeviceLimited(diagnoser, f, ReadLimit, &load.stop, [&](QByteArrayView piece) {
        load.bytes += piece.size();
        if (shown.size() <= DisplayLimit)
            decoder.feed(piece, shown);
    });
    load.bytesRead = diagnoser.bytesRead();
    load.error = f.errorString();
    if (load.result != FeedResult::Done)
        return;
    decoder.finish(shown);
    load.findings = diagnoser.finish();
    load.lines = diagnoser.lineCount();
    load.encoding = diagnoser.encoding();
    load.shown = std::move(shown);
}

DiagnoseDialog::~DiagnoseDialog()
{
    // Readers still running stop at their next chunk; none may outlive the window.
    if (m_load)
        m_load->stop = true;
    for (QThread *t : std::as_const(m_threads)) {
        t->wait();
        delete t;
    }
}

bool DiagnoseDialog::isLoading() const
{
    return m_load != nullptr;
}

void DiagnoseDialog::cancelLoading()
{
    if (!m_load)
        return;
    m_load->stop = true;
    const QString name = QFileInfo(m_load->path).fileName();
    m_load.reset();
    m_progressTimer->stop();
    m_stopReading->hide();
    m_log->setReadOnly(false);
    m_status->setText(tr("Stopped reading %1; the findings are those of the log shown.").arg(name));
}

void DiagnoseDialog::reject()
{
    cancelLoading();
    QDialog::reject();
}

MainWindow *DiagnoseDialog::mainWindow() const
{
    return qobject_cast<MainWindow *>(parentWidget());
}

void DiagnoseDialog::setLog(const QString &text)
{
    cancelLoading();
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
    cancelLoading();
    const QString shownPath = QDir::toNativeSeparators(path);
    // Opened without waiting (a FIFO with no writer would block open() itself) and looked at
    // before anything is read: only a regular file has an end to read to.
    const QByteArray native = QFile::encodeName(path);
    const int fd = ::open(native.constData(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        m_status->setText(tr("Cannot read %1: %2").arg(shownPath, qt_error_string(errno)));
        return false;
    }
    struct stat st = {};
    if (::fstat(fd, &st) != 0) {
        const int err = errno;
        ::close(fd);
        m_status->setText(tr("Cannot read %1: %2").arg(shownPath, qt_error_string(err)));
        return false;
    }
    if (!S_ISREG(st.st_mode)) {
        ::close(fd);
        m_status->setText(S_ISDIR(st.st_mode)
                              ? tr("%1 is a folder, not a log file.").arg(shownPath)
                              : tr("%1 is not a regular file (a FIFO, a device or a socket, which "
                                   "may never end): save the log to a file first, or paste it "
                                   "here.")
                                    .arg(shownPath));
        return false;
    }
    if (st.st_size > ReadLimit) {
        ::close(fd);
        m_status->setText(tr("%1 is %2, more than the %3 this window reads: diagnose it with "
                             "`shmwise diagnose %4`, which reads a log of any size.")
                              .arg(shownPath, formatSize(Bytes(st.st_size)),
                                   formatSize(Bytes(ReadLimit)), shownPath));
        return false;
    }
    // Regular files ignore O_NONBLOCK; clear it anyway so reads block as for any file.
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    auto load = std::make_shared<Load>();
    load->path = path;
    load->fd = fd;
    load->size = qint64(st.st_size);
    m_load = load;
    QThread *thread = QThread::create([load] { readLog(*load); });
    m_threads << thread;
    connect(thread, &QThread::finished, this, [this, thread, load] {
        m_threads.removeOne(thread);
        thread->deleteLater();
        if (m_load == load)
            loadFinished(load);
    });
    m_log->setReadOnly(true);
    m_stopReading->show();
    showProgress();
    m_progressTimer->start();
    thread->start();
    return true;
}

void DiagnoseDialog::showProgress()
{
    if (!m_load)
        return;
    const QString name = QFileInfo(m_load->path).fileName();
    m_status->setText(
        tr("Reading %1: %2 of %3…")
            .arg(name, formatSize(Bytes(m_load->bytes.load())), formatSize(Bytes(m_load->size))));
}

void DiagnoseDialog::loadFinished(const std::shared_ptr<Load> &load)
{
    m_load.reset();
    m_progressTimer->stop();
    m_stopReading->hide();
    m_log->setReadOnly(false);
    const QString shownPath = QDir::toNativeSeparators(load->path);
    switch (load->result) {
    case FeedResult::Done:
        break;
    case FeedResult::Stopped:
        return; // cancelLoading() said so
    case FeedResult::TooLarge:
        m_status->setText(tr("%1 grew past the %2 this window reads while it was read: diagnose "
                             "it with `shmwise diagnose %3`, which reads a log of any size.")
                              .arg(shownPath, formatSize(Bytes(ReadLimit)), shownPath));
        return;
    case FeedResult::ReadFailed:
        m_status->setText(tr("Cannot read %1 after %2 bytes: %3")
                              .arg(shownPath)
                              .arg(load->bytesRead)
                              .arg(load->error));
        return;
    }
    QByteArray shown = std::move(load->shown);
    m_findings = std::move(load->findings);
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
    const QString name = QFileInfo(load->path).fileName();
    QString status =
        tr("%1: %n line(s)", nullptr, int(qMin<qint64>(load->lines, INT_MAX))).arg(name) +
        QStringLiteral(", ") + tr("%1 bytes, %2.").arg(load->bytesRead).arg(load->encoding);
    if (m_truncated)
        status += QLatin1Char(' ') +
                  tr("Showing the first %n line(s); the findings cover the whole file.", nullptr,
                     m_shownLines);
    m_status->setText(status);
    showFindings();
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
        if (f.possible())
            html += QStringLiteral("<i>%1</i> ").arg(tr("Possible:").toHtmlEscaped());
        else if (f.certainty == Certainty::Likely)
            html += QStringLiteral("<i>%1</i> ").arg(tr("Likely:").toHtmlEscaped());
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
            html += QLatin1Char(' ') + countText(f.occurrences - 1, tr("(and 1 more line like it)"),
                                                 tr("(and %1 more lines like it)"))
                                           .toHtmlEscaped();
        if (!f.certaintyWhy.isEmpty())
            html += QStringLiteral("<br/><small>%1</small>")
                        .arg(tr("How sure: %1. %2")
                                 .arg(certaintyTitle(f.certainty), f.certaintyWhy)
                                 .toHtmlEscaped());
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
        // Where the log says the job ran (kubectl, srun, docker run...): a new profile, still
        // Docker by default, follows it; a profile that chose another place is told.
        QString said;
        const std::optional<Environment> logged = environmentOfLog(m_log->toPlainText(), &said);
        QString fromLog;
        {
            const Profile &p = mw->session()->profile();
            const bool fresh = p.environment == newProfile().environment &&
                               p.workload == newProfile().workload && p.otherLoaders.isEmpty();
            if (logged && *logged != p.environment && fresh) {
                mw->session()->edit([&](Profile &q) { q.environment = *logged; });
                fromLog = tr("The log shows %1 (\"%2\"), so the plan is for a job run by %1 "
                             "(the Environment page, one page back, changes it).")
                              .arg(environmentTitle(*logged), said);
            } else if (logged && *logged != p.environment) {
                fromLog =
                    tr("The plan is for a job run by %1, as the profile says, though the "
                       "log shows %2 (\"%3\"): the Environment page, one page back, "
                       "changes it.")
                        .arg(environmentTitle(p.environment), environmentTitle(*logged), said);
            }
        }
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
        if (w->currentId() == Wizard::WorkloadPageId) {
            const Profile &p = mw->session()->profile();
            const bool defaults = p.workload == newProfile().workload && p.otherLoaders.isEmpty();
            w->workloadPage()->askToCheck(defaults);
            // Where the job runs is the profile's, Docker for a new one: said, since the plan's
            // default /dev/shm and the files follow it.
            const QString where =
                !fromLog.isEmpty()
                    ? fromLog
                    : tr("The plan is for a job run by %1 (the Environment page, one page back, "
                         "changes it).")
                          .arg(environmentTitle(p.environment));
            m_status->setText((defaults ? tr("The wizard shows the Workload page: its numbers "
                                             "are the preset's defaults until you set the "
                                             "failed job's (the fields to check are marked).")
                                        : tr("The wizard shows the Workload page: check the "
                                             "marked fields against the failed job; the plan "
                                             "follows them.")) +
                              QLatin1Char(' ') + where);
        } else {
            m_status->setText(tr("The wizard stopped on a page that needs an answer before "
                                 "the plan."));
        }
        // The wizard is where the user goes on: this window steps aside (Tools > Diagnose
        // brings it back as it was), the main window takes the keyboard on the page's first
        // field, and its status bar keeps what was said here.
        hide();
        mw->raise();
        mw->activateWindow();
        if (QWidget *first = Wizard::firstField(w->currentPage()))
            first->setFocus(Qt::OtherFocusReason);
        // One short line: the status bar does not wrap. It goes after a while: the page and
        // its marked fields say the rest, and the environment may be changed meanwhile.
        mw->statusBar()->showMessage(
            w->currentId() == Wizard::WorkloadPageId
                ? tr("From Diagnose: the plan for a job run by %1; check the marked fields.")
                      .arg(environmentTitle(mw->session()->profile().environment))
                : m_status->text(),
            30000);
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
