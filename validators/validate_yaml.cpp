// SPDX-License-Identifier: GPL-3.0-or-later
// YAML read for validation: positions, typed scalars, duplicate keys, tabs and bounded aliases.
#include "validators.h"
#include "yamltree.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QSet>

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <exception>
#include <limits>
#include <sstream>
#include <unordered_set>

namespace shmwise::validators {

// ---------------------------------------------------------------------------------------------
// YAML

namespace {
thread_local int t_lineOffset = 0;
}

void setYamlLineOffset(int firstLine)
{
    t_lineOffset = firstLine;
}

int lineOf(const YAML::Node &n)
{
    if (!n.IsDefined())
        return 0;
    const YAML::Mark m = n.Mark();
    return m.is_null() ? 0 : m.line + 1 + t_lineOffset;
}

int columnOf(const YAML::Node &n)
{
    if (!n.IsDefined())
        return 0;
    const YAML::Mark m = n.Mark();
    return m.is_null() ? 0 : m.column + 1;
}

YAML::Node child(const YAML::Node &map, const char *key)
{
    if (map.IsDefined() && map.IsMap()) {
        for (auto it = map.begin(); it != map.end(); ++it) {
            if (it->first.IsScalar() && it->first.Scalar() == key)
                return it->second;
        }
    }
    return YAML::Node(YAML::NodeType::Undefined);
}

YAML::Node keyNode(const YAML::Node &map, const char *key)
{
    if (map.IsDefined() && map.IsMap()) {
        for (auto it = map.begin(); it != map.end(); ++it) {
            if (it->first.IsScalar() && it->first.Scalar() == key)
                return it->first;
        }
    }
    return YAML::Node(YAML::NodeType::Undefined);
}

bool isScalar(const YAML::Node &n)
{
    return n.IsDefined() && n.IsScalar();
}

QString scalar(const YAML::Node &n)
{
    return isScalar(n) ? QString::fromStdString(n.Scalar()) : QString();
}

bool isPlainInteger(const YAML::Node &n)
{
    static const QRegularExpression re(QStringLiteral("^[0-9]+$"));
    return isScalar(n) && n.Tag() != "!" && re.match(scalar(n)).hasMatch();
}

namespace {

// Finds duplicate keys from the parser's events rather than the node tree: aliases arrive as one
// event instead of being followed, so a self-referencing anchor cannot make the walk explode.
class DuplicateKeyFinder : public YAML::EventHandler
{
public:
    DuplicateKeyFinder(Sink &sink, int lineOffset) : m_sink(sink), m_lineOffset(lineOffset) {}

    void OnDocumentStart(const YAML::Mark &) override { m_stack.clear(); }
    void OnDocumentEnd() override {}
    void OnNull(const YAML::Mark &, YAML::anchor_t) override { node(nullptr, {}); }
    void OnAlias(const YAML::Mark &, YAML::anchor_t) override { node(nullptr, {}); }
    void OnScalar(const YAML::Mark &mark, const std::string &, YAML::anchor_t,
                  const std::string &value) override
    {
        node(&value, mark);
    }
    void OnSequenceStart(const YAML::Mark &, const std::string &, YAML::anchor_t,
                         YAML::EmitterStyle::value) override
    {
        node(nullptr, {});
        m_stack.append(Frame{false, true, {}});
    }
    void OnSequenceEnd() override { pop(); }
    void OnMapStart(const YAML::Mark &, const std::string &, YAML::anchor_t,
                    YAML::EmitterStyle::value) override
    {
        node(nullptr, {});
        m_stack.append(Frame{true, true, {}});
    }
    void OnMapEnd() override { pop(); }

private:
    struct Frame
    {
        bool map = false;
        bool expectKey = true;
        std::unordered_set<std::string> keys;
    };

    void node(const std::string *scalarValue, const YAML::Mark &mark)
    {
        if (m_stack.isEmpty() || !m_stack.last().map)
            return;
        Frame &f = m_stack.last();
        if (f.expectKey && scalarValue) {
            if (!f.keys.insert(*scalarValue).second)
                m_sink.error(mark.line + 1 + m_lineOffset, mark.column + 1,
                             Tr::tr("duplicate key '%1': YAML tools disagree on which value wins; "
                                    "keep one and delete the other")
                                 .arg(QString::fromStdString(*scalarValue)));
        }
        f.expectKey = !f.expectKey;
    }
    void pop()
    {
        if (!m_stack.isEmpty())
            m_stack.removeLast();
    }

    Sink &m_sink;
    int m_lineOffset = 0;
    QVector<Frame> m_stack;
};

// yaml-cpp accepts a quoted scalar left open at the end of the input; every other YAML tool
// refuses it ("found unexpected end of stream"). Finds the first quote that opens a scalar
// and never closes, skipping comments and block scalars. -1 when none.
int unclosedQuote(QStringView text, int *column)
{
    const int n = int(text.size());
    int lineNo = 0, lineStart = 0, blockIndent = -1;
    int i = 0;
    auto indentAt = [&](int start) {
        int k = start;
        while (k < n && text[k] == QLatin1Char(' '))
            ++k;
        return k - start;
    };
    while (i < n) {
        // At a line start: inside a block scalar, lines indented deeper are its content.
        if (i == lineStart) {
            const int ind = indentAt(i);
            const bool blank = i + ind >= n || text[i + ind] == QLatin1Char('\n');
            if (blockIndent >= 0 && (blank || ind > blockIndent)) {
                while (i < n && text[i] != QLatin1Char('\n'))
                    ++i;
                if (i < n) {
                    ++i;
                    ++lineNo;
                    lineStart = i;
                }
                continue;
            }
            blockIndent = -1;
        }
        const QChar c = text[i];
        if (c == QLatin1Char('\n')) {
            // Did this line end with a block scalar indicator (| or >, maybe with + - digits)?
            int k = i - 1;
            while (k >= lineStart && (text[k] == QLatin1Char(' ') || text[k] == QLatin1Char('\r')))
                --k;
            while (k >= lineStart && (text[k] == QLatin1Char('+') || text[k] == QLatin1Char('-') ||
                                      text[k].isDigit()))
                --k;
            if (k >= lineStart && (text[k] == QLatin1Char('|') || text[k] == QLatin1Char('>')) &&
                (k == lineStart || text[k - 1] == QLatin1Char(' ')))
                blockIndent = indentAt(lineStart);
            ++i;
            ++lineNo;
            lineStart = i;
            continue;
        }
        if (c == QLatin1Char('#') && (i == lineStart || text[i - 1] == QLatin1Char(' ') ||
                                      text[i - 1] == QLatin1Char('\t'))) {
            while (i < n && text[i] != QLatin1Char('\n'))
                ++i;
            continue;
        }
        if (c == QLatin1Char('"') || c == QLatin1Char('\'')) {
            // It opens a scalar only where a value or key may start.
            int k = i - 1;
            while (k >= lineStart && text[k] == QLatin1Char(' '))
                --k;
            const bool opens =
                k < lineStart || QStringLiteral("[{,?").contains(text[k]) ||
                ((text[k] == QLatin1Char(':') || text[k] == QLatin1Char('-')) && k < i - 1);
            if (!opens) {
                ++i;
                continue;
            }
            const int openLine = lineNo, openCol = i - lineStart + 1;
            int j = i + 1;
            bool closed = false;
            while (j < n) {
                const QChar d = text[j];
                if (d == QLatin1Char('\n')) {
                    ++lineNo;
                    lineStart = j + 1;
                } else if (c == QLatin1Char('"') && d == QLatin1Char('\\')) {
                    ++j;
                } else if (d == c) {
                    if (c == QLatin1Char('\'') && j + 1 < n && text[j + 1] == c) {
                        ++j;
                    } else {
                        closed = true;
                        break;
                    }
                }
                ++j;
            }
            if (!closed) {
                *column = openCol;
                return openLine;
            }
            i = j + 1;
            continue;
        }
        ++i;
    }
    return -1;
}

} // namespace

bool loadYaml(const QString &text, Sink &sink, std::vector<YAML::Node> &docs,
              std::vector<int> *firstLines)
{
    // Tabs in indentation: yaml-cpp sometimes accepts them where other tools fail, so report them
    // first and on every line.
    bool tabs = false;
    const QVector<QStringView> lines = splitLines(text);
    for (int i = 0; i < lines.size(); ++i) {
        const QStringView l = lines[i];
        for (qsizetype c = 0;
             c < l.size() && (l[c] == QLatin1Char(' ') || l[c] == QLatin1Char('\t')); ++c) {
            if (l[c] == QLatin1Char('\t')) {
                sink.error(i + 1, int(c + 1),
                           Tr::tr("a tab is used for indentation; YAML indents with spaces only"));
                tabs = true;
                break;
            }
        }
    }
    if (tabs)
        return false;

    // yaml-cpp 0.7's LoadAll() never ends on some inputs (a lone ',' at the top level yields
    // endless empty documents), so split the stream at document markers here and load each part
    // on its own. Each part is preceded by as many newlines as lines before it, so the marks
    // yaml-cpp reports are line numbers in the whole file.
    struct Part
    {
        int firstLine = 0; // 0-based
        int lastLine = 0;  // exclusive
    };
    QVector<Part> parts;
    Part cur;
    bool content = false; // the current part has more than comments, directives and blanks
    for (int i = 0; i < lines.size(); ++i) {
        const QStringView l = lines[i];
        const bool start = l.startsWith(QLatin1String("---")) && (l.size() == 3 || l[3].isSpace());
        const bool end = l.startsWith(QLatin1String("...")) && (l.size() == 3 || l[3].isSpace());
        if (start && content) {
            cur.lastLine = i;
            parts.append(cur);
            cur = Part{i, 0};
            content = false;
        }
        if (!start && !end) {
            const QStringView t = l.trimmed();
            if (!t.isEmpty() && !t.startsWith(QLatin1Char('#')) && !t.startsWith(QLatin1Char('%')))
                content = true;
        } else if (start && l.mid(3).trimmed().size() > 0 &&
                   !l.mid(3).trimmed().startsWith(QLatin1Char('#'))) {
            content = true; // "--- value" on the marker line
        }
        if (end) {
            cur.lastLine = i + 1;
            if (content)
                parts.append(cur);
            cur = Part{i + 1, 0};
            content = false;
        }
    }
    if (content) {
        cur.lastLine = int(lines.size());
        parts.append(cur);
    }
    constexpr int kMaxDocuments = 1000;
    if (parts.size() > kMaxDocuments) {
        sink.error(parts[kMaxDocuments].firstLine + 1, 1,
                   Tr::tr("more than %1 YAML documents in one file; split it").arg(kMaxDocuments));
        return false;
    }

    // Reports where a second document would start in text that should hold only one.
    struct Trailing : YAML::EventHandler
    {
        YAML::Mark mark;
        void OnDocumentStart(const YAML::Mark &m) override { mark = m; }
        void OnDocumentEnd() override {}
        void OnNull(const YAML::Mark &, YAML::anchor_t) override {}
        void OnAlias(const YAML::Mark &, YAML::anchor_t) override {}
        void OnScalar(const YAML::Mark &, const std::string &, YAML::anchor_t,
                      const std::string &) override
        {}
        void OnSequenceStart(const YAML::Mark &, const std::string &, YAML::anchor_t,
                             YAML::EmitterStyle::value) override
        {}
        void OnSequenceEnd() override {}
        void OnMapStart(const YAML::Mark &, const std::string &, YAML::anchor_t,
                        YAML::EmitterStyle::value) override
        {}
        void OnMapEnd() override {}
    };

    // Each part is parsed on its own; its marks count from its first line, which the caller
    // adds back with setYamlLineOffset() (padding each part with the newlines before it would
    // make a file of many documents quadratic).
    bool ok = true;
    for (const Part &p : std::as_const(parts)) {
        QString chunk;
        for (int i = p.firstLine; i < p.lastLine; ++i) {
            chunk += lines[i];
            chunk += QLatin1Char('\n');
        }
        const std::string utf8 = chunk.toStdString();
        try {
            int quoteColumn = 0;
            const int quoteLine = unclosedQuote(chunk, &quoteColumn);
            if (quoteLine >= 0) {
                sink.error(p.firstLine + quoteLine + 1, quoteColumn,
                           Tr::tr("not valid YAML: this quote is never closed; add the closing "
                                  "quote"));
                ok = false;
                continue;
            }
            // One pass: the tree, and the duplicate keys (kept aside until the document has
            // parsed, as a syntax error is the one thing worth saying then).
            std::istringstream in(utf8);
            YAML::Parser parser(in);
            Sink duplicates;
            DuplicateKeyFinder finder(duplicates, p.firstLine);
            TreeBuilder builder;
            Tee tee(builder, finder);
            parser.HandleNextDocument(tee);
            docs.push_back(builder.root());
            if (firstLines)
                firstLines->push_back(p.firstLine);
            for (const Diagnostic &d : duplicates.take())
                sink.add(d.severity, d.line, d.column, d.message);
            Trailing trailing;
            if (parser.HandleNextDocument(trailing))
                throw YAML::ParserException(trailing.mark,
                                            "unexpected text after the end of the document");
        } catch (const YAML::Exception &e) {
            if (docs.size() > (firstLines ? firstLines->size() : docs.size()))
                docs.pop_back();
            const int line = e.mark.is_null() ? 0 : e.mark.line + 1 + p.firstLine;
            const int col = e.mark.is_null() ? 0 : e.mark.column + 1;
            sink.error(line, col,
                       Tr::tr("not valid YAML: %1; fix the syntax here (check indentation, quotes "
                              "and brackets)")
                           .arg(QString::fromStdString(e.msg)));
            ok = false;
        } catch (const std::exception &) {
            sink.error(p.firstLine + 1, 0, Tr::tr("not valid YAML"));
            ok = false;
        }
    }
    return ok;
}

} // namespace shmwise::validators
