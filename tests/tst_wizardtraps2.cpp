// SPDX-License-Identifier: GPL-3.0-or-later
// The wizard's second newcomer walk: absurd sizes that passed, the SSH field refusing its own
// documented form and keeping stale status lines, Docker names judged by Kubernetes' rule, the
// plain command to paste, and host facts left unknown after a successful connection test.
#include "probes/prober.h"
#include "ui/breakdownbar.h"
#include "ui/containercheck.h"
#include "ui/diagnosedialog.h"
#include "ui/environmentpage.h"
#include "ui/hostpage.h"
#include "ui/mainwindow.h"
#include "ui/numberbox.h"
#include "ui/resultspage.h"
#include "ui/session.h"
#include "ui/shmlesson.h"
#include "ui/targetpage.h"
#include "ui/wizard.h"
#include "ui/workloadpage.h"

#include "widgetfind.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QFile>
#include <QGroupBox>
#include <QGuiApplication>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenuBar>
#include <QProcess>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QWhatsThisClickedEvent>

using namespace shmwise;
using testutil::buttonWithText;
using testutil::findByName;

namespace {

QRadioButton *radio(QWidget *page, const char *containing)
{
    for (QRadioButton *r : page->findChildren<QRadioButton *>())
        if (r->text().contains(QLatin1String(containing)))
            return r;
    return nullptr;
}

} // namespace

class TestWizardTraps2 : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }
    void init() { QSettings().clear(); }

    // Trap 2: batch 999999 with 999 workers planned 1150 TiB with Next enabled and "no problems
    // found". A plan larger than the memory it lives in is an error, naming both numbers.
    void absurdSizesStopTheWizard()
    {
        MainWindow w;
        w.show();
        Wizard *wiz = w.wizard();
        wiz->setStartId(Wizard::WorkloadPageId);
        wiz->restart();
        WorkloadPage *page = wiz->workloadPage();
        QVERIFY(page->isComplete());
        w.session()->edit([](Profile &p) {
            p.workload.batchSize = 999999;
            p.workload.numWorkers = 999;
            p.host.memoryBytes = 512 * GiB;
        });
        QVERIFY(w.session()->plan().requiredBytes > 512 * GiB);
        QVERIFY(!page->isComplete());
        QLabel *msg = page->findChild<QLabel *>(QStringLiteral("pageMessage"));
        QVERIFY(msg && msg->isVisible());
        QVERIFY2(msg->text().contains(QLatin1String("more than the host's memory (512 GiB)")),
                 qPrintable(msg->text()));
        // Without a stated memory, beyond any machine is the same mistake.
        w.session()->edit([](Profile &p) { p.host.memoryBytes.reset(); });
        QVERIFY(!page->isComplete());
        QVERIFY2(msg->text().contains(QLatin1String("more than any single machine")),
                 qPrintable(msg->text()));
        // Sane numbers again: Next is back.
        w.session()->edit([](Profile &p) {
            p.workload.batchSize = 32;
            p.workload.numWorkers = 4;
        });
        QVERIFY(page->isComplete());
        QVERIFY(!msg->isVisible());
    }

    // Trap 5 and 6: ssh://user@host (the README's form) is accepted; `local` is pointed at "This
    // computer"; a status line never outlives the target it spoke of.
    void sshFieldTakesItsOwnForm()
    {
        MainWindow w;
        w.show();
        TargetPage *page = w.wizard()->targetPage();
        QRadioButton *ssh = radio(page, "SSH");
        QVERIFY(ssh);
        ssh->setChecked(true);
        auto *host = findByName<QComboBox>(page, QStringLiteral("SSH host"));
        QVERIFY(host);
        host->setEditText(QStringLiteral("ssh://nobody@gpu-box:2222"));
        QVERIFY(page->isComplete());
        QCOMPARE(w.session()->target(), QStringLiteral("ssh://nobody@gpu-box:2222"));
        auto *result = findByName<QLabel>(page, QStringLiteral("Connection test result"));
        QVERIFY(result);
        host->setEditText(QStringLiteral("local"));
        QVERIFY2(result->text().contains(QLatin1String("This computer")),
                 qPrintable(result->text()));
        // Another kind's scheme says where it belongs.
        host->setEditText(QStringLiteral("docker://trainer"));
        QVERIFY(!page->isComplete());
        QLabel *msg = page->findChild<QLabel *>(QStringLiteral("pageMessage"));
        QVERIFY2(msg->text().contains(QLatin1String("Docker")), qPrintable(msg->text()));
        // A test of this computer answers; choosing a refused SSH host clears that line.
        QRadioButton *local = radio(page, "computer");
        local->setChecked(true);
        qputenv("SHMWISE_PROBE_ROOT", SHMWISE_SOURCE_DIR "/tests/data/probe/gpu-baremetal/root");
        buttonWithText(page, QStringLiteral("Test connection"))->click();
        QTRY_VERIFY_WITH_TIMEOUT(result->text().contains(QLatin1String("Answered")), 20000);
        ssh->setChecked(true);
        host->setEditText(QStringLiteral("-oProxyCommand=x"));
        QVERIFY(!page->isComplete());
        QVERIFY2(!result->text().contains(QLatin1String("Answered")), qPrintable(result->text()));
        qunsetenv("SHMWISE_PROBE_ROOT");
    }

    // Trap 16: after a successful test, the host's memory and CPUs are in the profile (where it
    // had none), so the Environment page's warnings have them.
    void testConnectionFillsHostFacts()
    {
        MainWindow w;
        w.show();
        TargetPage *page = w.wizard()->targetPage();
        radio(page, "computer")->setChecked(true);
        QVERIFY(!w.session()->profile().host.memoryBytes);
        qputenv("SHMWISE_PROBE_ROOT", SHMWISE_SOURCE_DIR "/tests/data/probe/gpu-baremetal/root");
        buttonWithText(page, QStringLiteral("Test connection"))->click();
        auto *result = findByName<QLabel>(page, QStringLiteral("Connection test result"));
        QTRY_VERIFY_WITH_TIMEOUT(result->text().contains(QLatin1String("Answered")), 20000);
        qunsetenv("SHMWISE_PROBE_ROOT");
        QVERIFY(w.session()->profile().host.memoryBytes.has_value());
        QVERIFY(w.session()->profile().host.cpus.has_value());
        QVERIFY2(result->text().contains(QLatin1String("Host facts filled in")),
                 qPrintable(result->text()));
        // GPUs the probe found are proposed while GPUs per node is 0 (trap 14).
        qputenv("SHMWISE_PROBE_ROOT", SHMWISE_SOURCE_DIR "/tests/data/probe/gpu-baremetal/root");
        const ProbeResult direct = probeBlocking(QStringLiteral("local"));
        qunsetenv("SHMWISE_PROBE_ROOT");
        const bool gpus = direct.ok() && direct.facts.gpuCount && *direct.facts.gpuCount > 0;
        QCOMPARE(result->text().contains(QLatin1String("GPUs per node is 0")), gpus);
        // What the user typed stays.
        w.session()->edit([](Profile &p) { p.host.memoryBytes = 7 * GiB; });
        buttonWithText(page, QStringLiteral("Test connection"))->click();
        QTest::qWait(50);
        QTRY_VERIFY_WITH_TIMEOUT(
            buttonWithText(page, QStringLiteral("Test connection"))->isEnabled(), 20000);
        QCOMPARE(w.session()->profile().host.memoryBytes, std::optional<Bytes>(7 * GiB));
    }

    // Trap 9: a Docker job named Train_1 was refused by Kubernetes' rule; Docker accepts it.
    void dockerNamesByDockersRule()
    {
        MainWindow w;
        w.session()->edit([](Profile &p) {
            p.environment = Environment::Docker;
            p.job.name = QStringLiteral("Train_1");
        });
        QVERIFY(w.session()->problems().isEmpty());
        w.session()->edit([](Profile &p) { p.environment = Environment::Kubernetes; });
        QVERIFY(!w.session()->problems().isEmpty());
        QCOMPARE(w.session()->problems().constFirst().key, QStringLiteral("job.name"));
    }

    // Trap 14: the docker run script can be copied as the plain command, which runs pasted
    // into a shell and leaves that shell open (no exec, no shebang).
    void copyPlainCommand()
    {
        MainWindow w;
        w.show();
        w.session()->edit([](Profile &p) { p.environment = Environment::Docker; });
        Wizard *wiz = w.wizard();
        wiz->setStartId(Wizard::ResultsPageId);
        wiz->restart();
        ResultsPage *results = wiz->resultsPage();
        int run = -1;
        for (int i = 0; i < results->artifacts().size(); ++i)
            if (results->artifacts()[i].id == QLatin1String("docker-run"))
                run = i;
        QVERIFY(run >= 0);
        results->findChild<QListWidget *>()->setCurrentRow(run);
        QPushButton *copy = buttonWithText(results, QStringLiteral("Copy command line"));
        QVERIFY(copy && copy->isVisible());
        copy->click();
        const QString pasted = QGuiApplication::clipboard()->text();
        QVERIFY2(pasted.startsWith(QLatin1String("docker run --rm")), qPrintable(pasted.left(60)));
        QVERIFY(!pasted.contains(QLatin1String("#!")));
        QVERIFY(!pasted.contains(QLatin1String("exec ")));
        // sh reads it as one command: a stand-in docker prints its arguments.
        QProcess sh;
        sh.start(QStringLiteral("/bin/sh"),
                 {QStringLiteral("-c"), QStringLiteral("docker() { echo \"ARGS $*\"; }\n") +
                                            pasted + QStringLiteral("echo still-here")});
        QVERIFY(sh.waitForFinished(20000));
        const QByteArray out = sh.readAllStandardOutput();
        QVERIFY2(out.contains("ARGS run --rm") && out.contains("--shm-size") &&
                     out.contains("still-here"),
                 out.constData());
        // A file that is not one command has no such button.
        for (int i = 0; i < results->artifacts().size(); ++i)
            if (results->artifacts()[i].id == QLatin1String("compose")) {
                results->findChild<QListWidget *>()->setCurrentRow(i);
                QVERIFY(!copy->isVisible());
            }
    }

    // Trap 3: "Show the /dev/shm plan for this job" jumped to Results with the default preset's
    // plan, as if it were the user's job. It lands on Workload, with the fields to check marked
    // and the defaults said as defaults; the first edit takes the marks away.
    void diagnosePlanLandsOnWorkload()
    {
        MainWindow w;
        w.showDiagnose();
        DiagnoseDialog *d = w.diagnoseDialog();
        d->setLog(QStringLiteral("RuntimeError: DataLoader worker (pid 4242) is killed by signal: "
                                 "Bus error. It is possible that dataloader's workers are out of "
                                 "shared memory. Please try to raise your shared memory "
                                 "limit.\n"));
        QCOMPARE(d->findings().size(), 1);
        QVERIFY(d->applyFix(0));
        QCOMPARE(w.wizard()->currentId(), int(Wizard::WorkloadPageId));
        WorkloadPage *page = w.wizard()->workloadPage();
        QVERIFY(page->isAskingToCheck());
        auto *note = findByName<QLabel>(page, QStringLiteral("Fields to check"));
        QVERIFY(note && !note->isHidden());
        QVERIFY2(note->text().contains(QLatin1String("defaults")), qPrintable(note->text()));
        QVERIFY2(d->statusText().contains(QLatin1String("defaults")), qPrintable(d->statusText()));
        // Where the job runs is said (Docker for a new profile), Diagnose steps aside and the
        // main window's status bar keeps the message.
        QVERIFY2(d->statusText().contains(QLatin1String("run by Docker")),
                 qPrintable(d->statusText()));
        QVERIFY(!d->isVisible());
        QVERIFY2(w.statusBar()->currentMessage().contains(QLatin1String("run by Docker")),
                 qPrintable(w.statusBar()->currentMessage()));
        w.showDiagnose();
        QVERIFY(d->isVisible());
        QCOMPARE(d->findings().size(), 1);
        auto *batch = findByName<QSpinBox>(page, QStringLiteral("Batch size"));
        auto *workers = findByName<QSpinBox>(page, QStringLiteral("Workers"));
        QVERIFY(batch && batch->property("shmwiseToCheck").toBool());
        QVERIFY(workers && workers->property("shmwiseToCheck").toBool());
        // An edit answers the field it set: the other fields stay marked, and the note with
        // them (a walk found every mark gone after the batch size alone, the sample still the
        // preset's).
        batch->setValue(batch->value() + 1);
        QVERIFY(!batch->property("shmwiseToCheck").toBool());
        QVERIFY(workers->property("shmwiseToCheck").toBool());
        QVERIFY(page->isAskingToCheck());
        QVERIFY(!note->isHidden());
        // Each set in turn: then the request is answered.
        workers->setValue(workers->value() + 1);
        auto *prefetch = findByName<QSpinBox>(page, QStringLiteral("Prefetch factor"));
        QVERIFY(prefetch);
        prefetch->setValue(prefetch->value() + 1);
        w.session()->edit([](Profile &p) {
            p.workload.sample = {TensorSpec{QStringLiteral("image"), {3, 512, 512}}};
        });
        QVERIFY2(!page->isAskingToCheck(), "every marked field was set");
        QVERIFY(note->isHidden());
        QVERIFY(!workers->property("shmwiseToCheck").toBool());
        // From the Results page too, the fix goes back to Workload, not on to the results.
        w.wizard()->next();
        w.wizard()->next();
        QCOMPARE(w.wizard()->currentId(), int(Wizard::ResultsPageId));
        QVERIFY(d->applyFix(0));
        QCOMPARE(w.wizard()->currentId(), int(Wizard::WorkloadPageId));
        QVERIFY2(note->text().contains(QLatin1String("Check the marked fields")),
                 qPrintable(note->text()));
    }

    // Trap 4: the result of "Check in a container" vanished within 5 s, replaced by the periodic
    // probe of the host. It has a panel of its own, kept through the host's refreshes until
    // dismissed or run again.
    void containerCheckStays()
    {
        qputenv("SHMWISE_PROBE_ROOT", SHMWISE_SOURCE_DIR "/tests/data/probe/gpu-baremetal/root");
        QTemporaryDir dir;
        const QString docker = dir.filePath(QStringLiteral("docker"));
        {
            QFile f(docker);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("#!/bin/sh\nexec sh -s\n");
            f.close();
            QVERIFY(f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        }
        MainWindow w;
        w.show();
        w.session()->edit([](Profile &p) {
            p.environment = Environment::Docker;
            p.job.image = QStringLiteral("example/train:1");
        });
        Wizard *wiz = w.wizard();
        HostPage *host = wiz->hostPage();
        host->containerCheck()->setProgram(docker);
        wiz->setStartId(Wizard::HostPageId);
        wiz->restart();
        QTRY_VERIFY_WITH_TIMEOUT(!host->findings().isEmpty(), 20000);
        auto *box = findByName<QGroupBox>(host, QStringLiteral("Container check"));
        QVERIFY(box && box->isHidden());
        QPushButton *check = buttonWithText(host, QStringLiteral("Check in a container"));
        QVERIFY(check && check->isEnabled());
        check->click();
        QTRY_VERIFY_WITH_TIMEOUT(!box->isHidden(), 20000);
        QTRY_VERIFY_WITH_TIMEOUT(check->isEnabled(), 20000);
        auto *inside = findByName<QTextBrowser>(host, QStringLiteral("Container findings"));
        const QString shown = inside->toPlainText();
        QVERIFY(!shown.isEmpty());
        // Two refreshes of the host later, the container's result is still there, unchanged.
        for (int i = 0; i < 2; ++i) {
            QSignalSpy done(host->prober(), &Prober::finished);
            buttonWithText(host, QStringLiteral("Refresh"))->click();
            QVERIFY(done.wait(20000));
        }
        QVERIFY(!box->isHidden());
        QCOMPARE(inside->toPlainText(), shown);
        QVERIFY(box->title().contains(QLatin1String("example/train:1")));
        buttonWithText(host, QStringLiteral("Dismiss"))->click();
        QVERIFY(box->isHidden());
        host->prober()->setRefreshInterval(0);
        qunsetenv("SHMWISE_PROBE_ROOT");
    }

    // Trap 13: "What is /dev/shm?" is reachable from the plan's headline, the bar's What's This,
    // Help and Diagnose, and draws GPU memory, RAM and /dev/shm from the probed host.
    void shmLessonEverywhere()
    {
        qputenv("SHMWISE_PROBE_ROOT", SHMWISE_SOURCE_DIR "/tests/data/probe/gpu-baremetal/root");
        MainWindow w;
        w.show();
        Wizard *wiz = w.wizard();
        wiz->setStartId(Wizard::HostPageId);
        wiz->restart();
        QTRY_VERIFY_WITH_TIMEOUT(wiz->hostPage()->lastFacts().has_value(), 20000);
        wiz->hostPage()->prober()->setRefreshInterval(0);
        qunsetenv("SHMWISE_PROBE_ROOT");
        // Help menu.
        QAction *help = nullptr;
        for (QAction *menu : w.menuBar()->actions())
            if (menu->menu())
                for (QAction *a : menu->menu()->actions())
                    if (a->text().remove(QLatin1Char('&')) == QLatin1String("What Is /dev/shm?"))
                        help = a;
        QVERIFY(help);
        help->trigger();
        ShmLesson *lesson = w.shmLesson();
        QVERIFY(lesson && lesson->isVisible());
        const QString text = lesson->text();
        QVERIFY2(text.contains(QLatin1String("It is not GPU memory")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("counts against the container's memory limit")),
                 qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("64 MiB")), qPrintable(text)); // Docker's default
        // Drawn from the probe: its GPUs and RAM, and the job's need.
        const HostFacts f = *wiz->hostPage()->lastFacts();
        QVERIFY2(text.contains(QLatin1String("RAM: ") + formatSize(*f.memTotalBytes)),
                 qPrintable(text));
        if (!f.gpus.isEmpty())
            QVERIFY2(text.contains(f.gpus.constFirst().name), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("The job needs")), qPrintable(text));
        lesson->close();
        // The plan's headline on the Workload page.
        wiz->setStartId(Wizard::WorkloadPageId);
        wiz->restart();
        auto *link = findByName<QLabel>(wiz->workloadPage(), QStringLiteral("What is /dev/shm?"));
        QVERIFY(link);
        QSignalSpy asked(wiz->workloadPage(), &WorkloadPage::lessonRequested);
        Q_EMIT link->linkActivated(QStringLiteral("lesson"));
        QCOMPARE(asked.count(), 1);
        QVERIFY(lesson->isVisible());
        lesson->close();
        // The stacked bar's What's This links to it.
        auto *bar = findByName<QWidget>(wiz->workloadPage(), QStringLiteral("Breakdown bar"));
        QVERIFY(bar && bar->whatsThis().contains(QLatin1String("href")));
        QWhatsThisClickedEvent clicked(QStringLiteral("lesson"));
        QApplication::sendEvent(bar, &clicked);
        QCOMPARE(asked.count(), 2);
        lesson->close();
        // Diagnose.
        w.showDiagnose();
        QPushButton *fromDiagnose =
            buttonWithText(w.diagnoseDialog(), QStringLiteral("What Is /dev/shm?"));
        QVERIFY(fromDiagnose);
        fromDiagnose->click();
        QVERIFY(lesson->isVisible());
    }

    // Trap 11: "3, x, -224" said "'' is not a dimension" while Bytes kept the old size; an
    // invalid tensor name drew "Needed: 0 B" beside a green mark; two tensors of one name
    // passed.
    void tensorTableTellsTheTruth()
    {
        MainWindow w;
        w.show();
        w.session()->edit([](Profile &p) {
            p.workload.preset.clear();
            p.workload.sample = {TensorSpec{QStringLiteral("image"), {3, 224, 224}, DType::UInt8},
                                 TensorSpec{QStringLiteral("label"), {1}, DType::Int64}};
        });
        Wizard *wiz = w.wizard();
        wiz->setStartId(Wizard::WorkloadPageId);
        wiz->restart();
        WorkloadPage *page = wiz->workloadPage();
        auto *table = findByName<QTableWidget>(page, QStringLiteral("Tensors of one sample"));
        QVERIFY(table && table->rowCount() == 2);
        const QString before = table->item(0, 3)->text();
        QVERIFY(!before.isEmpty() && before != QStringLiteral("—"));
        table->item(0, 1)->setText(QStringLiteral("3, x, -224"));
        QLabel *msg = page->findChild<QLabel *>(QStringLiteral("pageMessage"));
        QVERIFY2(msg->text().contains(QLatin1String("Tensor 1 (image), shape")) &&
                     msg->text().contains(QLatin1String("'x' is not a dimension")),
                 qPrintable(msg->text()));
        QCOMPARE(table->item(0, 3)->text(), QStringLiteral("—"));
        QVERIFY(!page->isComplete());
        table->item(0, 1)->setText(QStringLiteral("3x224x224"));
        QVERIFY(page->isComplete());
        // Two tensors of one name: refused, naming both.
        table->item(1, 0)->setText(QStringLiteral("image"));
        QVERIFY(!page->isComplete());
        QVERIFY2(msg->text().contains(QLatin1String("used twice")), qPrintable(msg->text()));
        // While the page has problems the bar claims no size.
        auto *bar = page->findChild<BreakdownBar *>();
        QVERIFY(bar);
        QVERIFY2(!bar->headline().contains(QLatin1String("0 B")), qPrintable(bar->headline()));
        table->item(1, 0)->setText(QStringLiteral("label"));
        QVERIFY(page->isComplete());
        QVERIFY(bar->headline().startsWith(QLatin1String("Needed: ")) &&
                !bar->headline().contains(QLatin1String("unknown")));
    }

    // Trap 7: "16Gi" typed for Kubernetes stayed on the field after switching to Podman, which
    // does not read it, and blocked Next on a field the user did not touch. Bytes are bytes: it
    // is written again in the new environment's syntax.
    void environmentSwitchKeepsSizes()
    {
        MainWindow w;
        w.show();
        Wizard *wiz = w.wizard();
        wiz->setStartId(Wizard::EnvironmentPageId);
        wiz->restart();
        EnvironmentPage *page = wiz->environmentPage();
        auto *env = findByName<QComboBox>(page, QStringLiteral("Environment"));
        QVERIFY(env);
        env->setCurrentIndex(env->findData(QStringLiteral("kubernetes")));
        auto *memory = findByName<QLineEdit>(page, QStringLiteral("Job memory"));
        QVERIFY(memory);
        memory->clear();
        QTest::keyClicks(memory, QStringLiteral("16Gi"));
        QCOMPARE(w.session()->profile().job.memoryBytes, std::optional<Bytes>(16 * GiB));
        QVERIFY(page->isComplete());
        env->setCurrentIndex(env->findData(QStringLiteral("podman")));
        QCOMPARE(w.session()->profile().environment, Environment::Podman);
        QVERIFY2(page->isComplete(), qPrintable(memory->text()));
        QCOMPARE(w.session()->profile().job.memoryBytes, std::optional<Bytes>(16 * GiB));
        QVERIFY(memory->text() != QLatin1String("16Gi"));
        // What the field now says is read back as the same bytes (no error on it).
        QVERIFY(!memory->toolTip().contains(QLatin1String("Job memory:")));
    }

    // Trap 10: number boxes let letters vanish and cut 100000 CPUs to 1000 without a word, and
    // 0 workers cleared persistent workers for good.
    void numberBoxesSayWhy()
    {
        MainWindow w;
        w.show();
        Wizard *wiz = w.wizard();
        wiz->setStartId(Wizard::EnvironmentPageId);
        wiz->restart();
        auto *cpus = findByName<NumberBox>(wiz->environmentPage(), QStringLiteral("CPUs"));
        QVERIFY(cpus);
        cpus->selectAll();
        QTest::keyClicks(cpus, QStringLiteral("100000"));
        QVERIFY2(cpus->refusal().contains(QLatin1String("CPUs: 100000 is more than 65536")),
                 qPrintable(cpus->refusal()));
        QSignalSpy refused(cpus, &NumberBox::refused);
        cpus->selectAll();
        QTest::keyClicks(cpus, QStringLiteral("8x"));
        QVERIFY(refused.count() >= 1);
        QVERIFY2(cpus->refusal().contains(QLatin1String("not a whole number")),
                 qPrintable(cpus->refusal()));

        wiz->setStartId(Wizard::WorkloadPageId);
        wiz->restart();
        w.session()->edit([](Profile &p) {
            p.workload.setNumWorkers(4);
            p.workload.persistentWorkers = true;
            p.workload.prefetchFactor = 3;
        });
        const Bytes before = w.session()->plan().requiredBytes;
        auto *workers = findByName<NumberBox>(wiz->workloadPage(), QStringLiteral("Workers"));
        QVERIFY(workers);
        workers->setValue(0);
        QVERIFY(!w.session()->profile().workload.persistentWorkers);
        workers->setValue(4);
        QVERIFY(w.session()->profile().workload.persistentWorkers);
        QCOMPARE(w.session()->profile().workload.prefetchFactor, std::optional<quint64>(3));
        QCOMPARE(w.session()->plan().requiredBytes, before);
    }
};

QTEST_MAIN(TestWizardTraps2)
#include "tst_wizardtraps2.moc"
