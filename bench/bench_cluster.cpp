// SPDX-License-Identifier: GPL-3.0-or-later
// A cluster's view (`watch --kubelet`): NODES nodes of PODS pods each, every pod with a memory
// emptyDir, served by the stand-in kubectl of tests/kubeletfixture.h (Summary API JSON shaped as
// the kubelet's types: a node of 110 pods answers about 275 KiB). Reads the view ROUNDS times at
// --jobs JOBS and prints the median and worst wall time, the CPU time of this process per round,
// its peak memory, and how many kubectl calls each round made.
//
//   shmwise-bench-cluster [NODES] [PODS] [ROUNDS] [JOBS]   (100 110 5 8)
#include "kubeletfixture.h"
#include "probes/clusterview.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTextStream>

#include <algorithm>
#include <vector>

#include <sys/resource.h>

using namespace shmwise;

namespace {

double cpuSeconds()
{
    struct rusage u
    {};
    getrusage(RUSAGE_SELF, &u);
    return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    const int nodes = args.size() > 1 ? std::clamp(args[1].toInt(), 1, 5000) : 100;
    const int perNode = args.size() > 2 ? std::clamp(args[2].toInt(), 1, 1000) : 110;
    const int rounds = args.size() > 3 ? std::clamp(args[3].toInt(), 1, 100) : 5;
    const int jobs = args.size() > 4 ? std::clamp(args[4].toInt(), 1, 256) : 8;
    QTextStream out(stdout);
    QTemporaryDir dir;
    if (!dir.isValid())
        return 1;
    QFile pods(dir.filePath(QStringLiteral("pods.txt")));
    QFile nodesFile(dir.filePath(QStringLiteral("nodes.txt")));
    if (!pods.open(QIODevice::WriteOnly) || !nodesFile.open(QIODevice::WriteOnly))
        return 1;
    qint64 summaryBytes = 0;
    for (int n = 0; n < nodes; ++n) {
        const QString node = QStringLiteral("gpu-node-%1").arg(n, 3, 10, QLatin1Char('0'));
        nodesFile.write(node.toUtf8() + "\t257600Mi\n");
        QByteArray stats;
        for (int p = 0; p < perNode; ++p) {
            const QString pod = QStringLiteral("train-%1-%2").arg(n).arg(p);
            pods.write(kubeletfixture::podLine(QStringLiteral("ml"), pod, node,
                                               QStringLiteral("16Gi"), QStringLiteral("8Gi"),
                                               QStringLiteral("dshm/Memory/8Gi,scratch//,")));
            if (p)
                stats += ',';
            stats += kubeletfixture::podStats(QStringLiteral("ml"), pod, QStringLiteral("dshm"),
                                              8 * GiB, Bytes(p % 10) * GiB, 9 * GiB);
        }
        const QByteArray s = kubeletfixture::summary(node, stats);
        summaryBytes += s.size();
        QFile f(dir.filePath(QStringLiteral("summary-%1.json").arg(node)));
        if (!f.open(QIODevice::WriteOnly) || f.write(s) != s.size())
            return 1;
    }
    pods.close();
    nodesFile.close();
    ProbeOptions o;
    o.kubectlProgram = kubeletfixture::writeStandIn(dir.path());
    o.timeoutMs = 60000;
    std::vector<double> ms;
    double cpu = 0;
    int rows = 0, errors = 0;
    for (int r = 0; r < rounds; ++r) {
        QFile::remove(dir.filePath(QStringLiteral("kubectl.log")));
        const double c0 = cpuSeconds();
        QElapsedTimer t;
        t.start();
        const ClusterView v = readClusterView(QStringLiteral("ml"), {}, o, jobs, {});
        ms.push_back(double(t.nsecsElapsed()) / 1e6);
        cpu += cpuSeconds() - c0;
        rows = int(v.rows.size());
        errors = int(std::count_if(v.rows.begin(), v.rows.end(),
                                   [](const ClusterRow &row) { return !row.error.isEmpty(); }));
        if (!v.error.isEmpty()) {
            out << "error: " << v.error << '\n';
            return 1;
        }
    }
    QFile log(dir.filePath(QStringLiteral("kubectl.log")));
    const int calls = log.open(QIODevice::ReadOnly) ? int(log.readAll().count('\n')) : -1;
    std::sort(ms.begin(), ms.end());
    struct rusage u
    {};
    getrusage(RUSAGE_SELF, &u);
    out << nodes << " nodes x " << perNode << " pods (" << rows << " rows, " << errors
        << " without numbers), Summary answers " << summaryBytes / nodes / 1024
        << " KiB a node, --jobs " << jobs << '\n';
    out << "wall: median " << ms[ms.size() / 2] << " ms, worst " << ms.back() << " ms; CPU of "
        << "this process " << qRound(cpu / rounds * 1000) << " ms a round; peak RSS "
        << u.ru_maxrss / 1024 << " MiB; kubectl calls a round: " << calls << '\n';
    return 0;
}
