// SPDX-License-Identifier: GPL-3.0-or-later
// `shmwise watch`, the real binary: bad input refused with nothing written; a sample that
// agrees with df in a private /dev/shm of its own (root, unshare) and its warn and critical exit
// codes; the Prometheus text file judged by promtool and scraped by a real node_exporter on
// 127.0.0.1; a fast watch whose memory and descriptors stay flat; the redraw in a resized tmux
// pane.
#include "testutil.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

#include <algorithm>
#include <csignal>
#include <limits>
#include <unistd.h>

using namespace testutil;

namespace {

RunResult watch(const QStringList &args, int timeoutMs = 60000)
{
    return run(shmwiseBinary(), QStringList{QStringLiteral("watch")} + args, {}, timeoutMs);
}

// Runs `script` (sh) in a private /dev/shm of `bytes`, with SHMWISE set to the binary.
RunResult inShm(quint64 bytes, const QString &script)
{
    return runWithShm(bytes, QStringLiteral("sh"),
                      {QStringLiteral("-c"), script, QStringLiteral("sh"), shmwiseBinary()});
}

qint64 statusField(qint64 pid, const char *field)
{
    QFile f(QStringLiteral("/proc/%1/status").arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith(field))
            return line.mid(qstrlen(field)).trimmed().split(' ').first().toLongLong();
    return -1;
}

int freePort()
{
    const RunResult r = run(QStringLiteral("python3"),
                            {QStringLiteral("-c"),
                             QStringLiteral("import socket;s=socket.socket();"
                                            "s.bind(('127.0.0.1',0));print(s.getsockname()[1])")});
    return r.out.trimmed().toInt();
}

} // namespace

class TestWatch : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void badInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("said");
        QTest::newRow("interval 0")
            << QStringList{QStringLiteral("--interval"), QStringLiteral("0")}
            << QStringLiteral("--interval");
        QTest::newRow("interval abc")
            << QStringList{QStringLiteral("--interval"), QStringLiteral("abc")}
            << QStringLiteral("--interval");
        QTest::newRow("warn 150%") << QStringList{QStringLiteral("--warn"), QStringLiteral("150%")}
                                   << QStringLiteral("--warn");
        QTest::newRow("crit nan") << QStringList{QStringLiteral("--crit"), QStringLiteral("nan")}
                                  << QStringLiteral("--crit");
        QTest::newRow("warn above crit")
            << QStringList{QStringLiteral("--warn"), QStringLiteral("90"), QStringLiteral("--crit"),
                           QStringLiteral("80")}
            << QStringLiteral("above --crit");
        QTest::newRow("samples 0") << QStringList{QStringLiteral("--samples"), QStringLiteral("0")}
                                   << QStringLiteral("--samples");
        QTest::newRow("textfile missing")
            << QStringList{QStringLiteral("--textfile"), QStringLiteral("/nonexistent/dir")}
            << QStringLiteral("does not exist");
        QTest::newRow("remote too fast")
            << QStringList{QStringLiteral("--target"), QStringLiteral("ssh://host"),
                           QStringLiteral("--interval"), QStringLiteral("100ms")}
            << QStringLiteral("at least 1s");
        QTest::newRow("stray argument")
            << QStringList{QStringLiteral("now")} << QStringLiteral("unexpected argument");
    }
    void badInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, said);
        const RunResult r = watch(args + QStringList{QStringLiteral("--once")}, 20000);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(said), r.err.constData());
        QVERIFY(r.out.isEmpty());
    }

    // A textfile folder that is a link to another place, a file, or read-only: refused, and
    // nothing is written anywhere.
    void textfileFolderRefused()
    {
        QTemporaryDir dir;
        const QString real = dir.filePath(QStringLiteral("real"));
        QVERIFY(QDir().mkpath(real));
        const QString link = dir.filePath(QStringLiteral("link"));
        QVERIFY(QFile::link(real, link));
        RunResult r = watch({QStringLiteral("--once"), QStringLiteral("--textfile"), link});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("symbolic link"), r.err.constData());
        const QString file = dir.filePath(QStringLiteral("file"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        r = watch({QStringLiteral("--once"), QStringLiteral("--textfile"), file});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("not a folder"), r.err.constData());
        if (getuid() != 0) {
            QFile::setPermissions(real, QFile::ReadOwner | QFile::ExeOwner);
            r = watch({QStringLiteral("--once"), QStringLiteral("--textfile"), real});
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains("not writable"), r.err.constData());
            QFile::setPermissions(real, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        }
        QVERIFY(QDir(real).isEmpty());
    }

    // Every number agrees with df at the same moment, and the levels give their exit codes:
    // 10, 55 and 62 MiB written into 64 MiB.
    void agreesWithDfAndLevels_data()
    {
        QTest::addColumn<int>("mib");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("level");
        QTest::newRow("10 MiB: ok") << 10 << 0 << QStringLiteral("ok");
        QTest::newRow("55 MiB: warn") << 55 << 3 << QStringLiteral("warn");
        QTest::newRow("62 MiB: critical") << 62 << 4 << QStringLiteral("crit");
    }
    void agreesWithDfAndLevels()
    {
        QFETCH(int, mib);
        QFETCH(int, code);
        QFETCH(QString, level);
        QString why;
        if (!canUseMountNamespace(&why))
            QSKIP(qPrintable(why));
        const RunResult r =
            inShm(64ull << 20,
                  QStringLiteral("head -c %1 /dev/zero > /dev/shm/data && "
                                 "\"$1\" watch --once --json; echo \"rc=$?\"; df -B1 -P /dev/shm")
                      .arg(qint64(mib) << 20));
        const QList<QByteArray> lines = r.out.split('\n');
        QVERIFY2(lines.size() >= 4, r.out.constData());
        const QJsonObject o = QJsonDocument::fromJson(lines.at(0)).object();
        QVERIFY2(!o.isEmpty(), r.out.constData());
        QCOMPARE(lines.at(1), QByteArray("rc=") + QByteArray::number(code));
        QCOMPARE(o.value(QLatin1String("level")).toString(), level);
        // df -B1 -P: Filesystem, 1-blocks, Used, Available, Capacity, Mounted on.
        const QList<QByteArray> df = lines.at(3).simplified().split(' ');
        QVERIFY2(df.size() >= 6, lines.at(3).constData());
        QCOMPARE(o.value(QLatin1String("size_bytes")).toInteger(), df.at(1).toLongLong());
        QCOMPARE(o.value(QLatin1String("used_bytes")).toInteger(), df.at(2).toLongLong());
        QCOMPARE(o.value(QLatin1String("free_bytes")).toInteger(), df.at(3).toLongLong());
        // The owners: the one file, leaked (no process holds it).
        QCOMPARE(o.value(QLatin1String("files")).toInt(), 1);
        QCOMPARE(o.value(QLatin1String("leaked_bytes")).toInteger(), qint64(mib) << 20);
    }

    // The text file: valid for promtool, and served by a real node_exporter's textfile
    // collector with its labels.
    void textfileScrapedByNodeExporter()
    {
        QTemporaryDir dir;
        const RunResult r =
            watch({QStringLiteral("--once"), QStringLiteral("--textfile"), dir.path()});
        QCOMPARE(r.exitCode, 0);
        const QString prom = dir.filePath(QStringLiteral("shmwise_shm.prom"));
        QFile f(prom);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        QVERIFY2(text.contains("shmwise_shm_size_bytes{mount=\"/dev/shm\""), text.constData());
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 1); // no temporary left
        const QString promtool = QStandardPaths::findExecutable(QStringLiteral("promtool"));
        if (promtool.isEmpty())
            QSKIP("promtool is not installed (Debian: prometheus)");
        RunResult check =
            run(QStringLiteral("sh"),
                {QStringLiteral("-c"), QStringLiteral("\"$1\" check metrics < \"$2\""),
                 QStringLiteral("sh"), promtool, prom});
        QVERIFY2(check.exitCode == 0, (check.out + check.err).constData());
        QString exporter =
            QStandardPaths::findExecutable(QStringLiteral("prometheus-node-exporter"));
        if (exporter.isEmpty())
            QSKIP("prometheus-node-exporter is not installed");
        const int port = freePort();
        QVERIFY(port > 0);
        QProcess ne;
        ne.start(exporter, {QStringLiteral("--web.listen-address=127.0.0.1:%1").arg(port),
                            QStringLiteral("--collector.disable-defaults"),
                            QStringLiteral("--collector.textfile"),
                            QStringLiteral("--collector.textfile.directory=") + dir.path()});
        QVERIFY(ne.waitForStarted(10000));
        QByteArray metrics;
        for (int i = 0; i < 100 && !metrics.contains("shmwise_shm_size_bytes"); ++i) {
            QThread::msleep(100);
            const RunResult get =
                run(QStringLiteral("python3"),
                    {QStringLiteral("-c"),
                     QStringLiteral("import urllib.request,sys;"
                                    "sys.stdout.write(urllib.request.urlopen('http://127.0.0.1:%1/"
                                    "metrics',timeout=2).read().decode())")
                         .arg(port)});
            metrics = get.out;
        }
        ne.terminate();
        ne.waitForFinished(5000);
        QVERIFY2(metrics.contains("shmwise_shm_size_bytes{host="), metrics.right(3000).constData());
        QVERIFY(metrics.contains("mount=\"/dev/shm\""));
        // The collector read the file without an error.
        QVERIFY2(metrics.contains("\nnode_textfile_scrape_error 0"),
                 metrics.right(3000).constData());
    }

    // A fleet: an inventory of two hosts and one that does not answer. One line (or JSON
    // object) per host per round, the worst host's exit status, and one text file holding every
    // host's series with each metric family in one place.
    void fleetRowsAndOneTextfile()
    {
        QTemporaryDir dir;
        const QString inventory = dir.filePath(QStringLiteral("hosts.ini"));
        QFile inv(inventory);
        QVERIFY(inv.open(QIODevice::WriteOnly));
        inv.write("here ansible_connection=local\nthere ansible_connection=local\n[far]\n"
                  "nowhere ansible_host=127.0.0.1 ansible_port=1\n");
        inv.close();
        const QString textfiles = dir.filePath(QStringLiteral("textfile"));
        QVERIFY(QDir().mkpath(textfiles));
        RunResult r = watch({QStringLiteral("--inventory"), inventory, QStringLiteral("--once"),
                             QStringLiteral("--textfile"), textfiles});
        QCOMPARE(r.exitCode, 2); // nowhere could not be sampled
        const QList<QByteArray> lines = r.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 3);
        QVERIFY2(lines[0].startsWith("here ") && lines[0].contains("local:"), r.out.constData());
        QVERIFY2(lines[1].startsWith("there ") && lines[1].contains("used"), r.out.constData());
        QVERIFY2(lines[2].startsWith("nowhere ") && lines[2].contains("127.0.0.1"),
                 r.out.constData());
        QFile f(QDir(textfiles).filePath(QStringLiteral("shmwise_shm.prom")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        QCOMPARE(text.count("# TYPE shmwise_shm_size_bytes "), 1);
        QVERIFY(text.contains("shmwise_shm_size_bytes{mount=\"/dev/shm\",host=\"here\""));
        QVERIFY(text.contains("shmwise_shm_size_bytes{mount=\"/dev/shm\",host=\"there\""));
        QVERIFY(text.contains("shmwise_shm_up{mount=\"/dev/shm\",host=\"nowhere\","
                              "target=\"ssh://127.0.0.1:1\"} 0"));
        // The family's lines are together: no sample of it after another family began.
        const int firstSize = int(text.indexOf("shmwise_shm_size_bytes{"));
        const int lastSize = int(text.lastIndexOf("shmwise_shm_size_bytes{"));
        QVERIFY(text.mid(firstSize, lastSize - firstSize).count("# TYPE") == 0);
        const QString promtool = QStandardPaths::findExecutable(QStringLiteral("promtool"));
        if (!promtool.isEmpty()) {
            const RunResult check =
                run(QStringLiteral("sh"),
                    {QStringLiteral("-c"), QStringLiteral("\"$1\" check metrics < \"$2\""),
                     QStringLiteral("sh"), promtool, f.fileName()});
            QVERIFY2(check.exitCode == 0, (check.out + check.err).constData());
        }
        // Two rounds as JSON, the hosts that answer only: each object names its host.
        r = watch({QStringLiteral("--inventory"), inventory, QStringLiteral("--limit"),
                   QStringLiteral("ungrouped"), QStringLiteral("--samples"), QStringLiteral("2"),
                   QStringLiteral("--interval"), QStringLiteral("1s"), QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        const QList<QByteArray> objects = r.out.trimmed().split('\n');
        QCOMPARE(objects.size(), 4);
        QStringList hosts;
        for (const QByteArray &o : objects)
            hosts << QJsonDocument::fromJson(o).object().value(QLatin1String("host")).toString();
        QCOMPARE(hosts, (QStringList{QStringLiteral("here"), QStringLiteral("there"),
                                     QStringLiteral("here"), QStringLiteral("there")}));
        // An interval below a second is refused for several targets.
        r = watch({QStringLiteral("--inventory"), inventory, QStringLiteral("--interval"),
                   QStringLiteral("500ms"), QStringLiteral("--once")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("at least 1s"), r.err.constData());
    }

    // 50 ms samples for fifteen seconds: one line each when piped, and the process's memory and
    // descriptors stay flat.
    void fastWatchStaysFlat()
    {
        QProcess p;
        p.start(shmwiseBinary(),
                {QStringLiteral("watch"), QStringLiteral("--interval"), QStringLiteral("50ms"),
                 QStringLiteral("--samples"), QStringLiteral("300"),
                 QStringLiteral("--owners-every"), QStringLiteral("2")});
        QVERIFY(p.waitForStarted(10000));
        // The fewest descriptors over a second: an owners probe running at one moment holds
        // its pipes (three more) for a while, which is no leak.
        auto fewestFds = [&] {
            int fewest = std::numeric_limits<int>::max();
            for (int i = 0; i < 6; ++i) {
                fewest = std::min(
                    fewest, int(QDir(QStringLiteral("/proc/%1/fd").arg(p.processId())).count()));
                QThread::msleep(200);
            }
            return fewest;
        };
        QThread::msleep(3000);
        const qint64 rss0 = statusField(p.processId(), "VmRSS:");
        const int fds0 = fewestFds();
        QThread::msleep(4800);
        const qint64 rss1 = statusField(p.processId(), "VmRSS:");
        const int fds1 = fewestFds();
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        const QList<QByteArray> lines = p.readAllStandardOutput().trimmed().split('\n');
        QCOMPARE(lines.size(), 300);
        QVERIFY(rss0 > 0 && rss1 > 0);
        qInfo("RSS %lld -> %lld KiB, descriptors %d -> %d", rss0, rss1, fds0, fds1);
        QVERIFY2(rss1 - rss0 < 2048, qPrintable(QStringLiteral("%1 -> %2").arg(rss0).arg(rss1)));
        QVERIFY2(fds1 <= fds0 + 1, qPrintable(QStringLiteral("%1 -> %2").arg(fds0).arg(fds1)));
    }

    // Ctrl-C ends a watch at once, with status 0.
    void interruptEndsIt()
    {
        QProcess p;
        p.start(shmwiseBinary(),
                {QStringLiteral("watch"), QStringLiteral("--interval"), QStringLiteral("10s")});
        QVERIFY(p.waitForStarted(10000));
        QTRY_VERIFY_WITH_TIMEOUT(p.bytesAvailable() > 0 || p.waitForReadyRead(100), 10000);
        QElapsedTimer t;
        t.start();
        ::kill(pid_t(p.processId()), SIGINT);
        QVERIFY(p.waitForFinished(5000));
        QVERIFY(t.elapsed() < 2000);
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 0);
    }

    // On a terminal the screen is redrawn in place: one header however many samples, and no
    // line wider than the pane after it shrinks.
    void redrawInTmux()
    {
        const QString tmux = QStandardPaths::findExecutable(QStringLiteral("tmux"));
        if (tmux.isEmpty())
            QSKIP("tmux is not installed");
        QTemporaryDir dir;
        const QString socket = dir.filePath(QStringLiteral("tmux.sock"));
        auto t = [&](const QStringList &a) {
            return run(tmux, QStringList{QStringLiteral("-S"), socket} + a);
        };
        QCOMPARE(t({QStringLiteral("new-session"), QStringLiteral("-d"), QStringLiteral("-x"),
                    QStringLiteral("100"), QStringLiteral("-y"), QStringLiteral("30"),
                    shmwiseBinary() + QStringLiteral(" watch --interval 100ms")})
                     .exitCode,
                 0);
        QThread::msleep(2500);
        QByteArray screen = t({QStringLiteral("capture-pane"), QStringLiteral("-p")}).out;
        QCOMPARE(screen.count("/dev/shm on local at"), 1);
        QVERIFY2(screen.contains("size "), screen.constData());
        t({QStringLiteral("resize-window"), QStringLiteral("-x"), QStringLiteral("50")});
        QThread::msleep(1500);
        screen = t({QStringLiteral("capture-pane"), QStringLiteral("-p")}).out;
        t({QStringLiteral("kill-server")});
        QCOMPARE(screen.count("/dev/shm on local at"), 1);
        for (const QByteArray &line : screen.split('\n'))
            QVERIFY2(QString::fromUtf8(line).size() <= 50, line.constData());
    }
};

QTEST_GUILESS_MAIN(TestWatch)
#include "tst_watch.moc"
