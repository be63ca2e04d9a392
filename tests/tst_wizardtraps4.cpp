// SPDX-License-Identifier: GPL-3.0-or-later
// What a newcomer's walk found after the wizard's traps were fixed: a typed number the box
// refuses stays marked with what the box holds instead; no plan stands beside a shape that cannot
// be read; a tensor's mark sits in the cell it is about; the form's mnemonics reach the size
// fields; the page's messages follow the fields on screen; a plan beyond memory is no size to
// configure.
#include "ui/environmentpage.h"
#include "ui/mainwindow.h"
#include "ui/session.h"
#include "ui/targetpage.h"
#include "ui/wizard.h"
#include "ui/workloadpage.h"

#include "widgetfind.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRadioButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTest>

using namespace shmwise;
using testutil::findByName;
using testutil::marked;
using testutil::pageMessage;

namespace {

QLabel *labelContaining(QWidget *root, const QString &text)
{
    const QList<QLabel *> all = root->findChildren<QLabel *>();
    for (QLabel *l : all)
        if (l->text().contains(text))
            return l;
    return nullptr;
}

// The field a form label's mnemonic gives focus to.
QWidget *mnemonicTarget(QWidget *page, const QString &labelText)
{
    const QList<QLabel *> all = page->findChildren<QLabel *>();
    for (QLabel *l : all) {
        if (l->text() != labelText || !l->buddy())
            continue;
        QWidget *w = l->buddy();
        // QLabel gives focus only to a buddy that takes it.
        if (w->focusPolicy() == Qt::NoFocus)
            return nullptr;
        while (w->focusProxy())
            w = w->focusProxy();
        return w;
    }
    return nullptr;
}

} // namespace

class TestWizardTraps4 : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }
    void init() { QSettings().clear(); }

    // "9999" typed into GPUs per node (at most 1024) kept 999 with a tooltip that vanished; a
    // letter vanished with nothing left to say so; "1e3" became 13 and "0" processes went back
    // to 2 unseen. The refusal is marked on the field and said on the page with what the field
    // holds, through the rest of the edit and after it, until the field is edited again; it
    // does not hold Next back, since the field holds a value and says which.
    void refusedNumberStaysMarked()
    {
        MainWindow w;
        w.show();
        if (!QTest::qWaitForWindowActive(&w))
            QSKIP("the platform gives the window no focus, and focus ends an edit");
        Wizard *wiz = w.wizard();
        w.session()->edit([](Profile &p) { p.environment = Environment::Docker; });
        wiz->setStartId(Wizard::EnvironmentPageId);
        wiz->restart();
        EnvironmentPage *page = wiz->environmentPage();
        auto *gpus = findByName<QSpinBox>(page, QStringLiteral("GPUs per node"));
        QVERIFY(gpus);
        QLineEdit *edit = gpus->findChild<QLineEdit *>();
        QVERIFY(edit);
        gpus->setFocus();
        edit->selectAll();
        QTest::keyClicks(gpus, QStringLiteral("9999"));
        QCOMPARE(gpus->value(), 999);
        QVERIFY(marked(gpus));
        QVERIFY(page->isComplete());
        QString message = pageMessage(page);
        QVERIFY2(message.contains(QLatin1String("9999 is more than 1024")), qPrintable(message));
        QVERIFY2(message.contains(QLatin1String("the field holds 999")), qPrintable(message));
        // Typing on in the same edit: the notice follows what the field holds.
        QTest::keyClick(gpus, Qt::Key_Backspace);
        QCOMPARE(gpus->value(), 99);
        QVERIFY(marked(gpus));
        QVERIFY2(pageMessage(page).contains(QLatin1String("the field holds 99")),
                 qPrintable(pageMessage(page)));
        // The edit ends (the field loses focus): still said. Another field's edit does not
        // clear it.
        auto *name = findByName<QLineEdit>(page, QStringLiteral("Job name"));
        name->setFocus();
        QTest::keyClicks(name, QStringLiteral("x"));
        QVERIFY(marked(gpus));
        // The next edit of the field clears it.
        gpus->setFocus();
        QTest::keyClick(gpus, Qt::Key_End);
        QTest::keyClick(gpus, Qt::Key_Backspace);
        QCOMPARE(gpus->value(), 9);
        QVERIFY(!marked(gpus));
        // A letter among digits is named, and what the field makes of the rest is said.
        edit->selectAll();
        QTest::keyClicks(gpus, QStringLiteral("1e3"));
        QCOMPARE(gpus->value(), 13);
        QVERIFY(marked(gpus));
        message = pageMessage(page);
        QVERIFY2(message.contains(QLatin1String("'1e' is not a whole number")) &&
                     message.contains(QLatin1String("the field holds 13")),
                 qPrintable(message));
        // Leaving the page and coming back: the refusal was of an edit that has ended, and
        // the field says only what it holds.
        gpus->clearFocus();
        wiz->next();
        QVERIFY(wiz->currentPage() != page);
        wiz->back();
        QCOMPARE(wiz->currentPage(), page);
        QCOMPARE(gpus->value(), 13);
        QVERIFY(!marked(gpus));
        QVERIFY2(!pageMessage(page).contains(QLatin1String("not a whole number")),
                 qPrintable(pageMessage(page)));
        gpus->setFocus();
        edit->selectAll();
        QTest::keyClicks(gpus, QStringLiteral("1e3"));
        QVERIFY(marked(gpus));
        // Loading a profile shows its value and leaves no stale mark.
        w.session()->edit([](Profile &p) { p.job.gpus = 4; });
        QCOMPARE(gpus->value(), 4);
        QVERIFY(!marked(gpus));
        QVERIFY(page->isComplete());

        // Text the box puts back when the edit ends: 0 processes where the least is 1.
        wiz->setStartId(Wizard::WorkloadPageId);
        wiz->restart();
        WorkloadPage *work = wiz->workloadPage();
        auto *processes = findByName<QSpinBox>(work, QStringLiteral("Processes per node"));
        QVERIFY(processes);
        processes->setValue(2);
        processes->setFocus();
        processes->findChild<QLineEdit *>()->selectAll();
        QTest::keyClicks(processes, QStringLiteral("0"));
        findByName<QSpinBox>(work, QStringLiteral("Workers"))->setFocus();
        QCOMPARE(processes->value(), 2);
        QVERIFY(marked(processes));
        QVERIFY2(pageMessage(work).contains(QLatin1String("0 is less than 1")),
                 qPrintable(pageMessage(work)));
    }

    // "64m" typed for Docker read as one byte once Kubernetes (64 thousandths of a byte) was
    // chosen, and the loader module said /dev/shm "was 1 B". Bytes are bytes.
    void environmentSwitchKeepsBytes()
    {
        MainWindow w;
        w.show();
        Wizard *wiz = w.wizard();
        w.session()->edit([](Profile &p) { p.environment = Environment::Docker; });
        wiz->setStartId(Wizard::EnvironmentPageId);
        wiz->restart();
        EnvironmentPage *page = wiz->environmentPage();
        auto *env = findByName<QComboBox>(page, QStringLiteral("Environment"));
        auto *shm = findByName<QLineEdit>(page, QStringLiteral("Current /dev/shm"));
        QVERIFY(env && shm);
        shm->clear();
        QTest::keyClicks(shm, QStringLiteral("64m"));
        QCOMPARE(w.session()->profile().host.shmBytes, std::optional<Bytes>(64 * MiB));
        env->setCurrentIndex(env->findData(QStringLiteral("kubernetes")));
        QCOMPARE(w.session()->profile().environment, Environment::Kubernetes);
        QCOMPARE(w.session()->profile().host.shmBytes, std::optional<Bytes>(64 * MiB));
        QVERIFY2(shm->text() != QLatin1String("64m"), qPrintable(shm->text()));
        QVERIFY(!marked(shm));
        QVERIFY(page->isComplete());
    }

    // While a tensor's shape cannot be read the plan of the old shape stayed on screen; "3, x,
    // 224" was called an empty dimension; the shape's mark sat in the Name cell.
    void noPlanBesideUnreadableShape()
    {
        MainWindow w;
        w.show();
        w.session()->edit([](Profile &p) {
            p.workload.preset.clear();
            p.workload.sample = {TensorSpec{QStringLiteral("image"), {3, 224, 224}, DType::UInt8}};
        });
        Wizard *wiz = w.wizard();
        wiz->setStartId(Wizard::WorkloadPageId);
        wiz->restart();
        WorkloadPage *page = wiz->workloadPage();
        auto *required = findByName<QLabel>(page, QStringLiteral("Required /dev/shm"));
        QVERIFY(required);
        QVERIFY2(required->text().contains(QLatin1String("required")),
                 qPrintable(required->text()));
        auto *table = findByName<QTableWidget>(page, QStringLiteral("Tensors of one sample"));
        QVERIFY(table && table->rowCount() == 1);
        table->item(0, 1)->setText(QStringLiteral("3, x, 224"));
        QCOMPARE(required->text(), QStringLiteral("—"));
        QVERIFY2(pageMessage(page).contains(QLatin1String("'x' is not a dimension")),
                 qPrintable(pageMessage(page)));
        QVERIFY(table->item(0, 0)->data(Qt::DecorationRole).value<QIcon>().isNull());
        QVERIFY(!table->item(0, 1)->data(Qt::DecorationRole).value<QIcon>().isNull());
        table->item(0, 1)->setText(QStringLiteral("3, 224, 224"));
        QVERIFY2(required->text().contains(QLatin1String("required")),
                 qPrintable(required->text()));
        QVERIFY(table->item(0, 1)->data(Qt::DecorationRole).value<QIcon>().isNull());
        // A shape of more than a terabyte a sample is the shape's problem, not the batch size's.
        table->item(0, 1)->setText(QStringLiteral("3, 224, 224, 99999999999"));
        QVERIFY(!table->item(0, 1)->data(Qt::DecorationRole).value<QIcon>().isNull());
        QVERIFY(!marked(findByName<QSpinBox>(page, QStringLiteral("Batch size"))));
        QVERIFY2(pageMessage(page).contains(QLatin1String("check its shape")),
                 qPrintable(pageMessage(page)));
        table->item(0, 1)->setText(QStringLiteral("3, 224, 224"));
        QVERIFY(table->item(0, 1)->data(Qt::DecorationRole).value<QIcon>().isNull());
        // A name problem is marked in the Name cell.
        w.session()->edit([](Profile &p) { p.workload.sample[0].name = QStringLiteral("a b"); });
        QVERIFY(!table->item(0, 0)->data(Qt::DecorationRole).value<QIcon>().isNull());
        QVERIFY(table->item(0, 1)->data(Qt::DecorationRole).value<QIcon>().isNull());
    }

    // Alt+S, Alt+O and Alt+Y on the Environment page went to a row that holds the size field and
    // its bytes, which takes no focus: nothing happened.
    void mnemonicsReachSizeFields()
    {
        MainWindow w;
        w.show();
        Wizard *wiz = w.wizard();
        wiz->setStartId(Wizard::EnvironmentPageId);
        wiz->restart();
        EnvironmentPage *env = wiz->environmentPage();
        QCOMPARE(mnemonicTarget(env, QStringLiteral("Current /dev/&shm:")),
                 findByName<QLineEdit>(env, QStringLiteral("Current /dev/shm")));
        QCOMPARE(mnemonicTarget(env, QStringLiteral("Job mem&ory:")),
                 findByName<QLineEdit>(env, QStringLiteral("Job memory")));
        QCOMPARE(mnemonicTarget(env, QStringLiteral("Host memor&y:")),
                 findByName<QLineEdit>(env, QStringLiteral("Host memory")));
        WorkloadPage *work = wiz->workloadPage();
        QCOMPARE(mnemonicTarget(work, QStringLiteral("Sample s&ize:")),
                 findByName<QLineEdit>(work, QStringLiteral("Sample size")));
        // The key itself, where the platform gives the window focus.
        if (!QTest::qWaitForWindowActive(&w))
            return;
        QTest::keyClick(&w, Qt::Key_A, Qt::AltModifier);
        QCOMPARE(QApplication::focusWidget(),
                 findByName<QLineEdit>(env, QStringLiteral("Job name")));
        for (const auto &[key, field] :
             {std::pair{Qt::Key_Y, "Host memory"}, std::pair{Qt::Key_S, "Current /dev/shm"},
              std::pair{Qt::Key_O, "Job memory"}}) {
            QTest::keyClick(QApplication::focusWidget(), key, Qt::AltModifier);
            QCOMPARE(QApplication::focusWidget(), findByName<QLineEdit>(env, QLatin1String(field)));
        }
    }

    // The messages were sorted alphabetically ("Host memory" above "Job name"); they follow the
    // fields on screen.
    void messagesInScreenOrder()
    {
        MainWindow w;
        w.resize(1100, 800);
        w.show();
        Wizard *wiz = w.wizard();
        w.session()->edit([](Profile &p) { p.environment = Environment::Docker; });
        wiz->setStartId(Wizard::EnvironmentPageId);
        wiz->restart();
        EnvironmentPage *page = wiz->environmentPage();
        auto *name = findByName<QLineEdit>(page, QStringLiteral("Job name"));
        auto *host = findByName<QLineEdit>(page, QStringLiteral("Host memory"));
        QVERIFY(name && host);
        QVERIFY(name->mapTo(page, QPoint()).y() < host->mapTo(page, QPoint()).y());
        host->clear();
        QTest::keyClicks(host, QStringLiteral("lots"));
        name->selectAll();
        QTest::keyClick(name, Qt::Key_Delete);
        const QStringList lines = pageMessage(page).split(QLatin1Char('\n'));
        QCOMPARE(lines.size(), 2);
        QVERIFY2(lines[0].startsWith(QLatin1String("Job name: ")), qPrintable(lines[0]));
        QVERIFY2(lines[1].startsWith(QLatin1String("Host memory: ")), qPrintable(lines[1]));
    }

    // A plan larger than the memory said "Configure 24576 TiB" beside the error.
    void planBeyondMemoryIsNoSizeToConfigure()
    {
        MainWindow w;
        w.show();
        w.session()->edit([](Profile &p) {
            p.environment = Environment::Docker;
            p.host.memoryBytes = 64 * GiB;
            p.workload.batchSize = 999999;
            p.workload.setNumWorkers(999);
        });
        Wizard *wiz = w.wizard();
        wiz->setStartId(Wizard::WorkloadPageId);
        wiz->restart();
        WorkloadPage *page = wiz->workloadPage();
        QVERIFY(!page->isComplete());
        QLabel *rec = labelContaining(page, QStringLiteral("batches are in flight"));
        QVERIFY(rec);
        QVERIFY2(!rec->text().contains(QLatin1String("Configure")), qPrintable(rec->text()));
        QVERIFY2(rec->text().startsWith(QLatin1String("No size to configure")),
                 qPrintable(rec->text()));
        w.session()->edit([](Profile &p) {
            p.workload.batchSize = 32;
            p.workload.setNumWorkers(4);
        });
        QVERIFY2(rec->text().startsWith(QLatin1String("Configure")), qPrintable(rec->text()));
        // The memory limit the files set grows by the /dev/shm: said here, not only in Results.
        QVERIFY(!rec->text().contains(QLatin1String("memory limit")));
        w.session()->edit([](Profile &p) { p.job.memoryBytes = 16 * GiB; });
        QVERIFY2(breakable(rec->text()).contains(QLatin1String("the job's 16 GiB plus this")),
                 qPrintable(rec->text()));
    }

    // The fields a diagnosis asks to check were tinted orange, the note orange too: a second
    // way of marking beside the critical mark of a field in error. They get the information
    // icon; their colours stay the page's.
    void fieldsToCheckAreNotErrors()
    {
        MainWindow w;
        w.show();
        Wizard *wiz = w.wizard();
        wiz->setStartId(Wizard::WorkloadPageId);
        wiz->restart();
        WorkloadPage *page = wiz->workloadPage();
        auto *batch = findByName<QSpinBox>(page, QStringLiteral("Batch size"));
        QVERIFY(batch);
        const QPalette before = batch->palette();
        page->askToCheck(true);
        auto *note = findByName<QLabel>(page, QStringLiteral("Fields to check"));
        QVERIFY(note && !note->isHidden());
        QCOMPARE(note->palette().color(QPalette::WindowText),
                 page->palette().color(QPalette::WindowText));
        QCOMPARE(batch->palette().color(QPalette::Base), before.color(QPalette::Base));
        auto toCheck = [](QWidget *field) {
            const QList<QAction *> actions = field->findChild<QLineEdit *>()->actions();
            return std::count_if(actions.cbegin(), actions.cend(), [](QAction *a) {
                return a->objectName() == QLatin1String("fieldToCheck");
            });
        };
        QCOMPARE(toCheck(batch), 1);
        QVERIFY(!marked(batch));
        page->askToCheck(false);
        QCOMPARE(toCheck(batch), 1);
        // Values entered on the Environment page answer nothing the note asked: it stays.
        w.session()->edit([](Profile &p) {
            p.environment = Environment::Kubernetes;
            p.job.memoryBytes = 32 * GiB;
            p.job.gpus = 4;
        });
        QVERIFY(!note->isHidden());
        QCOMPARE(toCheck(batch), 1);
        batch->setValue(batch->value() + 1);
        QCOMPARE(toCheck(batch), 0);
        // The batch size is answered; the other fields the note names are not yet.
        QVERIFY(!note->isHidden());
        auto *workers = findByName<QSpinBox>(page, QStringLiteral("Workers"));
        QVERIFY(workers);
        QCOMPARE(toCheck(workers), 1);
    }

    // The Target page: a refused SSH host was "refused target: the host '' is empty", naming no
    // field; an emptied host held Next back with nothing said.
    void targetMessagesNameTheField()
    {
        MainWindow w;
        w.show();
        TargetPage *page = w.wizard()->targetPage();
        QRadioButton *ssh = nullptr;
        for (QRadioButton *r : page->findChildren<QRadioButton *>())
            if (r->text().contains(QLatin1String("SSH")))
                ssh = r;
        QVERIFY(ssh);
        ssh->setChecked(true);
        auto *host = findByName<QComboBox>(page, QStringLiteral("SSH host"));
        QVERIFY(host);
        host->setEditText(QStringLiteral("user@"));
        QVERIFY(!page->isComplete());
        QString message = pageMessage(page);
        QVERIFY2(message.startsWith(QLatin1String("SSH host: ")) &&
                     !message.contains(QLatin1String("refused target")),
                 qPrintable(message));
        host->setEditText(QStringLiteral("gpu-box"));
        QVERIFY(page->isComplete());
        QVERIFY(pageMessage(page).isEmpty());
        host->setEditText(QString());
        QVERIFY(!page->isComplete());
        QVERIFY2(pageMessage(page).contains(QLatin1String("SSH host is empty")),
                 qPrintable(pageMessage(page)));
        QVERIFY(marked(host));
        // Choosing this computer leaves nothing said about the SSH field.
        for (QRadioButton *r : page->findChildren<QRadioButton *>())
            if (r->text().contains(QLatin1String("computer")))
                r->setChecked(true);
        QVERIFY(page->isComplete());
        QVERIFY(!marked(host));
        // A container chosen and not yet named: Next waits, and the line under the buttons
        // says for what, not in an error's red (a walk found Next grey with no reason given).
        QRadioButton *docker = nullptr;
        for (QRadioButton *r : page->findChildren<QRadioButton *>())
            if (r->text().contains(QLatin1String("Docker")))
                docker = r;
        QVERIFY(docker);
        docker->setChecked(true);
        QVERIFY(!page->isComplete());
        auto *result = findByName<QLabel>(page, QStringLiteral("Connection test result"));
        QVERIFY(result);
        QVERIFY2(result->text().contains(QLatin1String("wait for the Container field")),
                 qPrintable(result->text()));
        auto *container = findByName<QLineEdit>(page, QStringLiteral("Container"));
        QVERIFY(container);
        QVERIFY(!marked(container));
        container->setFocus();
        QTest::keyClicks(container, QStringLiteral("train"));
        QVERIFY(page->isComplete());
        QVERIFY(!result->text().contains(QLatin1String("wait for")));
    }
};

QTEST_MAIN(TestWizardTraps4)
#include "tst_wizardtraps4.moc"
