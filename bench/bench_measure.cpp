// SPDX-License-Identifier: GPL-3.0-or-later
// What `shmwise measure`'s Python hook adds to a training loop: the loops of
// bench/hook_overhead.py, run by Python with PyTorch without and with the hook, alternately:
//   build/bin/shmwise-bench-measure [PYTHON] [ROUNDS]
// The hook's cost per batch is what it adds to the loops that do nothing but load in the main
// process; against a training step of 10 ms, it must stay under 2% (exit 1 otherwise). The loop
// with workers and a 10 ms step is shown too, though its difference is mostly noise.
#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>

static QJsonObject runLoops(const QString &python, const QString &rounds, const QString &hookDir)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    if (!hookDir.isEmpty()) {
        env.insert(QStringLiteral("PYTHONPATH"), hookDir);
        env.insert(QStringLiteral("SHMWISE_MEASURE_OUT"), hookDir + QStringLiteral("/out.jsonl"));
    }
    p.setProcessEnvironment(env);
    p.start(python, {QStringLiteral(SHMWISE_SOURCE_DIR "/bench/hook_overhead.py"), rounds});
    p.waitForFinished(600000);
    return QJsonDocument::fromJson(p.readAllStandardOutput()).object();
}

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QString python =
        argc > 1 ? QString::fromLocal8Bit(argv[1]) : QStringLiteral("/usr/bin/python3");
    const QString rounds = argc > 2 ? QString::fromLocal8Bit(argv[2]) : QStringLiteral("5");
    QTemporaryDir dir;
    QFile hook(QStringLiteral(":/measure/sitecustomize.py"));
    QFile copy(dir.filePath(QStringLiteral("sitecustomize.py")));
    QFile log(dir.filePath(QStringLiteral("out.jsonl")));
    if (!hook.open(QIODevice::ReadOnly) || !copy.open(QIODevice::WriteOnly) ||
        copy.write(hook.readAll()) < 0 || !log.open(QIODevice::WriteOnly)) {
        std::fprintf(stderr, "cannot write the hook\n");
        return 2;
    }
    copy.close();
    log.close();
    QJsonObject best[2];
    for (int i = 0; i < 3; ++i) { // alternate, keep each loop's best
        for (int hooked = 0; hooked < 2; ++hooked) {
            const QJsonObject o = runLoops(python, rounds, hooked ? dir.path() : QString());
            if (o.isEmpty()) {
                std::fprintf(stderr, "%s could not run the loops (no PyTorch?)\n",
                             qPrintable(python));
                return 2;
            }
            for (auto it = o.begin(); it != o.end(); ++it)
                if (!best[hooked].contains(it.key()) ||
                    it.value().toDouble() < best[hooked].value(it.key()).toDouble())
                    best[hooked].insert(it.key(), it.value());
        }
    }
    double worst = 0;
    for (auto it = best[0].begin(); it != best[0].end(); ++it) {
        const double plain = it.value().toDouble() * 1e6;
        const double hooked = best[1].value(it.key()).toDouble() * 1e6;
        const double pct = 100.0 * (hooked - plain) / plain;
        std::printf("%-20s  %9.1f us/batch plain  %9.1f us/batch hooked  %+7.1f us  %+6.2f%%\n",
                    qPrintable(it.key()), plain, hooked, hooked - plain, pct);
        if (it.key().startsWith(QLatin1String("main_")))
            worst = std::max(worst, hooked - plain);
    }
    const bool ok = worst / 10000.0 < 0.02;
    std::printf("per batch at most %+.1f us: %.2f%% of a 10 ms training step (target < 2%%)\n",
                worst, 100.0 * worst / 10000.0);
    QFile out(dir.filePath(QStringLiteral("out.jsonl")));
    std::printf("hook lines written: %lld bytes\n", static_cast<long long>(out.size()));
    return ok ? 0 : 1;
}
