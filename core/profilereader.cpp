// SPDX-License-Identifier: GPL-3.0-or-later
// The profile reader's value readers: each reports a problem with its position and key.
#include "core/profilereader_p.h"

#include "core/frameworks.h"

#include "core/profilechecks_p.h"

#include <QRegularExpression>
#include <QSet>

namespace shmwise::profileyaml {

using namespace profilechecks;

void Reader::report(Pos pos, const QString &key, const QString &message)
{
    // A hostile file can make one problem a million times over: list the first ones, then say
    // how many more there are, in one line that stays current.
    constexpr qsizetype MaxListed = 100;
    // The same problem again on the same line (shape: [-1, -1]: each dimension is negative) is
    // one line of the report, not two that read the same.
    if (!problems.isEmpty() && problems.size() <= MaxListed && m_unlisted == 0) {
        const ProfileProblem &last = problems.constLast();
        if (last.line == pos.line && last.key == key && last.message == message)
            return;
    }
    if (problems.size() < MaxListed) {
        problems.append({m_file, pos.line, pos.column, key, message});
        return;
    }
    ++m_unlisted;
    const QString more = Tr::tr("%n more problem(s) are not listed", nullptr, int(m_unlisted));
    if (problems.size() == MaxListed)
        problems.append({m_file, pos.line, pos.column, QString(), more});
    else
        problems.last().message = more;
}

void Reader::report(const YAML::Node &n, const QString &key, const QString &message)
{
    report(posOf(n), key, message);
}

bool Reader::checkMap(const YAML::Node &n, const QString &path, const QStringList &allowed)
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

bool Reader::present(const YAML::Node &map, const char *key)
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

bool Reader::notNull(const YAML::Node &n, const QString &key)
{
    if (n.IsNull()) {
        report(m_keyPos.line > 0 ? m_keyPos : posOf(n), key, Tr::tr("has no value"));
        return false;
    }
    return true;
}

std::optional<QString> Reader::readString(const YAML::Node &n, const QString &key)
{
    if (!notNull(n, key))
        return std::nullopt;
    if (!n.IsScalar()) {
        report(n, key, Tr::tr("must be a text value"));
        return std::nullopt;
    }
    return scalarText(n);
}

bool Reader::refuseTaggedString(const YAML::Node &n, const QString &key, const char *typeTag,
                                const QString &expected)
{
    const std::string &tag = n.Tag();
    if (tag == "?" || tag == typeTag)
        return false;
    const QString text = scalarText(n);
    if (tag == "!")
        report(n, key,
               Tr::tr("'%1' is quoted, so YAML reads it as a string; %2 is needed: write it "
                      "without quotes")
                   .arg(text, expected));
    else if (tag == "tag:yaml.org,2002:str")
        report(n, key,
               Tr::tr("'%1' is tagged !!str, so it is a string; %2 is needed: write it "
                      "without the tag")
                   .arg(text, expected));
    else
        report(n, key,
               Tr::tr("'%1' has the tag %2; %3 is needed: write it without a tag")
                   .arg(text, QString::fromStdString(tag), expected));
    return true;
}

std::optional<quint64> Reader::readCount(const YAML::Node &n, const QString &key, quint64 min)
{
    if (!notNull(n, key))
        return std::nullopt;
    if (!n.IsScalar()) {
        report(n, key, Tr::tr("must be a whole number"));
        return std::nullopt;
    }
    if (refuseTaggedString(n, key, "tag:yaml.org,2002:int", Tr::tr("a whole number")))
        return std::nullopt;
    const QString text = scalarText(n).trimmed();
    static const QRegularExpression intRe(
        QRegularExpression::anchoredPattern(QStringLiteral("[+-]?[0-9]+")));
    if (!intRe.match(text).hasMatch()) {
        report(n, key, Tr::tr("'%1' is not a whole number").arg(text));
        return std::nullopt;
    }
    if (text.startsWith(QLatin1Char('-'))) {
        static const QRegularExpression zeros(
            QRegularExpression::anchoredPattern(QStringLiteral("-0+")));
        if (zeros.match(text).hasMatch())
            report(n, key,
                   Tr::tr("'%1' is not a count: write it without the minus sign").arg(text));
        else
            report(n, key, Tr::tr("must not be negative (got %1)").arg(text));
        return std::nullopt;
    }
    bool ok = false;
    const quint64 v = text.toULongLong(&ok);
    if (!ok) {
        report(n, key, Tr::tr("%1 is too large (at most 2^64-1)").arg(text));
        return std::nullopt;
    }
    if (v < min) {
        report(n, key, Tr::tr("must be at least %1 (got %2)").arg(min).arg(v));
        return std::nullopt;
    }
    return v;
}

std::optional<bool> Reader::readBool(const YAML::Node &n, const QString &key)
{
    if (!notNull(n, key))
        return std::nullopt;
    const QString text = n.IsScalar() ? scalarText(n) : QString();
    if (n.IsScalar()) {
        if (refuseTaggedString(n, key, "tag:yaml.org,2002:bool", Tr::tr("true or false")))
            return std::nullopt;
        if (text == QLatin1String("true") || text == QLatin1String("True"))
            return true;
        if (text == QLatin1String("false") || text == QLatin1String("False"))
            return false;
    }
    report(n, key, Tr::tr("must be true or false"));
    return std::nullopt;
}

std::optional<Bytes> Reader::readSize(const YAML::Node &n, const QString &key)
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

std::optional<Bytes> Reader::readMemory(const YAML::Node &n, const QString &key, bool machine)
{
    const auto v = readSize(n, key);
    if (v) {
        const QString bad = machine ? checkMachineMemory(*v) : checkMemorySize(*v);
        if (!bad.isEmpty()) {
            report(n, key, bad);
            return std::nullopt;
        }
    }
    return v;
}

std::optional<QVector<TensorSpec>> Reader::readSample(const YAML::Node &n, const QString &key)
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
        if (!checkMap(t, tk,
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
                    if (!readDimension(s[d], sk, spec))
                        good = false;
                }
                if (spec.minShape.size() != spec.shape.size() || !spec.varies())
                    spec.minShape.clear();
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

bool Reader::readDimension(const YAML::Node &n, const QString &key, TensorSpec &spec)
{
    const QString text = n.IsScalar() ? scalarText(n).trimmed() : QString();
    const int dots = text.indexOf(QStringLiteral(".."));
    if (dots < 0) {
        const auto dim = readCount(n, key, 0);
        if (!dim)
            return false;
        // Dimensions before the first range are fixed: their smallest is their value.
        spec.shape.append(*dim);
        spec.minShape.append(*dim);
        return true;
    }
    QString error;
    QVector<quint64> low;
    const auto high = parseShape(text, &error, &low);
    if (!high || high->size() != 1) {
        report(n, key,
               error.isEmpty() ? Tr::tr("'%1' is not one dimension: write a count, or "
                                        "SMALLEST..LARGEST such as 16000..160000")
                                     .arg(text)
                               : error);
        return false;
    }
    spec.shape.append(high->constFirst());
    spec.minShape.append(low.isEmpty() ? high->constFirst() : low.constFirst());
    return true;
}

WorkloadInput Reader::readWorkload(const YAML::Node &n, const QString &path)
{
    WorkloadInput in;
    in.pos = posOf(n);
    if (!checkMap(n, path.left(path.size() - 1),
                  {QStringLiteral("preset"),
                   QStringLiteral("sample"),
                   QStringLiteral("sample_bytes"),
                   QStringLiteral("batch_size"),
                   QStringLiteral("processes_per_node"),
                   QStringLiteral("num_workers"),
                   QStringLiteral("prefetch_factor"),
                   QStringLiteral("persistent_workers"),
                   QStringLiteral("pin_memory"),
                   QStringLiteral("start_method"),
                   QStringLiteral("sharing_strategy"),
                   QStringLiteral("dataset_resident_bytes"),
                   QStringLiteral("name"),
                   QStringLiteral("lifetime"),
                   QStringLiteral("collate"),
                   QStringLiteral("dataset"),
                   QStringLiteral("views_into_dataset"),
                   QStringLiteral("framework"),
                   QStringLiteral("grouped_batch_size"),
                   QStringLiteral("kept_batches"),
                   QStringLiteral("kept_samples"),
                   QStringLiteral("kind")}))
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
    // batch_size: none, as PyTorch's batch_size=None: the Dataset yields whole batches.
    const YAML::Node bsNode =
        n.IsMap() && present(n, "batch_size") ? n["batch_size"] : YAML::Node();
    if (bsNode.IsDefined() && bsNode.IsScalar() && bsNode.Tag() != "!" &&
        QStringList{QStringLiteral("none"), QStringLiteral("None")}.contains(scalarText(bsNode))) {
        in.wholeBatches = true;
        in.batchSize.pos = posOf(bsNode);
    } else {
        take(n, "batch_size", path, in.batchSize, count(1));
    }
    take(n, "processes_per_node", path, in.processesPerNode, count(1));
    take(n, "num_workers", path, in.numWorkers, count(0));
    take(n, "prefetch_factor", path, in.prefetchFactor, count(1));
    take(n, "persistent_workers", path, in.persistentWorkers, boolean);
    take(n, "pin_memory", path, in.pinMemory, boolean);
    take(n, "start_method", path, in.startMethod, [this](const YAML::Node &x, const QString &k) {
        return readEnum<StartMethod>(x, k, &startMethodFromName, startMethodNames());
    });
    take(n, "sharing_strategy", path, in.sharingStrategy,
         [this](const YAML::Node &x, const QString &k) {
             return readEnum<SharingStrategy>(x, k, &sharingStrategyFromName,
                                              sharingStrategyNames());
         });
    take(n, "dataset_resident_bytes", path, in.datasetResidentBytes, size);
    take(n, "name", path, in.name, str);
    take(n, "lifetime", path, in.lifetime, [this](const YAML::Node &x, const QString &k) {
        return readEnum<LoaderLifetime>(x, k, &loaderLifetimeFromName, loaderLifetimeNames());
    });
    take(n, "collate", path, in.collate, [this](const YAML::Node &x, const QString &k) {
        return readEnum<Collate>(x, k, &collateFromName, collateNames());
    });
    take(n, "dataset", path, in.dataset, [this](const YAML::Node &x, const QString &k) {
        return readEnum<DatasetKind>(x, k, &datasetKindFromName, datasetKindNames());
    });
    take(n, "views_into_dataset", path, in.viewsIntoDataset, boolean);
    take(n, "framework", path, in.framework, str);
    take(n, "grouped_batch_size", path, in.groupedBatchSize, count(2));
    take(n, "kept_batches", path, in.keptBatches, count(0));
    take(n, "kept_samples", path, in.keptSamples, count(0));
    take(n, "kind", path, in.kind, [this](const YAML::Node &x, const QString &k) {
        return readEnum<WorkloadKind>(x, k, &workloadKindFromName, workloadKindNames());
    });
    if (in.framework && !frameworkNames().contains(*in.framework))
        report(in.framework.pos, path + QStringLiteral("framework"),
               Tr::tr("'%1' is not a framework ShmWise knows: one of %2, or leave it out when "
                      "the script builds the DataLoader itself")
                   .arg(*in.framework, frameworkNames().join(QStringLiteral(", "))));
    if (in.sample && in.sampleBytes)
        report(in.sampleBytes.pos, path + QStringLiteral("sample_bytes"),
               Tr::tr("give either 'sample' or 'sample_bytes', not both"));
    if (in.sampleBytes && *in.sampleBytes == 0)
        report(in.sampleBytes.pos, path + QStringLiteral("sample_bytes"),
               Tr::tr("must be more than 0"));
    return in;
}

} // namespace shmwise::profileyaml
