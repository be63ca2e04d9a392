// SPDX-License-Identifier: GPL-3.0-or-later
// `shmwise watch`: /dev/shm of a target sampled every interval, shown in place on a terminal (a
// line per sample when piped, a JSON object per sample with --json), alerted on at --warn and
// --crit, and written as a Prometheus text file for node_exporter's textfile collector.
#include "app/cliutil.h"
#include "app/cmd_probe_fleet.h"
#include "app/cmd_watch_cluster.h"
#include "app/commands.h"
#include "app/watchutil.h"
#include "probes/podlist.h"
#include "probes/prober.h"
#include "probes/shmwatch.h"

#include "core/exitcodes.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QEventLoop>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSaveFile>
#include <QTimer>

#include <atomic>
#include <cerrno>
#include <csignal>

#include <sys/ioctl.h>
#include <unistd.h>

namespace shmwise {

using namespace cli;
using namespace cli::watch;

// What a fleet watch was asked for.
struct FleetWatch
{
    QVector<FleetHost> hosts;
    ProbeOptions options;
    int jobs = 8;
    double interval = 2;
    double warn = 80;
    double crit = 95;
    std::optional<qint64> samples;
    bool json = false;
    QString textfileDir;
};

// Many hosts or pods: every interval each is probed (in parallel, at most `jobs` at once, one
// connection per target), then one line (or JSON object) per host; the text file holds every
// host's series. With --once or --samples the exit status is the worst host's: 2 when one could
// not be sampled.
int watchFleet(const FleetWatch &w)
{
    const QString cmd = QStringLiteral("watch");
    FleetProber prober;
    prober.setHosts(w.hosts);
    prober.setOptions(w.options);
    prober.setJobs(w.jobs);
    QVector<WatchTrend> trends(w.hosts.size());
    int nameWidth = 0;
    for (const FleetHost &h : w.hosts)
        nameWidth = std::max(nameWidth, int(std::min<qsizetype>(h.name.size(), 40)));
    QEventLoop loop;
    qint64 rounds = 0;
    int code = ExitOk;
    TextfileWriter textfile(w.textfileDir);
    QTimer next;
    next.setSingleShot(true);
    qint64 started = 0;
    QObject::connect(&next, &QTimer::timeout, &loop, [&] {
        started = QDateTime::currentMSecsSinceEpoch();
        prober.start();
    });
    QObject::connect(&prober, &FleetProber::finished, &loop, [&] {
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        code = ExitOk;
        QVector<QByteArray> texts;
        const QVector<FleetHostResult> &results = prober.results();
        for (int i = 0; i < results.size(); ++i) {
            const FleetHostResult &r = results.at(i);
            WatchSample s;
            if (r.result.ok()) {
                s = watchSampleFromFacts(r.result.facts, now);
            } else {
                s.msecs = now;
                s.error = r.host.refusal.isEmpty() ? r.result.error : r.host.refusal;
            }
            if (s.ok && s.used)
                trends[i].add(s.msecs, *s.used);
            const WatchLevel level = watchLevel(s, w.warn, w.crit);
            const int hostCode = sampleExitCode(s, level);
            // The worst host's: one that cannot be sampled above any level.
            code = worseExit(code, hostCode);
            if (w.json) {
                QJsonObject o = watchSampleToJson(r.host.targetText, s, trends[i], level);
                o.insert(QStringLiteral("host"), r.host.name);
                out() << QJsonDocument(o).toJson(QJsonDocument::Compact) << '\n';
            } else {
                out() << printable(r.host.name.leftJustified(nameWidth + 2) +
                                   watchLine(r.host.targetText, s, trends[i], level))
                      << '\n';
            }
            texts << watchPrometheusText(r.host.targetText, r.host.name, s);
        }
        if (!w.json)
            out() << '\n';
        out().flush();
        textfile.write(mergePrometheusTexts(texts));
        ++rounds;
        if (w.samples && rounds >= *w.samples) {
            loop.quit();
            return;
        }
        // The next round an interval after this one started, or at once when it took longer.
        const qint64 elapsed = QDateTime::currentMSecsSinceEpoch() - started;
        next.start(int(std::max<qint64>(0, qint64(w.interval * 1000) - elapsed)));
    });
    QTimer stopCheck;
    QObject::connect(&stopCheck, &QTimer::timeout, &loop, [&] {
        if (watch::stopRequested())
            loop.quit();
    });
    stopCheck.start(50);
    next.start(0);
    loop.exec();
    prober.cancel();
    if (!prober.localNote().isEmpty())
        printError(cmd, prober.localNote());
    if (watch::stopRequested()) {
        watch::clearStop();
        return ExitOk;
    }
    return code;
}

int runWatch(const QStringList &args)
{
    QCommandLineParser parser;
    const QCommandLineOption intervalOpt(
        QStringLiteral("interval"),
        Tr::tr("Sample every INTERVAL (2s by default; 500ms, 0.05; at least 50ms, and 1s for a "
               "remote target, whose every sample is a probe)."),
        Tr::tr("INTERVAL"), QStringLiteral("2s"));
    const QCommandLineOption warnOpt(QStringLiteral("warn"),
                                     Tr::tr("Warn at this fullness of /dev/shm, its quota or "
                                            "the memory limit it is charged to (default 80%)."),
                                     Tr::tr("PERCENT"), QStringLiteral("80%"));
    const QCommandLineOption critOpt(QStringLiteral("crit"),
                                     Tr::tr("Critical at this fullness (default 95%)."),
                                     Tr::tr("PERCENT"), QStringLiteral("95%"));
    const QCommandLineOption onceOpt(
        QStringLiteral("once"),
        Tr::tr("Sample once (with the owners) and exit: 0 below --warn, 3 at --warn, 4 at "
               "--crit, 2 when the target cannot be sampled."));
    const QCommandLineOption samplesOpt(
        QStringLiteral("samples"),
        Tr::tr("Stop after N samples; the exit status is the last one's, as with --once."),
        Tr::tr("N"));
    const QCommandLineOption jsonOpt(QStringLiteral("json"),
                                     Tr::tr("Print one JSON object per sample, a line each."));
    const QCommandLineOption textfileOpt(
        QStringLiteral("textfile"),
        Tr::tr("Write DIR/shmwise_shm.prom at each sample, atomically: the Prometheus text "
               "format for node_exporter's textfile collector "
               "(--collector.textfile.directory=DIR)."),
        Tr::tr("DIR"));
    const QCommandLineOption ownersOpt(
        QStringLiteral("owners-every"),
        Tr::tr("On this computer, scan the owners of /dev/shm every SECONDS (default 10); the "
               "size and use are read at every sample."),
        Tr::tr("SECONDS"), QStringLiteral("10"));
    const QCommandLineOption kubeletOpt(
        QStringLiteral("kubelet"),
        Tr::tr("With --target k8s://NAMESPACE/: read each node's kubelet Summary API (one "
               "kubectl call per node, no exec into any pod) and show every pod's memory "
               "emptyDir against its sizeLimit, the pod's memory limit and the size the kubelet "
               "gives it; --selector narrows the pods."));
    parser.addOptions({intervalOpt, warnOpt, critOpt, onceOpt, samplesOpt, jsonOpt, textfileOpt,
                       ownersOpt, kubeletOpt});
    const cli::TargetOptions targetOpts = cli::addTargetOptions(
        parser,
        Tr::tr("What to watch: local (default), ssh://[user@]host[:port], docker://container, "
               "k8s://[namespace/]pod[/container]; given more than once, or k8s://NAMESPACE/ "
               "with --selector, each of them."),
        QStringLiteral("local"));
    const cli::FleetOptions fleetOpts = cli::addFleetOptions(parser);
    const int parsed = cli::parseCommand(
        parser, args,
        QStringLiteral("watch [--target T]... [--selector LABELS] [--inventory FILE [--limit "
                       "PATTERN]] [--kubelet] [--interval 2s] [--warn 80%] [--crit 95%] [--once] "
                       "[--samples N] [--json] [--textfile DIR] [--ssh-config FILE] "
                       "[--timeout SECONDS]"),
        Tr::tr("Watches /dev/shm while a job or a service runs: size, use, free, the quota and "
               "the memory limit it is charged to, its largest owners and leaked bytes, and how "
               "fast it fills. Ctrl-C ends it."));
    if (parsed >= 0)
        return parsed;
    const QString cmd = QStringLiteral("watch");
    if (!parser.positionalArguments().isEmpty()) {
        printError(cmd, Tr::tr("unexpected argument '%1'; the target is given with --target T")
                            .arg(parser.positionalArguments().constFirst()));
        return ExitUsage;
    }
    const std::optional<double> interval = parseDuration(parser.value(intervalOpt), 0.05, 86400);
    if (!interval) {
        printError(cmd, Tr::tr("--interval wants a time from 50ms to 86400s (2s, 500ms), not '%1'")
                            .arg(parser.value(intervalOpt)));
        return ExitUsage;
    }
    const std::optional<double> warn = readPercent(parser.value(warnOpt));
    const std::optional<double> crit = readPercent(parser.value(critOpt));
    if (!warn || !crit) {
        printError(cmd, Tr::tr("--warn and --crit want a percentage from 1% to 100%, not '%1'")
                            .arg(!warn ? parser.value(warnOpt) : parser.value(critOpt)));
        return ExitUsage;
    }
    if (*warn > *crit) {
        printError(cmd, Tr::tr("--warn (%1%) is above --crit (%2%)").arg(*warn).arg(*crit));
        return ExitUsage;
    }
    std::optional<qint64> samples;
    if (parser.isSet(samplesOpt)) {
        bool ok = false;
        const qint64 n = parser.value(samplesOpt).toLongLong(&ok);
        if (!ok || n < 1 || n > 1000000000) {
            printError(cmd, Tr::tr("--samples wants a whole number from 1, not '%1'")
                                .arg(parser.value(samplesOpt)));
            return ExitUsage;
        }
        samples = n;
    }
    if (parser.isSet(onceOpt))
        samples = 1;
    const std::optional<double> ownersEvery = cli::parseSeconds(parser.value(ownersOpt), 1, 86400);
    if (!ownersEvery) {
        printError(cmd, Tr::tr("--owners-every wants seconds from 1 to 86400, not '%1'")
                            .arg(parser.value(ownersOpt)));
        return ExitUsage;
    }
    QString textfileDir;
    if (parser.isSet(textfileOpt)) {
        textfileDir = parser.value(textfileOpt);
        QString why;
        if (textfileDir.isEmpty() || !checkTextfileDir(textfileDir, &why)) {
            printError(cmd, textfileDir.isEmpty() ? Tr::tr("--textfile wants a folder") : why);
            return ExitUsage;
        }
    }
    if (parser.isSet(kubeletOpt)) {
        const QStringList targets = parser.values(targetOpts.target);
        const std::optional<QString> ns =
            targets.size() == 1 ? podFleetNamespace(targets.constFirst()) : std::nullopt;
        if (!ns || parser.isSet(fleetOpts.inventory)) {
            printError(cmd, Tr::tr("--kubelet wants one --target k8s://NAMESPACE/ (k8s:/// for "
                                   "kubectl's current namespace) and no --inventory"));
            return ExitUsage;
        }
        ClusterWatch w;
        QString ignored;
        if (!cli::readTargetOptions(parser, targetOpts, cmd, &ignored, &w.options, true) ||
            !cli::readJobs(parser, fleetOpts, cmd, &w.jobs))
            return ExitUsage;
        if (parser.isSet(fleetOpts.selector)) {
            w.selector = parser.value(fleetOpts.selector);
            const QString bad = checkLabelSelector(w.selector);
            if (!bad.isEmpty()) {
                printError(cmd, Tr::tr("--selector: %1").arg(bad));
                return ExitUsage;
            }
        }
        if (*interval < 1) {
            printError(cmd, Tr::tr("--interval with --kubelet is at least 1s: each sample asks "
                                   "every node's kubelet"));
            return ExitUsage;
        }
        w.ns = *ns;
        w.interval = *interval;
        w.thresholds = {*warn, *crit};
        w.samples = samples;
        w.json = parser.isSet(jsonOpt);
        w.textfileDir = textfileDir;
        const StopSignals stopSignals;
        return watchCluster(w);
    }
    if (cli::wantsFleet(parser, fleetOpts, targetOpts)) {
        FleetWatch w;
        if (!cli::readFleet(parser, fleetOpts, targetOpts, cmd, &w.hosts, &w.options, &w.jobs))
            return ExitUsage;
        if (*interval < 1) {
            printError(cmd, Tr::tr("--interval for several targets is at least 1s: each sample "
                                   "is a probe of every one"));
            return ExitUsage;
        }
        w.interval = *interval;
        w.warn = *warn;
        w.crit = *crit;
        w.samples = samples;
        w.json = parser.isSet(jsonOpt);
        w.textfileDir = textfileDir;
        const StopSignals stopSignals;
        return watchFleet(w);
    }
    QString targetText;
    ProbeOptions options;
    if (!cli::readTargetOptions(parser, targetOpts, cmd, &targetText, &options))
        return ExitUsage;
    const bool local = targetText == QLatin1String("local");
    if (!local && *interval < 1) {
        printError(cmd, Tr::tr("--interval for a remote target is at least 1s: each sample is a "
                               "probe over its connection"));
        return ExitUsage;
    }
    const bool json = parser.isSet(jsonOpt);
    const bool tty = !json && isatty(STDOUT_FILENO);
    QString host = targetText;
    if (local) {
        char name[256] = {};
        if (gethostname(name, sizeof name - 1) == 0)
            host = QString::fromLocal8Bit(name);
    }
    const QString shmDir = qEnvironmentVariable("SHMWISE_WATCH_DIR", QStringLiteral("/dev/shm"));

    const StopSignals stopSignals;

    WatchTrend trend;
    std::optional<WatchSample> lastFull;
    int drawnLines = 0;
    qint64 taken = 0;
    int code = ExitOk;
    QEventLoop loop;
    TextfileWriter textfile(textfileDir);

    auto show = [&](const WatchSample &s) {
        if (s.ok && s.used)
            trend.add(s.msecs, *s.used);
        const WatchLevel level = watchLevel(s, *warn, *crit);
        code = sampleExitCode(s, level);
        if (json) {
            out() << QJsonDocument(watchSampleToJson(targetText, s, trend, level))
                         .toJson(QJsonDocument::Compact)
                  << '\n';
        } else if (tty && !samples) {
            const int width = terminalWidth();
            const QStringList lines =
                watchScreen(targetText, s, trend, level, *warn, *crit, width - 1);
            QString frame;
            if (drawnLines > 0)
                frame += QStringLiteral("\x1b[%1A").arg(drawnLines);
            for (const QString &l : lines)
                frame += QLatin1String("\r\x1b[2K") + printable(l) + QLatin1Char('\n');
            // Lines the last frame had beyond this one's are cleared, not left behind.
            for (int i = int(lines.size()); i < drawnLines; ++i)
                frame += QLatin1String("\r\x1b[2K\n");
            if (drawnLines > lines.size())
                frame += QStringLiteral("\x1b[%1A").arg(drawnLines - int(lines.size()));
            drawnLines = int(lines.size());
            // The frame's escapes go to the terminal as they are (out() shows control
            // characters of text as \uXXXX).
            out().flush();
            const QByteArray bytes = frame.toUtf8();
            qsizetype done = 0;
            while (done < bytes.size()) {
                const ssize_t n =
                    ::write(STDOUT_FILENO, bytes.constData() + done, size_t(bytes.size() - done));
                if (n <= 0 && errno != EINTR)
                    break;
                if (n > 0)
                    done += n;
            }
        } else {
            out() << watchLine(targetText, s, trend, level) << '\n';
        }
        out().flush();
        textfile.write(watchPrometheusText(targetText, host, s));
        ++taken;
        if (samples && taken >= *samples)
            loop.quit();
    };

    Prober prober;
    prober.setOptions(options);
    prober.setTarget(targetText);
    QObject::connect(&prober, &Prober::finished, &loop, [&](const ProbeResult &r) {
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        if (r.ok()) {
            lastFull = watchSampleFromFacts(r.facts, now);
        } else if (!local) {
            WatchSample s;
            s.msecs = now;
            s.error = r.error;
            show(s);
            return;
        }
        if (!local)
            show(*lastFull);
    });
    QTimer stopCheck;
    QObject::connect(&stopCheck, &QTimer::timeout, &loop, [&] {
        if (watch::stopRequested())
            loop.quit();
    });
    stopCheck.start(50);

    QTimer sampler;
    QTimer ownersTimer;
    if (local) {
        // The owners first (a probe), so that --once has them; then the fast numbers.
        if (samples == qint64(1)) {
            const ProbeResult r = probeBlocking(targetText, options);
            if (!r.ok()) {
                printError(cmd, r.error);
                return ExitUsage;
            }
            WatchSample s = watchSampleFromFacts(r.facts, QDateTime::currentMSecsSinceEpoch());
            QString error;
            // The size and use of this moment, next to the owners of the probe.
            if (auto fast = watchSampleLocal(shmDir, s.msecs, &error)) {
                carryOwners(*fast, s);
                s = *fast;
            }
            show(s);
            return code;
        }
        const auto sampleNow = [&] {
            const qint64 now = QDateTime::currentMSecsSinceEpoch();
            QString error;
            std::optional<WatchSample> s = watchSampleLocal(shmDir, now, &error);
            if (!s) {
                WatchSample failed;
                failed.msecs = now;
                failed.error = error;
                show(failed);
                return;
            }
            if (lastFull)
                carryOwners(*s, *lastFull);
            show(*s);
        };
        QObject::connect(&sampler, &QTimer::timeout, &loop, sampleNow);
        QObject::connect(&ownersTimer, &QTimer::timeout, &prober, [&] {
            if (!prober.isBusy())
                prober.probe();
        });
        sampler.start(int(*interval * 1000));
        ownersTimer.start(int(*ownersEvery * 1000));
        prober.probe();
        QTimer::singleShot(0, &loop, [&] { sampleNow(); });
    } else {
        prober.setRefreshInterval(int(*interval * 1000));
        prober.probe();
    }
    loop.exec();
    if (watch::stopRequested()) {
        watch::clearStop();
        if (tty)
            out() << '\n';
        out().flush();
        return ExitOk;
    }
    return code;
}

} // namespace shmwise
