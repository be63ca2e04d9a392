// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/textview.h"

#include "ui/page.h"

#include <QMimeData>
#include <QRegularExpression>
#include <QTextCursor>
#include <QTextDocumentFragment>

namespace shmwise {

QMimeData *TextView::createMimeDataFromSelection() const
{
    auto *mime = new QMimeData;
    mime->setText(breakable(textCursor().selection().toPlainText()));
    return mime;
}

QString unbreakableHtml(const QString &html)
{
    static const QRegularExpression tag(QStringLiteral("<[^>]*>"));
    QString out;
    qsizetype at = 0;
    for (auto it = tag.globalMatch(html); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        out += unbreakable(html.mid(at, m.capturedStart() - at));
        out += m.captured(0);
        at = m.capturedEnd();
    }
    return out + unbreakable(html.mid(at));
}

QString htmlText(const QString &plain)
{
    // `a command` in a message (the command line prints the backticks) is shown as code.
    static const QRegularExpression code(QStringLiteral("`([^`\n]+)`"));
    const QString escaped = unbreakable(plain).toHtmlEscaped();
    QString out;
    qsizetype at = 0;
    for (auto it = code.globalMatch(escaped); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        out += escaped.mid(at, m.capturedStart() - at);
        out += QStringLiteral("<code>") + m.captured(1) + QStringLiteral("</code>");
        at = m.capturedEnd();
    }
    return out + escaped.mid(at);
}

} // namespace shmwise
