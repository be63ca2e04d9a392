// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/environments.h"
#include "core/profile.h"

#include <QDialog>

#include <atomic>
#include <memory>
#include <optional>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTextBrowser;
class QThread;

namespace shmwise {

struct MeasureRun;

// "Measure my training script…": runs the command with ShmWise's hook on this computer, or on
// the wizard's SSH host, for a while (what `shmwise measure` does), shows its progress, can be
// cancelled, and offers the measured loaders for the Workload page.
class MeasureDialog : public QDialog
{
    Q_OBJECT
public:
    MeasureDialog(Environment environment, QWidget *parent = nullptr);
    ~MeasureDialog() override;

    // After accept(): the job's loaders as measured (Profile::workload and otherLoaders), and the
    // measured peak of /dev/shm.
    std::optional<Profile> measuredProfile() const { return m_profile; }
    Bytes measuredPeak() const { return m_peak; }

    // For tests and scripts: fill the fields and start.
    void setCommand(const QString &command, const QString &folder);
    void setSeconds(int seconds);
    // The wizard's target: an SSH host is offered (and chosen) as where to run the command,
    // over the probe's connection, with `sshConfig` as its client configuration.
    void setTarget(const QString &target, const QString &sshConfig);
    void start();
    bool isRunning() const { return m_thread != nullptr; }

    // Cancel: a running job is stopped first (SIGINT, then SIGTERM, then SIGKILL).
    void reject() override;

Q_SIGNALS:
    void finished();

private:
    void onFinished();
    void showOutput();
    void showError(const QString &message);
    bool remote() const;
    void whereChanged();

    Environment m_environment;
    QComboBox *m_where;
    QLabel *m_intro;
    QString m_sshConfig;
    QString m_localFolder; // what the folder field held for this computer
    QLineEdit *m_command;
    QLineEdit *m_folder;
    QPushButton *m_browse;
    QSpinBox *m_seconds;
    QCheckBox *m_private;
    QLineEdit *m_shmSize;
    QProgressBar *m_progress;
    QLabel *m_status;
    QTextBrowser *m_result;
    QPushButton *m_start;
    QPushButton *m_use;
    QPushButton *m_output;
    QPushButton *m_cancelButton;
    QString m_outputLog;
    bool m_outputTruncated = false;
    QThread *m_thread = nullptr;
    std::shared_ptr<std::atomic_bool> m_cancel;
    std::shared_ptr<MeasureRun> m_run;
    std::optional<Profile> m_profile;
    Bytes m_peak = 0;
};

} // namespace shmwise
