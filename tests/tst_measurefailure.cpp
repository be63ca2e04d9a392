// SPDX-License-Identifier: GPL-3.0-or-later
// `shmwise measure` on a job that fails: the real binary, real PyTorch, a private /dev/shm too
// small for the job. The run says the job died because /dev/shm was full (read from the job's
// own output with diagnose's rules), shows the output's last lines, plans from the batches the
// workers made though none was delivered, and the job then runs in a /dev/shm of that plan.
#include "testutil.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace testutil;

namespace {

QJsonObject measureJson(const QStringList &options, const QStringList &command, RunResult *r)
{
    QStringList args = {QStringLiteral("measure"), QStringLiteral("--json")};
    args << options << QStringLiteral("--") << command;
    *r = run(shmwiseBinary(), args, {}, 240000);
    return QJsonDocument::fromJson(r->out).object();
}

} // namespace

class TestMeasureFailure : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void busErrorIsNamedAndPlanned()
    {
        QString why;
        const QString py = pythonWithTorch(&why);
        if (py.isEmpty())
            QSKIP(qPrintable(why));
        if (!canUseMountNamespace(&why))
            QSKIP(qPrintable(why));
        const QString script = sourceDir() + QStringLiteral("/tests/measure/bus_error.py");
        RunResult r;
        const QJsonObject died =
            measureJson({QStringLiteral("--shm"), QStringLiteral("32MiB"),
                         QStringLiteral("--environment"), QStringLiteral("docker")},
                        {py, script}, &r);
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(!died.isEmpty(), r.err.right(2000).constData());
        QCOMPARE(died.value(QLatin1String("stop_reason")).toString(), QStringLiteral("exited"));
        QVERIFY(died.value(QLatin1String("exit_code")).toInt(0) != 0);
        QVERIFY(died.value(QLatin1String("failed")).toBool());
        QVERIFY(died.value(QLatin1String("shm_ran_out")).toBool());
        QCOMPARE(died.value(QLatin1String("cause")).toString(), QStringLiteral("shm-exhausted"));
        // The output: its tail, and the line diagnose found.
        const QJsonObject output = died.value(QLatin1String("output")).toObject();
        const QJsonArray tail = output.value(QLatin1String("tail")).toArray();
        QVERIFY(!tail.isEmpty());
        // The last line is the main process's RuntimeError or a dying worker's own message
        // (PyTorch's signal handler), whichever came last; never an empty line.
        QVERIFY2(tail.last().toString().contains(QLatin1String("error"), Qt::CaseInsensitive),
                 qPrintable(tail.last().toString()));
        QVERIFY(output.value(QLatin1String("lines")).toInteger() >= tail.size());
        const QJsonArray findings = output.value(QLatin1String("findings")).toArray();
        QVERIFY(!findings.isEmpty());
        QVERIFY(findings.first().toObject().value(QLatin1String("line")).toInt() > 0);
        // The job's own output still reached this process (on stderr with --json).
        QVERIFY2(r.err.contains("bus error") || r.err.contains("Bus error"),
                 r.err.right(2000).constData());
        // Never a peak above the /dev/shm it had.
        const QJsonObject shm = died.value(QLatin1String("shm")).toObject();
        const qint64 size = shm.value(QLatin1String("size_bytes")).toInteger();
        QCOMPARE(size, qint64(32) << 20);
        QVERIFY(shm.value(QLatin1String("measured_peak_bytes")).toInteger() <= size);
        QVERIFY(shm.value(QLatin1String("held_peak_bytes")).toInteger() <= size);
        // A plan, from what the workers made if no batch was delivered.
        const QJsonObject plan = died.value(QLatin1String("plan")).toObject();
        const qint64 required = plan.value(QLatin1String("required_bytes")).toInteger();
        QVERIFY2(required > size, qPrintable(QString::number(required)));
        const QJsonObject train = died.value(QLatin1String("loaders")).toArray().first().toObject();
        QVERIFY(train.value(QLatin1String("worker_batches"))
                    .toObject()
                    .value(QLatin1String("max_shm_bytes"))
                    .toInteger() >= 12 * 1024 * 1024);
        // The text report says why in words, and shows the output's end.
        RunResult text = run(shmwiseBinary(),
                             {QStringLiteral("measure"), QStringLiteral("--shm"),
                              QStringLiteral("32MiB"), QStringLiteral("--"), py, script},
                             {}, 240000);
        QVERIFY2(text.out.contains("The job died because the private /dev/shm of 32 MiB was full"),
                 text.out.constData());
        QVERIFY2(text.out.contains("The job's output ended with"), text.out.constData());

        // In a /dev/shm of the plan's size the same job runs to its end.
        const QJsonObject lived =
            measureJson({QStringLiteral("--shm"), QString::number(required),
                         QStringLiteral("--environment"), QStringLiteral("docker")},
                        {py, script}, &r);
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(lived.value(QLatin1String("exit_code")).toInt(-1), 0);
        QVERIFY(!lived.value(QLatin1String("failed")).toBool());
        QVERIFY(lived.value(QLatin1String("cause")).isNull());
        QVERIFY2(r.err.trimmed().endsWith("done"), r.err.right(2000).constData());
        qInfo("32 MiB: died; plan %.1f MiB; in it, peak %.1f MiB", double(required) / 1048576,
              double(lived.value(QLatin1String("shm"))
                         .toObject()
                         .value(QLatin1String("measured_peak_bytes"))
                         .toInteger()) /
                  1048576);
    }
};

QTEST_MAIN(TestMeasureFailure)
#include "tst_measurefailure.moc"
