// SPDX-License-Identifier: GPL-3.0-or-later
// The wizard in Simplified Chinese, offscreen: every page of every environment walked with the
// translation installed, and no visible label, button, title or column header left in English
// beyond the technical tokens the glossary keeps (docs/zh_CN-glossary.md).
#include "core/environments.h"
#include "ui/codeview.h"
#include "ui/diagnosedialog.h"
#include "ui/environmentpage.h"
#include "ui/fleetview.h"
#include "ui/mainwindow.h"
#include "ui/resultspage.h"
#include "ui/session.h"
#include "ui/wizard.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QCoreApplication>
#include <QFontInfo>
#include <QFontMetrics>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLibraryInfo>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QRegularExpression>
#include <QSet>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTest>
#include <QTextBrowser>
#include <QTextDocument>
#include <QTimer>
#include <QTranslator>

using namespace shmwise;

namespace {

// Words that stay as they are in Chinese: product and tool names, PyTorch's and the kernel's
// own terms, units, and the metavariables of the command line.
const QSet<QString> &allowed()
{
    static const QSet<QString> words = [] {
        QSet<QString> s;
        const QStringList list =
            QStringLiteral(
                "ShmWise PyTorch DataLoader Dataset Docker Compose Swarm Podman Kubernetes Pod "
                "Deployment Job PyTorchJob Kubeflow Azure Machine Learning AWS Batch Amazon ECS "
                "SageMaker Google Vertex AI ML Slurm sbatch Ansible NCCL Ray GPU GPUs CPU CPUs SSH "
                "ssh "
                "OpenSSH WSL Linux ulimit cgroup worker workers Worker batch Batch tmpfs fstab "
                "sysctl "
                "emptyDir Memory medium sizeLimit fork spawn forkserver CSV JSON YAML INI MiB GiB "
                "KiB "
                "TiB EiB ms id CLIP YOLO ResNet ViT mel CLAP T5 dev shm ipc host user port local "
                "docker k8s namespace pod container kernel shmmni System V epoch rank torchrun "
                "nproc per node Shift F1 Alt e.g. VM Bus error OOM killer known_hosts config mount "
                "run "
                "compose Fargate playbook shell agent exec kubectl shmwise vLLM SGLang Triton "
                "Python "
                "LightLLM TorchServe KV")
                .split(QLatin1Char(' '));
        for (const QString &w : list)
            s.insert(w);
        return s;
    }();
    return words;
}

// The English words of a visible text that are not technical tokens.
QStringList englishIn(const QString &shown)
{
    QString text = shown;
    if (text.contains(QLatin1Char('<'))) {
        QTextDocument doc;
        doc.setHtml(text);
        text = doc.toPlainText();
    }
    text.remove(QRegularExpression(QStringLiteral("&(?=\\S)")));
    QStringList found;
    // Chunks between spaces and Chinese text; a chunk with a path, option, number or
    // underscore in it is a token (a file name, --shm-size, num_workers, 64MiB), not prose.
    static const QRegularExpression split(
        QStringLiteral("[\\s\\x{3000}-\\x{303f}\\x{4e00}-\\x{9fff}\\x{ff00}-\\x{ffef}]+"));
    static const QRegularExpression word(
        QStringLiteral("^[(\\[\"']*([A-Za-z]+)[)\\]\"',;:.!?…]*$"));
    for (const QString &chunk : text.split(split, Qt::SkipEmptyParts)) {
        const auto m = word.match(chunk);
        if (!m.hasMatch())
            continue;
        const QString w = m.captured(1);
        if (w.size() >= 2 && !allowed().contains(w))
            found << w;
    }
    return found;
}

QStringList visibleTexts(QWidget *root)
{
    QStringList texts;
    for (QLabel *l : root->findChildren<QLabel *>())
        if (l->isVisible())
            texts << l->text();
    for (QAbstractButton *b : root->findChildren<QAbstractButton *>())
        if (b->isVisible())
            texts << b->text();
    for (QGroupBox *g : root->findChildren<QGroupBox *>())
        if (g->isVisible())
            texts << g->title();
    for (QTableWidget *t : root->findChildren<QTableWidget *>()) {
        if (!t->isVisible())
            continue;
        for (int c = 0; c < t->columnCount(); ++c)
            if (QTableWidgetItem *h = t->horizontalHeaderItem(c))
                texts << h->text();
    }
    for (QComboBox *c : root->findChildren<QComboBox *>())
        if (c->isVisible())
            texts << c->currentText();
    return texts;
}

} // namespace

class TestWizardChinese : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
        auto *own = new QTranslator(this);
        QVERIFY2(own->load(QStringLiteral("shmwise_zh_CN"), QStringLiteral(SHMWISE_QM_DIR)),
                 SHMWISE_QM_DIR "/shmwise_zh_CN.qm is not built");
        QCoreApplication::installTranslator(own);
        // The wizard's Back, Next and Finish come from Qt's catalogue (qt6-translations-l10n).
        auto *qt = new QTranslator(this);
        QVERIFY2(qt->load(QStringLiteral("qtbase_zh_CN"),
                          QLibraryInfo::path(QLibraryInfo::TranslationsPath)),
                 "qtbase_zh_CN.qm is missing: install qt6-translations-l10n");
        QCoreApplication::installTranslator(qt);
    }
    void init() { QSettings().clear(); }

    // Under LANG=zh_CN fontconfig gives "monospace" as a proportional CJK font: the code view
    // keeps a font whose Latin letters are of one width.
    void codeViewStaysMonospaced()
    {
        const QFont proportional(QStringLiteral("Droid Sans Fallback"));
        QFont font = CodeView::fixedPitch(proportional);
        QVERIFY2(QFontInfo(font).fixedPitch(), qPrintable(QFontInfo(font).family()));
        const QFontMetrics m(font);
        QCOMPARE(m.horizontalAdvance(QStringLiteral("iiii")),
                 m.horizontalAdvance(QStringLiteral("MMMM")));
        CodeView view;
        QVERIFY(QFontInfo(view.font()).fixedPitch());
    }

    // The language is chosen in the window (Tools > Language), each named in itself, kept in the
    // settings for the next start, which the window offers at once.
    void languageChosenInTheWindow()
    {
        MainWindow w;
        w.show();
        QAction *menu = nullptr;
        for (QAction *a : w.findChildren<QAction *>())
            if (a->objectName() == QLatin1String("languageMenu"))
                menu = a;
        QVERIFY(menu && menu->menu());
        QStringList codes, names;
        QAction *chinese = nullptr;
        for (QAction *a : menu->menu()->actions()) {
            codes << a->data().toString();
            names << a->text();
            if (a->data() == QLatin1String("zh_CN"))
                chinese = a;
        }
        QCOMPARE(codes, QStringList({QString(), QStringLiteral("en"), QStringLiteral("zh_CN")}));
        QVERIFY(names.contains(QStringLiteral("English")));
        QVERIFY(names.contains(QStringLiteral("中文（简体）")));
        QVERIFY(menu->menu()->actions().constFirst()->isChecked());
        QString asked;
        QTimer::singleShot(0, this, [&] {
            QWidget *box = QApplication::activeModalWidget();
            if (auto *m = qobject_cast<QMessageBox *>(box)) {
                asked = m->text();
                m->button(QMessageBox::No)->click();
            }
        });
        chinese->trigger();
        QVERIFY2(!asked.isEmpty(), "no question about restarting");
        QCOMPARE(QSettings().value(QLatin1String(MainWindow::LanguageKey)).toString(),
                 QStringLiteral("zh_CN"));
        QCOMPARE(MainWindow::chosenLanguage(), QStringLiteral("zh_CN"));
        QVERIFY(w.isVisible()); // "Later" keeps the window
        QTimer::singleShot(0, this, [] {
            if (auto *m = qobject_cast<QMessageBox *>(QApplication::activeModalWidget()))
                m->button(QMessageBox::No)->click();
        });
        menu->menu()->actions().constFirst()->trigger();
        QVERIFY(!QSettings().contains(QLatin1String(MainWindow::LanguageKey)));
        QVERIFY(MainWindow::chosenLanguage().isEmpty());
    }

    void everyPageInChinese_data()
    {
        QTest::addColumn<QString>("environment");
        for (const QString &name : environmentNames())
            QTest::newRow(qPrintable(name)) << name;
    }
    void everyPageInChinese()
    {
        QFETCH(QString, environment);
        MainWindow w;
        w.show();
        Wizard *wiz = w.wizard();
        QStringList problems;
        auto check = [&](const QString &where, const QStringList &texts) {
            for (const QString &t : texts) {
                const QStringList english = englishIn(t);
                if (!english.isEmpty())
                    problems << QStringLiteral("%1: \"%2\" (%3)")
                                    .arg(where, t.left(100), english.join(QLatin1Char(' ')));
            }
        };
        for (QAction *a : w.menuBar()->actions())
            check(QStringLiteral("menu"), {a->text()});
        for (int step = 0; step < 5; ++step) {
            QWizardPage *page = wiz->currentPage();
            QVERIFY(page);
            if (wiz->currentId() == Wizard::EnvironmentPageId) {
                auto *box = page->findChild<QComboBox *>();
                QVERIFY(box);
                const int index = box->findData(environment);
                QVERIFY(index >= 0);
                box->setCurrentIndex(index);
                QCoreApplication::processEvents();
            }
            const QString where = QStringLiteral("page %1").arg(wiz->currentId());
            check(where, {page->title(), page->subTitle()});
            check(where, visibleTexts(page));
            QStringList buttons;
            for (auto which : {QWizard::BackButton, QWizard::NextButton, QWizard::FinishButton,
                               QWizard::CancelButton, QWizard::HelpButton}) {
                if (wiz->button(which)->isVisible())
                    buttons << wiz->button(which)->text();
            }
            check(where + QStringLiteral(" buttons"), buttons);
            if (wiz->currentId() == Wizard::ResultsPageId)
                break;
            wiz->next();
        }
        QCOMPARE(wiz->currentId(), int(Wizard::ResultsPageId));
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    }

    // The Workload fields' help was looked up by the field's translated name, so under zh_CN
    // the size and number fields had no What's This and no tooltip.
    void workloadHelpInChinese()
    {
        MainWindow w;
        w.show();
        Wizard *wiz = w.wizard();
        wiz->setStartId(Wizard::WorkloadPageId);
        wiz->restart();
        QWizardPage *page = wiz->currentPage();
        int fields = 0;
        for (QWidget *f : page->findChildren<QWidget *>()) {
            const bool numberOrSize = qobject_cast<QSpinBox *>(f) ||
                                      (qobject_cast<QLineEdit *>(f) && !f->whatsThis().isEmpty());
            if (!numberOrSize || f->accessibleName().isEmpty() ||
                qobject_cast<QLineEdit *>(f->parentWidget()))
                continue;
            ++fields;
            QVERIFY2(!f->whatsThis().isEmpty(), qPrintable(f->accessibleName()));
            QVERIFY2(!f->toolTip().isEmpty(), qPrintable(f->accessibleName()));
            QVERIFY2(englishIn(f->whatsThis()).isEmpty(),
                     qPrintable(f->accessibleName() + QLatin1Char(' ') + f->whatsThis()));
        }
        QVERIFY2(fields >= 4, qPrintable(QString::number(fields)));
    }

    void otherWindowsInChinese()
    {
        MainWindow w;
        w.show();
        QStringList problems;
        auto check = [&](const QString &where, const QStringList &texts) {
            for (const QString &t : texts) {
                const QStringList english = englishIn(t);
                if (!english.isEmpty())
                    problems << QStringLiteral("%1: \"%2\" (%3)")
                                    .arg(where, t.left(100), english.join(QLatin1Char(' ')));
            }
        };
        // The Diagnose window, with a finding shown (the log itself stays as it is).
        w.showDiagnose();
        DiagnoseDialog *d = w.diagnoseDialog();
        QVERIFY(d && d->isVisible());
        d->setLog(QStringLiteral("RuntimeError: DataLoader worker (pid 4242) is killed by signal: "
                                 "Bus error.\n"));
        QCOMPARE(d->findings().size(), 1);
        check(QStringLiteral("diagnose"), QStringList{d->windowTitle()} + visibleTexts(d));
        // The Fleet view.
        FleetView fleet(std::nullopt);
        fleet.show();
        QCoreApplication::processEvents();
        check(QStringLiteral("fleet"), QStringList{fleet.windowTitle()} + visibleTexts(&fleet));
        // The help window: every page's explanation.
        w.showHelp();
        QCoreApplication::processEvents();
        int helpTexts = 0;
        for (QWidget *top : QApplication::topLevelWidgets()) {
            for (QTextBrowser *b : top->findChildren<QTextBrowser *>()) {
                if (!b->isVisible() || b->window() == d)
                    continue;
                ++helpTexts;
                for (const QString &line : b->toPlainText().split(QLatin1Char('\n')))
                    check(QStringLiteral("help"), {line});
            }
        }
        QVERIFY(helpTexts > 0);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
        // Each page is named alike in the contents and in its section's heading ("目标主机"
        // listed, "目标" as the heading, in the last walk).
        const QString help = w.helpDialog()->findChild<QTextBrowser *>()->toPlainText();
        for (int id : w.wizard()->pageIds()) {
            const QString title = w.wizard()->page(id)->title();
            const QStringList lines = help.split(QLatin1Char('\n'));
            QVERIFY2(lines.count(title) >= 2, qPrintable(title));
        }
    }

    // The language of the files' comments is a setting of its own: the Chinese UI writes
    // English comments until 简体中文 is chosen, the shown file follows at once, and the choice
    // is remembered.
    void commentLanguageIsAFileSetting()
    {
        static const QRegularExpression cjk(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
        int preflight = -1;
        {
            MainWindow w;
            w.show();
            w.wizard()->setStartId(Wizard::WorkloadPageId);
            w.wizard()->restart();
            w.wizard()->next();
            w.wizard()->next();
            ResultsPage *results = w.wizard()->resultsPage();
            QComboBox *box = results->commentLanguageBox();
            QVERIFY(box && box->isVisible());
            QCOMPARE(box->currentData().toString(), QStringLiteral("en"));
            QCOMPARE(box->count(), 2);
            for (int i = 0; i < results->artifacts().size(); ++i) {
                const Artifact &a = results->artifacts()[i];
                if (a.id == QLatin1String("preflight"))
                    preflight = i;
                QVERIFY2(!a.text.contains(cjk), qPrintable(a.fileName));
                QVERIFY2(a.title.contains(cjk), qPrintable(a.title));
            }
            QVERIFY(preflight >= 0);
            auto *list = results->findChild<QListWidget *>();
            list->setCurrentRow(preflight);
            const QString english = results->codeView()->toPlainText();
            // An edit of the shown file is replaced by the new text, and the page says so.
            results->codeView()->setPlainText(english + QStringLiteral("# mine\n"));

            box->setCurrentIndex(box->findData(QStringLiteral("zh_CN")));
            QCOMPARE(list->currentRow(), preflight);
            const QString chinese = results->codeView()->toPlainText();
            QVERIFY2(chinese.contains(cjk), qPrintable(chinese));
            QCOMPARE(chinese, results->artifacts()[preflight].text);
            QVERIFY(!chinese.contains(QStringLiteral("# mine")));
            bool said = false;
            for (const QLabel *l : results->findChildren<QLabel *>())
                said = said || (l->text().contains(QStringLiteral("注释语言已更改")) &&
                                l->text().contains(results->artifacts()[preflight].fileName));
            QVERIFY(said);
            // Only comments changed: the commands are the same.
            auto code = [](const QString &text) {
                QStringList lines;
                for (const QString &l : text.split(QLatin1Char('\n')))
                    if (!l.trimmed().startsWith(QLatin1Char('#')))
                        lines << l;
                return lines;
            };
            QCOMPARE(code(chinese), code(english));
            QCOMPARE(QSettings().value(QStringLiteral("results/commentLanguage")).toString(),
                     QStringLiteral("zh_CN"));
            w.session()->markSaved(QString());
        }
        MainWindow again;
        QCOMPARE(again.wizard()->resultsPage()->commentLanguageBox()->currentData().toString(),
                 QStringLiteral("zh_CN"));
    }

    // A walk in Chinese at 800x600: the memory fields were cut to "未知，如…" and the Results
    // status broke "问题" across two lines, squeezed between the comment language and the
    // buttons. Short placeholders show whole, and the status has the page's width.
    void placeholdersAndStatusWholeAt800x600()
    {
        MainWindow w;
        w.resize(760, 570);
        w.show();
        w.session()->edit([](Profile &p) { p.environment = Environment::Docker; });
        Wizard *wiz = w.wizard();
        wiz->setStartId(Wizard::EnvironmentPageId);
        wiz->restart();
        QCoreApplication::processEvents();
        QVERIFY(w.minimumSizeHint().width() <= 800);
        int checked = 0;
        for (QLineEdit *edit : wiz->environmentPage()->findChildren<QLineEdit *>()) {
            if (!edit->isVisibleTo(wiz->environmentPage()) || edit->placeholderText().isEmpty() ||
                !edit->placeholderText().startsWith(QStringLiteral("未知")))
                continue;
            ++checked;
            const int text = edit->fontMetrics().horizontalAdvance(edit->placeholderText());
            QVERIFY2(edit->width() > text, qPrintable(QStringLiteral("%1: %2 px for %3 px")
                                                          .arg(edit->accessibleName())
                                                          .arg(edit->width())
                                                          .arg(text)));
        }
        QVERIFY2(checked >= 2, qPrintable(QString::number(checked)));
        wiz->setStartId(Wizard::ResultsPageId);
        wiz->restart();
        QCoreApplication::processEvents();
        auto *status = wiz->resultsPage()->findChild<QLabel *>();
        for (QLabel *l : wiz->resultsPage()->findChildren<QLabel *>())
            if (l->accessibleName() == QStringLiteral("结果状态") ||
                l->accessibleName() == QStringLiteral("Results status"))
                status = l;
        QVERIFY(status && !status->text().isEmpty());
        QVERIFY2(status->width() > wiz->resultsPage()->width() * 3 / 4,
                 qPrintable(QStringLiteral("%1 of %2 px")
                                .arg(status->width())
                                .arg(wiz->resultsPage()->width())));
        QVERIFY2(status->height() < 2 * status->fontMetrics().lineSpacing(),
                 qPrintable(status->text()));
    }

    void theCheckFindsEnglish()
    {
        // The check itself: an untranslated sentence is caught, tokens are not.
        QVERIFY(!englishIn(QStringLiteral("Probe the machine ShmWise runs on.")).isEmpty());
        QVERIFY(englishIn(QStringLiteral("使用 --shm-size=8g 运行 DataLoader（num_workers=4）"))
                    .isEmpty());
    }
};

QTEST_MAIN(TestWizardChinese)
#include "tst_wizardchinese.moc"
