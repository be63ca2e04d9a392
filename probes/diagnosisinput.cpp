// SPDX-License-Identifier: GPL-3.0-or-later
#include "probes/diagnosisinput.h"

#include <QStringEncoder>

#include <cstring>
#include <deque>
#include <utility>

namespace shmwise {

namespace {

// Bytes looked at, without a byte order mark, to tell UTF-16 from UTF-8.
constexpr qsizetype SniffBytes = 64;
constexpr char Esc = '\x1b';

// Whether the bytes after a UTF-16 byte order mark are UTF-16: every surrogate paired (a unit
// cut off at the sample's end aside), and not UTF-8 text instead: valid UTF-8 without a zero
// byte, which UTF-16 text of any language (ASCII or CJK) almost never is.
bool utf16Follows(QByteArrayView sample, bool littleEndian)
{
    const auto *u = reinterpret_cast<const unsigned char *>(sample.data());
    const qsizetype units = sample.size() / 2;
    for (qsizetype i = 0; i < units; ++i) {
        const unsigned v =
            littleEndian ? (u[2 * i] | u[2 * i + 1] << 8) : (u[2 * i] << 8 | u[2 * i + 1]);
        if (v >= 0xDC00 && v <= 0xDFFF)
            return false; // a low surrogate with no high one before it
        if (v >= 0xD800 && v <= 0xDBFF) {
            if (i + 1 == units)
                break; // its pair is past the sample
            const unsigned w = littleEndian ? (u[2 * i + 2] | u[2 * i + 3] << 8)
                                            : (u[2 * i + 2] << 8 | u[2 * i + 3]);
            if (w < 0xDC00 || w > 0xDFFF)
                return false;
            ++i;
        }
    }
    if (sample.isEmpty() || sample.contains('\0'))
        return true;
    QStringDecoder utf8(QStringDecoder::Utf8);
    // A character cut off at the sample's end is held back, not an error.
    (void)utf8.decode(sample);
    return utf8.hasError();
}

} // namespace

LogDecoder::LogDecoder(bool utf8)
{
    if (utf8) {
        m_decided = true;
        m_encoding = QStringLiteral("UTF-8");
    }
}

void LogDecoder::decide(bool atEnd)
{
    const auto *b = reinterpret_cast<const unsigned char *>(m_head.constData());
    const qsizetype n = m_head.size();
    if (n >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF) {
        m_encoding = QStringLiteral("UTF-8 (BOM)");
        m_head.remove(0, 3);
    } else if (n >= 2 && ((b[0] == 0xFF && b[1] == 0xFE) || (b[0] == 0xFE && b[1] == 0xFF))) {
        // A UTF-16 mark counts only when UTF-16 follows it: FF FE before UTF-8 text (a tool
        // that wrote a mark of the wrong kind, or bytes made to hide the log) is not.
        if (n < SniffBytes && !atEnd)
            return;
        const bool le = b[0] == 0xFF;
        if (!utf16Follows(QByteArrayView(m_head).sliced(2, qMin(n, SniffBytes) - 2), le)) {
            m_encoding = QStringLiteral("UTF-8");
        } else {
            m_encoding = le ? QStringLiteral("UTF-16LE") : QStringLiteral("UTF-16BE");
            m_utf16.emplace(le ? QStringDecoder::Utf16LE : QStringDecoder::Utf16BE);
        }
    } else if (n < SniffBytes && !atEnd) {
        return; // not enough to tell yet
    } else {
        // UTF-16 without a mark: ASCII text puts a zero in every other byte.
        const qsizetype pairs = qMin(n, SniffBytes) / 2;
        qsizetype evenZeros = 0, oddZeros = 0;
        for (qsizetype i = 0; i < pairs; ++i) {
            evenZeros += b[2 * i] == 0;
            oddZeros += b[2 * i + 1] == 0;
        }
        if (pairs >= 2 && oddZeros * 10 >= pairs * 4 && evenZeros * 10 <= pairs) {
            m_encoding = QStringLiteral("UTF-16LE");
            m_utf16.emplace(QStringDecoder::Utf16LE);
        } else if (pairs >= 2 && evenZeros * 10 >= pairs * 4 && oddZeros * 10 <= pairs) {
            m_encoding = QStringLiteral("UTF-16BE");
            m_utf16.emplace(QStringDecoder::Utf16BE);
        } else {
            m_encoding = QStringLiteral("UTF-8");
        }
    }
    m_decided = true;
}

void LogDecoder::feed(QByteArrayView chunk, QByteArray &out)
{
    if (!m_decided) {
        m_head.append(chunk.data(), chunk.size());
        decide(false);
        if (!m_decided)
            return;
        const QByteArray head = std::exchange(m_head, QByteArray());
        pass(head, out);
        return;
    }
    pass(chunk, out);
}

void LogDecoder::finish(QByteArray &out)
{
    if (!m_decided) {
        decide(true);
        const QByteArray head = std::exchange(m_head, QByteArray());
        pass(head, out);
    }
    if (m_utf16) {
        // A dangling half character becomes U+FFFD.
        const QString rest = m_utf16->decode(QByteArrayView());
        if (m_utf16->hasError() || !rest.isEmpty()) {
            const QByteArray u8 = rest.toUtf8();
            normalize(u8.constData(), u8.size(), out);
        }
    }
    m_pendingCr = false;
    m_escape = 0;
}

void LogDecoder::pass(QByteArrayView bytes, QByteArray &out)
{
    if (bytes.isEmpty())
        return;
    if (m_utf16) {
        const QString text = m_utf16->decode(bytes);
        const QByteArray u8 = text.toUtf8();
        normalize(u8.constData(), u8.size(), out);
    } else {
        normalize(bytes.data(), bytes.size(), out);
    }
}

void LogDecoder::normalize(const char *p, qsizetype n, QByteArray &out)
{
    // Bytes that need a look: ESC, CR and NUL (all ASCII, so never inside a UTF-8 sequence).
    static const auto special = [] {
        std::array<bool, 256> t{};
        t[uchar(Esc)] = t[uchar('\r')] = t[0] = true;
        return t;
    }();
    const qsizetype base = out.size();
    out.resize(base + n);
    char *o = out.data() + base;
    char *const start = o;
    qsizetype i = 0;
    while (i < n) {
        if (!m_escape && !m_pendingCr) {
            // Copy the plain run up to the next special byte in one go.
            qsizetype j = i;
            while (j < n && !special[uchar(p[j])])
                ++j;
            std::memcpy(o, p + i, size_t(j - i));
            o += j - i;
            i = j;
            if (i == n)
                break;
        }
        const char c = p[i++];
        if (m_escape) {
            if (m_escape == 1) {
                m_escape = c == '[' ? 2 : c == ']' ? 3 : 0;
            } else if (m_escape == 2) {
                if (c >= 0x40 && c <= 0x7E) {
                    m_escape = 0;
                } else if (c == '\n') {
                    m_escape = 0;
                    *o++ = '\n';
                }
            } else if (c == '\x07' || c == '\n') {
                m_escape = 0;
                if (c == '\n')
                    *o++ = '\n';
            } else if (c == Esc) {
                m_escape = 1;
            }
            continue;
        }
        if (m_pendingCr) {
            m_pendingCr = false;
            if (c == '\n')
                continue;
        }
        switch (c) {
        case Esc:
            m_escape = 1;
            break;
        case '\r':
            m_pendingCr = true;
            *o++ = '\n';
            break;
        case '\0':
            *o++ = '\n';
            break;
        default:
            *o++ = c;
        }
    }
    out.resize(base + (o - start));
}

KeywordScanner::KeywordScanner(const std::vector<QByteArray> &keywords)
{
    auto fold = [](unsigned char c) {
        return (c >= 'A' && c <= 'Z') ? static_cast<unsigned char>(c - 'A' + 'a') : c;
    };
    std::array<int, 256> none;
    none.fill(-1);
    std::vector<std::array<int, 256>> next;
    std::vector<unsigned char> final;
    next.push_back(none);
    final.push_back(false);
    // The trie, on folded bytes.
    for (const QByteArray &k : keywords) {
        int s = 0;
        for (const char ch : k) {
            const unsigned char c = fold(static_cast<unsigned char>(ch));
            if (next[s][c] < 0) {
                next[s][c] = int(next.size());
                next.push_back(none);
                final.push_back(false);
            }
            s = next[s][c];
        }
        final[s] = true;
    }
    // Failure links, breadth first, turned into a full transition table.
    std::vector<int> failure(next.size(), 0);
    std::deque<int> queue;
    for (int c = 0; c < 256; ++c) {
        int &t = next[0][c];
        if (t < 0) {
            t = 0;
        } else {
            failure[t] = 0;
            queue.push_back(t);
        }
    }
    while (!queue.empty()) {
        const int s = queue.front();
        queue.pop_front();
        if (final[failure[s]])
            final[s] = true;
        for (int c = 0; c < 256; ++c) {
            int &t = next[s][c];
            if (t < 0) {
                t = next[failure[s]][c];
            } else {
                failure[t] = next[failure[s]][c];
                queue.push_back(t);
            }
        }
    }
    // Upper-case ASCII letters move like their lower-case forms.
    for (auto &row : next)
        for (int c = 'A'; c <= 'Z'; ++c)
            row[c] = row[c - 'A' + 'a'];
    // One flat table of 16-bit states, the top bit marking a state where a keyword ends.
    Q_ASSERT(next.size() < 0x8000);
    m_table.resize(next.size() * 256);
    for (size_t s = 0; s < next.size(); ++s)
        for (int c = 0; c < 256; ++c) {
            const int t = next[s][c];
            m_table[s * 256 + size_t(c)] = quint16(t | (final[size_t(t)] ? 0x8000 : 0));
        }
}

qsizetype KeywordScanner::find(const char *text, qsizetype from, qsizetype to) const
{
    const quint16 *table = m_table.data();
    unsigned s = 0;
    const auto *p = reinterpret_cast<const unsigned char *>(text);
    for (qsizetype i = from; i < to; ++i) {
        s = table[(s << 8) | p[i]];
        if (s & 0x8000)
            return i + 1;
    }
    return -1;
}

} // namespace shmwise
