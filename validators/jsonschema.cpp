// SPDX-License-Identifier: GPL-3.0-or-later
#include "jsonschema.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMutex>
#include <QRegularExpression>

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>

#include <nlohmann/json.hpp>
#include <valijson/adapters/nlohmann_json_adapter.hpp>
#include <valijson/adapters/qtjson_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validation_results.hpp>
#include <valijson/validator.hpp>

namespace shmwise::validators {

namespace {

// Longer strings and keys are cut: valijson matches `pattern` and `patternProperties` with
// std::regex, which recurses per character and would overflow a thread's stack on a long one.
constexpr int kMaxString = 1024;
constexpr int kMaxDepth = 64;

QString escapePointer(const QString &key)
{
    QString k = key;
    k.replace(QLatin1Char('~'), QLatin1String("~0"));
    k.replace(QLatin1Char('/'), QLatin1String("~1"));
    return k;
}

QJsonValue typedScalar(const YAML::Node &n, YamlTyping typing)
{
    const QString s = QString::fromStdString(n.Scalar());
    if (n.Tag() == "!" || n.Tag() == "tag:yaml.org,2002:str")
        return s.left(kMaxString); // quoted or block scalar: a string
    // Every null, boolean and number below starts with '~', '.', a sign, a digit or one of these
    // letters; any other first character makes a string without trying each pattern.
    if (!s.isEmpty() && s.at(0).isLetter() && !QStringLiteral("nNyYtTfFoO").contains(s.at(0)))
        return s.left(kMaxString);
    static const QRegularExpression nullRe(QStringLiteral("^(~|null|Null|NULL)?$"));
    static const QRegularExpression bool12(QStringLiteral("^(true|True|TRUE|false|False|FALSE)$"));
    static const QRegularExpression bool11(QStringLiteral(
        "^(y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$"));
    static const QRegularExpression int12(QStringLiteral("^[-+]?[0-9]+$"));
    static const QRegularExpression int11(QStringLiteral("^[-+]?(0|[1-9][0-9_]*)$"));
    static const QRegularExpression oct12(QStringLiteral("^0o[0-7]+$"));
    static const QRegularExpression oct11(QStringLiteral("^[-+]?0[0-7_]+$"));
    static const QRegularExpression hex(QStringLiteral("^[-+]?0x[0-9a-fA-F_]+$"));
    static const QRegularExpression flt(
        QStringLiteral("^[-+]?(\\.[0-9]+|[0-9][0-9_]*(\\.[0-9_]*)?)([eE][-+]?[0-9]+)?$"));
    static const QRegularExpression special(
        QStringLiteral("^([-+]?\\.(inf|Inf|INF)|\\.(nan|NaN|NAN))$"));
    if (nullRe.match(s).hasMatch())
        return QJsonValue(QJsonValue::Null);
    const bool y11 = typing == YamlTyping::Yaml11;
    if ((y11 ? bool11 : bool12).match(s).hasMatch()) {
        const QChar c = s.at(0).toLower();
        return QJsonValue(c == QLatin1Char('t') || c == QLatin1Char('y') ||
                          (c == QLatin1Char('o') && s.size() == 2));
    }
    QString digits = s;
    if (y11)
        digits.remove(QLatin1Char('_'));
    bool ok = false;
    if ((y11 ? int11 : int12).match(s).hasMatch()) {
        const double v = digits.toDouble(&ok);
        if (ok)
            return QJsonValue(v);
    }
    if (hex.match(s).hasMatch()) {
        const bool neg = digits.startsWith(QLatin1Char('-'));
        const qint64 v = digits.mid(digits.indexOf(QLatin1Char('x')) + 1).toLongLong(&ok, 16);
        if (ok)
            return QJsonValue(double(neg ? -v : v));
    }
    if (!y11 && oct12.match(s).hasMatch()) {
        const qint64 v = s.mid(2).toLongLong(&ok, 8);
        if (ok)
            return QJsonValue(double(v));
    }
    if (y11 && oct11.match(s).hasMatch()) {
        const bool neg = digits.startsWith(QLatin1Char('-'));
        QString d = digits;
        if (d.startsWith(QLatin1Char('-')) || d.startsWith(QLatin1Char('+')))
            d.remove(0, 1);
        const qint64 v = d.toLongLong(&ok, 8);
        if (ok)
            return QJsonValue(double(neg ? -v : v));
    }
    if (flt.match(s).hasMatch() && s != QLatin1String(".")) {
        const double v = digits.toDouble(&ok);
        if (ok)
            return QJsonValue(v);
    }
    if (special.match(s).hasMatch())
        return QJsonValue(0.0); // a float; its exact value does not matter to a schema
    return s.left(kMaxString);
}

// Whether a mapping key is a merge key (<<), whose value's keys fill in the mapping.
bool isMergeKey(const YAML::Node &key)
{
    return key.IsScalar() && key.Scalar() == "<<" && key.Tag() != "!";
}

// The mappings a merge key's value brings in, in order (the first listed wins).
void appendMerges(const YAML::Node &value, QVector<YAML::Node> &merges)
{
    if (value.IsMap())
        merges.append(value);
    else if (value.IsSequence())
        for (const YAML::Node &m : value)
            merges.append(m);
}

QString keyText(const YAML::Node &key)
{
    return key.IsScalar() ? QString::fromStdString(key.Scalar()).left(kMaxString)
                          : QStringLiteral("?");
}

QVariant convert(const YAML::Node &n, YamlTyping typing, YamlJson &out, int depth)
{
    if (depth > kMaxDepth || --out.budget < 0) {
        out.truncated = out.truncated || out.budget < 0;
        return QVariant::fromValue(nullptr);
    }
    switch (n.Type()) {
    case YAML::NodeType::Scalar:
        return typedScalar(n, typing).toVariant();
    case YAML::NodeType::Sequence: {
        QVariantList a;
        a.reserve(qsizetype(n.size()));
        for (const YAML::Node &item : n)
            a.append(convert(item, typing, out, depth + 1));
        return a;
    }
    case YAML::NodeType::Map: {
        // QJsonObject keeps its keys sorted, so inserting one at a time is quadratic in a big
        // mapping; a QVariantMap is a tree, converted to JSON once, at the end.
        QVariantMap o;
        QVector<YAML::Node> merges;
        for (auto it = n.begin(); it != n.end(); ++it) {
            if (isMergeKey(it->first)) {
                appendMerges(it->second, merges);
                continue;
            }
            o.insert(keyText(it->first), convert(it->second, typing, out, depth + 1));
        }
        // Merged mappings fill in keys not written here; the first listed wins.
        for (const YAML::Node &m : std::as_const(merges)) {
            if (!m.IsMap())
                continue;
            for (auto it = m.begin(); it != m.end(); ++it) {
                if (!it->first.IsScalar())
                    continue;
                const QString key = keyText(it->first);
                if (o.contains(key))
                    continue;
                o.insert(key, convert(it->second, typing, out, depth + 1));
            }
        }
        return o;
    }
    default:
        return QVariant::fromValue(nullptr);
    }
}

// The YAML node a JSON pointer of convert()'s output names, following merge keys as convert()
// does (a key written twice: the last; a merged key: the first mapping that has it). With
// `key`, the mapping key of the last step instead of its value. Undefined when there is none.
// (Recursive because assigning to a defined YAML::Node rewrites the node it refers to.)
YAML::Node nodeAt(const YAML::Node &n, const QStringList &steps, qsizetype s, bool key)
{
    if (s == 0 && !steps.isEmpty() && steps.front().isEmpty())
        return nodeAt(n, steps, 1, key); // the pointer's leading '/'

    if (s == steps.size())
        return n;
    QString step = steps.at(s);
    step.replace(QLatin1String("~1"), QLatin1String("/"));
    step.replace(QLatin1String("~0"), QLatin1String("~"));
    const bool keyHere = key && s == steps.size() - 1;
    if (n.IsSequence()) {
        bool ok = false;
        const qsizetype i = step.toLongLong(&ok);
        if (!ok || i < 0 || size_t(i) >= n.size() || keyHere)
            return YAML::Node(YAML::NodeType::Undefined);
        return nodeAt(n[size_t(i)], steps, s + 1, key);
    }
    if (!n.IsMap())
        return YAML::Node(YAML::NodeType::Undefined);
    std::optional<std::pair<YAML::Node, YAML::Node>> found;
    QVector<YAML::Node> merges;
    for (auto it = n.begin(); it != n.end(); ++it) {
        if (isMergeKey(it->first)) {
            appendMerges(it->second, merges);
        } else if (keyText(it->first) == step) {
            found.reset();
            found.emplace(it->first, it->second);
        }
    }
    for (qsizetype m = 0; !found && m < merges.size(); ++m) {
        if (!merges.at(m).IsMap())
            continue;
        for (auto it = merges.at(m).begin(); it != merges.at(m).end(); ++it) {
            if (it->first.IsScalar() && keyText(it->first) == step) {
                found.emplace(it->first, it->second);
                break;
            }
        }
    }
    if (!found)
        return YAML::Node(YAML::NodeType::Undefined);
    return keyHere ? found->first : nodeAt(found->second, steps, s + 1, key);
}

struct Parsed
{
    QJsonObject root; // kept alive: the schema refers into it
    std::unique_ptr<valijson::Schema> schema;
};

const valijson::Schema *schemaFor(const QString &file, const QString &ref)
{
    static QMutex mutex;
    static std::map<QString, Parsed> cache;
    static std::map<QString, QJsonObject> files;
    QMutexLocker lock(&mutex);
    const QString key = file + QLatin1Char('#') + ref;
    auto it = cache.find(key);
    if (it != cache.end())
        return it->second.schema.get();
    auto f = files.find(file);
    if (f == files.end()) {
        QFile in(file);
        QJsonObject o;
        if (in.open(QIODevice::ReadOnly))
            o = QJsonDocument::fromJson(in.readAll()).object();
        f = files.emplace(file, o).first;
    }
    Parsed p;
    p.root = f->second;
    if (ref != QLatin1String("#"))
        p.root.insert(QStringLiteral("$ref"), ref);
    p.schema = std::make_unique<valijson::Schema>();
    try {
        valijson::SchemaParser parser;
        valijson::adapters::QtJsonAdapter adapter(p.root);
        parser.populateSchema(adapter, *p.schema);
    } catch (const std::exception &) {
        p.schema.reset();
    }
    auto ins = cache.emplace(key, std::move(p)).first;
    return ins->second.schema.get();
}

QString pointerOf(const std::vector<std::string> &context)
{
    QString p;
    for (const std::string &c : context) {
        QString s = QString::fromStdString(c);
        if (s == QLatin1String("<root>"))
            continue;
        if (s.startsWith(QLatin1Char('[')) && s.endsWith(QLatin1Char(']')))
            s = s.mid(1, s.size() - 2);
        if (s.startsWith(QLatin1Char('"')) && s.endsWith(QLatin1Char('"')))
            s = s.mid(1, s.size() - 2);
        p += QLatin1Char('/') + escapePointer(s);
    }
    return p;
}

QString jsonTypeName(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return QStringLiteral("a boolean");
    case QJsonValue::Double:
        return QStringLiteral("a number");
    case QJsonValue::String:
        return QStringLiteral("a string");
    case QJsonValue::Array:
        return QStringLiteral("a list");
    case QJsonValue::Object:
        return QStringLiteral("a mapping");
    default:
        return QStringLiteral("a value");
    }
}

QJsonValue valueAt(const QJsonValue &root, const QString &pointer)
{
    QJsonValue v = root;
    for (const QString &raw : pointer.split(QLatin1Char('/'), Qt::SkipEmptyParts)) {
        QString k = raw;
        k.replace(QLatin1String("~1"), QLatin1String("/"));
        k.replace(QLatin1String("~0"), QLatin1String("~"));
        if (v.isObject())
            v = v.toObject().value(k);
        else if (v.isArray())
            v = v.toArray().at(k.toInt());
        else
            return QJsonValue(QJsonValue::Undefined);
    }
    return v;
}

// The document for validation: valijson's Qt adapter takes only numbers that fit an int as
// integers, so 8589934592 would fail "type: integer"; nlohmann::json keeps 64-bit integers.
nlohmann::json toNlohmann(const QJsonValue &v, int depth = 0)
{
    if (depth > kMaxDepth + 2)
        return nullptr;
    switch (v.type()) {
    case QJsonValue::Bool:
        return v.toBool();
    case QJsonValue::Double: {
        const double d = v.toDouble();
        if (std::floor(d) == d && std::fabs(d) < 9.2e18)
            return static_cast<std::int64_t>(d);
        return d;
    }
    case QJsonValue::String:
        return v.toString().toStdString();
    case QJsonValue::Array: {
        nlohmann::json a = nlohmann::json::array();
        for (const QJsonValue &x : v.toArray())
            a.push_back(toNlohmann(x, depth + 1));
        return a;
    }
    case QJsonValue::Object: {
        nlohmann::json o = nlohmann::json::object();
        const QJsonObject obj = v.toObject();
        for (auto it = obj.begin(); it != obj.end(); ++it)
            o[it.key().toStdString()] = toNlohmann(it.value(), depth + 1);
        return o;
    }
    default:
        return nullptr;
    }
}

} // namespace

YamlJson yamlToJson(const YAML::Node &doc, YamlTyping typing, bool interpolation,
                    qsizetype textSize)
{
    YamlJson out;
    // A value takes at least two characters of text; aliases aside, no file has more.
    out.budget = std::max<qsizetype>(50000, textSize / 2);
    out.root = doc;
    out.interpolation = interpolation;
    out.value = QJsonValue::fromVariant(convert(doc, typing, out, 0));
    return out;
}

QPair<int, int> YamlJson::where(const QString &pointer) const
{
    const bool key = pointer.endsWith(QLatin1String("#key"));
    const YAML::Node n =
        nodeAt(root, (key ? pointer.chopped(4) : pointer).split(QLatin1Char('/')), 0, key);
    const int line = lineOf(n);
    return line > 0 ? qMakePair(line, columnOf(n)) : qMakePair(0, 0);
}

bool YamlJson::interpolated(const QString &pointer) const
{
    if (!interpolation)
        return false;
    const YAML::Node n = nodeAt(root, pointer.split(QLatin1Char('/')), 0, false);
    return n.IsDefined() && n.IsScalar() && n.Scalar().find('$') != std::string::npos;
}

QVector<SchemaProblem> checkSchema(const QString &schemaFile, const QString &ref,
                                   const YamlJson &doc, int max)
{
    QVector<SchemaProblem> out;
    if (doc.truncated) {
        out.append({QString(),
                    Tr::tr("its anchors and aliases expand to far more values than the file "
                           "holds, too many to check (YAML tools refuse such excessive "
                           "aliasing)"),
                    1, 1});
        return out;
    }
    const valijson::Schema *schema = schemaFor(schemaFile, ref);
    if (!schema)
        return out;
    // One validator per thread: it keeps the regular expressions of `pattern` constraints
    // compiled, which a file of many documents would otherwise compile again for each.
    thread_local valijson::Validator validator;
    valijson::ValidationResults results;
    if (!doc.value.isObject()) {
        out.append({QString(),
                    Tr::tr("the document is %1, not a mapping").arg(jsonTypeName(doc.value)), 1,
                    1});
        return out;
    }
    const nlohmann::json value = toNlohmann(doc.value);
    const bool ok =
        validator.validate(*schema, valijson::adapters::NlohmannJsonAdapter(value), &results);
    if (ok)
        return out;
    struct Raw
    {
        QString path;
        QString what;
    };
    QVector<Raw> raws;
    valijson::ValidationResults::Error e;
    while (results.popError(e))
        raws.append({pointerOf(e.context), QString::fromStdString(e.description)});
    static const QRegularExpression extra(QStringLiteral("constraints: '([^']*)'\\.?$"));
    static const QRegularExpression missing(QStringLiteral("required property '([^']*)'"));
    QSet<QString> reported;
    for (const Raw &r : std::as_const(raws)) {
        // Only the innermost: skip a problem when another lies below it.
        bool inner = true;
        for (const Raw &o : std::as_const(raws))
            inner = inner && !(o.path.size() > r.path.size() &&
                               o.path.startsWith(r.path + QLatin1Char('/')));
        if (!inner || doc.interpolated(r.path))
            continue;
        // oneOf/anyOf report each failed branch and then the whole; one message per place.
        if (r.what.contains(QLatin1String("child schema")) ||
            r.what.startsWith(QLatin1String("Failed to validate against schema associated")))
            continue;
        SchemaProblem p;
        p.path = r.path;
        const QString dotted = r.path.mid(1).replace(QLatin1Char('/'), QLatin1Char('.'));
        const QRegularExpressionMatch x = extra.match(r.what);
        const QRegularExpressionMatch m = missing.match(r.what);
        if (x.hasMatch()) {
            const QString key = x.captured(1);
            p.path = r.path + QLatin1Char('/') + escapePointer(key);
            p.message = dotted.isEmpty() ? Tr::tr("unknown key '%1' at the top level").arg(key)
                                         : Tr::tr("unknown key '%1' in %2").arg(key, dotted);
            const auto w = doc.where(p.path + QStringLiteral("#key"));
            p.line = w.first;
            p.column = w.second;
        } else {
            if (m.hasMatch())
                p.message =
                    Tr::tr("%1 needs '%2'")
                        .arg(dotted.isEmpty() ? Tr::tr("the document") : dotted, m.captured(1));
            else if (r.what.contains(QLatin1String("type")))
                p.message = Tr::tr("%1 has the wrong type: %2 is not allowed here")
                                .arg(dotted, jsonTypeName(valueAt(doc.value, r.path)));
            else
                p.message = Tr::tr("%1: %2").arg(dotted.isEmpty() ? Tr::tr("the document") : dotted,
                                                 r.what);
            const auto w = doc.where(r.path);
            p.line = w.first;
            p.column = w.second;
        }
        const QString dedup = p.path + p.message;
        if (reported.contains(dedup))
            continue;
        reported.insert(dedup);
        out.append(p);
        if (out.size() >= max)
            break;
    }
    return out;
}

} // namespace shmwise::validators
