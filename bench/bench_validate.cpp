// SPDX-License-Identifier: GPL-3.0-or-later
// How long validate takes on big files: 4 MiB of each kind, in the shapes that used to be slow
// (1,000 YAML documents or one per pod, 100,000 Compose services, services filled in by merge
// keys, thousands of commands or lines, one huge line, deep nesting). Prints
// one row per shape, with the wall time and the CPU time of the validating thread (on a shared
// machine the CPU time is the steadier figure), and exits 1 when any takes a second or more of
// CPU time.
//   build/bin/shmwise-bench-validate [MiB [SHAPE-SUBSTRING]]
#include "validators/validators.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <cstdio>
#include <ctime>
#include <functional>

using namespace shmwise;

volatile int g_sink = 0;

namespace {

double threadCpuSeconds()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) / 1e9;
}

// Repeats `unit` (with its number substituted for %1) until the text reaches `bytes`.
QString repeatTo(qsizetype bytes, const std::function<QString(int)> &unit)
{
    QString s;
    for (int i = 0; s.size() < bytes; ++i)
        s += unit(i);
    return s;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const qsizetype bytes = qsizetype(argc > 1 ? atoi(argv[1]) : 4) * 1024 * 1024;
    const QString pod = QStringLiteral(
        "apiVersion: v1\nkind: Pod\nmetadata:\n  name: train-%1\nspec:\n  containers:\n"
        "  - name: train\n    image: pytorch/pytorch\n    resources:\n      limits:\n"
        "        memory: 16Gi\n    volumeMounts:\n    - name: dshm\n      mountPath: /dev/shm\n"
        "  volumes:\n  - name: dshm\n    emptyDir:\n      medium: Memory\n      sizeLimit: 8Gi\n");
    struct Shape
    {
        const char *name;
        ConfigKind kind;
        QString text;
    };
    const QVector<Shape> shapes = {
        {"kubernetes: pods, one per document", ConfigKind::Kubernetes,
         repeatTo(bytes, [&](int i) { return QStringLiteral("---\n") + pod.arg(i); })},
        {"kubernetes: 1,000 documents", ConfigKind::Kubernetes,
         [&] {
             // 1,000 documents padded with labels to reach the size.
             const int docs = 1000;
             const qsizetype per = bytes / docs;
             QString s;
             for (int i = 0; i < docs; ++i) {
                 QString d = QStringLiteral("---\n") + pod.arg(i);
                 d.replace(QStringLiteral("  name: train-%1\n").arg(i),
                           QStringLiteral("  name: train-%1\n  labels:\n").arg(i));
                 for (int k = 0; d.size() < per; ++k)
                     d.insert(d.indexOf(QStringLiteral("  labels:\n")) + 10,
                              QStringLiteral("    l%1: v%1\n").arg(k));
                 s += d;
             }
             return s;
         }()},
        {"compose: services", ConfigKind::Compose,
         QStringLiteral("services:\n") +
             repeatTo(bytes,
                      [](int i) {
                          return QStringLiteral(
                                     "  s%1:\n    image: pytorch/pytorch\n    shm_size: 8gb\n"
                                     "    ulimits:\n      nofile: {soft: 65536, hard: 65536}\n")
                              .arg(i);
                      })},
        {"compose: services merging an anchor", ConfigKind::Compose,
         QStringLiteral("x-defaults: &d\n  image: pytorch/pytorch\n  shm_size: 8gb\n"
                        "  ulimits: {nofile: {soft: 65536, hard: 65536}}\nservices:\n") +
             repeatTo(bytes,
                      [](int i) {
                          return QStringLiteral("  s%1:\n    <<: *d\n    command: python train.py "
                                                "--rank %1\n    environment:\n      RANK: \"%1\"\n")
                              .arg(i);
                      })},
        {"compose: 1,000 documents", ConfigKind::Compose,
         repeatTo(bytes,
                  [](int i) {
                      return QStringLiteral(
                                 "---\nservices:\n  s%1:\n    image: x\n    shm_size: 8g\n")
                          .arg(i);
                  })},
        {"docker-run: commands", ConfigKind::DockerRun,
         repeatTo(bytes,
                  [](int i) {
                      return QStringLiteral(
                                 "docker run --rm --gpus all --shm-size=8g -v $(pwd):/w "
                                 "--ulimit nofile=65536:65536 pytorch/pytorch:%1 python t.py\n")
                          .arg(i);
                  })},
        {"docker-run: one command, continued", ConfigKind::DockerRun,
         QStringLiteral("docker run --rm \\\n") +
             repeatTo(bytes, [](int i) { return QStringLiteral("  -e V%1=$(pwd) \\\n").arg(i); }) +
             QStringLiteral("  pytorch/pytorch\n")},
        {"docker-run: one huge line", ConfigKind::DockerRun,
         QStringLiteral("docker run ") +
             repeatTo(bytes, [](int) { return QStringLiteral("-e A=\"$(b `c`)\" "); }) +
             QStringLiteral("pytorch/pytorch\n")},
        {"fstab: lines", ConfigKind::Fstab,
         repeatTo(bytes,
                  [](int i) {
                      return QStringLiteral("tmpfs /mnt/t%1 tmpfs defaults,size=8g,mode=1777 0 0\n")
                          .arg(i);
                  })},
        {"sysctl: lines", ConfigKind::Sysctl,
         repeatTo(bytes,
                  [](int i) { return QStringLiteral("kernel.shmmni = %1\n").arg(i % 4096); })},
        {"sysctl: unknown keys, all different", ConfigKind::Sysctl,
         repeatTo(bytes, [](int i) { return QStringLiteral("kernel.shmmnx%1 = 1\n").arg(i); })},
        {"limits: lines", ConfigKind::Limits,
         repeatTo(bytes, [](int i) { return QStringLiteral("user%1 - nofile 65536\n").arg(i); })},
        {"python: loaders", ConfigKind::Python,
         repeatTo(bytes,
                  [](int i) {
                      return QStringLiteral(
                                 "loader%1 = DataLoader(ds, batch_size=8, num_workers=2,\n"
                                 "    persistent_workers=True)\n")
                          .arg(i);
                  })},
        {"python: deep brackets", ConfigKind::Python,
         QString(int(bytes / 2), QLatin1Char('(')) + QString(int(bytes / 2), QLatin1Char(')'))},
        {"yaml: deep nesting", ConfigKind::Kubernetes,
         QString(int(bytes / 2), QLatin1Char('[')) + QString(int(bytes / 2), QLatin1Char(']'))},
    };
    bool slow = false;
    std::printf("%-38s %8s %10s %10s %8s\n", "shape", "MiB", "seconds", "cpu", "diags");
    const QString only = argc > 2 ? QString::fromLocal8Bit(argv[2]) : QString();
    for (const Shape &s : shapes) {
        if (!QString::fromLatin1(s.name).contains(only))
            continue;
        QElapsedTimer t;
        t.start();
        const double cpu0 = threadCpuSeconds();
        const QVector<Diagnostic> d = validateConfig(s.kind, s.text);
        const double cpu = threadCpuSeconds() - cpu0;
        const double sec = double(t.nsecsElapsed()) / 1e9;
        g_sink = g_sink + int(d.size());
        slow = slow || cpu >= 1.0;
        std::printf("%-38s %8.2f %10.3f %10.3f %8d\n", s.name, double(s.text.size()) / 1048576.0,
                    sec, cpu, int(d.size()));
        std::fflush(stdout);
    }
    return slow ? 1 : 0;
}
