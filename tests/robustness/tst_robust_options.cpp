// SPDX-License-Identifier: GPL-3.0-or-later
// Options that remove a limit (NaN, infinities, huge values) and start-up on a display that is
// not there.
#include "robustutil.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTest>

#include <sys/stat.h>

using robust::shmwise;

class TestRobustOptions : public QObject
{
    Q_OBJECT
    QTemporaryDir m_tmp;

private Q_SLOTS:
    // `--timeout nan` removed the timeout; `--watch nan` hung.
    void numbersRefused_data()
    {
        QTest::addColumn<QStringList>("args");
        const QString profile = m_tmp.filePath(QStringLiteral("p.yaml"));
        robust::writeFile(profile, robust::kProfile);
        for (const char *v : {"nan", "NaN", "-nan", "inf", "-inf", "infinity", "1e309", "0", "-1",
                              "1e-9", "5000", "3s", ""}) {
            const QString value = QLatin1String(v);
            QTest::newRow(qPrintable(QStringLiteral("probe --timeout ") + value))
                << QStringList{QStringLiteral("probe"), QStringLiteral("--timeout"), value};
            QTest::newRow(qPrintable(QStringLiteral("plan --timeout ") + value))
                << QStringList{QStringLiteral("plan"),
                               QStringLiteral("--profile"),
                               profile,
                               QStringLiteral("--target"),
                               QStringLiteral("local"),
                               QStringLiteral("--timeout"),
                               value};
        }
        for (const char *v : {"nan", "inf", "-inf", "1e309", "0", "100000", "x"}) {
            const QString value = QLatin1String(v);
            QTest::newRow(qPrintable(QStringLiteral("probe --watch ") + value))
                << QStringList{QStringLiteral("probe"), QStringLiteral("--watch"), value};
        }
    }
    void numbersRefused()
    {
        QFETCH(QStringList, args);
        QElapsedTimer t;
        t.start();
        const testutil::RunResult r =
            shmwise(args, QProcessEnvironment::systemEnvironment(), 20000);
        QVERIFY2(!r.timedOut, "the command hung");
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("wants seconds between"), r.err.constData());
        QVERIFY(r.out.isEmpty());
    }
    void goodNumbersAccepted()
    {
        const testutil::RunResult r = shmwise({QStringLiteral("probe"), QStringLiteral("--timeout"),
                                               QStringLiteral("30.5"), QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
    }

    // DISPLAY=:999 aborted in QGuiApplication with SIGABRT.
    void unreachableDisplay_data()
    {
        QTest::addColumn<QStringList>("set");
        QTest::newRow("no X server") << QStringList{QStringLiteral("DISPLAY=:999")};
        QTest::newRow("bad display name") << QStringList{QStringLiteral("DISPLAY=nonsense")};
        QTest::newRow("no TCP X server") << QStringList{QStringLiteral("DISPLAY=127.0.0.1:999")};
        QTest::newRow("no compositor")
            << QStringList{QStringLiteral("WAYLAND_DISPLAY=shmwise-none-999"),
                           QStringLiteral("XDG_RUNTIME_DIR=") + m_tmp.path()};
        QTest::newRow("xcb chosen")
            << QStringList{QStringLiteral("QT_QPA_PLATFORM=xcb"), QStringLiteral("DISPLAY=:999")};
        QTest::newRow("wayland chosen")
            << QStringList{QStringLiteral("QT_QPA_PLATFORM=wayland"),
                           QStringLiteral("WAYLAND_DISPLAY=shmwise-none-999"),
                           QStringLiteral("XDG_RUNTIME_DIR=") + m_tmp.path()};
        QTest::newRow("unknown platform") << QStringList{QStringLiteral("QT_QPA_PLATFORM=nosuch")};
        QTest::newRow("none") << QStringList{};
    }
    void unreachableDisplay()
    {
        QFETCH(QStringList, set);
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const char *v : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
            env.remove(QLatin1String(v));
        for (const QString &kv : set)
            env.insert(kv.section(QLatin1Char('='), 0, 0), kv.section(QLatin1Char('='), 1));
        const testutil::RunResult r = shmwise({}, env, 30000);
        QVERIFY(!r.timedOut);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("no display to show the wizard on"), r.err.constData());
        QVERIFY2(r.err.contains("shmwise --help"), r.err.constData());
        const testutil::RunResult gui = shmwise({QStringLiteral("gui")}, env, 30000);
        QCOMPARE(gui.exitCode, 2);
    }

    // What the window reads at start-up is bounded: a settings file that is a FIFO hung it, one
    // of 100 MB took 14 s and 680 MB, and a ~/.ssh/config whose Include brings 9 MiB of Host
    // lines gave no window in 120 s. Each now starts at once (the settings file is ignored, and
    // said so).
    void hostileStartupFiles_data()
    {
        QTest::addColumn<QString>("what");
        QTest::newRow("settings FIFO") << QStringLiteral("fifo");
        QTest::newRow("settings 100 MB") << QStringLiteral("huge");
        QTest::newRow("ssh config includes 9 MiB") << QStringLiteral("ssh");
    }
    void hostileStartupFiles()
    {
        QFETCH(QString, what);
        const QString root = m_tmp.filePath(QStringLiteral("start-") + what);
        const QString home = root + QStringLiteral("/home");
        const QString config = root + QStringLiteral("/config");
        QVERIFY(QDir().mkpath(home + QStringLiteral("/.ssh/conf.d")));
        QVERIFY(QDir().mkpath(config + QStringLiteral("/ShmWise")));
        const QString settings = config + QStringLiteral("/ShmWise/shmwise.conf");
        if (what == QLatin1String("fifo")) {
            QVERIFY(::mkfifo(QFile::encodeName(settings).constData(), 0600) == 0);
        } else if (what == QLatin1String("huge")) {
            QFile f(settings);
            QVERIFY(f.open(QIODevice::WriteOnly));
            QByteArray line("[General]\n");
            f.write(line);
            const QByteArray filler = QByteArray(1 << 20, 'x');
            for (int i = 0; i < 100; ++i)
                f.write("k" + QByteArray::number(i) + "=" + filler + "\n");
        } else {
            QVERIFY(robust::writeFile(home + QStringLiteral("/.ssh/config"),
                                      "Include conf.d/*.conf\n"));
            for (int file = 0; file < 9; ++file) {
                QByteArray text;
                for (int i = 0; text.size() < (1 << 20); ++i)
                    text += "Host h" + QByteArray::number(file) + "-" + QByteArray::number(i) +
                            "\n  HostName 10.0.0.1\n";
                QVERIFY(robust::writeFile(home + QStringLiteral("/.ssh/conf.d/%1.conf").arg(file),
                                          text));
            }
        }
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("HOME"), home);
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), config);
        env.insert(QStringLiteral("SHMWISE_BENCH_STARTUP"), QStringLiteral("1"));
        QElapsedTimer t;
        t.start();
        const testutil::RunResult r = shmwise({QStringLiteral("gui")}, env, 60000);
        QVERIFY2(!r.timedOut, "no window within 60 s");
        QVERIFY2(r.out.contains("shmwise-bench shown"), r.err.constData());
        if (what != QLatin1String("ssh")) {
            QVERIFY2(r.err.contains("The settings file is ignored"), r.err.constData());
            QVERIFY2(r.err.contains(QFile::encodeName(settings)), r.err.constData());
        }
        qInfo("%s: window in %lld ms", qPrintable(what), t.elapsed());
    }
};

QTEST_GUILESS_MAIN(TestRobustOptions)
#include "tst_robust_options.moc"
