// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/environments.h"
#include "probes/probefacts.h"

#include <QObject>
#include <QPointer>
#include <QProcess>
#include <QStringList>

namespace shmwise {

// Runs the probe script inside a throw-away container (`CLIENT run --rm -i OPTIONS IMAGE sh
// -s`), so the facts are the ones a job started that way sees: /dev/shm, memory and `ulimit -n`
// inside, read by the same parser as every other probe. Asynchronous; one run at a time.
class ContainerProbe : public QObject
{
    Q_OBJECT
public:
    explicit ContainerProbe(QObject *parent = nullptr);
    ~ContainerProbe() override;

    // The container client for an environment ("docker", or "podman"); empty when the
    // environment does not run containers from a command line here.
    static QString clientFor(Environment environment);

    // The client to run; by default clientFor() looked up in PATH.
    void setProgram(const QString &program) { m_program = program; }
    QString program(Environment environment) const;
    // Whether a client is there to run for this environment.
    bool available(Environment environment) const;
    bool isBusy() const { return m_process != nullptr; }
    void setTimeoutMs(int ms) { m_timeoutMs = ms; }

    // `arguments` follow the client's name: run, its options, the image and `sh -s`.
    void start(Environment environment, const QStringList &arguments);
    void cancel();

Q_SIGNALS:
    // `error` is translated and empty on success.
    void finished(const shmwise::HostFacts &facts, const QString &error);
    void busyChanged(bool busy);

private:
    QString m_program;
    QPointer<QProcess> m_process;
    int m_timeoutMs = 120000; // pulling an image takes a while
};

} // namespace shmwise
