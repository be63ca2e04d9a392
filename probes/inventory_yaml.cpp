// SPDX-License-Identifier: GPL-3.0-or-later
// The YAML (and JSON) inventory: groups with hosts, vars and children, read with yaml-cpp.
#include "probes/inventory_p.h"

#include <QCoreApplication>
#include <QFileInfo>

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/yaml.h>

namespace shmwise::inventory {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::Inventory)
};

QString yamlWhere(const QString &file, const YAML::Node &n)
{
    return QStringLiteral("%1:%2").arg(file).arg(n.Mark().line + 1);
}

bool yamlVars(const YAML::Node &n, const QString &file, Vars *vars, QString *error)
{
    if (n.IsNull())
        return true;
    if (!n.IsMap()) {
        *error = yamlWhere(file, n) + QStringLiteral(": ") + Tr::tr("vars must be a mapping");
        return false;
    }
    for (const auto &kv : n) {
        const QString key = QString::fromStdString(kv.first.Scalar());
        vars->insert(key,
                     kv.second.IsScalar() ? QString::fromStdString(kv.second.Scalar()) : QString());
    }
    return true;
}

// What one walk of the file remembers: the group nodes already read under each name (an alias
// names the same node, and reading it again adds nothing), and how many entries it may still
// visit, so anchors and aliases cannot make a small file cost exponential work.
struct Walk
{
    QHash<QString, QVector<YAML::Node>> read;
    qint64 budget = 4000000;
};

bool parseYamlGroup(const QString &name, const YAML::Node &data, const QString &file, Model *m,
                    int depth, Walk *walk)
{
    m->group(name);
    QVector<YAML::Node> &seen = walk->read[name];
    for (const YAML::Node &n : std::as_const(seen))
        if (n.is(data))
            return true;
    if (seen.size() < 64)
        seen.append(data);
    if (depth > 64) {
        m->error = yamlWhere(file, data) + QStringLiteral(": ") +
                   Tr::tr("groups nested too deep at '%1'").arg(name);
        return false;
    }
    if (data.IsNull())
        return true;
    if (!data.IsMap()) {
        m->error = yamlWhere(file, data) + QStringLiteral(": ") +
                   Tr::tr("group '%1' must be a mapping of hosts, vars and children").arg(name);
        return false;
    }
    for (const auto &kv : data) {
        const QString key = QString::fromStdString(kv.first.Scalar());
        const YAML::Node &v = kv.second;
        if (key == QLatin1String("vars")) {
            Vars vars;
            if (!yamlVars(v, file, &vars, &m->error))
                return false;
            Group &g = m->group(name);
            for (auto it = vars.cbegin(); it != vars.cend(); ++it)
                g.vars.insert(it.key(), it.value());
        } else if (key == QLatin1String("hosts") || key == QLatin1String("children")) {
            if (v.IsNull())
                continue;
            if (!v.IsMap()) {
                m->error = yamlWhere(file, v) + QStringLiteral(": ") +
                           Tr::tr("'%1' of group '%2' must be a mapping").arg(key, name);
                return false;
            }
            for (const auto &item : v) {
                if (--walk->budget < 0) {
                    m->error = yamlWhere(file, item.first) + QStringLiteral(": ") +
                               Tr::tr("its anchors and aliases expand to far more groups and "
                                      "hosts than the file holds (excessive aliasing)");
                    return false;
                }
                const QString itemName = QString::fromStdString(item.first.Scalar());
                if (key == QLatin1String("children")) {
                    m->addChild(name, itemName);
                    if (!parseYamlGroup(itemName, item.second, file, m, depth + 1, walk))
                        return false;
                    continue;
                }
                Vars vars;
                if (!yamlVars(item.second, file, &vars, &m->error))
                    return false;
                QStringList names;
                int port = 0;
                QString why;
                if (!expandPattern(itemName, &names, &port, &why)) {
                    m->error = yamlWhere(file, item.first) + QStringLiteral(": ") + why;
                    return false;
                }
                if (port > 0)
                    vars.insert(QStringLiteral("ansible_port"), QString::number(port));
                if (!m->addHosts(name, names, vars, &why)) {
                    m->error = yamlWhere(file, item.first) + QStringLiteral(": ") + why;
                    return false;
                }
            }
        }
        // Other keys are skipped, as Ansible does (with a warning there).
    }
    return true;
}

} // namespace

bool parseYaml(const QByteArray &text, const QString &fileName, Model *m)
{
    const QString suffix = QFileInfo(fileName).suffix().toLower();
    bool yaml = suffix == QLatin1String("yml") || suffix == QLatin1String("yaml") ||
                suffix == QLatin1String("json");
    YAML::Node root;
    try {
        root = YAML::Load(text.toStdString());
        if (!yaml)
            yaml = root.IsMap();
    } catch (const YAML::Exception &e) {
        if (yaml) {
            // yaml-cpp words its depth limit "bad file".
            const bool deep = dynamic_cast<const YAML::DeepRecursion *>(&e) != nullptr;
            m->error = QStringLiteral("%1:%2: %3")
                           .arg(fileName)
                           .arg(e.mark.line + 1)
                           .arg(deep ? Tr::tr("nested more than 2000 levels deep (brackets, "
                                              "braces or indentation), deeper than YAML readers "
                                              "go")
                                     : QString::fromStdString(e.msg));
            return true;
        }
    }
    if (!yaml)
        return false;
    if (!root.IsMap()) {
        m->error = QStringLiteral("%1: %2").arg(
            fileName, Tr::tr("a YAML inventory must be a mapping of groups"));
        return true;
    }
    Walk walk;
    for (const auto &kv : root)
        if (!parseYamlGroup(QString::fromStdString(kv.first.Scalar()), kv.second, fileName, m, 0,
                            &walk))
            break;
    return true;
}

} // namespace shmwise::inventory
