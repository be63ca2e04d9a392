// SPDX-License-Identifier: GPL-3.0-or-later
#include "validators/suggest_p.h"
#include "validators/validate_common_p.h"

#include <QRegularExpression>

#include <algorithm>

namespace shmwise::validators {

namespace {

// The source with comments blanked (`plain`), and also with string contents blanked (`code`),
// both the same length as the text, so offsets map back to lines and columns. No Python parser
// is needed for the few calls checked here, only this much lexing so that text in comments and
// strings is not mistaken for code.
struct Lexed
{
    QString plain;
    QString code;
    QVector<int> lineStarts;
    QVector<bool> lineInString; // per line (0-based): it starts inside a multi-line string

    int lineAt(int offset) const
    {
        const auto it = std::upper_bound(lineStarts.begin(), lineStarts.end(), offset);
        return int(it - lineStarts.begin());
    }
    int columnAt(int offset) const { return offset - lineStarts[lineAt(offset) - 1] + 1; }
};

Lexed lex(const QString &text)
{
    Lexed l;
    l.plain = text;
    l.code = text;
    l.lineStarts.append(0);
    const int n = int(text.size());
    for (int i = 0; i < n; ++i) {
        if (text.at(i) == QLatin1Char('\n'))
            l.lineStarts.append(i + 1);
    }
    QVector<int> inStringAfter;
    int i = 0;
    while (i < n) {
        const QChar c = text.at(i);
        if (c == QLatin1Char('#')) {
            while (i < n && text.at(i) != QLatin1Char('\n')) {
                l.plain[i] = QLatin1Char(' ');
                l.code[i] = QLatin1Char(' ');
                ++i;
            }
            continue;
        }
        if (c == QLatin1Char('\'') || c == QLatin1Char('"')) {
            const bool triple = i + 2 < n && text.at(i + 1) == c && text.at(i + 2) == c;
            const int q = triple ? 3 : 1;
            i += q;
            while (i < n) {
                const QChar d = text.at(i);
                if (d == QLatin1Char('\\') && i + 1 < n) {
                    l.code[i] = QLatin1Char('x');
                    if (text.at(i + 1) != QLatin1Char('\n'))
                        l.code[i + 1] = QLatin1Char('x');
                    i += 2;
                    continue;
                }
                if (d == c &&
                    (!triple || (i + 2 < n && text.at(i + 1) == c && text.at(i + 2) == c))) {
                    i += q;
                    break;
                }
                if (d == QLatin1Char('\n') && !triple)
                    break; // an unterminated string ends at the line's end
                if (d == QLatin1Char('\n'))
                    inStringAfter.append(i + 1);
                if (d != QLatin1Char('\n'))
                    l.code[i] = QLatin1Char('x');
                ++i;
            }
            continue;
        }
        ++i;
    }
    l.lineInString.fill(false, l.lineStarts.size());
    for (int off : std::as_const(inStringAfter))
        l.lineInString[l.lineAt(off) - 1] = true;
    return l;
}

// What Python's parser refuses before anything runs: brackets that do not pair up, and
// indentation that does not follow a block opener. (It raises SyntaxError or
// IndentationError with the line.)
bool checkSyntax(const Lexed &l, Sink &sink)
{
    struct Open
    {
        QChar c;
        int offset;
    };
    QVector<Open> stack;
    QVector<int> depthAtLine(l.lineStarts.size(), 0);
    int line = 0;
    const int n = int(l.code.size());
    for (int i = 0; i < n; ++i) {
        while (line + 1 < l.lineStarts.size() && l.lineStarts[line + 1] <= i) {
            ++line;
            depthAtLine[line] = int(stack.size());
        }
        const QChar c = l.code.at(i);
        if (c == QLatin1Char('(') || c == QLatin1Char('[') || c == QLatin1Char('{')) {
            if (stack.size() < 200)
                stack.append({c, i});
        } else if (c == QLatin1Char(')') || c == QLatin1Char(']') || c == QLatin1Char('}')) {
            const QChar want = c == QLatin1Char(')')   ? QLatin1Char('(')
                               : c == QLatin1Char(']') ? QLatin1Char('[')
                                                       : QLatin1Char('{');
            if (stack.isEmpty() || stack.last().c != want) {
                sink.error(l.lineAt(i), l.columnAt(i),
                           stack.isEmpty()
                               ? Tr::tr("unmatched '%1': Python raises SyntaxError").arg(c)
                               : Tr::tr("closing '%1' does not match '%2' on line %3: Python "
                                        "raises SyntaxError")
                                     .arg(c)
                                     .arg(stack.last().c)
                                     .arg(l.lineAt(stack.last().offset)));
                return false;
            }
            stack.removeLast();
        }
    }
    if (!stack.isEmpty()) {
        const Open &o = stack.first();
        sink.error(l.lineAt(o.offset), l.columnAt(o.offset),
                   Tr::tr("'%1' was never closed: Python raises SyntaxError").arg(o.c));
        return false;
    }
    // Indentation of logical lines.
    QVector<int> indents{0};
    bool opener = false, continued = false;
    for (int ln = 0; ln < l.lineStarts.size(); ++ln) {
        const int start = l.lineStarts[ln];
        const int end = ln + 1 < l.lineStarts.size() ? l.lineStarts[ln + 1] - 1 : n;
        const QStringView code = QStringView(l.code).mid(start, end - start);
        const QStringView trimmed = code.trimmed();
        const bool logicalStart = depthAtLine[ln] == 0 && !continued && !l.lineInString[ln];
        if (trimmed.isEmpty())
            continue;
        continued = trimmed.endsWith(QLatin1Char('\\'));
        if (!logicalStart)
            continue;
        int indent = 0;
        while (indent < code.size() &&
               (code[indent] == QLatin1Char(' ') || code[indent] == QLatin1Char('\t')))
            ++indent;
        if (indent > indents.last()) {
            if (!opener) {
                sink.error(ln + 1, indent + 1,
                           Tr::tr("unexpected indent: Python raises IndentationError"));
                return false;
            }
            indents.append(indent);
        } else {
            if (opener) {
                sink.error(ln + 1, indent + 1,
                           Tr::tr("expected an indented block after the line before: Python "
                                  "raises IndentationError"));
                return false;
            }
            while (indent < indents.last())
                indents.removeLast();
            if (indent != indents.last()) {
                sink.error(ln + 1, indent + 1,
                           Tr::tr("unindent does not match any outer indentation level: Python "
                                  "raises IndentationError"));
                return false;
            }
        }
        // The statement's last line decides whether a block follows; find it.
        int last = ln;
        while (last + 1 < l.lineStarts.size() &&
               (depthAtLine[last + 1] > 0 || l.lineInString[last + 1] ||
                QStringView(l.code)
                    .mid(l.lineStarts[last],
                         (last + 1 < l.lineStarts.size() ? l.lineStarts[last + 1] - 1 : n) -
                             l.lineStarts[last])
                    .trimmed()
                    .endsWith(QLatin1Char('\\'))))
            ++last;
        const int lend = last + 1 < l.lineStarts.size() ? l.lineStarts[last + 1] - 1 : n;
        const QStringView tail =
            QStringView(l.code).mid(l.lineStarts[last], lend - l.lineStarts[last]).trimmed();
        opener = tail.endsWith(QLatin1Char(':'));
    }
    return true;
}

// Bounds that keep pathological input (thousands of unclosed calls) linear: real code has a few
// DataLoader calls of a few hundred characters each.
constexpr int kMaxCallLength = 16384;
constexpr int kMaxCalls = 256;

struct Arg
{
    QString name; // empty for a positional argument
    QString value;
    int offset = 0;
};

// The arguments of the call whose '(' is at `open`, split at top-level commas.
QVector<Arg> callArgs(const Lexed &l, int open)
{
    static const QRegularExpression kw(
        QStringLiteral("^\\s*(\\*\\*|[A-Za-z_][A-Za-z0-9_]*\\s*=(?!=))"));
    // An entry of a dict literal, {"num_workers": 0}, read like a keyword argument.
    static const QRegularExpression dictKey(
        QStringLiteral("^\\s*(['\"])([A-Za-z_][A-Za-z0-9_]*)\\1\\s*:"));
    QVector<Arg> args;
    const int n = std::min(int(l.code.size()), open + kMaxCallLength);
    int depth = 0;
    int start = open + 1;
    auto add = [&](int end) {
        const QString code = l.code.mid(start, end - start);
        if (code.trimmed().isEmpty())
            return;
        Arg a;
        int lead = 0;
        while (lead < code.size() && code.at(lead).isSpace())
            ++lead;
        a.offset = start + lead;
        const QRegularExpressionMatch m = kw.match(code);
        QString value = l.plain.mid(start, end - start);
        if (m.hasMatch()) {
            if (m.captured(1) == QLatin1String("**")) {
                a.name = QStringLiteral("**");
            } else {
                a.name = m.captured(1).chopped(1).trimmed();
                value = value.mid(m.capturedEnd(1));
            }
        } else if (const QRegularExpressionMatch d = dictKey.match(value); d.hasMatch()) {
            a.name = d.captured(2);
            value = value.mid(d.capturedEnd(0));
        }
        a.value = value.simplified();
        args.append(a);
    };
    for (int i = open; i < n; ++i) {
        const QChar c = l.code.at(i);
        if (c == QLatin1Char('(') || c == QLatin1Char('[') || c == QLatin1Char('{')) {
            ++depth;
        } else if (c == QLatin1Char(')') || c == QLatin1Char(']') || c == QLatin1Char('}')) {
            if (--depth == 0) {
                add(i);
                return args;
            }
        } else if (c == QLatin1Char(',') && depth == 1) {
            add(i);
            start = i + 1;
        }
    }
    add(n);
    return args;
}

std::optional<qint64> intLiteral(const QString &v)
{
    static const QRegularExpression re(QStringLiteral("^[+-]?[0-9][0-9_]*$"));
    if (!re.match(v).hasMatch())
        return std::nullopt;
    bool ok = false;
    const qint64 x = QString(v).remove(QLatin1Char('_')).toLongLong(&ok);
    return ok ? std::optional<qint64>(x) : std::nullopt;
}

// The text of a string literal ('x', "x", with an optional r/u prefix), or nullopt.
std::optional<QString> stringLiteral(const QString &v)
{
    static const QRegularExpression re(QStringLiteral("^[rRuU]?(['\"])([^'\"\\\\]*)\\1$"));
    const QRegularExpressionMatch m = re.match(v);
    if (!m.hasMatch())
        return std::nullopt;
    return m.captured(2);
}

bool isStartMethod(const QString &s)
{
    return s == QLatin1String("fork") || s == QLatin1String("spawn") ||
           s == QLatin1String("forkserver");
}

// Lines inside `if __name__ == "__main__":` blocks.
QVector<bool> mainBlockLines(const Lexed &l, const QVector<QStringView> &lines)
{
    static const QRegularExpression re(
        QStringLiteral("^([ \\t]*)if\\s+__name__\\s*==\\s*(['\"])__main__\\2\\s*:"));
    static const QRegularExpression reSwapped(
        QStringLiteral("^([ \\t]*)if\\s+(['\"])__main__\\2\\s*==\\s*__name__\\s*:"));
    QVector<bool> in(lines.size() + 2, false);
    const QVector<QStringView> plainLines = splitLines(l.plain);
    for (int i = 0; i < plainLines.size(); ++i) {
        QRegularExpressionMatch m = re.match(plainLines[i].toString());
        if (!m.hasMatch())
            m = reSwapped.match(plainLines[i].toString());
        if (!m.hasMatch())
            continue;
        const qsizetype indent = m.capturedLength(1);
        in[i + 1] = true; // a one-line `if ...: call()` counts too
        for (int j = i + 1; j < plainLines.size(); ++j) {
            const QStringView t = plainLines[j];
            if (t.trimmed().isEmpty()) {
                in[j + 1] = true;
                continue;
            }
            qsizetype k = 0;
            while (k < t.size() && (t[k] == QLatin1Char(' ') || t[k] == QLatin1Char('\t')))
                ++k;
            if (k <= indent)
                break;
            in[j + 1] = true;
        }
    }
    return in;
}

// `settings = dict(num_workers=8, ...)` or `settings = {...}`: what `**settings` passes.
struct NamedDict
{
    QString name;
    int offset = 0;
    QVector<Arg> args;
};

void checkDataLoader(const Lexed &l, int open, const QVector<NamedDict> &dicts, Sink &sink)
{
    static const QRegularExpression splat(QStringLiteral("^\\*\\*\\s*([A-Za-z_][A-Za-z0-9_]*)$"));
    QVector<Arg> args = callArgs(l, open);
    // Expands `**name` when the file assigns name a literal dict before the call, so generated
    // code that collects the settings in one place is checked too; a later .update() can only
    // change them at run time, which no static check sees.
    bool dynamic = false;
    for (int i = 0, n = int(args.size()); i < n; ++i) {
        if (args[i].name != QLatin1String("**"))
            continue;
        const QRegularExpressionMatch m = splat.match(args[i].value);
        const NamedDict *found = nullptr;
        for (const NamedDict &d : dicts) {
            if (m.hasMatch() && d.name == m.captured(1) && d.offset < open)
                found = &d;
        }
        if (!found) {
            dynamic = true;
            continue;
        }
        for (const Arg &a : found->args) {
            if (!a.name.isEmpty() && a.name != QLatin1String("**"))
                args.append(a);
            else if (a.name == QLatin1String("**"))
                dynamic = true;
        }
    }
    const Arg *workers = nullptr, *persistent = nullptr, *prefetch = nullptr, *context = nullptr;
    const Arg *batchSize = nullptr, *shuffle = nullptr, *sampler = nullptr, *batchSampler = nullptr,
              *dropLast = nullptr, *timeout = nullptr;
    // DataLoader.__init__'s parameters, in order (PyTorch 1.13 to 2.6).
    static const QStringList params = {QStringLiteral("dataset"),
                                       QStringLiteral("batch_size"),
                                       QStringLiteral("shuffle"),
                                       QStringLiteral("sampler"),
                                       QStringLiteral("batch_sampler"),
                                       QStringLiteral("num_workers"),
                                       QStringLiteral("collate_fn"),
                                       QStringLiteral("pin_memory"),
                                       QStringLiteral("drop_last"),
                                       QStringLiteral("timeout"),
                                       QStringLiteral("worker_init_fn"),
                                       QStringLiteral("multiprocessing_context"),
                                       QStringLiteral("generator"),
                                       QStringLiteral("prefetch_factor"),
                                       QStringLiteral("persistent_workers"),
                                       QStringLiteral("pin_memory_device")};
    int positional = 0;
    QVector<Arg> named;
    for (const Arg &a : std::as_const(args)) {
        if (a.name == QLatin1String("**"))
            continue;
        if (a.name.isEmpty()) {
            if (a.value.startsWith(QLatin1Char('*'))) {
                dynamic = true;
                continue;
            }
            if (positional < 12) { // the rest are keyword-only
                Arg p = a;
                p.name = params.at(positional);
                named.append(p);
            }
            ++positional;
            continue;
        }
        if (a.name == QLatin1String("in_order")) {
            sink.warning(l.lineAt(a.offset), l.columnAt(a.offset),
                         Tr::tr("in_order= came with PyTorch 2.6; PyTorch 1.13 to 2.5 raise "
                                "TypeError (unexpected keyword argument)"));
            continue;
        }
        if (!params.contains(a.name)) {
            const QString near = lastSharingPrefix(a.name, params, 4);
            sink.error(l.lineAt(a.offset), l.columnAt(a.offset),
                       near.isEmpty()
                           ? Tr::tr("DataLoader has no argument '%1'; PyTorch raises TypeError "
                                    "(unexpected keyword argument)")
                                 .arg(a.name)
                           : Tr::tr("DataLoader has no argument '%1' (did you mean %2?); PyTorch "
                                    "raises TypeError (unexpected keyword argument)")
                                 .arg(a.name, near));
            continue;
        }
        named.append(a);
    }
    for (const Arg &a : std::as_const(named)) {
        if (a.name == QLatin1String("batch_size"))
            batchSize = &a;
        else if (a.name == QLatin1String("shuffle"))
            shuffle = &a;
        else if (a.name == QLatin1String("sampler"))
            sampler = &a;
        else if (a.name == QLatin1String("batch_sampler"))
            batchSampler = &a;
        else if (a.name == QLatin1String("drop_last"))
            dropLast = &a;
        else if (a.name == QLatin1String("timeout"))
            timeout = &a;
    }
    auto at = [&](const Arg *a, const QString &msg) {
        sink.error(l.lineAt(a->offset), l.columnAt(a->offset), msg);
    };
    auto isNone = [](const Arg *a) {
        return !a || a->value == QLatin1String("None");
    };
    auto isFalsy = [](const Arg *a) {
        return !a || a->value == QLatin1String("False") || a->value == QLatin1String("None") ||
               a->value == QLatin1String("0");
    };
    // Literal values only: a name's value is not known here.
    auto literal = [](const Arg *a) {
        static const QRegularExpression re(
            QStringLiteral("^([+-]?[0-9][0-9_]*|True|False|None|[rRuU]?(['\"])[^'\"]*\\2)$"));
        return a && re.match(a->value).hasMatch();
    };
    if (batchSize && intLiteral(batchSize->value) && *intLiteral(batchSize->value) <= 0)
        at(batchSize, Tr::tr("batch_size=%1: PyTorch raises ValueError (batch_size should be a "
                             "positive integer); use None to turn batching off")
                          .arg(batchSize->value));
    if (batchSize && batchSize->value == QLatin1String("None") && dropLast && literal(dropLast) &&
        !isFalsy(dropLast))
        at(dropLast, Tr::tr("drop_last with batch_size=None: PyTorch raises ValueError (no "
                            "batching, so nothing to drop)"));
    if (timeout && intLiteral(timeout->value) && *intLiteral(timeout->value) < 0)
        at(timeout, Tr::tr("timeout must be 0 or more; PyTorch raises ValueError"));
    // A sampler PyTorch sees as given: a call or literal, or a name last assigned one before the
    // loader; an attribute or another expression may be None and is let be.
    auto given = [&](const Arg *a) {
        if (!a || isNone(a))
            return false;
        static const QRegularExpression object(
            QStringLiteral("^([A-Za-z_][A-Za-z0-9_.]*\\s*\\(|[\\[({]|[0-9'\"])"));
        static const QRegularExpression name(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
        if (object.match(a->value).hasMatch())
            return true;
        if (!name.match(a->value).hasMatch())
            return false;
        const QRegularExpression assign(
            QStringLiteral("(?:^|\\n)[ \\t]*%1[ \\t]*=(?!=)[ \\t]*([^\\n]*)")
                .arg(QRegularExpression::escape(a->value)));
        // The 16 KiB before the call, where its function assigns it: a file of many loaders
        // stays linear.
        constexpr int Lookback = 16 * 1024;
        const int from = std::max(0, a->offset - Lookback);
        QString last;
        for (auto it = assign.globalMatch(l.code.mid(from, a->offset - from)); it.hasNext();)
            last = it.next().captured(1).trimmed();
        return object.match(last).hasMatch();
    };
    if (given(sampler) && shuffle && literal(shuffle) && !isFalsy(shuffle))
        at(shuffle, Tr::tr("shuffle with a sampler: PyTorch raises ValueError (sampler option "
                           "is mutually exclusive with shuffle); let the sampler shuffle"));
    if (given(batchSampler)) {
        const bool conflict =
            (batchSize && literal(batchSize) && batchSize->value != QLatin1String("1")) ||
            (shuffle && literal(shuffle) && !isFalsy(shuffle)) || given(sampler) ||
            (dropLast && literal(dropLast) && !isFalsy(dropLast));
        if (conflict)
            at(batchSampler, Tr::tr("batch_sampler with batch_size, shuffle, sampler or "
                                    "drop_last: PyTorch raises ValueError (they are mutually "
                                    "exclusive); the batch sampler decides the batches"));
    }
    for (const Arg &a : std::as_const(named)) {
        if (a.name == QLatin1String("num_workers")) {
            workers = &a;
        } else if (a.name == QLatin1String("persistent_workers")) {
            persistent = &a;
        } else if (a.name == QLatin1String("prefetch_factor")) {
            prefetch = &a;
        } else if (a.name == QLatin1String("multiprocessing_context")) {
            context = &a;
        }
    }
    // The number of workers when it is known: absent means 0 unless **kwargs may set it.
    std::optional<qint64> n;
    if (workers)
        n = intLiteral(workers->value);
    else if (!dynamic)
        n = 0;
    if (n && *n < 0)
        sink.error(l.lineAt(workers->offset), l.columnAt(workers->offset),
                   Tr::tr("num_workers must be 0 or more; PyTorch raises ValueError"));
    static const QRegularExpression floatNumber(
        QStringLiteral("^[+]?(?:[0-9][0-9_]*\\.[0-9_]*|\\.[0-9][0-9_]*)(?:[eE][+-]?[0-9]+)?$|"
                       "^[+]?[0-9][0-9_]*[eE][+-]?[0-9]+$"));
    if (workers && floatNumber.match(workers->value).hasMatch())
        sink.error(l.lineAt(workers->offset), l.columnAt(workers->offset),
                   Tr::tr("num_workers=%1 is a float: PyTorch raises TypeError when the loader is "
                          "iterated (range() takes whole numbers); write a whole number")
                       .arg(workers->value));
    if (workers && stringLiteral(workers->value))
        sink.error(l.lineAt(workers->offset), l.columnAt(workers->offset),
                   Tr::tr("num_workers is a number, not the string %1; PyTorch raises TypeError")
                       .arg(workers->value));
    const bool noWorkers = n && *n == 0;
    const QString where = workers ? Tr::tr("num_workers=0") : Tr::tr("no num_workers (so 0)");
    if (persistent && persistent->value == QLatin1String("True") && noWorkers)
        sink.error(l.lineAt(persistent->offset), l.columnAt(persistent->offset),
                   Tr::tr("persistent_workers=True with %1: PyTorch raises ValueError; set "
                          "num_workers > 0 or drop persistent_workers")
                       .arg(where));
    if (prefetch) {
        // PyTorch 1.13 takes only 2 without workers (its default) and compares the factor with 0
        // when there are workers; 2.0 and later take only None without workers, and None means 2
        // with them. A rule of one version is a warning that names the versions.
        const int line = l.lineAt(prefetch->offset);
        const int column = l.columnAt(prefetch->offset);
        const std::optional<qint64> p = intLiteral(prefetch->value);
        if (prefetch->value == QLatin1String("None"))
            sink.warning(line, column,
                         Tr::tr("prefetch_factor=None: PyTorch 1.13 raises (ValueError without "
                                "workers, TypeError with them); 2.0 and later accept it"));
        else if (noWorkers && p && *p == 2)
            sink.warning(line, column,
                         Tr::tr("prefetch_factor=2 with %1: PyTorch 1.13 accepts it (2 is its "
                                "default), 2.0 and later raise ValueError; remove prefetch_factor")
                             .arg(where));
        else if (noWorkers)
            sink.error(line, column,
                       Tr::tr("prefetch_factor with %1: PyTorch raises ValueError; set "
                              "num_workers > 0 or remove prefetch_factor")
                           .arg(where));
        else if (p && *p < 1)
            sink.error(line, column,
                       Tr::tr("prefetch_factor must be at least 1 (it is the batches each worker "
                              "loads ahead)"));
    }
    if (context && context->value != QLatin1String("None") && noWorkers)
        sink.error(l.lineAt(context->offset), l.columnAt(context->offset),
                   Tr::tr("multiprocessing_context with %1: PyTorch raises ValueError (it needs "
                          "num_workers > 0)")
                       .arg(where));
    if (context) {
        const std::optional<QString> s = stringLiteral(context->value);
        if (s && !isStartMethod(*s))
            sink.error(l.lineAt(context->offset), l.columnAt(context->offset),
                       Tr::tr("multiprocessing_context '%1' is not a start method; use 'fork', "
                              "'spawn' or 'forkserver'")
                           .arg(*s));
    }
}

} // namespace

void validatePython(const QString &text, Sink &sink)
{
    // CPython refuses any source with a NUL byte ("source code string cannot contain null
    // bytes"), wherever it is, comments and strings included.
    if (const qsizetype nul = text.indexOf(QChar(0)); nul >= 0) {
        const int line = int(QStringView(text).left(nul).count(QLatin1Char('\n'))) + 1;
        const int column = int(nul - text.lastIndexOf(QLatin1Char('\n'), nul));
        sink.error(line, column,
                   Tr::tr("a NUL byte: Python refuses the file (\"source code string cannot "
                          "contain null bytes\")"));
    }
    const Lexed l = lex(text);
    checkSyntax(l, sink);
    const QVector<QStringView> lines = splitLines(text);
    static const QRegularExpression loader(QStringLiteral("\\bDataLoader\\s*\\("));
    static const QRegularExpression defined(QStringLiteral("\\b(def|class)\\s+$"));
    static const QRegularExpression dictAssign(
        QStringLiteral("\\b([A-Za-z_][A-Za-z0-9_]*)\\s*=\\s*(dict\\s*\\(|\\{)"));
    QVector<NamedDict> dicts;
    int calls = 0;
    for (QRegularExpressionMatchIterator it = dictAssign.globalMatch(l.code);
         it.hasNext() && calls < kMaxCalls; ++calls) {
        const QRegularExpressionMatch m = it.next();
        dicts.append(
            {m.captured(1), int(m.capturedStart()), callArgs(l, int(m.capturedEnd()) - 1)});
    }
    calls = 0;
    for (QRegularExpressionMatchIterator it = loader.globalMatch(l.code);
         it.hasNext() && calls < kMaxCalls; ++calls) {
        const QRegularExpressionMatch m = it.next();
        const int start = int(m.capturedStart());
        if (defined.match(l.code.mid(std::max(0, start - 8), std::min(start, 8))).hasMatch())
            continue; // a definition of DataLoader, not a call
        checkDataLoader(l, int(m.capturedEnd()) - 1, dicts, sink);
    }

    const QVector<bool> inMain = mainBlockLines(l, lines);
    static const QRegularExpression strategy(QStringLiteral("\\bset_sharing_strategy\\s*\\("));
    calls = 0;
    for (QRegularExpressionMatchIterator it = strategy.globalMatch(l.code);
         it.hasNext() && calls < kMaxCalls; ++calls) {
        const QRegularExpressionMatch m = it.next();
        const int open = int(m.capturedEnd()) - 1;
        const int line = l.lineAt(int(m.capturedStart()));
        const int column = l.columnAt(int(m.capturedStart()));
        const QVector<Arg> args = callArgs(l, open);
        if (!args.isEmpty()) {
            const std::optional<QString> s = stringLiteral(args.constFirst().value);
            if (s && *s != QLatin1String("file_descriptor") && *s != QLatin1String("file_system"))
                sink.error(line, column,
                           Tr::tr("unknown sharing strategy '%1'; use 'file_descriptor' or "
                                  "'file_system' (both keep batches in /dev/shm)")
                               .arg(*s));
        }
        if (line < inMain.size() && inMain[line])
            sink.warning(
                line, column,
                Tr::tr("set_sharing_strategy() inside 'if __name__ == \"__main__\"' is not "
                       "run in workers started with spawn or forkserver; call it at module "
                       "level, right after the imports"));
    }
    static const QRegularExpression startMethod(QStringLiteral("\\bset_start_method\\s*\\("));
    calls = 0;
    for (QRegularExpressionMatchIterator it = startMethod.globalMatch(l.code);
         it.hasNext() && calls < kMaxCalls; ++calls) {
        const QRegularExpressionMatch m = it.next();
        const QVector<Arg> args = callArgs(l, int(m.capturedEnd()) - 1);
        if (args.isEmpty())
            continue;
        const std::optional<QString> s = stringLiteral(args.constFirst().value);
        if (s && !isStartMethod(*s))
            sink.error(
                l.lineAt(int(m.capturedStart())), l.columnAt(int(m.capturedStart())),
                Tr::tr("unknown start method '%1'; use 'fork', 'spawn' or 'forkserver'").arg(*s));
    }
}

} // namespace shmwise::validators
