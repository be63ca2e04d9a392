// SPDX-License-Identifier: GPL-3.0-or-later
#include "validators/shellwords_p.h"
#include "validators/validators.h"

namespace shmwise::validators {

namespace {

bool isNameStart(QChar c)
{
    return c == QLatin1Char('_') || (c.unicode() < 128 && c.isLetter());
}
bool isNameChar(QChar c)
{
    return isNameStart(c) || (c.unicode() < 128 && c.isDigit());
}

class Splitter
{
public:
    Splitter(const QString &text, Sink &sink) : m_text(text), m_n(int(text.size())), m_sink(sink) {}

    QVector<ShellCommand> run()
    {
        while (m_i < m_n)
            step();
        endWord();
        endCommand();
        return std::move(m_commands);
    }

private:
    QChar at(int i) const { return i < m_n ? m_text.at(i) : QChar(); }
    int column(int i) const { return i - m_lineStart + 1; }
    void newlineAt(int i)
    {
        ++m_line;
        m_lineStart = i + 1;
    }

    void startWord()
    {
        if (m_inWord)
            return;
        m_cur = ShellWord();
        m_cur.line = m_line;
        m_cur.column = column(m_i);
        m_inWord = true;
        m_curQuoted = false;
    }
    void endWord()
    {
        if (!m_inWord)
            return;
        m_inWord = false;
        if (m_dropNext) {
            m_dropNext = false;
            return;
        }
        m_command.append(m_cur);
    }
    void endCommand()
    {
        if (!m_command.isEmpty())
            m_commands.append(m_command);
        m_command.clear();
    }

    // The quote a command text leaves open (' or "), or a null character when none.
    static QChar openQuote(QStringView cmd)
    {
        QChar quote;
        for (qsizetype j = 0; j < cmd.size(); ++j) {
            const QChar c = cmd[j];
            if (quote == QLatin1Char('\'')) {
                if (c == quote)
                    quote = QChar();
            } else if (c == QLatin1Char('\\')) {
                ++j;
            } else if (quote == QLatin1Char('"')) {
                if (c == quote)
                    quote = QChar();
            } else if (c == QLatin1Char('\'') || c == QLatin1Char('"')) {
                quote = c;
            }
        }
        return quote;
    }

    // Copies a command substitution, backquoted command or ${...} starting at m_i into the
    // current word, and leaves m_i after it. Nested quotes and substitutions are followed.
    void copySubstitution()
    {
        const int startLine = m_line, startCol = column(m_i);
        const QChar first = at(m_i);
        int depth = 0;
        QChar close;
        int i = m_i;
        if (first == QLatin1Char('`')) {
            close = QLatin1Char('`');
            ++i;
        } else {
            const QChar open = at(i + 1); // '(' or '{'
            close = open == QLatin1Char('(') ? QLatin1Char(')') : QLatin1Char('}');
            i += 2;
            depth = 1;
        }
        bool closed = false;
        while (i < m_n) {
            const QChar c = m_text.at(i);
            if (c == QLatin1Char('\n'))
                newlineAt(i);
            if (c == QLatin1Char('\\')) {
                if (at(i + 1) == QLatin1Char('\n'))
                    newlineAt(i + 1);
                i += 2;
                continue;
            }
            if (close == QLatin1Char('`')) {
                if (c == QLatin1Char('`')) {
                    ++i;
                    closed = true;
                    // The shell parses what the backquotes hold as a command of its own: a
                    // quote left open there is a syntax error of the whole line.
                    const QChar open = openQuote(QStringView(m_text).mid(m_i + 1, i - m_i - 2));
                    if (!open.isNull())
                        m_sink.error(startLine, startCol,
                                     Tr::tr("the command in these backquotes leaves a %1 quote "
                                            "open; sh refuses the line (\"Unterminated quoted "
                                            "string\")")
                                         .arg(open));
                    break;
                }
                ++i;
                continue;
            }
            if (c == QLatin1Char('\'') && close == QLatin1Char(')')) {
                ++i;
                while (i < m_n && m_text.at(i) != QLatin1Char('\'')) {
                    if (m_text.at(i) == QLatin1Char('\n'))
                        newlineAt(i);
                    ++i;
                }
                ++i;
                continue;
            }
            if (c == QLatin1Char('"')) {
                ++i;
                while (i < m_n && m_text.at(i) != QLatin1Char('"')) {
                    if (m_text.at(i) == QLatin1Char('\\'))
                        ++i;
                    else if (m_text.at(i) == QLatin1Char('\n'))
                        newlineAt(i);
                    ++i;
                }
                ++i;
                continue;
            }
            if (c == QLatin1Char('`')) { // a backquoted command inside $( )
                ++i;
                while (i < m_n && m_text.at(i) != QLatin1Char('`'))
                    ++i;
                ++i;
                continue;
            }
            if (c == QLatin1Char('$') &&
                (at(i + 1) == QLatin1Char('(') || at(i + 1) == QLatin1Char('{'))) {
                if ((at(i + 1) == QLatin1Char('(')) == (close == QLatin1Char(')')))
                    ++depth;
                else if (close == QLatin1Char('}'))
                    ++depth; // ${x:-$(cmd)} and ${a:-${b}} both nest here
                i += 2;
                continue;
            }
            if (close == QLatin1Char(')') && c == QLatin1Char('('))
                ++depth;
            if (c == close && --depth == 0) {
                ++i;
                closed = true;
                break;
            }
            ++i;
        }
        if (!closed) {
            m_sink.error(startLine, startCol,
                         first == QLatin1Char('`')
                             ? Tr::tr("this backquote is never closed; add the closing `")
                             : Tr::tr("this %1 is never closed; add the closing %2")
                                   .arg(QString(first) + at(m_i + 1), QString(close)));
            i = m_n;
        }
        m_cur.text += m_text.mid(m_i, i - m_i);
        m_cur.expansion = true;
        m_i = i;
    }

    void singleQuoted()
    {
        const int openLine = m_line, openCol = column(m_i);
        ++m_i;
        while (m_i < m_n && m_text.at(m_i) != QLatin1Char('\'')) {
            if (m_text.at(m_i) == QLatin1Char('\n'))
                newlineAt(m_i);
            m_cur.text += m_text.at(m_i++);
        }
        if (m_i >= m_n)
            m_sink.error(openLine, openCol,
                         Tr::tr("this single quote is never closed; add the closing '"));
        ++m_i;
    }

    void doubleQuoted()
    {
        const int openLine = m_line, openCol = column(m_i);
        ++m_i;
        while (m_i < m_n && m_text.at(m_i) != QLatin1Char('"')) {
            const QChar c = m_text.at(m_i);
            if (c == QLatin1Char('\\') && QStringLiteral("$`\"\\\n").contains(at(m_i + 1))) {
                if (at(m_i + 1) == QLatin1Char('\n'))
                    newlineAt(m_i + 1);
                else
                    m_cur.text += at(m_i + 1);
                m_i += 2;
                continue;
            }
            if (c == QLatin1Char('`') ||
                (c == QLatin1Char('$') &&
                 (at(m_i + 1) == QLatin1Char('(') || at(m_i + 1) == QLatin1Char('{')))) {
                copySubstitution();
                continue;
            }
            if (c == QLatin1Char('$') &&
                (isNameStart(at(m_i + 1)) ||
                 QStringLiteral("@*#?$!-0123456789").contains(at(m_i + 1)))) {
                m_cur.expansion = true;
            }
            if (c == QLatin1Char('\n'))
                newlineAt(m_i);
            m_cur.text += c;
            ++m_i;
        }
        if (m_i >= m_n)
            m_sink.error(openLine, openCol,
                         Tr::tr("this double quote is never closed; add the closing \""));
        ++m_i;
    }

    // A redirection operator at m_i: the operator and its target are not words of the command.
    void redirection()
    {
        // A word of digits right before it (2>) is the file descriptor, not an argument.
        if (m_inWord) {
            bool digits = !m_cur.text.isEmpty() && !m_cur.expansion;
            for (QChar c : std::as_const(m_cur.text))
                digits = digits && c.isDigit();
            if (digits)
                m_inWord = false;
            else
                endWord();
        }
        const QChar c = at(m_i);
        bool heredoc = false, stripTabs = false;
        ++m_i;
        if (c == QLatin1Char('<') && at(m_i) == QLatin1Char('<')) {
            ++m_i;
            if (at(m_i) == QLatin1Char('<')) {
                ++m_i; // here-string: its word follows
            } else {
                heredoc = true;
                if (at(m_i) == QLatin1Char('-')) {
                    stripTabs = true;
                    ++m_i;
                }
            }
        } else if (at(m_i) == QLatin1Char('>') || at(m_i) == QLatin1Char('&') ||
                   at(m_i) == QLatin1Char('|')) {
            ++m_i;
        }
        while (at(m_i) == QLatin1Char(' ') || at(m_i) == QLatin1Char('\t'))
            ++m_i;
        if (heredoc) {
            QString delim;
            while (m_i < m_n && !at(m_i).isSpace() &&
                   !QStringLiteral(";&|<>()").contains(at(m_i))) {
                if (at(m_i) != QLatin1Char('\'') && at(m_i) != QLatin1Char('"') &&
                    at(m_i) != QLatin1Char('\\'))
                    delim += at(m_i);
                ++m_i;
            }
            m_heredocs.append({delim, stripTabs});
            return;
        }
        m_dropNext = true;
    }

    // After a newline: the bodies of the here-documents opened on the line just ended.
    void skipHeredocs()
    {
        for (const auto &h : std::as_const(m_heredocs)) {
            while (m_i < m_n) {
                int end = int(m_text.indexOf(QLatin1Char('\n'), m_i));
                if (end < 0)
                    end = m_n;
                QStringView line = QStringView(m_text).mid(m_i, end - m_i);
                if (line.endsWith(QLatin1Char('\r')))
                    line.chop(1);
                if (h.second)
                    while (line.startsWith(QLatin1Char('\t')))
                        line = line.mid(1);
                m_i = end + 1;
                if (end < m_n)
                    newlineAt(end);
                if (line == h.first)
                    break;
            }
        }
        m_heredocs.clear();
    }

    void step()
    {
        const QChar c = m_text.at(m_i);
        if (c == QLatin1Char('\\')) {
            if (at(m_i + 1) == QLatin1Char('\n')) {
                newlineAt(m_i + 1);
                m_i += 2;
                return;
            }
            if (at(m_i + 1) == QLatin1Char('\r') && at(m_i + 2) == QLatin1Char('\n')) {
                newlineAt(m_i + 2);
                m_i += 3;
                return;
            }
            startWord();
            if (m_i + 1 < m_n)
                m_cur.text += m_text.at(m_i + 1);
            m_i += 2;
            return;
        }
        if (c == QLatin1Char('\'')) {
            startWord();
            singleQuoted();
            return;
        }
        if (c == QLatin1Char('"')) {
            startWord();
            doubleQuoted();
            return;
        }
        if (c == QLatin1Char('`') || (c == QLatin1Char('$') && (at(m_i + 1) == QLatin1Char('(') ||
                                                                at(m_i + 1) == QLatin1Char('{')))) {
            startWord();
            copySubstitution();
            m_cur.splits = true;
            return;
        }
        if (c == QLatin1Char('$') && (isNameStart(at(m_i + 1)) ||
                                      QStringLiteral("@*#?$!-0123456789").contains(at(m_i + 1)))) {
            startWord();
            m_cur.text += c;
            ++m_i;
            if (isNameStart(at(m_i))) {
                while (m_i < m_n && isNameChar(at(m_i)))
                    m_cur.text += m_text.at(m_i++);
            } else {
                m_cur.text += m_text.at(m_i++);
            }
            m_cur.expansion = m_cur.splits = true;
            return;
        }
        if (c == QLatin1Char('#') && !m_inWord) {
            while (m_i < m_n && m_text.at(m_i) != QLatin1Char('\n'))
                ++m_i;
            return;
        }
        if (c == QLatin1Char('\n')) {
            endWord();
            endCommand();
            m_dropNext = false;
            newlineAt(m_i);
            ++m_i;
            if (!m_heredocs.isEmpty())
                skipHeredocs();
            return;
        }
        if (c == QLatin1Char(';') || c == QLatin1Char('|') || c == QLatin1Char('(') ||
            c == QLatin1Char(')') || (c == QLatin1Char('&') && at(m_i + 1) != QLatin1Char('>'))) {
            endWord();
            endCommand();
            m_dropNext = false;
            ++m_i;
            return;
        }
        if (c == QLatin1Char('&')) { // &> FILE: both streams to FILE
            endWord();
            ++m_i;
            redirection();
            return;
        }
        if (c == QLatin1Char('<') || c == QLatin1Char('>')) {
            redirection();
            return;
        }
        if (c == QLatin1Char(' ') || c == QLatin1Char('\t') || c == QLatin1Char('\r')) {
            endWord();
            ++m_i;
            return;
        }
        startWord();
        m_cur.text += c;
        ++m_i;
    }

    const QString &m_text;
    const int m_n;
    Sink &m_sink;
    int m_i = 0;
    int m_line = 1;
    int m_lineStart = 0;
    ShellWord m_cur;
    bool m_inWord = false;
    bool m_curQuoted = false;
    bool m_dropNext = false;
    ShellCommand m_command;
    QVector<ShellCommand> m_commands;
    QVector<std::pair<QString, bool>> m_heredocs;
};

} // namespace

QVector<ShellCommand> splitShellCommands(const QString &text, Sink &sink)
{
    return Splitter(text, sink).run();
}

} // namespace shmwise::validators

namespace shmwise {

std::optional<QStringList> splitCommandWords(const QString &text, QString *why)
{
    using validators::Tr;
    QStringList words;
    QString word;
    bool inWord = false;
    const qsizetype n = text.size();
    auto refuse = [&](const QString &reason) -> std::optional<QStringList> {
        if (why)
            *why = reason;
        return std::nullopt;
    };
    auto needsShell = [&](const QString &what) {
        return refuse(Tr::tr("%1 needs a shell, and the command runs without one: quote it, or "
                             "run the line through one (sh -c '...')")
                          .arg(what));
    };
    // A $ that sh expands: $NAME, ${...}, $(...), $((...)), $1, $?, ...
    auto expands = [&](qsizetype i) {
        const QChar next = i + 1 < n ? text.at(i + 1) : QChar();
        return next == QLatin1Char('{') || next == QLatin1Char('(') || next == QLatin1Char('_') ||
               (next.unicode() < 128 && next.isLetterOrNumber()) ||
               QStringLiteral("@*#?$!-").contains(next);
    };
    for (qsizetype i = 0; i < n; ++i) {
        const QChar c = text.at(i);
        if (c == QLatin1Char('\'')) {
            const qsizetype end = text.indexOf(QLatin1Char('\''), i + 1);
            if (end < 0)
                return refuse(
                    Tr::tr("the single quote (') at character %1 is never closed").arg(i + 1));
            word += text.mid(i + 1, end - i - 1);
            inWord = true;
            i = end;
        } else if (c == QLatin1Char('"')) {
            const qsizetype open = i;
            bool closed = false;
            for (++i; i < n; ++i) {
                const QChar d = text.at(i);
                if (d == QLatin1Char('"')) {
                    closed = true;
                    break;
                }
                if (d == QLatin1Char('\\') && i + 1 < n &&
                    QStringLiteral("$`\"\\\n").contains(text.at(i + 1))) {
                    if (text.at(i + 1) != QLatin1Char('\n'))
                        word += text.at(i + 1);
                    ++i;
                    continue;
                }
                if (d == QLatin1Char('`'))
                    return needsShell(Tr::tr("the backquote (`) at character %1").arg(i + 1));
                if (d == QLatin1Char('$') && expands(i))
                    return needsShell(Tr::tr("the $ at character %1").arg(i + 1));
                word += d;
            }
            if (!closed)
                return refuse(
                    Tr::tr("the double quote (\") at character %1 is never closed").arg(open + 1));
            inWord = true;
        } else if (c == QLatin1Char('\\')) {
            if (i + 1 >= n)
                return refuse(Tr::tr("the line ends in a backslash (\\) that escapes nothing"));
            if (text.at(i + 1) != QLatin1Char('\n')) { // a backslash-newline joins lines
                word += text.at(i + 1);
                inWord = true;
            }
            ++i;
        } else if (c == QLatin1Char(' ') || c == QLatin1Char('\t')) {
            if (inWord)
                words << word;
            word.clear();
            inWord = false;
        } else if (QStringLiteral(";&|<>()\n\r").contains(c)) {
            return needsShell(c == QLatin1Char('\n') || c == QLatin1Char('\r')
                                  ? Tr::tr("a line break")
                                  : Tr::tr("the %1 at character %2").arg(QString(c)).arg(i + 1));
        } else if (!inWord && (c == QLatin1Char('#') || c == QLatin1Char('~'))) {
            // A comment, or a home folder sh would put in for ~.
            return needsShell(Tr::tr("the %1 at character %2").arg(QString(c)).arg(i + 1));
        } else if (c == QLatin1Char('`') || (c == QLatin1Char('$') && expands(i))) {
            return needsShell(Tr::tr("the %1 at character %2").arg(QString(c)).arg(i + 1));
        } else {
            word += c;
            inWord = true;
        }
    }
    if (inWord)
        words << word;
    return words;
}

} // namespace shmwise
