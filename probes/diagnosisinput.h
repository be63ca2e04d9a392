// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QString>
#include <QStringDecoder>
#include <QtGlobal>

#include <array>
#include <optional>
#include <vector>

namespace shmwise {

// Turns the bytes of a log, fed in chunks of any size, into UTF-8 with one kind of line break,
// so that the diagnosis and the Diagnose window count lines the same way:
// - the encoding is read from the first bytes: a UTF-8 or UTF-16 byte order mark (a UTF-16 one
//   only when UTF-16 follows it, not UTF-8 text), or UTF-16 without one (PowerShell's
//   redirects) told by where its zero bytes fall; anything else is taken as UTF-8 as it is
//   (invalid bytes pass through);
// - "\r\n", a lone "\r" (progress bars) and NUL bytes (workers writing to one stream) all end a
//   line and become "\n";
// - ANSI escape sequences (colours, bold, cursor moves) are dropped.
// Memory is what one chunk needs: nothing is kept but a few bytes of state.
class LogDecoder
{
public:
    // With `utf8`, the input is known to be UTF-8 (text that was already decoded).
    explicit LogDecoder(bool utf8 = false);

    // Appends the decoded form of `chunk` to `out`.
    void feed(QByteArrayView chunk, QByteArray &out);
    // Appends what the last bytes held back (an encoding not yet decided, half a character).
    void finish(QByteArray &out);

    // "UTF-8", "UTF-8 (BOM)", "UTF-16LE" or "UTF-16BE"; empty until decided.
    QString encoding() const { return m_encoding; }

private:
    void decide(bool atEnd);
    void pass(QByteArrayView bytes, QByteArray &out);
    void normalize(const char *p, qsizetype n, QByteArray &out);

    QByteArray m_head; // the first bytes, held until they tell the encoding (64 are enough)
    bool m_decided = false;
    std::optional<QStringDecoder> m_utf16;
    QString m_encoding;
    bool m_pendingCr = false;
    int m_escape = 0; // 0 text, 1 after ESC, 2 inside CSI, 3 inside OSC
};

// Finds, in one pass over bytes, where any of a fixed set of keywords occurs (ASCII letters
// compared without case; other bytes exactly). An Aho-Corasick automaton: the cost per byte does
// not grow with the number of keywords.
class KeywordScanner
{
public:
    explicit KeywordScanner(const std::vector<QByteArray> &keywords);

    // The offset just past the first keyword that ends in [from, to) of `text`, or -1.
    qsizetype find(const char *text, qsizetype from, qsizetype to) const;

private:
    std::vector<quint16> m_table; // state * 256 + byte -> next state (0x8000: a keyword ends)
};

} // namespace shmwise
