// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QObject>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

class QProcess;

namespace testutil {

QString sourceDir();
QString shmwiseBinary();
QString testData(const QString &relative);

struct RunResult
{
    int exitCode = -1;
    bool started = false;
    bool timedOut = false;
    QByteArray out;
    QByteArray err;
};

// Runs a program to completion (killing it after `timeoutMs`), with the test's fixed locale.
RunResult run(const QString &program, const QStringList &args, const QByteArray &input = {},
              int timeoutMs = 60000,
              const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment());

// Runs a command in a private mount namespace with its own tmpfs /dev/shm of `shmBytes`, through
// tests/helpers/with-shm.sh, the project's one way to do that. Returns nullopt-like
// (started == false) and sets `why` when this machine cannot (not root, no unshare).
RunResult runWithShm(quint64 shmBytes, const QString &program, const QStringList &args,
                     int timeoutMs = 120000);
bool canUseMountNamespace(QString *why);

// The Python interpreter that has PyTorch (Debian's python3-torch lives under /usr/bin/python3),
// or an empty string with `why` set.
QString pythonWithTorch(QString *why);

// Whether a process of this pid is running (not gone, not a zombie).
bool processAlive(qint64 pid);

// The POSIX shells the probe must run under here: dash, and busybox's sh where installed.
QStringList posixShells();

// A process that holds `path` open (or, `mapped`, maps it and closes its descriptor) until
// stopped; it has done so when this returns.
QProcess *holdFile(const QString &path, bool mapped, QObject *parent);
void stopProcess(QProcess *p);

} // namespace testutil
