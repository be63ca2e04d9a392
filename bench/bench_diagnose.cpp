// SPDX-License-Identifier: GPL-3.0-or-later
// How fast `shmwise diagnose` reads a large log, and how much memory it holds.
//   build/bin/shmwise-bench-diagnose [MIB] [SHMWISE]
// 1. In this process, on one core: MIB (default 1024) of a realistic training log (progress
//    lines, tqdm bars with carriage returns, INFO lines that mention memory, a traceback now and
//    then) fed to LogDiagnoser in 1 MiB chunks; prints MB/s.
// 2. With SHMWISE (the shmwise binary), the same bytes written into `shmwise diagnose -` through
//    a pipe, never to disk; prints the child's wall time and peak resident memory (getrusage).
#include "probes/diagnosis.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QProcess>

#include <sys/resource.h>
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>

using namespace shmwise;

namespace {

QByteArray block()
{
    QByteArray b;
    int i = 0;
    while (b.size() < (1 << 20)) {
        ++i;
        b += "Epoch: [3][" + QByteArray::number(i % 1736) +
             "/1736]\t Time 1.209  Data 0.000  Loss 0.5844 MAE 0.6568 RMSE 0.7644\n";
        if (i % 7 == 0)
            b += " 31%|#####     | " + QByteArray::number(i % 1063) +
                 "/1063 [01:06<03:59,  3.06it/s]\r";
        if (i % 50 == 0)
            b += "[12/20 18:16:09 d2.utils.events]:  eta: 19:46:55  iter: 4959  total_loss: 10.31 "
                 " lr: 2.5e-05  max_mem: 5418M\n";
        if (i % 400 == 0)
            b += "2024-05-01 10:00:02,077 INFO GPU memory in use: 11.2 GiB of 80 GiB; host "
                 "memory 31 GiB\n";
        if (i % 5000 == 0)
            b += "Traceback (most recent call last):\n  File \"train.py\", line 12, in <module>\n"
                 "ValueError: bad sample 41\n";
    }
    return b;
}

double cpuSeconds(int who)
{
    rusage ru{};
    getrusage(who, &ru);
    return double(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
           double(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const int mib = argc > 1 ? std::max(1, atoi(argv[1])) : 1024;
    const QByteArray b = block();
    const qint64 total = qint64(mib) * b.size();

    QElapsedTimer t;
    t.start();
    const double cpu0 = cpuSeconds(RUSAGE_SELF);
    LogDiagnoser d;
    for (int i = 0; i < mib; ++i)
        d.feed(b);
    const QVector<Finding> fs = d.finish();
    const double secs = t.nsecsElapsed() / 1e9;
    const double cpu = cpuSeconds(RUSAGE_SELF) - cpu0;
    // CPU time, not wall time, is what "on one core" means on a loaded machine.
    std::printf("in process: %lld bytes, %lld lines, %d findings: %.2f s CPU (%.0f MB/s per "
                "core), %.2f s wall\n",
                static_cast<long long>(total), static_cast<long long>(d.lineCount()),
                int(fs.size()), cpu, total / cpu / 1e6, secs);

    if (argc > 2) {
        QProcess p;
        p.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        t.restart();
        p.start(QString::fromLocal8Bit(argv[2]),
                {QStringLiteral("diagnose"), QStringLiteral("-"), QStringLiteral("--json")});
        if (!p.waitForStarted())
            return 1;
        for (int i = 0; i < mib; ++i) {
            p.write(b);
            while (p.bytesToWrite() > 4 * b.size())
                p.waitForBytesWritten(-1);
        }
        while (p.bytesToWrite() > 0)
            p.waitForBytesWritten(-1);
        p.closeWriteChannel();
        p.waitForFinished(-1);
        const double wall = t.nsecsElapsed() / 1e9;
        rusage ru{};
        getrusage(RUSAGE_CHILDREN, &ru);
        const double childCpu = cpuSeconds(RUSAGE_CHILDREN);
        std::printf("through a pipe: shmwise diagnose - read %lld bytes: %.2f s CPU (%.0f MB/s "
                    "per core), %.2f s wall, peak resident %.1f MiB, exit %d\n",
                    static_cast<long long>(total), childCpu, total / childCpu / 1e6, wall,
                    ru.ru_maxrss / 1024.0, p.exitCode());
    }
    return 0;
}
