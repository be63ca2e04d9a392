// SPDX-License-Identifier: GPL-3.0-or-later
// YAML read for validation: a compact tree built from libyaml's events (the parser go-yaml and
// PyYAML derive from), with each node's position, its scalar style and aliases as shared nodes.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace shmwise::validators {

class YamlNode;

// The nodes of every document of one stream. Nodes live in one vector; a collection's children
// are a run of indices (a mapping's are key, value, key, value, ...); an alias is one more
// reference to the anchored node, so a file whose aliases expand a billionfold stays small here.
class YamlTree
{
public:
    enum class Kind : std::uint8_t
    {
        Null, // a plain ~, null, Null, NULL or nothing, without a tag
        Scalar,
        Sequence,
        Map
    };
    // How a scalar was written: plain (typed by the YAML schema), quoted or a block scalar or
    // tagged '!' (always a string), tagged !!str, or tagged with something else.
    enum class Style : std::uint8_t
    {
        Plain,
        NonSpecific,
        StrTag,
        OtherTag
    };
    struct Node
    {
        Kind kind = Kind::Null;
        Style style = Style::Plain;
        std::uint32_t line = 0;   // 0-based
        std::uint32_t column = 0; // 0-based
        std::uint32_t first = 0;  // scalar: offset in m_text; collection: offset in m_edges
        std::uint32_t size = 0;   // scalar: bytes; sequence: items; mapping: 2 x entries
    };

    std::vector<Node> m_nodes;
    std::vector<std::uint32_t> m_edges;
    std::string m_text;
    std::vector<std::uint32_t> m_roots; // one per non-empty document

    YamlNode root(std::size_t document) const;
    std::size_t documents() const { return m_roots.size(); }
};

// A handle on one node of a YamlTree (which must outlive it); undefined when default-made or
// when a lookup found nothing.
class YamlNode
{
public:
    YamlNode() = default;
    YamlNode(const YamlTree *tree, std::uint32_t index) : m_tree(tree), m_index(index) {}

    bool isDefined() const { return m_tree != nullptr; }
    bool isNull() const { return m_tree && node().kind == YamlTree::Kind::Null; }
    bool isScalar() const { return m_tree && node().kind == YamlTree::Kind::Scalar; }
    bool isSequence() const { return m_tree && node().kind == YamlTree::Kind::Sequence; }
    bool isMap() const { return m_tree && node().kind == YamlTree::Kind::Map; }
    YamlTree::Style style() const { return m_tree ? node().style : YamlTree::Style::Plain; }
    // The scalar's text; empty for anything else.
    std::string_view text() const
    {
        if (!isScalar())
            return {};
        return std::string_view(m_tree->m_text).substr(node().first, node().size);
    }
    // 0-based; 0 for an undefined node (check isDefined()).
    int line() const { return m_tree ? int(node().line) : 0; }
    int column() const { return m_tree ? int(node().column) : 0; }
    // Items of a sequence, entries of a mapping; 0 for anything else.
    std::size_t size() const
    {
        if (isSequence())
            return node().size;
        if (isMap())
            return node().size / 2;
        return 0;
    }
    YamlNode item(std::size_t i) const { return at(i); }          // sequences
    YamlNode key(std::size_t i) const { return at(2 * i); }       // mappings
    YamlNode value(std::size_t i) const { return at(2 * i + 1); } // mappings
    std::uint32_t index() const { return m_index; }
    const YamlTree *tree() const { return m_tree; }

private:
    const YamlTree::Node &node() const { return m_tree->m_nodes[m_index]; }
    YamlNode at(std::size_t edge) const
    {
        return YamlNode(m_tree, m_tree->m_edges[node().first + edge]);
    }

    const YamlTree *m_tree = nullptr;
    std::uint32_t m_index = 0;
};

inline YamlNode YamlTree::root(std::size_t document) const
{
    return YamlNode(this, m_roots[document]);
}

// What parsing a stream gave: the tree, or the first syntax error (with its place, 0-based).
struct YamlParse
{
    std::shared_ptr<YamlTree> tree;
    bool ok = true;
    // When !ok, why: libyaml's problem (in `error`, with its `context` when it gives one), or
    // one of the rules go-yaml adds (`error` then names the anchor, or the depth limit).
    enum class Failure
    {
        Syntax,
        UnknownAnchor,
        AnchorContainsItself,
        TooDeep
    };
    Failure failure = Failure::Syntax;
    std::string error;
    std::string context;
    int errorLine = 0;
    int errorColumn = 0;
    // Mapping keys written twice, per document that parsed: where the second one stands.
    struct Duplicate
    {
        std::string key;
        int line = 0;
        int column = 0;
    };
    std::vector<Duplicate> duplicates;
};

// Parses UTF-8 YAML (all documents). Nesting deeper than `maxDepth` is an error.
YamlParse parseYamlStream(std::string_view utf8, int maxDepth = 10000);

} // namespace shmwise::validators
