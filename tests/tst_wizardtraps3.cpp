// SPDX-License-Identifier: GPL-3.0-or-later
// The wizard's second newcomer walk, its last points: every invalid field marked one way with
// its label in the message and no capped number shown as if it were the value; the breakdown of
// the fitted view as tall as its text; a pasted one-line log that keeps its start in view. And
// the third walk's: a file edited back to the /dev/shm that crashed the job is an error, and
// Diagnose follows where the log says the job ran.
#include "ui/codeview.h"
#include "ui/diagnosedialog.h"
#include "ui/environmentpage.h"
#include "ui/mainwindow.h"
#include "ui/resultspage.h"
#include "ui/session.h"
#include "ui/wizard.h"
#include "ui/workloadpage.h"

#include "widgetfind.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableWidget>
#include <QTest>
#include <QTextBrowser>

#include <algorithm>

using namespace shmwise;
using testutil::findByName;
using testutil::marked;
using testutil::pageMessage;

namespace {

// The Results page of a new Docker job, shown.
ResultsPage *dockerResults(MainWindow &w)
{
    w.show();
    w.session()->edit([](Profile &p) { p.environment = Environment::Docker; });
    Wizard *wiz = w.wizard();
    wiz->setStartId(Wizard::ResultsPageId);
    wiz->restart();
    return wiz->resultsPage();
}

// The row of the file named `fileName`, -1 when there is none.
int artifactRow(const ResultsPage *results, const QString &fileName)
{
    for (int i = 0; i < results->artifacts().size(); ++i)
        if (results->artifacts()[i].fileName == fileName)
            return i;
    return -1;
}

// The one mark of an invalid field: the critical icon inside it, the message as its tooltip.
} // namespace

class TestWizardTraps3 : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }
    void init() { QSettings().clear(); }

    // Trap 8, the Environment page: an empty job name and an absurd /dev/shm were not marked,
    // a message said "Shm bytes", and 99999999999999T showed a byte count capped at 2^64-1.
    void environmentFieldsMarkedOneWay()
    {
        MainWindow w;
        w.show();
        Wizard *wiz = w.wizard();
        w.session()->edit([](Profile &p) { p.environment = Environment::Docker; });
        wiz->setStartId(Wizard::EnvironmentPageId);
        wiz->restart();
        EnvironmentPage *page = wiz->environmentPage();
        QVERIFY(page->isComplete());

        auto *name = findByName<QLineEdit>(page, QStringLiteral("Job name"));
        QVERIFY(name);
        QVERIFY(!marked(name));
        name->selectAll();
        QTest::keyClick(name, Qt::Key_Delete);
        QVERIFY(!page->isComplete());
        QVERIFY(marked(name));
        QVERIFY2(name->toolTip().startsWith(QLatin1String("Job name: ")),
                 qPrintable(name->toolTip()));
        QVERIFY2(pageMessage(page).contains(QLatin1String("Job name: ")),
                 qPrintable(pageMessage(page)));
        QTest::keyClicks(name, QStringLiteral("train"));
        QVERIFY(!marked(name));
        QVERIFY(page->isComplete());

        auto *shm = findByName<QLineEdit>(page, QStringLiteral("Current /dev/shm"));
        QVERIFY(shm);
        shm->clear();
        QTest::keyClicks(shm, QStringLiteral("99999999999999T"));
        QVERIFY(!page->isComplete());
        QVERIFY(marked(shm));
        const QString message = pageMessage(page);
        QVERIFY2(message.contains(QLatin1String("Current /dev/shm: ")), qPrintable(message));
        QVERIFY2(message.contains(QLatin1String("more than 1 EiB")), qPrintable(message));
        QVERIFY2(!message.contains(QLatin1String("18446744073709551615")), qPrintable(message));
        auto *bytes = findByName<QLabel>(page, QStringLiteral("Current /dev/shm in bytes"));
        QVERIFY(bytes);
        QVERIFY2(bytes->text().isEmpty(), qPrintable(bytes->text()));
        shm->clear();
        QTest::keyClicks(shm, QStringLiteral("1g"));
        QVERIFY(!marked(shm));
        QVERIFY(page->isComplete());

        // A profile's value past the limit names the field by its label, never "Shm bytes".
        w.session()->edit([](Profile &p) { p.host.shmBytes = Bytes(1) << 62; });
        QVERIFY(marked(shm));
        QVERIFY2(pageMessage(page).contains(QLatin1String("Current /dev/shm: at most 1 EiB")),
                 qPrintable(pageMessage(page)));
        QVERIFY(!pageMessage(page).contains(QLatin1String("Shm bytes")));
        w.session()->edit([](Profile &p) { p.host.shmBytes = 1 * GiB; });
        QVERIFY(!marked(shm));

        // Number boxes show the profile's number or say they cannot: 200 GPUs are 200, and 100000
        // CPUs are not shown as the box's maximum without a word.
        auto *gpus = findByName<QSpinBox>(page, QStringLiteral("GPUs per node"));
        QVERIFY(gpus);
        w.session()->edit([](Profile &p) { p.job.gpus = 200; });
        QCOMPARE(gpus->value(), 200);
        QVERIFY(!marked(gpus));
        w.session()->edit([](Profile &p) { p.job.gpus = 2000; });
        QVERIFY(marked(gpus));
        QVERIFY2(pageMessage(page).contains(QLatin1String("GPUs per node: ")),
                 qPrintable(pageMessage(page)));
        w.session()->edit([](Profile &p) { p.job.gpus = 1; });
        auto *cpus = findByName<QSpinBox>(page, QStringLiteral("CPUs"));
        QVERIFY(cpus);
        w.session()->edit([](Profile &p) { p.host.cpus = 100000; });
        QVERIFY(marked(cpus));
        QVERIFY(!page->isComplete());
        QVERIFY2(pageMessage(page).contains(QLatin1String("the profile holds 100000")),
                 qPrintable(pageMessage(page)));
        cpus->setValue(64);
        QCOMPARE(w.session()->profile().host.cpus, std::optional<quint64>(64));
        QVERIFY(!marked(cpus));
        QVERIFY(page->isComplete());
    }

    // Trap 8, the Workload page: a spin box, a check box and a tensor row each get the mark when
    // the profile's value under them is wrong.
    void workloadFieldsMarkedOneWay()
    {
        MainWindow w;
        w.show();
        Wizard *wiz = w.wizard();
        wiz->setStartId(Wizard::WorkloadPageId);
        wiz->restart();
        WorkloadPage *page = wiz->workloadPage();
        QVERIFY(page->isComplete());
        auto *prefetch = findByName<QSpinBox>(page, QStringLiteral("Prefetch factor"));
        auto *persistent = findByName<QCheckBox>(page, QStringLiteral("Persistent workers"));
        auto *batch = findByName<QSpinBox>(page, QStringLiteral("Batch size"));
        auto *table = findByName<QTableWidget>(page, QStringLiteral("Tensors of one sample"));
        QVERIFY(prefetch && persistent && batch && table);

        // A profile as a file may hold it: prefetch and persistent workers without workers.
        w.session()->edit([](Profile &p) {
            p.workload.numWorkers = 0;
            p.workload.prefetchFactor = 4;
            p.workload.persistentWorkers = true;
        });
        QVERIFY(!page->isComplete());
        QVERIFY(marked(prefetch));
        QVERIFY(marked(persistent));
        QVERIFY2(prefetch->toolTip().startsWith(QLatin1String("Prefetch factor: ")),
                 qPrintable(prefetch->toolTip()));
        w.session()->edit([](Profile &p) {
            p.workload.numWorkers = 4;
            p.workload.persistentWorkers = false;
        });
        QVERIFY(!marked(prefetch));
        QVERIFY(!marked(persistent));

        // A batch beyond the box: marked with the profile's number, not shown as 1000000.
        w.session()->edit([](Profile &p) { p.workload.batchSize = 5000000; });
        QVERIFY(marked(batch));
        QVERIFY2(pageMessage(page).contains(QLatin1String("the profile holds 5000000")),
                 qPrintable(pageMessage(page)));
        batch->setValue(32);
        QVERIFY(!marked(batch));

        // Two tensors of one name: the second row carries the mark and says why.
        w.session()->edit([](Profile &p) {
            p.workload.preset.clear();
            p.workload.sample = {TensorSpec(QStringLiteral("image"), {3, 224, 224}),
                                 TensorSpec(QStringLiteral("image"), {1})};
        });
        QCOMPARE(table->rowCount(), 2);
        QVERIFY(table->item(0, 0)->data(Qt::DecorationRole).value<QIcon>().isNull());
        QVERIFY(!table->item(1, 0)->data(Qt::DecorationRole).value<QIcon>().isNull());
        QVERIFY2(table->item(1, 0)->toolTip().contains(QLatin1String("used twice")),
                 qPrintable(table->item(1, 0)->toolTip()));
        QVERIFY(!page->isComplete());
        w.session()->edit([](Profile &p) { p.workload.sample[1].name = QStringLiteral("label"); });
        QVERIFY(table->item(1, 0)->data(Qt::DecorationRole).value<QIcon>().isNull());
        QVERIFY(page->isComplete());
    }

    // Trap 17: in the fitted view the breakdown was squeezed into a scroll area of its own about
    // 30 px tall. It is as tall as its text; the page scrolls.
    void breakdownNotSqueezed()
    {
        MainWindow w;
        w.resize(1000, 640);
        w.show();
        w.session()->edit([](Profile &p) {
            p.environment = Environment::Docker;
            p.host.shmAdjustable = false;
            p.host.shmBytes = 64 * MiB;
        });
        Wizard *wiz = w.wizard();
        wiz->setStartId(Wizard::WorkloadPageId);
        wiz->restart();
        WorkloadPage *page = wiz->workloadPage();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto *box = findByName<QGroupBox>(page, QStringLiteral("Fitted settings"));
        QVERIFY(box && box->isVisible());
        auto *breakdown =
            findByName<QTextBrowser>(page, QStringLiteral("Breakdown of the /dev/shm needed"));
        QVERIFY(breakdown);
        QTRY_VERIFY(breakdown->document()->size().height() > 3 * breakdown->fontMetrics().height());
        QTRY_VERIFY2(breakdown->height() >= int(breakdown->document()->size().height()),
                     qPrintable(QStringLiteral("%1 px shown of %2")
                                    .arg(breakdown->height())
                                    .arg(breakdown->document()->size().height())));
        QCOMPARE(breakdown->verticalScrollBar()->maximum(), 0);
    }

    // Trap 17: a log pasted as one long line scrolled to its end, hiding where it starts.
    void oneLineLogKeepsItsStart()
    {
        MainWindow w;
        w.show();
        w.showDiagnose();
        DiagnoseDialog *d = w.diagnoseDialog();
        QVERIFY(d);
        auto *log = findByName<QPlainTextEdit>(d, QStringLiteral("Error log"));
        QVERIFY(log);
        QVERIFY(QTest::qWaitForWindowExposed(d));
        QString line = QStringLiteral("RuntimeError: DataLoader worker (pid 4242) is killed by "
                                      "signal: Bus error. It is possible that dataloader's "
                                      "workers are out of shared memory.");
        line += QStringLiteral(" padding").repeated(60);
        log->setFocus();
        log->insertPlainText(line);
        QApplication::processEvents();
        QCOMPARE(log->horizontalScrollBar()->value(), 0);
        QVERIFY(log->cursorRect(QTextCursor(log->document())).left() >= 0);
    }

    // "0" in Current /dev/shm was taken without a word, while "100" was said to be only 100
    // bytes.
    void zeroShmIsSaid()
    {
        MainWindow w;
        w.show();
        w.session()->edit([](Profile &p) { p.environment = Environment::Docker; });
        Wizard *wiz = w.wizard();
        wiz->setStartId(Wizard::EnvironmentPageId);
        wiz->restart();
        EnvironmentPage *page = wiz->environmentPage();
        auto *shm = findByName<QLineEdit>(page, QStringLiteral("Current /dev/shm"));
        QVERIFY(shm);
        shm->setFocus();
        QTest::keyClicks(shm, QStringLiteral("0"));
        QVERIFY2(pageMessage(page).contains(QLatin1String("0 bytes is no /dev/shm")),
                 qPrintable(pageMessage(page)));
        QVERIFY(marked(shm));
        // A notice (the field holds a value, Next goes on) is marked as a warning, not with the
        // critical mark of an error.
        QCOMPARE(shm->property("shmwiseMarkKind").toString(), QStringLiteral("notice"));
        QVERIFY(page->isComplete());
        shm->selectAll();
        QTest::keyClicks(shm, QStringLiteral("abc"));
        QCOMPARE(shm->property("shmwiseMarkKind").toString(), QStringLiteral("error"));
        QVERIFY(!page->isComplete());
        shm->selectAll();
        QTest::keyClicks(shm, QStringLiteral("64m"));
        QVERIFY(!pageMessage(page).contains(QLatin1String("0 bytes is no /dev/shm")));
    }

    // compose.yaml's shm_size edited from the plan's size back to 64m kept its green mark and
    // "no problems found": the files' sizes are held against the plan, and one below what the
    // job needs is an error on its line.
    void editedShmBelowThePlanIsAnError()
    {
        MainWindow w;
        ResultsPage *results = dockerResults(w);
        auto *list = results->findChild<QListWidget *>();
        QVERIFY(list);
        const quint64 required = w.session()->plan().requiredBytes;
        QVERIFY(required > 64 * MiB);
        for (const QString &file :
             {QStringLiteral("compose.yaml"), QStringLiteral("docker-run.sh")}) {
            const int index = artifactRow(results, file);
            QVERIFY2(index >= 0, qPrintable(file));
            list->setCurrentRow(index);
            CodeView *code = results->codeView();
            auto errors = [&] {
                return std::count_if(code->diagnostics().cbegin(), code->diagnostics().cend(),
                                     [](const Diagnostic &d) {
                                         return d.severity == Severity::Error &&
                                                d.message.contains(QLatin1String("Bus error"));
                                     });
            };
            QCOMPARE(errors(), 0); // as generated: the plan's size
            QString text = code->toPlainText();
            text.replace(QRegularExpression(QStringLiteral(R"(shm_size: "\w+")")),
                         QStringLiteral("shm_size: \"64m\""));
            text.replace(QRegularExpression(QStringLiteral(R"(--shm-size=\w+)")),
                         QStringLiteral("--shm-size=64m"));
            QVERIFY(text != code->toPlainText());
            code->setPlainText(text);
            QTRY_COMPARE(errors(), 1);
            for (const Diagnostic &d : code->diagnostics())
                if (d.message.contains(QLatin1String("Bus error"))) {
                    QVERIFY2(text.split(QLatin1Char('\n'))
                                 .value(d.line - 1)
                                 .contains(QLatin1String("64m")),
                             qPrintable(d.message));
                    QVERIFY2(d.message.contains(QLatin1String("64 MiB")), qPrintable(d.message));
                }
            auto *status = findByName<QLabel>(results, QStringLiteral("Results status"));
            QVERIFY(status);
            QVERIFY2(status->text().contains(QLatin1String("1 error")), qPrintable(status->text()));
        }
    }

    // shm-alerts.yml (and the CI files) said "no checker for this format" though they are
    // YAML: their YAML is read, and a break in it is an error like any file's.
    void yamlWithoutAChecker()
    {
        MainWindow w;
        ResultsPage *results = dockerResults(w);
        auto *list = results->findChild<QListWidget *>();
        const int index = artifactRow(results, QStringLiteral("shm-alerts.yml"));
        QVERIFY(index >= 0);
        list->setCurrentRow(index);
        auto *status = findByName<QLabel>(results, QStringLiteral("Results status"));
        QVERIFY2(status->text().contains(QLatin1String("its YAML reads")),
                 qPrintable(status->text()));
        CodeView *code = results->codeView();
        code->setPlainText(code->toPlainText() + QStringLiteral("  - alert: [unclosed\n"));
        QTRY_VERIFY(!code->diagnostics().isEmpty());
        QCOMPARE(code->diagnostics().first().severity, Severity::Error);
        QVERIFY2(status->text().contains(QLatin1String("1 error")), qPrintable(status->text()));
        QVERIFY(list->item(index)
                    ->data(Qt::AccessibleDescriptionRole)
                    .toString()
                    .contains(QLatin1String("error")));
    }

    // A Kubernetes log ("kubectl logs pod/train-0") sent to the plan of a job run by Docker,
    // the new profile's default. A new profile follows where the log says the job ran; one that
    // chose another place keeps it and is told.
    void diagnoseFollowsTheLogsEnvironment()
    {
        const QString log = QStringLiteral(
            "$ kubectl logs pod/train-0 -n ml\n"
            "RuntimeError: DataLoader worker (pid 4242) is killed by signal: Bus error. It is "
            "possible that dataloader's workers are out of shared memory. Please try to raise "
            "your shared memory limit.\n");
        {
            MainWindow w;
            w.showDiagnose();
            DiagnoseDialog *d = w.diagnoseDialog();
            d->setLog(log);
            QVERIFY(d->applyFix(0));
            QCOMPARE(w.session()->profile().environment, Environment::Kubernetes);
            QVERIFY2(d->statusText().contains(QLatin1String("The log shows Kubernetes")),
                     qPrintable(d->statusText()));
            QVERIFY2(w.statusBar()->currentMessage().contains(QLatin1String("Kubernetes")),
                     qPrintable(w.statusBar()->currentMessage()));
            w.session()->markSaved(QString());
        }
        {
            MainWindow w;
            w.session()->edit([](Profile &p) {
                p.environment = Environment::Docker;
                p.workload.batchSize = 48;
            });
            w.showDiagnose();
            DiagnoseDialog *d = w.diagnoseDialog();
            d->setLog(log);
            QVERIFY(d->applyFix(0));
            QCOMPARE(w.session()->profile().environment, Environment::Docker);
            QVERIFY2(d->statusText().contains(QLatin1String("though the log shows Kubernetes")),
                     qPrintable(d->statusText()));
            w.session()->markSaved(QString());
        }
    }
};

QTEST_MAIN(TestWizardTraps3)
#include "tst_wizardtraps3.moc"
