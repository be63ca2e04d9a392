// SPDX-License-Identifier: GPL-3.0-or-later
// Fleet probing: N real sshd instances on 127.0.0.1 (tests/sshdfixture.h) probed with
// --jobs N, against one of them alone; each probe opens its own connection. Prints both wall
// times, their ratio, and the resident memory before and after (memory stays flat when probers
// are released as hosts finish).
//
//   shmwise-bench-fleet [--hosts N] [--rounds R]
#include "fleet.h"
#include "sshdfixture.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTextStream>

#include <memory>
#include <vector>

using namespace shmwise;

namespace {

qint64 rssKiB()
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').value(0).toLongLong();
    return -1;
}

qint64 timeFleet(const QVector<FleetHost> &hosts, const ProbeOptions &o, int jobs, int *failed)
{
    QElapsedTimer t;
    t.start();
    const QVector<FleetHostResult> rs = probeFleetBlocking(hosts, o, jobs, {});
    const qint64 ms = t.elapsed();
    for (const FleetHostResult &r : rs)
        if (!r.result.ok()) {
            ++*failed;
            QTextStream(stderr) << r.host.name << ": " << r.result.error << '\n';
        }
    return ms;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    const QCommandLineOption hostsOpt(QStringLiteral("hosts"), QStringLiteral("sshd instances"),
                                      QStringLiteral("N"), QStringLiteral("32"));
    const QCommandLineOption roundsOpt(QStringLiteral("rounds"), QStringLiteral("repetitions"),
                                       QStringLiteral("R"), QStringLiteral("3"));
    parser.addOptions({hostsOpt, roundsOpt});
    parser.addHelpOption();
    parser.process(app);
    const int n = std::max(1, parser.value(hostsOpt).toInt());
    const int rounds = std::max(1, parser.value(roundsOpt).toInt());
    QTextStream out(stdout);

    std::vector<std::unique_ptr<SshdFixture>> sshd;
    QString known;
    QByteArray key;
    for (int i = 0; i < n; ++i) {
        sshd.push_back(std::make_unique<SshdFixture>());
        if (!sshd.back()->start()) {
            QTextStream(stderr) << "cannot start sshd: " << sshd.back()->why() << '\n';
            return 77;
        }
        // One user key for all: offering 32 keys would exceed sshd's MaxAuthTries.
        QFile pub(sshd.front()->path(QStringLiteral("user_key.pub")));
        if (key.isEmpty() && pub.open(QIODevice::ReadOnly))
            key = pub.readAll();
        QFile auth(sshd.back()->path(QStringLiteral("authorized_keys")));
        if (auth.open(QIODevice::Append))
            auth.write(key);
        known += QLatin1Char(' ') + sshd.back()->path(QStringLiteral("known_hosts"));
    }
    const QString ids =
        QStringLiteral("  IdentityFile %1\n").arg(sshd.front()->path(QStringLiteral("user_key")));
    QTemporaryDir tmp;
    QFile cfg(tmp.filePath(QStringLiteral("ssh_config")));
    if (!cfg.open(QIODevice::WriteOnly))
        return 1;
    cfg.write(QStringLiteral("Host *\n%1  IdentitiesOnly yes\n  UserKnownHostsFile%2\n"
                             "  GlobalKnownHostsFile /dev/null\n  StrictHostKeyChecking yes\n"
                             "  LogLevel ERROR\n")
                  .arg(ids, known)
                  .toUtf8());
    cfg.close();
    QVector<FleetHost> all;
    for (int i = 0; i < n; ++i)
        all << FleetHost{QStringLiteral("node%1").arg(i), sshd[size_t(i)]->target()};

    int failed = 0;
    const qint64 rssStart = rssKiB();
    QVector<qint64> one, many;
    for (int r = 0; r < rounds; ++r) {
        ProbeOptions o;
        o.sshConfig = cfg.fileName();
        o.timeoutMs = 60000;
        // A fresh control directory each round: every probe opens a new connection.
        o.controlDir = tmp.filePath(QStringLiteral("c%1").arg(r));
        one << timeFleet({all.first()}, o, 1, &failed);
        o.controlDir = tmp.filePath(QStringLiteral("m%1").arg(r));
        many << timeFleet(all, o, n, &failed);
    }
    const qint64 rssEnd = rssKiB();
    std::sort(one.begin(), one.end());
    std::sort(many.begin(), many.end());
    const qint64 m1 = one[one.size() / 2], mn = many[many.size() / 2];
    out << "one host: median " << m1 << " ms\n"
        << n << " hosts, --jobs " << n << ": median " << mn << " ms ("
        << QString::number(double(mn) / double(std::max<qint64>(1, m1)), 'f', 2) << "x one)\n"
        << "resident memory: " << rssStart << " KiB before, " << rssEnd << " KiB after " << rounds
        << " rounds\n"
        << "failed probes: " << failed << '\n';
    return failed == 0 ? 0 : 1;
}
