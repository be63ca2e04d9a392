// SPDX-License-Identifier: GPL-3.0-or-later
#include "probes/containerprobe.h"

#include "probes/probetarget.h"

#include <QStandardPaths>
#include <QTimer>

namespace shmwise {

ContainerProbe::ContainerProbe(QObject *parent) : QObject(parent) {}

ContainerProbe::~ContainerProbe()
{
    cancel();
}

QString ContainerProbe::clientFor(Environment environment)
{
    switch (environment) {
    case Environment::Docker:
    case Environment::Compose:
    case Environment::Swarm:
        return QStringLiteral("docker");
    case Environment::Podman:
        return QStringLiteral("podman");
    default:
        return {};
    }
}

QString ContainerProbe::program(Environment environment) const
{
    if (!m_program.isEmpty())
        return m_program;
    const QString client = clientFor(environment);
    return client.isEmpty() ? QString() : QStandardPaths::findExecutable(client);
}

bool ContainerProbe::available(Environment environment) const
{
    return !clientFor(environment).isEmpty() && !program(environment).isEmpty();
}

void ContainerProbe::start(Environment environment, const QStringList &arguments)
{
    cancel();
    const QString client = program(environment);
    if (client.isEmpty()) {
        Q_EMIT finished({}, tr("No container client (docker or podman) was found in PATH."));
        return;
    }
    auto *p = new QProcess(this);
    m_process = p;
    p->setProcessChannelMode(QProcess::SeparateChannels);
    auto *timer = new QTimer(p);
    timer->setSingleShot(true);
    connect(timer, &QTimer::timeout, this, [this, p] {
        if (m_process != p)
            return;
        m_process = nullptr;
        p->disconnect(this);
        p->kill();
        connect(p, &QProcess::finished, p, &QObject::deleteLater);
        Q_EMIT busyChanged(false);
        Q_EMIT finished(
            {}, tr("The container did not answer within %1 seconds.").arg(m_timeoutMs / 1000));
    });
    connect(p, &QProcess::started, p, [p] {
        p->write(probeScript());
        p->closeWriteChannel();
    });
    connect(p, &QProcess::errorOccurred, this, [this, p, client](QProcess::ProcessError e) {
        if (e != QProcess::FailedToStart || m_process != p)
            return;
        m_process = nullptr;
        p->deleteLater();
        Q_EMIT busyChanged(false);
        Q_EMIT finished({}, tr("Cannot run %1: %2").arg(client, p->errorString()));
    });
    connect(p, &QProcess::finished, this, [this, p, client](int code, QProcess::ExitStatus st) {
        if (m_process != p)
            return;
        m_process = nullptr;
        p->deleteLater();
        const HostFacts facts = parseProbeReport(p->readAllStandardOutput());
        const QString stderrText = transportStderrText(p->readAllStandardError());
        Q_EMIT busyChanged(false);
        if (facts.reportVersion > 0) {
            Q_EMIT finished(facts, QString());
            return;
        }
        const QString said = stderrText.section(QLatin1Char('\n'), -3);
        Q_EMIT finished({}, st == QProcess::NormalExit
                                ? tr("%1 exited with code %2 without a report: %3")
                                      .arg(client)
                                      .arg(code)
                                      .arg(said.isEmpty() ? tr("it printed nothing") : said)
                                : tr("%1 crashed.").arg(client));
    });
    timer->start(m_timeoutMs);
    p->start(client, arguments, QIODevice::ReadWrite);
    Q_EMIT busyChanged(true);
}

void ContainerProbe::cancel()
{
    QProcess *p = m_process;
    if (!p)
        return;
    m_process = nullptr;
    p->disconnect(this);
    if (p->state() != QProcess::NotRunning) {
        p->kill();
        connect(p, &QProcess::finished, p, &QObject::deleteLater);
    } else {
        p->deleteLater();
    }
    Q_EMIT busyChanged(false);
}

} // namespace shmwise
