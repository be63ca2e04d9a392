// SPDX-License-Identifier: GPL-3.0-or-later
// Diagnosis against a corpus of real error output (tests/data/logs/*.log, each with the ids it
// must give in NAME.ids; tests/data/logs/reproduce.py makes the PyTorch ones again).
#include "testutil.h"

#include "diagnosis.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QTest>

using namespace shmwise;

namespace {

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QStringList ids(const QVector<Finding> &fs)
{
    QStringList s;
    for (const Finding &f : fs)
        s << f.id;
    s.sort();
    return s;
}

} // namespace

class TestDiagnosis : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void corpus_data()
    {
        QTest::addColumn<QString>("log");
        QTest::addColumn<QStringList>("expected");
        const QDir dir(testutil::testData(QStringLiteral("logs")));
        const QStringList logs = dir.entryList({QStringLiteral("*.log")}, QDir::Files, QDir::Name);
        QVERIFY(logs.size() >= 15);
        for (const QString &name : logs) {
            const QString base = dir.filePath(name.chopped(4));
            QStringList expected = QString::fromUtf8(readAll(base + QStringLiteral(".ids")))
                                       .split(QLatin1Char('\n'), Qt::SkipEmptyParts);
            expected.sort();
            QTest::newRow(qPrintable(name)) << dir.filePath(name) << expected;
        }
    }
    void corpus()
    {
        QFETCH(QString, log);
        QFETCH(QStringList, expected);
        const QVector<Finding> fs = diagnoseLog(QString::fromUtf8(readAll(log)));
        QCOMPARE(ids(fs), expected);
        for (const Finding &f : fs) {
            QVERIFY(f.line > 0);
            QVERIFY(!f.evidence.isEmpty());
            QVERIFY(!f.fix.isEmpty());
            QVERIFY(!f.title.isEmpty());
        }
    }

    void busErrorIsNotHostOom()
    {
        const QVector<Finding> fs = diagnoseLog(QStringLiteral(
            "RuntimeError: DataLoader worker (pid 7989) is killed by signal: Bus error. It is "
            "possible that dataloader's workers are out of shared memory.\n"
            "RuntimeError: DataLoader worker (pid(s) 7989) exited unexpectedly\n"));
        QCOMPARE(ids(fs), QStringList{QStringLiteral("shm-exhausted")});
        QCOMPARE(fs.at(0).line, 1);
    }

    void evidenceLineAndCount()
    {
        const QVector<Finding> fs =
            diagnoseLog(QStringLiteral("ok\r\nOSError: [Errno 24] Too many open files\r\nOSError: "
                                       "[Errno 24] Too many open files\r\n"));
        QCOMPARE(fs.size(), 1);
        QCOMPARE(fs.at(0).line, 2);
        QCOMPARE(fs.at(0).occurrences, 2);
        QCOMPARE(fs.at(0).evidence, QStringLiteral("OSError: [Errno 24] Too many open files"));
    }

    void factsSharpenTheFix()
    {
        HostFacts f;
        f.shmSizeBytes = 64 * MiB;
        f.shmFreeBytes = 1 * MiB;
        const QVector<Finding> fs = diagnoseLog(QStringLiteral("Bus error (core dumped)"), &f);
        QVERIFY(fs.at(0).fix.contains(QLatin1String("64 MiB")));
    }

    void emptyAndGarbage()
    {
        QVERIFY(diagnoseLog(QString()).isEmpty());
        QRandomGenerator rng(7);
        for (int i = 0; i < 500; ++i) {
            QByteArray b(int(rng.bounded(2000)), Qt::Uninitialized);
            for (char &c : b)
                c = char(rng.bounded(256));
            diagnoseLog(QString::fromUtf8(b));
        }
        QVERIFY(diagnoseLog(QString(100000, QLatin1Char('x'))).isEmpty());
    }

    void cliJson()
    {
        const QString log = testutil::testData(QStringLiteral("logs/pytorch113-bus-error.log"));
        const testutil::RunResult r = testutil::run(
            testutil::shmwiseBinary(), {QStringLiteral("diagnose"), log, QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonArray a =
            QJsonDocument::fromJson(r.out).object()[QStringLiteral("findings")].toArray();
        QCOMPARE(a.size(), 1);
        QCOMPARE(a.at(0)[QStringLiteral("id")].toString(), QStringLiteral("shm-exhausted"));
        // From stdin, as text.
        const testutil::RunResult t =
            testutil::run(testutil::shmwiseBinary(),
                          {QStringLiteral("diagnose"), QStringLiteral("-")}, readAll(log));
        QCOMPARE(t.exitCode, 0);
        QVERIFY(t.out.contains("shm-exhausted"));
        QVERIFY(t.out.contains("Fix:"));
        const testutil::RunResult clean =
            testutil::run(testutil::shmwiseBinary(),
                          {QStringLiteral("diagnose"), QStringLiteral("--json")}, "all good\n");
        QCOMPARE(clean.exitCode, 0);
        QCOMPARE(QJsonDocument::fromJson(clean.out)
                     .object()[QStringLiteral("findings")]
                     .toArray()
                     .size(),
                 0);
        const testutil::RunResult missing =
            testutil::run(testutil::shmwiseBinary(),
                          {QStringLiteral("diagnose"), QStringLiteral("/nonexistent.log")});
        QCOMPARE(missing.exitCode, 2);
        // With the local host probed too.
        const testutil::RunResult withHost = testutil::run(
            testutil::shmwiseBinary(), {QStringLiteral("diagnose"), log, QStringLiteral("--target"),
                                        QStringLiteral("local"), QStringLiteral("--json")});
        QCOMPARE(withHost.exitCode, 0);
        QVERIFY(QDir::isAbsolutePath(log));
        QVERIFY(QJsonDocument::fromJson(withHost.out).object()[QStringLiteral("host")].isObject());
    }
};

QTEST_GUILESS_MAIN(TestDiagnosis)
#include "tst_diagnosis.moc"
