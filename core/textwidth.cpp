// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/textwidth.h"

#include <QRegularExpression>

namespace shmwise {

bool isWideCharacter(char32_t c)
{
    return (c >= 0x1100 && c <= 0x115f) || (c >= 0x2e80 && c <= 0x303e) ||
           (c >= 0x3041 && c <= 0x33ff) || (c >= 0x3400 && c <= 0x4dbf) ||
           (c >= 0x4e00 && c <= 0x9fff) || (c >= 0xa000 && c <= 0xa4cf) ||
           (c >= 0xac00 && c <= 0xd7a3) || (c >= 0xf900 && c <= 0xfaff) ||
           (c >= 0xfe30 && c <= 0xfe4f) || (c >= 0xff00 && c <= 0xff60) ||
           (c >= 0xffe0 && c <= 0xffe6) || (c >= 0x20000 && c <= 0x3fffd);
}

int displayWidth(QStringView text)
{
    int w = 0;
    for (int i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        char32_t cp = c.unicode();
        if (c.isHighSurrogate() && i + 1 < text.size())
            cp = QChar::surrogateToUcs4(c, text.at(++i));
        w += isWideCharacter(cp) ? 2 : 1;
    }
    return w;
}

QString padded(const QString &text, int width)
{
    return text + QString(std::max(0, width - displayWidth(text)), QLatin1Char(' '));
}

namespace {

// Chinese punctuation that may not start a line, and that may not end one (the rules of
// Chinese typesetting); ASCII punctuation stays inside the Latin run it belongs to.
bool noLineStart(const QString &piece)
{
    static const QString chars = QStringLiteral("，。、；：？！）」』》〉】”’％");
    return piece.size() == 1 && chars.contains(piece.at(0));
}

bool noLineEnd(const QString &piece)
{
    static const QString chars = QStringLiteral("（「『《〈【“‘");
    return piece.size() == 1 && chars.contains(piece.at(0));
}

// The pieces a line may be broken between: a run of non-wide characters without spaces (a
// word, a path, an option: never split) or code in backquotes, a space, or one wide character
// or Chinese punctuation mark.
QStringList pieces(const QString &line)
{
    QStringList out;
    QString run;
    for (int i = 0; i < line.size(); ++i) {
        const QChar c = line.at(i);
        char32_t cp = c.unicode();
        int len = 1;
        if (c.isHighSurrogate() && i + 1 < line.size()) {
            cp = QChar::surrogateToUcs4(c, line.at(i + 1));
            len = 2;
        }
        // Code in backquotes is one token, spaces and all.
        if (c == QLatin1Char('`')) {
            const int close = line.indexOf(QLatin1Char('`'), i + 1);
            if (close > i) {
                run += line.mid(i, close - i + 1);
                i = close;
                continue;
            }
        }
        const QString one = line.mid(i, len);
        if (c == QLatin1Char(' ') || isWideCharacter(cp) || noLineStart(one) || noLineEnd(one)) {
            if (!run.isEmpty())
                out << run;
            run.clear();
            out << one;
        } else {
            run += one;
        }
        i += len - 1;
    }
    if (!run.isEmpty())
        out << run;
    // A number and its unit ("2.7 GiB", "4096 bytes") stay on one line.
    static const QRegularExpression unit(QStringLiteral("^(?:[KMGTPE]i?B|B|bytes?)[,.;:)]*$"));
    for (int i = 0; i + 2 < out.size(); ++i) {
        if (!out.at(i).isEmpty() && out.at(i).back().isDigit() &&
            out.at(i + 1) == QLatin1String(" ") && unit.match(out.at(i + 2)).hasMatch()) {
            out[i] += out.at(i + 1) + out.at(i + 2);
            out.remove(i + 1, 2);
        }
    }
    return out;
}

} // namespace

QString trimmedEnd(QString text)
{
    while (text.endsWith(QLatin1Char(' ')))
        text.chop(1);
    return text;
}

QStringList wrapLine(const QString &line, int width)
{
    if (width <= 0 || displayWidth(line) <= width)
        return {line};
    // A list item's continuation lines are indented under its text.
    int indentSize = 0;
    while (indentSize < line.size() && line.at(indentSize) == QLatin1Char(' '))
        ++indentSize;
    if (line.mid(indentSize).startsWith(QLatin1String("- ")))
        indentSize += 2;
    const QString indent(indentSize, QLatin1Char(' '));

    const QStringList parts = pieces(line);
    QStringList lines;
    QString cur;
    bool curHasText = false;
    for (int i = 0; i < parts.size(); ++i) {
        const QString &p = parts.at(i);
        if (p == QLatin1String(" ")) {
            if (curHasText)
                cur += p;
            else if (lines.isEmpty())
                cur += p; // the line's own leading indent
            continue;
        }
        // What must stay on one line with this piece: closing punctuation after it, and the
        // piece after an opening bracket.
        int need = displayWidth(p);
        int j = i;
        while (true) {
            if (noLineEnd(parts.at(j)) && j + 1 < parts.size()) {
                ++j;
                need += displayWidth(parts.at(j));
            } else if (j + 1 < parts.size() && noLineStart(parts.at(j + 1))) {
                ++j;
                need += displayWidth(parts.at(j));
            } else {
                break;
            }
        }
        if (curHasText && displayWidth(cur) + need > width) {
            lines << trimmedEnd(cur);
            cur = indent;
        }
        for (int k = i; k <= j; ++k)
            cur += parts.at(k);
        curHasText = true;
        i = j;
    }
    if (curHasText)
        lines << trimmedEnd(cur);
    return lines;
}

} // namespace shmwise
