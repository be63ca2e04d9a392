// SPDX-License-Identifier: GPL-3.0-or-later
// Time from process start to the first shown window, and resident memory once the results page
// is built, over several runs of the real binary:
//   xvfb-run build/bin/shmwise-bench-startup build/bin/shmwise [RUNS]
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QProcess>

#include <algorithm>
#include <cstdio>
#include <vector>

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s PATH/TO/shmwise [RUNS]\n", argv[0]);
        return 2;
    }
    const QString binary = QString::fromLocal8Bit(argv[1]);
    const int runs = argc > 2 ? std::max(3, atoi(argv[2])) : 10;
    std::vector<double> shownMs;
    std::vector<double> rssMiB;
    for (int i = 0; i < runs; ++i) {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("SHMWISE_BENCH_STARTUP"), QStringLiteral("1"));
        // Fresh settings each run, so no remembered geometry or recent files differ.
        env.insert(QStringLiteral("XDG_CONFIG_HOME"),
                   QStringLiteral("/tmp/shmwise-bench-startup-config"));
        p.setProcessEnvironment(env);
        QElapsedTimer t;
        t.start();
        p.start(binary, {});
        double shown = -1;
        QByteArray out;
        while (p.state() != QProcess::NotRunning || p.bytesAvailable() > 0) {
            if (!p.waitForReadyRead(30000) && p.state() == QProcess::NotRunning &&
                p.bytesAvailable() == 0)
                break;
            out += p.readAllStandardOutput();
            if (shown < 0 && out.contains("shmwise-bench shown"))
                shown = double(t.nsecsElapsed()) / 1e6;
            if (out.contains("shmwise-bench rss"))
                break;
        }
        p.waitForFinished(30000);
        out += p.readAllStandardOutput();
        const int at = out.indexOf("shmwise-bench rss ");
        if (shown < 0 || at < 0) {
            std::fprintf(stderr, "run %d: no report (is there a display?): %s\n", i,
                         p.readAllStandardError().constData());
            return 1;
        }
        const QByteArray kb = out.mid(at + 18).split(' ').value(0);
        shownMs.push_back(shown);
        rssMiB.push_back(kb.toDouble() / 1024.0);
        std::printf("run %2d: window shown after %7.1f ms, %6.1f MiB resident with results\n",
                    i + 1, shown, rssMiB.back());
    }
    std::sort(shownMs.begin(), shownMs.end());
    std::sort(rssMiB.begin(), rssMiB.end());
    std::printf("\nmedian: first window %.1f ms (target < 500), resident %.1f MiB after the "
                "results page (target < 150)\n",
                shownMs[shownMs.size() / 2], rssMiB[rssMiB.size() / 2]);
    return shownMs[shownMs.size() / 2] < 500 && rssMiB[rssMiB.size() / 2] < 150 ? 0 : 1;
}
