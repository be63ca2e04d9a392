// SPDX-License-Identifier: GPL-3.0-or-later
// Renders every wizard page in a light and a dark palette into PNG files for docs/wizard.md and the
// README:
//   xvfb-run -s '-screen 0 1280x900x24' build/bin/shmwise-screenshots docs/screenshots
// It also renders the Workload page with the fit (a Docker job whose /dev/shm cannot be raised)
// and the Diagnose window with a Bus error log, "What is /dev/shm?", and the Results page with the
// comments of the files in Chinese under the English UI. tst_screenshots checks what it wrote. With
// SHMWISE_SCREENSHOT_LANGUAGE=zh_CN it renders the Workload and Results pages in Simplified Chinese
// instead (light palette; needs a CJK font such as fonts-wqy-microhei).
#include "ui/codeview.h"
#include "ui/diagnosedialog.h"
#include "ui/hostpage.h"
#include "ui/mainwindow.h"
#include "ui/resultspage.h"
#include "ui/session.h"
#include "ui/shmlesson.h"
#include "ui/wizard.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QElapsedTimer>
#include <QLibraryInfo>
#include <QListWidget>
#include <QPalette>
#include <QStyleFactory>
#include <QTest>
#include <QTextBlock>
#include <QTranslator>

using namespace shmwise;

namespace {

QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x2a, 0x2e, 0x32), base(0x1b, 0x1e, 0x20), text(0xfc, 0xfc, 0xfc);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x31, 0x36, 0x3b));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::Highlight, QColor(0x3d, 0xae, 0xe9));
    p.setColor(QPalette::Link, QColor(0x3d, 0xae, 0xe9));
    p.setColor(QPalette::HighlightedText, text);
    p.setColor(QPalette::ToolTipBase, window);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0xa1, 0xa9, 0xb1));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x6e, 0x74, 0x7a));
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x6e, 0x74, 0x7a));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x6e, 0x74, 0x7a));
    return p;
}

// The Workload and Results pages in `language`, as workload-LANGUAGE.png and
// results-LANGUAGE.png.
int renderTranslated(const QString &out, const QSize &size, const QString &language)
{
    auto *own = new QTranslator(qApp);
    auto *qt = new QTranslator(qApp);
    if (!own->load(QStringLiteral("shmwise_") + language, QStringLiteral(SHMWISE_QM_DIR)) ||
        !qt->load(QStringLiteral("qtbase_") + language,
                  QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        qWarning("no %s translation of ShmWise or Qt", qPrintable(language));
        return 1;
    }
    QCoreApplication::installTranslator(own);
    QCoreApplication::installTranslator(qt);
    MainWindow window;
    window.resize(size);
    window.show();
    Wizard *wiz = window.wizard();
    int written = 0;
    while (wiz->currentId() != Wizard::ResultsPageId) {
        if (wiz->currentId() == Wizard::WorkloadPageId) {
            QTest::qWait(150);
            written += window.grab().save(QStringLiteral("%1/workload-%2.png").arg(out, language));
        }
        const int before = wiz->currentId();
        wiz->next();
        if (wiz->currentId() == before)
            return 1;
    }
    if (auto *list = wiz->resultsPage()->findChild<QListWidget *>(); list && list->count() > 0)
        list->setCurrentRow(0);
    const auto &artifacts = wiz->resultsPage()->artifacts();
    if (!artifacts.isEmpty() && !artifacts.constFirst().notes.isEmpty()) {
        CodeView *code = wiz->resultsPage()->codeView();
        code->setTextCursor(QTextCursor(code->document()->findBlockByNumber(
            artifacts.constFirst().notes.constFirst().line - 1)));
    }
    QTest::qWait(150);
    written += window.grab().save(QStringLiteral("%1/results-%2.png").arg(out, language));
    window.session()->markSaved(QString());
    return written == 2 ? 0 : 1;
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("shmwise-screenshots"));
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    const QString out = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QStringLiteral("screenshots");
    // An optional size checks the smallest window the wizard must work in (1024x700).
    QSize size(1100, 760);
    if (argc > 2) {
        const QStringList wh = QString::fromLocal8Bit(argv[2]).split(QLatin1Char('x'));
        if (wh.size() == 2)
            size = QSize(wh[0].toInt(), wh[1].toInt());
    }
    QDir().mkpath(out);
    const QString language = qEnvironmentVariable("SHMWISE_SCREENSHOT_LANGUAGE");
    if (!language.isEmpty())
        return renderTranslated(out, size, language);
    const QPalette light = QApplication::style()->standardPalette();
    int written = 0;
    auto save = [&](QWidget *w, const QString &page, const QString &palette) {
        QTest::qWait(150);
        const QString named = QStringLiteral("%1/%2-%3.png").arg(out, page, palette);
        if (w->grab().save(named))
            ++written;
        else
            qWarning("cannot write %s", qPrintable(named));
    };
    for (const auto &[name, palette] : {std::pair{QStringLiteral("light"), light},
                                        std::pair{QStringLiteral("dark"), darkPalette()}}) {
        QApplication::setPalette(palette);
        MainWindow window;
        window.resize(size);
        window.show();
        QTest::qWait(100);
        Wizard *wiz = window.wizard();
        const QList<int> ids = wiz->pageIds();
        for (int i = 0; i < ids.size(); ++i) {
            if (ids[i] == Wizard::HostPageId) {
                // Wait for the probe, so the page shows facts rather than "Probing".
                QElapsedTimer t;
                t.start();
                while (t.elapsed() < 20000 && (wiz->hostPage()->prober()->isBusy() ||
                                               wiz->hostPage()->findings().isEmpty()))
                    QTest::qWait(100);
                wiz->hostPage()->prober()->setRefreshInterval(0);
            }
            if (ids[i] == Wizard::ResultsPageId) {
                // Show an artifact with notes and a diagnostic-free badge list.
                auto *list = wiz->resultsPage()->findChild<QListWidget *>();
                if (list && list->count() > 0)
                    list->setCurrentRow(0);
                // Put the cursor on the first explained line, so the explanation pane shows it.
                const auto &artifacts = wiz->resultsPage()->artifacts();
                if (!artifacts.isEmpty() && !artifacts.constFirst().notes.isEmpty()) {
                    CodeView *code = wiz->resultsPage()->codeView();
                    QTextCursor c(code->document()->findBlockByNumber(
                        artifacts.constFirst().notes.constFirst().line - 1));
                    code->setTextCursor(c);
                }
            }
            const QString page =
                wiz->currentPage()->title().toLower().replace(QLatin1Char(' '), QLatin1Char('-'));
            save(&window, page, name);
            if (ids[i] == Wizard::ResultsPageId && name == QLatin1String("light")) {
                // Chinese comments under the English UI, in the preflight check.
                ResultsPage *results = wiz->resultsPage();
                QComboBox *comments = results->commentLanguageBox();
                comments->setCurrentIndex(comments->findData(QStringLiteral("zh_CN")));
                auto *list = results->findChild<QListWidget *>();
                for (int a = 0; list && a < results->artifacts().size(); ++a) {
                    if (results->artifacts()[a].id == QLatin1String("preflight"))
                        list->setCurrentRow(a);
                }
                save(&window, QStringLiteral("results-comments-zh_CN"), name);
                comments->setCurrentIndex(0);
            }
            wiz->next();
        }
        // The fit: a Docker job whose /dev/shm nobody can raise, fitted to the 64 MiB it has.
        window.session()->edit([](Profile &p) {
            p.environment = Environment::Docker;
            p.host.shmAdjustable = false;
            p.host.shmBytes = 64 * MiB;
        });
        wiz->setStartId(Wizard::WorkloadPageId);
        wiz->restart();
        save(&window, QStringLiteral("workload-fit"), name);
        // A model server: vLLM at tensor parallelism 2, its queues in the plan.
        window.session()->edit([](Profile &p) {
            p.host = HostSpec();
            p.serving.used = true;
            p.serving.server = Server::Vllm;
            p.serving.tensorParallel = 2;
            p.job.gpus = 2;
        });
        wiz->restart();
        save(&window, QStringLiteral("workload-serving"), name);
        window.session()->markSaved(QString()); // nothing to ask about on close

        window.showDiagnose();
        DiagnoseDialog *d = window.diagnoseDialog();
        d->resize(size);
        d->setLog(QStringLiteral(
            "Epoch 3:  41%|####      | 410/1000 [02:11<03:09,  3.11it/s]\n"
            "ERROR: Unexpected bus error encountered in worker. This might be caused by "
            "insufficient shared memory (shm).\n"
            "Traceback (most recent call last):\n"
            "  File \"train.py\", line 88, in <module>\n"
            "    for batch in loader:\n"
            "RuntimeError: DataLoader worker (pid 4242) is killed by signal: Bus error. It is "
            "possible that dataloader's workers are out of shared memory. Please try to raise "
            "your shared memory limit.\n"));
        save(d, QStringLiteral("diagnose"), name);
        d->close();
        // What is /dev/shm?, drawn from this machine's probe on the Host page.
        window.showShmLesson();
        window.shmLesson()->resize(size);
        save(window.shmLesson(), QStringLiteral("shm-lesson"), name);
        window.shmLesson()->close();
    }
    return written > 0 ? 0 : 1;
}
