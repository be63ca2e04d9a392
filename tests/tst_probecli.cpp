// SPDX-License-Identifier: GPL-3.0-or-later
// `shmwise probe` on the command line: JSON shape, usage errors, --profile, --watch.
#include "testutil.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using testutil::run;
using testutil::RunResult;

namespace {

RunResult shmwise(const QStringList &args, int timeoutMs = 60000)
{
    return run(testutil::shmwiseBinary(), args, {}, timeoutMs);
}

} // namespace

class TestProbeCli : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void jsonShape()
    {
        const RunResult r = shmwise({QStringLiteral("probe"), QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        QJsonParseError e;
        const QJsonObject o = QJsonDocument::fromJson(r.out, &e).object();
        QCOMPARE(e.error, QJsonParseError::NoError);
        auto at = [&o](const char *a, const char *b) {
            return o.value(QLatin1String(a)).toObject().value(QLatin1String(b));
        };
        QVERIFY(at("shm", "size_bytes").isDouble());
        QVERIFY(at("shm", "used_bytes").isDouble());
        QVERIFY(at("memory", "total_bytes").isDouble());
        QVERIFY(at("memory", "available_bytes").isDouble());
        QVERIFY(o[QStringLiteral("memory")].toObject().contains(QStringLiteral("limit_bytes")));
        QVERIFY(at("cpu", "count").toInt() >= 1);
        QVERIFY(at("ulimit", "nofile_soft").isDouble());
        QVERIFY(!at("container", "runtime").toString().isEmpty());
        QVERIFY(o[QStringLiteral("gpus")].isArray());
        QVERIFY(o[QStringLiteral("findings")].isArray());
        QCOMPARE(o[QStringLiteral("target")].toString(), QStringLiteral("local"));
    }
    void text()
    {
        const RunResult r = shmwise({QStringLiteral("probe")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("/dev/shm"));
        QVERIFY(r.out.contains("ulimit -n"));
    }
    void usage_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("bad target")
            << QStringList{QStringLiteral("--target"), QStringLiteral("ftp://x")}
            << "unknown target";
        QTest::newRow("injection")
            << QStringList{QStringLiteral("--target"), QStringLiteral("docker://a;b")}
            << "refused target";
        QTest::newRow("bad watch")
            << QStringList{QStringLiteral("--watch"), QStringLiteral("0")} << "--watch";
        QTest::newRow("bad timeout")
            << QStringList{QStringLiteral("--timeout"), QStringLiteral("x")} << "--timeout";
        QTest::newRow("positional") << QStringList{QStringLiteral("host")} << "unexpected argument";
        QTest::newRow("missing profile")
            << QStringList{QStringLiteral("--profile"), QStringLiteral("/nonexistent.yaml")}
            << "nonexistent";
        QTest::newRow("unreachable container")
            << QStringList{QStringLiteral("--target"),
                           QStringLiteral("docker://shmwise-test-no-such-container-9")}
            << "shmwise probe:";
    }
    void usage()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const RunResult r = shmwise(QStringList{QStringLiteral("probe")} + args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
    }
    void withProfile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("p.yaml"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("shmwise: 1\nenvironment: bare-metal\nworkload:\n  preset: video-clips\n");
        f.close();
        const RunResult r = shmwise(
            {QStringLiteral("probe"), QStringLiteral("--profile"), path, QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QVERIFY(o[QStringLiteral("plan")].isObject());
    }
    void watch()
    {
        // Killed by the harness after 2.5 s: at least two reports, one JSON object per line.
        const RunResult r = shmwise({QStringLiteral("probe"), QStringLiteral("--json"),
                                     QStringLiteral("--watch"), QStringLiteral("0.5")},
                                    2500);
        QVERIFY(r.timedOut);
        const QList<QByteArray> lines = r.out.trimmed().split('\n');
        QVERIFY2(lines.size() >= 2, r.out.constData());
        for (const QByteArray &l : lines)
            QVERIFY(QJsonDocument::fromJson(l).isObject());
    }
};

QTEST_GUILESS_MAIN(TestProbeCli)
#include "tst_probecli.moc"
