// SPDX-License-Identifier: GPL-3.0-or-later
// How long one keystroke in the wizard costs: plan, generate every artifact and validate each
// with its validator, for every environment x preset. Prints a table and the worst median.
// LANG (en, zh_CN) is the language of the files' comments: zh_CN adds the lookups and the
// wrapping of the translated comments.
//   build/bin/shmwise-bench-generate [ROUNDS] [LANG]
#include "core/presets.h"
#include "core/profile.h"
#include "core/sizing.h"
#include "generators/artifacts.h"
#include "validators/validators.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace shmwise;

// Keeps the validation results alive so the work cannot be optimised away.
volatile int g_sink = 0;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const int rounds = argc > 1 ? std::max(5, atoi(argv[1])) : 200;
    GenerateOptions options;
    if (argc > 2) {
        const auto language = commentLanguageFromCode(QString::fromLocal8Bit(argv[2]));
        if (!language) {
            std::fprintf(stderr, "shmwise-bench-generate: LANG is one of: %s\n",
                         qPrintable(commentLanguageCodes().join(QStringLiteral(", "))));
            return 2;
        }
        options.comments = *language;
    }
    double worst = 0;
    QString worstCase;
    std::vector<double> all;
    std::printf("%-14s %-22s %10s %10s %6s\n", "environment", "preset", "median ms", "p95 ms",
                "files");
    for (const QString &envName : environmentNames()) {
        for (const PresetInfo &preset : presets()) {
            Profile p = newProfile();
            p.environment = *environmentFromName(envName);
            p.workload = *presetWorkload(preset.id);
            p.job.memoryBytes = 32 * GiB;
            p.host.memoryBytes = 256 * GiB;
            std::vector<double> ms;
            int files = 0;
            for (int i = 0; i < rounds; ++i) {
                QElapsedTimer t;
                t.start();
                const ShmPlan plan = computePlan(p);
                const QVector<Artifact> artifacts = generateArtifacts(p, plan, options);
                int diagnostics = 0;
                for (const Artifact &a : artifacts) {
                    if (a.validator)
                        diagnostics += int(validateConfig(*a.validator, a.text).size());
                }
                ms.push_back(double(t.nsecsElapsed()) / 1e6);
                files = int(artifacts.size());
                g_sink = g_sink + diagnostics;
            }
            std::sort(ms.begin(), ms.end());
            const double median = ms[ms.size() / 2];
            const double p95 = ms[ms.size() * 95 / 100];
            all.push_back(median);
            std::printf("%-14s %-22s %10.3f %10.3f %6d\n", qPrintable(envName),
                        qPrintable(preset.id), median, p95, files);
            if (median > worst) {
                worst = median;
                worstCase = envName + QLatin1Char('/') + preset.id;
            }
        }
    }
    std::sort(all.begin(), all.end());
    std::printf("\nplan + generate + validate, per profile, comments in %s: median of medians "
                "%.3f ms, worst median %.3f ms (%s); target < 5 ms\n",
                qPrintable(commentLanguageCode(options.comments)), all[all.size() / 2], worst,
                qPrintable(worstCase));
    return worst < 5.0 ? 0 : 1;
}
