// SPDX-License-Identifier: GPL-3.0-or-later
// What later newcomer walks found: a plan error of numbers the page no longer shows; no memory
// at all, or a few bytes, taken unsaid; -3 taken as 3; a pod's namespace dropped; no way to a
// crash log from the first page; a button that did nothing visible; a tensor emptied unseen; a
// /dev/shm given for another environment kept unsaid.
#include "core/sizing.h"
#include "ui/diagnosedialog.h"
#include "ui/environmentpage.h"
#include "ui/mainwindow.h"
#include "ui/numberbox.h"
#include "ui/session.h"
#include "ui/targetpage.h"
#include "ui/wizard.h"
#include "ui/workloadpage.h"

#include "widgetfind.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTest>
#include <QTextBrowser>

using namespace shmwise;
using testutil::findByName;
using testutil::marked;
using testutil::pageMessage;

class TestWizardTraps6 : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }
    void init() { QSettings().clear(); }

    // A shape that cannot be read left the plan's own error of the old shape
    // on the page ("The job needs 53.6 MiB ..."); the Margin spoke of "measured peaks" when
    // nothing was measured; a job memory of 0 was taken, and then no setting could fit it.
    void noStalePlanError()
    {
        MainWindow w;
        w.show();
        Wizard *wiz = w.wizard();
        w.session()->edit([](Profile &p) {
            p.environment = Environment::Docker;
            p.job.memoryBytes = 16 * MiB;
        });
        wiz->setStartId(Wizard::WorkloadPageId);
        wiz->restart();
        WorkloadPage *page = wiz->workloadPage();
        QVERIFY2(pageMessage(page).contains(QLatin1String("more than its memory limit")),
                 qPrintable(pageMessage(page)));
        auto *table = findByName<QTableWidget>(page, QStringLiteral("Tensors of one sample"));
        QVERIFY(table && table->rowCount() > 0);
        table->item(0, 1)->setText(QStringLiteral("3, 5, -224"));
        const QString message = pageMessage(page);
        QVERIFY2(message.contains(QLatin1String("negative")), qPrintable(message));
        QVERIFY2(!message.contains(QLatin1String("The job needs")), qPrintable(message));
        table->item(0, 1)->setText(QStringLiteral("3, 5, 224"));
        for (const PlanTerm &t : w.session()->plan().breakdown)
            QVERIFY2(!t.why.contains(QLatin1String("measured peaks")), qPrintable(t.why));
        // No memory at all is refused on its field, where it was typed.
        w.session()->edit([](Profile &p) { p.job.memoryBytes = 0; });
        wiz->setStartId(Wizard::EnvironmentPageId);
        wiz->restart();
        EnvironmentPage *env = wiz->environmentPage();
        auto *memory = findByName<QLineEdit>(env, QStringLiteral("Job memory"));
        QVERIFY(memory);
        QVERIFY(marked(memory));
        QVERIFY(!env->isComplete());
        QVERIFY2(pageMessage(env).contains(QLatin1String("no memory at all")),
                 qPrintable(pageMessage(env)));
    }

    // "-3" in GPUs per node said only "'-' is not a whole number"; "9999999999" in CPUs said
    // "99999 is more than 65536" (neither what was typed nor what was held).
    void negativeAndHugeNumbersSaid()
    {
        MainWindow w;
        w.show();
        if (!QTest::qWaitForWindowActive(&w))
            QSKIP("the platform gives the window no focus, and focus ends an edit");
        Wizard *wiz = w.wizard();
        wiz->setStartId(Wizard::EnvironmentPageId);
        wiz->restart();
        EnvironmentPage *page = wiz->environmentPage();
        auto *gpus = findByName<NumberBox>(page, QStringLiteral("GPUs per node"));
        auto *cpus = findByName<NumberBox>(page, QStringLiteral("CPUs"));
        QVERIFY(gpus && cpus);
        gpus->setFocus();
        gpus->selectAll();
        const int before = gpus->value();
        QTest::keyClicks(gpus, QStringLiteral("-3"));
        // The digits after the refused "-" are refused with it: -3 never becomes 3.
        QCOMPARE(gpus->value(), before);
        QVERIFY2(pageMessage(page).contains(QLatin1String("'-3': no negative number")) &&
                     pageMessage(page).contains(QStringLiteral("the field holds %1").arg(before)),
                 qPrintable(pageMessage(page)));
        cpus->setFocus();
        cpus->selectAll();
        QTest::keyClicks(cpus, QStringLiteral("9999999999"));
        QVERIFY2(cpus->refusal().contains(QLatin1String("9999999999 is more than 65536")),
                 qPrintable(cpus->refusal()));
        QVERIFY2(pageMessage(page).contains(QLatin1String("the field holds 9999")),
                 qPrintable(pageMessage(page)));
        // "16" meant as 16 GiB is 16 bytes: taken, and said.
        auto *memory = findByName<QLineEdit>(page, QStringLiteral("Job memory"));
        QVERIFY(memory);
        memory->setFocus();
        memory->selectAll();
        QTest::keyClicks(memory, QStringLiteral("16"));
        QVERIFY2(pageMessage(page).contains(QLatin1String("16 is only 16 bytes")),
                 qPrintable(pageMessage(page)));
        QTest::keyClicks(memory, QStringLiteral("GiB"));
        QVERIFY(!pageMessage(page).contains(QLatin1String("is only")));
        // GPUs back to 0: the processes that followed them go back to one.
        gpus->setValue(4);
        QCOMPARE(w.session()->profile().workload.processesPerNode, quint64(4));
        gpus->setValue(0);
        QCOMPARE(w.session()->profile().workload.processesPerNode, quint64(1));
    }

    // A pod probed in namespace ml-team, and the job's files said "namespace: default".
    void podNamespaceGoesToTheFiles()
    {
        MainWindow w;
        w.show();
        TargetPage *page = w.wizard()->targetPage();
        const Profile before = w.session()->profile();
        QVERIFY(before.environment != Environment::Kubernetes);
        for (QRadioButton *r : page->findChildren<QRadioButton *>())
            if (r->text().remove(QLatin1Char('&')).contains(QLatin1String("Kubernetes")))
                r->setChecked(true);
        auto *ns = findByName<QLineEdit>(page, QStringLiteral("Pod namespace"));
        QVERIFY(ns);
        QTest::keyClicks(ns, QStringLiteral("ml-team"));
        QCOMPARE(w.session()->profile().environment, Environment::Kubernetes);
        QCOMPARE(w.session()->profile().kubernetes.ns, QStringLiteral("ml-team"));
        // A name Kubernetes refuses is said on the namespace field, before a pod is typed, by
        // the rule the Environment page holds it to; Next waits.
        auto *pod = findByName<QLineEdit>(page, QStringLiteral("Pod"));
        QVERIFY(pod);
        ns->clear();
        QTest::keyClicks(ns, QStringLiteral("Bad_NS"));
        QVERIFY2(page->messageText().contains(
                     QLatin1String("Pod namespace: 'Bad_NS' is not a valid name")),
                 qPrintable(page->messageText()));
        QTest::keyClicks(pod, QStringLiteral("train-0"));
        QVERIFY(!page->messageText().contains(QLatin1String("Pod:")));
        QVERIFY(!page->isComplete());
        QString problem;
        for (const ProfileProblem &p : w.session()->problems())
            if (p.key == QLatin1String("kubernetes.namespace"))
                problem = p.message;
        QVERIFY(!problem.isEmpty());
        QVERIFY2(page->messageText().contains(problem), qPrintable(page->messageText()));
        ns->clear();
        QTest::keyClicks(ns, QStringLiteral("ml-team"));
        QVERIFY2(!page->messageText().contains(QLatin1String("not a valid name")),
                 qPrintable(page->messageText()));
        QVERIFY(page->isComplete());
        // Emptied, the namespace is the profile's again; another target puts back the
        // environment the pod had changed, so nothing removed here blocks a later page.
        ns->clear();
        QTest::keyClicks(ns, QStringLiteral("Bad_NS"));
        ns->selectAll();
        QTest::keyClick(ns, Qt::Key_Delete);
        QCOMPARE(w.session()->profile().kubernetes.ns, before.kubernetes.ns);
        for (QRadioButton *r : page->findChildren<QRadioButton *>())
            if (r->text().remove(QLatin1Char('&')).contains(QLatin1String("This computer")))
                r->setChecked(true);
        QCOMPARE(w.session()->profile().environment, before.environment);
        QCOMPARE(w.session()->profile().kubernetes.ns, before.kubernetes.ns);
        // A namespace typed, another target, the pod again: the field still shows the
        // namespace, and the files take it again.
        auto choose = [&](const char *words) {
            for (QRadioButton *r : page->findChildren<QRadioButton *>())
                if (r->text().remove(QLatin1Char('&')).contains(QLatin1String(words)))
                    r->setChecked(true);
        };
        choose("Kubernetes");
        QTest::keyClicks(ns, QStringLiteral("ml-team"));
        QCOMPARE(w.session()->profile().kubernetes.ns, QStringLiteral("ml-team"));
        choose("This computer");
        QCOMPARE(w.session()->profile().environment, before.environment);
        QCOMPARE(w.session()->profile().kubernetes.ns, before.kubernetes.ns);
        QCOMPARE(ns->text(), QStringLiteral("ml-team"));
        choose("Kubernetes");
        QCOMPARE(w.session()->profile().environment, Environment::Kubernetes);
        QCOMPARE(w.session()->profile().kubernetes.ns, QStringLiteral("ml-team"));
    }

    // A newcomer with a crash log found no way to it on the first page.
    void diagnoseFromTheFirstPage()
    {
        MainWindow w;
        w.show();
        QPushButton *button = testutil::buttonWithText(w.wizard()->targetPage(),
                                                       QStringLiteral("Diagnose an Error Log…"));
        QVERIFY(button && button->isVisible());
        button->click();
        QVERIFY(w.diagnoseDialog() && w.diagnoseDialog()->isVisible());
    }

    // "Use in profile" (now Use These Facts) did nothing visible.
    void useInProfileSaysWhat()
    {
        MainWindow w;
        w.show();
        Wizard *wiz = w.wizard();
        wiz->setStartId(Wizard::HostPageId);
        wiz->restart();
        QWidget *page = wiz->currentPage();
        QPushButton *use = testutil::buttonWithText(page, QStringLiteral("Use These Facts"));
        QVERIFY(use);
        QTRY_VERIFY_WITH_TIMEOUT(use->isEnabled(), 20000);
        auto *used = findByName<QLabel>(page, QStringLiteral("Used in profile"));
        QVERIFY(used && used->isHidden());
        use->click();
        QVERIFY(!used->isHidden());
        QVERIFY2(breakable(used->text()).contains(QLatin1String("host memory")),
                 qPrintable(used->text()));
        // The probed memory is written as people type it (23.5GiB), not as /proc/meminfo's KiB.
        const std::optional<Bytes> memory = w.session()->profile().host.memoryBytes;
        QVERIFY(memory);
        auto *field = findByName<QLineEdit>(wiz->environmentPage(), QStringLiteral("Host memory"));
        QVERIFY(field);
        QVERIFY2(field->text() == profileSize(*memory) &&
                     (*memory < GiB || field->text().endsWith(QLatin1String("GiB")) ||
                      field->text().endsWith(QLatin1String("TiB"))),
                 qPrintable(field->text()));
    }
    // An emptied shape turned an image into one float unseen; numbers edited back to the
    // preset's left the preset at "Custom".
    void emptiedShapeSaidAndPresetFound()
    {
        MainWindow w;
        w.show();
        Wizard *wiz = w.wizard();
        wiz->setStartId(Wizard::WorkloadPageId);
        wiz->restart();
        WorkloadPage *page = wiz->workloadPage();
        auto *table = findByName<QTableWidget>(page, QStringLiteral("Tensors of one sample"));
        auto *preset = findByName<QComboBox>(page, QStringLiteral("Preset"));
        QVERIFY(table && preset && table->rowCount() > 0);
        const QString presetName = preset->currentText();
        const QString shape = table->item(0, 1)->text();
        QVERIFY(!shape.isEmpty());
        table->item(0, 1)->setText(QString());
        QVERIFY2(pageMessage(page).contains(QLatin1String("an empty shape is one value")) &&
                     pageMessage(page).contains(shape),
                 qPrintable(pageMessage(page)));
        QVERIFY(page->isComplete());
        QCOMPARE(preset->currentIndex(), 0);
        table->item(0, 1)->setText(QStringLiteral("3, 224, 0"));
        QVERIFY2(pageMessage(page).contains(QLatin1String("a dimension of 0 makes it empty")),
                 qPrintable(pageMessage(page)));
        table->item(0, 1)->setText(shape);
        QVERIFY(!pageMessage(page).contains(QLatin1String("empty shape")));
        QVERIFY(!pageMessage(page).contains(QLatin1String("dimension of 0")));
        QCOMPARE(preset->currentText(), presetName);
    }
    // A /dev/shm given for bare metal stayed when SageMaker was chosen, and the files fitted
    // the job to it without a word.
    void shmGivenElsewhereIsSaid()
    {
        MainWindow w;
        w.show();
        w.session()->edit([](Profile &p) {
            p.environment = Environment::BareMetal;
            p.host.shmBytes = 512 * MiB;
        });
        Wizard *wiz = w.wizard();
        wiz->setStartId(Wizard::EnvironmentPageId);
        wiz->restart();
        EnvironmentPage *page = wiz->environmentPage();
        auto *env = findByName<QComboBox>(page, QStringLiteral("Environment"));
        QVERIFY(env);
        env->setCurrentIndex(env->findData(QStringLiteral("sagemaker")));
        QCOMPARE(w.session()->profile().environment, Environment::SageMaker);
        QVERIFY2(pageMessage(page).contains(QLatin1String("512 MiB was given for")),
                 qPrintable(pageMessage(page)));
        QVERIFY(page->isComplete());
        auto *shm = findByName<QLineEdit>(page, QStringLiteral("Current /dev/shm"));
        QVERIFY(shm);
        shm->setFocus();
        shm->selectAll();
        QTest::keyClicks(shm, QStringLiteral("1GiB"));
        QVERIFY(!pageMessage(page).contains(QLatin1String("was given for")));
    }

    // NCCL's share of /dev/shm is counted at its most while the wizard knows nothing of it; the
    // two rows a job with GPUs gets narrow it, and a job without GPUs has neither.
    void ncclRowsNarrowThePlan()
    {
        MainWindow w;
        w.show();
        Wizard *wiz = w.wizard();
        wiz->setStartId(Wizard::EnvironmentPageId);
        wiz->restart();
        EnvironmentPage *page = wiz->environmentPage();
        auto *gpus = findByName<QSpinBox>(page, QStringLiteral("GPUs per node"));
        auto *p2p = findByName<QComboBox>(page, QStringLiteral("GPUs reach each other"));
        auto *nodes = findByName<QSpinBox>(page, QStringLiteral("Hosts in the job"));
        QVERIFY(gpus && p2p && nodes);
        gpus->setValue(0);
        QVERIFY(!p2p->isVisible() && !nodes->isVisible());
        gpus->setValue(8);
        QVERIFY(p2p->isVisible() && nodes->isVisible());
        QCOMPARE(w.session()->profile().workload.processesPerNode, quint64(8));
        auto ncclBytes = [&] {
            const ShmPlan plan = computePlan(w.session()->profile());
            for (const PlanTerm &t : plan.breakdown)
                if (t.id == QLatin1String("nccl"))
                    return t.bytes;
            return Bytes(0);
        };
        QVERIFY(ncclBytes() > 0);
        QCOMPARE(p2p->currentText(), QStringLiteral("not known"));
        // A new job runs on one host, as the files made for it do: no pools between hosts.
        QCOMPARE(nodes->text(), QStringLiteral("1"));
        QCOMPARE(w.session()->profile().nccl.nodes, std::optional<quint64>(1));
        // Not known: a digit typed into the words takes their place ("not 2" reads as nothing).
        nodes->setValue(0);
        QCOMPARE(nodes->text(), QStringLiteral("not known"));
        QVERIFY(!w.session()->profile().nccl.nodes);
        nodes->setFocus();
        nodes->findChild<QLineEdit *>()->setCursorPosition(4);
        QTest::keyClick(nodes, Qt::Key_2);
        QCOMPARE(nodes->text(), QStringLiteral("2"));
        QCOMPARE(w.session()->profile().nccl.nodes, std::optional<quint64>(2));
        p2p->setFocus();
        QTest::keyClick(p2p, Qt::Key_Down); // "yes, directly"
        QCOMPARE(w.session()->profile().nccl.p2p, std::optional<bool>(true));
        nodes->setValue(1);
        QCOMPARE(w.session()->profile().nccl.nodes, std::optional<quint64>(1));
        QCOMPARE(ncclBytes(), Bytes(0));
        nodes->setValue(2);
        QVERIFY(ncclBytes() > 0); // a proxy pool per process between hosts
        // Back to not known, and a profile that says otherwise is shown as it says.
        QTest::keyClick(p2p, Qt::Key_Up);
        QVERIFY(!w.session()->profile().nccl.p2p);
        w.session()->edit([](Profile &p) { p.nccl.p2p = false; });
        QCOMPARE(p2p->currentIndex(), 2);
    }

    // NCCL's term is one sentence in the breakdown; how it is counted (NCCL's buffer sizes, the
    // keys that narrow it) unfolds under a link and folds back.
    void ncclDetailsFold()
    {
        MainWindow w;
        w.show();
        w.session()->edit([](Profile &p) {
            p.job.gpus = 4;
            p.workload.processesPerNode = 4;
        });
        Wizard *wiz = w.wizard();
        wiz->setStartId(Wizard::WorkloadPageId);
        wiz->restart();
        auto *view = findByName<QTextBrowser>(wiz->workloadPage(),
                                              QStringLiteral("Breakdown of the /dev/shm needed"));
        QVERIFY(view);
        QString text = view->toPlainText();
        QVERIFY2(text.contains(QStringLiteral("Direct GPU links")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("How this is counted")), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("9637888")), qPrintable(text));
        Q_EMIT view->anchorClicked(QUrl(QStringLiteral("#nccl")));
        text = view->toPlainText();
        QVERIFY2(text.contains(QStringLiteral("9637888")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Hide how this is counted")), qPrintable(text));
        Q_EMIT view->anchorClicked(QUrl(QStringLiteral("#nccl")));
        QVERIFY(!view->toPlainText().contains(QStringLiteral("9637888")));
    }

    // The Trainer release shows for a TrainJob only; Ray's store row follows the box, which
    // KubeRay's kinds tick and fix; a store Ray refuses keeps Next disabled, with the reason.
    void rayAndTrainerRows()
    {
        MainWindow w;
        w.show();
        Wizard *wiz = w.wizard();
        wiz->setStartId(Wizard::EnvironmentPageId);
        wiz->restart();
        EnvironmentPage *page = wiz->environmentPage();
        auto *kind = findByName<QComboBox>(page, QStringLiteral("Kubernetes workload kind"));
        auto *trainer = findByName<QComboBox>(page, QStringLiteral("Kubeflow Trainer release"));
        auto *store = findByName<QLineEdit>(page, QStringLiteral("Object store"));
        QCheckBox *ray = nullptr;
        for (QCheckBox *c : page->findChildren<QCheckBox *>())
            if (c->text().contains(QLatin1String("Ray")))
                ray = c;
        QVERIFY(kind && trainer && store && ray);
        w.session()->edit([](Profile &p) {
            p.environment = Environment::Kubernetes;
            p.job.memoryBytes = Bytes(64) << 30;
        });
        QVERIFY(kind->isVisible());
        QVERIFY(!trainer->isVisible());
        QVERIFY(!store->isVisible());
        kind->setCurrentIndex(kind->findData(QStringLiteral("TrainJob")));
        QCOMPARE(w.session()->profile().kubernetes.kind, KubernetesKind::TrainJob);
        QVERIFY(trainer->isVisible());
        trainer->setFocus();
        QTest::keyClick(trainer, Qt::Key_Up); // from 2.3 to 2.2
        QCOMPARE(w.session()->profile().kubernetes.trainer, TrainerRelease::V2_2);
        QVERIFY(ray->isEnabled() && !ray->isChecked());
        ray->click();
        QVERIFY(w.session()->profile().ray.used && store->isVisible());
        store->setFocus();
        QTest::keyClicks(store, QStringLiteral("10MiB"));
        QVERIFY(!page->isComplete());
        const auto *message = page->findChild<QLabel *>(QStringLiteral("pageMessage"));
        QVERIFY(message);
        QVERIFY2(message->text().contains(QLatin1String("75 MiB")), qPrintable(message->text()));
        store->clear();
        QTest::keyClicks(store, QStringLiteral("8GiB"));
        QVERIFY(page->isComplete());
        QCOMPARE(w.session()->profile().ray.objectStoreBytes, std::optional<Bytes>(Bytes(8) << 30));
        // KubeRay's kinds are Ray's: the box is ticked and cannot be cleared.
        kind->setCurrentIndex(kind->findData(QStringLiteral("RayCluster")));
        QVERIFY(!trainer->isVisible());
        QVERIFY(ray->isChecked() && !ray->isEnabled());
        w.session()->edit([](Profile &p) { p.ray.used = false; });
        QVERIFY(ray->isChecked() && store->isVisible());
    }
};

QTEST_MAIN(TestWizardTraps6)
#include "tst_wizardtraps6.moc"
