// SPDX-License-Identifier: GPL-3.0-or-later
#include "validators/yamldoc_p.h"

#include <yaml.h>

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace shmwise::validators {

namespace {

bool isNullText(std::string_view s)
{
    return s.empty() || s == "~" || s == "null" || s == "Null" || s == "NULL";
}

class Builder
{
public:
    Builder(YamlParse &out, int maxDepth) : m_out(out), m_tree(*out.tree), m_maxDepth(maxDepth) {}

    // False (with the failure set) when the stream must not be read further.
    bool handle(const yaml_event_t &e)
    {
        switch (e.type) {
        case YAML_DOCUMENT_START_EVENT:
            m_anchors.clear();
            m_duplicates.clear();
            m_frames.clear();
            m_pending.clear();
            return true;
        case YAML_DOCUMENT_END_EVENT:
            for (YamlParse::Duplicate &d : m_duplicates)
                m_out.duplicates.push_back(std::move(d));
            m_duplicates.clear();
            return true;
        case YAML_ALIAS_EVENT: {
            const std::string name(reinterpret_cast<const char *>(e.data.alias.anchor));
            for (const Frame &f : m_frames) {
                if (f.anchor == name)
                    return fail(e, YamlParse::Failure::AnchorContainsItself, name);
            }
            const auto it = m_anchors.find(name);
            if (it == m_anchors.end())
                return fail(e, YamlParse::Failure::UnknownAnchor, name);
            add(it->second, false);
            return true;
        }
        case YAML_SCALAR_EVENT: {
            const auto &s = e.data.scalar;
            const std::string_view value(reinterpret_cast<const char *>(s.value), s.length);
            YamlTree::Node n;
            n.line = std::uint32_t(e.start_mark.line);
            n.column = std::uint32_t(e.start_mark.column);
            n.style = styleOf(s.tag, s.style == YAML_PLAIN_SCALAR_STYLE);
            n.kind = n.style == YamlTree::Style::Plain && isNullText(value)
                         ? YamlTree::Kind::Null
                         : YamlTree::Kind::Scalar;
            n.first = std::uint32_t(m_tree.m_text.size());
            n.size = std::uint32_t(value.size());
            m_tree.m_text.append(value);
            const auto index = std::uint32_t(m_tree.m_nodes.size());
            m_tree.m_nodes.push_back(n);
            if (s.anchor)
                m_anchors[reinterpret_cast<const char *>(s.anchor)] = index;
            // An empty document is one empty plain scalar; it holds nothing to check.
            add(index, value.empty() && !s.anchor && !s.tag);
            return true;
        }
        case YAML_SEQUENCE_START_EVENT:
            return open(e, YamlTree::Kind::Sequence, e.data.sequence_start.anchor);
        case YAML_MAPPING_START_EVENT:
            return open(e, YamlTree::Kind::Map, e.data.mapping_start.anchor);
        case YAML_SEQUENCE_END_EVENT:
        case YAML_MAPPING_END_EVENT:
            close();
            return true;
        default:
            return true;
        }
    }

private:
    struct Frame
    {
        std::uint32_t node;
        std::size_t pendingStart;
        std::string anchor;
    };

    static YamlTree::Style styleOf(const yaml_char_t *tag, bool plain)
    {
        if (!tag)
            return plain ? YamlTree::Style::Plain : YamlTree::Style::NonSpecific;
        const std::string_view t(reinterpret_cast<const char *>(tag));
        if (t == "!")
            return YamlTree::Style::NonSpecific;
        if (t == "tag:yaml.org,2002:str")
            return YamlTree::Style::StrTag;
        return YamlTree::Style::OtherTag;
    }

    bool fail(const yaml_event_t &e, YamlParse::Failure why, std::string what)
    {
        m_out.ok = false;
        m_out.failure = why;
        m_out.error = std::move(what);
        m_out.errorLine = int(e.start_mark.line);
        m_out.errorColumn = int(e.start_mark.column);
        return false;
    }

    bool open(const yaml_event_t &e, YamlTree::Kind kind, const yaml_char_t *anchor)
    {
        if (int(m_frames.size()) >= m_maxDepth)
            return fail(e, YamlParse::Failure::TooDeep, std::to_string(m_maxDepth));
        YamlTree::Node n;
        n.kind = kind;
        n.line = std::uint32_t(e.start_mark.line);
        n.column = std::uint32_t(e.start_mark.column);
        const auto index = std::uint32_t(m_tree.m_nodes.size());
        m_tree.m_nodes.push_back(n);
        m_frames.push_back(
            {index, m_pending.size(), anchor ? reinterpret_cast<const char *>(anchor) : ""});
        return true;
    }

    void close()
    {
        if (m_frames.empty())
            return;
        Frame f = std::move(m_frames.back());
        m_frames.pop_back();
        YamlTree::Node &n = m_tree.m_nodes[f.node];
        n.first = std::uint32_t(m_tree.m_edges.size());
        n.size = std::uint32_t(m_pending.size() - f.pendingStart);
        m_tree.m_edges.insert(m_tree.m_edges.end(),
                              m_pending.begin() + std::ptrdiff_t(f.pendingStart), m_pending.end());
        m_pending.resize(f.pendingStart);
        if (n.kind == YamlTree::Kind::Map)
            findDuplicates(n);
        if (!f.anchor.empty())
            m_anchors[f.anchor] = f.node;
        add(f.node, false);
    }

    // A node is done: it is the next child of the open collection, or a document's root.
    void add(std::uint32_t index, bool emptyDocument)
    {
        if (!m_frames.empty())
            m_pending.push_back(index);
        else if (!emptyDocument)
            m_tree.m_roots.push_back(index);
    }

    // Keys written twice in one mapping, compared as written (go-yaml v3 and Compose v2 refuse
    // them); reported at the later one.
    void findDuplicates(const YamlTree::Node &map)
    {
        const std::uint32_t entries = map.size / 2;
        if (entries < 2)
            return;
        auto keyText = [this, &map](std::uint32_t i, std::string_view *out) {
            const YamlTree::Node &k = m_tree.m_nodes[m_tree.m_edges[map.first + 2 * i]];
            if (k.kind != YamlTree::Kind::Scalar)
                return false;
            *out = std::string_view(m_tree.m_text).substr(k.first, k.size);
            return true;
        };
        auto report = [this, &map](std::uint32_t i, std::string_view key) {
            const YamlTree::Node &k = m_tree.m_nodes[m_tree.m_edges[map.first + 2 * i]];
            m_duplicates.push_back({std::string(key), int(k.line), int(k.column)});
        };
        std::string_view a, b;
        if (entries <= 16) {
            for (std::uint32_t i = 1; i < entries; ++i) {
                if (!keyText(i, &a))
                    continue;
                for (std::uint32_t j = 0; j < i; ++j) {
                    if (keyText(j, &b) && a == b) {
                        report(i, a);
                        break;
                    }
                }
            }
            return;
        }
        m_seen.clear();
        m_seen.reserve(entries);
        for (std::uint32_t i = 0; i < entries; ++i) {
            if (keyText(i, &a) && !m_seen.insert(a).second)
                report(i, a);
        }
    }

    YamlParse &m_out;
    YamlTree &m_tree;
    const int m_maxDepth;
    std::vector<Frame> m_frames;
    std::vector<std::uint32_t> m_pending;
    std::unordered_map<std::string, std::uint32_t> m_anchors;
    std::vector<YamlParse::Duplicate> m_duplicates;
    std::unordered_set<std::string_view> m_seen;
};

} // namespace

YamlParse parseYamlStream(std::string_view utf8, int maxDepth)
{
    YamlParse out;
    out.tree = std::make_shared<YamlTree>();
    out.tree->m_text.reserve(utf8.size() / 2);
    out.tree->m_nodes.reserve(utf8.size() / 16);
    out.tree->m_edges.reserve(utf8.size() / 16);
    yaml_parser_t parser;
    if (!yaml_parser_initialize(&parser)) {
        out.ok = false;
        out.error = "out of memory";
        return out;
    }
    yaml_parser_set_input_string(&parser, reinterpret_cast<const unsigned char *>(utf8.data()),
                                 utf8.size());
    Builder builder(out, maxDepth);
    for (;;) {
        yaml_event_t event;
        if (!yaml_parser_parse(&parser, &event)) {
            out.ok = false;
            out.failure = YamlParse::Failure::Syntax;
            out.error = parser.problem ? parser.problem : "unknown problem parsing YAML content";
            out.context = parser.context ? parser.context : "";
            // At the end of the text, the place that was left open (a quote, a bracket) says more
            // than the end does.
            const bool atEnd = out.error == "found unexpected end of stream" && parser.context;
            const yaml_mark_t &mark = atEnd ? parser.context_mark : parser.problem_mark;
            out.errorLine = int(mark.line);
            out.errorColumn = int(mark.column);
            break;
        }
        const bool more = builder.handle(event) && event.type != YAML_STREAM_END_EVENT;
        yaml_event_delete(&event);
        if (!more)
            break;
    }
    yaml_parser_delete(&parser);
    return out;
}

} // namespace shmwise::validators
