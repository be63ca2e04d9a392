// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// How wide text is on a terminal or in a file read in a fixed-width font, and where a line of
// English or Chinese may be broken: one table of wide characters and one set of line-breaking
// rules for the command line's output and the comments of generated files.

#include <QString>
#include <QStringList>
#include <QStringView>

namespace shmwise {

// East Asian wide characters (CJK ideographs, kana, Hangul, full-width forms): two columns.
bool isWideCharacter(char32_t c);
// Display columns of a string: two for wide characters, one for others.
int displayWidth(QStringView text);
// `text` followed by spaces up to `width` columns.
QString padded(const QString &text, int width);
// `text` without the spaces it ends with.
QString trimmedEnd(QString text);

// Breaks one line so that no piece is wider than `width` display columns, at spaces or between
// Chinese characters, never inside a word, a path, backquoted code or between a number and its
// unit (a single such token wider than the line stays whole), and never before closing or
// after opening Chinese punctuation. The line's leading spaces indent every piece, and the
// continuation of a list item ("- ...") is indented under its text.
QStringList wrapLine(const QString &line, int width);

} // namespace shmwise
