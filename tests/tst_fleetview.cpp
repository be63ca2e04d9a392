// SPDX-License-Identifier: GPL-3.0-or-later
// The wizard's Fleet view, offscreen: two hosts (this machine and a closed port) probed at once,
// rows coloured by the verdict, per-host details, a refresh, an inventory and its --limit, and
// CSV and JSON exports read back.
#include "testutil.h"

#include "sshdfixture.h"
#include "ui/fleetview.h"

#include <QApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace shmwise;

class TestFleetView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void probesExportsAndRefreshes()
    {
        const quint16 closed = sshdfixture::freePort();
        const QString dead = QStringLiteral("ssh://127.0.0.1:%1").arg(closed);
        // A plan that needs more /dev/shm than any machine has: local breaks the job.
        ShmPlan plan;
        plan.requiredBytes = Bytes(1) << 50;
        plan.recommendedBytes = Bytes(1) << 50;
        FleetView view(plan);
        view.show();
        view.setTargets({QStringLiteral("local"), dead});
        QSignalSpy done(&view, &FleetView::finished);
        QVERIFY(view.refresh());
        QVERIFY(done.wait(60000));
        QCOMPARE(view.table()->rowCount(), 2);
        QVERIFY2(view.results().at(0).result.ok(), qPrintable(view.results().at(0).result.error));
        QVERIFY(!view.results().at(1).result.ok());
        // Both break the job (one by its findings, one unreachable): both rows are red.
        const QColor red(0xf8, 0xd0, 0xd0);
        QCOMPARE(view.table()->item(0, 0)->background().color(), red);
        QCOMPARE(view.table()->item(1, 0)->background().color(), red);
        QVERIFY(view.table()->item(0, 6)->text().contains(QLatin1String("shm-below-plan")));
        // /dev/shm's use, with how full it is, beside its size.
        QCOMPARE(view.table()->horizontalHeaderItem(3)->text(), QStringLiteral("Used"));
        static const QRegularExpression usedText(QStringLiteral(R"(^\S+ \S+ \((\d+)%\)$)"));
        const QRegularExpressionMatch used = usedText.match(view.table()->item(0, 3)->text());
        QVERIFY2(used.hasMatch(), qPrintable(view.table()->item(0, 3)->text()));
        QVERIFY(used.captured(1).toInt() <= 100);
        QCOMPARE(view.table()->item(1, 3)->text(), QStringLiteral("-"));
        QVERIFY(view.message().contains(QLatin1String("2 host(s): 1 probed, 1 could not")));
        view.table()->selectRow(0);
        QVERIFY2(view.details().contains(QLatin1String("/dev/shm:")), qPrintable(view.details()));
        view.table()->selectRow(1);
        QVERIFY2(view.details().contains(QLatin1String("Could not be probed")),
                 qPrintable(view.details()));

        QTemporaryDir dir;
        QString error;
        const QString csvPath = dir.filePath(QStringLiteral("fleet.csv"));
        QVERIFY2(view.exportCsv(csvPath, &error), qPrintable(error));
        QFile csv(csvPath);
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = csv.readAll().trimmed().split('\n');
        QCOMPARE(lines.size(), 3);
        QVERIFY(lines[0].startsWith("host,target,status,shm_size_bytes"));
        QVERIFY(lines[1].startsWith("local,local,ok,"));
        QVERIFY(lines[2].startsWith(dead.toUtf8() + ',' + dead.toUtf8() + ",failed,"));
        const QString jsonPath = dir.filePath(QStringLiteral("fleet.json"));
        QVERIFY2(view.exportJson(jsonPath, &error), qPrintable(error));
        QFile json(jsonPath);
        QVERIFY(json.open(QIODevice::ReadOnly));
        const QJsonObject o = QJsonDocument::fromJson(json.readAll()).object();
        QCOMPARE(o.value(QStringLiteral("hosts")).toArray().size(), 2);
        QCOMPARE(
            o.value(QStringLiteral("summary")).toObject().value(QStringLiteral("failed")).toInt(),
            1);

        // Refresh with an inventory and a limit instead.
        const QString inv = dir.filePath(QStringLiteral("hosts.ini"));
        QFile f(inv);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(
            QStringLiteral("here ansible_connection=local\n[far]\nnowhere ansible_host=127.0.0.1 "
                           "ansible_port=%1\n")
                .arg(closed)
                .toUtf8());
        f.close();
        view.setTargets({});
        view.setInventory(inv, QStringLiteral("ungrouped"));
        QVERIFY(view.refresh());
        QVERIFY(done.wait(60000));
        QCOMPARE(view.table()->rowCount(), 1);
        QCOMPARE(view.table()->item(0, 0)->text(), QStringLiteral("here"));
        // A refused limit says so and probes nothing.
        view.setInventory(inv, QStringLiteral("nosuchgroup"));
        QVERIFY(!view.refresh());
        QVERIFY(view.message().contains(QLatin1String("nosuchgroup")));
    }
};

QTEST_MAIN(TestFleetView)
#include "tst_fleetview.moc"
