// SPDX-License-Identifier: GPL-3.0-or-later
// Probe speed: the local probe's median over N runs, and over SSH the first probe (which opens
// the shared connection) against repeated ones (which reuse it).
//
//   shmwise-bench-probe [--runs N] [--ssh TARGET [--ssh-config FILE]]
//
// Without --ssh, the SSH figures come from a private sshd on 127.0.0.1 started for the run
// (needs openssh-server), the same one tst_ssh uses.
#include "probes/prober.h"
#include "sshdfixture.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTemporaryDir>
#include <QTextStream>

#include <algorithm>

using namespace shmwise;

namespace {

struct Stats
{
    qint64 min = 0, median = 0, max = 0;
    int failures = 0;
};

Stats measure(const QString &target, const ProbeOptions &o, int runs)
{
    QVector<qint64> ms;
    Stats s;
    for (int i = 0; i < runs; ++i) {
        QElapsedTimer t;
        t.start();
        const ProbeResult r = probeBlocking(target, o);
        const qint64 e = t.nsecsElapsed() / 1000; // microseconds
        if (!r.ok()) {
            ++s.failures;
            QTextStream(stderr) << "probe failed: " << r.error << '\n';
            continue;
        }
        ms << e;
    }
    if (ms.isEmpty())
        return s;
    std::sort(ms.begin(), ms.end());
    s.min = ms.first();
    s.median = ms.at(ms.size() / 2);
    s.max = ms.last();
    return s;
}

QString row(const QString &what, int runs, const Stats &s)
{
    auto f = [](qint64 us) {
        return QString::number(us / 1000.0, 'f', 1).rightJustified(9);
    };
    return QStringLiteral("%1 %2 %3 %4 %5 %6\n")
        .arg(what.leftJustified(34), QString::number(runs).rightJustified(5), f(s.min), f(s.median),
             f(s.max), QString::number(s.failures).rightJustified(6));
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addHelpOption();
    const QCommandLineOption runsOpt(QStringLiteral("runs"), QStringLiteral("Runs per figure."),
                                     QStringLiteral("N"), QStringLiteral("30"));
    const QCommandLineOption sshOpt(QStringLiteral("ssh"), QStringLiteral("An ssh:// target."),
                                    QStringLiteral("TARGET"));
    const QCommandLineOption cfgOpt(QStringLiteral("ssh-config"),
                                    QStringLiteral("ssh -F FILE for --ssh."),
                                    QStringLiteral("FILE"));
    parser.addOptions({runsOpt, sshOpt, cfgOpt});
    parser.process(app);
    const int runs = std::max(1, parser.value(runsOpt).toInt());
    QTextStream out(stdout);
    out << QStringLiteral("%1 %2 %3 %4 %5 %6\n")
               .arg(QStringLiteral("probe (times in ms)").leftJustified(34),
                    QStringLiteral("runs").rightJustified(5),
                    QStringLiteral("min").rightJustified(9),
                    QStringLiteral("median").rightJustified(9),
                    QStringLiteral("max").rightJustified(9),
                    QStringLiteral("failed").rightJustified(6));
    ProbeOptions local;
    measure(QStringLiteral("local"), local, 2); // warm the page cache
    out << row(QStringLiteral("local (sh -s, QProcess, parse)"), runs,
               measure(QStringLiteral("local"), local, runs));
    out.flush();

    SshdFixture sshd;
    QString target = parser.value(sshOpt);
    ProbeOptions ssh;
    ssh.sshConfig = parser.value(cfgOpt);
    if (target.isEmpty()) {
        if (!sshd.start()) {
            out << "ssh: skipped (" << sshd.why() << ")\n";
            return 0;
        }
        target = sshd.target();
        ssh.sshConfig = sshd.config();
    }
    QString why;
    const std::optional<Target> parsed = parseTarget(target, &why);
    if (!parsed || parsed->kind != Target::Kind::Ssh) {
        QTextStream(stderr) << "--ssh: "
                            << (why.isEmpty() ? QStringLiteral("not an ssh:// target") : why)
                            << '\n';
        return 2;
    }
    const Target t = *parsed;
    // Each round uses a fresh control directory, so its first probe opens a new connection.
    QVector<qint64> firsts;
    Stats repeated;
    const int rounds = std::max(3, runs / 10);
    QVector<qint64> reps;
    int failures = 0;
    for (int round = 0; round < rounds; ++round) {
        QTemporaryDir ctl;
        ssh.controlDir = ctl.filePath(QStringLiteral("c"));
        const Stats first = measure(target, ssh, 1);
        failures += first.failures;
        if (!first.failures)
            firsts << first.median;
        const Stats rest = measure(target, ssh, std::max(1, runs / rounds));
        failures += rest.failures;
        reps << rest.median;
        // End the master so the next round starts cold.
        QStringList exitArgs{QStringLiteral("-o"),
                             QStringLiteral("ControlPath=") + ssh.controlDir +
                                 QStringLiteral("/%C"),
                             QStringLiteral("-O"), QStringLiteral("exit")};
        if (!ssh.sshConfig.isEmpty())
            exitArgs << QStringLiteral("-F") << ssh.sshConfig;
        if (t.port > 0)
            exitArgs << QStringLiteral("-p") << QString::number(t.port);
        if (!t.user.isEmpty())
            exitArgs << QStringLiteral("-l") << t.user;
        QProcess quit;
        quit.start(QStringLiteral("ssh"), exitArgs << QStringLiteral("--") << t.host);
        quit.waitForFinished(10000);
    }
    auto stats = [](QVector<qint64> v) {
        Stats s;
        if (v.isEmpty())
            return s;
        std::sort(v.begin(), v.end());
        s.min = v.first();
        s.median = v.at(v.size() / 2);
        s.max = v.last();
        return s;
    };
    Stats f = stats(firsts);
    f.failures = failures;
    repeated = stats(reps);
    out << row(QStringLiteral("ssh first (new connection)"), rounds, f);
    out << row(QStringLiteral("ssh repeated (ControlMaster)"), rounds, repeated);
    if (repeated.median > 0)
        out << QStringLiteral("ssh repeated/first: %1x faster\n")
                   .arg(double(f.median) / double(repeated.median), 0, 'f', 1);
    return 0;
}
