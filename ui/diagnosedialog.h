// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "findings.h"

#include <QDialog>

class QPlainTextEdit;
class QTextBrowser;
class QTimer;

namespace shmwise {

// Paste an error log, see what it means: each finding with the line that shows it and the fix.
class DiagnoseDialog : public QDialog
{
    Q_OBJECT
public:
    explicit DiagnoseDialog(QWidget *parent = nullptr);

    void setLog(const QString &text);
    const QVector<Finding> &findings() const { return m_findings; }

private:
    void diagnose();

    QPlainTextEdit *m_log;
    QTextBrowser *m_result;
    QTimer *m_timer;
    QVector<Finding> m_findings;
};

} // namespace shmwise
