// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "generators/artifacts.h"
#include "ui/page.h"

#include <QHash>
#include <QPair>
#include <QVector>

class QComboBox;
class QLabel;
class QListWidget;
class QPushButton;
class QTextBrowser;
class QTimer;

namespace shmwise {

class CodeView;

// The generated files for the chosen environment: each validated (with a badge in the list),
// editable and re-validated as the user types, explained line by line, and saved atomically.
class ResultsPage : public Page
{
    Q_OBJECT
public:
    explicit ResultsPage(Session *session, QWidget *parent = nullptr);

    void initializePage() override;
    const QVector<Artifact> &artifacts() const { return m_artifacts; }
    CodeView *codeView() const { return m_code; }
    // "Comments in generated files": English or Simplified Chinese, remembered in QSettings.
    QComboBox *commentLanguageBox() const { return m_commentLanguage; }
    GenerateOptions generateOptions() const;
    // Writes every artifact into `dir`; files that differ are overwritten only when
    // `overwrite` is set (keeping FILE.bak). Returns what could not be written.
    QStringList saveAll(const QString &dir, bool overwrite, QStringList *refused);
    // The text of artifact `index` as the user left it.
    QString editedText(int index) const { return m_edited.value(index); }
    // Whether the user changed a file's text here and has not saved it since.
    bool hasUnsavedEdits() const { return m_unsavedEdits; }
    // Asks before saving artifacts that have validation errors; true to go on.
    bool confirmSaveWithErrors(const QVector<int> &indices);

protected:
    void syncFromProfile() override;

private:
    // commentsChanged: the comments' language changed, not the profile.
    void regenerate(bool commentsChanged = false);
    void showArtifact(int index);
    void revalidate();
    void updateBadge(int index);
    void updateExplanation();
    void copyCurrent();
    void copyCommand();
    void saveCurrent();
    void saveAllInteractive();

    QListWidget *m_list;
    QComboBox *m_commentLanguage;
    CodeView *m_code;
    QTextBrowser *m_explanation;
    QLabel *m_status;
    QPushButton *m_copy;
    QPushButton *m_copyCommand; // the plain `docker run ...` of a one-command script
    QPushButton *m_save;
    QPushButton *m_saveAll;
    QTimer *m_validateTimer;
    QVector<Artifact> m_artifacts;
    QVector<QString> m_edited; // the text as the user left it, per artifact
    // Edits made on an earlier visit, by file name, with the generated text they started from:
    // kept across Back and Next while the generated text is the same.
    QHash<QString, QPair<QString, QString>> m_keptEdits;
    int m_current = -1;
    bool m_loading = false;
    bool m_unsavedEdits = false;
};

} // namespace shmwise
