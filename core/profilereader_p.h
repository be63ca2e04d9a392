// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The profile reader's pieces, internal to core: a position for every problem, and readers of
// each kind of value (counts, booleans, sizes, names, the sample, the workload) that report what
// is wrong where. parseProfile() (profileyaml.cpp) walks the document with them.

#include "core/profile.h"

#include <QCoreApplication>

#include <yaml-cpp/yaml.h>

namespace shmwise::profileyaml {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::Profile)
};

struct Pos
{
    int line = 0;
    int column = 0;
};

inline Pos posOf(const YAML::Node &n)
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
    Field<QString> name;
    Field<LoaderLifetime> lifetime;
    Field<Collate> collate;
    Field<DatasetKind> dataset;
    Field<bool> viewsIntoDataset;
    Field<QString> framework;
    Field<quint64> groupedBatchSize;
    Field<quint64> keptBatches;
    Field<quint64> keptSamples;
    Field<WorkloadKind> kind;  // the job's, on the first loader only
    bool wholeBatches = false; // batch_size: none
    Pos pos;
};

class Reader
{
public:
    explicit Reader(QString file) : m_file(std::move(file)) {}

    QVector<ProfileProblem> problems; // at most 100, then one that counts the rest

    void report(Pos pos, const QString &key, const QString &message);
    void report(const YAML::Node &n, const QString &key, const QString &message);

    static QString scalarText(const YAML::Node &n) { return QString::fromStdString(n.Scalar()); }

    // Checks a mapping: only `allowed` keys, no duplicates. Returns false when `n` is no mapping.
    bool checkMap(const YAML::Node &n, const QString &path, const QStringList &allowed);

    // Whether `map` has `key`; remembers where the key was written, since an empty value has
    // no position of its own worth showing.
    bool present(const YAML::Node &map, const char *key);

    bool notNull(const YAML::Node &n, const QString &key);

    std::optional<QString> readString(const YAML::Node &n, const QString &key);

    // A scalar YAML reads as a string whatever its text: quoted, or tagged !!str (or any tag but
    // the one of `type`). Reports it and returns true.
    bool refuseTaggedString(const YAML::Node &n, const QString &key, const char *typeTag,
                            const QString &expected);

    std::optional<quint64> readCount(const YAML::Node &n, const QString &key, quint64 min);

    std::optional<bool> readBool(const YAML::Node &n, const QString &key);

    std::optional<Bytes> readSize(const YAML::Node &n, const QString &key);

    // A size of memory: at most 1 EiB, so every flag written from it is a real number.
    // `machine`: a machine's or a job's memory, which no machine has more than 64 TiB of.
    std::optional<Bytes> readMemory(const YAML::Node &n, const QString &key, bool machine = false);

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

    std::optional<QVector<TensorSpec>> readSample(const YAML::Node &n, const QString &key);
    // One dimension of a shape: a count, or a range SMALLEST..LARGEST for one that varies.
    bool readDimension(const YAML::Node &n, const QString &key, TensorSpec &spec);

    template <class T, class F>
    void take(const YAML::Node &map, const char *key, const QString &path, Field<T> &field, F read)
    {
        if (!present(map, key))
            return;
        const YAML::Node n = map[key];
        field.pos = posOf(n);
        field.value = read(n, path + QLatin1String(key));
    }

    WorkloadInput readWorkload(const YAML::Node &n, const QString &path);

private:
    qint64 m_unlisted = 0;
    QString m_file;
    Pos m_keyPos;
};

// `serving:` (core/profileserving.cpp): the model server and its settings.
void readServing(Reader &r, const YAML::Node &root, Profile &p);
void writeServing(YAML::Emitter &e, const ServingSpec &s);

} // namespace shmwise::profileyaml
