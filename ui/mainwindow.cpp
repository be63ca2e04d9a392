// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/mainwindow.h"

#include "ui/diagnosedialog.h"
#include "ui/helptexts.h"
#include "ui/hostpage.h"
#include "ui/inputfilters.h"
#include "ui/page.h"
#include "ui/resultspage.h"
#include "ui/session.h"
#include "ui/shmlesson.h"
#include "ui/targetpage.h"
#include "ui/textview.h"
#include "ui/wizard.h"
#include "ui/workloadpage.h"

#include <QAbstractButton>
#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QIcon>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QProcess>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <QWhatsThis>

namespace shmwise {

namespace {
const int kMaxRecent = 8;
const QString kRecentKey = QStringLiteral("recentProfiles");
const QString kProfileDirKey = QStringLiteral("profiles/lastDirectory");

// Where the last profile was opened or saved, so the dialogs start there.
QString lastProfileDir()
{
    const QString dir = QSettings().value(kProfileDirKey).toString();
    return !dir.isEmpty() && QDir(dir).exists() ? dir : QDir::homePath();
}
} // namespace

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent), m_session(new Session(this))
{
    // A PNG, which Qt reads without plugins (the SVG is installed for the desktop's own use).
    setWindowIcon(QIcon(QStringLiteral(":/icons/io.github.shmwise.ShmWise.png")));
    // Before any field exists, so every one is polished under the rules.
    installInputFilters(this);
    m_wizard = new Wizard(m_session, this);
    m_wizard->setWindowFlags(Qt::Widget);
    setCentralWidget(m_wizard);
    connect(m_wizard, &Wizard::doneRequested, this, &QWidget::close);
    connect(m_wizard, &QWizard::helpRequested, this, &MainWindow::showHelp);

    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *newAct = file->addAction(tr("&New Profile"), this, &MainWindow::newProfile);
    newAct->setShortcut(QKeySequence::New);
    QAction *openAct = file->addAction(tr("&Open Profile…"), this, &MainWindow::open);
    openAct->setShortcut(QKeySequence::Open);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    file->addSeparator();
    QAction *saveAct = file->addAction(tr("&Save Profile"), this, [this] { save(); });
    saveAct->setShortcut(QKeySequence::Save);
    QAction *saveAsAct = file->addAction(tr("Save Profile &As…"), this, [this] { saveAs(); });
    saveAsAct->setShortcut(QKeySequence::SaveAs);
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    QMenu *tools = menuBar()->addMenu(tr("&Tools"));
    tools->addAction(tr("&Diagnose an Error Log…"), this, &MainWindow::showDiagnose);
    connect(m_wizard->hostPage(), &HostPage::diagnoseRequested, this, &MainWindow::showDiagnose);
    connect(m_wizard->targetPage(), &TargetPage::diagnoseRequested, this,
            &MainWindow::showDiagnose);
    tools->addSeparator();
    QMenu *language = tools->addMenu(tr("&Language"));
    language->menuAction()->setObjectName(QStringLiteral("languageMenu"));
    auto *languages = new QActionGroup(language);
    // Each language named in itself, so a user who cannot read the current one finds theirs.
    const std::pair<QString, QString> choices[] = {
        {QString(), QLocale::system().nativeLanguageName().isEmpty()
                        ? tr("The System's")
                        : tr("The System's (%1)").arg(QLocale::system().nativeLanguageName())},
        {QStringLiteral("en"), QStringLiteral("English")},
        {QStringLiteral("zh_CN"), QStringLiteral("中文（简体）")}};
    for (const auto &[code, name] : choices) {
        QAction *a = language->addAction(name);
        a->setCheckable(true);
        a->setData(code);
        a->setChecked(code == chosenLanguage());
        languages->addAction(a);
        connect(a, &QAction::triggered, this, [this, code = code] { chooseLanguage(code); });
    }
    QMenu *help = menuBar()->addMenu(tr("&Help"));
    QAction *contents = help->addAction(tr("&Contents"), this, &MainWindow::showHelp);
    contents->setShortcut(QKeySequence::HelpContents);
    QAction *whatsThis = QWhatsThis::createAction(this);
    whatsThis->setText(tr("&What's This?"));
    whatsThis->setShortcut(QKeySequence::WhatsThis);
    help->addAction(whatsThis);
    help->addAction(tr("&Diagnose an Error Log…"), this, &MainWindow::showDiagnose);
    help->addAction(tr("What Is /dev/&shm?"), this, &MainWindow::showShmLesson);
    connect(m_wizard->workloadPage(), &WorkloadPage::lessonRequested, this,
            &MainWindow::showShmLesson);
    help->addSeparator();
    help->addAction(tr("&About ShmWise"), this, [this] {
        QMessageBox::about(this, tr("About ShmWise"),
                           tr("<p><b>ShmWise %1</b></p><p>Shared-memory configuration assistant "
                              "for PyTorch training.</p>")
                               .arg(QApplication::applicationVersion()));
    });

    connect(m_session, &Session::changed, this, &MainWindow::updateTitle);
    connect(m_session, &Session::pathChanged, this, &MainWindow::updateTitle);
    rebuildRecentMenu();
    updateTitle();

    // Below this the wizard's buttons leave the window (no page scrolls them into view).
    setMinimumSize(640, 480);
    QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray())) {
        // The first window fits the screen it opens on, whatever that screen's size.
        QSize size(1100, 760);
        if (const QScreen *s = screen())
            size = size.boundedTo(s->availableGeometry().size() * 0.95);
        resize(size);
    }
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    statusBar()->showMessage(tr("Ready"), 2000);
}

bool MainWindow::openProfile(const QString &path, bool quiet)
{
    const ProfileResult r = loadProfile(path);
    if (!r.ok()) {
        if (!quiet) {
            QStringList lines;
            for (const ProfileProblem &p : r.problems)
                lines << p.toString();
            showPlainWarning(this, tr("Cannot open profile"),
                             tr("%1 has problems:\n\n%2").arg(path, lines.join(QLatin1Char('\n'))));
        }
        return false;
    }
    m_session->setProfile(*r.profile, path);
    QSettings().setValue(kProfileDirKey, QFileInfo(path).absolutePath());
    m_wizard->restart();
    m_wizard->show();
    rememberRecent(path);
    statusBar()->showMessage(tr("Opened %1").arg(QDir::toNativeSeparators(path)), 4000);
    return true;
}

bool MainWindow::saveProfileAs(const QString &path)
{
    QString error;
    if (!saveProfile(m_session->profile(), path, &error)) {
        showPlainWarning(this, tr("Cannot save profile"), error);
        return false;
    }
    m_session->markSaved(path);
    rememberRecent(path);
    QSettings().setValue(kProfileDirKey, QFileInfo(path).absolutePath());
    statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)), 4000);
    return true;
}

void MainWindow::showDiagnose()
{
    if (!m_diagnose)
        m_diagnose = new DiagnoseDialog(this);
    m_diagnose->show();
    m_diagnose->raise();
    m_diagnose->activateWindow();
}

void MainWindow::showShmLesson()
{
    if (!m_lesson) {
        m_lesson = new ShmLesson(this);
        // The picture follows the job while it is open: another environment, another /dev/shm.
        connect(m_session, &Session::changed, m_lesson, [this] {
            if (m_lesson->isVisible())
                refreshLesson();
        });
    }
    refreshLesson();
    m_lesson->show();
    m_lesson->raise();
    m_lesson->activateWindow();
}

void MainWindow::refreshLesson()
{
    const ShmPlan &plan = m_session->plan();
    std::optional<HostFacts> facts = m_wizard->hostPage()->lastFacts();
    // Without a probe, the memory the profile gives is the picture's RAM and limit.
    const Profile &profile = m_session->profile();
    if (!facts && (profile.host.memoryBytes || profile.job.memoryBytes)) {
        facts = HostFacts{};
        facts->memTotalBytes = profile.host.memoryBytes;
        facts->memoryLimitBytes = profile.job.memoryBytes;
        facts->memoryLimitKnown = profile.job.memoryBytes.has_value();
    }
    m_lesson->setFacts(facts,
                       m_session->problems().isEmpty() ? std::optional<Bytes>(plan.requiredBytes)
                                                       : std::nullopt,
                       jobShm(m_session->profile(), facts ? facts->shmSizeBytes : std::nullopt));
}

void MainWindow::showHelp()
{
    if (!m_help) {
        m_help = new QDialog(this);
        m_help->setWindowTitle(tr("ShmWise Help"));
        m_helpView = new TextView(m_help);
        m_helpView->setAccessibleName(tr("Help text"));
        auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, m_help);
        connect(buttons, &QDialogButtonBox::rejected, m_help, &QDialog::close);
        auto *layout = new QVBoxLayout(m_help);
        layout->addWidget(m_helpView);
        layout->addWidget(buttons);
        resizeWithinScreen(m_help, QSize(720, 640));
    }
    // Contents first, then every page's help in the wizard's order and the other windows';
    // the view opens at the page on screen.
    QString html = QStringLiteral("<h3>%1</h3><ol>").arg(tr("Contents").toHtmlEscaped());
    const QList<int> ids = m_wizard->pageIds();
    for (int id : ids)
        html += QStringLiteral("<li><a href=\"#page-%1\">%2</a></li>")
                    .arg(id)
                    .arg(m_wizard->page(id)->title().toHtmlEscaped());
    html += QStringLiteral("<li><a href=\"#windows\">%1</a>%2</li></ol>")
                .arg(tr("Other windows").toHtmlEscaped(), otherWindowsContentsHtml());
    for (int id : ids)
        html += QStringLiteral("<a name=\"page-%1\"></a>").arg(id) + pageHelpHtml(id);
    html += QStringLiteral("<a name=\"windows\"></a>") + otherWindowsHelpHtml();
    html += QStringLiteral("<hr/><p>") +
            tr("ShmWise sizes /dev/shm for PyTorch DataLoader training. Press Shift+F1 and click "
               "a field for what it means. The command line does the same as the wizard: run "
               "shmwise --help.")
                .toHtmlEscaped() +
            QStringLiteral("</p>");
    m_helpView->setHtml(unbreakableHtml(html));
    m_help->show();
    m_help->raise();
    m_help->activateWindow();
    m_helpView->scrollToAnchor(QStringLiteral("page-%1").arg(m_wizard->currentId()));
}

QString MainWindow::chosenLanguage()
{
    const QString code = QSettings().value(QLatin1String(LanguageKey)).toString();
    return code == QLatin1String("en") || code == QLatin1String("zh_CN") ? code : QString();
}

void MainWindow::chooseLanguage(const QString &language)
{
    if (language == chosenLanguage())
        return;
    if (language.isEmpty())
        QSettings().remove(QLatin1String(LanguageKey));
    else
        QSettings().setValue(QLatin1String(LanguageKey), language);
    QMessageBox box(QMessageBox::Question, tr("Language"),
                    tr("ShmWise shows the new language from its next start. Restart now? Your "
                       "profile is saved first if you choose to."),
                    QMessageBox::Yes | QMessageBox::No, this);
    box.button(QMessageBox::Yes)->setText(tr("&Restart Now"));
    box.button(QMessageBox::No)->setText(tr("&Later"));
    box.setDefaultButton(QMessageBox::No);
    if (box.exec() != QMessageBox::Yes)
        return;
    // close() asks about unsaved work; only a window that did close starts its successor.
    if (!close())
        return;
    QStringList arguments{QStringLiteral("gui")};
    if (!m_session->path().isEmpty())
        arguments << QStringLiteral("--profile") << m_session->path();
    QProcess::startDetached(QCoreApplication::applicationFilePath(), arguments);
    QCoreApplication::quit();
}

void MainWindow::newProfile()
{
    if (!maybeSave())
        return;
    m_session->setProfile(shmwise::newProfile());
    m_wizard->restart();
    m_wizard->show();
}

void MainWindow::open()
{
    if (!maybeSave())
        return;
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Open Profile"), lastProfileDir(),
                                     tr("ShmWise profiles (*.yaml *.yml);;All files (*)"));
    if (!path.isEmpty())
        openProfile(path);
}

bool MainWindow::save()
{
    if (m_session->path().isEmpty())
        return saveAs();
    return saveProfileAs(m_session->path());
}

bool MainWindow::saveAs()
{
    const QString start =
        m_session->path().isEmpty()
            ? QDir(lastProfileDir()).filePath(QStringLiteral("shmwise-profile.yaml"))
            : m_session->path();
    const QString path = QFileDialog::getSaveFileName(this, tr("Save Profile"), start,
                                                      tr("ShmWise profiles (*.yaml *.yml)"));
    return !path.isEmpty() && saveProfileAs(path);
}

bool MainWindow::maybeSave()
{
    if (m_wizard->resultsPage()->hasUnsavedEdits()) {
        QMessageBox box(QMessageBox::Question, tr("Unsaved files"),
                        tr("You edited generated files on the Results page and did not save "
                           "them. Discard those edits?"),
                        QMessageBox::Discard | QMessageBox::Cancel, this);
        box.setDefaultButton(QMessageBox::Cancel);
        box.button(QMessageBox::Discard)->setText(tr("&Discard"));
        box.button(QMessageBox::Cancel)->setText(tr("&Cancel"));
        if (box.exec() != QMessageBox::Discard)
            return false;
    }
    if (!m_session->isDirty())
        return true;
    QMessageBox box(QMessageBox::Question, tr("Unsaved profile"),
                    tr("The profile has changes. Save them?"),
                    QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, this);
    box.setDefaultButton(QMessageBox::Save);
    box.button(QMessageBox::Save)->setText(tr("&Save"));
    box.button(QMessageBox::Discard)->setText(tr("&Discard"));
    box.button(QMessageBox::Cancel)->setText(tr("&Cancel"));
    const int answer = box.exec();
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    event->accept();
}

void MainWindow::updateTitle()
{
    const QString name =
        m_session->path().isEmpty() ? tr("Untitled") : QFileInfo(m_session->path()).fileName();
    setWindowTitle(tr("%1[*] — ShmWise").arg(name));
    setWindowModified(m_session->isDirty());
}

void MainWindow::rememberRecent(const QString &path)
{
    QSettings settings;
    QStringList recent = settings.value(kRecentKey).toStringList();
    const QString abs = QFileInfo(path).absoluteFilePath();
    recent.removeAll(abs);
    recent.prepend(abs);
    while (recent.size() > kMaxRecent)
        recent.removeLast();
    settings.setValue(kRecentKey, recent);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    const QStringList recent = QSettings().value(kRecentKey).toStringList();
    for (const QString &path : recent) {
        m_recentMenu->addAction(QDir::toNativeSeparators(path), this, [this, path] {
            if (maybeSave())
                openProfile(path);
        });
    }
    m_recentMenu->setEnabled(!recent.isEmpty());
}

} // namespace shmwise
