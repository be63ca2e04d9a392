// SPDX-License-Identifier: GPL-3.0-or-later
// What a newcomer's walk found once the wizard's own traps were fixed: a window as small as a
// laptop's still shows the wizard's buttons; paths and flags are never split across lines, and a
// file's title is never cut short; copying an explanation gives text a shell reads; Alt with a
// letter types nothing; no image is asked for where no container runs; the Diagnose window speaks
// of the wizard; a request to check marks the sample's rows too; a refused run of letters is
// named whole, and a refusal as an edit ends does not outlive the next edit. The walks after
// that are tst_wizardtraps6.
#include "core/sizing.h"
#include "ui/diagnosedialog.h"
#include "ui/environmentpage.h"
#include "ui/mainwindow.h"
#include "ui/numberbox.h"
#include "ui/resultspage.h"
#include "ui/session.h"
#include "ui/targetpage.h"
#include "ui/wizard.h"
#include "ui/workloadpage.h"

#include "widgetfind.h"

#include <QAbstractButton>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSettings>
#include <QSplitter>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTest>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextLayout>

using namespace shmwise;
using testutil::findByName;
using testutil::marked;
using testutil::pageMessage;

namespace {

// A line of wrapped text that ends or starts inside a path or a flag: "/" at its end, "dev/shm"
// or "-" at its start, or a lone "-" or "--" at its end.
bool splitsAToken(const QString &line, const QString &next)
{
    const QString end = line.trimmed();
    const QString start = next.trimmed();
    if (end.isEmpty() || start.isEmpty())
        return false;
    const bool atSpace = line.endsWith(QLatin1Char(' ')) || next.startsWith(QLatin1Char(' '));
    // A directory's path ends in '/' ("/etc/gitlab-runner/ on the host"): a break at the space
    // after it keeps it whole.
    if ((end.endsWith(QLatin1Char('/')) || start.startsWith(QLatin1Char('/'))) && !atSpace)
        return true;
    if (start.startsWith(QLatin1String("dev/shm")))
        return true;
    // A number and its unit: "23.5 GiB" on one line.
    static const QRegularExpression unitStart(QStringLiteral("^(?:B|KiB|MiB|GiB|TiB|bytes)\\b"));
    if (end.back().isDigit() && unitStart.match(start).hasMatch())
        return true;
    // A command to type: "kubectl apply -f job.yaml" on one line.
    if (end.endsWith(QLatin1String("kubectl")) || end.endsWith(QLatin1String("kubectl apply")) ||
        end.endsWith(QLatin1String(" -f")))
        return true;
    if (end.endsWith(QLatin1Char('-')) || end.endsWith(QChar(0x2011)))
        return true;
    return start.startsWith(QLatin1Char('-')) && !atSpace;
}

// The lines `text` wraps into at `width` pixels in `font`.
QStringList wrapped(const QString &text, const QFont &font, qreal width)
{
    QTextLayout layout(text, font);
    QTextOption option;
    option.setWrapMode(QTextOption::WordWrap);
    layout.setTextOption(option);
    QStringList lines;
    layout.beginLayout();
    for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
        line.setLineWidth(width);
        lines << text.mid(line.textStart(), line.textLength());
    }
    layout.endLayout();
    return lines;
}

// Where a document's laid-out lines split a path or a flag, as "line | next".
QStringList documentSplits(QTextDocument *doc)
{
    QStringList splits;
    for (QTextBlock b = doc->begin(); b.isValid(); b = b.next()) {
        QTextLayout *layout = b.layout();
        if (!layout)
            continue;
        for (int i = 0; i + 1 < layout->lineCount(); ++i) {
            const QTextLine a = layout->lineAt(i);
            const QTextLine c = layout->lineAt(i + 1);
            const QString first = b.text().mid(a.textStart(), a.textLength());
            const QString second = b.text().mid(c.textStart(), c.textLength());
            if (splitsAToken(first, second))
                splits << first + QStringLiteral(" | ") + second;
        }
    }
    return splits;
}

void showResults(MainWindow &w, Environment e)
{
    w.session()->edit([e](Profile &p) {
        p.environment = e;
        p.job.memoryBytes = 32 * GiB;
        p.job.image = QStringLiteral("pytorch/pytorch:2.3.0-cuda12.1-cudnn8-runtime");
    });
    Wizard *wiz = w.wizard();
    wiz->setStartId(Wizard::ResultsPageId);
    wiz->restart();
}

} // namespace

class TestWizardTraps5 : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }
    void init() { QSettings().clear(); }

    // Once the Workload page had been shown the window could not be made less than 733 px tall,
    // taller than a laptop's screen less its panel: the wizard's buttons went off screen. Every
    // page fits 800 x 560 and scrolls what does not fit.
    void smallWindowKeepsTheButtons()
    {
        MainWindow w;
        w.show();
        Wizard *wiz = w.wizard();
        const QList<int> ids = wiz->pageIds();
        for (int id : ids) {
            wiz->setStartId(id);
            wiz->restart();
            QApplication::processEvents();
        }
        // The window's least size once every page has been shown (QWizard keeps room for
        // the largest page it has shown).
        w.resize(1, 1);
        QApplication::processEvents();
        QVERIFY2(w.height() <= 560, qPrintable(QString::number(w.height())));
        QVERIFY2(w.width() <= 800, qPrintable(QString::number(w.width())));
        // The Workload page's fields scroll, and a field Tab reaches is scrolled into view.
        w.resize(800, 520);
        wiz->setStartId(Wizard::WorkloadPageId);
        wiz->restart();
        QApplication::processEvents();
        QAbstractButton *next = wiz->button(QWizard::NextButton);
        QVERIFY(next->isVisible());
        QVERIFY(next->mapTo(&w, QPoint(0, next->height())).y() <= w.height());
        QWidget *page = wiz->currentPage();
        auto *resident = findByName<QWidget>(page, QStringLiteral("Dataset tensors"));
        QVERIFY(resident);
        QScrollArea *scroll = nullptr;
        for (QWidget *p = resident->parentWidget(); p && !scroll; p = p->parentWidget())
            scroll = qobject_cast<QScrollArea *>(p);
        QVERIFY2(scroll, "the Workload page's fields are not in a scroll area");
        scroll->ensureWidgetVisible(resident);
        const QPoint at = resident->mapTo(scroll->viewport(), QPoint(0, 0));
        QVERIFY(at.y() >= 0 && at.y() + resident->height() <= scroll->viewport()->height());
    }

    // "/" and "dev/shm" on two lines in an explanation and a file's title; a Kubernetes title
    // cut short; "--ipc=host" split. Titles and explanations keep paths and flags whole, and
    // each title's item is as tall as its wrapped lines, at every width of the list.
    void pathsAndFlagsStayWhole()
    {
        for (Environment e : {Environment::Docker, Environment::Kubernetes, Environment::BareMetal,
                              Environment::Podman}) {
            MainWindow w;
            w.show();
            w.resize(800, 560);
            showResults(w, e);
            QWidget *page = w.wizard()->currentPage();
            auto *list = findByName<QListWidget>(page, QStringLiteral("Generated files"));
            auto *explanation = findByName<QTextBrowser>(page, QStringLiteral("Explanation"));
            QVERIFY(list && explanation);
            auto *split = qobject_cast<QSplitter *>(list->parentWidget());
            QVERIFY(split);
            for (int listWidth : {150, 200, 240, 300}) {
                split->setSizes({listWidth, 800 - listWidth});
                QApplication::processEvents();
                for (int i = 0; i < list->count(); ++i) {
                    QListWidgetItem *item = list->item(i);
                    const QRect rect = list->visualItemRect(item);
                    // The text's width: the item less its icon and the style's margins.
                    const qreal textWidth = rect.width() - list->iconSize().width() - 16;
                    const QStringList lines = wrapped(item->text(), list->font(), textWidth);
                    for (int l = 0; l + 1 < lines.size(); ++l)
                        QVERIFY2(!splitsAToken(lines[l], lines[l + 1]),
                                 qPrintable(lines[l] + QStringLiteral(" | ") + lines[l + 1]));
                    const int needed = int(lines.size()) * list->fontMetrics().lineSpacing();
                    QVERIFY2(rect.height() >= needed,
                             qPrintable(QStringLiteral("%1 at %2 px: %3 px tall, its %4 lines "
                                                       "need %5")
                                            .arg(item->text())
                                            .arg(listWidth)
                                            .arg(rect.height())
                                            .arg(lines.size())
                                            .arg(needed)));
                }
            }
            for (int i = 0; i < list->count(); ++i) {
                list->setCurrentRow(i);
                for (int width : {220, 300, 420}) {
                    explanation->setFixedWidth(width);
                    QApplication::processEvents();
                    const QStringList splits = documentSplits(explanation->document());
                    QVERIFY2(splits.isEmpty(), qPrintable(splits.join(QLatin1Char('\n'))));
                }
            }
        }
    }

    // What is copied from an explanation is what a shell reads: plain hyphens and slashes.
    void copiedExplanationIsPlain()
    {
        MainWindow w;
        w.show();
        showResults(w, Environment::Docker);
        auto *explanation =
            findByName<QTextBrowser>(w.wizard()->currentPage(), QStringLiteral("Explanation"));
        QVERIFY(explanation);
        QVERIFY(explanation->toPlainText().contains(QChar(0x2060)));
        explanation->selectAll();
        explanation->copy();
        const QString copied = QApplication::clipboard()->text();
        QVERIFY2(copied.contains(QLatin1String("/dev/shm")), qPrintable(copied));
        QVERIFY(!copied.contains(QChar(0x2060)) && !copied.contains(QChar(0x2011)));
    }
    // Alt+N with an empty SSH host (Next disabled, so the mnemonic reached nothing) typed an
    // "n" into the field. Alt with a letter types nothing in any text field.
    void altLetterTypesNothing()
    {
        MainWindow w;
        w.show();
        TargetPage *page = w.wizard()->targetPage();
        for (QRadioButton *r : page->findChildren<QRadioButton *>())
            if (r->text().contains(QLatin1String("SSH")))
                r->setChecked(true);
        auto *host = findByName<QComboBox>(page, QStringLiteral("SSH host"));
        QVERIFY(host && host->lineEdit());
        host->setEditText(QString());
        QVERIFY(!w.wizard()->button(QWizard::NextButton)->isEnabled());
        // Sent where a key press goes: to the combo box, which hands it to its line edit.
        QTest::keyClick(host, Qt::Key_N, Qt::AltModifier);
        QTest::keyClick(host->lineEdit(), Qt::Key_X, Qt::AltModifier | Qt::ShiftModifier);
        QCOMPARE(host->currentText(), QString());
        host->setEditText(QStringLiteral("ssh://"));
        QTest::keyClick(host, Qt::Key_N, Qt::AltModifier);
        QCOMPARE(host->currentText(), QStringLiteral("ssh://"));
        host->setEditText(QString());
        // Plain letters still type, and AltGr's characters (no Alt modifier) too.
        QTest::keyClicks(host->lineEdit(), QStringLiteral("gpu"));
        QCOMPARE(host->currentText(), QStringLiteral("gpu"));
        w.showDiagnose();
        auto *log = findByName<QPlainTextEdit>(w.diagnoseDialog(), QStringLiteral("Error log"));
        QVERIFY(log);
        QTest::keyClick(log, Qt::Key_N, Qt::AltModifier);
        QCOMPARE(log->toPlainText(), QString());
    }

    // Bare metal asked for a container image, and an empty one held Next back.
    void noImageWithoutContainer()
    {
        MainWindow w;
        w.show();
        w.session()->edit([](Profile &p) {
            p.environment = Environment::BareMetal;
            p.job.image.clear();
        });
        Wizard *wiz = w.wizard();
        wiz->setStartId(Wizard::EnvironmentPageId);
        wiz->restart();
        EnvironmentPage *page = wiz->environmentPage();
        auto *image = findByName<QLineEdit>(page, QStringLiteral("Image"));
        QVERIFY(image);
        QVERIFY(image->isHidden());
        QVERIFY2(page->isComplete(), qPrintable(page->messageText()));
        QVERIFY(w.session()->problems().isEmpty());
        // Docker needs one: shown, and an empty one is said.
        w.session()->edit([](Profile &p) { p.environment = Environment::Docker; });
        QVERIFY(!image->isHidden());
        QVERIFY(!page->isComplete());
        QVERIFY(marked(image));
        // The preflight script is not called a container's entrypoint on bare metal.
        w.session()->edit([](Profile &p) { p.environment = Environment::BareMetal; });
        wiz->setStartId(Wizard::ResultsPageId);
        wiz->restart();
        auto *list = findByName<QListWidget>(wiz->currentPage(), QStringLiteral("Generated files"));
        QVERIFY(list);
        for (int i = 0; i < list->count(); ++i)
            QVERIFY2(!list->item(i)->text().contains(QLatin1String("container")),
                     qPrintable(list->item(i)->text()));
    }

    // The Diagnose window told a desktop user to run `shmwise plan`; the wizard's Workload page
    // sizes it too and comes first.
    void diagnosisNamesTheWizard()
    {
        MainWindow w;
        w.showDiagnose();
        DiagnoseDialog *d = w.diagnoseDialog();
        d->setLog(QStringLiteral("RuntimeError: DataLoader worker (pid 4242) is killed by signal: "
                                 "Bus error. It is possible that dataloader's workers are out of "
                                 "shared memory. Please try to raise your shared memory "
                                 "limit.\n"));
        auto *result = findByName<QTextBrowser>(d, QStringLiteral("Diagnosis"));
        QVERIFY(result);
        const QString text = breakable(result->toPlainText());
        QVERIFY2(text.contains(QLatin1String("Workload page")), qPrintable(text));
        QVERIFY2(!text.contains(QLatin1String("run `shmwise plan`")), qPrintable(text));
        // The finding's id is for scripts, not shown.
        QVERIFY2(!text.contains(QLatin1String("(shm-exhausted)")), qPrintable(text));
    }

    // Asked to check the sample, the tensor rows and the preset had no mark while the other
    // fields had the information icon.
    void sampleRowsMarkedToCheck()
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
        auto shapeIcon = [&](int row) {
            return table->item(row, 1)->data(Qt::DecorationRole).value<QIcon>();
        };
        QVERIFY(shapeIcon(0).isNull());
        page->askToCheck(true);
        for (int row = 0; row < table->rowCount(); ++row) {
            QVERIFY(!shapeIcon(row).isNull());
            QVERIFY(table->item(row, 1)->toolTip().contains(QLatin1String("Check")));
        }
        QVERIFY(!preset->itemIcon(preset->currentIndex()).isNull());
        // An edit of another checked field answers that field and the preset (which no longer
        // describes the numbers): the rows stay marked until the sample itself is set.
        auto *batch = findByName<QSpinBox>(page, QStringLiteral("Batch size"));
        batch->setValue(batch->value() + 1);
        QVERIFY(preset->itemIcon(preset->currentIndex()).isNull());
        for (int row = 0; row < table->rowCount(); ++row)
            QVERIFY(!shapeIcon(row).isNull());
        table->item(0, 1)->setText(QStringLiteral("3, 300, 300"));
        for (int row = 0; row < table->rowCount(); ++row)
            QVERIFY(shapeIcon(row).isNull());
    }

    // "abc" typed over a number was "'c' is not a whole number"; a refusal made as the edit
    // ended (text put back on leaving the field) stayed through the next edit, which should
    // start afresh.
    void refusedRunNamedWhole()
    {
        MainWindow w;
        w.show();
        if (!QTest::qWaitForWindowActive(&w))
            QSKIP("the platform gives the window no focus, and focus ends an edit");
        Wizard *wiz = w.wizard();
        wiz->setStartId(Wizard::WorkloadPageId);
        wiz->restart();
        WorkloadPage *page = wiz->workloadPage();
        auto *batch = findByName<NumberBox>(page, QStringLiteral("Batch size"));
        auto *processes = findByName<NumberBox>(page, QStringLiteral("Processes per node"));
        QVERIFY(batch && processes);
        batch->setFocus();
        batch->selectAll();
        QTest::keyClicks(batch, QStringLiteral("abc"));
        QVERIFY2(batch->refusal().contains(QLatin1String("'abc' is not a whole number")),
                 qPrintable(batch->refusal()));
        QVERIFY2(pageMessage(page).contains(QLatin1String("'abc'")), qPrintable(pageMessage(page)));
        // A new run after an accepted key starts again.
        QTest::keyClick(batch, Qt::Key_End);
        QTest::keyClicks(batch, QStringLiteral("1x"));
        QVERIFY2(batch->refusal().contains(QLatin1String("x' is not")) &&
                     !batch->refusal().contains(QLatin1String("abc")),
                 qPrintable(batch->refusal()));

        // Tab from the framework reaches Batch size next.
        auto *framework = findByName<QComboBox>(page, QStringLiteral("Framework"));
        QVERIFY(framework);
        framework->setFocus();
        QTest::keyClick(framework, Qt::Key_Tab);
        QCOMPARE(QApplication::focusWidget(), static_cast<QWidget *>(batch));
        // "0" processes is put back to 2 as the edit ends, and said...
        processes->setValue(2);
        processes->setFocus();
        processes->selectAll();
        QTest::keyClicks(processes, QStringLiteral("0"));
        batch->setFocus();
        QCOMPARE(processes->value(), 2);
        QVERIFY(marked(processes));
        // ...until the field's next edit, which starts afresh.
        processes->setFocus();
        processes->selectAll();
        QTest::keyClicks(processes, QStringLiteral("3"));
        QCOMPARE(processes->value(), 3);
        QVERIFY(!marked(processes));
        QVERIFY2(!pageMessage(page).contains(QLatin1String("less than 1")),
                 qPrintable(pageMessage(page)));
    }
    // The SageMaker note (Markdown) ran off the right edge; a title cut short had a tooltip of
    // its file name only.
    void proseWrapsAndTitlesInTooltips()
    {
        MainWindow w;
        w.show();
        w.resize(800, 560);
        showResults(w, Environment::SageMaker);
        QWidget *page = w.wizard()->currentPage();
        auto *list = findByName<QListWidget>(page, QStringLiteral("Generated files"));
        auto *code = findByName<QPlainTextEdit>(page, QStringLiteral("File contents"));
        QVERIFY(list && code);
        bool sawMarkdown = false;
        for (int i = 0; i < list->count(); ++i) {
            list->setCurrentRow(i);
            QVERIFY2(list->item(i)->toolTip().startsWith(breakable(list->item(i)->text())),
                     qPrintable(list->item(i)->toolTip()));
            const auto &a = w.wizard()->resultsPage()->artifacts()[i];
            const bool prose = a.syntax == QLatin1String("Markdown");
            sawMarkdown = sawMarkdown || prose;
            QCOMPARE(code->lineWrapMode(),
                     prose ? QPlainTextEdit::WidgetWidth : QPlainTextEdit::NoWrap);
        }
        QVERIFY(sawMarkdown);
    }
};

QTEST_MAIN(TestWizardTraps5)
#include "tst_wizardtraps5.moc"
