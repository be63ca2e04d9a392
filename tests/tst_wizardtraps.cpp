// SPDX-License-Identifier: GPL-3.0-or-later
// The wizard where it used to mislead: Esc and Done losing work, a container job judged by its
// host's /dev/shm, stale facts after a host switch, the fit hidden when /dev/shm cannot be
// raised, and Results edits lost or saved with errors unasked.
#include "core/fit.h"
#include "generators/gen_common.h"
#include "probes/findings.h"
#include "ui/codeview.h"
#include "ui/containercheck.h"
#include "ui/environmentpage.h"
#include "ui/hostpage.h"
#include "ui/mainwindow.h"
#include "ui/resultspage.h"
#include "ui/session.h"
#include "ui/targetpage.h"
#include "ui/textview.h"
#include "ui/wizard.h"
#include "ui/workloadpage.h"

#include "widgetfind.h"

#include <QAbstractButton>
#include <QApplication>
#include <QClipboard>
#include <QDialog>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QGroupBox>
#include <QGuiApplication>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextLayout>
#include <QTimer>

#include <algorithm>

#include <sys/stat.h>

using namespace shmwise;
using testutil::buttonWithText;
using testutil::findByName;

namespace {

// Answers modal dialogs as they open: message boxes with `answer` (their text recorded), any
// other dialog (a file dialog) rejected and its class recorded.
class Answerer : public QObject
{
public:
    explicit Answerer(QMessageBox::StandardButton answer) : m_answer(answer)
    {
        connect(&m_timer, &QTimer::timeout, this, [this] {
            QWidget *w = QApplication::activeModalWidget();
            if (auto *box = qobject_cast<QMessageBox *>(w)) {
                texts << box->text();
                if (QAbstractButton *b = box->button(m_answer))
                    b->click();
                else
                    box->reject();
            } else if (auto *d = qobject_cast<QDialog *>(w)) {
                others << QString::fromLatin1(d->metaObject()->className());
                d->reject();
            }
        });
        m_timer.start(30);
    }
    void setAnswer(QMessageBox::StandardButton a) { m_answer = a; }
    QStringList texts;
    QStringList others;

private:
    QTimer m_timer;
    QMessageBox::StandardButton m_answer;
};

QString factValue(QTableWidget *facts, const QString &name)
{
    for (int r = 0; r < facts->rowCount(); ++r)
        if (facts->item(r, 0) && facts->item(r, 0)->text() == name)
            return facts->item(r, 1) ? facts->item(r, 1)->text() : QString();
    return {};
}

// A host without containers, whatever this machine is: the probe reads a fixture's files.
const QByteArray kBareMetalRoot = SHMWISE_SOURCE_DIR "/tests/data/probe/gpu-baremetal/root";

} // namespace

class TestWizardTraps : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    void init() { QSettings().clear(); }
    void cleanup() { qunsetenv("SHMWISE_PROBE_ROOT"); }

    // Trap 1: Esc must not quit, and Done must not hide the wizard before asking.
    void escAndDoneKeepWork()
    {
        Answerer answers(QMessageBox::Cancel);
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        Wizard *wiz = w.wizard();
        w.session()->edit([](Profile &p) { p.workload.batchSize = 7; });
        QVERIFY(w.session()->isDirty());
        QTest::keyClick(wiz->currentPage(), Qt::Key_Escape);
        QTest::qWait(200);
        QVERIFY(w.isVisible());
        QVERIFY(wiz->isVisible());
        QCOMPARE(wiz->currentId(), int(Wizard::TargetPageId));
        QVERIFY(answers.texts.isEmpty()); // Esc does not even ask: it does nothing

        wiz->setStartId(Wizard::WorkloadPageId);
        wiz->restart();
        wiz->next();
        wiz->next();
        QCOMPARE(wiz->currentId(), int(Wizard::ResultsPageId));
        // Done with unsaved changes asks; Cancel keeps the window and the wizard as they were.
        wiz->button(QWizard::FinishButton)->click();
        QTRY_COMPARE(answers.texts.size(), 1);
        QTest::qWait(100);
        QVERIFY(w.isVisible());
        QVERIFY(wiz->isVisible());
        QCOMPARE(wiz->currentId(), int(Wizard::ResultsPageId));
        QCOMPARE(w.session()->profile().workload.batchSize, quint64(7));
        // Discard closes.
        answers.setAnswer(QMessageBox::Discard);
        wiz->button(QWizard::FinishButton)->click();
        QTRY_VERIFY(!w.isVisible());
        QCOMPARE(answers.texts.size(), 2);
    }

    // Done with a saved profile but edited, unsaved Results files asks too.
    void doneAsksAboutEditedFiles()
    {
        Answerer answers(QMessageBox::Cancel);
        MainWindow w;
        w.show();
        Wizard *wiz = w.wizard();
        wiz->setStartId(Wizard::WorkloadPageId);
        wiz->restart();
        wiz->next();
        wiz->next();
        QVERIFY(!w.session()->isDirty());
        ResultsPage *results = wiz->resultsPage();
        results->codeView()->setPlainText(results->codeView()->toPlainText() +
                                          QStringLiteral("# mine\n"));
        QVERIFY(results->hasUnsavedEdits());
        wiz->button(QWizard::FinishButton)->click();
        QTRY_COMPARE(answers.texts.size(), 1);
        QVERIFY2(answers.texts.constFirst().contains(QLatin1String("did not save")),
                 qPrintable(answers.texts.constFirst()));
        QTest::qWait(50);
        QVERIFY(w.isVisible() && wiz->isVisible());
        answers.setAnswer(QMessageBox::Discard);
        wiz->button(QWizard::FinishButton)->click();
        QTRY_VERIFY(!w.isVisible());
    }

    // Trap 2: a Docker job probed on its host hears about the container's /dev/shm; "Use in
    // profile" does not copy the host's size; "Check in a container" runs the generated flags.
    void containerJobOnItsHost()
    {
        qputenv("SHMWISE_PROBE_ROOT", kBareMetalRoot);
        QTemporaryDir dir;
        const QString argsFile = dir.filePath(QStringLiteral("argv"));
        const QString docker = dir.filePath(QStringLiteral("docker"));
        {
            // Records its arguments, then runs the script it is fed, as `sh -s` in an image would.
            QFile f(docker);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > '" +
                    argsFile.toUtf8() + "'\nexec sh -s\n");
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
        auto *facts = findByName<QTableWidget>(host, QStringLiteral("Host facts"));
        auto *view = findByName<QTextBrowser>(host, QStringLiteral("Findings"));
        QTRY_VERIFY_WITH_TIMEOUT(!host->findings().isEmpty(), 20000);
        QStringList ids;
        for (const Finding &f : host->findings())
            ids << f.id;
        QVERIFY2(ids.contains(QLatin1String("container-default-applies")),
                 qPrintable(ids.join(QLatin1Char(','))));
        QVERIFY(!view->toPlainText().contains(QLatin1String("Nothing here will break the job")));
        QVERIFY2(view->toPlainText().contains(QLatin1String("64 MiB")),
                 qPrintable(view->toPlainText()));
        // No internal ids on screen.
        QVERIFY(!view->toPlainText().contains(QLatin1String("container-default-applies")));

        host->prober()->setRefreshInterval(0);
        QPushButton *use = buttonWithText(host, QStringLiteral("Use These Facts"));
        QVERIFY(use && use->isEnabled());
        use->click();
        QVERIFY2(!w.session()->profile().host.shmBytes.has_value(),
                 "the host's /dev/shm was written into the container job's profile");
        QVERIFY(w.session()->profile().host.memoryBytes.has_value());

        QPushButton *check = buttonWithText(host, QStringLiteral("Check in a container"));
        QVERIFY(check && check->isVisible() && check->isEnabled());
        check->click();
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(argsFile), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(check->isEnabled(), 20000);
        QFile args(argsFile);
        QVERIFY(args.open(QIODevice::ReadOnly));
        const QStringList argv =
            QString::fromUtf8(args.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        const ShmPlan &plan = w.session()->plan();
        QStringList expected{QStringLiteral("run"), QStringLiteral("--rm"), QStringLiteral("-i"),
                             QStringLiteral("--shm-size=") + dockerSize(gen::shmSize(plan))};
        if (gen::needsNofile(plan))
            expected << QStringLiteral("--ulimit")
                     << QStringLiteral("nofile=%1:%1").arg(plan.nofileLimit);
        expected << QStringLiteral("example/train:1") << QStringLiteral("sh")
                 << QStringLiteral("-s");
        QCOMPARE(argv, expected);
        QCOMPARE(ContainerCheck::arguments(w.session()->profile(), plan), expected);
        // The report came back through the same parser and fills the container's own table.
        QVERIFY(host->errorText().isEmpty());
        auto *inside = findByName<QTableWidget>(host, QStringLiteral("Container facts"));
        QVERIFY(inside);
        QVERIFY(factValue(inside, QStringLiteral("Open files (ulimit -n)")) !=
                QStringLiteral("unknown"));
        QVERIFY(facts);
    }

    // Trap 3: a host that fails after one that worked leaves no stale facts, and the error stays
    // on screen (in red) while the page probes again.
    void hostSwitchClearsStaleFacts()
    {
        MainWindow w;
        w.show();
        Wizard *wiz = w.wizard();
        HostPage *host = wiz->hostPage();
        ProbeOptions o = host->prober()->options();
        o.sshProgram = QStringLiteral("/nonexistent/ssh-for-shmwise-tests");
        host->prober()->setOptions(o);
        wiz->setStartId(Wizard::HostPageId);
        wiz->restart();
        auto *facts = findByName<QTableWidget>(host, QStringLiteral("Host facts"));
        auto *view = findByName<QTextBrowser>(host, QStringLiteral("Findings"));
        QTRY_VERIFY_WITH_TIMEOUT(
            factValue(facts, QStringLiteral("/dev/shm size")) != QStringLiteral("unknown"), 20000);
        QVERIFY(!view->toPlainText().isEmpty());
        host->prober()->setRefreshInterval(0);

        w.session()->setTarget(QStringLiteral("ssh://gpu-box"));
        buttonWithText(host, QStringLiteral("Refresh"))->click();
        QTRY_VERIFY_WITH_TIMEOUT(!host->prober()->isBusy(), 10000);
        QTest::qWait(50);
        for (int r = 0; r < facts->rowCount(); ++r)
            QCOMPARE(facts->item(r, 1)->text(), QStringLiteral("unknown"));
        // No stale finding: the view says only that the probe did not answer.
        QVERIFY2(view->toPlainText().startsWith(QLatin1String("No findings")),
                 qPrintable(view->toPlainText()));
        QVERIFY(host->findings().isEmpty());
        QVERIFY(!buttonWithText(host, QStringLiteral("Use These Facts"))->isEnabled());
        auto *error = findByName<QLabel>(host, QStringLiteral("Probe error"));
        QVERIFY(error && error->isVisible());
        QVERIFY2(!error->text().isEmpty(), "no error shown");
        QCOMPARE(error->palette().color(QPalette::WindowText), QColor(0xda, 0x44, 0x53));
        QCOMPARE(error->textFormat(), Qt::PlainText);
        // Probing again (as the automatic refresh does) keeps the error in view.
        const QString shown = error->text();
        host->prober()->probe();
        QVERIFY(error->isVisible());
        QCOMPARE(error->text(), shown);
        QTRY_VERIFY_WITH_TIMEOUT(!host->prober()->isBusy(), 10000);
        QVERIFY(error->isVisible());
    }

    // Trap 4: when /dev/shm cannot be raised the Workload page shows the fit beside the plan,
    // applies it on request, and turns red when nothing fits.
    void fitOnWorkloadPage()
    {
        MainWindow w;
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
        auto *box = findByName<QGroupBox>(page, QStringLiteral("Fitted settings"));
        QVERIFY(box);
        QVERIFY(box->isVisible());
        auto *table =
            findByName<QTableWidget>(page, QStringLiteral("Your settings and the fitted ones"));
        QVERIFY(table);
        const LoaderSettings fit = loaderSettings(w.session()->profile(), w.session()->plan());
        QVERIFY(fit.fitted && fit.fits);
        QVERIFY(w.session()->plan().requiredBytes > 64 * MiB); // the preset does not fit as is
        QCOMPARE(table->item(0, 1)->text(), QString::number(fit.numWorkers));
        QCOMPARE(table->item(2, 1)->text(), QString::number(fit.batchSize));
        auto *costs = findByName<QLabel>(page, QStringLiteral("What the fit costs"));
        QVERIFY(costs && !costs->text().isEmpty());
        QPushButton *apply = buttonWithText(page, QStringLiteral("Apply fitted settings"));
        QVERIFY(apply && apply->isEnabled());
        apply->click();
        QCOMPARE(w.session()->profile().workload.numWorkers, fit.numWorkers);
        QCOMPARE(w.session()->profile().workload.batchSize, fit.batchSize);
        QVERIFY(w.session()->plan().requiredBytes <= 64 * MiB);
        QVERIFY(!apply->isEnabled()); // nothing left to apply
        // Without it the big size would say what cannot be had.
        auto *state = findByName<QLabel>(page, QStringLiteral("Fit state"));
        QVERIFY(state->property("fits").toBool());

        // NCCL's buffers alone overflow 1 MiB: nothing fits, and the page says so in red.
        w.session()->edit([](Profile &p) {
            p.host.shmBytes = 1 * MiB;
            p.job.gpus = 8;
            p.workload.processesPerNode = 8;
        });
        QVERIFY(!state->property("fits").toBool());
        QVERIFY2(state->text().contains(QLatin1String("Nothing fits")), qPrintable(state->text()));
        QCOMPARE(state->palette().color(QPalette::WindowText), QColor(0xda, 0x44, 0x53));
        QVERIFY(!apply->isEnabled());
        // Where /dev/shm can be raised there is nothing to fit.
        w.session()->edit([](Profile &p) { p.host.shmAdjustable = true; });
        QVERIFY(!box->isVisible());
    }

    // Trap 5: Results edits survive Back and Next, explanations follow the edited lines, and
    // saving a file with errors asks first.
    void resultsKeepEditsAndAsk()
    {
        MainWindow w;
        w.show();
        Wizard *wiz = w.wizard();
        wiz->setStartId(Wizard::WorkloadPageId);
        wiz->restart();
        wiz->next();
        wiz->next();
        ResultsPage *results = wiz->resultsPage();
        CodeView *code = results->codeView();
        auto *list = results->findChild<QListWidget *>();
        // An artifact with a note on a line that is not the first.
        int index = -1;
        LineNote note;
        for (int i = 0; i < results->artifacts().size() && index < 0; ++i)
            for (const LineNote &n : results->artifacts()[i].notes)
                if (n.line > 1 && index < 0) {
                    index = i;
                    note = n;
                }
        QVERIFY(index >= 0);
        list->setCurrentRow(index);
        // Insert a line at the top: the noted line moves down by one.
        QTextCursor top(code->document());
        top.insertText(QStringLiteral("# my own line\n"));
        code->setTextCursor(QTextCursor(code->document()->findBlockByNumber(note.line)));
        auto *explanation = findByName<QTextBrowser>(results, QStringLiteral("Explanation"));
        QTRY_VERIFY2(explanation->toPlainText().contains(note.text.left(40)),
                     qPrintable(explanation->toPlainText()));

        wiz->back();
        wiz->next();
        QCOMPARE(wiz->currentId(), int(Wizard::ResultsPageId));
        QVERIFY(results->editedText(index).startsWith(QLatin1String("# my own line\n")));
        list->setCurrentRow(index);
        QVERIFY(code->toPlainText().startsWith(QLatin1String("# my own line\n")));

        // Break a Python file the way PyTorch would reject, then Save: a question comes first.
        int python = -1;
        for (int i = 0; i < results->artifacts().size(); ++i)
            if (results->artifacts()[i].syntax == QLatin1String("Python"))
                python = i;
        QVERIFY(python >= 0);
        list->setCurrentRow(python);
        QString text = code->toPlainText();
        text.replace(QRegularExpression(QStringLiteral("num_workers=\\d+")),
                     QStringLiteral("num_workers=0"));
        code->setPlainText(text);
        QTRY_VERIFY(std::any_of(code->diagnostics().cbegin(), code->diagnostics().cend(),
                                [](const Diagnostic &d) { return d.severity == Severity::Error; }));
        // The error is read under the file, with its line, wherever the cursor is; the line's
        // link puts the cursor on it.
        Diagnostic error;
        for (const Diagnostic &d : code->diagnostics())
            if (d.severity == Severity::Error && error.line == 0)
                error = d;
        QVERIFY(error.line > 1);
        code->goToLine(1);
        QTRY_VERIFY2(
            explanation->toPlainText().contains(QStringLiteral("Line %1, error: ").arg(error.line) +
                                                error.message.left(30)),
            qPrintable(explanation->toPlainText()));
        Q_EMIT explanation->anchorClicked(
            QUrl(QStringLiteral("#line-%1-%2").arg(error.line).arg(error.column)));
        QCOMPARE(code->currentLine(), error.line);
        Answerer answers(QMessageBox::Cancel);
        QPushButton *save = buttonWithText(results, QStringLiteral("Save…"));
        QVERIFY(save);
        save->click();
        QCOMPARE(answers.texts.size(), 1);
        QVERIFY2(answers.texts.constFirst().contains(
                     QStringLiteral("line %1: %2").arg(error.line).arg(error.message.left(30))),
                 qPrintable(answers.texts.constFirst()));
        QVERIFY2(answers.others.isEmpty(), "the file dialog opened before asking");
    }

    // Friction on the first two pages: no red before typing, a pod target presets Kubernetes,
    // the target is remembered, Include'd ssh configs are read, GPUs suggest processes.
    void targetAndEnvironmentFriction()
    {
        {
            MainWindow w;
            w.show();
            TargetPage *page = w.wizard()->targetPage();
            auto radios = page->findChildren<QRadioButton *>();
            QRadioButton *ssh = nullptr, *k8s = nullptr;
            for (QRadioButton *r : radios) {
                if (r->text().contains(QLatin1String("SSH")))
                    ssh = r;
                if (r->text().contains(QLatin1String("ubernetes")))
                    k8s = r;
            }
            QVERIFY(ssh && k8s);
            ssh->setChecked(true);
            QVERIFY(!page->isComplete());
            QLabel *msg = page->findChild<QLabel *>(QStringLiteral("pageMessage"));
            QVERIFY2(!msg->isVisible(), qPrintable(msg->text()));
            k8s->setChecked(true);
            QCOMPARE(w.session()->profile().environment, Environment::Kubernetes);
            QVERIFY(!page->isComplete());
            QVERIFY(!msg->isVisible());
            auto *pod = findByName<QLineEdit>(page, QStringLiteral("Pod"));
            QTest::keyClicks(pod, QStringLiteral("trainer-0"));
            QVERIFY(page->isComplete());
            QCOMPARE(w.session()->target(), QStringLiteral("k8s://trainer-0"));
            w.session()->markSaved(QString());
        }
        {
            MainWindow again;
            QCOMPARE(again.session()->target(), QStringLiteral("k8s://trainer-0"));
            QCOMPARE(
                findByName<QLineEdit>(again.wizard()->targetPage(), QStringLiteral("Pod"))->text(),
                QStringLiteral("trainer-0"));
            // GPUs per node suggest the processes per node.
            auto *gpus = findByName<QSpinBox>(again.wizard()->environmentPage(),
                                              QStringLiteral("GPUs per node"));
            QVERIFY(gpus);
            gpus->setValue(4);
            QCOMPARE(again.session()->profile().workload.processesPerNode, quint64(4));
            again.session()->markSaved(QString());
        }
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("conf.d")));
        auto write = [&](const QString &name, const QByteArray &text) {
            QFile f(dir.filePath(name));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text);
        };
        write(QStringLiteral("config"), "Host top\n  HostName 10.0.0.1\nInclude " +
                                            dir.filePath(QStringLiteral("conf.d")).toUtf8() +
                                            "/*.conf\n");
        write(QStringLiteral("conf.d/gpus.conf"), "Host gpu-a gpu-b\n  User me\nHost *\n");
        const QStringList aliases = TargetPage::sshAliases(dir.filePath(QStringLiteral("config")));
        QCOMPARE(aliases, (QStringList{QStringLiteral("top"), QStringLiteral("gpu-a"),
                                       QStringLiteral("gpu-b")}));
        // A FIFO among the included files is passed over: opening it would block the window
        // until something wrote to it.
        const QByteArray fifo = QFile::encodeName(dir.filePath(QStringLiteral("conf.d/pipe.conf")));
        QCOMPARE(mkfifo(fifo.constData(), 0600), 0);
        QElapsedTimer timer;
        timer.start();
        QCOMPARE(TargetPage::sshAliases(dir.filePath(QStringLiteral("config"))), aliases);
        QVERIFY(timer.elapsed() < 5000);
    }

    // Labels wrap between words, never inside a flag, a path or `ulimit -n`.
    void wrappingKeepsFlagsWhole()
    {
        const QString shown =
            unbreakable(QStringLiteral("run with --shm-size=8g or mount /dev/shm; ulimit -n 4096"));
        QVERIFY(!shown.contains(QLatin1Char('-'))); // every hyphen a non-breaking one
        QVERIFY(shown.contains(QStringLiteral("ulimit") + QChar(0x00a0)));
        QString plain = shown;
        plain.remove(QChar(0x2060));
        plain.replace(QChar(0x2011), QLatin1Char('-'));
        plain.replace(QChar(0x00a0), QLatin1Char(' '));
        QCOMPARE(plain, QStringLiteral("run with --shm-size=8g or mount /dev/shm; ulimit -n 4096"));
        // Laid out narrow, the text breaks only at the spaces.
        QLabel label(shown);
        label.setFixedWidth(
            label.fontMetrics().horizontalAdvance(QStringLiteral("--shm-size=8g ")));
        QTextLayout layout(shown, label.font());
        QTextOption wrap;
        wrap.setWrapMode(QTextOption::WordWrap);
        layout.setTextOption(wrap);
        layout.beginLayout();
        QStringList lines;
        for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
            line.setLineWidth(label.width());
            lines << shown.mid(line.textStart(), line.textLength()).trimmed();
        }
        layout.endLayout();
        QVERIFY(lines.size() > 2);
        for (const QString &l : std::as_const(lines)) {
            QVERIFY2(!l.endsWith(QChar(0x2011)), qPrintable(l));
            QVERIFY2(!l.endsWith(QLatin1Char('/')), qPrintable(l));
        }
        const QString flag =
            QStringLiteral("--shm-size=8g").replace(QLatin1Char('-'), QChar(0x2011));
        QVERIFY2(std::any_of(lines.cbegin(), lines.cend(),
                             [&](const QString &l) { return l.contains(flag); }),
                 qPrintable(lines.join(QLatin1Char('|'))));
        // A flag right after Chinese text (no space between) is whole too, and so are the help's
        // paths between its HTML tags, not the tags themselves.
        QVERIFY(
            !unbreakable(QStringLiteral("使用--default-shm-size设置")).contains(QLatin1Char('-')));
        const QString help =
            unbreakableHtml(QStringLiteral("<p>mount <b>/dev/shm</b> at /dev/shm</p>"));
        QVERIFY2(help.startsWith(QLatin1String("<p>mount <b>")) &&
                     help.endsWith(QLatin1String("</p>")) &&
                     help.contains(QStringLiteral("/") + QChar(0x2060) + QStringLiteral("shm</b>")),
                 qPrintable(help));
    }

    // A copied script pastes as a command that cannot close the user's shell.
    void copiedScriptKeepsTheShell()
    {
        MainWindow w;
        w.show();
        Wizard *wiz = w.wizard();
        wiz->setStartId(Wizard::WorkloadPageId);
        wiz->restart();
        wiz->next();
        wiz->next();
        ResultsPage *results = wiz->resultsPage();
        int script = -1;
        for (int i = 0; i < results->artifacts().size(); ++i)
            if (results->artifacts()[i].isScript() &&
                results->artifacts()[i].text.contains(QLatin1String("exit 1")))
                script = i;
        QVERIFY(script >= 0);
        results->findChild<QListWidget *>()->setCurrentRow(script);
        // Whatever path the script takes here, end it with an exit, as its failure path does.
        results->codeView()->setPlainText(results->codeView()->toPlainText() +
                                          QStringLiteral("exit 3\n"));
        buttonWithText(results, QStringLiteral("Copy"))->click();
        const QString pasted = QGuiApplication::clipboard()->text();
        QVERIFY2(pasted.startsWith(QLatin1String("sh -c '")), qPrintable(pasted.left(40)));
        // The exit ends the pasted command's own shell, not the one it was pasted into.
        QProcess sh;
        sh.start(QStringLiteral("/bin/sh"),
                 {QStringLiteral("-c"), pasted + QStringLiteral("echo still-here")});
        QVERIFY(sh.waitForFinished(20000));
        QVERIFY2(sh.readAllStandardOutput().contains("still-here"),
                 qPrintable(QString::fromUtf8(sh.readAllStandardError())));
    }
};

QTEST_MAIN(TestWizardTraps)
#include "tst_wizardtraps.moc"
