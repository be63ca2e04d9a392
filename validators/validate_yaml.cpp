// SPDX-License-Identifier: GPL-3.0-or-later
// YAML read for validation: the documents, tabs, syntax errors and duplicate keys reported, and
// the lookups the validators use.
#include "validators/validate_common_p.h"
#include "validators/yamldoc_p.h"

#include <QByteArray>

#include <algorithm>
#include <string_view>
#include <utility>

namespace shmwise::validators {

// ---------------------------------------------------------------------------------------------
// YAML

int lineOf(const YamlNode &n)
{
    return n.isDefined() ? n.line() + 1 : 0;
}

int columnOf(const YamlNode &n)
{
    return n.isDefined() ? n.column() + 1 : 0;
}

namespace {
// The mapping and index of the entry whose key is `key`: the first written in `map`, else the
// first in the mappings its merge keys (<<) bring in, in order; {undefined, 0} when none.
// `budget` bounds the mappings looked at: merge keys of aliases can form a DAG that would take
// exponential time to walk in full.
std::pair<YamlNode, std::size_t> entryOf(const YamlNode &map, const char *key, int &budget)
{
    if (!map.isMap() || --budget < 0)
        return {};
    const std::string_view k(key);
    std::size_t merges = 0;
    for (std::size_t i = 0, n = map.size(); i < n; ++i) {
        const YamlNode kn = map.key(i);
        if (!kn.isScalar())
            continue;
        if (kn.text() == k)
            return {map, i};
        if (kn.text() == "<<" && kn.style() != YamlTree::Style::NonSpecific)
            ++merges;
    }
    for (std::size_t i = 0, n = map.size(); merges > 0 && i < n; ++i) {
        const YamlNode kn = map.key(i);
        if (!kn.isScalar() || kn.text() != "<<" || kn.style() == YamlTree::Style::NonSpecific)
            continue;
        const YamlNode v = map.value(i);
        if (v.isMap()) {
            if (auto found = entryOf(v, key, budget); found.first.isDefined())
                return found;
        } else if (v.isSequence()) {
            for (std::size_t m = 0; m < v.size(); ++m) {
                if (auto found = entryOf(v.item(m), key, budget); found.first.isDefined())
                    return found;
            }
        }
    }
    return {};
}

constexpr int kMergeBudget = 1000;
} // namespace

YamlNode child(const YamlNode &map, const char *key)
{
    int budget = kMergeBudget;
    const auto [in, i] = entryOf(map, key, budget);
    return in.isDefined() ? in.value(i) : YamlNode();
}

YamlNode keyNode(const YamlNode &map, const char *key)
{
    int budget = kMergeBudget;
    const auto [in, i] = entryOf(map, key, budget);
    return in.isDefined() ? in.key(i) : YamlNode();
}

bool isScalar(const YamlNode &n)
{
    return n.isScalar();
}

QString scalar(const YamlNode &n)
{
    const std::string_view t = n.text();
    return n.isScalar() ? QString::fromUtf8(t.data(), qsizetype(t.size())) : QString();
}

bool isPlainInteger(const YamlNode &n)
{
    if (!n.isScalar() || n.style() == YamlTree::Style::NonSpecific ||
        n.style() == YamlTree::Style::StrTag)
        return false;
    const std::string_view t = n.text();
    return !t.empty() &&
           std::all_of(t.begin(), t.end(), [](char c) { return c >= '0' && c <= '9'; });
}

bool loadYaml(const QString &text, Sink &sink, YamlDocuments &docs)
{
    // Tabs in indentation: reported on every line, before the parser stops at the first.
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

    const QByteArray utf8 = text.toUtf8();
    YamlParse parsed = parseYamlStream(std::string_view(utf8.constData(), size_t(utf8.size())));
    // Duplicate keys of the documents that parsed.
    for (const YamlParse::Duplicate &d : parsed.duplicates)
        sink.error(d.line + 1, d.column + 1,
                   Tr::tr("duplicate key '%1': YAML tools disagree on which value wins; "
                          "keep one and delete the other")
                       .arg(QString::fromStdString(d.key)));
    if (!parsed.ok) {
        const QString what = QString::fromStdString(parsed.error);
        QString why;
        switch (parsed.failure) {
        case YamlParse::Failure::Syntax:
            // libyaml's own words, as PyYAML prints them ("while parsing a block mapping ...
            // did not find expected key").
            why = parsed.context.empty()
                      ? what
                      : QString::fromStdString(parsed.context + ", " + parsed.error);
            break;
        case YamlParse::Failure::UnknownAnchor:
            why = Tr::tr("unknown anchor '%1' referenced").arg(what);
            break;
        case YamlParse::Failure::AnchorContainsItself:
            why = Tr::tr("anchor '%1' value contains itself").arg(what);
            break;
        case YamlParse::Failure::TooDeep:
            why = Tr::tr("exceeded max depth of %1").arg(what);
            break;
        }
        sink.error(parsed.errorLine + 1, parsed.errorColumn + 1,
                   Tr::tr("not valid YAML: %1; fix the syntax here (check indentation, quotes "
                          "and brackets)")
                       .arg(why));
        return false;
    }
    docs.tree = parsed.tree;
    docs.docs.clear();
    docs.docs.reserve(parsed.tree->documents());
    for (std::size_t i = 0; i < parsed.tree->documents(); ++i)
        docs.docs.push_back(parsed.tree->root(i));
    return true;
}

} // namespace shmwise::validators
