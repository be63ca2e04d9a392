// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/resultspage.h"

#include "core/atomicfile.h"
#include "core/fit.h"
#include "ui/codeview.h"
#include "ui/session.h"
#include "ui/textview.h"
#include "validators/validators.h"

#include <QAbstractButton>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSplitter>
#include <QStyle>
#include <QStyledItemDelegate>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTimer>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>

namespace shmwise {

namespace {

const QString kCommentLanguageKey = QStringLiteral("results/commentLanguage");

// A YAML file of a format ShmWise has no checker for (alerting rules, CI files): whether YAML
// reads it, at least.
bool yamlOnly(const Artifact &a)
{
    return !a.validator && a.syntax == QLatin1String("YAML");
}

// The file's own checks, and its /dev/shm against the plan: a size edited below what the job
// needs is an error where it is written.
QVector<Diagnostic> diagnose(const Artifact &a, const QString &text, quint64 requiredBytes)
{
    if (yamlOnly(a))
        return validateYamlSyntax(text);
    if (!a.validator)
        return {};
    QVector<Diagnostic> d = validateConfig(*a.validator, text);
    d += checkShmAgainstPlan(*a.validator, text, requiredBytes, a.text);
    std::stable_sort(d.begin(), d.end(),
                     [](const Diagnostic &x, const Diagnostic &y) { return x.line < y.line; });
    return d;
}

// A file's title wraps at the list's width: the style is told the width, so the item is as tall
// as its lines rather than one line with the rest elided.
class WrappingDelegate : public QStyledItemDelegate
{
public:
    explicit WrappingDelegate(QListWidget *list) : QStyledItemDelegate(list), m_list(list) {}
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        QStyleOptionViewItem opt = option;
        initStyleOption(&opt, index);
        opt.features |= QStyleOptionViewItem::WrapText;
        opt.rect.setWidth(m_list->viewport()->width() - 2 * m_list->spacing());
        const QStyle *style = m_list->style();
        return style->sizeFromContents(QStyle::CT_ItemViewItem, &opt, QSize(), m_list);
    }

private:
    QListWidget *m_list;
};

} // namespace

ResultsPage::ResultsPage(Session *session, QWidget *parent) : Page(session, {}, parent)
{
    setTitle(tr("Results"));
    setSubTitle(tr("The files for your environment, checked as you edit them. Select a line to "
                   "see why it is there."));
    setFinalPage(true);

    m_list = new QListWidget(this);
    m_list->setAccessibleName(tr("Generated files"));
    m_list->setMinimumWidth(240);
    m_list->setWordWrap(true);
    m_list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_list->setSpacing(2);
    m_list->setResizeMode(QListView::Adjust);
    m_list->setItemDelegate(new WrappingDelegate(m_list));
    m_code = new CodeView(this);
    m_code->setAccessibleName(tr("File contents"));
    m_explanation = new TextView(this);
    m_explanation->setAccessibleName(tr("Explanation"));
    m_explanation->setOpenExternalLinks(false);
    // The file's problems are listed with their lines: a line's link puts the cursor there.
    m_explanation->setOpenLinks(false);
    connect(m_explanation, &QTextBrowser::anchorClicked, this, [this](const QUrl &url) {
        const QStringList at = url.fragment().split(QLatin1Char('-'));
        if (at.size() == 3 && at[0] == QLatin1String("line"))
            m_code->goToLine(at[1].toInt(), at[2].toInt());
    });
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::PlainText); // file names and paths
    m_status->setAccessibleName(tr("Results status"));
    m_copy = new QPushButton(tr("&Copy"), this);
    m_copy->setToolTip(tr("Copy this file's text to the clipboard"));
    m_copyCommand = new QPushButton(tr("Copy command &line"), this);
    m_copyCommand->setToolTip(tr("Copy the command itself (docker run …) to paste into a "
                                 "terminal, without the script around it"));
    m_copyCommand->setVisible(false);
    m_save = new QPushButton(tr("Sa&ve…"), this);
    m_save->setToolTip(tr("Save this file"));
    m_saveAll = new QPushButton(tr("Save &all…"), this);
    m_saveAll->setToolTip(tr("Save every file into a folder"));
    // The language of the comments written into the files, whatever the UI's: the files go to
    // whoever runs the hosts. 简体中文 is written in Chinese in every UI, as language menus do,
    // so that whoever reads it finds it.
    m_commentLanguage = new QComboBox(this);
    m_commentLanguage->addItem(tr("English"), commentLanguageCode(CommentLanguage::English));
    m_commentLanguage->addItem(QStringLiteral("简体中文"),
                               commentLanguageCode(CommentLanguage::SimplifiedChinese));
    const int saved =
        m_commentLanguage->findData(QSettings().value(kCommentLanguageKey).toString());
    m_commentLanguage->setCurrentIndex(saved >= 0 ? saved : 0);
    auto *commentLabel = new QLabel(tr("Co&mments in generated files:"), this);
    commentLabel->setBuddy(m_commentLanguage);
    m_validateTimer = new QTimer(this);
    m_validateTimer->setSingleShot(true);
    m_validateTimer->setInterval(120);

    auto *middle = new QSplitter(Qt::Vertical, this);
    middle->addWidget(m_code);
    middle->addWidget(m_explanation);
    // The explanation and the file's problems get a third of the height: at a quarter they
    // were three lines at 800x600.
    middle->setStretchFactor(0, 2);
    middle->setStretchFactor(1, 1);
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_list);
    split->addWidget(middle);
    // The list widens with the window too, so long file names wrap less.
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 3);
    // The status has a row of its own, as wide as the page: between the comment language and
    // the buttons it was a column a few characters wide that broke words (Chinese at 800x600).
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(commentLabel);
    buttons->addWidget(m_commentLanguage);
    buttons->addStretch(1);
    buttons->addWidget(m_copy);
    buttons->addWidget(m_copyCommand);
    buttons->addWidget(m_save);
    buttons->addWidget(m_saveAll);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(split, 1);
    layout->addWidget(m_status);
    layout->addLayout(buttons);
    layout->addWidget(messageLabel());

    connect(m_list, &QListWidget::currentRowChanged, this, &ResultsPage::showArtifact);
    connect(m_commentLanguage, &QComboBox::currentIndexChanged, this, [this] {
        QSettings().setValue(kCommentLanguageKey, m_commentLanguage->currentData().toString());
        regenerate(true);
    });
    connect(m_code, &QPlainTextEdit::textChanged, this, [this] {
        if (m_loading || m_current < 0)
            return;
        // The highlighter's queued rehighlighting changes formats only, yet Qt 6.8 says the text
        // changed: only a change of the text itself is an edit.
        const QString text = m_code->toPlainText();
        if (text == m_edited[m_current])
            return;
        m_edited[m_current] = text;
        m_unsavedEdits = true;
        m_validateTimer->start();
    });
    connect(m_validateTimer, &QTimer::timeout, this, &ResultsPage::revalidate);
    connect(m_code, &CodeView::currentLineChanged, this, &ResultsPage::updateExplanation);
    connect(m_copy, &QPushButton::clicked, this, &ResultsPage::copyCurrent);
    connect(m_copyCommand, &QPushButton::clicked, this, &ResultsPage::copyCommand);
    connect(m_save, &QPushButton::clicked, this, &ResultsPage::saveCurrent);
    connect(m_saveAll, &QPushButton::clicked, this, &ResultsPage::saveAllInteractive);
}

GenerateOptions ResultsPage::generateOptions() const
{
    GenerateOptions options;
    options.comments = commentLanguageFromCode(m_commentLanguage->currentData().toString())
                           .value_or(CommentLanguage::English);
    return options;
}

void ResultsPage::initializePage()
{
    regenerate();
}

void ResultsPage::syncFromProfile()
{
    // Generated when the page is entered; the profile cannot change while it is shown.
}

void ResultsPage::regenerate(bool commentsChanged)
{
    const Session *s = session();
    // Remember what the user typed on the last visit before the list is rebuilt.
    for (int i = 0; i < m_artifacts.size() && i < m_edited.size(); ++i) {
        if (m_edited[i] != m_artifacts[i].text)
            m_keptEdits.insert(m_artifacts[i].fileName, {m_artifacts[i].text, m_edited[i]});
        else
            m_keptEdits.remove(m_artifacts[i].fileName);
    }
    m_artifacts = s->problems().isEmpty()
                      ? generateArtifacts(s->profile(), s->plan(), generateOptions())
                      : QVector<Artifact>();
    m_edited.clear();
    QStringList replaced;
    for (const Artifact &a : std::as_const(m_artifacts)) {
        const auto kept = m_keptEdits.constFind(a.fileName);
        if (kept != m_keptEdits.cend() && kept->first == a.text) {
            m_edited.append(kept->second);
        } else {
            if (kept != m_keptEdits.cend()) {
                replaced << a.fileName;
                m_keptEdits.remove(a.fileName);
            }
            m_edited.append(a.text);
        }
    }
    // The same files in another language: stay on the file shown.
    const int shown = commentsChanged ? std::max(0, m_list->currentRow()) : 0;
    m_current = -1;
    m_list->clear();
    for (int i = 0; i < m_artifacts.size(); ++i) {
        auto *item = new QListWidgetItem(unbreakable(m_artifacts[i].title), m_list);
        item->setToolTip(m_artifacts[i].fileName);
        updateBadge(i);
    }
    m_copy->setEnabled(!m_artifacts.isEmpty());
    m_save->setEnabled(!m_artifacts.isEmpty());
    m_saveAll->setEnabled(!m_artifacts.isEmpty());
    if (!m_artifacts.isEmpty())
        m_list->setCurrentRow(std::min(shown, int(m_artifacts.size()) - 1));
    else
        m_code->clear();
    if (!replaced.isEmpty())
        m_status->setText((commentsChanged
                               ? tr("The comments' language changed, so these files were generated "
                                    "again and your edits to them replaced: %1.")
                               : tr("The profile changed, so these files were generated again and "
                                    "your edits to them replaced: %1."))
                              .arg(replaced.join(QStringLiteral(", "))));
}

void ResultsPage::updateBadge(int index)
{
    QListWidgetItem *item = m_list->item(index);
    if (!item)
        return;
    const QVector<Diagnostic> d =
        diagnose(m_artifacts[index], m_edited[index], session()->plan().requiredBytes);
    int errors = 0;
    int warnings = 0;
    for (const Diagnostic &x : d) {
        errors += x.severity == Severity::Error;
        warnings += x.severity == Severity::Warning;
    }
    const bool checked = m_artifacts[index].validator.has_value();
    const bool syntax = yamlOnly(m_artifacts[index]);
    const QStyle::StandardPixmap icon = errors     ? QStyle::SP_MessageBoxCritical
                                        : !checked ? QStyle::SP_FileIcon
                                        : warnings ? QStyle::SP_MessageBoxWarning
                                                   : QStyle::SP_DialogApplyButton;
    item->setIcon(style()->standardIcon(icon));
    const QString state = errors   ? countText(errors, tr("1 error"), tr("%1 errors"))
                          : syntax ? tr("its YAML reads; ShmWise has no checker for what it means")
                          : !checked ? tr("not checked: ShmWise has no checker for this format")
                          : warnings ? countText(warnings, tr("1 warning"), tr("%1 warnings"))
                                     : tr("valid");
    item->setData(Qt::AccessibleDescriptionRole, state);
    item->setToolTip(m_artifacts[index].title + QLatin1Char('\n') + m_artifacts[index].fileName +
                     QStringLiteral(" — ") + state);
}

namespace {

// The command of a script that is one command ("#!/bin/sh", then `exec docker run ... \`
// lines), without the shebang, comments and `exec`, so pasting it runs it in the user's shell
// without replacing that shell. Empty when the script is not one command.
QString plainCommand(const QString &script)
{
    QStringList lines;
    for (const QString &line : script.split(QLatin1Char('\n'))) {
        const QString t = line.trimmed();
        if (t.isEmpty() || t.startsWith(QLatin1Char('#')))
            continue;
        lines << line;
    }
    if (lines.isEmpty() || !lines.constFirst().startsWith(QLatin1String("exec ")))
        return {};
    lines.first() = lines.constFirst().mid(5);
    // Every line but the last continues the command.
    for (int i = 0; i + 1 < lines.size(); ++i)
        if (!lines[i].endsWith(QLatin1Char('\\')))
            return {};
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace

void ResultsPage::showArtifact(int index)
{
    if (index < 0 || index >= m_artifacts.size())
        return;
    m_current = index;
    const Artifact &a = m_artifacts[index];
    m_loading = true;
    m_code->setCode(m_edited[index], a.syntax);
    m_loading = false;
    m_copyCommand->setVisible(!plainCommand(m_edited[index]).isEmpty());
    revalidate();
    updateExplanation();
}

void ResultsPage::revalidate()
{
    if (m_current < 0)
        return;
    const QVector<Diagnostic> d =
        diagnose(m_artifacts[m_current], m_edited[m_current], session()->plan().requiredBytes);
    m_code->setDiagnostics(d);
    updateBadge(m_current);
    // A note (what a tool ignores, say) is no problem: counted apart.
    int errors = 0, notes = 0;
    for (const Diagnostic &x : d) {
        errors += x.severity == Severity::Error;
        notes += x.severity == Severity::Info;
    }
    const int problemCount = int(d.size()) - notes;
    QString nothingFits;
    if (session()->problems().isEmpty()) {
        const LoaderSettings fit = loaderSettings(session()->profile(), session()->plan());
        if (fit.fitted && !fit.fits)
            nothingFits = QLatin1Char(' ') +
                          tr("But no DataLoader setting fits the %1 /dev/shm there: see the "
                             "Workload page.")
                              .arg(formatSize(fit.availableShm));
    }
    QPalette pal = palette();
    if (!nothingFits.isEmpty())
        pal.setColor(QPalette::WindowText, QColor(0xda, 0x44, 0x53));
    m_status->setPalette(pal);
    const QString checked =
        yamlOnly(m_artifacts[m_current]) && d.isEmpty()
            ? tr("%1: its YAML reads; ShmWise has no checker for what it means (the other files "
                 "are checked as you edit).")
                  .arg(m_artifacts[m_current].fileName)
        : !m_artifacts[m_current].validator && d.isEmpty()
            ? tr("%1: not checked; ShmWise has no checker for this format (the others are "
                 "checked as you edit).")
                  .arg(m_artifacts[m_current].fileName)
        : d.isEmpty()       ? tr("%1: no problems found.").arg(m_artifacts[m_current].fileName)
        : problemCount == 0 ? tr("%1: no problems found; %2 below.")
                                  .arg(m_artifacts[m_current].fileName,
                                       countText(notes, tr("1 note"), tr("%1 notes")))
                            : tr("%1: %2, %3.")
                                  .arg(m_artifacts[m_current].fileName,
                                       countText(problemCount, tr("1 problem"), tr("%1 problems")),
                                       countText(errors, tr("1 error"), tr("%1 errors")));
    m_status->setText(checked + nothingFits);
    updateExplanation();
}

void ResultsPage::updateExplanation()
{
    if (m_current < 0)
        return;
    const Artifact &a = m_artifacts[m_current];
    const int line = m_code->currentLine();
    QString html = QStringLiteral("<p>") + htmlText(a.summary) + QStringLiteral("</p>");
    // Notes belong to lines of the generated text; after an edit the same line may have moved.
    // Follow its content: the generated line with the same text nearest to the cursor.
    const QStringList generated = a.text.split(QLatin1Char('\n'));
    const QString here = m_code->document()->findBlockByNumber(line - 1).text().trimmed();
    int source = -1;
    if (!here.isEmpty()) {
        for (int g = 0; g < generated.size(); ++g) {
            if (generated[g].trimmed() == here &&
                (source < 0 || qAbs(g + 1 - line) < qAbs(source - line)))
                source = g + 1;
        }
    }
    for (const LineNote &n : a.notes) {
        if (source > 0 && n.line == source)
            html += QStringLiteral("<p><b>") + tr("Line %1:").arg(line) + QStringLiteral("</b> ") +
                    htmlText(n.text) + QStringLiteral("</p>");
    }
    // Every problem the checks found, the current line's in bold, each line a link to it: the
    // message is read here, not only in the tooltip of an underlined line.
    QVector<Diagnostic> problems = m_code->diagnostics();
    std::stable_sort(problems.begin(), problems.end(),
                     [](const Diagnostic &x, const Diagnostic &y) { return x.line < y.line; });
    if (!problems.isEmpty()) {
        const int notes =
            int(std::count_if(problems.cbegin(), problems.cend(),
                              [](const Diagnostic &d) { return d.severity == Severity::Info; }));
        const int found = int(problems.size()) - notes;
        html += QStringLiteral("<p><b>") +
                (found == 0 ? countText(notes, tr("The checks have 1 note:"),
                                        tr("The checks have %1 notes:"))
                            : countText(found, tr("The checks found 1 problem:"),
                                        tr("The checks found %1 problems:")))
                    .toHtmlEscaped() +
                QStringLiteral("</b></p><ul>");
        constexpr int Listed = 30;
        for (int i = 0; i < problems.size() && i < Listed; ++i) {
            const Diagnostic &d = problems[i];
            const QString where = d.line > 0 ? QStringLiteral("<a href='#line-%1-%2'>%3</a>")
                                                   .arg(d.line)
                                                   .arg(d.column)
                                                   .arg(tr("Line %1").arg(d.line).toHtmlEscaped())
                                             : tr("The file").toHtmlEscaped();
            QString item =
                tr("%1, %2: %3")
                    .arg(where, severityTitle(d.severity).toHtmlEscaped(), htmlText(d.message));
            if (d.line == line && d.line > 0)
                item = QStringLiteral("<b>") + item + QStringLiteral("</b>");
            html += QStringLiteral("<li>") + item + QStringLiteral("</li>");
        }
        if (problems.size() > Listed)
            html += QStringLiteral("<li>") +
                    tr("and %1 more").arg(problems.size() - Listed).toHtmlEscaped() +
                    QStringLiteral("</li>");
        html += QStringLiteral("</ul>");
    }
    m_explanation->setHtml(html);
}

void ResultsPage::copyCommand()
{
    if (m_current < 0)
        return;
    const QString command = plainCommand(m_edited[m_current]);
    if (command.isEmpty())
        return;
    QApplication::clipboard()->setText(command);
    m_status->setText(tr("Copied the command of %1 to paste into a terminal.")
                          .arg(m_artifacts[m_current].fileName));
}

void ResultsPage::copyCurrent()
{
    if (m_current < 0)
        return;
    if (m_artifacts[m_current].isScript()) {
        // Pasted into a terminal, a script's `exit`, `exec` or `set -e` would end the user's own
        // shell: the copy runs it in a shell of its own instead.
        QString quoted = m_edited[m_current];
        quoted.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
        QApplication::clipboard()->setText(QStringLiteral("sh -c '") + quoted +
                                           QStringLiteral("'\n"));
        m_status->setText(tr("Copied %1 as a command to paste: it runs in a shell of its own "
                             "(sh -c), so its exit does not close yours.")
                              .arg(m_artifacts[m_current].fileName));
        return;
    }
    QApplication::clipboard()->setText(m_edited[m_current]);
    m_status->setText(tr("Copied %1 to the clipboard.").arg(m_artifacts[m_current].fileName));
}

bool ResultsPage::confirmSaveWithErrors(const QVector<int> &indices)
{
    QStringList bad;
    for (int i : indices) {
        if (i < 0 || i >= m_artifacts.size())
            continue;
        int errors = 0;
        const Diagnostic *first = nullptr;
        const QVector<Diagnostic> found =
            diagnose(m_artifacts[i], m_edited[i], session()->plan().requiredBytes);
        for (const Diagnostic &d : found)
            if (d.severity == Severity::Error && !errors++)
                first = &d;
        if (errors > 0)
            bad << (first->line > 0 ? tr("%1: %2; the first, line %3: %4")
                                          .arg(m_artifacts[i].fileName,
                                               countText(errors, tr("1 error"), tr("%1 errors")))
                                          .arg(first->line)
                                          .arg(first->message)
                                    : tr("%1: %2; the first: %3")
                                          .arg(m_artifacts[i].fileName,
                                               countText(errors, tr("1 error"), tr("%1 errors")),
                                               first->message));
    }
    if (bad.isEmpty())
        return true;
    QMessageBox box(QMessageBox::Warning, tr("Save files with errors?"),
                    tr("The checks found errors that will stop these files from working:\n%1\n\n"
                       "Each file's problems are listed under its text, with their lines.")
                        .arg(bad.join(QLatin1Char('\n'))),
                    QMessageBox::Save | QMessageBox::Cancel, this);
    box.setTextFormat(Qt::PlainText);
    box.button(QMessageBox::Save)->setText(tr("&Save Anyway"));
    box.button(QMessageBox::Cancel)->setText(tr("&Cancel"));
    box.setDefaultButton(QMessageBox::Cancel);
    return box.exec() == QMessageBox::Save;
}

namespace {
const QString kSaveDirKey = QStringLiteral("results/lastDirectory");
QString lastSaveDir()
{
    const QString dir = QSettings().value(kSaveDirKey).toString();
    return !dir.isEmpty() && QDir(dir).exists() ? dir : QDir::homePath();
}
} // namespace

void ResultsPage::saveCurrent()
{
    if (m_current < 0 || !confirmSaveWithErrors({m_current}))
        return;
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Save %1").arg(m_artifacts[m_current].title),
                                     QDir(lastSaveDir()).filePath(m_artifacts[m_current].fileName));
    if (path.isEmpty())
        return;
    QSettings().setValue(kSaveDirKey, QFileInfo(path).absolutePath());
    QString error;
    // The dialog has asked before replacing; the old file is kept as FILE.bak all the same.
    if (!writeFileAtomically(
            path, m_edited[m_current].toUtf8(), WriteMode::BackupIfDifferent, &error,
            m_artifacts[m_current].isScript() ? FileKind::Executable : FileKind::Data))
        showPlainWarning(this, tr("Save failed"), error);
    else
        m_status->setText(tr("Saved %1.").arg(QDir::toNativeSeparators(path)));
    // Only this file was written; edits to the others may still be unsaved.
    m_unsavedEdits = false;
    for (int i = 0; i < m_artifacts.size(); ++i)
        m_unsavedEdits |= i != m_current && m_edited[i] != m_artifacts[i].text;
}

QStringList ResultsPage::saveAll(const QString &dir, bool overwrite, QStringList *refused)
{
    QVector<FileToWrite> files;
    for (int i = 0; i < m_artifacts.size(); ++i)
        files.append({m_artifacts[i].fileName, m_edited[i].toUtf8(),
                      m_artifacts[i].isScript() ? FileKind::Executable : FileKind::Data});
    QStringList failed;
    const WriteMode mode = overwrite ? WriteMode::BackupIfDifferent : WriteMode::RefuseIfDifferent;
    for (const FileWriteOutcome &o : writeFilesInto(dir, files, mode)) {
        if (o.result == WriteResult::Refused && refused)
            refused->append(o.path);
        else if (o.result == WriteResult::Failed)
            failed.append(o.error);
    }
    return failed;
}

void ResultsPage::saveAllInteractive()
{
    QVector<int> all;
    for (int i = 0; i < m_artifacts.size(); ++i)
        all << i;
    if (!confirmSaveWithErrors(all))
        return;
    const QString dir =
        QFileDialog::getExistingDirectory(this, tr("Save all files into"), lastSaveDir());
    if (dir.isEmpty())
        return;
    QSettings().setValue(kSaveDirKey, dir);
    QStringList refused;
    QStringList failed = saveAll(dir, false, &refused);
    int kept = 0;
    if (!refused.isEmpty()) {
        const auto answer = QMessageBox::question(
            this, tr("Replace files?"),
            tr("These files exist and differ:\n%1\n\nReplace them? The old ones are kept as "
               ".bak files.")
                .arg(refused.join(QLatin1Char('\n'))),
            QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
        if (answer == QMessageBox::Yes)
            failed += saveAll(dir, true, nullptr);
        else
            kept = int(refused.size());
    }
    if (!failed.isEmpty()) {
        showPlainWarning(this, tr("Some files were not saved"), failed.join(QLatin1Char('\n')));
        return;
    }
    m_unsavedEdits = false;
    const int saved = int(m_artifacts.size()) - kept;
    m_status->setText(
        kept > 0 ? tr("Saved %1 of %2 in %3; %4 kept as they were.")
                       .arg(saved)
                       .arg(countText(int(m_artifacts.size()), tr("1 file"), tr("%1 files")),
                            QDir::toNativeSeparators(dir))
                       .arg(kept)
                 : tr("Saved %1 in %2.")
                       .arg(countText(saved, tr("1 file"), tr("%1 files")),
                            QDir::toNativeSeparators(dir)));
}

} // namespace shmwise
