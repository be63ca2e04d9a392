// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "probes/findings.h"

#include <QDialog>

#include <memory>

class QDragEnterEvent;
class QDropEvent;
class QLabel;
class QMimeData;
class QPushButton;
class QTextBrowser;
class QThread;
class QTimer;
class QUrl;

namespace shmwise {

class CodeView;
class MainWindow;

// Paste, open or drop an error log and see what it means: the log with line numbers and the
// lines that show a failure underlined, each finding with its line (a link that jumps there),
// the fix, and where the wizard can act on it, a link that applies the fix to the profile
// (fd-exhausted: the file_system sharing strategy; shm-exhausted and nccl-shm: the plan for
// this job). A file is diagnosed whole, up to ReadLimit bytes, by a thread of its own while the
// window stays responsive and can stop it; the editor shows at most DisplayLimit bytes of it and
// says so. Only regular files are read: a FIFO, a device (/dev/zero) or a folder is refused.
class DiagnoseDialog : public QDialog
{
    Q_OBJECT
public:
    static constexpr qint64 DisplayLimit = 16LL * 1024 * 1024;
    // The largest log the window reads (`shmwise diagnose FILE` reads any size).
    static constexpr qint64 ReadLimit = 4LL * 1024 * 1024 * 1024;

    explicit DiagnoseDialog(QWidget *parent = nullptr);
    ~DiagnoseDialog() override;

    void setLog(const QString &text);
    // Starts reading and diagnosing a log file; false, with the reason shown, when it cannot be
    // read (missing, not a regular file, larger than ReadLimit). The findings follow when the
    // reading ends (isLoading() turns false).
    bool openFile(const QString &path);
    bool isLoading() const;
    // Stops a file being read; the log shown before stays.
    void cancelLoading();
    void reject() override;
    const QVector<Finding> &findings() const { return m_findings; }

    // Moves the log's cursor to finding `index`'s line; false when that line is not shown.
    bool jumpToFinding(int index);
    int currentLine() const;
    // What applyFix() would do for `f`, for people; empty when the wizard has nothing to change.
    QString fixAction(const Finding &f) const;
    // Applies finding `index`'s fix to the wizard's profile or page; false when there is none.
    bool applyFix(int index);
    QString statusText() const;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    struct Load;
    static void readLog(Load &load); // in the reader thread
    void browse();
    void loadFinished(const std::shared_ptr<Load> &load);
    void showProgress();
    void diagnoseText();
    void showFindings();
    void linkActivated(const QUrl &url);
    MainWindow *mainWindow() const;
    static QString droppedFile(const QMimeData *mime);

    CodeView *m_log;
    QTextBrowser *m_result;
    QLabel *m_status;
    QTimer *m_timer;
    QTimer *m_progressTimer;
    QPushButton *m_stopReading;
    std::shared_ptr<Load> m_load; // the file being read, if any
    QList<QThread *> m_threads;   // readers not yet finished (a stopped one ends at its next chunk)
    QVector<Finding> m_findings;
    int m_shownLines = 0; // lines the editor holds; findings past them cannot be shown
    bool m_truncated = false;
    bool m_loading = false; // the editor is being filled from a file: no re-diagnosis
};

} // namespace shmwise
