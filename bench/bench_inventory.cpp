// SPDX-License-Identifier: GPL-3.0-or-later
// Large Ansible inventories: reading and resolving one of HOSTS hosts (a range in a group, a
// second group over part of it, a parent group with children, group variables), then --limit
// patterns over it: a wildcard with an exclusion and an intersection, and 1,000 stars. Then many
// targets at once under a small open-files limit: TARGETS docker:// targets probed at --jobs JOBS
// with `ulimit -n 1024` (soft and hard, as the shell's `ulimit -n` sets them), each through a
// stand-in `docker` that holds its pipes for half a second before it runs the probe.
//
//   shmwise-bench-inventory [HOSTS] [ROUNDS] [TARGETS] [JOBS]   (100000 5 300 256)
//
// Prints the median and worst wall time of each step, and for the targets how many were probed,
// how many failed, the most that ran at once and what the fleet said about the limit.
#include "probes/fleet.h"
#include "probes/inventory.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QTemporaryDir>
#include <QTextStream>

#include <algorithm>
#include <vector>

#include <sys/resource.h>

using namespace shmwise;

namespace {

struct Times
{
    std::vector<double> ms;
    double median()
    {
        std::sort(ms.begin(), ms.end());
        return ms.empty() ? 0 : ms[ms.size() / 2];
    }
    double worst() const { return ms.empty() ? 0 : *std::max_element(ms.begin(), ms.end()); }
};

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    const int hosts = args.size() > 1 ? std::clamp(args[1].toInt(), 1, 100000) : 100000;
    const int rounds = args.size() > 2 ? std::max(1, args[2].toInt()) : 5;
    QTextStream out(stdout);
    const QByteArray text = "[web]\nweb[0:" + QByteArray::number(hosts - 1) +
                            "] ansible_user=train\n"
                            "[db]\nweb[0:" +
                            QByteArray::number(std::max(0, hosts / 10 - 1)) +
                            "]\n"
                            "[cluster:children]\nweb\ndb\n"
                            "[cluster:vars]\nansible_port=2222\n";
    Times read, limit, stars;
    const QString starPattern = QString(1000, QLatin1Char('*')) + QStringLiteral("9");
    for (int r = 0; r < rounds; ++r) {
        QElapsedTimer t;
        t.start();
        const InventoryResult inv = parseInventory(text, QStringLiteral("bench.ini"));
        read.ms.push_back(double(t.nsecsElapsed()) / 1e6);
        if (!inv.ok() || inv.inventory.hosts.size() != hosts) {
            out << "bench_inventory: the inventory did not read: " << inv.error << '\n';
            return 1;
        }
        QVector<InventoryHost> selected;
        QString error;
        t.restart();
        if (!limitInventory(inv.inventory, QStringLiteral("web*5:!db:&cluster"), &selected,
                            &error)) {
            out << "bench_inventory: " << error << '\n';
            return 1;
        }
        limit.ms.push_back(double(t.nsecsElapsed()) / 1e6);
        t.restart();
        limitInventory(inv.inventory, starPattern, &selected, &error);
        stars.ms.push_back(double(t.nsecsElapsed()) / 1e6);
    }
    out << "hosts " << hosts << ", rounds " << rounds << '\n';
    out << "read and resolve: median " << read.median() << " ms, worst " << read.worst() << " ms\n";
    out << "--limit 'web*5:!db:&cluster': median " << limit.median() << " ms, worst "
        << limit.worst() << " ms\n";
    out << "--limit of 1000 stars: median " << stars.median() << " ms, worst " << stars.worst()
        << " ms\n";

    const int targets = args.size() > 3 ? std::clamp(args[3].toInt(), 1, 10000) : 300;
    const int jobs = args.size() > 4 ? std::clamp(args[4].toInt(), 1, 256) : 256;
    QTemporaryDir bin;
    QFile docker(bin.filePath(QStringLiteral("docker")));
    if (!bin.isValid() || !docker.open(QIODevice::WriteOnly))
        return 1;
    docker.write("#!/bin/sh\nsleep 0.5\nexec sh -s\n");
    docker.close();
    docker.setPermissions(QFileDevice::ReadOwner | QFileDevice::ExeOwner);
    qputenv("PATH", bin.path().toLocal8Bit() + ':' + qgetenv("PATH"));
    struct rlimit rl
    {
        1024, 1024
    };
    if (setrlimit(RLIMIT_NOFILE, &rl) != 0)
        out << "cannot set ulimit -n 1024\n";
    QVector<FleetHost> fleetHosts;
    for (int i = 0; i < targets; ++i)
        fleetHosts << FleetHost(QStringLiteral("c%1").arg(i),
                                QStringLiteral("docker://c%1").arg(i));
    ProbeOptions options;
    options.timeoutMs = 120000;
    FleetProber fleet;
    fleet.setHosts(fleetHosts);
    fleet.setOptions(options);
    fleet.setJobs(jobs);
    QElapsedTimer t;
    t.start();
    QEventLoop loop;
    QObject::connect(&fleet, &FleetProber::finished, &loop, &QEventLoop::quit);
    fleet.start();
    loop.exec();
    int ok = 0, failed = 0;
    for (const FleetHostResult &r : fleet.results())
        (r.result.ok() ? ok : failed) += 1;
    out << targets << " targets at --jobs " << jobs << " under ulimit -n 1024: " << ok
        << " probed, " << failed << " failed, " << t.elapsed() << " ms, at most "
        << fleet.peakConcurrency() << " at once\n";
    if (!fleet.localNote().isEmpty())
        out << "said once: " << fleet.localNote() << '\n';
    return failed == 0 ? 0 : 1;
}
