// SPDX-License-Identifier: GPL-3.0-or-later
// The fourth newcomer walk's major points: a file that sets no /dev/shm (the runtime's 64 MiB),
// the first of two --shm-size read instead of the last, and a DataLoader settings file whose
// batch size was raised all passed; a field holding unreadable text lost its text to a sync from
// the profile but kept its mark, so clearing it changed nothing and Next stayed held; the fitted
// settings could be applied while a shape could not be read.
#include "ui/codeview.h"
#include "ui/fitbox.h"
#include "ui/mainwindow.h"
#include "ui/resultspage.h"
#include "ui/session.h"
#include "ui/wizard.h"
#include "ui/workloadpage.h"

#include "widgetfind.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTest>

#include <algorithm>

using namespace shmwise;
using testutil::buttonWithText;
using testutil::findByName;
using testutil::marked;
using testutil::pageMessage;

namespace {

int errorsIn(const CodeView *code)
{
    return int(std::count_if(code->diagnostics().cbegin(), code->diagnostics().cend(),
                             [](const Diagnostic &d) { return d.severity == Severity::Error; }));
}

// The Results page of a new Docker job showing `fileName`.
CodeView *showFile(MainWindow &w, const QString &fileName)
{
    w.show();
    w.session()->edit([](Profile &p) { p.environment = Environment::Docker; });
    Wizard *wiz = w.wizard();
    wiz->setStartId(Wizard::ResultsPageId);
    wiz->restart();
    ResultsPage *results = wiz->resultsPage();
    auto *list = results->findChild<QListWidget *>();
    for (int i = 0; i < results->artifacts().size(); ++i)
        if (results->artifacts()[i].fileName == fileName)
            list->setCurrentRow(i);
    return results->codeView();
}

} // namespace

class TestWizardTraps8 : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }
    void init() { QSettings().clear(); }

    // docker-run.sh without its --shm-size line, and with a second --shm-size of 64m after the
    // plan's: both give the container 64 MiB, and both are errors now.
    void dockerRunWithoutOrWithTwoSizes()
    {
        MainWindow w;
        CodeView *code = showFile(w, QStringLiteral("docker-run.sh"));
        QVERIFY(w.session()->plan().requiredBytes > 64 * MiB);
        QTRY_COMPARE(errorsIn(code), 0);
        const QString generated = code->toPlainText();
        QString without = generated;
        without.remove(QRegularExpression(QStringLiteral(R"(--shm-size=\w+ ?)")));
        QVERIFY(without != generated);
        code->setPlainText(without);
        QTRY_COMPARE(errorsIn(code), 1);
        QVERIFY2(code->diagnostics().constFirst().message.contains(QLatin1String("64 MiB")) ||
                     code->diagnostics().constLast().message.contains(QLatin1String("64 MiB")),
                 "the runtime's default named");

        QString twice = generated;
        twice.replace(QRegularExpression(QStringLiteral(R"((--shm-size=\w+))")),
                      QStringLiteral("\\1 --shm-size=64m"));
        code->setPlainText(twice);
        QTRY_COMPARE(errorsIn(code), 1);
        // The other way round the last is the plan's: no error.
        QString twiceBig = generated;
        twiceBig.replace(QRegularExpression(QStringLiteral(R"((--shm-size=\w+))")),
                         QStringLiteral("--shm-size=64m \\1"));
        code->setPlainText(twiceBig);
        QTRY_COMPARE(errorsIn(code), 0);
    }

    // compose.yaml without shm_size: the runtime's 64 MiB, an error like an explicit 64m.
    void composeWithoutSize()
    {
        MainWindow w;
        CodeView *code = showFile(w, QStringLiteral("compose.yaml"));
        QTRY_COMPARE(errorsIn(code), 0);
        QString text = code->toPlainText();
        text.remove(QRegularExpression(QStringLiteral(R"(\n\s*shm_size: [^\n]*)")));
        code->setPlainText(text);
        QTRY_COMPARE(errorsIn(code), 1);
    }

    // The DataLoader settings with the batch size raised 64 times: the plan is not of that file.
    void loaderSettingsRaised()
    {
        MainWindow w;
        CodeView *code = showFile(w, QStringLiteral("shmwise_loader.py"));
        QTRY_COMPARE(errorsIn(code), 0);
        QString text = code->toPlainText();
        text.replace(QRegularExpression(QStringLiteral(R"(batch_size=\d+)")),
                     QStringLiteral("batch_size=4096"));
        code->setPlainText(text);
        QTRY_COMPARE(errorsIn(code), 1);
        for (const Diagnostic &d : code->diagnostics())
            QVERIFY2(text.split(QLatin1Char('\n'))
                         .value(d.line - 1)
                         .contains(QLatin1String("batch_size=4096")),
                     qPrintable(d.message));
    }

    // "abc" in vLLM release, then another tensor-parallel size, then the field cleared: the
    // field showed nothing but kept its mark, and Next stayed held.
    void releaseMarkFollowsItsText()
    {
        MainWindow w;
        w.resize(1100, 760);
        w.show();
        Wizard *wiz = w.wizard();
        wiz->setStartId(Wizard::WorkloadPageId);
        wiz->restart();
        WorkloadPage *page = wiz->workloadPage();
        auto *kind = findByName<QComboBox>(page, QStringLiteral("Train or serve"));
        kind->setCurrentIndex(kind->findData(QStringLiteral("serving")));
        auto *server = findByName<QComboBox>(page, QStringLiteral("Server"));
        server->setCurrentIndex(server->findData(QStringLiteral("vllm")));
        auto *version = findByName<QLineEdit>(page, QStringLiteral("vLLM release"));
        auto *tp = findByName<QSpinBox>(page, QStringLiteral("Tensor-parallel size"));
        QVERIFY(version && tp);
        QTRY_VERIFY(version->isVisible());
        version->setFocus();
        QTest::keyClicks(version, QStringLiteral("abc"));
        QVERIFY(marked(version));
        QVERIFY(!page->isComplete());
        tp->setFocus();
        tp->setValue(4);
        tp->setValue(2);
        // The text stays with its mark: what is marked is what the field shows.
        QCOMPARE(version->text(), QStringLiteral("abc"));
        QVERIFY(marked(version));
        version->setFocus();
        version->selectAll();
        QTest::keyClick(version, Qt::Key_Delete);
        QVERIFY(version->text().isEmpty());
        QVERIFY(!marked(version));
        QVERIFY2(!pageMessage(page).contains(QLatin1String("'abc'")),
                 qPrintable(pageMessage(page)));
        QVERIFY(page->isComplete());
    }

    // A shape that cannot be read, then Apply fitted settings: the cell got the old shape back
    // but kept the mark, and typing that shape again did not clear it. The fit now waits like
    // the plan, and the cell keeps what was typed until it is changed.
    void fitWaitsForAnUnreadableShape()
    {
        MainWindow w;
        w.show();
        w.session()->edit([](Profile &p) {
            p.environment = Environment::Docker;
            p.host.shmBytes = 64 * MiB;
            p.host.shmAdjustable = false;
        });
        Wizard *wiz = w.wizard();
        wiz->setStartId(Wizard::WorkloadPageId);
        wiz->restart();
        WorkloadPage *page = wiz->workloadPage();
        QPushButton *apply = buttonWithText(page, QStringLiteral("Apply fitted settings"));
        QVERIFY(apply);
        QTRY_VERIFY(apply->isVisible());
        auto *table = findByName<QTableWidget>(page, QStringLiteral("Tensors of one sample"));
        QVERIFY(table && table->rowCount() >= 1);
        const QString shape = table->item(0, 1)->text();
        table->item(0, 1)->setText(QStringLiteral("abc"));
        QVERIFY(pageMessage(page).contains(QLatin1String("'abc'")));
        auto *fit = page->findChild<FitBox *>();
        QVERIFY(fit);
        QVERIFY(!fit->isEnabled());
        QVERIFY(!apply->isEnabled());
        // A sync from the profile (another field edited) leaves the typed text with its mark.
        auto *batch = findByName<QSpinBox>(page, QStringLiteral("Batch size"));
        batch->setValue(batch->value() + 1);
        QCOMPARE(table->item(0, 1)->text(), QStringLiteral("abc"));
        table->item(0, 1)->setText(shape);
        QVERIFY2(!pageMessage(page).contains(QLatin1String("'abc'")),
                 qPrintable(pageMessage(page)));
        QVERIFY(fit->isEnabled());
        QVERIFY(page->isComplete());
    }
};

QTEST_MAIN(TestWizardTraps8)
#include "tst_wizardtraps8.moc"
