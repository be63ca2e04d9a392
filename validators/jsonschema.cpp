// SPDX-License-Identifier: GPL-3.0-or-later
#include "validators/jsonschema_p.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMutex>
#include <QRegularExpression>

#include <map>
#include <memory>
#include <regex>
#include <set>
#include <unordered_map>

#include <nlohmann/json.hpp>
#include <valijson/adapters/nlohmann_json_adapter.hpp>
#include <valijson/adapters/qtjson_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validation_results.hpp>
#include <valijson/validator.hpp>

// valijson (1.0 and the release in Debian 13) compiles each `patternProperties` regular
// expression again for every object it checks: a Compose file of 100,000 services compiles
// `^x-` and `^[a-z]+$` hundreds of thousands of times. This specialization of its functor for
// the one adapter used here is its own code, line for line, but for taking the compiled
// expression from a per-thread cache (and matching a plain prefix without std::regex).
namespace shmwise::validators::detail {
#ifdef SHMWISE_VALIJSON_REGEX_ENGINE
using RegexEngine = valijson::DefaultRegexEngine;
using Visitor = valijson::ValidationVisitor<valijson::adapters::NlohmannJsonAdapter, RegexEngine>;
#else
using RegexEngine = std::regex;
using Visitor = valijson::ValidationVisitor<valijson::adapters::NlohmannJsonAdapter>;
#endif

// A compiled `patternProperties` expression. One that is '^' and plain characters (`^x-`, the
// Compose extension keys) is matched as the prefix it is, without running std::regex.
struct Pattern
{
    explicit Pattern(const std::string &pattern) : regex(pattern)
    {
        literalPrefix = pattern.size() > 1 && pattern[0] == '^' &&
                        pattern.find_first_of(".[]{}()\\*+?|^$", 1) == std::string::npos;
        if (literalPrefix)
            prefix = pattern.substr(1);
    }
    bool search(const std::string &s) const
    {
        return literalPrefix ? s.compare(0, prefix.size(), prefix) == 0
                             : std::regex_search(s, regex);
    }
    std::regex regex;
    bool literalPrefix = false;
    std::string prefix;
};

inline const Pattern &compiledPattern(const std::string &pattern)
{
    thread_local std::unordered_map<std::string, Pattern> cache;
    auto it = cache.find(pattern);
    if (it == cache.end())
        it = cache.emplace(pattern, Pattern(pattern)).first;
    return it->second;
}
} // namespace shmwise::validators::detail

namespace valijson {
template <>
#ifdef SHMWISE_VALIJSON_REGEX_ENGINE
struct ValidationVisitor<adapters::NlohmannJsonAdapter,
                         DefaultRegexEngine>::ValidatePatternPropertySubschemas
#else
struct ValidationVisitor<adapters::NlohmannJsonAdapter>::ValidatePatternPropertySubschemas
#endif
{
    using AdapterType = adapters::NlohmannJsonAdapter;
    using Visitor = shmwise::validators::detail::Visitor;

    ValidatePatternPropertySubschemas(
        const typename AdapterType::Object &object, const std::vector<std::string> &context,
        bool continueOnSuccess, bool continueOnFailure, bool continueIfUnmatched, bool strictTypes,
        ValidationResults *results, std::set<std::string> *propertiesMatched, bool *validated,
        std::unordered_map<std::string, shmwise::validators::detail::RegexEngine> &regexesCache)
        : m_object(object), m_context(context), m_continueOnSuccess(continueOnSuccess),
          m_continueOnFailure(continueOnFailure), m_continueIfUnmatched(continueIfUnmatched),
          m_strictTypes(strictTypes), m_results(results), m_propertiesMatched(propertiesMatched),
          m_validated(validated), m_regexesCache(regexesCache)
    {}

    template <typename StringType>
    bool operator()(const StringType &patternProperty, const Subschema *subschema) const
    {
        const std::string patternPropertyStr(patternProperty.c_str());
        const shmwise::validators::detail::Pattern &r =
            shmwise::validators::detail::compiledPattern(patternPropertyStr);

        bool matchFound = false;

        // Recursively validate all matching properties
        typedef const typename AdapterType::ObjectMember ObjectMember;
        for (const ObjectMember m : m_object) {
            if (r.search(m.first)) {
                matchFound = true;
                if (m_propertiesMatched) {
                    m_propertiesMatched->insert(m.first);
                }

                // Update context
                std::vector<std::string> newContext = m_context;
                newContext.push_back("[" + m.first + "]");

                // Recursively validate property's value
                Visitor validator(m.second, newContext, m_strictTypes, m_results, m_regexesCache);
                if (validator.validateSchema(*subschema)) {
                    continue;
                }

                if (m_results) {
                    m_results->pushError(
                        m_context, "Failed to validate against schema associated with pattern '" +
                                       patternPropertyStr + "'.");
                }

                if (m_validated) {
                    *m_validated = false;
                }

                if (!m_continueOnFailure) {
                    return false;
                }
            }
        }

        // Allow iteration to terminate if there was not at least one match
        if (!matchFound && !m_continueIfUnmatched) {
            return false;
        }

        return m_continueOnSuccess;
    }

private:
    const typename AdapterType::Object &m_object;
    const std::vector<std::string> &m_context;
    const bool m_continueOnSuccess;
    const bool m_continueOnFailure;
    const bool m_continueIfUnmatched;
    const bool m_strictTypes;
    ValidationResults *const m_results;
    std::set<std::string> *const m_propertiesMatched;
    bool *const m_validated;
    std::unordered_map<std::string, shmwise::validators::detail::RegexEngine> &m_regexesCache;
};
} // namespace valijson

namespace shmwise::validators {

namespace {

QString escapePointer(const QString &key)
{
    QString k = key;
    k.replace(QLatin1Char('~'), QLatin1String("~0"));
    k.replace(QLatin1Char('/'), QLatin1String("~1"));
    return k;
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

QString jsonTypeName(const nlohmann::json &v)
{
    switch (v.type()) {
    case nlohmann::json::value_t::null:
        return QStringLiteral("null");
    case nlohmann::json::value_t::boolean:
        return QStringLiteral("a boolean");
    case nlohmann::json::value_t::number_integer:
    case nlohmann::json::value_t::number_unsigned:
    case nlohmann::json::value_t::number_float:
        return QStringLiteral("a number");
    case nlohmann::json::value_t::string:
        return QStringLiteral("a string");
    case nlohmann::json::value_t::array:
        return QStringLiteral("a list");
    case nlohmann::json::value_t::object:
        return QStringLiteral("a mapping");
    default:
        return QStringLiteral("a value");
    }
}

const nlohmann::json *valueAt(const nlohmann::json &root, const QString &pointer)
{
    const nlohmann::json *v = &root;
    for (const QString &raw : pointer.split(QLatin1Char('/'), Qt::SkipEmptyParts)) {
        QString k = raw;
        k.replace(QLatin1String("~1"), QLatin1String("/"));
        k.replace(QLatin1String("~0"), QLatin1String("~"));
        if (v->is_object()) {
            const auto it = v->find(k.toStdString());
            if (it == v->end())
                return nullptr;
            v = &*it;
        } else if (v->is_array()) {
            bool ok = false;
            const int i = k.toInt(&ok);
            if (!ok || i < 0 || std::size_t(i) >= v->size())
                return nullptr;
            v = &(*v)[std::size_t(i)];
        } else {
            return nullptr;
        }
    }
    return v;
}

} // namespace

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
    if (!doc.value.is_object()) {
        out.append({QString(),
                    Tr::tr("the document is %1, not a mapping").arg(jsonTypeName(doc.value)), 1,
                    1});
        return out;
    }
    const bool ok =
        validator.validate(*schema, valijson::adapters::NlohmannJsonAdapter(doc.value), &results);
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
                p.message =
                    Tr::tr("%1 has the wrong type: %2 is not allowed here").arg(dotted, [&] {
                        const nlohmann::json *v = valueAt(doc.value, r.path);
                        return v ? jsonTypeName(*v) : QStringLiteral("a value");
                    }());
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
