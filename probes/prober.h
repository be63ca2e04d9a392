// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "probes/probefacts.h"
#include "probes/probetarget.h"

#include <QObject>
#include <QPointer>
#include <QProcess>
#include <QTimer>

class QElapsedTimer;

namespace shmwise {

struct ProbeResult
{
    enum class Status
    {
        Ok,        // the report came back (facts may still hold unknowns and problems)
        Refused,   // the target was refused before any process started
        Failed,    // the transport failed (unreachable, no such container, ...)
        TimedOut,  // no complete report within the timeout
        Cancelled, // cancel() was called
    };
    quint64 job = 0;
    Status status = Status::Failed;
    Target target;
    QString targetText;
    HostFacts facts;    // filled when status is Ok
    QString error;      // translated; empty when Ok
    QString stderrText; // what the client printed, for details
    int exitCode = -1;
    qint64 elapsedMs = 0;
    // The client program could not be started here (a local failure, such as too many open
    // files, or the program missing), not a failure of the target.
    bool startFailed = false;
    bool ok() const { return status == Status::Ok; }
};

QString probeStatusName(ProbeResult::Status s); // ok, refused, failed, timed-out, cancelled

// What a probe keeps of a target's output. A report is a few KiB; a target that sends more is
// stopped, so a hostile or broken host cannot fill this machine's memory.
constexpr qint64 MaxReportBytes = 4 * 1024 * 1024;
constexpr qint64 MaxStderrBytes = 64 * 1024;
// How long a target may stay after its report is complete before the report is used anyway
// and the target stopped.
constexpr int ExitGraceMs = 1000;

// Probes one target at a time, asynchronously: a QObject service in the manner of a record host.
// Processes are driven by QProcess signals only, so it never blocks the thread it lives on.
// Starting a probe while one runs cancels the old one; results of a job that is no longer the
// current one are dropped, so finished() always speaks of the latest request.
class Prober : public QObject
{
    Q_OBJECT
    Q_PROPERTY(bool busy READ isBusy NOTIFY busyChanged)
public:
    explicit Prober(QObject *parent = nullptr);
    ~Prober() override;

    // Returns false with `error` set (translated) when the text is refused; nothing starts.
    bool setTarget(const QString &targetText, QString *error = nullptr);
    void setTarget(const Target &target);
    Target target() const { return m_target; }
    QString targetText() const { return m_targetText; }

    void setOptions(const ProbeOptions &options) { m_options = options; }
    ProbeOptions options() const { return m_options; }

    // Probes again every `ms` after a probe finishes; 0 turns refreshing off.
    void setRefreshInterval(int ms);
    int refreshInterval() const { return m_refreshMs; }

    bool isBusy() const { return m_busy; }
    quint64 currentJob() const { return m_job; }
    // The last successful result's facts (empty facts before the first).
    const HostFacts &facts() const { return m_facts; }
    // How many client processes this prober started; a refused target starts none.
    int processesStarted() const { return m_started; }

public Q_SLOTS:
    // Starts a probe of the current target and returns its job id. A refused target text set
    // with setTarget(QString) reports Refused through finished(), without starting anything.
    quint64 probe();
    void cancel();

Q_SIGNALS:
    // Exactly one per job that is still current when it ends (cancelled ones included),
    // delivered on the prober's thread.
    void finished(const shmwise::ProbeResult &result);
    void busyChanged(bool busy);

private:
    void onProcessFinished(quint64 job, int exitCode, QProcess::ExitStatus status);
    void onProcessError(quint64 job, QProcess::ProcessError error);
    void onTimeout(quint64 job);
    void onOutput(quint64 job);
    void stopOverflowing(quint64 job, const QString &why);
    ProbeResult resultFromReport(quint64 job, int exitCode);
    void finish(ProbeResult result);
    void stopProcess();
    void releaseMaster();
    void setBusy(bool busy);

    Target m_target;
    QString m_targetText = QStringLiteral("local");
    QString m_targetError; // set when the last setTarget(QString) was refused
    ProbeOptions m_options;
    HostFacts m_facts;
    QPointer<QProcess> m_process;
    QString m_masterPath; // the ssh master the running job uses (holdSshMaster()), if any
    QByteArray m_out;     // the current job's report so far, at most MaxReportBytes
    QByteArray m_err;     // and its client's stderr, at most MaxStderrBytes
    bool m_reportEnded = false;
    QTimer m_timeout;
    QTimer m_refresh;
    qint64 m_startedAtMs = 0;
    quint64 m_job = 0;
    int m_refreshMs = 0;
    int m_started = 0;
    bool m_busy = false;
};

// For command-line use only: runs a Prober in a local event loop until it finishes. Never call
// it from a GUI thread.
ProbeResult probeBlocking(const QString &targetText, const ProbeOptions &options = {});

} // namespace shmwise

Q_DECLARE_METATYPE(shmwise::ProbeResult)
