// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/profilechecks_p.h"
#include "core/ray.h"

#include <QCoreApplication>
#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include <limits>

namespace shmwise::profilechecks {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::Profile)
};
} // namespace

// Whole-string patterns: anchoredPattern() matches the entire value, where ^...$ would let a
// value with a final newline through ($ also matches before a final newline).
static QRegularExpression whole(const QString &pattern)
{
    return QRegularExpression(QRegularExpression::anchoredPattern(pattern));
}

static const QRegularExpression &dnsLabelRe()
{
    static const QRegularExpression re =
        whole(QStringLiteral("[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?"));
    return re;
}

static QString codePoint(char32_t c)
{
    return QStringLiteral("U+") +
           QString::number(uint(c), 16).toUpper().rightJustified(4, QLatin1Char('0'));
}

std::optional<char32_t> invisibleChar(const QString &s)
{
    const QList<uint> points = s.toUcs4();
    for (const uint u : points) {
        switch (QChar::category(char32_t(u))) {
        case QChar::Other_Control:
        case QChar::Other_Format:
        case QChar::Separator_Line:
        case QChar::Separator_Paragraph:
            return char32_t(u);
        default:
            break;
        }
    }
    return std::nullopt;
}

QString invisibleCharMessage(char32_t c)
{
    const QString code = codePoint(c);
    if (c == U'\n' || c == U'\r')
        return Tr::tr("holds a line break (%1); remove it").arg(code);
    return QChar::category(c) == QChar::Other_Format
               ? Tr::tr("holds the invisible format character %1, which shows text in another "
                        "order or hides it; remove it")
                     .arg(code)
               : Tr::tr("holds the control character %1; remove it").arg(code);
}

QString checkDnsLabel(const QString &value)
{
    if (value.isEmpty())
        return Tr::tr("must not be empty");
    if (const auto c = invisibleChar(value))
        return invisibleCharMessage(*c);
    if (!dnsLabelRe().match(value).hasMatch())
        return Tr::tr("'%1' is not a valid name: use at most 63 lower-case letters, digits and "
                      "'-', starting and ending with a letter or digit")
            .arg(value);
    return {};
}

QString checkJobName(const QString &value, Environment environment)
{
    if (value.isEmpty())
        return Tr::tr("must not be empty");
    if (const auto c = invisibleChar(value))
        return invisibleCharMessage(*c);
    switch (environment) {
    case Environment::Docker:
    case Environment::Compose:
    case Environment::Podman:
    case Environment::BareMetal:
    case Environment::Slurm:
    case Environment::Ansible: {
        // moby's daemon/names: validContainerNamePattern, two characters at least (Podman and
        // the hosts take one). 128 keeps it readable in `docker ps`.
        const bool docker =
            environment == Environment::Docker || environment == Environment::Compose;
        static const QRegularExpression dockerRe =
            whole(QStringLiteral("[a-zA-Z0-9][a-zA-Z0-9_.-]{1,127}"));
        static const QRegularExpression otherRe =
            whole(QStringLiteral("[a-zA-Z0-9][a-zA-Z0-9_.-]{0,127}"));
        if (!(docker ? dockerRe : otherRe).match(value).hasMatch())
            return Tr::tr("'%1' is not a valid container name: use %2 to 128 letters, digits, "
                          "'_', '.' and '-', starting with a letter or digit")
                .arg(value)
                .arg(docker ? 2 : 1);
        return {};
    }
    case Environment::Swarm: {
        // swarmkit's name check: a DNS name component, case and '_' allowed.
        static const QRegularExpression re =
            whole(QStringLiteral("[a-zA-Z0-9](?:[-_]*[A-Za-z0-9]+)*"));
        if (value.size() > 63 || !re.match(value).hasMatch())
            return Tr::tr("'%1' is not a valid Swarm service name: use at most 63 letters, "
                          "digits, '-' and '_', starting and ending with a letter or digit")
                .arg(value);
        return {};
    }
    default:
        return checkDnsLabel(value);
    }
}

QString checkImage(const QString &value)
{
    // The reference grammar of the distribution spec: [registry[:port]/]path[:tag][@digest].
    static const QRegularExpression re = profilechecks::whole(QStringLiteral(
        "(?:(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?)(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]*"
        "[a-zA-Z0-9])?)*(?::[0-9]+)?/)?[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*(?:/[a-z0-9]+(?:(?:"
        "[._]|__|-+)[a-z0-9]+)*)*(?::[A-Za-z0-9_][A-Za-z0-9_.-]{0,127})?(?:@[a-z0-9]+(?:[+._-]"
        "[a-z0-9]+)*:[a-fA-F0-9]{32,})?"));
    if (value.isEmpty())
        return Tr::tr("must not be empty");
    if (const auto c = invisibleChar(value))
        return invisibleCharMessage(*c);
    if (value.size() > 255 || !re.match(value).hasMatch())
        return Tr::tr("'%1' is not an image reference: write it as [registry/]name[:tag], for "
                      "example pytorch/pytorch:2.6.0-cuda12.4-cudnn9-runtime")
            .arg(value);
    return {};
}

QString checkCommand(const QStringList &command)
{
    if (command.isEmpty())
        return Tr::tr("must name at least the program to run");
    for (const QString &arg : command) {
        if (arg.isEmpty())
            return Tr::tr("holds an empty argument");
        if (const auto c = invisibleChar(arg))
            return Tr::tr("argument %1: %2").arg(quotedForMessage(arg), invisibleCharMessage(*c));
    }
    return {};
}

QString checkTensorName(const QString &name)
{
    static const QRegularExpression re =
        profilechecks::whole(QStringLiteral("[A-Za-z_][A-Za-z0-9_]*"));
    if (const auto c = invisibleChar(name))
        return invisibleCharMessage(*c);
    if (!re.match(name).hasMatch())
        return Tr::tr("'%1' is not a usable tensor name: use letters, digits and '_', not starting "
                      "with a digit")
            .arg(name);
    return {};
}

QString checkLoaderName(const QString &name)
{
    static const QRegularExpression re =
        profilechecks::whole(QStringLiteral("[A-Za-z][A-Za-z0-9_-]{0,31}"));
    if (re.match(name).hasMatch())
        return {};
    return Tr::tr("loader name %1 must start with a letter and hold only letters, digits, '_' "
                  "and '-' (at most 32), such as train or val")
        .arg(quotedForMessage(name));
}

QString quotedForMessage(const QString &s)
{
    QString out;
    for (const uint u : s.toUcs4()) {
        const char32_t c = char32_t(u);
        const auto cat = QChar::category(c);
        if (cat == QChar::Other_Control || cat == QChar::Other_Format ||
            cat == QChar::Separator_Line || cat == QChar::Separator_Paragraph)
            out += QLatin1Char('<') + codePoint(c) + QLatin1Char('>');
        else
            out += QString::fromUcs4(&c, 1);
    }
    return QLatin1Char('\'') + out + QLatin1Char('\'');
}

QString checkGpus(quint64 gpus)
{
    if (gpus > MaxGpus)
        return Tr::tr("at most %1 GPUs per node (got %2)").arg(MaxGpus).arg(gpus);
    return {};
}

QString checkNameForKind(const QString &name, Environment environment, KubernetesKind kind)
{
    if (environment != Environment::Kubernetes)
        return {};
    int most = 0;
    bool letterFirst = false;
    switch (kind) {
    case KubernetesKind::RayJob:
        most = 47;
        letterFirst = true;
        break;
    case KubernetesKind::RayCluster:
        most = 53;
        letterFirst = true;
        break;
    case KubernetesKind::TrainJob:
        most = 63;
        break;
    case KubernetesKind::InferenceService:
        // KServe's webhook (inference_service_validation.go, IsvcNameFmt).
    case KubernetesKind::LeaderWorkerSet:
        // Its webhook (pkg/webhooks/leaderworkerset_webhook.go, NameIsDNS1035Label).
        most = 63;
        letterFirst = true;
        break;
    default:
        return {};
    }
    static const QRegularExpression label(whole(QStringLiteral("[a-z0-9]([-a-z0-9]*[a-z0-9])?")));
    if (name.size() > most || !label.match(name).hasMatch() ||
        (letterFirst && !name.at(0).isLetter()))
        return Tr::tr("a %1's name is %2: lower-case letters, digits and '-', at most %3 "
                      "characters, starting with %4 and ending with a letter or digit (got %5)")
            .arg(kubernetesKindName(kind),
                 letterFirst ? Tr::tr("a DNS-1035 label") : Tr::tr("a DNS-1123 label"))
            .arg(most)
            .arg(letterFirst ? Tr::tr("a letter") : Tr::tr("a letter or digit"),
                 quotedForMessage(name));
    return {};
}

QString checkNcclVersion(const QString &version)
{
    static const QRegularExpression re(QStringLiteral("^2\\.[0-9]{1,2}(\\.[0-9]{1,2})?$"));
    if (!re.match(version).hasMatch())
        return Tr::tr("%1 is not an NCCL release; write it as 2.21.5 where "
                      "torch.cuda.nccl.version() prints (2, 21, 5)")
            .arg(quotedForMessage(version));
    return {};
}

QString checkNodes(quint64 nodes)
{
    if (nodes < 1 || nodes > MaxNodes)
        return Tr::tr("between 1 and %1 hosts (got %2)").arg(MaxNodes).arg(nodes);
    return {};
}

QString checkObjectStore(Bytes bytes)
{
    if (bytes < ray::MinObjectStoreBytes)
        return Tr::tr("Ray refuses an object store under %1 (got %2 bytes)")
            .arg(formatSize(ray::MinObjectStoreBytes))
            .arg(bytes);
    return checkMemorySize(bytes);
}

QString checkMachineMemory(Bytes bytes)
{
    if (bytes > MaxMachineMemoryBytes)
        return Tr::tr("%1 is more memory than any single machine has (64 TiB is already beyond "
                      "the largest): check the unit")
            .arg(formatSize(bytes));
    return checkMemorySize(bytes);
}

QString checkMemorySize(Bytes bytes)
{
    if (bytes > MaxMemoryBytes)
        return Tr::tr("at most 1 EiB (%1 bytes); got %2 bytes").arg(MaxMemoryBytes).arg(bytes);
    return {};
}

void checkWorkloadRules(const Workload &w,
                        const std::function<void(const QString &key, const QString &msg)> &report,
                        const QString &prefix)
{
    if (w.sample.isEmpty() && !w.sampleBytes)
        report(prefix + QStringLiteral("sample"),
               Tr::tr("the workload needs 'sample' (its tensors), 'sample_bytes' or a 'preset'"));
    if (w.batchSize == 0 && !w.wholeBatches)
        report(prefix + QStringLiteral("batch_size"),
               Tr::tr("the workload needs a batch_size of at least 1 (or a 'preset')"));
    if (w.numWorkers == 0 && w.prefetchFactor)
        report(prefix + QStringLiteral("prefetch_factor"),
               Tr::tr("prefetch_factor needs num_workers > 0; PyTorch raises ValueError otherwise "
                      "(remove it, or set num_workers)"));
    if (w.numWorkers == 0 && w.persistentWorkers)
        report(prefix + QStringLiteral("persistent_workers"),
               Tr::tr("persistent_workers: true needs num_workers > 0; PyTorch raises ValueError "
                      "otherwise"));
    if (w.processesPerNode == 0)
        report(prefix + QStringLiteral("processes_per_node"), Tr::tr("must be at least 1"));
    if (w.prefetchFactor && *w.prefetchFactor == 0)
        report(prefix + QStringLiteral("prefetch_factor"), Tr::tr("must be at least 1"));
    // The batch must be representable, or nothing downstream can size it. One sample beyond
    // 1 TiB (more RAM than machines have, where /dev/shm must hold several) is its tensor's
    // shape (or the sample size) to check, not the batch size.
    Bytes batch = 0;
    const Bytes sampleLimit = 1ULL << 40;
    int hugeTensor = -1;
    bool overflows = false; // a tensor's own size overflows: said on the tensor already
    for (int i = 0; i < w.sample.size(); ++i) {
        overflows = overflows || !w.sample[i].bytes();
        if (hugeTensor < 0 && w.sample[i].bytes() && *w.sample[i].bytes() > sampleLimit)
            hugeTensor = i;
    }
    if (overflows) {
    } else if (hugeTensor >= 0) {
        report(prefix + QStringLiteral("sample[%1].shape").arg(hugeTensor),
               Tr::tr("one sample of this tensor is %1, more than 1 TiB: check its shape")
                   .arg(formatSize(*w.sample[hugeTensor].bytes())));
    } else if (w.sample.isEmpty() && w.sampleBytes && *w.sampleBytes > sampleLimit) {
        report(prefix + QStringLiteral("sample_bytes"),
               Tr::tr("%1 is more than 1 TiB for one sample").arg(formatSize(*w.sampleBytes)));
    } else if (w.bytesPerSample() == std::numeric_limits<Bytes>::max() ||
               mulOverflows(w.bytesPerSample(), w.samplesPerBatch(), &batch)) {
        report(prefix + QStringLiteral("batch_size"),
               Tr::tr("one batch (sample size x batch_size) overflows 64 bits"));
    } else {
        // Every size ShmWise writes must be a real number: the batches in flight on the host,
        // with room to spare, stay below 1 EiB.
        const quint64 limit = 1ULL << 60;
        Bytes inFlight = 0;
        Bytes total = 0;
        if (mulOverflows(batch, satAdd(satMul(w.numWorkers, w.effectivePrefetchFactor()), 3),
                         &inFlight) ||
            mulOverflows(satAdd(inFlight, w.datasetResidentBytes),
                         std::max<quint64>(1, w.processesPerNode), &total) ||
            total > limit)
            report(prefix + QStringLiteral("batch_size"),
                   Tr::tr("the /dev/shm this job would need is beyond 1 EiB; check batch_size, "
                          "num_workers, prefetch_factor and processes_per_node"));
    }
    // Far beyond any real machine, and large enough to make the sizes meaningless.
    const quint64 maxCount = MaxProfileCount;
    if (w.numWorkers > maxCount)
        report(prefix + QStringLiteral("num_workers"),
               Tr::tr("at most %1 (got %2)").arg(maxCount).arg(w.numWorkers));
    if (w.prefetchFactor && *w.prefetchFactor > maxCount)
        report(prefix + QStringLiteral("prefetch_factor"),
               Tr::tr("at most %1 (got %2)").arg(maxCount).arg(*w.prefetchFactor));
    if (w.processesPerNode > maxCount)
        report(prefix + QStringLiteral("processes_per_node"),
               Tr::tr("at most %1 (got %2)").arg(maxCount).arg(w.processesPerNode));
    // Kept batches and samples: a whole pass of a large dataset is many samples, but beyond
    // these no script runs.
    constexpr quint64 MaxKeptBatches = 1000000;
    constexpr quint64 MaxKeptSamples = 1000000000;
    if (w.keptBatches > MaxKeptBatches)
        report(prefix + QStringLiteral("kept_batches"),
               Tr::tr("at most %1 (got %2)").arg(MaxKeptBatches).arg(w.keptBatches));
    if (w.keptSamples > MaxKeptSamples)
        report(prefix + QStringLiteral("kept_samples"),
               Tr::tr("at most %1 (got %2)").arg(MaxKeptSamples).arg(w.keptSamples));
    if (w.groupedBatchSize > maxCount)
        report(prefix + QStringLiteral("grouped_batch_size"),
               Tr::tr("at most %1 (got %2)").arg(maxCount).arg(w.groupedBatchSize));
    else if (w.groupedBatchSize > 0 && (w.wholeBatches || w.batchSize != 1))
        report(prefix + QStringLiteral("grouped_batch_size"),
               Tr::tr("grouped_batch_size is for a DataLoader that yields single samples, which "
                      "the main process groups into batches: set batch_size: 1 (got %1)")
                   .arg(w.wholeBatches ? QStringLiteral("none") : QString::number(w.batchSize)));
    if (w.viewsIntoDataset && w.datasetResidentBytes == 0)
        report(prefix + QStringLiteral("views_into_dataset"),
               Tr::tr("views_into_dataset: true needs dataset_resident_bytes, the size of the "
                      "tensor the samples are slices of"));
    if (w.wholeBatches && w.collate == Collate::List)
        report(prefix + QStringLiteral("collate"),
               Tr::tr("with batch_size: none the Dataset yields whole batches and no collate_fn "
                      "batches them; remove 'collate'"));
    if (!w.name.isEmpty()) {
        const QString bad = checkLoaderName(w.name);
        if (!bad.isEmpty())
            report(prefix + QStringLiteral("name"), bad);
    }
    for (int i = 0; i < w.sample.size(); ++i) {
        const TensorSpec &t = w.sample[i];
        if (!t.minShape.isEmpty()) {
            bool good = t.minShape.size() == t.shape.size();
            for (int d = 0; good && d < t.shape.size(); ++d)
                good = t.minShape[d] <= t.shape[d];
            if (!good)
                report(prefix + QStringLiteral("sample[%1].shape").arg(i),
                       Tr::tr("a range of a dimension is written SMALLEST..LARGEST, such as "
                              "16000..160000"));
        }
    }
    QHash<QString, int> firstWithName;
    for (int i = 0; i < w.sample.size(); ++i) {
        const QString bad = checkTensorName(w.sample[i].name);
        if (!bad.isEmpty()) {
            report(prefix + QStringLiteral("sample[%1].name").arg(i), bad);
            continue;
        }
        // Two tensors of one name are one key of the batch: the reader refuses them, and so
        // does an edited profile.
        const auto it = firstWithName.constFind(w.sample[i].name);
        if (it != firstWithName.cend())
            report(prefix + QStringLiteral("sample[%1].name").arg(i),
                   Tr::tr("tensor name '%1' is used twice (also tensor %2)")
                       .arg(w.sample[i].name)
                       .arg(*it + 1));
        else
            firstWithName.insert(w.sample[i].name, i);
    }
}

void checkLoadersRules(const Profile &p,
                       const std::function<void(const QString &key, const QString &msg)> &report)
{
    if (p.otherLoaders.isEmpty())
        return;
    const QVector<Workload> all = p.loaders();
    QSet<QString> names;
    for (int i = 0; i < all.size(); ++i) {
        const QString key = QStringLiteral("loaders[%1].").arg(i);
        const Workload &w = all[i];
        if (w.name.isEmpty())
            report(key + QStringLiteral("name"),
                   Tr::tr("a job with several loaders names each one, such as train and val"));
        else if (names.contains(w.name))
            report(key + QStringLiteral("name"),
                   Tr::tr("loader name '%1' is used twice").arg(w.name));
        names.insert(w.name);
        if (i > 0 && w.processesPerNode != all[0].processesPerNode)
            report(key + QStringLiteral("processes_per_node"),
                   Tr::tr("processes_per_node is the job's, not one loader's: give it on the "
                          "first loader only"));
    }
}

} // namespace shmwise::profilechecks

namespace shmwise {

using profilechecks::Tr;

QString kubernetesNameProblem(const QString &value, bool subdomain)
{
    if (!subdomain)
        return profilechecks::checkDnsLabel(value);
    if (value.isEmpty())
        return Tr::tr("must not be empty");
    static const QRegularExpression re = profilechecks::whole(
        QStringLiteral("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*"));
    if (value.size() > 253 || !re.match(value).hasMatch())
        return Tr::tr("'%1' is not a valid name: use at most 253 lower-case letters, digits, '-' "
                      "and '.', starting and ending with a letter or digit")
            .arg(value);
    return {};
}

} // namespace shmwise
