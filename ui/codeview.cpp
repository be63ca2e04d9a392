// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/codeview.h"

#include <QCoreApplication>

#include <QFontDatabase>
#include <QFontInfo>
#include <QHelpEvent>
#include <QPainter>
#include <QTextBlock>
#include <QToolTip>

#include <algorithm>

#ifdef SHMWISE_HAVE_KSYNTAXHIGHLIGHTING
#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/SyntaxHighlighter>
#include <KSyntaxHighlighting/Theme>
#endif

namespace shmwise {

#ifdef SHMWISE_HAVE_KSYNTAXHIGHLIGHTING
namespace {
// Loading the definitions takes tens of milliseconds: once per application.
KSyntaxHighlighting::Repository &repository()
{
    static KSyntaxHighlighting::Repository repo;
    return repo;
}
} // namespace
#endif

class LineNumberArea : public QWidget
{
public:
    explicit LineNumberArea(CodeView *view) : QWidget(view), m_view(view) {}
    QSize sizeHint() const override { return {m_view->lineNumberAreaWidth(), 0}; }

protected:
    void paintEvent(QPaintEvent *event) override { m_view->paintLineNumbers(event); }

private:
    CodeView *m_view;
};

QFont CodeView::fixedPitch(const QFont &preferred)
{
    if (QFontInfo(preferred).fixedPitch())
        return preferred;
    // In a Chinese locale fontconfig answers "monospace" with a CJK font whose Latin letters are
    // proportional (Droid Sans Fallback): code would lose its columns. A monospaced family that
    // is installed takes its place; its CJK comments fall back to the CJK font per character.
    QFont font = preferred;
    const QStringList installed = QFontDatabase::families();
    for (const char *family : {"DejaVu Sans Mono", "Noto Sans Mono", "Liberation Mono", "Noto Mono",
                               "Ubuntu Mono", "FreeMono"})
        if (installed.contains(QLatin1String(family))) {
            font.setFamily(QLatin1String(family));
            break;
        }
    font.setStyleHint(QFont::TypeWriter);
    font.setFixedPitch(true);
    return font;
}

CodeView::CodeView(QWidget *parent) : QPlainTextEdit(parent)
{
    setFont(fixedPitch(QFontDatabase::systemFont(QFontDatabase::FixedFont)));
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setTabChangesFocus(true);
    m_lineNumbers = new LineNumberArea(this);
    connect(this, &QPlainTextEdit::blockCountChanged, this,
            [this] { setViewportMargins(lineNumberAreaWidth(), 0, 0, 0); });
    connect(this, &QPlainTextEdit::updateRequest, this, [this](const QRect &rect, int dy) {
        if (dy)
            m_lineNumbers->scroll(0, dy);
        else
            m_lineNumbers->update(0, rect.y(), m_lineNumbers->width(), rect.height());
    });
    connect(this, &QPlainTextEdit::cursorPositionChanged, this, [this] {
        updateExtraSelections();
        const int line = currentLine();
        if (line != m_lastLine) {
            m_lastLine = line;
            Q_EMIT currentLineChanged(line);
        }
    });
    setViewportMargins(lineNumberAreaWidth(), 0, 0, 0);
#ifdef SHMWISE_HAVE_KSYNTAXHIGHLIGHTING
    m_highlighter = new KSyntaxHighlighting::SyntaxHighlighter(document());
#endif
    applyTheme();
}

CodeView::~CodeView() = default;

void CodeView::setSyntax(const QString &definitionName)
{
    m_syntax = definitionName;
    // Prose (a Markdown note) wraps at the view's width; code keeps its lines as they are.
    setLineWrapMode(definitionName == QLatin1String("Markdown") ? QPlainTextEdit::WidgetWidth
                                                                : QPlainTextEdit::NoWrap);
#ifdef SHMWISE_HAVE_KSYNTAXHIGHLIGHTING
    const auto def = repository().definitionForName(definitionName);
    QCoreApplication::removePostedEvents(m_highlighter, QEvent::MetaCall);
    m_highlighter->setDefinition(def);
    m_highlighter->rehighlight();
#endif
}

void CodeView::setCode(const QString &text, const QString &definitionName)
{
#ifdef SHMWISE_HAVE_KSYNTAXHIGHLIGHTING
    QCoreApplication::removePostedEvents(m_highlighter, QEvent::MetaCall);
#endif
    setPlainText(text);
    setSyntax(definitionName);
}

bool CodeView::isHighlighting() const
{
#ifdef SHMWISE_HAVE_KSYNTAXHIGHLIGHTING
    return m_highlighter && m_highlighter->definition().isValid();
#else
    return false;
#endif
}

void CodeView::setDiagnostics(const QVector<Diagnostic> &diagnostics)
{
    m_diagnostics = diagnostics;
    updateExtraSelections();
    m_lineNumbers->update();
}

int CodeView::currentLine() const
{
    return textCursor().blockNumber() + 1;
}

void CodeView::goToLine(int line, int column)
{
    const QTextBlock block = document()->findBlockByNumber(std::max(0, line - 1));
    if (!block.isValid())
        return;
    QTextCursor c(block);
    c.movePosition(QTextCursor::Right, QTextCursor::MoveAnchor,
                   std::clamp(column - 1, 0, std::max(0, block.length() - 1)));
    setTextCursor(c);
    centerCursor();
    setFocus(Qt::OtherFocusReason);
}

int CodeView::lineNumberAreaWidth() const
{
    int digits = 1;
    for (int max = qMax(1, blockCount()); max >= 10; max /= 10)
        ++digits;
    return 12 + fontMetrics().horizontalAdvance(QLatin1Char('9')) * qMax(digits, 2);
}

void CodeView::resizeEvent(QResizeEvent *event)
{
    QPlainTextEdit::resizeEvent(event);
    const QRect cr = contentsRect();
    m_lineNumbers->setGeometry(QRect(cr.left(), cr.top(), lineNumberAreaWidth(), cr.height()));
}

void CodeView::changeEvent(QEvent *event)
{
    QPlainTextEdit::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyTheme();
}

bool CodeView::event(QEvent *event)
{
    if (event->type() == QEvent::ParentChange)
        applyTheme();
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        QPoint pos = help->pos() - QPoint(viewportMargins().left(), 0);
        const int line = cursorForPosition(pos).blockNumber() + 1;
        QStringList messages;
        for (const Diagnostic &d : m_diagnostics) {
            if (d.line == line)
                messages << severityTitle(d.severity) + QStringLiteral(": ") + d.message;
        }
        if (!messages.isEmpty()) {
            QToolTip::showText(help->globalPos(), messages.join(QLatin1Char('\n')), this);
        } else {
            QToolTip::hideText();
            event->ignore();
        }
        return true;
    }
    return QPlainTextEdit::event(event);
}

void CodeView::paintLineNumbers(QPaintEvent *event)
{
    QPainter p(m_lineNumbers);
    const QPalette pal = palette();
    p.fillRect(event->rect(), pal.color(QPalette::AlternateBase));
    QTextBlock block = firstVisibleBlock();
    int top = qRound(blockBoundingGeometry(block).translated(contentOffset()).top());
    const int current = currentLine();
    while (block.isValid() && top <= event->rect().bottom()) {
        const int bottom = top + qRound(blockBoundingRect(block).height());
        const int line = block.blockNumber() + 1;
        if (block.isVisible() && bottom >= event->rect().top()) {
            Severity worst = Severity::Info;
            bool marked = false;
            for (const Diagnostic &d : m_diagnostics) {
                if (d.line == line && (!marked || int(d.severity) < int(worst))) {
                    worst = d.severity;
                    marked = true;
                }
            }
            if (marked) {
                const QColor c = worst == Severity::Error     ? QColor(0xda, 0x44, 0x53)
                                 : worst == Severity::Warning ? QColor(0xf6, 0x74, 0x00)
                                                              : QColor(0x3d, 0xae, 0xe9);
                p.fillRect(0, top, 4, bottom - top, c);
            }
            p.setPen(line == current ? pal.color(QPalette::Text)
                                     : pal.color(QPalette::PlaceholderText));
            p.drawText(0, top, m_lineNumbers->width() - 6, fontMetrics().height(), Qt::AlignRight,
                       QString::number(line));
        }
        block = block.next();
        top = bottom;
    }
}

void CodeView::updateExtraSelections()
{
    QList<QTextEdit::ExtraSelection> selections;
    QTextEdit::ExtraSelection current;
    QColor lineColor = palette().color(QPalette::Highlight);
    lineColor.setAlpha(28);
    current.format.setBackground(lineColor);
    current.format.setProperty(QTextFormat::FullWidthSelection, true);
    current.cursor = textCursor();
    current.cursor.clearSelection();
    selections.append(current);

    for (const Diagnostic &d : m_diagnostics) {
        const QTextBlock block = document()->findBlockByNumber(d.line - 1);
        if (d.line <= 0 || !block.isValid())
            continue;
        QTextEdit::ExtraSelection sel;
        sel.cursor = QTextCursor(block);
        sel.cursor.movePosition(QTextCursor::EndOfBlock, QTextCursor::KeepAnchor);
        const QColor c = d.severity == Severity::Error     ? QColor(0xda, 0x44, 0x53)
                         : d.severity == Severity::Warning ? QColor(0xf6, 0x74, 0x00)
                                                           : QColor(0x3d, 0xae, 0xe9);
        sel.format.setUnderlineStyle(QTextCharFormat::WaveUnderline);
        sel.format.setUnderlineColor(c);
        sel.format.setToolTip(d.message);
        selections.append(sel);
    }
    setExtraSelections(selections);
}

void CodeView::applyTheme()
{
#ifdef SHMWISE_HAVE_KSYNTAXHIGHLIGHTING
    // The theme is chosen from the surroundings, not from this widget's palette, which carries
    // the previous theme's colours once set.
    const QPalette outer = parentWidget() ? parentWidget()->palette() : QPalette();
    const KSyntaxHighlighting::Theme theme = repository().themeForPalette(outer);
    m_highlighter->setTheme(theme);
    // The editor's own colours come from the same theme, so text stays readable on it. Only
    // Base and Text are set here: every other role stays inherited, so a change of the
    // surrounding palette still reaches this widget (as a PaletteChange) and re-applies this.
    const QColor bg =
        QColor::fromRgb(theme.editorColor(KSyntaxHighlighting::Theme::BackgroundColor));
    const QColor fg = QColor::fromRgb(theme.textColor(KSyntaxHighlighting::Theme::Normal));
    if (bg.isValid() && fg.isValid() &&
        (palette().color(QPalette::Base) != bg || palette().color(QPalette::Text) != fg)) {
        QPalette own;
        own.setResolveMask(0);
        own.setColor(QPalette::Base, bg);
        own.setColor(QPalette::Text, fg);
        // setPalette sends another PaletteChange; the colours are equal by then, so it stops.
        setPalette(own);
    }
    m_highlighter->rehighlight();
#endif
    updateExtraSelections();
}

} // namespace shmwise
