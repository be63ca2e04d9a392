// SPDX-License-Identifier: GPL-3.0-or-later
#include "probes/prober.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QEventLoop>
#include <QFileInfo>
#include <QStandardPaths>

namespace shmwise {

namespace {

qint64 nowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

} // namespace

QString probeStatusName(ProbeResult::Status s)
{
    switch (s) {
    case ProbeResult::Status::Ok:
        return QStringLiteral("ok");
    case ProbeResult::Status::Refused:
        return QStringLiteral("refused");
    case ProbeResult::Status::Failed:
        return QStringLiteral("failed");
    case ProbeResult::Status::TimedOut:
        return QStringLiteral("timed-out");
    case ProbeResult::Status::Cancelled:
        return QStringLiteral("cancelled");
    }
    return {};
}

Prober::Prober(QObject *parent) : QObject(parent)
{
    qRegisterMetaType<shmwise::ProbeResult>();
    m_timeout.setSingleShot(true);
    m_refresh.setSingleShot(true);
    connect(&m_refresh, &QTimer::timeout, this, [this] { probe(); });
}

Prober::~Prober()
{
    releaseMaster();
    // Nobody is left to hear a result. Clients killed earlier may still be reaped; QProcess's
    // own destructor would wait for them with a warning, so kill and reap them here: SIGKILL
    // makes that wait a matter of milliseconds.
    const QList<QProcess *> processes = findChildren<QProcess *>();
    for (QProcess *p : processes) {
        p->disconnect(this);
        if (p->state() != QProcess::NotRunning) {
            p->kill();
            p->waitForFinished(2000);
        }
    }
}

bool Prober::setTarget(const QString &targetText, QString *error)
{
    QString why;
    const std::optional<Target> t = parseTarget(targetText, &why);
    m_targetText = targetText;
    if (!t) {
        m_targetError = why;
        if (error)
            *error = why;
        return false;
    }
    m_targetError.clear();
    m_target = *t;
    return true;
}

void Prober::setTarget(const Target &target)
{
    m_target = target;
    m_targetText = target.toString();
    m_targetError.clear();
}

void Prober::setRefreshInterval(int ms)
{
    m_refreshMs = std::max(0, ms);
    if (m_refreshMs == 0)
        m_refresh.stop();
}

quint64 Prober::probe()
{
    if (m_process) {
        // The old job is superseded: its process dies and its signals are cut, so nothing it
        // says later can be taken for the new job's result.
        m_process->disconnect(this);
        stopProcess();
    }
    m_refresh.stop();
    m_timeout.stop();
    const quint64 job = ++m_job;
    m_startedAtMs = nowMs();

    ProbeResult r;
    r.job = job;
    r.target = m_target;
    r.targetText = m_targetText;
    QString error;
    std::optional<ProbeCommand> cmd;
    if (m_targetError.isEmpty())
        cmd = probeCommand(m_target, m_options, &error);
    if (!m_targetError.isEmpty() || !cmd) {
        r.status = ProbeResult::Status::Refused;
        r.error = m_targetError.isEmpty() ? error : m_targetError;
        // Delivered from the event loop, like every other result, so callers can connect
        // after calling probe().
        QMetaObject::invokeMethod(
            this, [this, r] { finish(r); }, Qt::QueuedConnection);
        setBusy(false);
        return job;
    }

    auto *p = new QProcess(this);
    m_process = p;
    p->setProcessChannelMode(QProcess::SeparateChannels);
    connect(p, &QProcess::finished, this,
            [this, job](int code, QProcess::ExitStatus st) { onProcessFinished(job, code, st); });
    connect(p, &QProcess::errorOccurred, this,
            [this, job](QProcess::ProcessError e) { onProcessError(job, e); });
    m_out.clear();
    m_err.clear();
    m_reportEnded = false;
    connect(p, &QProcess::readyReadStandardOutput, this, [this, job] { onOutput(job); });
    connect(p, &QProcess::readyReadStandardError, this, [this, job] { onOutput(job); });
    connect(p, &QProcess::started, this, [p] {
        p->write(probeScript());
        p->closeWriteChannel();
    });
    m_timeout.disconnect(this);
    connect(&m_timeout, &QTimer::timeout, this, [this, job] { onTimeout(job); });
    m_timeout.start(m_options.timeoutMs);
    ++m_started;
    releaseMaster();
    if (m_target.kind == Target::Kind::Ssh) {
        m_masterPath = sshControlPath(m_target, m_options);
        if (!m_masterPath.isEmpty())
            holdSshMaster(m_masterPath);
    }
    p->start(cmd->program, cmd->arguments, QIODevice::ReadWrite);
    setBusy(true);
    return job;
}

void Prober::cancel()
{
    if (!m_process) {
        m_refresh.stop();
        return;
    }
    m_process->disconnect(this);
    stopProcess();
    ProbeResult r;
    r.job = m_job;
    r.status = ProbeResult::Status::Cancelled;
    r.target = m_target;
    r.targetText = m_targetText;
    r.error = tr("the probe was cancelled");
    m_refreshMs = 0; // a cancelled watch stays cancelled
    m_refresh.stop();
    finish(r);
}

void Prober::setBusy(bool busy)
{
    if (busy == m_busy)
        return;
    m_busy = busy;
    Q_EMIT busyChanged(busy);
}

void Prober::releaseMaster()
{
    if (!m_masterPath.isEmpty())
        releaseSshMaster(m_masterPath);
    m_masterPath.clear();
}

void Prober::stopProcess()
{
    releaseMaster();
    m_timeout.stop();
    QProcess *p = m_process;
    m_process = nullptr;
    if (!p)
        return;
    if (p->state() != QProcess::NotRunning) {
        p->kill();
        // Reaped asynchronously: deleting a running QProcess would block in its destructor.
        connect(p, &QProcess::finished, p, &QObject::deleteLater);
    } else {
        p->deleteLater();
    }
}

void Prober::onOutput(quint64 job)
{
    if (job != m_job || !m_process)
        return;
    QProcess *p = m_process;
    // Read in pieces, never more than one byte past a cap, so the overflow itself is bounded.
    const QByteArray out = p->read(MaxReportBytes + 1 - m_out.size());
    p->setReadChannel(QProcess::StandardError);
    const QByteArray err = p->read(MaxStderrBytes + 1 - m_err.size());
    p->setReadChannel(QProcess::StandardOutput);
    m_out += out;
    m_err += err;
    if (m_out.size() > MaxReportBytes) {
        m_out.truncate(MaxReportBytes);
        stopOverflowing(job, tr("%1 sent more than %2 MiB of report; the probe was stopped "
                                "(a report is a few KiB: is the login shell printing "
                                "without end?)")
                                 .arg(m_targetText)
                                 .arg(MaxReportBytes >> 20));
        return;
    }
    if (m_err.size() > MaxStderrBytes) {
        m_err.truncate(MaxStderrBytes);
        stopOverflowing(job, tr("%1 wrote more than %2 KiB of errors; the probe was stopped")
                                 .arg(m_targetText)
                                 .arg(MaxStderrBytes >> 10));
        return;
    }
    // The report is complete: give the target a moment to exit, then use it in any case.
    if (!m_reportEnded &&
        (m_out.endsWith("\nshmwise-probe-end\n") || m_out.endsWith("\nshmwise-probe-end\r\n"))) {
        m_reportEnded = true;
        if (m_timeout.remainingTime() > ExitGraceMs)
            m_timeout.start(ExitGraceMs);
    }
}

void Prober::stopOverflowing(quint64 job, const QString &why)
{
    ProbeResult r;
    r.job = job;
    r.target = m_target;
    r.targetText = m_targetText;
    r.status = ProbeResult::Status::Failed;
    r.stderrText = transportStderrText(m_err);
    r.error = why;
    m_process->disconnect(this);
    stopProcess();
    closeSshMaster(m_target, m_options);
    finish(r);
}

ProbeResult Prober::resultFromReport(quint64 job, int exitCode)
{
    ProbeResult r;
    r.job = job;
    r.target = m_target;
    r.targetText = m_targetText;
    r.exitCode = exitCode;
    r.stderrText = transportStderrText(m_err);
    const HostFacts facts = parseProbeReport(m_out);
    if (facts.reportVersion > 0) {
        r.status = ProbeResult::Status::Ok;
        r.facts = facts;
    } else {
        r.status = ProbeResult::Status::Failed;
        const QString why =
            explainTransportFailure(m_target, r.stderrText, r.exitCode, m_options.sshConfig);
        QString last = r.stderrText.section(QLatin1Char('\n'), -1).trimmed();
        r.error =
            !why.isEmpty()    ? why
            : !last.isEmpty() ? tr("the probe of %1 failed: %2").arg(m_targetText, last)
            : r.exitCode == 0
                ? (m_out.isEmpty() ? tr("%1 ended without sending a report").arg(m_targetText)
                                   : tr("%1 sent %2 bytes that are not a probe report, and ended "
                                        "(is its login shell printing, or not a POSIX shell?)")
                                         .arg(m_targetText)
                                         .arg(m_out.size()))
                : tr("the probe of %1 failed (exit code %2) without a report")
                      .arg(m_targetText)
                      .arg(r.exitCode);
    }
    return r;
}

void Prober::onProcessFinished(quint64 job, int exitCode, QProcess::ExitStatus status)
{
    if (job != m_job || !m_process)
        return; // a superseded job: drop it
    QProcess *p = m_process;
    onOutput(job); // what is left in the pipes, within the caps
    if (job != m_job || m_process != p)
        return; // the rest overflowed a cap, and that ended the job
    m_process = nullptr;
    releaseMaster();
    m_timeout.stop();
    p->deleteLater();
    finish(resultFromReport(job, status == QProcess::NormalExit ? exitCode : -1));
}

void Prober::onProcessError(quint64 job, QProcess::ProcessError error)
{
    if (job != m_job || !m_process || error != QProcess::FailedToStart)
        return; // crashes and the like arrive as finished() too
    ProbeResult r;
    r.job = job;
    r.target = m_target;
    r.targetText = m_targetText;
    r.status = ProbeResult::Status::Failed;
    // A client that is not installed is not a local limit to wait out: only a program that
    // exists and failed to start is started again later.
    const QString program = m_process->program();
    r.startFailed = program.contains(QLatin1Char('/'))
                        ? QFileInfo(program).isExecutable()
                        : !QStandardPaths::findExecutable(program).isEmpty();
    r.error = tr("cannot run %1: %2").arg(m_process->program(), m_process->errorString());
    m_process->disconnect(this);
    stopProcess();
    finish(r);
}

void Prober::onTimeout(quint64 job)
{
    if (job != m_job || !m_process)
        return;
    onOutput(job);
    if (job != m_job || !m_process)
        return;
    m_process->disconnect(this);
    stopProcess();
    // A target that sent its whole report but did not exit (a background child holding the
    // pipe, a hung logout) has answered: its report is used.
    if (m_reportEnded) {
        ProbeResult r = resultFromReport(job, -1);
        if (r.ok()) {
            closeSshMaster(m_target, m_options);
            finish(r);
            return;
        }
    }
    ProbeResult r;
    r.job = job;
    r.target = m_target;
    r.targetText = m_targetText;
    r.status = ProbeResult::Status::TimedOut;
    r.stderrText = transportStderrText(m_err);
    // A session the server refused makes ssh wait, not fail: name that, not the wait.
    r.error = sshSessionRefused(r.stderrText)
                  ? explainTransportFailure(m_target, r.stderrText, -1, m_options.sshConfig)
                  : tr("%1 did not answer within %2 s")
                        .arg(m_targetText)
                        .arg(m_options.timeoutMs / 1000.0);
    // The master would keep the hung session open, and so stay up past its ControlPersist.
    closeSshMaster(m_target, m_options);
    finish(r);
}

void Prober::finish(ProbeResult result)
{
    if (result.job != m_job)
        return;
    result.elapsedMs = nowMs() - m_startedAtMs;
    if (result.ok())
        m_facts = result.facts;
    setBusy(m_process != nullptr);
    Q_EMIT finished(result);
    if (m_refreshMs > 0 && !m_process && result.status != ProbeResult::Status::Cancelled &&
        result.status != ProbeResult::Status::Refused)
        m_refresh.start(m_refreshMs);
}

ProbeResult probeBlocking(const QString &targetText, const ProbeOptions &options)
{
    Prober prober;
    prober.setOptions(options);
    prober.setTarget(targetText);
    ProbeResult result;
    QEventLoop loop;
    QObject::connect(&prober, &Prober::finished, &loop, [&](const ProbeResult &r) {
        result = r;
        loop.quit();
    });
    prober.probe();
    loop.exec();
    return result;
}

} // namespace shmwise
