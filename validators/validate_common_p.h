// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the per-format validators share; not part of the public API (validators/validators.h).
// Lines are split in validate_common.cpp, sizes read in validate_sizes.cpp, YAML in
// validate_yaml.cpp.

#include "core/diagnostic.h"
#include "validators/yamldoc_p.h"

#include <QCoreApplication>
#include <QString>
#include <QVector>

#include <algorithm>
#include <limits>
#include <memory>
#include <optional>
#include <vector>

namespace shmwise::validators {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::Validators)
};

// One collected problem list, with helpers that keep call sites short.
class Sink
{
public:
    void error(int line, int column, const QString &message)
    {
        add(Severity::Error, line, column, message);
    }
    void warning(int line, int column, const QString &message)
    {
        add(Severity::Warning, line, column, message);
    }
    void info(int line, int column, const QString &message)
    {
        add(Severity::Info, line, column, message);
    }
    // At most MaxListed diagnostics are kept; the rest are counted into one last diagnostic of
    // the worst severity among them, at the line of the first, so a hostile file cannot make
    // the report hundreds of megabytes and the verdict stays the same.
    static constexpr qsizetype MaxListed = 1000;
    void add(Severity s, int line, int column, const QString &message)
    {
        if (m_diags.size() < MaxListed) {
            m_diags.append({s, line, column, message});
            return;
        }
        ++m_unlisted;
        if (m_diags.size() == MaxListed) {
            m_diags.append({s, line, column, QString()});
        } else if (int(s) < int(m_diags.last().severity)) { // Error is 0
            m_diags.last().severity = s;
        }
        m_diags.last().message =
            Tr::tr("%n more problem(s) are not listed", nullptr,
                   int(std::min<qint64>(m_unlisted, std::numeric_limits<int>::max())));
    }
    QVector<Diagnostic> take() { return std::move(m_diags); }

private:
    QVector<Diagnostic> m_diags;
    qint64 m_unlisted = 0;
};

// Kernel tmpfs `size=`: digits with an optional k/m/g/t/p/e suffix (any case), or N%. Returns the
// bytes (or percent, with *percent set); nullopt with *why on a bad value.
struct KernelSize
{
    quint64 value = 0;
    bool percent = false;
};
std::optional<KernelSize> parseKernelSize(const QString &text, QString *why);

// Docker/Podman/Compose sizes as go-units RAMInBytes reads them: a number (optional fraction),
// an optional space, and b, k, m, g, t or p optionally followed by b or ib, any case; binary.
std::optional<quint64> parseDockerSize(const QString &text, QString *why);

// The per-format validators.
void validateFstab(const QString &text, Sink &sink);
void validateSysctl(const QString &text, Sink &sink);
void validateLimits(const QString &text, Sink &sink);
void validateDockerRun(const QString &text, Sink &sink);
void validateCompose(const QString &text, Sink &sink);
void validateKubernetes(const QString &text, Sink &sink);
void validatePython(const QString &text, Sink &sink);

// Text split into lines (without the terminator); \r\n and \n both end a line.
QVector<QStringView> splitLines(const QString &text);

// Parses YAML (all documents) into `docs`, reporting tab indentation, syntax errors and
// duplicate keys. False when the text is no valid YAML. Empty documents are left out.
struct YamlDocuments
{
    std::shared_ptr<const YamlTree> tree; // what the nodes refer to
    std::vector<YamlNode> docs;
};
bool loadYaml(const QString &text, Sink &sink, YamlDocuments &docs);
int lineOf(const YamlNode &n);   // 1-based; 0 when unknown
int columnOf(const YamlNode &n); // 1-based; 0 when unknown
// The value of `key` in a mapping (the first written; else from its merge keys, as YAML tools
// merge them), or an undefined node (also when `map` is no mapping).
YamlNode child(const YamlNode &map, const char *key);
// The key node itself, for pointing at the key of a value that is empty.
YamlNode keyNode(const YamlNode &map, const char *key);
QString scalar(const YamlNode &n); // the scalar's text; empty for anything else
bool isScalar(const YamlNode &n);
// Whether a scalar was written as a plain integer (not quoted), as YAML 1.2 core reads it.
bool isPlainInteger(const YamlNode &n);

} // namespace shmwise::validators
