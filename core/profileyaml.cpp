// SPDX-License-Identifier: GPL-3.0-or-later
// The profile's YAML form: the reader (with a position for every problem) and the writer.
#include "profile.h"

#include "atomicfile.h"
#include "presets.h"
#include "profilechecks.h"

#include <QCoreApplication>
#include <QFile>
#include <QRegularExpression>
#include <QSet>

#include <yaml-cpp/yaml.h>

#include <functional>

namespace shmwise {

using namespace profilechecks;

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::Profile)
};

struct Pos
{
    int line = 0;
    int column = 0;
};

Pos posOf(const YAML::Node &n)
{
    const YAML::Mark m = n.Mark();
    if (m.is_null())
        return {};
    return {m.line + 1, m.column + 1};
}

template <class T> struct Field
{
    std::optional<T> value;
    Pos pos;
    explicit operator bool() const { return value.has_value(); }
    const T &operator*() const { return *value; }
};

// What a `workload:` mapping says, before presets and defaults are applied.
struct WorkloadInput
{
    Field<QString> preset;
    Field<QVector<TensorSpec>> sample;
    Field<Bytes> sampleBytes;
    Field<quint64> batchSize;
    Field<quint64> processesPerNode;
    Field<quint64> numWorkers;
    Field<quint64> prefetchFactor;
    Field<bool> persistentWorkers;
    Field<bool> pinMemory;
    Field<StartMethod> startMethod;
    Field<SharingStrategy> sharingStrategy;
    Field<Bytes> datasetResidentBytes;
    Pos pos;
};

class Reader
{
public:
    explicit Reader(QString file) : m_file(std::move(file)) {}

    QVector<ProfileProblem> problems;

    void report(Pos pos, const QString &key, const QString &message)
    {
        problems.append({m_file, pos.line, pos.column, key, message});
    }
    void report(const YAML::Node &n, const QString &key, const QString &message)
    {
        report(posOf(n), key, message);
    }

    static QString scalarText(const YAML::Node &n) { return QString::fromStdString(n.Scalar()); }

    // Checks a mapping: only `allowed` keys, no duplicates. Returns false when `n` is no mapping.
    bool checkMap(const YAML::Node &n, const QString &path, const QStringList &allowed)
    {
        if (!n.IsMap()) {
            report(n, path, Tr::tr("must be a mapping of keys to values"));
            return false;
        }
        QSet<QString> seen;
        for (auto it = n.begin(); it != n.end(); ++it) {
            const YAML::Node key = it->first;
            const QString k = key.IsScalar() ? scalarText(key) : QString();
            const QString full = path.isEmpty() ? k : path + QLatin1Char('.') + k;
            if (!key.IsScalar()) {
                report(key, path, Tr::tr("keys must be plain names"));
                continue;
            }
            if (seen.contains(k)) {
                report(key, full, Tr::tr("duplicate key; only one '%1' is allowed").arg(k));
                continue;
            }
            seen.insert(k);
            if (!allowed.contains(k))
                report(key, full,
                       Tr::tr("unknown key '%1'; expected one of: %2")
                           .arg(k, allowed.join(QStringLiteral(", "))));
        }
        return true;
    }

    // Whether `map` has `key`; remembers where the key was written, since an empty value has
    // no position of its own worth showing.
    bool present(const YAML::Node &map, const char *key)
    {
        if (!map.IsMap() || !map[key].IsDefined())
            return false;
        for (auto it = map.begin(); it != map.end(); ++it) {
            if (it->first.IsScalar() && it->first.Scalar() == key) {
                m_keyPos = posOf(it->first);
                break;
            }
        }
        return true;
    }

    bool notNull(const YAML::Node &n, const QString &key)
    {
        if (n.IsNull()) {
            report(m_keyPos.line > 0 ? m_keyPos : posOf(n), key, Tr::tr("has no value"));
            return false;
        }
        return true;
    }

    std::optional<QString> readString(const YAML::Node &n, const QString &key)
    {
        if (!notNull(n, key))
            return std::nullopt;
        if (!n.IsScalar()) {
            report(n, key, Tr::tr("must be a text value"));
            return std::nullopt;
        }
        return scalarText(n);
    }

    std::optional<quint64> readCount(const YAML::Node &n, const QString &key, quint64 min)
    {
        if (!notNull(n, key))
            return std::nullopt;
        if (!n.IsScalar() || n.Tag() == "!") {
            report(n, key, Tr::tr("must be a whole number"));
            return std::nullopt;
        }
        const QString text = scalarText(n).trimmed();
        static const QRegularExpression intRe(QStringLiteral("^[+-]?[0-9]+$"));
        if (!intRe.match(text).hasMatch()) {
            report(n, key, Tr::tr("'%1' is not a whole number").arg(text));
            return std::nullopt;
        }
        if (text.startsWith(QLatin1Char('-')) && text.mid(1).toULongLong() != 0) {
            report(n, key, Tr::tr("must not be negative (got %1)").arg(text));
            return std::nullopt;
        }
        bool ok = false;
        const quint64 v = text.toULongLong(&ok);
        if (!ok) {
            report(n, key, Tr::tr("%1 is too large").arg(text));
            return std::nullopt;
        }
        if (v < min) {
            report(n, key, Tr::tr("must be at least %1 (got %2)").arg(min).arg(v));
            return std::nullopt;
        }
        return v;
    }

    std::optional<bool> readBool(const YAML::Node &n, const QString &key)
    {
        if (!notNull(n, key))
            return std::nullopt;
        const QString text = n.IsScalar() ? scalarText(n) : QString();
        if (n.IsScalar() && n.Tag() != "!") {
            if (text == QLatin1String("true") || text == QLatin1String("True"))
                return true;
            if (text == QLatin1String("false") || text == QLatin1String("False"))
                return false;
        }
        report(n, key, Tr::tr("must be true or false"));
        return std::nullopt;
    }

    std::optional<Bytes> readSize(const YAML::Node &n, const QString &key)
    {
        if (!notNull(n, key))
            return std::nullopt;
        if (!n.IsScalar()) {
            report(n, key, Tr::tr("must be a size such as 64MiB or a number of bytes"));
            return std::nullopt;
        }
        const QString text = scalarText(n);
        if (text.trimmed().startsWith(QLatin1Char('-'))) {
            report(n, key, Tr::tr("must not be negative (got %1)").arg(text));
            return std::nullopt;
        }
        QString error;
        const auto v = parseSize(text, &error);
        if (!v)
            report(n, key, error);
        return v;
    }

    template <class E>
    std::optional<E> readEnum(const YAML::Node &n, const QString &key,
                              std::optional<E> (*fromName)(const QString &),
                              const QStringList &names)
    {
        const auto s = readString(n, key);
        if (!s)
            return std::nullopt;
        const auto v = fromName(*s);
        if (!v)
            report(n, key,
                   Tr::tr("unknown value '%1'; expected one of: %2")
                       .arg(*s, names.join(QStringLiteral(", "))));
        return v;
    }

    std::optional<QVector<TensorSpec>> readSample(const YAML::Node &n, const QString &key)
    {
        if (!notNull(n, key))
            return std::nullopt;
        if (!n.IsSequence() || n.size() == 0) {
            report(n, key, Tr::tr("must be a list of tensors, each {name, shape, dtype}"));
            return std::nullopt;
        }
        QVector<TensorSpec> out;
        QSet<QString> names;
        bool good = true;
        for (std::size_t i = 0; i < n.size(); ++i) {
            const YAML::Node t = n[i];
            const QString tk = key + QLatin1Char('[') + QString::number(i) + QLatin1Char(']');
            if (!checkMap(
                    t, tk,
                    {QStringLiteral("name"), QStringLiteral("shape"), QStringLiteral("dtype")})) {
                good = false;
                continue;
            }
            TensorSpec spec;
            for (const char *required : {"name", "shape", "dtype"}) {
                if (!present(t, required)) {
                    report(t, tk, Tr::tr("needs '%1'").arg(QLatin1String(required)));
                    good = false;
                }
            }
            if (present(t, "name")) {
                const auto name = readString(t["name"], tk + QStringLiteral(".name"));
                if (name) {
                    const QString bad = checkTensorName(*name);
                    if (!bad.isEmpty()) {
                        report(t["name"], tk + QStringLiteral(".name"), bad);
                        good = false;
                    } else if (names.contains(*name)) {
                        report(t["name"], tk + QStringLiteral(".name"),
                               Tr::tr("tensor name '%1' is used twice").arg(*name));
                        good = false;
                    }
                    names.insert(*name);
                    spec.name = *name;
                } else {
                    good = false;
                }
            }
            if (present(t, "shape")) {
                const YAML::Node s = t["shape"];
                const QString sk = tk + QStringLiteral(".shape");
                if (!s.IsSequence()) {
                    report(s, sk,
                           Tr::tr("must be a list of dimensions, such as [3, 224, 224] or [] "
                                  "for a scalar"));
                    good = false;
                } else {
                    for (std::size_t d = 0; d < s.size(); ++d) {
                        const auto dim = readCount(s[d], sk, 0);
                        if (dim)
                            spec.shape.append(*dim);
                        else
                            good = false;
                    }
                }
            }
            if (present(t, "dtype")) {
                const auto dt = readEnum<DType>(t["dtype"], tk + QStringLiteral(".dtype"),
                                                &dtypeFromName, dtypeNames());
                if (dt)
                    spec.dtype = *dt;
                else
                    good = false;
            }
            if (good && !spec.bytes()) {
                report(t, tk, Tr::tr("the tensor's size overflows 64 bits"));
                good = false;
            }
            out.append(spec);
        }
        if (!good)
            return std::nullopt;
        return out;
    }

    template <class T, class F>
    void take(const YAML::Node &map, const char *key, const QString &path, Field<T> &field, F read)
    {
        if (!present(map, key))
            return;
        const YAML::Node n = map[key];
        field.pos = posOf(n);
        field.value = read(n, path + QLatin1String(key));
    }

    WorkloadInput readWorkload(const YAML::Node &n, const QString &path)
    {
        WorkloadInput in;
        in.pos = posOf(n);
        if (!checkMap(n, path.left(path.size() - 1),
                      {QStringLiteral("preset"), QStringLiteral("sample"),
                       QStringLiteral("sample_bytes"), QStringLiteral("batch_size"),
                       QStringLiteral("processes_per_node"), QStringLiteral("num_workers"),
                       QStringLiteral("prefetch_factor"), QStringLiteral("persistent_workers"),
                       QStringLiteral("pin_memory"), QStringLiteral("start_method"),
                       QStringLiteral("sharing_strategy"),
                       QStringLiteral("dataset_resident_bytes")}))
            return in;
        auto str = [this](const YAML::Node &x, const QString &k) {
            return readString(x, k);
        };
        auto size = [this](const YAML::Node &x, const QString &k) {
            return readSize(x, k);
        };
        auto boolean = [this](const YAML::Node &x, const QString &k) {
            return readBool(x, k);
        };
        auto count = [this](quint64 min) {
            return [this, min](const YAML::Node &x, const QString &k) {
                return readCount(x, k, min);
            };
        };
        take(n, "preset", path, in.preset, str);
        take(n, "sample", path, in.sample,
             [this](const YAML::Node &x, const QString &k) { return readSample(x, k); });
        take(n, "sample_bytes", path, in.sampleBytes, size);
        take(n, "batch_size", path, in.batchSize, count(1));
        take(n, "processes_per_node", path, in.processesPerNode, count(1));
        take(n, "num_workers", path, in.numWorkers, count(0));
        take(n, "prefetch_factor", path, in.prefetchFactor, count(1));
        take(n, "persistent_workers", path, in.persistentWorkers, boolean);
        take(n, "pin_memory", path, in.pinMemory, boolean);
        take(n, "start_method", path, in.startMethod,
             [this](const YAML::Node &x, const QString &k) {
                 return readEnum<StartMethod>(x, k, &startMethodFromName, startMethodNames());
             });
        take(n, "sharing_strategy", path, in.sharingStrategy,
             [this](const YAML::Node &x, const QString &k) {
                 return readEnum<SharingStrategy>(x, k, &sharingStrategyFromName,
                                                  sharingStrategyNames());
             });
        take(n, "dataset_resident_bytes", path, in.datasetResidentBytes, size);
        if (in.sample && in.sampleBytes)
            report(in.sampleBytes.pos, path + QStringLiteral("sample_bytes"),
                   Tr::tr("give either 'sample' or 'sample_bytes', not both"));
        if (in.sampleBytes && *in.sampleBytes == 0)
            report(in.sampleBytes.pos, path + QStringLiteral("sample_bytes"),
                   Tr::tr("must be more than 0"));
        return in;
    }

private:
    QString m_file;
    Pos m_keyPos;
};

QVector<ProfileProblem> tabProblems(const QByteArray &yaml, const QString &file)
{
    QVector<ProfileProblem> out;
    const QList<QByteArray> lines = yaml.split('\n');
    for (int i = 0; i < lines.size(); ++i) {
        const QByteArray &l = lines[i];
        for (int c = 0; c < l.size() && (l[c] == ' ' || l[c] == '\t'); ++c) {
            if (l[c] == '\t') {
                out.append({file, i + 1, c + 1, QString(),
                            Tr::tr("a tab is used for indentation; YAML indents with spaces")});
                break;
            }
        }
    }
    return out;
}

} // namespace

ProfileResult parseProfile(const QByteArray &yaml, const QString &fileName)
{
    ProfileResult result;
    Reader r(fileName);

    result.problems = tabProblems(yaml, fileName);
    if (!result.problems.isEmpty())
        return result;

    YAML::Node root;
    try {
        root = YAML::Load(yaml.toStdString());
    } catch (const YAML::Exception &e) {
        result.problems.append({fileName, e.mark.is_null() ? 0 : e.mark.line + 1,
                                e.mark.is_null() ? 0 : e.mark.column + 1, QString(),
                                Tr::tr("not valid YAML: %1").arg(QString::fromStdString(e.msg))});
        return result;
    }
    if (!root.IsDefined() || root.IsNull()) {
        r.report(Pos{1, 1}, QString(),
                 Tr::tr("the profile is empty; it needs at least 'shmwise: 1', 'environment' and "
                        "'workload'"));
        result.problems = r.problems;
        return result;
    }

    Profile p;
    try {
        if (!r.checkMap(root, QString(),
                        {QStringLiteral("shmwise"), QStringLiteral("environment"),
                         QStringLiteral("kubernetes"), QStringLiteral("job"),
                         QStringLiteral("host"), QStringLiteral("workload")})) {
            result.problems = r.problems;
            return result;
        }
        const Pos rootPos = posOf(root);

        if (!r.present(root, "shmwise")) {
            r.report(rootPos, QStringLiteral("shmwise"),
                     Tr::tr("missing; the first line of a profile is 'shmwise: 1'"));
        } else if (const auto v = r.readCount(root["shmwise"], QStringLiteral("shmwise"), 0)) {
            if (*v != 1)
                r.report(
                    root["shmwise"], QStringLiteral("shmwise"),
                    Tr::tr("profile version %1 is not supported; this version of ShmWise reads "
                           "version 1")
                        .arg(*v));
        }

        if (!r.present(root, "environment")) {
            r.report(
                rootPos, QStringLiteral("environment"),
                Tr::tr("missing; one of: %1").arg(environmentNames().join(QStringLiteral(", "))));
        } else if (const auto e =
                       r.readEnum<Environment>(root["environment"], QStringLiteral("environment"),
                                               &environmentFromName, environmentNames())) {
            p.environment = *e;
        }

        if (r.present(root, "kubernetes")) {
            const YAML::Node k = root["kubernetes"];
            if (r.checkMap(k, QStringLiteral("kubernetes"),
                           {QStringLiteral("kind"), QStringLiteral("namespace")})) {
                if (r.present(k, "kind")) {
                    if (const auto kind = r.readEnum<KubernetesKind>(
                            k["kind"], QStringLiteral("kubernetes.kind"), &kubernetesKindFromName,
                            kubernetesKindNames()))
                        p.kubernetes.kind = *kind;
                }
                if (r.present(k, "namespace")) {
                    if (const auto ns =
                            r.readString(k["namespace"], QStringLiteral("kubernetes.namespace"))) {
                        const QString bad = checkDnsLabel(*ns);
                        if (!bad.isEmpty())
                            r.report(k["namespace"], QStringLiteral("kubernetes.namespace"), bad);
                        p.kubernetes.ns = *ns;
                    }
                }
            }
        }

        if (r.present(root, "job")) {
            const YAML::Node j = root["job"];
            if (r.checkMap(j, QStringLiteral("job"),
                           {QStringLiteral("name"), QStringLiteral("image"),
                            QStringLiteral("command"), QStringLiteral("memory_bytes"),
                            QStringLiteral("gpus")})) {
                if (r.present(j, "name")) {
                    if (const auto v = r.readString(j["name"], QStringLiteral("job.name"))) {
                        const QString bad = checkDnsLabel(*v);
                        if (!bad.isEmpty())
                            r.report(j["name"], QStringLiteral("job.name"), bad);
                        p.job.name = *v;
                    }
                }
                if (r.present(j, "image")) {
                    if (const auto v = r.readString(j["image"], QStringLiteral("job.image"))) {
                        const QString bad = checkImage(*v);
                        if (!bad.isEmpty())
                            r.report(j["image"], QStringLiteral("job.image"), bad);
                        p.job.image = *v;
                    }
                }
                if (r.present(j, "command")) {
                    const YAML::Node c = j["command"];
                    if (!c.IsSequence()) {
                        r.report(c, QStringLiteral("job.command"),
                                 Tr::tr("must be a list of arguments, such as [python, train.py]"));
                    } else {
                        QStringList cmd;
                        bool good = true;
                        for (std::size_t i = 0; i < c.size(); ++i) {
                            const auto a = r.readString(c[i], QStringLiteral("job.command"));
                            if (a)
                                cmd << *a;
                            else
                                good = false;
                        }
                        if (good) {
                            const QString bad = checkCommand(cmd);
                            if (!bad.isEmpty())
                                r.report(c, QStringLiteral("job.command"), bad);
                            p.job.command = cmd;
                        }
                    }
                }
                if (r.present(j, "memory_bytes"))
                    p.job.memoryBytes =
                        r.readSize(j["memory_bytes"], QStringLiteral("job.memory_bytes"));
                if (r.present(j, "gpus")) {
                    if (const auto v = r.readCount(j["gpus"], QStringLiteral("job.gpus"), 0))
                        p.job.gpus = *v;
                }
            }
        }

        if (r.present(root, "host")) {
            const YAML::Node h = root["host"];
            if (r.checkMap(h, QStringLiteral("host"),
                           {QStringLiteral("shm_bytes"), QStringLiteral("shm_adjustable"),
                            QStringLiteral("memory_bytes"), QStringLiteral("cpus")})) {
                if (r.present(h, "shm_bytes"))
                    p.host.shmBytes = r.readSize(h["shm_bytes"], QStringLiteral("host.shm_bytes"));
                if (r.present(h, "shm_adjustable"))
                    p.host.shmAdjustable =
                        r.readBool(h["shm_adjustable"], QStringLiteral("host.shm_adjustable"));
                if (r.present(h, "memory_bytes"))
                    p.host.memoryBytes =
                        r.readSize(h["memory_bytes"], QStringLiteral("host.memory_bytes"));
                if (r.present(h, "cpus"))
                    p.host.cpus = r.readCount(h["cpus"], QStringLiteral("host.cpus"), 1);
            }
        }

        if (!r.present(root, "workload")) {
            r.report(rootPos, QStringLiteral("workload"),
                     Tr::tr("missing; it needs a 'sample' (or 'sample_bytes' or a 'preset') and a "
                            "'batch_size'"));
        } else {
            const YAML::Node wn = root["workload"];
            const WorkloadInput user = r.readWorkload(wn, QStringLiteral("workload."));
            WorkloadInput base;
            if (user.preset) {
                const auto text = presetYaml(*user.preset);
                if (!text) {
                    QStringList ids;
                    for (const PresetInfo &pi : presets())
                        ids << pi.id;
                    r.report(user.preset.pos, QStringLiteral("workload.preset"),
                             Tr::tr("unknown preset '%1'; expected one of: %2")
                                 .arg(*user.preset, ids.join(QStringLiteral(", "))));
                } else {
                    Reader pr(QStringLiteral(":/presets/") + *user.preset +
                              QStringLiteral(".yaml"));
                    const YAML::Node pn = YAML::Load(text->toStdString());
                    base = pr.readWorkload(pn["workload"], QStringLiteral("workload."));
                    r.problems += pr.problems;
                }
            }
            auto pick = [](const auto &u, const auto &b) {
                return u ? u : b;
            };
            Workload &w = p.workload;
            if (user.preset)
                w.preset = *user.preset;
            if (user.sample || user.sampleBytes) {
                if (user.sample)
                    w.sample = *user.sample;
                if (user.sampleBytes)
                    w.sampleBytes = *user.sampleBytes;
            } else {
                if (base.sample)
                    w.sample = *base.sample;
                if (base.sampleBytes)
                    w.sampleBytes = *base.sampleBytes;
            }
            const auto bs = pick(user.batchSize, base.batchSize);
            w.batchSize = bs.value.value_or(0);
            w.processesPerNode =
                pick(user.processesPerNode, base.processesPerNode).value.value_or(1);
            w.numWorkers = pick(user.numWorkers, base.numWorkers).value.value_or(0);
            // A preset's loader settings assume workers; a user who turns workers off must not
            // inherit settings that PyTorch rejects without them.
            const bool userDisabledWorkers = user.numWorkers && *user.numWorkers == 0;
            w.prefetchFactor = user.prefetchFactor   ? user.prefetchFactor.value
                               : userDisabledWorkers ? std::nullopt
                                                     : base.prefetchFactor.value;
            w.persistentWorkers = user.persistentWorkers ? *user.persistentWorkers
                                  : userDisabledWorkers
                                      ? false
                                      : base.persistentWorkers.value.value_or(false);
            w.pinMemory = pick(user.pinMemory, base.pinMemory).value.value_or(false);
            w.startMethod =
                pick(user.startMethod, base.startMethod).value.value_or(StartMethod::Fork);
            w.sharingStrategy = pick(user.sharingStrategy, base.sharingStrategy)
                                    .value.value_or(SharingStrategy::FileDescriptor);
            w.datasetResidentBytes =
                pick(user.datasetResidentBytes, base.datasetResidentBytes).value.value_or(0);

            // Cross-field rules, reported where the user wrote the offending key.
            const bool fieldsOk = r.problems.isEmpty();
            if (fieldsOk) {
                checkWorkloadRules(w, [&](const QString &key, const QString &msg) {
                    Pos pos = posOf(wn);
                    if (key.endsWith(QLatin1String("prefetch_factor")) && user.prefetchFactor)
                        pos = user.prefetchFactor.pos;
                    else if (key.endsWith(QLatin1String("persistent_workers")) &&
                             user.persistentWorkers)
                        pos = user.persistentWorkers.pos;
                    else if (key.endsWith(QLatin1String("batch_size")) && user.batchSize)
                        pos = user.batchSize.pos;
                    r.report(pos, key, msg);
                });
            }
        }
    } catch (const YAML::Exception &e) {
        r.report(Pos{e.mark.is_null() ? 0 : e.mark.line + 1, 0}, QString(),
                 Tr::tr("unreadable: %1").arg(QString::fromStdString(e.msg)));
    }

    result.problems += r.problems;
    if (result.problems.isEmpty())
        result.profile = p;
    return result;
}

ProfileResult loadProfile(const QString &path)
{
    // A profile is a few hundred bytes; read no more than 4 MiB from any source (a device such
    // as /dev/zero or a pipe has no size to check first) and refuse it beyond that.
    QByteArray text;
    QString error;
    if (!readFileCapped(path, 4 * 1024 * 1024, &text, &error)) {
        ProfileResult r;
        r.problems.append({path, 0, 0, QString(), error});
        return r;
    }
    return parseProfile(text, path);
}

QByteArray writeProfile(const Profile &p)
{
    YAML::Emitter e;
    auto s = [](const QString &v) {
        return v.toStdString();
    };
    auto size = [](Bytes b) {
        return profileSize(b).toStdString();
    };
    e << YAML::BeginMap;
    e << YAML::Key << "shmwise" << YAML::Value << p.version;
    e << YAML::Key << "environment" << YAML::Value << s(environmentName(p.environment));
    if (p.environment == Environment::Kubernetes || !(p.kubernetes == KubernetesSpec())) {
        e << YAML::Key << "kubernetes" << YAML::Value << YAML::BeginMap;
        e << YAML::Key << "kind" << YAML::Value << s(kubernetesKindName(p.kubernetes.kind));
        e << YAML::Key << "namespace" << YAML::Value << s(p.kubernetes.ns);
        e << YAML::EndMap;
    }
    e << YAML::Key << "job" << YAML::Value << YAML::BeginMap;
    e << YAML::Key << "name" << YAML::Value << s(p.job.name);
    e << YAML::Key << "image" << YAML::Value << s(p.job.image);
    e << YAML::Key << "command" << YAML::Value << YAML::Flow << YAML::BeginSeq;
    for (const QString &a : p.job.command)
        e << s(a);
    e << YAML::EndSeq;
    if (p.job.memoryBytes)
        e << YAML::Key << "memory_bytes" << YAML::Value << size(*p.job.memoryBytes);
    e << YAML::Key << "gpus" << YAML::Value << p.job.gpus;
    e << YAML::EndMap;

    if (!(p.host == HostSpec())) {
        e << YAML::Key << "host" << YAML::Value << YAML::BeginMap;
        if (p.host.shmBytes)
            e << YAML::Key << "shm_bytes" << YAML::Value << size(*p.host.shmBytes);
        if (p.host.shmAdjustable)
            e << YAML::Key << "shm_adjustable" << YAML::Value << *p.host.shmAdjustable;
        if (p.host.memoryBytes)
            e << YAML::Key << "memory_bytes" << YAML::Value << size(*p.host.memoryBytes);
        if (p.host.cpus)
            e << YAML::Key << "cpus" << YAML::Value << *p.host.cpus;
        e << YAML::EndMap;
    }

    const Workload &w = p.workload;
    e << YAML::Key << "workload" << YAML::Value << YAML::BeginMap;
    if (!w.preset.isEmpty())
        e << YAML::Key << "preset" << YAML::Value << s(w.preset);
    if (!w.sample.isEmpty()) {
        e << YAML::Key << "sample" << YAML::Value << YAML::BeginSeq;
        for (const TensorSpec &t : w.sample) {
            e << YAML::Flow << YAML::BeginMap;
            e << YAML::Key << "name" << YAML::Value << s(t.name);
            e << YAML::Key << "shape" << YAML::Value << YAML::Flow << YAML::BeginSeq;
            for (quint64 d : t.shape)
                e << d;
            e << YAML::EndSeq;
            e << YAML::Key << "dtype" << YAML::Value << s(dtypeName(t.dtype));
            e << YAML::EndMap;
        }
        e << YAML::EndSeq;
    } else if (w.sampleBytes) {
        e << YAML::Key << "sample_bytes" << YAML::Value << size(*w.sampleBytes);
    }
    e << YAML::Key << "batch_size" << YAML::Value << w.batchSize;
    e << YAML::Key << "processes_per_node" << YAML::Value << w.processesPerNode;
    e << YAML::Key << "num_workers" << YAML::Value << w.numWorkers;
    if (w.numWorkers > 0)
        e << YAML::Key << "prefetch_factor" << YAML::Value << w.effectivePrefetchFactor();
    e << YAML::Key << "persistent_workers" << YAML::Value << w.persistentWorkers;
    e << YAML::Key << "pin_memory" << YAML::Value << w.pinMemory;
    e << YAML::Key << "start_method" << YAML::Value << s(startMethodName(w.startMethod));
    e << YAML::Key << "sharing_strategy" << YAML::Value
      << s(sharingStrategyName(w.sharingStrategy));
    e << YAML::Key << "dataset_resident_bytes" << YAML::Value << size(w.datasetResidentBytes);
    e << YAML::EndMap;
    e << YAML::EndMap;
    QByteArray out = e.c_str();
    out.append('\n');
    return out;
}

bool saveProfile(const Profile &profile, const QString &path, QString *error)
{
    return writeFileAtomically(path, writeProfile(profile), WriteMode::BackupIfDifferent, error);
}

} // namespace shmwise
