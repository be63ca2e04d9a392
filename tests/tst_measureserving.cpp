// SPDX-License-Identifier: GPL-3.0-or-later
// `shmwise measure` on a model service: the real binary, real PyTorch, a private /dev/shm. A
// plain PyTorch service of 4 pre-forked worker processes, each answering a request with a
// 2-worker DataLoader made for it, takes a load from 4 clients at once. measure sees one loader
// made again per request in 4 processes, plans for the 4 together, and the service serves the
// whole load in a /dev/shm of the plan's required size and dies of a Bus error at half of it.
#include "testutil.h"

#include "core/profile.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace testutil;
using shmwise::loadProfile;
using shmwise::ProfileResult;
using shmwise::Server;

namespace {

QJsonObject measureJson(const QString &shm, const QStringList &command, RunResult *r)
{
    QStringList args = {QStringLiteral("measure"),
                        QStringLiteral("--json"),
                        QStringLiteral("--shm"),
                        shm,
                        QStringLiteral("--environment"),
                        QStringLiteral("docker"),
                        QStringLiteral("--seconds"),
                        QStringLiteral("180"),
                        QStringLiteral("--")};
    args << command;
    *r = run(shmwiseBinary(), args, {}, 240000);
    return QJsonDocument::fromJson(r->out).object();
}

} // namespace

class TestMeasureServing : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void plainServiceIsPlannedAsAWhole()
    {
        QString why;
        const QString py = pythonWithTorch(&why);
        if (py.isEmpty())
            QSKIP(qPrintable(why));
        if (!canUseMountNamespace(&why))
            QSKIP(qPrintable(why));
        const QStringList service = {
            py, sourceDir() + QStringLiteral("/tests/measure/serving/plain_service.py")};
        RunResult r;
        const QJsonObject roomy = measureJson(QStringLiteral("1GiB"), service, &r);
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(!roomy.isEmpty(), r.err.right(2000).constData());
        QCOMPARE(roomy.value(QLatin1String("exit_code")).toInt(-1), 0);
        QVERIFY2(r.err.contains("served 12 requests"), r.err.right(2000).constData());
        // One loader, made again for every request, in the service's 4 processes.
        const QJsonArray loaders = roomy.value(QLatin1String("loaders")).toArray();
        QCOMPARE(loaders.size(), 1);
        const QJsonObject loader = loaders.first().toObject();
        QCOMPARE(loader.value(QLatin1String("processes")).toInt(), 4);
        QCOMPARE(loader.value(QLatin1String("batches"))
                     .toObject()
                     .value(QLatin1String("iterations"))
                     .toInt(),
                 12);
        const QJsonObject plan = roomy.value(QLatin1String("plan")).toObject();
        const qint64 required = plan.value(QLatin1String("required_bytes")).toInteger();
        const qint64 peak = roomy.value(QLatin1String("shm"))
                                .toObject()
                                .value(QLatin1String("measured_peak_bytes"))
                                .toInteger();
        QVERIFY2(required >= peak, qPrintable(QStringLiteral("%1 < %2").arg(required).arg(peak)));
        bool processes = false;
        for (const QJsonValue &t : plan.value(QLatin1String("breakdown")).toArray())
            processes = processes || t.toObject().value(QLatin1String("id")).toString() ==
                                         QLatin1String("processes");
        QVERIFY(processes);

        // The whole load in a /dev/shm of the plan's size.
        const QJsonObject fits = measureJson(QString::number(required), service, &r);
        QCOMPARE(fits.value(QLatin1String("exit_code")).toInt(-1), 0);
        QVERIFY(!fits.value(QLatin1String("failed")).toBool());
        QVERIFY2(r.err.contains("served 12 requests"), r.err.right(2000).constData());

        // Half of it: the loaders' workers die of a Bus error and requests fail.
        const QJsonObject half = measureJson(QString::number(required / 2), service, &r);
        QVERIFY(half.value(QLatin1String("failed")).toBool());
        QVERIFY(half.value(QLatin1String("shm_ran_out")).toBool());
        QVERIFY2(r.err.contains("Bus error"), r.err.right(2000).constData());
        // --serving writes a server's profile; a run without a request says so.
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("svc.yaml"));
        r = run(shmwiseBinary(),
                QStringList{QStringLiteral("measure"), QStringLiteral("--serving"),
                            QStringLiteral("--shm"), QStringLiteral("1GiB"),
                            QStringLiteral("--out"), out, QStringLiteral("--")}
                    << service << QStringLiteral("--requests") << QStringLiteral("0"),
                {}, 240000);
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("No request came"), r.out.constData());
        r = run(shmwiseBinary(),
                QStringList{QStringLiteral("measure"), QStringLiteral("--serving"),
                            QStringLiteral("--shm"), QStringLiteral("1GiB"),
                            QStringLiteral("--out"), out, QStringLiteral("--")}
                    << service,
                {}, 240000);
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(!r.out.contains("No request came"), r.out.constData());
        const ProfileResult written = loadProfile(out);
        QVERIFY(written.ok());
        QVERIFY(written.profile->serving.used);
        QCOMPARE(written.profile->serving.server, Server::Plain);
        QCOMPARE(written.profile->workload.processesPerNode, quint64(4));
        qInfo("4 processes x 2 workers: peak %.1f MiB, required %.1f MiB; served in it, died in "
              "%.1f MiB",
              double(peak) / 1048576, double(required) / 1048576, double(required / 2) / 1048576);
    }
};

QTEST_MAIN(TestMeasureServing)
#include "tst_measureserving.moc"
