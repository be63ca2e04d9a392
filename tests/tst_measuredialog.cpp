// SPDX-License-Identifier: GPL-3.0-or-later
// The wizard's "Measure My Training Script…" dialog, running a real training script with real
// PyTorch: progress, the loaders it offers, bad input, and cancelling a running job.
#include "sshdfixture.h"
#include "testutil.h"
#include "widgetfind.h"

#include "ui/measuredialog.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTextBrowser>
#include <QtTest>

using namespace shmwise;
using testutil::buttonWithText;

namespace {

QString statusText(MeasureDialog &d)
{
    QString all;
    for (QLabel *l : d.findChildren<QLabel *>())
        all += l->text() + QLatin1Char('\n');
    return all;
}

} // namespace

class TestMeasureDialog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void badInput_data();
    void badInput();
    void measuresAndOffersLoaders();
    void cancelStopsTheJob();
    void measuresOnTheSshHost();
};

void TestMeasureDialog::badInput_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<QString>("folder");
    QTest::addColumn<QString>("message");
    QTest::newRow("empty") << QString() << QStringLiteral("/tmp")
                           << QStringLiteral("Type the command");
    QTest::newRow("blank") << QStringLiteral("   ") << QStringLiteral("/tmp")
                           << QStringLiteral("Type the command");
    QTest::newRow("open quote") << QStringLiteral("python \"train.py") << QStringLiteral("/tmp")
                                << QStringLiteral("never closed");
    QTest::newRow("no folder") << QStringLiteral("python train.py")
                               << QStringLiteral("/nonexistent/shmwise")
                               << QStringLiteral("does not exist");
    QTest::newRow("not found") << QStringLiteral("no-such-program-shmwise --x")
                               << QStringLiteral("/tmp")
                               << QStringLiteral("cannot run no-such-program");
}

void TestMeasureDialog::badInput()
{
    QFETCH(QString, command);
    QFETCH(QString, folder);
    QFETCH(QString, message);
    MeasureDialog d(Environment::Docker);
    d.setCommand(command, folder);
    QSignalSpy done(&d, &MeasureDialog::finished);
    d.start();
    if (d.isRunning())
        QVERIFY(done.wait(30000));
    QVERIFY2(statusText(d).contains(message), qPrintable(statusText(d)));
    QVERIFY(!d.measuredProfile());
    QVERIFY(!buttonWithText(&d, QStringLiteral("Use These Loaders"))->isEnabled());
}

void TestMeasureDialog::measuresAndOffersLoaders()
{
    QString why;
    const QString py = testutil::pythonWithTorch(&why);
    if (py.isEmpty())
        QSKIP(qPrintable(why));
    MeasureDialog d(Environment::Docker);
    d.setCommand(py + QStringLiteral(" tests/calibration/jobs/lightning_val.py --val-every 5"),
                 testutil::sourceDir());
    QSignalSpy done(&d, &MeasureDialog::finished);
    d.start();
    QVERIFY(d.isRunning());
    QVERIFY(done.wait(180000));
    QVERIFY2(d.measuredProfile(), qPrintable(statusText(d)));
    const Profile p = *d.measuredProfile();
    QCOMPARE(p.otherLoaders.size(), 1);
    QCOMPARE(p.workload.name, QStringLiteral("train"));
    QCOMPARE(p.workload.lifetime, LoaderLifetime::Parked);
    QCOMPARE(p.workload.batchSize, 16u);
    QCOMPARE(p.otherLoaders[0].batchSize, 32u);
    QCOMPARE(p.workload.sample[0].shape, (QVector<quint64>{3, 224, 224}));
    QVERIFY(d.measuredPeak() > 50u * 1024 * 1024);
    QVERIFY(buttonWithText(&d, QStringLiteral("Use These Loaders"))->isEnabled());
    const QString result = d.findChild<QTextBrowser *>()->toPlainText();
    QVERIFY2(result.contains(QLatin1String("Loader val, made at lightning_val.py")),
             qPrintable(result));
}

// The wizard's target is an SSH host: it is offered and chosen, the folder is the host's, a
// private /dev/shm is not offered, and the loaders come from the job run there (a real sshd on
// 127.0.0.1, real PyTorch).
void TestMeasureDialog::measuresOnTheSshHost()
{
    QString why;
    const QString py = testutil::pythonWithTorch(&why);
    if (py.isEmpty())
        QSKIP(qPrintable(why));
    SshdFixture sshd;
    if (!sshd.start())
        QSKIP(qPrintable(sshd.why()));
    MeasureDialog d(Environment::Docker);
    d.setTarget(sshd.target(), sshd.config());
    auto *where = d.findChild<QComboBox *>();
    QVERIFY(where);
    QCOMPARE(where->count(), 2);
    QCOMPARE(where->currentIndex(), 1);
    QVERIFY(where->currentText().contains(QLatin1String("127.0.0.1")));
    QVERIFY(!d.findChild<QCheckBox *>()->isEnabled());
    QVERIFY(!buttonWithText(&d, QStringLiteral("Browse…"))->isEnabled());
    QVERIFY2(statusText(d).contains(QLatin1String("over your SSH connection")),
             qPrintable(statusText(d)));
    d.setCommand(py + QStringLiteral(" tests/calibration/jobs/lightning_val.py --val-every 5"),
                 testutil::sourceDir());
    QSignalSpy done(&d, &MeasureDialog::finished);
    d.start();
    QVERIFY(d.isRunning());
    QVERIFY(done.wait(240000));
    QVERIFY2(d.measuredProfile(), qPrintable(statusText(d)));
    const Profile p = *d.measuredProfile();
    QCOMPARE(p.otherLoaders.size(), 1);
    QCOMPARE(p.workload.batchSize, 16u);
    QCOMPARE(p.workload.sample[0].shape, (QVector<quint64>{3, 224, 224}));
    QVERIFY(d.measuredPeak() > 50u * 1024 * 1024);
    // Back to this computer: the local folder and the private /dev/shm return.
    where->setCurrentIndex(0);
    QVERIFY(d.findChild<QCheckBox *>()->isEnabled());
    QVERIFY(buttonWithText(&d, QStringLiteral("Browse…"))->isEnabled());
}

void TestMeasureDialog::cancelStopsTheJob()
{
    QString why;
    const QString py = testutil::pythonWithTorch(&why);
    if (py.isEmpty())
        QSKIP(qPrintable(why));
    MeasureDialog d(Environment::Docker);
    d.setCommand(py + QStringLiteral(" tests/calibration/jobs/lightning_val.py --steps 100000"),
                 testutil::sourceDir());
    d.setSeconds(600);
    QSignalSpy done(&d, &MeasureDialog::finished);
    d.show();
    d.start();
    QTest::qWait(3000);
    QElapsedTimer t;
    t.start();
    d.reject(); // Cancel: the job is stopped first
    QVERIFY(done.wait(30000));
    QVERIFY(t.elapsed() < 15000);
    QVERIFY(!d.isRunning());
    QVERIFY2(statusText(d).contains(QLatin1String("Cancelled")), qPrintable(statusText(d)));
}

QTEST_MAIN(TestMeasureDialog)
#include "tst_measuredialog.moc"
