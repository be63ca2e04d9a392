// SPDX-License-Identifier: GPL-3.0-or-later
// The third newcomer walk's major problems that are the desktop's own: the keyboard left on the
// page just left, and the mouse wheel editing fields while it scrolls a form.
#include "core/size.h"
#include "probes/findings.h"
#include "probes/prober.h"
#include "ui/diagnosedialog.h"
#include "ui/environmentpage.h"
#include "ui/fleetview.h"
#include "ui/hostpage.h"
#include "ui/mainwindow.h"
#include "ui/measuredialog.h"
#include "ui/page.h"
#include "ui/resultspage.h"
#include "ui/session.h"
#include "ui/shmlesson.h"
#include "ui/targetpage.h"
#include "ui/textview.h"
#include "ui/wizard.h"
#include "ui/workloadpage.h"

#include "widgetfind.h"

#include <QAbstractItemView>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTest>
#include <QTextBrowser>
#include <QWheelEvent>

using namespace shmwise;
using testutil::findByName;

namespace {

void wheel(QWidget *target, int steps)
{
    const QPoint local = target->rect().center();
    QWheelEvent e(QPointF(local), QPointF(target->mapToGlobal(local)), QPoint(),
                  QPoint(0, 120 * steps), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(target, &e);
}

QScrollArea *scrollAreaAround(QWidget *w)
{
    for (QWidget *p = w->parentWidget(); p; p = p->parentWidget())
        if (auto *area = qobject_cast<QScrollArea *>(p))
            return area;
    return nullptr;
}

} // namespace

class TestWizardTraps7 : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }
    void init() { QSettings().clear(); }

    // Alt+N on the Environment page left the keyboard in its Job name field: typing on the
    // Workload page edited the hidden page. Every page change, forward and back, puts the
    // keyboard on a shown field of the new page.
    void keyboardFollowsThePage()
    {
        MainWindow w;
        w.resize(1366, 768);
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        Wizard *wiz = w.wizard();
        w.session()->edit([](Profile &p) { p.environment = Environment::Docker; });
        wiz->setStartId(Wizard::EnvironmentPageId);
        wiz->restart();
        auto *name = findByName<QLineEdit>(wiz->environmentPage(), QStringLiteral("Job name"));
        QVERIFY(name);
        name->setFocus();
        QTRY_VERIFY(name->hasFocus());
        const QString before = name->text();
        const int order[] = {Wizard::WorkloadPageId, Wizard::HostPageId, Wizard::ResultsPageId};
        for (int next : order) {
            QTest::keyClick(QApplication::focusWidget(), Qt::Key_N, Qt::AltModifier);
            QTRY_COMPARE(wiz->currentId(), next);
            QWidget *focus = QApplication::focusWidget();
            QTRY_VERIFY(QApplication::focusWidget() &&
                        wiz->currentPage()->isAncestorOf(QApplication::focusWidget()));
            focus = QApplication::focusWidget();
            QVERIFY2(focus->isVisible(), focus->metaObject()->className());
            QVERIFY(focus->isEnabled());
        }
        // Typing goes where the keyboard is, never into the hidden Job name.
        QTest::keyClicks(QApplication::focusWidget(), QStringLiteral("zz"));
        QCOMPARE(name->text(), before);
        // Back, too.
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_B, Qt::AltModifier);
        QTRY_COMPARE(wiz->currentId(), int(Wizard::HostPageId));
        QTRY_VERIFY(QApplication::focusWidget() &&
                    wiz->hostPage()->isAncestorOf(QApplication::focusWidget()));
    }

    // The first field is taken in Tab order, skipping what is hidden or disabled and preferring
    // a field to a button.
    void firstFieldSkipsHiddenAndDisabled()
    {
        QWidget page;
        auto *button = new QPushButton(QStringLiteral("Help"), &page);
        auto *hidden = new QLineEdit(&page);
        hidden->hide();
        auto *disabled = new QLineEdit(&page);
        disabled->setEnabled(false);
        auto *field = new QSpinBox(&page);
        QWidget::setTabOrder(button, hidden);
        QWidget::setTabOrder(hidden, disabled);
        QWidget::setTabOrder(disabled, field);
        QCOMPARE(Wizard::firstField(&page), static_cast<QWidget *>(field));
        field->setEnabled(false);
        QCOMPARE(Wizard::firstField(&page), static_cast<QWidget *>(button));
    }

    // The wheel over the Workload form changed Start method and Batch size while the user
    // scrolled. A field changes with the wheel only while it has the keyboard; otherwise the
    // form scrolls.
    void wheelScrollsTheForm()
    {
        MainWindow w;
        w.resize(800, 600);
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        Wizard *wiz = w.wizard();
        w.session()->edit([](Profile &p) { p.environment = Environment::Docker; });
        wiz->setStartId(Wizard::WorkloadPageId);
        wiz->restart();
        WorkloadPage *page = wiz->workloadPage();
        auto *batch = findByName<QSpinBox>(page, QStringLiteral("Batch size"));
        auto *start = findByName<QComboBox>(page, QStringLiteral("Start method"));
        QVERIFY(batch && start);
        // The keyboard elsewhere on the page.
        QWidget *elsewhere = Wizard::firstField(page);
        QVERIFY(elsewhere && elsewhere != batch && elsewhere != start);
        elsewhere->setFocus();
        QTRY_VERIFY(elsewhere->hasFocus());
        const int batchBefore = batch->value();
        const int startBefore = start->currentIndex();
        const Profile profileBefore = w.session()->profile();
        // A real (spontaneous) wheel event gives a field with Qt::WheelFocus the keyboard
        // before any filter sees it: no value field of the page may have it.
        for (QWidget *field : page->findChildren<QWidget *>()) {
            // (A hidden one is polished, and changed, when it is first shown.)
            if (field->isVisible() &&
                (qobject_cast<QAbstractSpinBox *>(field) || qobject_cast<QComboBox *>(field)))
                QVERIFY2((field->focusPolicy() & Qt::WheelFocus) != Qt::WheelFocus,
                         qPrintable(field->accessibleName()));
        }
        QScrollArea *area = scrollAreaAround(batch);
        QVERIFY(area);
        QScrollBar *bar = area->verticalScrollBar();
        const bool scrolls = bar->isVisible() && bar->maximum() > 0;
        if (scrolls)
            bar->setValue(bar->maximum() / 2);
        const int barBefore = bar->value();
        wheel(batch, -1);
        wheel(batch->findChild<QLineEdit *>(), -1);
        wheel(start, -1);
        QCOMPARE(batch->value(), batchBefore);
        QCOMPARE(start->currentIndex(), startBefore);
        QVERIFY(w.session()->profile().workload.batchSize == profileBefore.workload.batchSize);
        QVERIFY(w.session()->profile().workload.startMethod == profileBefore.workload.startMethod);
        if (scrolls)
            QVERIFY2(bar->value() > barBefore, "the wheel did not scroll the form");
        // With the keyboard, the wheel is the field's again.
        batch->setFocus();
        QTRY_VERIFY(batch->hasFocus());
        wheel(batch, 1);
        QCOMPARE(batch->value(), batchBefore + 1);
    }

    // The walk at 800x600 found the Environment page 929 px wide at the least: every page, in
    // every environment, fits a window of 800x600 (a page taller than that scrolls).
    void everyPageFits800x600()
    {
        MainWindow w;
        w.show();
        Wizard *wiz = w.wizard();
        for (const Environment e : {Environment::Docker, Environment::Kubernetes,
                                    Environment::BareMetal, Environment::Slurm}) {
            w.session()->edit([e](Profile &p) {
                p.environment = e;
                p.job.gpus = 8; // the NCCL rows shown
                p.ray.used = true;
            });
            for (int id = Wizard::TargetPageId; id <= Wizard::ResultsPageId; ++id) {
                wiz->setStartId(id);
                wiz->restart();
                QCoreApplication::processEvents();
                const QSize least = w.minimumSizeHint().expandedTo(w.minimumSize());
                QVERIFY2(least.width() <= 800 && least.height() <= 600,
                         qPrintable(QStringLiteral("%1 page, %2: %3x%4")
                                        .arg(wiz->currentPage()->title(), environmentName(e))
                                        .arg(least.width())
                                        .arg(least.height())));
            }
        }
    }

    // Diagnose opened at 820x640 on an 800x600 screen, its buttons below the screen's edge:
    // every window opens within the screen it is on.
    void windowsOpenWithinTheScreen()
    {
        MainWindow w;
        w.show();
        const QSize screen = w.screen()->availableGeometry().size();
        w.showDiagnose();
        w.showShmLesson();
        w.showHelp();
        for (QWidget *window :
             {static_cast<QWidget *>(w.diagnoseDialog()), static_cast<QWidget *>(w.shmLesson()),
              static_cast<QWidget *>(w.helpDialog())}) {
            QVERIFY(window);
            QVERIFY2(window->width() <= screen.width() && window->height() <= screen.height(),
                     qPrintable(QStringLiteral("%1: %2x%3 on %4x%5")
                                    .arg(window->windowTitle())
                                    .arg(window->width())
                                    .arg(window->height())
                                    .arg(screen.width())
                                    .arg(screen.height())));
        }
    }

    // Return in the tensor table left the page (Next) and started a probe. It edits the cell:
    // the name's editor opens, the type's list drops down; the page stays.
    void returnInTheTensorTableEdits()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        Wizard *wiz = w.wizard();
        wiz->setStartId(Wizard::WorkloadPageId);
        wiz->restart();
        auto *table =
            findByName<QTableWidget>(wiz->workloadPage(), QStringLiteral("Tensors of one sample"));
        QVERIFY(table && table->rowCount() > 0);
        table->setFocus();
        table->setCurrentCell(0, 0);
        QTRY_VERIFY(table->hasFocus());
        QTest::keyClick(table, Qt::Key_Return);
        QCOMPARE(wiz->currentId(), int(Wizard::WorkloadPageId));
        QVERIFY(table->findChild<QLineEdit *>() && table->findChild<QLineEdit *>()->isVisible());
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Escape);
        // The type column's combo box.
        int typeColumn = -1;
        for (int c = 0; c < table->columnCount(); ++c)
            if (qobject_cast<QComboBox *>(table->cellWidget(0, c)))
                typeColumn = c;
        QVERIFY(typeColumn >= 0);
        auto *type = qobject_cast<QComboBox *>(table->cellWidget(0, typeColumn));
        type->setFocus();
        QTRY_VERIFY(type->hasFocus());
        QTest::keyClick(type, Qt::Key_Return);
        QCOMPARE(wiz->currentId(), int(Wizard::WorkloadPageId));
        QTRY_VERIFY(type->view()->isVisible());
        // In the open list, Return picks the choice under the keyboard, as in any combo box
        // (the list is a view too, and not one to edit).
        const int before = type->currentIndex();
        QTest::keyClick(type->view(), Qt::Key_Down);
        QTest::keyClick(type->view(), Qt::Key_Return);
        QTRY_VERIFY(!type->view()->isVisible());
        QCOMPARE(type->currentIndex(), before + 1);
        QCOMPARE(wiz->currentId(), int(Wizard::WorkloadPageId));
        // The same in a combo box of a form, outside any table.
        auto *start = findByName<QComboBox>(wiz->workloadPage(), QStringLiteral("Start method"));
        QVERIFY(start);
        start->setFocus();
        start->showPopup();
        QTRY_VERIFY(start->view()->isVisible());
        const int startBefore = start->currentIndex();
        QTest::keyClick(start->view(), startBefore == 0 ? Qt::Key_Down : Qt::Key_Up);
        QTest::keyClick(start->view(), Qt::Key_Return);
        QTRY_VERIFY(!start->view()->isVisible());
        QVERIFY(start->currentIndex() != startBefore);
        QCOMPARE(wiz->currentId(), int(Wizard::WorkloadPageId));
    }

    // "What is /dev/shm?" drew this computer's 23.5 GiB /dev/shm for a Docker job that gets
    // 64 MiB. The picture's /dev/shm is the job's, says where the figure comes from, and
    // follows the environment while it is open.
    void lessonDrawsTheJobsShm()
    {
        // A probed host with a large /dev/shm of its own.
        HostFacts f;
        f.memTotalBytes = 47 * GiB;
        f.shmSizeBytes = 47 * GiB / 2;
        f.shmUsedBytes = 1 * GiB;
        const QString hostShm = formatSize(*f.shmSizeBytes);
        Profile docker = newProfile();
        docker.environment = Environment::Docker;
        docker.host.shmBytes.reset();
        MemoryLayers picture;
        picture.setFacts(f, 2 * GiB, jobShm(docker, f.shmSizeBytes));
        QString said = picture.description();
        QVERIFY2(said.contains(QLatin1String("The job's /dev/shm (in RAM, counted against the "
                                             "limit): 64 MiB, ")) &&
                     said.contains(QLatin1String("default")),
                 qPrintable(said));
        QVERIFY2(!said.contains(hostShm), qPrintable(said));
        // On bare metal the job uses the host's own /dev/shm.
        Profile bare = docker;
        bare.environment = Environment::BareMetal;
        picture.setFacts(f, 2 * GiB, jobShm(bare, f.shmSizeBytes));
        said = picture.description();
        QVERIFY2(said.contains(QStringLiteral("The job's /dev/shm (in RAM, counted against the "
                                              "limit): %1, the probed host's")
                                   .arg(hostShm)),
                 qPrintable(said));

        // In the window, the lesson follows the job while it is open.
        MainWindow w;
        w.show();
        w.session()->edit([](Profile &p) {
            p.environment = Environment::Docker;
            p.host.shmBytes.reset();
        });
        w.showShmLesson();
        ShmLesson *lesson = w.shmLesson();
        QVERIFY(lesson && lesson->isVisible());
        auto *drawn = lesson->findChild<MemoryLayers *>();
        QVERIFY(drawn);
        QVERIFY2(drawn->description().contains(QLatin1String("limit): 64 MiB, ")),
                 qPrintable(drawn->description()));
        w.session()->edit([](Profile &p) {
            p.environment = Environment::Kubernetes;
            p.host.shmBytes = 512 * MiB;
        });
        QVERIFY2(drawn->description().contains(
                     QLatin1String("limit): 512 MiB, the /dev/shm the profile gives")),
                 qPrintable(drawn->description()));
        // Without a probe, the memory typed on the Environment page is the picture's RAM.
        w.session()->edit([](Profile &p) {
            p.host.memoryBytes = 24 * GiB;
            p.job.memoryBytes = 16 * GiB;
        });
        QVERIFY2(drawn->description().contains(QLatin1String("RAM: 24 GiB; memory limit: 16 GiB")),
                 qPrintable(drawn->description()));
        QVERIFY(!drawn->description().contains(QLatin1String("no GPU reported")));
        lesson->close();
    }

    // The Host page said "Nothing here will break the job" while the Workload page warned that
    // the job's memory plus /dev/shm was more than the host has. One verdict: every warning and
    // error of the plan is on the Host page (and in `probe --profile`), unless a finding from
    // the probe says the same.
    void oneVerdict()
    {
        qputenv("SHMWISE_PROBE_ROOT", SHMWISE_SOURCE_DIR "/tests/data/probe/gpu-baremetal/root");
        MainWindow w;
        w.resize(1366, 768);
        w.show();
        Wizard *wiz = w.wizard();
        w.session()->edit([](Profile &p) {
            p.environment = Environment::Docker;
            p.host.memoryBytes = Bytes(235) * GiB / 10;
            p.host.cpus = 8;
            p.host.shmBytes = 64 * MiB;
            p.job.memoryBytes = 20 * GiB;
            p.workload.processesPerNode = 4;
            p.workload.setNumWorkers(8);
            p.workload.prefetchFactor = 8;
            p.workload.startMethod = StartMethod::Spawn;
            p.workload.sharingStrategy = SharingStrategy::FileSystem;
        });
        const QStringList warnings = w.session()->plan().warnings;
        QVERIFY2(warnings.size() >= 4, qPrintable(warnings.join(QLatin1Char('\n'))));
        QCOMPARE(w.session()->plan().warningIds.size(), warnings.size());
        wiz->setStartId(Wizard::HostPageId);
        wiz->restart();
        QTRY_VERIFY_WITH_TIMEOUT(wiz->hostPage()->lastFacts().has_value(), 20000);
        wiz->hostPage()->prober()->setRefreshInterval(0);
        qunsetenv("SHMWISE_PROBE_ROOT");
        auto *view = findByName<QTextBrowser>(wiz->hostPage(), QStringLiteral("Findings"));
        QVERIFY(view);
        auto plain = [](QString t) {
            return t.replace(QChar(0x00a0), QLatin1Char(' '))
                .replace(QChar(0x2011), QLatin1Char('-'))
                .replace(QChar(0x200b), QString())
                .replace(QChar(0x2060), QString())
                .simplified();
        };
        const QString verdict = plain(view->toPlainText());
        QVERIFY(!verdict.contains(QLatin1String("Nothing here will break the job")));
        const HostFacts facts = *wiz->hostPage()->lastFacts();
        const QVector<Finding> findings =
            jobVerdict(&facts, w.session()->profile(), &w.session()->plan());
        for (int i = 0; i < warnings.size(); ++i) {
            const QString id = w.session()->plan().warningIds.at(i);
            const bool sameFromProbe =
                std::any_of(findings.cbegin(), findings.cend(), [&](const Finding &f) {
                    return f.id == id && f.evidence != QLatin1String("From the job's plan (the "
                                                                     "Workload page).");
                });
            QVERIFY2(sameFromProbe || verdict.contains(plain(warnings.at(i))),
                     qPrintable(id + QLatin1String(": ") + warnings.at(i) +
                                QLatin1String("\n---\n") + verdict));
        }
        // The Workload page shows the same warnings, a profile's names in the page's labels.
        wiz->setStartId(Wizard::WorkloadPageId);
        wiz->restart();
        auto *label = findByName<QLabel>(wiz->workloadPage(), QStringLiteral("Plan warnings"));
        QVERIFY(label);
        for (const QString &warning : warnings)
            QVERIFY2(plain(label->text()).contains(plain(Page::inFieldWords(warning))),
                     qPrintable(warning));
        QVERIFY2(!label->text().contains(QLatin1String("num_workers")), qPrintable(label->text()));
        // And the Environment page says it at the job's memory, where it was typed.
        QVERIFY(
            w.session()->plan().warningIds.contains(QLatin1String("memory-plus-shm-over-host")));
        wiz->setStartId(Wizard::EnvironmentPageId);
        wiz->restart();
        auto *memory = findByName<QLineEdit>(wiz->environmentPage(), QStringLiteral("Job memory"));
        QVERIFY(memory);
        QVERIFY(testutil::marked(memory));
        QVERIFY2(testutil::pageMessage(wiz->environmentPage())
                     .contains(QLatin1String("is more than the host has")),
                 qPrintable(testutil::pageMessage(wiz->environmentPage())));
        // Within the host's memory, the mark goes.
        w.session()->edit([](Profile &p) { p.job.memoryBytes = 4 * GiB; });
        QVERIFY(!testutil::marked(memory));
    }

    // The fleet window showed a literal "&Inventory:": a label with a mnemonic and no buddy.
    // Every such label in every window has one.
    void everyMnemonicLabelHasABuddy()
    {
        static const QRegularExpression mnemonic(QStringLiteral("(^|[^&])&[^&\\s]"));
        MainWindow w;
        FleetView fleet(std::nullopt);
        MeasureDialog measure(Environment::Docker);
        DiagnoseDialog diagnose;
        const QList<QWidget *> roots = {&w, &fleet, &measure, &diagnose};
        int checked = 0;
        for (QWidget *root : roots) {
            for (QLabel *l : root->findChildren<QLabel *>()) {
                if (l->text().startsWith(QLatin1Char('<')) || l->textFormat() == Qt::RichText)
                    continue;
                if (!mnemonic.match(l->text()).hasMatch())
                    continue;
                ++checked;
                QVERIFY2(l->buddy(),
                         qPrintable(QStringLiteral("%1: \"%2\" has no buddy")
                                        .arg(QLatin1String(root->metaObject()->className()))
                                        .arg(l->text())));
            }
        }
        QVERIFY(checked > 10);
    }

    // Esc closed neither Diagnose nor the lesson; their Close had no mnemonic.
    void escapeAndCloseInEveryDialog()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        w.showShmLesson();
        ShmLesson *lesson = w.shmLesson();
        QVERIFY(lesson->isVisible());
        // A transient window counts as active with its parent: wait for the lesson itself.
        QTRY_COMPARE(QApplication::activeWindow(), static_cast<QWidget *>(lesson));
        QTest::keyClick(QApplication::focusWidget() ? QApplication::focusWidget() : lesson,
                        Qt::Key_Escape);
        QTRY_VERIFY(!lesson->isVisible());
        DiagnoseDialog diagnose;
        diagnose.show();
        diagnose.activateWindow();
        QTRY_COMPARE(QApplication::activeWindow(), static_cast<QWidget *>(&diagnose));
        QTest::keyClick(QApplication::focusWidget() ? QApplication::focusWidget() : &diagnose,
                        Qt::Key_Escape);
        QTRY_VERIFY(!diagnose.isVisible());
        for (QDialog *d : QList<QDialog *>{lesson, &diagnose}) {
            for (QPushButton *b : d->findChildren<QPushButton *>()) {
                QString t = b->text();
                if (t.remove(QLatin1Char('&')) == QLatin1String("Close"))
                    QVERIFY2(b->text().contains(QLatin1Char('&')), d->metaObject()->className());
            }
        }
    }

    // Messages printed backticks around commands in Diagnose, Host and SSH texts: the desktop
    // shows them as code.
    void backticksAreCode()
    {
        const QString html = htmlText(QStringLiteral("remove it with `ssh-keygen -R 'a<b'` and "
                                                     "run `shmwise plan`; a lone ` stays"));
        QVERIFY2(html.contains(QLatin1String("<code>ssh-keygen")) &&
                     html.contains(QLatin1String("&lt;b")) &&
                     html.contains(QLatin1String("plan</code>")),
                 qPrintable(html));
        QCOMPARE(html.count(QLatin1Char('`')), 1);
    }
};

QTEST_MAIN(TestWizardTraps7)
#include "tst_wizardtraps7.moc"
