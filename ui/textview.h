// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QTextBrowser>

class QMimeData;

namespace shmwise {

// A read-only view of explanations: its paths and flags stay whole when the text wraps
// (htmlText()), and what the user copies from it is the plain text a shell reads.
class TextView : public QTextBrowser
{
public:
    using QTextBrowser::QTextBrowser;

protected:
    QMimeData *createMimeDataFromSelection() const override;
};

// Plain text as HTML for a TextView: escaped, with its paths and flags made unbreakable.
QString htmlText(const QString &plain);
// HTML whose text (not its tags) has its paths and flags made unbreakable, as htmlText() does.
QString unbreakableHtml(const QString &html);

} // namespace shmwise
