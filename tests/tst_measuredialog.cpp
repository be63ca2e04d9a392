// SPDX-License-Identifier: GPL-3.0-or-later
// The wizard's "Measure My Training Script…" dialog, running a real training script with real
// PyTorch: progress, the loaders it offers, bad input, and cancelling a running job.
#include "sshdfixture.h"
#include "testutil.h"
#include "widgetfind.h"

#include "ui/measuredialog.h"
#include "validators/validators.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
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
    void commandSplitLikeSh();
    void quotedWordsReachTheJob();
    void measuresAndOffersLoaders();
    void cancelStopsTheJob();
    void failedJobSaysWhy();
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
    QTest::newRow("open single quote") << QStringLiteral("python -c 'import x; print(1)")
                                       << QStringLiteral("/tmp") << QStringLiteral("never closed");
    QTest::newRow("redirection") << QStringLiteral("python train.py > out.log")
                                 << QStringLiteral("/tmp") << QStringLiteral("needs a shell");
    QTest::newRow("expansion") << QStringLiteral("python \"$HOME/train.py\"")
                               << QStringLiteral("/tmp") << QStringLiteral("needs a shell");
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

// The words the dialog runs, as POSIX sh reads the line: quotes and backslashes removed, and
// nothing a shell alone would act on passed through as text.
void TestMeasureDialog::commandSplitLikeSh()
{
    QString why;
    auto words = [&](const QString &line) {
        why.clear();
        return splitCommandWords(line, &why);
    };
    QCOMPARE(words(QStringLiteral("python -c 'import x; print(\"a b\")' --lr=1e-3")),
             (std::optional<QStringList>(QStringList{QStringLiteral("python"), QStringLiteral("-c"),
                                                     QStringLiteral("import x; print(\"a b\")"),
                                                     QStringLiteral("--lr=1e-3")})));
    QCOMPARE(
        words(QStringLiteral("  a\\ b \"c \\\"d\\\" $\" '' e'f'g  ")),
        (std::optional<QStringList>(QStringList{QStringLiteral("a b"), QStringLiteral("c \"d\" $"),
                                                QString(), QStringLiteral("efg")})));
    QCOMPARE(words(QStringLiteral("python -c 'print($HOME)'")),
             (std::optional<QStringList>(QStringList{QStringLiteral("python"), QStringLiteral("-c"),
                                                     QStringLiteral("print($HOME)")})));
    QCOMPARE(words(QString()), std::optional<QStringList>(QStringList()));
    for (const char *bad :
         {"python 'a", "python \"a", "python a\\", "a; b", "a && b", "a | b", "a > f", "a < f",
          "a $(b)", "a `b`", "a $HOME", "a \"${X}\"", "a\nb", "a ~/x", "a # note"}) {
        QVERIFY2(!words(QString::fromUtf8(bad)), bad);
        QVERIFY2(!why.isEmpty(), bad);
    }
}

// The job gets the words as sh would give them: a program whose path has a space, `-c` and a
// quoted program text with `;` in it, each one argument (QProcess::splitCommand made four of the
// last).
void TestMeasureDialog::quotedWordsReachTheJob()
{
    QTemporaryDir dir;
    const QString prog = dir.filePath(QStringLiteral("my job"));
    {
        QFile f(prog);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("#!/bin/sh\nprintf '%s\\n' \"$@\" > \"$(dirname \"$0\")/args\"\n");
        f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    }
    MeasureDialog d(Environment::Docker);
    d.setCommand(QStringLiteral("'%1' -c 'import x; print(\"a  b\")' \"two words\"").arg(prog),
                 dir.path());
    QSignalSpy done(&d, &MeasureDialog::finished);
    d.start();
    if (d.isRunning())
        QVERIFY(done.wait(30000));
    QFile args(dir.filePath(QStringLiteral("args")));
    QVERIFY2(args.open(QIODevice::ReadOnly), qPrintable(statusText(d)));
    QCOMPARE(QString::fromUtf8(args.readAll()),
             QStringLiteral("-c\nimport x; print(\"a  b\")\ntwo words\n"));
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

// A job that dies of a full private /dev/shm: the dialog says so in words, shows the end of its
// output (which never reaches the terminal ShmWise was started from) and the whole of it one
// click away, and still offers loaders planned from what the workers made.
void TestMeasureDialog::failedJobSaysWhy()
{
    QString why;
    const QString py = testutil::pythonWithTorch(&why);
    if (py.isEmpty())
        QSKIP(qPrintable(why));
    if (!testutil::canUseMountNamespace(&why))
        QSKIP(qPrintable(why));
    QStandardPaths::setTestModeEnabled(true);
    MeasureDialog d(Environment::Docker);
    d.setCommand(py + QStringLiteral(" tests/measure/bus_error.py"), testutil::sourceDir());
    d.findChild<QCheckBox *>()->setChecked(true);
    testutil::findByName<QLineEdit>(&d, QStringLiteral("Private /dev/shm size"))
        ->setText(QStringLiteral("32MiB"));
    QSignalSpy done(&d, &MeasureDialog::finished);
    d.show();
    d.start();
    QVERIFY(done.wait(180000));
    const QString status = statusText(d);
    QVERIFY2(status.contains(QLatin1String("The job died because the private /dev/shm of 32 MiB "
                                           "was full")),
             qPrintable(status));
    const QString result = d.findChild<QTextBrowser *>()->toPlainText();
    QVERIFY2(result.contains(QLatin1String("The job's output ended with")), qPrintable(result));
    QVERIFY2(result.contains(QLatin1String("Error")), qPrintable(result));
    QVERIFY(d.measuredProfile());
    QPushButton *show = buttonWithText(&d, QStringLiteral("Show Output…"));
    QVERIFY(show && show->isEnabled());
    show->click();
    QPlainTextEdit *text = nullptr;
    QTRY_VERIFY((text = testutil::findByName<QPlainTextEdit>(
                     qobject_cast<QWidget *>(d.findChild<QDialog *>()),
                     QStringLiteral("The job's output"))));
    QVERIFY2(text->toPlainText().contains(QLatin1String("us error")),
             qPrintable(text->toPlainText().right(2000)));
    // After a run the way out says Close, and the next dialog starts with the same command.
    QVERIFY(buttonWithText(&d, QStringLiteral("Close")));
    QVERIFY(!buttonWithText(&d, QStringLiteral("Cancel")));
    MeasureDialog again(Environment::Docker);
    QCOMPARE(testutil::findByName<QLineEdit>(&again, QStringLiteral("Training command"))->text(),
             py + QStringLiteral(" tests/measure/bus_error.py"));
    QCOMPARE(testutil::findByName<QLineEdit>(&again, QStringLiteral("Folder to run it in"))->text(),
             QFileInfo(testutil::sourceDir()).absoluteFilePath());
}

QTEST_MAIN(TestMeasureDialog)
#include "tst_measuredialog.moc"
