// SPDX-License-Identifier: GPL-3.0-or-later
#include "testutil.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>

#include <unistd.h>

namespace testutil {

QString sourceDir()
{
    return QStringLiteral(SHMWISE_SOURCE_DIR);
}

QString shmwiseBinary()
{
    return QStringLiteral(SHMWISE_BINARY);
}

QString testData(const QString &relative)
{
    return sourceDir() + QStringLiteral("/tests/data/") + relative;
}

RunResult run(const QString &program, const QStringList &args, const QByteArray &input,
              int timeoutMs, const QProcessEnvironment &baseEnv)
{
    RunResult r;
    QProcess p;
    QProcessEnvironment env = baseEnv;
    // The fixed test locale, unless a test asks for another on purpose.
    if (!env.contains(QStringLiteral("LC_ALL")))
        env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
    // No translation either, unless the test set LANGUAGE itself (to check one).
    const QString language = QStringLiteral("LANGUAGE");
    if (env.value(language) == QProcessEnvironment::systemEnvironment().value(language))
        env.insert(language, QString());
    p.setProcessEnvironment(env);
    p.start(program, args);
    if (!p.waitForStarted(10000)) {
        r.err = p.errorString().toUtf8();
        return r;
    }
    r.started = true;
    if (!input.isEmpty())
        p.write(input);
    p.closeWriteChannel();
    if (!p.waitForFinished(timeoutMs)) {
        r.timedOut = true;
        p.kill();
        p.waitForFinished(5000);
    }
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    return r;
}

bool canUseMountNamespace(QString *why)
{
    if (geteuid() != 0) {
        *why = QStringLiteral("needs root for a private mount namespace with its own /dev/shm");
        return false;
    }
    if (QStandardPaths::findExecutable(QStringLiteral("unshare")).isEmpty()) {
        *why = QStringLiteral("unshare (util-linux) is not installed");
        return false;
    }
    const RunResult probe = run(sourceDir() + QStringLiteral("/tests/helpers/with-shm.sh"),
                                {QStringLiteral("1m"), QStringLiteral("true")}, {}, 20000);
    if (!probe.started || probe.exitCode != 0) {
        *why = QStringLiteral("cannot make a private mount namespace here: ") +
               QString::fromUtf8(probe.err).trimmed();
        return false;
    }
    return true;
}

RunResult runWithShm(quint64 shmBytes, const QString &program, const QStringList &args,
                     int timeoutMs)
{
    return run(sourceDir() + QStringLiteral("/tests/helpers/with-shm.sh"),
               QStringList{QString::number(shmBytes), program} + args, {}, timeoutMs);
}

QString pythonWithTorch(QString *why)
{
    for (const QString &py : {QStringLiteral("/usr/bin/python3"), QStringLiteral("python3")}) {
        const QString exe = py.startsWith(QLatin1Char('/'))
                                ? (QFileInfo::exists(py) ? py : QString())
                                : QStandardPaths::findExecutable(py);
        if (exe.isEmpty())
            continue;
        const RunResult r =
            run(exe, {QStringLiteral("-c"), QStringLiteral("import torch")}, {}, 60000);
        if (r.started && r.exitCode == 0)
            return exe;
    }
    *why = QStringLiteral("no Python with PyTorch (install Debian's python3-torch)");
    return {};
}

bool processAlive(qint64 pid)
{
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return false;
    const QByteArray s = stat.readAll();
    const qsizetype close = s.lastIndexOf(')');
    return close > 0 && close + 2 < s.size() && s.at(close + 2) != 'Z';
}

QStringList posixShells()
{
    QStringList s;
    for (const char *sh : {"/usr/bin/dash", "/bin/dash"}) {
        if (QFile::exists(QLatin1String(sh))) {
            s << QLatin1String(sh);
            break;
        }
    }
    const QString bb = QStandardPaths::findExecutable(QStringLiteral("busybox"));
    if (!bb.isEmpty())
        s << bb + QStringLiteral(" sh");
    return s;
}

// A process that holds `path` open (or, `mapped`, maps it and closes its descriptor).
QProcess *holdFile(const QString &path, bool mapped, QObject *parent)
{
    auto *p = new QProcess(parent);
    if (mapped)
        p->start(QStringLiteral("python3"),
                 {QStringLiteral("-c"),
                  QStringLiteral("import mmap,os,sys,time\n"
                                 "fd=os.open(sys.argv[1],os.O_RDWR)\n"
                                 "m=mmap.mmap(fd,4096)\nos.close(fd)\n"
                                 "print('ready',flush=True)\ntime.sleep(60)\n"),
                  path});
    else
        p->start(QStringLiteral("sh"),
                 {QStringLiteral("-c"), QStringLiteral("exec 3<\"$1\"; echo ready; exec sleep 60"),
                  QStringLiteral("sh"), path});
    p->waitForReadyRead(10000);
    return p;
}

void stopProcess(QProcess *p)
{
    p->kill();
    p->waitForFinished(5000);
}

} // namespace testutil
