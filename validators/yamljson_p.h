// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "validators/validate_common_p.h"

#include <QPair>
#include <QString>

#include <nlohmann/json.hpp>

namespace shmwise::validators {

// How plain YAML scalars get their types: YAML 1.2's core schema (Compose v2, go-yaml v3) or
// YAML 1.1 (Kubernetes and docker-compose 1.x: yes/no/on/off are booleans, 0777 is octal).
enum class YamlTyping
{
    Core12,
    Yaml11
};

// A YAML document as typed JSON, with where each value stood. Merge keys (<<) are applied,
// aliases followed (to a bounded depth), strings and keys over 1,024 characters shortened (the
// schema library's regular expressions recurse per character).
struct YamlJson
{
    nlohmann::json value;
    // Where the value at a JSON pointer stood (line, column, 1-based; 0, 0 when unknown); a
    // pointer ending in "#key" gives the key's place. Looked up in the YAML tree on demand, so
    // a big file pays only for the places its problems name.
    QPair<int, int> where(const QString &pointer) const;
    // Whether the value at a pointer is a scalar with ${...} in it (Compose interpolation).
    bool interpolated(const QString &pointer) const;
    // Aliases can make a small file expand without bound ("billion laughs"): past `budget`
    // values the rest is left out and the schema check skipped.
    bool truncated = false;
    qsizetype budget = 0;
    YamlNode root; // its tree must outlive this
    bool interpolation = false;
};
// `textSize`: the length of the text the document came from; it sets the expansion budget.
YamlJson yamlToJson(const YamlNode &doc, YamlTyping typing, bool interpolation, qsizetype textSize);

} // namespace shmwise::validators
