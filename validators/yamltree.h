// SPDX-License-Identifier: GPL-3.0-or-later
// The YAML node tree built from a parser's events, so one pass over the text can feed both the
// tree and other event handlers (the duplicate-key check).
#pragma once

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <string>
#include <utility>
#include <vector>

namespace shmwise::validators {

// Builds the node tree from the parser's events as YAML::Load() does (same nodes, marks, tags
// and anchors), so one scan of the text gives both the tree and the events the duplicate-key
// check needs: yaml-cpp's scanner is most of the time a big file takes.
class TreeBuilder : public YAML::EventHandler
{
public:
    TreeBuilder() : m_memory(new YAML::detail::memory_holder) { m_anchors.push_back(nullptr); }

    // The document's root; a null node when the document was empty.
    YAML::Node root() const
    {
        if (!m_root)
            return YAML::Node();
        // A Node can be made from a detail::node only by the library's friends; an iterator
        // over a one-item sequence yields one.
        YAML::detail::node &holder = m_memory->create_node();
        holder.set_type(YAML::NodeType::Sequence);
        holder.push_back(*m_root, m_memory);
        const YAML::iterator it(holder.begin(), m_memory);
        return YAML::Node(*it);
    }

    void OnDocumentStart(const YAML::Mark &) override {}
    void OnDocumentEnd() override {}
    void OnNull(const YAML::Mark &mark, YAML::anchor_t anchor) override
    {
        push(mark, anchor).set_null();
        pop();
    }
    void OnAlias(const YAML::Mark &, YAML::anchor_t anchor) override
    {
        if (anchor >= m_anchors.size() || !m_anchors[anchor])
            throw YAML::ParserException(YAML::Mark::null_mark(), "unknown anchor");
        push(*m_anchors[anchor]);
        pop();
    }
    void OnScalar(const YAML::Mark &mark, const std::string &tag, YAML::anchor_t anchor,
                  const std::string &value) override
    {
        YAML::detail::node &n = push(mark, anchor);
        n.set_scalar(value);
        n.set_tag(tag);
        pop();
    }
    void OnSequenceStart(const YAML::Mark &mark, const std::string &tag, YAML::anchor_t anchor,
                         YAML::EmitterStyle::value style) override
    {
        YAML::detail::node &n = push(mark, anchor);
        n.set_tag(tag);
        n.set_type(YAML::NodeType::Sequence);
        n.set_style(style);
    }
    void OnSequenceEnd() override { pop(); }
    void OnMapStart(const YAML::Mark &mark, const std::string &tag, YAML::anchor_t anchor,
                    YAML::EmitterStyle::value style) override
    {
        YAML::detail::node &n = push(mark, anchor);
        n.set_type(YAML::NodeType::Map);
        n.set_tag(tag);
        n.set_style(style);
        ++m_mapDepth;
    }
    void OnMapEnd() override
    {
        --m_mapDepth;
        pop();
    }

private:
    YAML::detail::node &push(const YAML::Mark &mark, YAML::anchor_t anchor)
    {
        YAML::detail::node &n = m_memory->create_node();
        n.set_mark(mark);
        if (anchor) {
            if (m_anchors.size() <= anchor)
                m_anchors.resize(anchor + 1, nullptr);
            m_anchors[anchor] = &n;
        }
        push(n);
        return n;
    }
    void push(YAML::detail::node &n)
    {
        const bool needsKey = !m_stack.empty() && m_stack.back()->type() == YAML::NodeType::Map &&
                              m_keys.size() < m_mapDepth;
        m_stack.push_back(&n);
        if (needsKey)
            m_keys.push_back({&n, false});
    }
    void pop()
    {
        if (m_stack.empty())
            return;
        if (m_stack.size() == 1) {
            m_root = m_stack.front();
            m_stack.pop_back();
            return;
        }
        YAML::detail::node &n = *m_stack.back();
        m_stack.pop_back();
        YAML::detail::node &collection = *m_stack.back();
        if (collection.type() == YAML::NodeType::Sequence) {
            collection.push_back(n, m_memory);
        } else if (collection.type() == YAML::NodeType::Map && !m_keys.empty()) {
            PushedKey &key = m_keys.back();
            if (key.second) {
                collection.insert(*key.first, n, m_memory);
                m_keys.pop_back();
            } else {
                key.second = true;
            }
        }
    }

    using PushedKey = std::pair<YAML::detail::node *, bool>;
    YAML::detail::shared_memory_holder m_memory;
    YAML::detail::node *m_root = nullptr;
    std::vector<YAML::detail::node *> m_stack;
    std::vector<YAML::detail::node *> m_anchors;
    std::vector<PushedKey> m_keys;
    size_t m_mapDepth = 0;
};

// Hands each event to two handlers.
class Tee : public YAML::EventHandler
{
public:
    Tee(YAML::EventHandler &a, YAML::EventHandler &b) : m_a(a), m_b(b) {}
    void OnDocumentStart(const YAML::Mark &m) override
    {
        m_a.OnDocumentStart(m);
        m_b.OnDocumentStart(m);
    }
    void OnDocumentEnd() override
    {
        m_a.OnDocumentEnd();
        m_b.OnDocumentEnd();
    }
    void OnNull(const YAML::Mark &m, YAML::anchor_t a) override
    {
        m_a.OnNull(m, a);
        m_b.OnNull(m, a);
    }
    void OnAlias(const YAML::Mark &m, YAML::anchor_t a) override
    {
        m_a.OnAlias(m, a);
        m_b.OnAlias(m, a);
    }
    void OnScalar(const YAML::Mark &m, const std::string &tag, YAML::anchor_t a,
                  const std::string &value) override
    {
        m_a.OnScalar(m, tag, a, value);
        m_b.OnScalar(m, tag, a, value);
    }
    void OnSequenceStart(const YAML::Mark &m, const std::string &tag, YAML::anchor_t a,
                         YAML::EmitterStyle::value style) override
    {
        m_a.OnSequenceStart(m, tag, a, style);
        m_b.OnSequenceStart(m, tag, a, style);
    }
    void OnSequenceEnd() override
    {
        m_a.OnSequenceEnd();
        m_b.OnSequenceEnd();
    }
    void OnMapStart(const YAML::Mark &m, const std::string &tag, YAML::anchor_t a,
                    YAML::EmitterStyle::value style) override
    {
        m_a.OnMapStart(m, tag, a, style);
        m_b.OnMapStart(m, tag, a, style);
    }
    void OnMapEnd() override
    {
        m_a.OnMapEnd();
        m_b.OnMapEnd();
    }

private:
    YAML::EventHandler &m_a;
    YAML::EventHandler &m_b;
};

} // namespace shmwise::validators
