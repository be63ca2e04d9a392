// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/textview.h"

#include "ui/page.h"

#include <QMimeData>
#include <QTextCursor>
#include <QTextDocumentFragment>

namespace shmwise {

QMimeData *TextView::createMimeDataFromSelection() const
{
    auto *mime = new QMimeData;
    mime->setText(breakable(textCursor().selection().toPlainText()));
    return mime;
}

QString htmlText(const QString &plain)
{
    return unbreakable(plain).toHtmlEscaped();
}

} // namespace shmwise
