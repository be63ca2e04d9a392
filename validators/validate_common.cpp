// SPDX-License-Identifier: GPL-3.0-or-later
#include "validators.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <exception>
#include <limits>
#include <sstream>

namespace shmwise {

namespace validators {

QVector<QStringView> splitLines(const QString &text)
{
    QVector<QStringView> lines;
    const QStringView all(text);
    qsizetype start = 0;
    for (qsizetype i = 0; i < all.size(); ++i) {
        if (all[i] == QLatin1Char('\n')) {
            qsizetype end = i;
            if (end > start && all[end - 1] == QLatin1Char('\r'))
                --end;
            lines.append(all.mid(start, end - start));
            start = i + 1;
        }
    }
    if (start < all.size())
        lines.append(all.mid(start));
    return lines;
}

namespace {

constexpr quint64 kMax = std::numeric_limits<quint64>::max();

quint64 shiftOrSaturate(quint64 v, int shift)
{
    if (shift >= 64 || (v && v > (kMax >> shift)))
        return kMax;
    return v << shift;
}

// Converts a non-negative decimal (digits, optional fraction) times 2^shift to bytes, truncating
// like Go's int64(float) does; saturates instead of overflowing.
quint64 scaled(QStringView number, int shift)
{
    bool ok = false;
    const double d = number.toDouble(&ok);
    if (!ok || !std::isfinite(d))
        return kMax;
    const double v = std::ldexp(d, shift);
    if (v >= 18446744073709551615.0)
        return kMax;
    return quint64(v);
}

} // namespace

namespace {
// Powers of 1024 of the one-letter suffixes the kernel and Docker read (k, m, g, t, p, e); 0 for
// none.
int binaryShift(QChar lowerSuffix)
{
    static const char suffixes[] = "kmgtpe";
    for (int i = 0; suffixes[i]; ++i) {
        if (lowerSuffix == QLatin1Char(suffixes[i]))
            return 10 * (i + 1);
    }
    return 0;
}
} // namespace

std::optional<KernelSize> parseKernelSize(const QString &text, QString *why)
{
    // The kernel's memparse(): a number, one optional suffix letter, then nothing else (tmpfs
    // rejects any trailing characters, so "8gb" or "8GiB" fail the mount).
    static const QRegularExpression re(QStringLiteral("^([0-9]+)([kKmMgGtTpPeE%]?)$"));
    const QRegularExpressionMatch m = re.match(text);
    if (!m.hasMatch()) {
        if (why) {
            static const QRegularExpression unit(QStringLiteral("^([0-9]+)\\s*([A-Za-z]+)$"));
            const QRegularExpressionMatch u = unit.match(text);
            if (u.hasMatch() && QStringLiteral("kmgtpe").contains(u.captured(2).at(0).toLower()))
                *why = Tr::tr("'%1' is not a kernel size: tmpfs takes one letter after the number "
                              "and refuses anything more; write '%2'")
                           .arg(text, u.captured(1) + u.captured(2).left(1).toUpper());
            else
                *why = Tr::tr("'%1' is not a kernel size: write digits with an optional k, m, g or "
                              "t suffix (8G), or a percentage of RAM (50%)")
                           .arg(text);
        }
        return std::nullopt;
    }
    KernelSize r;
    bool ok = false;
    quint64 n = m.captured(1).toULongLong(&ok);
    if (!ok)
        n = kMax;
    const QChar s = m.captured(2).isEmpty() ? QChar() : m.captured(2).at(0).toLower();
    r.percent = s == QLatin1Char('%');
    const int shift = r.percent ? 0 : binaryShift(s);
    r.value = shiftOrSaturate(n, shift);
    return r;
}

std::optional<quint64> parseDockerSize(const QString &text, QString *why)
{
    // go-units parseSize(): the number is everything up to the last digit, dot or space; the
    // suffix is at most three letters: b, or k/m/g/t/p with an optional b or ib.
    static const QRegularExpression re(
        QStringLiteral("^([0-9]+(?:\\.[0-9]+)?) ?(?:(b)|([kmgtp])(b|ib)?)?$"),
        QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch m = re.match(text);
    if (!m.hasMatch()) {
        if (why) {
            static const QRegularExpression gi(QStringLiteral("^[0-9.]+ ?[kmgtp]i$"),
                                               QRegularExpression::CaseInsensitiveOption);
            if (gi.match(text).hasMatch())
                *why =
                    Tr::tr("'%1' is Kubernetes syntax; Docker reads sizes like 8g, 8GB or 8GiB "
                           "(write '%2')")
                        .arg(text, text.left(text.size() - 1).remove(QLatin1Char(' ')).toLower());
            else if (text.startsWith(QLatin1Char('-')))
                *why = Tr::tr("'%1' is negative; a size is a positive number such as 8g").arg(text);
            else
                *why = Tr::tr("'%1' is not a Docker size: write a number with b, k, m, g, t or p "
                              "(binary units), such as 8g, 1.5g or 8GiB")
                           .arg(text);
        }
        return std::nullopt;
    }
    const int shift = m.hasCaptured(3) ? binaryShift(m.captured(3).at(0).toLower()) : 0;
    return scaled(m.capturedView(1), shift);
}

std::optional<quint64> parseQuantity(const QString &text, QString *why, bool *milli)
{
    // k8s.io/apimachinery resource.Quantity grammar.
    static const QRegularExpression re(
        QStringLiteral("^([+-]?)([0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)"
                       "(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E|[eE][+-]?[0-9]+)?$"));
    if (milli)
        *milli = false;
    const QRegularExpressionMatch m = re.match(text);
    if (!m.hasMatch()) {
        if (why) {
            static const QRegularExpression unit(QStringLiteral("^[0-9.]+\\s*([A-Za-z]+)$"));
            const QRegularExpressionMatch u = unit.match(text);
            QString fix;
            if (u.hasMatch()) {
                const QString suffix = u.captured(1);
                const QString number = text.left(text.size() - suffix.size()).trimmed();
                const QChar c = suffix.at(0).toUpper();
                if (QStringLiteral("KMGTPE").contains(c))
                    fix = Tr::tr(" (write '%1' for binary or '%2' for decimal units)")
                              .arg(number + c + QLatin1Char('i'),
                                   number + (c == QLatin1Char('K') ? QChar(QLatin1Char('k')) : c));
            }
            *why = Tr::tr("'%1' is not a Kubernetes quantity: use a suffix Ki, Mi, Gi, Ti (binary) "
                          "or k, M, G, T (decimal)%2")
                       .arg(text, fix);
        }
        return std::nullopt;
    }
    if (m.captured(1) == QLatin1String("-")) {
        if (why)
            *why = Tr::tr("'%1' is negative; a memory size must be positive").arg(text);
        return std::nullopt;
    }
    const QString suffix = m.captured(3);
    const double number = m.captured(2).toDouble();
    double factor = 1;
    if (suffix.size() == 2 && suffix.at(1) == QLatin1Char('i')) {
        factor = std::ldexp(1.0, 10 * (int(QStringLiteral("KMGTPE").indexOf(suffix.at(0))) + 1));
    } else if (suffix.size() == 1) {
        static const QString dec = QStringLiteral("kMGTPE");
        const int i = int(dec.indexOf(suffix.at(0)));
        if (i >= 0)
            factor = std::pow(10.0, 3 * (i + 1));
        else if (suffix == QLatin1String("m"))
            factor = 1e-3;
        else if (suffix == QLatin1String("u"))
            factor = 1e-6;
        else if (suffix == QLatin1String("n"))
            factor = 1e-9;
        if (milli && suffix == QLatin1String("m"))
            *milli = true;
    } else if (!suffix.isEmpty()) {
        factor = std::pow(10.0, suffix.mid(1).toInt());
    }
    const double v = std::ceil(number * factor);
    if (!std::isfinite(v) || v >= 18446744073709551615.0)
        return kMax;
    return quint64(v);
}

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
        QSet<QString> keys;
    };

    void node(const std::string *scalarValue, const YAML::Mark &mark)
    {
        if (m_stack.isEmpty() || !m_stack.last().map)
            return;
        Frame &f = m_stack.last();
        if (f.expectKey && scalarValue) {
            const QString k = QString::fromStdString(*scalarValue);
            if (f.keys.contains(k))
                m_sink.error(mark.line + 1 + m_lineOffset, mark.column + 1,
                             Tr::tr("duplicate key '%1': YAML tools disagree on which value wins; "
                                    "keep one and delete the other")
                                 .arg(k));
            f.keys.insert(k);
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
            docs.push_back(YAML::Load(utf8));
            if (firstLines)
                firstLines->push_back(p.firstLine);
            std::istringstream in(utf8);
            YAML::Parser parser(in);
            DuplicateKeyFinder finder(sink, p.firstLine);
            parser.HandleNextDocument(finder);
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

} // namespace validators

using namespace validators;

QVector<Diagnostic> validateConfig(ConfigKind kind, const QString &text)
{
    Sink sink;
    try {
        switch (kind) {
        case ConfigKind::Fstab:
            validateFstab(text, sink);
            break;
        case ConfigKind::Sysctl:
            validateSysctl(text, sink);
            break;
        case ConfigKind::Limits:
            validateLimits(text, sink);
            break;
        case ConfigKind::DockerRun:
            validateDockerRun(text, sink);
            break;
        case ConfigKind::Compose:
            validateCompose(text, sink);
            break;
        case ConfigKind::Kubernetes:
            validateKubernetes(text, sink);
            break;
        case ConfigKind::Python:
            validatePython(text, sink);
            break;
        }
    } catch (const std::exception &e) {
        // A validator must not take the GUI or CLI down on odd input; say what happened instead.
        sink.error(0, 0,
                   Tr::tr("could not check the file: %1").arg(QString::fromLocal8Bit(e.what())));
    }
    QVector<Diagnostic> d = sink.take();
    std::stable_sort(d.begin(), d.end(), [](const Diagnostic &a, const Diagnostic &b) {
        return a.line != b.line ? a.line < b.line : a.column < b.column;
    });
    return d;
}

std::optional<ConfigKind> guessConfigKind(const QString &fileName, const QString &text)
{
    const QFileInfo fi(fileName);
    const QString base = fi.fileName().toLower();
    const QString path = QDir::fromNativeSeparators(fileName).toLower();
    auto has = [&text](const QRegularExpression &re) {
        return re.match(text).hasMatch();
    };
    static const QRegularExpression dockerRun(
        QStringLiteral("(^|[\\s;&|(])(sudo\\s+)?(docker|podman)\\s+(container\\s+)?run\\b"),
        QRegularExpression::MultilineOption);
    static const QRegularExpression k8s1(QStringLiteral("^apiVersion\\s*:"),
                                         QRegularExpression::MultilineOption);
    static const QRegularExpression k8s2(QStringLiteral("^kind\\s*:"),
                                         QRegularExpression::MultilineOption);
    static const QRegularExpression services(QStringLiteral("^services\\s*:"),
                                             QRegularExpression::MultilineOption);
    static const QRegularExpression python(
        QStringLiteral(
            "^\\s*(import\\s+torch|from\\s+torch[\\w.]*\\s+import)|\\bDataLoader\\s*\\("),
        QRegularExpression::MultilineOption);
    static const QRegularExpression limits(
        QStringLiteral("^\\s*[^#\\s]\\S*\\s+(soft|hard|-)\\s+[a-z]+\\s+\\S+\\s*$"),
        QRegularExpression::MultilineOption);
    static const QRegularExpression fstab(
        QStringLiteral("^\\s*[^#\\s]\\S*\\s+(/\\S*|none|swap)\\s+\\S+\\s+\\S+(\\s+\\S+){0,2}\\s*$"),
        QRegularExpression::MultilineOption);
    static const QRegularExpression sysctl(
        QStringLiteral("^\\s*-?[a-z0-9_]+([./][a-z0-9_*-]+)+\\s*=.*$"),
        QRegularExpression::MultilineOption);

    if (base == QLatin1String("fstab") || base.endsWith(QLatin1String(".fstab")))
        return ConfigKind::Fstab;
    if (base.endsWith(QLatin1String(".py")))
        return ConfigKind::Python;
    const bool yaml = base.endsWith(QLatin1String(".yml")) || base.endsWith(QLatin1String(".yaml"));
    if (yaml && (base.startsWith(QLatin1String("docker-compose")) ||
                 base.startsWith(QLatin1String("compose"))))
        return ConfigKind::Compose;
    if (base.endsWith(QLatin1String(".sysctl")) || base == QLatin1String("sysctl.conf") ||
        (path.contains(QLatin1String("sysctl.d/")) && base.endsWith(QLatin1String(".conf"))))
        return ConfigKind::Sysctl;
    if (base == QLatin1String("limits.conf") ||
        (path.contains(QLatin1String("limits.d/")) && base.endsWith(QLatin1String(".conf"))))
        return ConfigKind::Limits;
    if (yaml) {
        if (has(k8s1) && has(k8s2))
            return ConfigKind::Kubernetes;
        if (has(services))
            return ConfigKind::Compose;
        return std::nullopt;
    }
    // By content alone.
    if (has(dockerRun))
        return ConfigKind::DockerRun;
    if (has(k8s1) && has(k8s2))
        return ConfigKind::Kubernetes;
    if (has(services))
        return ConfigKind::Compose;
    if (has(python))
        return ConfigKind::Python;
    if (has(limits))
        return ConfigKind::Limits;
    if (has(sysctl))
        return ConfigKind::Sysctl;
    if (has(fstab))
        return ConfigKind::Fstab;
    return std::nullopt;
}

} // namespace shmwise
