// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QMainWindow>

class QDialog;
class QTextBrowser;
class QMenu;

namespace shmwise {

class DiagnoseDialog;
class ShmLesson;
class Session;
class Wizard;

// The application window: the wizard, with File (profiles, recent profiles) and Help menus, and
// its geometry remembered between runs.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);

    Session *session() const { return m_session; }
    Wizard *wizard() const { return m_wizard; }
    // Opens a profile; false (with a message box unless `quiet`) when it has problems.
    bool openProfile(const QString &path, bool quiet = false);
    bool saveProfileAs(const QString &path);
    void showDiagnose();
    DiagnoseDialog *diagnoseDialog() const { return m_diagnose; }
    // The help page of the wizard page on screen (Help > Contents, F1).
    void showHelp();
    QDialog *helpDialog() const { return m_help; }
    // "What is /dev/shm?", drawn from the Host page's last probe (Help menu, the plan's
    // headline, the breakdown bar's What's This, Diagnose).
    void showShmLesson();
    void refreshLesson();
    ShmLesson *shmLesson() const { return m_lesson; }
    // The language the window starts in (Tools > Language), kept in the settings under
    // LanguageKey: empty for the system's, else "en" or "zh_CN". The change shows from the next
    // start, which the window offers to make at once.
    static constexpr const char *LanguageKey = "ui/language";
    static QString chosenLanguage();
    void chooseLanguage(const QString &language);

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void newProfile();
    void open();
    bool save();
    bool saveAs();
    bool maybeSave();
    void updateTitle();
    void rememberRecent(const QString &path);
    void rebuildRecentMenu();

    Session *m_session;
    Wizard *m_wizard;
    QMenu *m_recentMenu = nullptr;
    DiagnoseDialog *m_diagnose = nullptr;
    QDialog *m_help = nullptr;
    ShmLesson *m_lesson = nullptr;
    QTextBrowser *m_helpView = nullptr;
};

} // namespace shmwise
