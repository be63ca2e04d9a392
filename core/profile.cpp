// SPDX-License-Identifier: GPL-3.0-or-later
// The profile model: what a job is, and the checks for a profile built in code.
#include "core/profile.h"

#include "core/presets.h"
#include "core/profilechecks_p.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <algorithm>
#include <array>

namespace shmwise {

using namespace profilechecks;

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::Profile)
};
} // namespace

std::optional<quint64> TensorSpec::elements() const
{
    quint64 n = 1;
    for (quint64 d : shape) {
        if (mulOverflows(n, d, &n))
            return std::nullopt;
    }
    return n;
}

std::optional<Bytes> TensorSpec::bytes() const
{
    const auto n = elements();
    Bytes b = 0;
    if (!n || mulOverflows(*n, Bytes(dtypeSize(dtype)), &b))
        return std::nullopt;
    return b;
}

QString Workload::unusedTensorName() const
{
    QString candidate = QStringLiteral("tensor");
    for (int i = 1;; ++i) {
        const bool used = std::any_of(sample.begin(), sample.end(),
                                      [&](const TensorSpec &t) { return t.name == candidate; });
        if (!used)
            return candidate;
        candidate = QStringLiteral("tensor%1").arg(i);
    }
}

void Workload::setNumWorkers(quint64 workers)
{
    numWorkers = workers;
    if (workers == 0) {
        prefetchFactor.reset();
        persistentWorkers = false;
    }
}

quint64 Workload::effectivePrefetchFactor() const
{
    if (numWorkers == 0)
        return 0;
    return prefetchFactor.value_or(2);
}

Bytes Workload::bytesPerSample() const
{
    if (sample.isEmpty())
        return sampleBytes.value_or(0);
    Bytes total = 0;
    for (const TensorSpec &t : sample) {
        const auto b = t.bytes();
        total = satAdd(total, b ? *b : std::numeric_limits<Bytes>::max());
    }
    return total;
}

quint64 Workload::tensorCount() const
{
    const quint64 perSample = sample.isEmpty() ? 1 : quint64(sample.size());
    // A list collate passes every sample's tensors on as objects of their own.
    return !wholeBatches && collate == Collate::List ? satMul(perSample, batchSize) : perSample;
}

bool Workload::samplesVary() const
{
    return std::any_of(sample.begin(), sample.end(),
                       [](const TensorSpec &t) { return t.varies(); });
}

QVector<Workload> Profile::loaders() const
{
    QVector<Workload> all{workload};
    all += otherLoaders;
    return all;
}

namespace {
template <class E, std::size_t N> using NameTable = std::array<std::pair<E, const char *>, N>;
const NameTable<LoaderLifetime, 3> kLifetimes{{{LoaderLifetime::OneAtATime, "one_at_a_time"},
                                               {LoaderLifetime::Parked, "parked"},
                                               {LoaderLifetime::Kept, "kept"}}};
const NameTable<Collate, 2> kCollates{{{Collate::Stack, "stack"}, {Collate::List, "list"}}};
const NameTable<DatasetKind, 2> kDatasetKinds{
    {{DatasetKind::Map, "map"}, {DatasetKind::Iterable, "iterable"}}};

template <class E, std::size_t N> QString nameIn(const NameTable<E, N> &t, E v)
{
    for (const auto &[e, n] : t) {
        if (e == v)
            return QLatin1String(n);
    }
    return {};
}
template <class E, std::size_t N>
std::optional<E> valueIn(const NameTable<E, N> &t, const QString &name)
{
    for (const auto &[e, n] : t) {
        if (name == QLatin1String(n))
            return e;
    }
    return std::nullopt;
}
template <class E, std::size_t N> QStringList namesIn(const NameTable<E, N> &t)
{
    QStringList out;
    for (const auto &[e, n] : t)
        out << QLatin1String(n);
    return out;
}
} // namespace

QString loaderLifetimeName(LoaderLifetime l)
{
    return nameIn(kLifetimes, l);
}
std::optional<LoaderLifetime> loaderLifetimeFromName(const QString &name)
{
    return valueIn(kLifetimes, name);
}
QStringList loaderLifetimeNames()
{
    return namesIn(kLifetimes);
}
QString collateName(Collate c)
{
    return nameIn(kCollates, c);
}
std::optional<Collate> collateFromName(const QString &name)
{
    return valueIn(kCollates, name);
}
QStringList collateNames()
{
    return namesIn(kCollates);
}
QString datasetKindName(DatasetKind k)
{
    return nameIn(kDatasetKinds, k);
}
std::optional<DatasetKind> datasetKindFromName(const QString &name)
{
    return valueIn(kDatasetKinds, name);
}
QStringList datasetKindNames()
{
    return namesIn(kDatasetKinds);
}

bool Workload::operator==(const Workload &o) const
{
    return name == o.name && lifetime == o.lifetime && collate == o.collate &&
           dataset == o.dataset && wholeBatches == o.wholeBatches &&
           viewsIntoDataset == o.viewsIntoDataset && preset == o.preset &&
           framework == o.framework && groupedBatchSize == o.groupedBatchSize &&
           sample == o.sample && sampleBytes == o.sampleBytes && batchSize == o.batchSize &&
           processesPerNode == o.processesPerNode && numWorkers == o.numWorkers &&
           effectivePrefetchFactor() == o.effectivePrefetchFactor() &&
           persistentWorkers == o.persistentWorkers && pinMemory == o.pinMemory &&
           startMethod == o.startMethod && sharingStrategy == o.sharingStrategy &&
           datasetResidentBytes == o.datasetResidentBytes && keptBatches == o.keptBatches &&
           keptSamples == o.keptSamples;
}

JobShm jobShm(const Profile &p, std::optional<Bytes> hostShm)
{
    if (p.host.shmBytes)
        return {p.host.shmBytes, Tr::tr("the /dev/shm the profile gives the job")};
    if (const auto d = environmentDefaultShm(p.environment))
        return {d, Tr::tr("%1's default, with no setting").arg(environmentTitle(p.environment))};
    if (!environmentRunsInContainer(p.environment) && hostShm)
        return {hostShm, Tr::tr("the probed host's own /dev/shm, which the job uses")};
    return {std::nullopt,
            Tr::tr("not known for %1: measure it").arg(environmentTitle(p.environment))};
}

bool Profile::shmAdjustable() const
{
    return environmentHasShmSetting(environment) && host.shmAdjustable.value_or(true);
}

bool Profile::usesRay() const
{
    return ray.used || (environment == Environment::Kubernetes &&
                        (kubernetes.kind == KubernetesKind::RayJob ||
                         kubernetes.kind == KubernetesKind::RayCluster));
}

namespace {
const char *const kTrainerReleases[] = {"2.0", "2.1", "2.2", "2.3"};
} // namespace

QString trainerReleaseName(TrainerRelease r)
{
    return QLatin1String(kTrainerReleases[int(r)]);
}

std::optional<TrainerRelease> trainerReleaseFromName(const QString &name)
{
    for (int i = 0; i < int(std::size(kTrainerReleases)); ++i)
        if (name == QLatin1String(kTrainerReleases[i]))
            return TrainerRelease(i);
    return std::nullopt;
}

QStringList trainerReleaseNames()
{
    QStringList names;
    for (const char *r : kTrainerReleases)
        names << QLatin1String(r);
    return names;
}

QString ProfileProblem::toString() const
{
    QString where = file;
    if (line > 0)
        where += QLatin1Char(':') + QString::number(line);
    QString out = where + QStringLiteral(": ");
    if (!key.isEmpty())
        out += key + QStringLiteral(": ");
    return out + message;
}

QVector<ProfileProblem> validateProfile(const Profile &p)
{
    QVector<ProfileProblem> out;
    auto report = [&](const QString &key, const QString &msg) {
        out.append({QString(), 0, 0, key, msg});
    };
    auto check = [&](const QString &key, const QString &msg) {
        if (!msg.isEmpty())
            report(key, msg);
    };
    if (p.version != 1)
        report(QStringLiteral("shmwise"),
               Tr::tr("profile version %1 is not supported").arg(p.version));
    check(QStringLiteral("kubernetes.namespace"), checkDnsLabel(p.kubernetes.ns));
    const QString badName = checkJobName(p.job.name, p.environment);
    check(QStringLiteral("job.name"),
          badName.isEmpty() ? checkNameForKind(p.job.name, p.environment, p.kubernetes.kind)
                            : badName);
    // The image matters only where the job runs in a container; elsewhere it is neither asked
    // for nor used.
    if (environmentRunsInContainer(p.environment) ||
        (p.environment == Environment::Slurm && p.slurm.container != SlurmContainer::None))
        check(QStringLiteral("job.image"), checkImage(p.job.image));
    check(QStringLiteral("job.command"), checkCommand(p.job.command));
    check(QStringLiteral("job.gpus"), checkGpus(p.job.gpus));
    if (!p.nccl.version.isEmpty())
        check(QStringLiteral("nccl.version"), checkNcclVersion(p.nccl.version));
    if (p.nccl.nodes)
        check(QStringLiteral("nccl.nodes"), checkNodes(*p.nccl.nodes));
    if (p.ray.objectStoreBytes)
        check(QStringLiteral("ray.object_store_memory"), checkObjectStore(*p.ray.objectStoreBytes));
    // No memory at all is a value typed wrong, not a limit: no job runs in it, and no
    // DataLoader setting can fit it.
    const QString noMemory = Tr::tr("0 bytes is no memory at all: give the size, or leave it "
                                    "empty when it is not known");
    if (p.job.memoryBytes)
        check(QStringLiteral("job.memory_bytes"),
              *p.job.memoryBytes == 0 ? noMemory : checkMachineMemory(*p.job.memoryBytes));
    if (p.host.shmBytes)
        check(QStringLiteral("host.shm_bytes"), checkMemorySize(*p.host.shmBytes));
    if (p.host.memoryBytes)
        check(QStringLiteral("host.memory_bytes"),
              *p.host.memoryBytes == 0 ? noMemory : checkMachineMemory(*p.host.memoryBytes));
    if (p.host.cpus && *p.host.cpus == 0)
        report(QStringLiteral("host.cpus"), Tr::tr("must be at least 1"));
    // A server that runs no loader of the profile's has none to check.
    if (p.serving.used && !serverRunsLoaders(p.serving.server))
        return out;
    const QVector<Workload> all = p.loaders();
    for (int l = 0; l < all.size(); ++l) {
        const Workload &w = all[l];
        const QString prefix =
            all.size() == 1 ? QStringLiteral("workload.") : QStringLiteral("loaders[%1].").arg(l);
        if (w.sampleBytes && *w.sampleBytes == 0 && w.sample.isEmpty())
            report(prefix + QStringLiteral("sample_bytes"), Tr::tr("must be more than 0"));
        for (int i = 0; i < w.sample.size(); ++i) {
            if (!w.sample[i].bytes())
                report(prefix + QStringLiteral("sample[%1]").arg(i),
                       Tr::tr("the tensor's size overflows 64 bits"));
        }
        checkWorkloadRules(w, report, prefix);
    }
    checkLoadersRules(p, report);
    return out;
}

std::optional<QVector<quint64>> parseShape(const QString &text, QString *error,
                                           QVector<quint64> *minShape)
{
    if (minShape)
        minShape->clear();
    QVector<quint64> smallest;
    bool ranged = false;
    QString t = text.trimmed();
    // A shape as Python prints it: torch.Size([3, 224, 224]), (3, 224, 224), [3, 224, 224],
    // a one-element tuple's trailing comma (3,).
    static const QRegularExpression torchSize(QStringLiteral(R"(^(?:torch\.)?Size\((.*)\)$)"));
    if (const QRegularExpressionMatch m = torchSize.match(t); m.hasMatch())
        t = m.captured(1).trimmed();
    for (const auto &[open, close] : {std::pair{'[', ']'}, std::pair{'(', ')'}})
        if (t.startsWith(QLatin1Char(open)) && t.endsWith(QLatin1Char(close)))
            t = t.mid(1, t.size() - 2).trimmed();
    if (t.endsWith(QLatin1Char(',')))
        t.chop(1);
    QVector<quint64> shape;
    if (t.isEmpty())
        return shape;
    // A range's dots may have spaces around them: "1 .. 10" is one dimension.
    static const QRegularExpression dots(QStringLiteral("\\s*\\.\\.\\s*"));
    t.replace(dots, QStringLiteral(".."));
    // Where commas separate the dimensions, an "x" standing alone ("3, x, 224") is one the user
    // does not know, not a separator: name it, rather than the empty dimension it would leave.
    // "3 x 224" without commas stays 3 by 224.
    static const QRegularExpression words(QStringLiteral("[,\\s]+"));
    const QStringList tokens =
        t.contains(QLatin1Char(',')) ? t.split(words, Qt::SkipEmptyParts) : QStringList();
    for (const QString &token : tokens) {
        if (token.compare(QLatin1String("x"), Qt::CaseInsensitive) == 0) {
            if (error)
                *error = Tr::tr("'%1' is not a dimension: write the largest value it takes, or a "
                                "range such as 16000..160000 when it varies")
                             .arg(token);
            return std::nullopt;
        }
    }
    static const QRegularExpression sep(QStringLiteral("\\s*[,xX\\s]\\s*"));
    const QStringList parts = t.split(sep);
    for (const QString &whole : parts) {
        QString part = whole;
        quint64 low = 0;
        bool hasLow = false;
        const int range = whole.indexOf(QStringLiteral(".."));
        if (range >= 0) {
            bool lowOk = false;
            const QString lowText = whole.left(range);
            low = lowText.toULongLong(&lowOk);
            if (!lowOk || lowText.startsWith(QLatin1Char('+'))) {
                if (error)
                    *error = Tr::tr("'%1' is not a range of a dimension: write SMALLEST..LARGEST, "
                                    "such as 16000..160000")
                                 .arg(whole);
                return std::nullopt;
            }
            part = whole.mid(range + 2);
            hasLow = true;
        }
        if (part.isEmpty()) {
            // "3, x, 224": two separators in a row leave nothing between them.
            if (error)
                *error = Tr::tr("'%1' has an empty dimension (two separators in a row): write "
                                "whole numbers such as 3, 224, 224 or 3x224x224")
                             .arg(text.trimmed());
            return std::nullopt;
        }
        bool ok = false;
        const quint64 d = part.toULongLong(&ok);
        if (!ok || part.startsWith(QLatin1Char('+'))) {
            if (error)
                *error = part.startsWith(QLatin1Char('-'))
                             ? Tr::tr("dimension %1 is negative").arg(part)
                             : Tr::tr("'%1' is not a dimension: write whole numbers such as "
                                      "3, 224, 224")
                                   .arg(part);
            return std::nullopt;
        }
        if (hasLow && low > d) {
            if (error)
                *error = Tr::tr("'%1': the smallest value comes first, as in %2..%3")
                             .arg(whole)
                             .arg(d)
                             .arg(low);
            return std::nullopt;
        }
        shape.append(d);
        smallest.append(hasLow ? low : d);
        ranged = ranged || (hasLow && low != d);
    }
    if (minShape && ranged)
        *minShape = smallest;
    return shape;
}

QString formatShape(const QVector<quint64> &shape, const QVector<quint64> &minShape)
{
    const bool ranged = minShape.size() == shape.size();
    QStringList parts;
    for (int i = 0; i < shape.size(); ++i) {
        if (ranged && minShape[i] != shape[i])
            parts << QStringLiteral("%1..%2").arg(minShape[i]).arg(shape[i]);
        else
            parts << QString::number(shape[i]);
    }
    return parts.join(QStringLiteral(", "));
}

std::optional<Workload> presetWorkload(const QString &id)
{
    if (!presetInfo(id))
        return std::nullopt;
    const QByteArray yaml =
        "shmwise: 1\nenvironment: docker\nworkload:\n  preset: " + id.toUtf8() + "\n";
    const ProfileResult r = parseProfile(yaml, id);
    if (!r.ok())
        return std::nullopt;
    return r.profile->workload;
}

Profile newProfile()
{
    Profile p;
    p.environment = Environment::Docker;
    // A new job runs on one host until told otherwise, as the files made for it do: a count
    // left unknown would have the plan count the pools NCCL keeps only between hosts.
    p.nccl.nodes = 1;
    if (const auto w = presetWorkload(QStringLiteral("image-classification")))
        p.workload = *w;
    return p;
}

} // namespace shmwise
