// SPDX-License-Identifier: GPL-3.0-or-later
// The Workload page with the job's several loaders, offscreen: adding a validation loader,
// editing it without touching the training loader, names and lifetimes, the plan naming each
// loader, the fit applied to every loader, removing loaders, and profiles with loaders opened.
#include "core/profile.h"
#include "testutil.h"
#include "ui/fitbox.h"
#include "ui/mainwindow.h"
#include "ui/session.h"
#include "ui/wizard.h"
#include "ui/workloadpage.h"
#include "widgetfind.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTest>
#include <QTextBrowser>

using namespace shmwise;
using testutil::buttonWithText;
using testutil::findByName;

class TestWizardLoaders : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    void addEditAndRemoveALoader()
    {
        MainWindow w;
        w.show();
        Wizard *wiz = w.wizard();
        wiz->next();
        wiz->next();
        WorkloadPage *page = wiz->workloadPage();
        auto *pick = findByName<QComboBox>(page, QStringLiteral("Loader"));
        auto *name = findByName<QLineEdit>(page, QStringLiteral("Loader name"));
        auto *lifetime = findByName<QComboBox>(page, QStringLiteral("Lifetime"));
        auto *batch = findByName<QSpinBox>(page, QStringLiteral("Batch size"));
        auto *processes = findByName<QSpinBox>(page, QStringLiteral("Processes per node"));
        QVERIFY(pick && name && lifetime && batch && processes);
        QVERIFY(!pick->isEnabled());
        QVERIFY(name->isHidden());
        const quint64 alone = w.session()->plan().requiredBytes;
        const quint64 trainBatch = w.session()->profile().workload.batchSize;

        QPushButton *add = buttonWithText(page, QStringLiteral("Add loader"));
        QVERIFY(add);
        add->click();
        const Profile &p = w.session()->profile();
        QCOMPARE(p.otherLoaders.size(), 1);
        QCOMPARE(p.workload.name, QStringLiteral("train"));
        QCOMPARE(p.otherLoaders[0].name, QStringLiteral("val"));
        QVERIFY(pick->isEnabled());
        QCOMPARE(pick->count(), 2);
        QCOMPARE(pick->currentIndex(), 1);
        QVERIFY(!name->isHidden());
        QCOMPARE(name->text(), QStringLiteral("val"));
        // processes_per_node is the job's: only the training loader sets it.
        QVERIFY(!processes->isEnabled());
        // Both loaders count: more than the training loader alone.
        QVERIFY(w.session()->plan().requiredBytes > alone);

        // The fields edit the validation loader, not the training loader.
        batch->setValue(64);
        QCOMPARE(p.otherLoaders[0].batchSize, quint64(64));
        QCOMPARE(p.workload.batchSize, trainBatch);
        lifetime->setCurrentIndex(lifetime->findData(QStringLiteral("kept")));
        Q_EMIT lifetime->activated(lifetime->currentIndex());
        QCOMPARE(p.otherLoaders[0].lifetime, LoaderLifetime::Kept);

        // The plan names each loader, in the breakdown the page shows.
        auto *breakdown =
            findByName<QTextBrowser>(page, QStringLiteral("Breakdown of the /dev/shm needed"));
        const QString shown = breakdown->toPlainText();
        QVERIFY2(shown.contains(QLatin1String("(val, running)")) ||
                     shown.contains(QLatin1String("(train, running)")),
                 qPrintable(shown));
        QVERIFY2(shown.contains(QLatin1String("val, kept alive while train runs")) ||
                     shown.contains(QLatin1String("train, done, while val runs")),
                 qPrintable(shown));

        // The new loader's name is selected: typing replaces it. A name used twice blocks Next
        // and says so.
        QTest::keyClicks(name, QStringLiteral("x"));
        QCOMPARE(p.otherLoaders[0].name, QStringLiteral("x"));
        name->clear();
        QTest::keyClicks(name, QStringLiteral("train"));
        QVERIFY(!page->isComplete());
        auto *msg = page->findChild<QLabel *>(QStringLiteral("pageMessage"));
        QVERIFY2(msg && msg->text().contains(QLatin1String("train")), qPrintable(msg->text()));
        name->clear();
        QTest::keyClicks(name, QStringLiteral("eval"));
        QVERIFY(page->isComplete());

        // Back to the training loader: its own fields show.
        pick->setCurrentIndex(0);
        Q_EMIT pick->activated(0);
        QCOMPARE(batch->value(), int(trainBatch));
        QVERIFY(processes->isEnabled());
        processes->setValue(2);
        QCOMPARE(p.otherLoaders[0].processesPerNode, quint64(2));
        QVERIFY(w.session()->problems().isEmpty());

        // Removing the training loader makes the next one the training loader.
        buttonWithText(page, QStringLiteral("Remove loader"))->click();
        QVERIFY(p.otherLoaders.isEmpty());
        QCOMPARE(p.workload.name, QStringLiteral("eval"));
        QCOMPARE(p.workload.batchSize, quint64(64));
        QCOMPARE(p.workload.processesPerNode, quint64(2));
        QVERIFY(!pick->isEnabled());
        QVERIFY(w.session()->problems().isEmpty());
    }

    void fitAppliesToEveryLoader()
    {
        MainWindow w;
        w.show();
        const ProfileResult r = loadProfile(
            testutil::testData(QStringLiteral("golden/docker-loaders-not-adjustable.yaml")));
        QVERIFY(r.ok());
        Profile prof = *r.profile;
        prof.host.shmBytes = 64 * MiB;
        w.session()->setProfile(prof);
        Wizard *wiz = w.wizard();
        wiz->next();
        wiz->next();
        WorkloadPage *page = wiz->workloadPage();
        auto *fit = page->findChild<FitBox *>();
        QVERIFY(fit && fit->isVisible());
        QPushButton *apply = buttonWithText(page, QStringLiteral("Apply fitted settings"));
        QVERIFY(apply && apply->isEnabled());
        apply->click();
        const ShmPlan &plan = w.session()->plan();
        QVERIFY2(plan.requiredBytes <= 64 * MiB, qPrintable(formatSize(plan.requiredBytes)));
        // The validation loader gave up what it could before the training loader did.
        const Profile &p = w.session()->profile();
        QVERIFY(p.otherLoaders[0].numWorkers <= 1);
        QVERIFY(!apply->isEnabled());
    }
    // A loader built by a framework: the Workload page names it and gives the loader's
    // settings in the framework's own words, following the fields; the user can choose one.
    void frameworkInItsOwnWords()
    {
        MainWindow w;
        w.show();
        Wizard *wiz = w.wizard();
        wiz->setStartId(Wizard::WorkloadPageId);
        wiz->restart();
        WorkloadPage *page = wiz->workloadPage();
        auto *framework = findByName<QComboBox>(page, QStringLiteral("Framework"));
        auto *note = findByName<QLabel>(page, QStringLiteral("Framework settings"));
        QVERIFY(framework && note);
        QVERIFY(note->isHidden());
        QVERIFY(!framework->whatsThis().isEmpty());
        // As `measure --out` writes it.
        w.session()->edit([](Profile &p) {
            p.workload.framework = QStringLiteral("ultralytics");
            p.workload.processesPerNode = 4;
            p.workload.batchSize = 16;
            p.workload.setNumWorkers(6);
        });
        QCOMPARE(framework->currentText(), QStringLiteral("Ultralytics"));
        QVERIFY(!note->isHidden());
        // Ultralytics' batch is the total over the GPUs: 16 per rank x 4 ranks.
        QString text = breakable(note->text());
        QVERIFY2(text.contains(QLatin1String("model.train(batch=64, workers=6)")),
                 qPrintable(text));
        auto *batch = findByName<QSpinBox>(page, QStringLiteral("Batch size"));
        batch->setValue(8);
        text = breakable(note->text());
        QVERIFY2(text.contains(QLatin1String("batch=32")), qPrintable(text));
        // Chosen by the user from the list.
        const int hf = framework->findData(QStringLiteral("transformers"));
        QVERIFY(hf > 0);
        framework->setCurrentIndex(hf);
        Q_EMIT framework->activated(hf);
        QCOMPARE(w.session()->profile().workload.framework, QStringLiteral("transformers"));
        text = breakable(note->text());
        QVERIFY2(text.contains(QLatin1String("per_device_train_batch_size=8")) &&
                     text.contains(QLatin1String("dataloader_num_workers=6")),
                 qPrintable(text));
        // None: a DataLoader of the user's own.
        framework->setCurrentIndex(0);
        Q_EMIT framework->activated(0);
        QVERIFY(w.session()->profile().workload.framework.isEmpty());
        QVERIFY(note->isHidden());
    }
};

QTEST_MAIN(TestWizardLoaders)
#include "tst_wizardloaders.moc"
