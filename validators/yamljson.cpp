// SPDX-License-Identifier: GPL-3.0-or-later
// YAML documents typed as JSON the way each tool types them, for the schema check.
#include "validators/yamljson_p.h"

#include <QStringList>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <string_view>
#include <vector>

namespace shmwise::validators {

namespace {

// Longer strings and keys are cut: valijson matches `pattern` and `patternProperties` with
// std::regex, which recurses per character and would overflow a thread's stack on a long one.
constexpr int kMaxString = 1024;
constexpr int kMaxDepth = 64;

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}
bool isOctal(char c)
{
    return c >= '0' && c <= '7';
}
bool isHex(char c)
{
    return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
template <typename Pred> bool allOf(std::string_view s, Pred p)
{
    return std::all_of(s.begin(), s.end(), p);
}
std::string_view dropSign(std::string_view s)
{
    return !s.empty() && (s[0] == '-' || s[0] == '+') ? s.substr(1) : s;
}
bool oneOf(std::string_view s, std::initializer_list<std::string_view> words)
{
    return std::find(words.begin(), words.end(), s) != words.end();
}

// [-+]?(\.[0-9]+|[0-9][0-9_]*(\.[0-9_]*)?)([eE][-+]?[0-9]+)?
bool isFloatText(std::string_view s)
{
    s = dropSign(s);
    std::size_t i = 0;
    if (i < s.size() && s[i] == '.') {
        const std::size_t start = ++i;
        while (i < s.size() && isDigit(s[i]))
            ++i;
        if (i == start)
            return false;
    } else {
        if (i >= s.size() || !isDigit(s[i]))
            return false;
        while (i < s.size() && (isDigit(s[i]) || s[i] == '_'))
            ++i;
        if (i < s.size() && s[i] == '.') {
            ++i;
            while (i < s.size() && (isDigit(s[i]) || s[i] == '_'))
                ++i;
        }
    }
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        ++i;
        if (i < s.size() && (s[i] == '-' || s[i] == '+'))
            ++i;
        const std::size_t start = i;
        while (i < s.size() && isDigit(s[i]))
            ++i;
        if (i == start)
            return false;
    }
    return i == s.size();
}

// The whole text as a double (strtod's grammar); nullopt when it is not one, or out of range.
std::optional<double> toDouble(std::string_view s)
{
    if (!s.empty() && s[0] == '+')
        s.remove_prefix(1); // from_chars takes no '+'; it ignores the locale, unlike strtod
    if (s.empty())
        return std::nullopt;
    double v = 0;
    const auto [end, err] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (err != std::errc() || end != s.data() + s.size() || !std::isfinite(v))
        return std::nullopt;
    return v;
}

// Digits in `base` as a 64-bit integer; nullopt on anything else or on overflow.
std::optional<std::int64_t> toInt(std::string_view s, int base)
{
    if (s.empty())
        return std::nullopt;
    std::uint64_t v = 0;
    for (char c : s) {
        int d = 0;
        if (isDigit(c))
            d = c - '0';
        else if (c >= 'a' && c <= 'f')
            d = c - 'a' + 10;
        else if (c >= 'A' && c <= 'F')
            d = c - 'A' + 10;
        else
            return std::nullopt;
        if (d >= base)
            return std::nullopt;
        v = v * std::uint64_t(base) + std::uint64_t(d);
        if (v > std::uint64_t(std::numeric_limits<std::int64_t>::max()))
            return std::nullopt;
    }
    return std::int64_t(v);
}

// A number as JSON: integral values that fit are integers (the schemas' "type: integer").
nlohmann::json number(double d)
{
    if (std::floor(d) == d && std::fabs(d) < 9.2e18)
        return static_cast<std::int64_t>(d);
    return d;
}

// At most kMaxString characters of UTF-8.
std::string shortened(std::string_view s)
{
    if (s.size() <= std::size_t(kMaxString))
        return std::string(s);
    int chars = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80 && ++chars > kMaxString)
            return std::string(s.substr(0, i));
    }
    return std::string(s);
}

nlohmann::json typedScalar(std::string_view s, YamlTree::Style style, YamlTyping typing)
{
    if (style == YamlTree::Style::NonSpecific || style == YamlTree::Style::StrTag)
        return shortened(s); // quoted or block scalar: a string
    // Every null, boolean and number below starts with '~', '.', a sign, a digit or one of these
    // letters; any other first character makes a string without trying each form.
    if (!s.empty()) {
        const auto c = static_cast<unsigned char>(s[0]);
        if (c >= 0x80 || (std::isalpha(c) && !std::strchr("nNyYtTfFoO", c)))
            return shortened(s);
    }
    if (oneOf(s, {"", "~", "null", "Null", "NULL"}))
        return nullptr;
    const bool y11 = typing == YamlTyping::Yaml11;
    if (oneOf(s, {"true", "True", "TRUE", "false", "False", "FALSE"}) ||
        (y11 && oneOf(s, {"y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "on", "On",
                          "ON", "off", "Off", "OFF"}))) {
        const char c = char(std::tolower(static_cast<unsigned char>(s[0])));
        return c == 't' || c == 'y' || (c == 'o' && s.size() == 2);
    }
    std::string digits(s);
    if (y11)
        digits.erase(std::remove(digits.begin(), digits.end(), '_'), digits.end());
    const std::string_view unsigned_ = dropSign(s);
    const bool neg = !s.empty() && s[0] == '-';
    // Integers: [-+]?[0-9]+ (1.2), [-+]?(0|[1-9][0-9_]*) (1.1).
    const bool isInt = y11 ? (unsigned_ == "0" ||
                              (!unsigned_.empty() && unsigned_[0] >= '1' && unsigned_[0] <= '9' &&
                               allOf(unsigned_, [](char c) { return isDigit(c) || c == '_'; })))
                           : (!unsigned_.empty() && allOf(unsigned_, isDigit));
    if (isInt) {
        if (const auto v = toDouble(digits))
            return number(*v);
    }
    // Hexadecimal: [-+]?0x[0-9a-fA-F_]+ (underscores only in 1.1, where they are dropped).
    if (unsigned_.size() > 2 && unsigned_.substr(0, 2) == "0x" &&
        allOf(unsigned_.substr(2), [](char c) { return isHex(c) || c == '_'; })) {
        if (const auto v = toInt(std::string_view(digits).substr(digits.find('x') + 1), 16))
            return number(double(neg ? -*v : *v));
    }
    // Octal: 0o[0-7]+ (1.2), [-+]?0[0-7_]+ (1.1).
    if (!y11 && s.size() > 2 && s.substr(0, 2) == "0o" && allOf(s.substr(2), isOctal)) {
        if (const auto v = toInt(s.substr(2), 8))
            return number(double(*v));
    }
    if (y11 && unsigned_.size() > 1 && unsigned_[0] == '0' &&
        allOf(unsigned_.substr(1), [](char c) { return isOctal(c) || c == '_'; })) {
        if (const auto v = toInt(dropSign(digits), 8))
            return number(double(neg ? -*v : *v));
    }
    if (isFloatText(s)) {
        if (const auto v = toDouble(digits))
            return number(*v);
    }
    if (oneOf(dropSign(s), {".inf", ".Inf", ".INF"}) || oneOf(s, {".nan", ".NaN", ".NAN"}))
        return number(0.0); // a float; its exact value does not matter to a schema
    return shortened(s);
}

// Whether a mapping key is a merge key (<<), whose value's keys fill in the mapping.
bool isMergeKey(const YamlNode &key)
{
    return key.isScalar() && key.text() == "<<" && key.style() != YamlTree::Style::NonSpecific;
}

// The mappings a merge key's value brings in, in order (the first listed wins).
void appendMerges(const YamlNode &value, std::vector<YamlNode> &merges)
{
    if (value.isMap())
        merges.push_back(value);
    else if (value.isSequence())
        for (std::size_t i = 0; i < value.size(); ++i)
            merges.push_back(value.item(i));
}

std::string keyText(const YamlNode &key)
{
    return key.isScalar() ? shortened(key.text()) : std::string("?");
}

nlohmann::json convert(const YamlNode &n, YamlTyping typing, YamlJson &out, int depth)
{
    if (depth > kMaxDepth || --out.budget < 0) {
        out.truncated = out.truncated || out.budget < 0;
        return nullptr;
    }
    if (n.isScalar())
        return typedScalar(n.text(), n.style(), typing);
    if (n.isSequence()) {
        nlohmann::json a = nlohmann::json::array();
        a.get_ref<nlohmann::json::array_t &>().reserve(n.size());
        for (std::size_t i = 0; i < n.size(); ++i)
            a.push_back(convert(n.item(i), typing, out, depth + 1));
        return a;
    }
    if (!n.isMap())
        return nullptr;
    nlohmann::json o = nlohmann::json::object();
    std::vector<YamlNode> merges;
    for (std::size_t i = 0; i < n.size(); ++i) {
        const YamlNode k = n.key(i);
        if (isMergeKey(k)) {
            appendMerges(n.value(i), merges);
            continue;
        }
        o[keyText(k)] =
            convert(n.value(i), typing, out, depth + 1); // a key written twice: the last
    }
    // Merged mappings fill in keys not written here; the first listed wins.
    for (const YamlNode &m : merges) {
        if (!m.isMap())
            continue;
        for (std::size_t i = 0; i < m.size(); ++i) {
            if (!m.key(i).isScalar())
                continue;
            std::string key = keyText(m.key(i));
            if (o.contains(key))
                continue;
            o.emplace(std::move(key), convert(m.value(i), typing, out, depth + 1));
        }
    }
    return o;
}

// The YAML node a JSON pointer of convert()'s output names, following merge keys as convert()
// does (a key written twice: the last; a merged key: the first mapping that has it). With
// `key`, the mapping key of the last step instead of its value. Undefined when there is none.
YamlNode nodeAt(YamlNode n, const QStringList &steps, bool key)
{
    for (qsizetype s = 0; s < steps.size(); ++s) {
        if (s == 0 && steps.front().isEmpty())
            continue; // the pointer's leading '/'
        QString stepText = steps.at(s);
        stepText.replace(QLatin1String("~1"), QLatin1String("/"));
        stepText.replace(QLatin1String("~0"), QLatin1String("~"));
        const std::string step = stepText.toStdString();
        const bool keyHere = key && s == steps.size() - 1;
        if (n.isSequence()) {
            bool ok = false;
            const qsizetype i = stepText.toLongLong(&ok);
            if (!ok || i < 0 || size_t(i) >= n.size() || keyHere)
                return YamlNode();
            n = n.item(size_t(i));
            continue;
        }
        if (!n.isMap())
            return YamlNode();
        std::ptrdiff_t found = -1;
        YamlNode in = n;
        std::vector<YamlNode> merges;
        for (std::size_t i = 0; i < n.size(); ++i) {
            if (isMergeKey(n.key(i)))
                appendMerges(n.value(i), merges);
            else if (keyText(n.key(i)) == step)
                found = std::ptrdiff_t(i);
        }
        for (std::size_t m = 0; found < 0 && m < merges.size(); ++m) {
            if (!merges[m].isMap())
                continue;
            for (std::size_t i = 0; i < merges[m].size(); ++i) {
                if (merges[m].key(i).isScalar() && keyText(merges[m].key(i)) == step) {
                    found = std::ptrdiff_t(i);
                    in = merges[m];
                    break;
                }
            }
        }
        if (found < 0)
            return YamlNode();
        if (keyHere)
            return in.key(std::size_t(found));
        n = in.value(std::size_t(found));
    }
    return n;
}

} // namespace

YamlJson yamlToJson(const YamlNode &doc, YamlTyping typing, bool interpolation, qsizetype textSize)
{
    YamlJson out;
    // A value takes at least two characters of text; aliases aside, no file has more.
    out.budget = std::max<qsizetype>(50000, textSize / 2);
    out.root = doc;
    out.interpolation = interpolation;
    out.value = convert(doc, typing, out, 0);
    return out;
}

QPair<int, int> YamlJson::where(const QString &pointer) const
{
    const bool key = pointer.endsWith(QLatin1String("#key"));
    const YamlNode n =
        nodeAt(root, (key ? pointer.chopped(4) : pointer).split(QLatin1Char('/')), key);
    const int line = lineOf(n);
    return line > 0 ? qMakePair(line, columnOf(n)) : qMakePair(0, 0);
}

bool YamlJson::interpolated(const QString &pointer) const
{
    if (!interpolation)
        return false;
    const YamlNode n = nodeAt(root, pointer.split(QLatin1Char('/')), false);
    return n.isScalar() && n.text().find('$') != std::string_view::npos;
}

} // namespace shmwise::validators
