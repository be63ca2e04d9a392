// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/diagnostic.h"

#include <QPlainTextEdit>
#include <QVector>

namespace KSyntaxHighlighting {
class SyntaxHighlighter;
}

namespace shmwise {

// A monospace editor for generated configs: line numbers, the current line, diagnostics
// underlined on their lines (with the message as a tooltip), and syntax highlighting by
// KSyntaxHighlighting when ShmWise was built with it (plain text otherwise). The highlighting
// theme follows the palette, light or dark, and is re-applied when the palette changes.
class CodeView : public QPlainTextEdit
{
    Q_OBJECT
public:
    explicit CodeView(QWidget *parent = nullptr);
    ~CodeView() override;

    // A KSyntaxHighlighting definition name: "YAML", "Bash", "Python", "INI Files", "JSON".
    void setSyntax(const QString &definitionName);
    // Another file: its text, then its syntax. The highlighter's pending work on the text being
    // replaced is dropped first: KSyntaxHighlighting queues the rehighlighting of the block after
    // one whose folding changed, and a queued block of replaced text is a dangling index
    // (Qt 6.8 crashed in QTextBlock::position()).
    void setCode(const QString &text, const QString &definitionName);
    QString syntax() const { return m_syntax; }
    bool isHighlighting() const;

    void setDiagnostics(const QVector<Diagnostic> &diagnostics);
    const QVector<Diagnostic> &diagnostics() const { return m_diagnostics; }

    // `preferred` when its letters are of one width, else an installed monospaced family in its
    // place (the code's columns must hold in every locale).
    static QFont fixedPitch(const QFont &preferred);

    int currentLine() const; // 1-based
    // Puts the cursor at the start of `line` (1-based; `column` 1-based, 0 for the line's
    // start), shows it and takes the keyboard.
    void goToLine(int line, int column = 0);
    int lineNumberAreaWidth() const;

Q_SIGNALS:
    void currentLineChanged(int line);

protected:
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;
    bool event(QEvent *event) override;

private:
    friend class LineNumberArea;
    void paintLineNumbers(QPaintEvent *event);
    void updateExtraSelections();
    void applyTheme();

    QWidget *m_lineNumbers = nullptr;
    QVector<Diagnostic> m_diagnostics;
    QString m_syntax;
    int m_lastLine = 0;
    KSyntaxHighlighting::SyntaxHighlighter *m_highlighter = nullptr;
};

} // namespace shmwise
