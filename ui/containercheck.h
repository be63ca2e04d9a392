// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/profile.h"
#include "core/sizing.h"
#include "probes/probefacts.h"

#include <QObject>
#include <QPointer>
#include <QProcess>
#include <QStringList>

namespace shmwise {

// Runs the probe script inside a throw-away container started with the flags the Results page
// generates (`docker run --rm -i FLAGS IMAGE sh -s`), so the facts are the ones the job will see
// once the setting is applied: /dev/shm, memory and `ulimit -n` inside, read by the same parser
// as every other probe. Asynchronous; one check at a time.
class ContainerCheck : public QObject
{
    Q_OBJECT
public:
    explicit ContainerCheck(QObject *parent = nullptr);
    ~ContainerCheck() override;

    // The container client for the profile's environment ("docker", or "podman"); empty when
    // the environment does not run containers from a command line here.
    static QString clientFor(Environment environment);
    // The arguments after the client's name.
    static QStringList arguments(const Profile &profile, const ShmPlan &plan);

    // The client to run; by default clientFor() looked up in PATH.
    void setProgram(const QString &program) { m_program = program; }
    QString program(const Profile &profile) const;
    // Whether a client is there to run for this profile.
    bool available(const Profile &profile) const;
    bool isBusy() const { return m_process != nullptr; }
    void setTimeoutMs(int ms) { m_timeoutMs = ms; }

    void start(const Profile &profile, const ShmPlan &plan);
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
