// SPDX-License-Identifier: GPL-3.0-or-later
// The desktop wizard, offscreen: every environment walked to its results, invalid input blocking
// Next with a visible message, saving, and profiles round-tripping through open and save.
#include "ui/codeview.h"
#include "ui/diagnosedialog.h"
#include "ui/environmentpage.h"
#include "ui/hostpage.h"
#include "ui/mainwindow.h"
#include "ui/resultspage.h"
#include "ui/session.h"
#include "ui/targetpage.h"
#include "ui/wizard.h"
#include "ui/workloadpage.h"

#include "widgetfind.h"

#include <QAbstractButton>
#include <QComboBox>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QProcess>
#include <QPushButton>
#include <QRadioButton>
#include <QScrollBar>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStringEncoder>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextLayout>
#include <QUrl>

#include <sys/stat.h>

using namespace shmwise;
using testutil::findByName;

namespace {

QLabel *message(QWidget *page)
{
    return page->findChild<QLabel *>(QStringLiteral("pageMessage"));
}

} // namespace

class TestWizard : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }
    // The last target is remembered: each test starts from a clean slate.
    void init() { QSettings().clear(); }

    void everyEnvironment_data()
    {
        QTest::addColumn<QString>("environment");
        QTest::addColumn<QString>("expect");
        QTest::newRow("bare-metal") << "bare-metal"
                                    << "/dev/shm";
        QTest::newRow("docker") << "docker"
                                << "--shm-size";
        QTest::newRow("compose") << "compose"
                                 << "shm_size";
        QTest::newRow("swarm") << "swarm"
                               << "/dev/shm";
        QTest::newRow("podman") << "podman"
                                << "--shm-size";
        QTest::newRow("kubernetes") << "kubernetes"
                                    << "medium: Memory";
        QTest::newRow("azure-ml") << "azure-ml"
                                  << "shm_size";
        QTest::newRow("aws-batch") << "aws-batch"
                                   << "sharedMemorySize";
        QTest::newRow("aws-ecs") << "aws-ecs"
                                 << "sharedMemorySize";
        QTest::newRow("sagemaker") << "sagemaker"
                                   << "DataLoader";
        QTest::newRow("ansible") << "ansible"
                                 << "ansible.posix.mount";
        QTest::newRow("slurm") << "slurm"
                               << "#SBATCH";
        QTest::newRow("vertex-ai") << "vertex-ai"
                                   << "DataLoader";
    }
    void everyEnvironment()
    {
        QFETCH(QString, environment);
        QFETCH(QString, expect);
        MainWindow w;
        w.show();
        Wizard *wiz = w.wizard();
        QCOMPARE(wiz->currentId(), int(Wizard::TargetPageId));
        QVERIFY(wiz->targetPage()->isComplete()); // this computer, by default
        wiz->next();
        QCOMPARE(wiz->currentId(), int(Wizard::EnvironmentPageId));
        auto *envBox = findByName<QComboBox>(wiz->environmentPage(), QStringLiteral("Environment"));
        QVERIFY(envBox);
        envBox->setCurrentIndex(envBox->findData(environment));
        QCOMPARE(environmentName(w.session()->profile().environment), environment);
        QVERIFY(wiz->environmentPage()->isComplete());
        wiz->next();
        QCOMPARE(wiz->currentId(), int(Wizard::WorkloadPageId));
        // The plan is shown, from core, for the preset the new profile starts with.
        auto *required =
            findByName<QLabel>(wiz->workloadPage(), QStringLiteral("Required /dev/shm"));
        QVERIFY(required);
        QVERIFY2(
            breakable(required->text()).contains(formatSize(w.session()->plan().requiredBytes)),
            qPrintable(required->text()));
        // The number and its unit are kept on one line.
        QVERIFY(required->text().contains(QChar(0x00a0)));
        wiz->next();
        QCOMPARE(wiz->currentId(), int(Wizard::HostPageId));
        wiz->next();
        QCOMPARE(wiz->currentId(), int(Wizard::ResultsPageId));
        ResultsPage *results = wiz->resultsPage();
        QVERIFY(results->artifacts().size() >= 2);
        QString all;
        for (const Artifact &a : results->artifacts())
            all += a.text;
        QVERIFY2(all.contains(expect), qPrintable(environment));
        auto *list = results->findChild<QListWidget *>();
        QCOMPARE(list->count(), results->artifacts().size());
        // The code view shows the selected artifact.
        QCOMPARE(results->codeView()->toPlainText(), results->artifacts().constFirst().text);
    }

    void hasAnIcon()
    {
        MainWindow w;
        QVERIFY(!w.windowIcon().isNull());
        QVERIFY(!w.windowIcon().pixmap(64, 64).isNull());
    }

    void invalidFieldBlocksNext()
    {
        MainWindow w;
        w.show();
        Wizard *wiz = w.wizard();
        wiz->next();
        auto *hostMemory =
            findByName<QLineEdit>(wiz->environmentPage(), QStringLiteral("Host memory"));
        QVERIFY(hostMemory);
        hostMemory->setFocus();
        QTest::keyClicks(hostMemory, QStringLiteral("8 gigs"));
        QVERIFY(!wiz->environmentPage()->isComplete());
        QVERIFY(!wiz->button(QWizard::NextButton)->isEnabled());
        QLabel *msg = message(wiz->environmentPage());
        QVERIFY(msg && msg->isVisible());
        QVERIFY2(msg->text().contains(QLatin1String("Host memory")), qPrintable(msg->text()));
        QVERIFY2(msg->text().contains(QLatin1String("8 gigs")), qPrintable(msg->text()));
        // The typed text is kept, not replaced by the old value.
        QCOMPARE(hostMemory->text(), QStringLiteral("8 gigs"));
        hostMemory->clear();
        QTest::keyClicks(hostMemory, QStringLiteral("8GiB"));
        QVERIFY(wiz->environmentPage()->isComplete());
        QVERIFY(!msg->isVisible());
        QCOMPARE(w.session()->profile().host.memoryBytes.value_or(0), 8 * GiB);

        auto *name = findByName<QLineEdit>(wiz->environmentPage(), QStringLiteral("Job name"));
        name->selectAll();
        QTest::keyClicks(name, QStringLiteral("Bad Name"));
        QVERIFY(!wiz->environmentPage()->isComplete());
        QVERIFY2(msg->text().contains(QLatin1String("Job name")), qPrintable(msg->text()));
        QVERIFY(!msg->text().contains(QLatin1String("job.name")));
        name->selectAll();
        QTest::keyClicks(name, QStringLiteral("good-name"));
        QVERIFY(wiz->environmentPage()->isComplete());

        wiz->next();
        auto *table =
            findByName<QTableWidget>(wiz->workloadPage(), QStringLiteral("Tensors of one sample"));
        QVERIFY(table);
        table->item(0, 1)->setText(QStringLiteral("3, -224"));
        QVERIFY(!wiz->workloadPage()->isComplete());
        QVERIFY(message(wiz->workloadPage())->text().contains(QLatin1String("negative")));
        table->item(0, 1)->setText(QStringLiteral("3x64x64"));
        QVERIFY(wiz->workloadPage()->isComplete());
        QCOMPARE(w.session()->profile().workload.sample[0].shape, (QVector<quint64>{3, 64, 64}));
        QCOMPARE(table->item(0, 1)->text(), QStringLiteral("3x64x64")); // as typed
    }

    // Sizes are read as the environment's tool reads them, with the bytes shown beside.
    void sizeFieldsReadTheEnvironmentsSyntax()
    {
        MainWindow w;
        w.show();
        Wizard *wiz = w.wizard();
        wiz->next();
        auto *envBox = findByName<QComboBox>(wiz->environmentPage(), QStringLiteral("Environment"));
        envBox->setCurrentIndex(envBox->findData(QStringLiteral("docker")));
        auto *jobMemory =
            findByName<QLineEdit>(wiz->environmentPage(), QStringLiteral("Job memory"));
        auto *bytes =
            findByName<QLabel>(wiz->environmentPage(), QStringLiteral("Job memory in bytes"));
        QVERIFY(jobMemory && bytes);
        QTest::keyClicks(jobMemory, QStringLiteral("8G"));
        QCOMPARE(w.session()->profile().job.memoryBytes.value_or(0), 8 * GiB); // Docker: binary
        QCOMPARE(bytes->text(),
                 QStringLiteral("= %1 bytes").arg(QLocale().toString(quint64(8589934592ULL))));
        // Kubernetes would read the same text as decimal: the bytes stay, written its way.
        envBox->setCurrentIndex(envBox->findData(QStringLiteral("kubernetes")));
        QCOMPARE(w.session()->profile().job.memoryBytes.value_or(0), 8 * GiB);
        QVERIFY2(jobMemory->text() != QLatin1String("8G"), qPrintable(jobMemory->text()));
        QCOMPARE(bytes->text(),
                 QStringLiteral("= %1 bytes").arg(QLocale().toString(quint64(8589934592ULL))));
        jobMemory->clear();
        QTest::keyClicks(jobMemory, QStringLiteral("8Gi"));
        QCOMPARE(w.session()->profile().job.memoryBytes.value_or(0), 8 * GiB);
        // The profile's own syntax is read everywhere.
        jobMemory->clear();
        QTest::keyClicks(jobMemory, QStringLiteral("512MiB"));
        QCOMPARE(w.session()->profile().job.memoryBytes.value_or(0), 512 * MiB);
        jobMemory->clear();
        QTest::keyClicks(jobMemory, QStringLiteral("lots"));
        QVERIFY(!wiz->environmentPage()->isComplete());
        QVERIFY(bytes->text().isEmpty());
        QVERIFY2(message(wiz->environmentPage())->text().contains(QLatin1String("Kubernetes")),
                 qPrintable(message(wiz->environmentPage())->text()));
    }

    void helpMenuAndWhatsThis()
    {
        MainWindow w;
        w.show();
        QStringList help;
        for (QMenu *menu : w.menuBar()->findChildren<QMenu *>())
            if (menu->title() == QLatin1String("&Help"))
                for (QAction *a : menu->actions())
                    help << a->text() + QLatin1Char('|') + a->shortcut().toString();
        QVERIFY2(help.contains(QStringLiteral("&Contents|F1")),
                 qPrintable(help.join(QLatin1Char(','))));
        QVERIFY2(help.contains(QStringLiteral("&What's This?|Shift+F1")),
                 qPrintable(help.join(QLatin1Char(','))));
        QVERIFY(help.contains(QStringLiteral("&Diagnose an Error Log…|")));
        QVERIFY(help.contains(QStringLiteral("&About ShmWise|")));
        // Every DataLoader setting explains itself and what it does to /dev/shm.
        const QStringList settings{QStringLiteral("Batch size"),
                                   QStringLiteral("Processes per node"),
                                   QStringLiteral("Workers"),
                                   QStringLiteral("Prefetch factor"),
                                   QStringLiteral("Persistent workers"),
                                   QStringLiteral("Pin memory"),
                                   QStringLiteral("Start method"),
                                   QStringLiteral("Sharing strategy"),
                                   QStringLiteral("Dataset tensors"),
                                   QStringLiteral("Sample size")};
        for (const QString &name : settings) {
            QWidget *field = findByName<QWidget>(w.wizard()->workloadPage(), name);
            QVERIFY2(field, qPrintable(name));
            QVERIFY2(field->whatsThis().contains(QLatin1String("/dev/shm")), qPrintable(name));
            QVERIFY2(!field->toolTip().isEmpty(), qPrintable(name));
        }
        // F1 shows the help page of the page on screen, which covers its fields.
        w.wizard()->next();
        w.showHelp();
        auto *view = findByName<QTextBrowser>(w.helpDialog(), QStringLiteral("Help text"));
        QVERIFY(view && w.helpDialog()->isVisible());
        // (Its paths are kept whole with word joiners, which a copy leaves out.)
        const QString shown = view->toPlainText().remove(QChar(0x2060));
        QVERIFY(view->toPlainText().contains(QChar(0x2060)));
        for (const char *field : {"Runs on", "Job memory", "GPUs per node", "Current /dev/shm"})
            QVERIFY2(shown.contains(QLatin1String(field)), field);
        // Help has contents: every page's help and the other windows', each a link in the
        // list at the top, and the view opens at the page on screen (the Environment page
        // comes after the Target page's help, so the view is scrolled).
        QVERIFY(shown.contains(QLatin1String("Contents")));
        const QString html = view->toHtml();
        for (int id : w.wizard()->pageIds()) {
            QVERIFY2(html.contains(QStringLiteral("href=\"#page-%1\"").arg(id)),
                     qPrintable(QString::number(id)));
            QVERIFY2(shown.contains(w.wizard()->page(id)->title()),
                     qPrintable(w.wizard()->page(id)->title()));
        }
        for (const char *window : {"Other windows", "Diagnose an Error Log", "Measure My Training",
                                   "Fleet view", "Clean Up Leaked Files", "Language"})
            QVERIFY2(shown.contains(QLatin1String(window)), window);
        // Each window has a link of its own, to its own anchor.
        for (int i = 0; i < 6; ++i) {
            QVERIFY(html.contains(QStringLiteral("href=\"#window-%1\"").arg(i)));
            QVERIFY(html.contains(QStringLiteral("name=\"window-%1\"").arg(i)));
        }
        QTRY_VERIFY(view->verticalScrollBar()->value() > 0);
        const int atEnvironment = view->verticalScrollBar()->value();
        // A link of the contents moves the view to its section.
        view->setSource(QUrl(QStringLiteral("#windows")));
        QTRY_VERIFY(view->verticalScrollBar()->value() > atEnvironment);
    }

    void commandFieldRoundTrips()
    {
        MainWindow w;
        w.show();
        const QStringList command{QStringLiteral("python"), QStringLiteral("-c"),
                                  QStringLiteral("print(\"hi there\")"), QStringLiteral("a b"),
                                  QStringLiteral("it's")};
        w.session()->edit([&](Profile &p) { p.job.command = command; });
        auto *field =
            findByName<QLineEdit>(w.wizard()->environmentPage(), QStringLiteral("Command"));
        QVERIFY(field);
        QCOMPARE(QProcess::splitCommand(field->text()), command);
        // Typing the shown text back in leaves the command as it was.
        field->selectAll();
        QTest::keyClicks(field, field->text());
        QCOMPARE(w.session()->profile().job.command, command);
    }

    void workloadUpdatesLive()
    {
        MainWindow w;
        w.show();
        Wizard *wiz = w.wizard();
        wiz->next();
        wiz->next();
        auto *workers = findByName<QSpinBox>(wiz->workloadPage(), QStringLiteral("Workers"));
        auto *required =
            findByName<QLabel>(wiz->workloadPage(), QStringLiteral("Required /dev/shm"));
        const quint64 before = w.session()->plan().requiredBytes;
        workers->setValue(2);
        const quint64 after = w.session()->plan().requiredBytes;
        QVERIFY(after < before);
        QVERIFY(breakable(required->text()).contains(formatSize(after)));
        workers->setValue(0);
        // Settings PyTorch rejects without workers are turned off with them.
        QVERIFY(!w.session()->profile().workload.persistentWorkers);
        QVERIFY(wiz->workloadPage()->isComplete());
        // A tensor of the user's own makes the sample custom.
        auto *preset = findByName<QComboBox>(wiz->workloadPage(), QStringLiteral("Preset"));
        QCOMPARE(preset->currentData().toString(), QStringLiteral("image-classification"));
        auto *table =
            findByName<QTableWidget>(wiz->workloadPage(), QStringLiteral("Tensors of one sample"));
        table->item(1, 0)->setText(QStringLiteral("target"));
        QCOMPARE(w.session()->profile().workload.sample[1].name, QStringLiteral("target"));
        QCOMPARE(preset->currentData().toString(), QString());
    }

    void savesArtifacts()
    {
        MainWindow w;
        w.show();
        w.wizard()->setStartId(Wizard::WorkloadPageId);
        w.wizard()->restart();
        w.wizard()->next();
        w.wizard()->next();
        ResultsPage *results = w.wizard()->resultsPage();
        QTemporaryDir dir;
        QStringList refused;
        QVERIFY(results->saveAll(dir.path(), false, &refused).isEmpty());
        QVERIFY(refused.isEmpty());
        for (const Artifact &a : results->artifacts()) {
            QFile f(QDir(dir.path()).filePath(a.fileName));
            QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(a.fileName));
            QCOMPARE(QString::fromUtf8(f.readAll()), a.text);
            QCOMPARE(QFileInfo(f).isExecutable(), a.text.startsWith(QLatin1String("#!")));
        }
        // A file the user changed is not overwritten without asking.
        const QString first = QDir(dir.path()).filePath(results->artifacts().constFirst().fileName);
        {
            QFile f(first);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("mine\n");
        }
        QVERIFY(results->saveAll(dir.path(), false, &refused).isEmpty());
        QCOMPARE(refused, QStringList{first});
        QFile kept(first);
        QVERIFY(kept.open(QIODevice::ReadOnly));
        QCOMPARE(kept.readAll(), QByteArray("mine\n"));
    }

    void editedTextIsRevalidated()
    {
        MainWindow w;
        w.show();
        w.wizard()->setStartId(Wizard::WorkloadPageId);
        w.wizard()->restart();
        w.wizard()->next();
        w.wizard()->next();
        ResultsPage *results = w.wizard()->resultsPage();
        CodeView *code = results->codeView();
        // Find a Python artifact and break it in a way PyTorch would reject.
        auto *list = results->findChild<QListWidget *>();
        int python = -1;
        for (int i = 0; i < results->artifacts().size(); ++i)
            if (results->artifacts()[i].syntax == QLatin1String("Python"))
                python = i;
        QVERIFY(python >= 0);
        list->setCurrentRow(python);
        QVERIFY(code->diagnostics().isEmpty() ||
                std::none_of(code->diagnostics().cbegin(), code->diagnostics().cend(),
                             [](const Diagnostic &d) { return d.severity == Severity::Error; }));
        QString text = code->toPlainText();
        text.replace(QRegularExpression(QStringLiteral("num_workers=\\d+")),
                     QStringLiteral("num_workers=0"));
        code->setPlainText(text);
        QTRY_VERIFY(std::any_of(code->diagnostics().cbegin(), code->diagnostics().cend(),
                                [](const Diagnostic &d) { return d.severity == Severity::Error; }));
    }

    void profileRoundTrip()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("p.yaml"));
        Profile original;
        {
            MainWindow w;
            w.session()->edit([](Profile &p) {
                p.environment = Environment::Kubernetes;
                p.kubernetes.kind = KubernetesKind::PyTorchJob;
                p.workload.batchSize = 17;
                p.host.memoryBytes = 64 * GiB;
            });
            original = w.session()->profile();
            QVERIFY(w.saveProfileAs(path));
            QVERIFY(!w.session()->isDirty());
        }
        MainWindow w2;
        QVERIFY(w2.openProfile(path, true));
        QVERIFY(w2.session()->profile() == original);
        QCOMPARE(w2.session()->path(), path);
        // The environment page shows what was opened.
        auto *envBox =
            findByName<QComboBox>(w2.wizard()->environmentPage(), QStringLiteral("Environment"));
        QCOMPARE(envBox->currentData().toString(), QStringLiteral("kubernetes"));
        // A broken profile is refused and the current one kept.
        QFile bad(dir.filePath(QStringLiteral("bad.yaml")));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write("shmwise: 1\nenvironment: nowhere\n");
        bad.close();
        QVERIFY(!w2.openProfile(bad.fileName(), true));
        QVERIFY(w2.session()->profile() == original);
    }

    void targetRefusesInjection()
    {
        MainWindow w;
        w.show();
        TargetPage *page = w.wizard()->targetPage();
        auto *sshRadio = page->findChildren<QRadioButton *>().at(1);
        sshRadio->setChecked(true);
        auto *host = findByName<QComboBox>(page, QStringLiteral("SSH host"));
        QVERIFY(host);
        host->setEditText(QStringLiteral("gpu;touch /tmp/x"));
        QVERIFY(!page->isComplete());
        QVERIFY(!w.wizard()->button(QWizard::NextButton)->isEnabled());
        QVERIFY(message(page)->isVisible());
        host->setEditText(QStringLiteral("-oProxyCommand=x"));
        QVERIFY(!page->isComplete());
        host->setEditText(QStringLiteral("alice@gpu-box:2222"));
        QVERIFY2(page->isComplete(), qPrintable(message(page)->text()));
        QCOMPARE(w.session()->target(), QStringLiteral("ssh://alice@gpu-box:2222"));
    }

    void hostPageProbesLocally()
    {
        MainWindow w;
        w.show();
        // A job on the probed host itself, so its /dev/shm is the job's to copy.
        w.session()->edit([](Profile &p) { p.environment = Environment::BareMetal; });
        Wizard *wiz = w.wizard();
        wiz->setStartId(Wizard::HostPageId);
        wiz->restart();
        HostPage *host = wiz->hostPage();
        auto *table = findByName<QTableWidget>(host, QStringLiteral("Host facts"));
        QVERIFY(table);
        // The probe runs asynchronously; the page fills in when it returns.
        QTRY_VERIFY_WITH_TIMEOUT(
            table->item(0, 1) && table->item(0, 1)->text() != QStringLiteral("unknown"), 20000);
        QVERIFY(!host->prober()->isBusy());
        const QList<QPushButton *> use = host->findChildren<QPushButton *>();
        QPushButton *useButton = nullptr;
        for (QPushButton *b : use)
            if (b->text().contains(QLatin1String("Use These Facts")))
                useButton = b;
        QVERIFY(useButton && useButton->isEnabled());
        useButton->click();
        QVERIFY(w.session()->profile().host.shmBytes.has_value());
        QVERIFY(*w.session()->profile().host.shmBytes > 0);
        QVERIFY(w.session()->profile().host.memoryBytes.has_value());
        host->prober()->cancel();
    }

    void diagnoseWindow()
    {
        MainWindow w;
        w.showDiagnose();
        DiagnoseDialog *d = w.diagnoseDialog();
        QVERIFY(d && d->isVisible());
        d->setLog(
            QStringLiteral("Traceback (most recent call last):\nRuntimeError: DataLoader worker "
                           "(pid 4242) is killed by signal: Bus error. It is possible that "
                           "dataloader's workers are out of shared memory. Please try to "
                           "raise your shared memory limit.\n"));
        QCOMPARE(d->findings().size(), 1);
        QCOMPARE(d->findings().constFirst().id, QStringLiteral("shm-exhausted"));
        QCOMPARE(d->findings().constFirst().line, 2);
        d->setLog(QStringLiteral("all good\n"));
        QVERIFY(d->findings().isEmpty());

        // A file, UTF-16 as PowerShell writes it: diagnosed whole, shown with the same lines.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("job.log"));
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            QStringEncoder enc(QStringEncoder::Utf16LE, QStringEncoder::Flag::WriteBom);
            f.write(enc.encode(QStringLiteral(
                "epoch 1\r\nepoch 2\r\nOSError: [Errno 24] Too many open files\r\n"
                "RuntimeError: DataLoader worker (pid 7) is killed by signal: Bus error.\r\n")));
        }
        QVERIFY(d->openFile(path));
        QTRY_VERIFY_WITH_TIMEOUT(!d->isLoading(), 30000);
        QCOMPARE(d->findings().size(), 2);
        QCOMPARE(d->findings().at(0).id, QStringLiteral("shm-exhausted"));
        QCOMPARE(d->findings().at(1).id, QStringLiteral("fd-exhausted"));
        QVERIFY(d->jumpToFinding(1));
        QCOMPARE(d->currentLine(), 3);
        QVERIFY(d->jumpToFinding(0));
        QCOMPARE(d->currentLine(), 4);
        // Its fixes reach the wizard: the sharing strategy, and the plan.
        QVERIFY(!d->fixAction(d->findings().at(1)).isEmpty());
        QVERIFY(d->applyFix(1));
        QCOMPARE(w.session()->profile().workload.sharingStrategy, SharingStrategy::FileSystem);
        const int before = w.wizard()->currentId();
        QVERIFY(d->applyFix(0));
        QVERIFY(w.wizard()->currentId() >= before);
        QVERIFY(!d->statusText().isEmpty());
        QVERIFY(!d->openFile(dir.filePath(QStringLiteral("missing.log"))));
        QVERIFY(d->statusText().contains(QLatin1String("missing.log")));

        // A file dropped on the log opens it.
        d->setLog(QString());
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(path)});
        QDropEvent drop(QPointF(5, 5), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QDragEnterEvent enter(QPoint(5, 5), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(d->findChild<CodeView *>()->viewport(), &enter);
        QVERIFY(enter.isAccepted());
        QCoreApplication::sendEvent(d->findChild<CodeView *>()->viewport(), &drop);
        QTRY_VERIFY_WITH_TIMEOUT(!d->isLoading(), 30000);
        QCOMPARE(d->findings().size(), 2);
    }

    // A file the Diagnose window cannot read to an end is refused at once, naming it: a device
    // (/dev/zero), a FIFO, a folder, a file over the window's limit. A regular file is read by a
    // thread of its own: the window answers meanwhile, and Stop Reading ends it.
    void diagnoseWindowNeverBlocks()
    {
        DiagnoseDialog d;
        d.show();
        // Stop Reading shows only while a file is read, and is never the default button.
        {
            QAbstractButton *stop = testutil::buttonWithText(&d, QStringLiteral("Stop Reading"));
            QVERIFY(stop && !stop->isVisible());
            QVERIFY(!qobject_cast<QPushButton *>(stop)->autoDefault());
        }
        QTemporaryDir dir;
        const QString fifo = dir.filePath(QStringLiteral("log.fifo"));
        QVERIFY(::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0);
        const QString huge = dir.filePath(QStringLiteral("huge.log"));
        {
            QFile f(huge);
            QVERIFY(f.open(QIODevice::WriteOnly));
            QVERIFY(f.resize(DiagnoseDialog::ReadLimit + 1)); // sparse: nothing is written
        }
        const QList<QPair<QString, QString>> refused{
            {QStringLiteral("/dev/zero"), QStringLiteral("not a regular file")},
            {fifo, QStringLiteral("not a regular file")},
            {dir.path(), QStringLiteral("folder")},
            {huge, QStringLiteral("shmwise diagnose")}};
        for (const auto &[path, why] : refused) {
            QElapsedTimer t;
            t.start();
            QVERIFY2(!d.openFile(path), qPrintable(path));
            QVERIFY(t.elapsed() < 2000);
            QVERIFY(!d.isLoading());
            QVERIFY2(d.statusText().contains(path) && d.statusText().contains(why),
                     qPrintable(d.statusText()));
        }
        // 1 GiB of zero bytes (sparse), each a line end: seconds of reading, which the window
        // does not wait for.
        const QString big = dir.filePath(QStringLiteral("big.log"));
        {
            QFile f(big);
            QVERIFY(f.open(QIODevice::WriteOnly));
            QVERIFY(f.write("RuntimeError: DataLoader worker (pid 7) is killed by signal: Bus "
                            "error.\n") > 0);
            QVERIFY(f.resize(1LL << 30));
        }
        d.setLog(QStringLiteral("kept while the file is read\n"));
        QElapsedTimer t;
        t.start();
        QVERIFY(d.openFile(big));
        QVERIFY(t.elapsed() < 2000);
        QVERIFY(d.isLoading());
        QAbstractButton *stop = testutil::buttonWithText(&d, QStringLiteral("Stop Reading"));
        QVERIFY(stop && stop->isVisible());
        QTRY_VERIFY(d.statusText().contains(QLatin1String("Reading big.log")));
        // The event loop runs while the thread reads: a timer fires on time.
        QElapsedTimer tick;
        tick.start();
        QTest::qWait(100);
        QVERIFY2(tick.elapsed() < 1000, qPrintable(QString::number(tick.elapsed())));
        stop->click();
        QVERIFY(!d.isLoading());
        QVERIFY2(d.statusText().contains(QLatin1String("Stopped reading big.log")),
                 qPrintable(d.statusText()));
        QVERIFY(!stop->isVisible());
        QCOMPARE(d.findChild<CodeView *>()->toPlainText(),
                 QStringLiteral("kept while the file is read\n"));
        // Closing the window while a file is read stops the reader too, and waits for it.
        QVERIFY(d.openFile(big));
        QVERIFY(d.isLoading());
        d.reject();
        QVERIFY(!d.isLoading());
    }

    // The wizard started again on the page it shows (File > New, Open, a diagnosis's "show the
    // plan"), twice in a row, with the events of the first start still queued.
    void restartTwiceOnOnePage_data()
    {
        QTest::addColumn<bool>("dark");
        QTest::newRow("light") << false;
        QTest::newRow("dark, a second window") << true;
    }
    void restartTwiceOnOnePage()
    {
        QFETCH(bool, dark);
        if (dark) {
            QPalette p = QApplication::palette();
            p.setColor(QPalette::Window, Qt::black);
            p.setColor(QPalette::WindowText, Qt::white);
            QApplication::setPalette(p);
        }
        MainWindow w;
        w.resize(1100, 760);
        w.show();
        Wizard *wiz = w.wizard();
        // Through every page first, as a user who reached the results.
        for (int i = 0; i < wiz->pageIds().size(); ++i) {
            QTest::qWait(50);
            wiz->next();
        }
        wiz->setStartId(Wizard::WorkloadPageId);
        wiz->restart();
        QTest::qWait(100);
        wiz->restart();
        QTest::qWait(300);
        QCOMPARE(wiz->currentId(), int(Wizard::WorkloadPageId));
        w.showDiagnose();
        QTest::qWait(100);
        w.session()->markSaved(QString());
        if (dark)
            QApplication::setPalette(QApplication::style()->standardPalette());
    }

    // Keyboard first: on every page each Alt+letter reaches one control, not several, and none
    // shadows the menu bar or the wizard's buttons.
    void mnemonicsAreUnique()
    {
        MainWindow w;
        w.show();
        Wizard *wiz = w.wizard();
        auto mnemonic = [](const QString &text) -> QChar {
            for (int i = 0; i + 1 < text.size(); ++i) {
                if (text[i] == QLatin1Char('&')) {
                    if (text[i + 1] == QLatin1Char('&')) {
                        ++i;
                        continue;
                    }
                    return text[i + 1].toLower();
                }
            }
            return {};
        };
        QStringList always;
        for (QAction *a : w.menuBar()->actions())
            always << a->text();
        const QList<int> ids = wiz->pageIds();
        for (int id : ids) {
            QWizardPage *page = wiz->page(id);
            QStringList texts = always;
            // The wizard's buttons that show on this page.
            if (id != wiz->startId())
                texts << wiz->buttonText(QWizard::BackButton);
            texts << wiz->buttonText(id == Wizard::ResultsPageId ? QWizard::FinishButton
                                                                 : QWizard::NextButton)
                  << wiz->buttonText(QWizard::HelpButton);
            for (QLabel *l : page->findChildren<QLabel *>())
                if (l->buddy())
                    texts << l->text();
            for (QAbstractButton *b : page->findChildren<QAbstractButton *>())
                texts << b->text();
            QHash<QChar, QString> seen;
            for (const QString &t : texts) {
                const QChar m = mnemonic(t);
                if (m.isNull())
                    continue;
                QVERIFY2(!seen.contains(m),
                         qPrintable(QStringLiteral("page %1: '%2' and '%3' share Alt+%4")
                                        .arg(page->title(), seen.value(m), t, m)));
                seen.insert(m, t);
            }
        }
    }

    void highlightsYaml()
    {
        CodeView view;
        view.setSyntax(QStringLiteral("YAML"));
        view.setPlainText(QStringLiteral("apiVersion: v1\nkind: Pod\n# comment\n"));
        view.show();
#ifdef SHMWISE_HAVE_KSYNTAXHIGHLIGHTING
        // Built with it, highlighting must work: no skipping here.
        QVERIFY(view.isHighlighting());
#else
        QVERIFY(!view.isHighlighting());
        QSKIP("built without KF6SyntaxHighlighting: the code view shows plain text");
#endif
        QTRY_VERIFY(!view.document()->firstBlock().layout()->formats().isEmpty());
        // A comment gets a format of its own, different from a key's.
        const QTextBlock comment = view.document()->findBlockByNumber(2);
        QVERIFY(!comment.layout()->formats().isEmpty());
        QVERIFY(comment.layout()->formats().constFirst().format !=
                view.document()->firstBlock().layout()->formats().constFirst().format);
    }

    void themeFollowsThePalette()
    {
#ifndef SHMWISE_HAVE_KSYNTAXHIGHLIGHTING
        QSKIP("built without KF6SyntaxHighlighting: plain text keeps the palette's colours");
#else
        QWidget parent;
        CodeView *view = new CodeView(&parent);
        view->setSyntax(QStringLiteral("YAML"));
        view->setPlainText(QStringLiteral("key: value\n"));
        QPalette light;
        light.setColor(QPalette::Window, Qt::white);
        light.setColor(QPalette::Base, Qt::white);
        light.setColor(QPalette::Text, Qt::black);
        parent.setPalette(light);
        const QColor lightBase = view->palette().color(QPalette::Base);
        QPalette dark;
        dark.setColor(QPalette::Window, QColor(0x2a, 0x2e, 0x32));
        dark.setColor(QPalette::Base, QColor(0x1b, 0x1e, 0x20));
        dark.setColor(QPalette::Text, Qt::white);
        parent.setPalette(dark);
        const QColor darkBase = view->palette().color(QPalette::Base);
        // A light theme on the light palette, a dark one on the dark: re-applied on the change.
        QVERIFY2(lightBase.lightness() > 128, qPrintable(lightBase.name()));
        QVERIFY2(darkBase.lightness() < 128, qPrintable(darkBase.name()));
#endif
    }

    void diagnosticsMarkLines()
    {
        CodeView view;
        view.setPlainText(QStringLiteral("a\nb\nc\n"));
        view.setDiagnostics({{Severity::Error, 2, 1, QStringLiteral("bad b")}});
        bool underlined = false;
        for (const QTextEdit::ExtraSelection &s : view.extraSelections())
            underlined |= s.cursor.blockNumber() == 1 &&
                          s.format.underlineStyle() == QTextCharFormat::WaveUnderline;
        QVERIFY(underlined);
    }
};

QTEST_MAIN(TestWizard)
#include "tst_wizard.moc"
