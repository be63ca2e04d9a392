// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/measurement.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <algorithm>
#include <climits>

namespace shmwise {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::Measurement)
};

// A text field of a hook line, for one line of a report: cut to `max` characters, and its
// line breaks and other controls written as spaces, so no field can add a line of its own.
QString textField(const QJsonObject &o, QLatin1String key, int max)
{
    QString s = o.value(key).toString().left(max);
    for (QChar &c : s)
        if (c.category() == QChar::Other_Control || c == QChar::LineSeparator ||
            c == QChar::ParagraphSeparator)
            c = QLatin1Char(' ');
    return s;
}

std::optional<quint64> countOf(const QJsonValue &v)
{
    if (!v.isDouble())
        return std::nullopt;
    const double d = v.toDouble();
    if (d < 0 || d > 9.0e15 || d != double(qint64(d)))
        return std::nullopt;
    return quint64(d);
}

QVector<quint64> shapeOf(const QJsonValue &v, bool *ok)
{
    QVector<quint64> s;
    if (!v.isArray()) {
        *ok = false;
        return s;
    }
    const QJsonArray a = v.toArray();
    if (a.size() > 16) {
        *ok = false;
        return s;
    }
    for (const QJsonValue &d : a) {
        const auto n = countOf(d);
        if (!n) {
            *ok = false;
            return {};
        }
        s.append(*n);
    }
    return s;
}

} // namespace

QString MeasuredLoader::where() const
{
    if (file.isEmpty())
        return Tr::tr("an unknown place");
    return QStringLiteral("%1:%2").arg(QFileInfo(file).fileName()).arg(line);
}

Bytes MeasuredLoader::batchPercentile(int percent) const
{
    if (batchShmBytes.isEmpty())
        return 0;
    QVector<Bytes> sorted = batchShmBytes;
    std::sort(sorted.begin(), sorted.end());
    const qsizetype i = std::min<qsizetype>(sorted.size() - 1, (sorted.size() * percent) / 100);
    return sorted[i];
}

quint64 MeasurementLog::fewestBatches() const
{
    if (loaders.isEmpty())
        return 0;
    quint64 least = loaders.first().batches;
    for (const MeasuredLoader &l : loaders)
        least = std::min(least, l.batches);
    return least;
}

void MeasurementLog::feed(const QByteArray &line)
{
    if (line.trimmed().isEmpty())
        return;
    QJsonParseError perr{};
    const QJsonDocument doc = QJsonDocument::fromJson(line, &perr);
    if (perr.error != QJsonParseError::NoError || !doc.isObject()) {
        ++badLines;
        return;
    }
    const QJsonObject o = doc.object();
    const QString type = o.value(QLatin1String("t")).toString();
    const auto pid = countOf(o.value(QLatin1String("pid")));
    if (!pid) {
        ++badLines;
        return;
    }
    // The file is the job's to write to as well: whatever it holds, what is kept stays bounded.
    if (hookPids.size() < 4096)
        hookPids.insert(qint64(*pid));
    const double time = o.value(QLatin1String("time")).toDouble(-1);
    const auto id = countOf(o.value(QLatin1String("id")));
    auto loaderAt = [&]() -> MeasuredLoader * {
        if (!id)
            return nullptr;
        const auto it = m_index.constFind({qint64(*pid), int(*id)});
        return it == m_index.constEnd() ? nullptr : &loaders[*it];
    };

    if (type == QLatin1String("hello")) {
        pythonVersion = textField(o, QLatin1String("python"), 32);
    } else if (type == QLatin1String("torch")) {
        torchVersion = textField(o, QLatin1String("version"), 64);
    } else if (type == QLatin1String("error")) {
        if (hookErrors.size() < 16)
            hookErrors.append(
                QStringLiteral("%1: %2").arg(textField(o, QLatin1String("where"), 64),
                                             textField(o, QLatin1String("error"), 400)));
    } else if (type == QLatin1String("loader") && id) {
        if (m_index.contains({qint64(*pid), int(*id)}) || loaders.size() >= 256 ||
            m_index.size() >= 65536)
            return;
        // The same loader made again at the same place (one per request of a service, one per
        // epoch), the earlier one gone: it is that loader.
        if (const auto again = countOf(o.value(QLatin1String("again")))) {
            const auto it = m_index.constFind({qint64(*pid), int(*again)});
            if (it != m_index.constEnd()) {
                m_index.insert({qint64(*pid), int(*id)}, *it);
                return;
            }
        }
        MeasuredLoader l;
        l.file = textField(o, QLatin1String("file"), 4096);
        l.line = o.value(QLatin1String("line")).toInt();
        l.function = textField(o, QLatin1String("function"), 256);
        l.framework = textField(o, QLatin1String("framework"), 64);
        l.frameworkFrame = textField(o, QLatin1String("framework_frame"), 4096);
        l.className = textField(o, QLatin1String("class"), 256);
        l.batchSize = countOf(o.value(QLatin1String("batch_size")));
        l.numWorkers = countOf(o.value(QLatin1String("num_workers"))).value_or(0);
        l.prefetchFactor = countOf(o.value(QLatin1String("prefetch_factor")));
        l.persistentWorkers = o.value(QLatin1String("persistent_workers")).toBool();
        l.pinMemory = o.value(QLatin1String("pin_memory")).toBool();
        l.startMethod = textField(o, QLatin1String("start_method"), 32);
        l.sharingStrategy = textField(o, QLatin1String("sharing_strategy"), 32);
        l.collate = textField(o, QLatin1String("collate"), 256);
        l.batchSampler = textField(o, QLatin1String("batch_sampler"), 256);
        l.sampler = textField(o, QLatin1String("sampler"), 256);
        l.dataset = textField(o, QLatin1String("dataset"), 256);
        l.iterable = o.value(QLatin1String("iterable")).toBool();
        l.residentBytes = countOf(o.value(QLatin1String("resident_bytes"))).value_or(0);
        l.datasetId = countOf(o.value(QLatin1String("dataset_id"))).value_or(0);
        l.pids = {qint64(*pid)};
        // A rank's loader made at the same place as one of another process is that loader.
        for (int i = 0; i < loaders.size(); ++i) {
            MeasuredLoader &same = loaders[i];
            if (same.pids.size() < 1024 && !same.pids.contains(qint64(*pid)) &&
                same.file == l.file && same.line == l.line && same.batchSize == l.batchSize &&
                same.numWorkers == l.numWorkers) {
                if (!m_taken.contains({qint64(*pid), i})) {
                    same.pids.append(qint64(*pid));
                    m_index.insert({qint64(*pid), int(*id)}, i);
                    m_taken.insert({qint64(*pid), i});
                    return;
                }
            }
        }
        m_index.insert({qint64(*pid), int(*id)}, int(loaders.size()));
        m_taken.insert({qint64(*pid), int(loaders.size())});
        loaders.append(l);
    } else if (type == QLatin1String("group")) {
        MeasuredLoader *l = loaderAt();
        const auto n = countOf(o.value(QLatin1String("batch_size")));
        if (l && n && *n >= 2 && *n <= MaxProfileCount)
            l->groupedBatchSize = *n;
    } else if (type == QLatin1String("iter")) {
        MeasuredLoader *l = loaderAt();
        const auto n = countOf(o.value(QLatin1String("iter")));
        if (!l || !n)
            return;
        const QString bs = textField(o, QLatin1String("batch_sampler"), 256);
        if (!bs.isEmpty())
            l->batchSampler = bs;
        const QString ss = textField(o, QLatin1String("sharing_strategy"), 32);
        if (!ss.isEmpty())
            l->sharingStrategy = ss;
        if (const auto e = countOf(o.value(QLatin1String("epoch_batches"))); e && *e > 0)
            l->epochBatches = std::max(l->epochBatches.value_or(0), *e);
        ++l->iterations;
    } else if (type == QLatin1String("batch")) {
        MeasuredLoader *l = loaderAt();
        if (!l)
            return;
        const Bytes shm = countOf(o.value(QLatin1String("shm_bytes"))).value_or(0);
        ++l->batches;
        ++totalBatches;
        if (l->batchShmBytes.size() < MaxBatchesKept)
            l->batchShmBytes.append(shm);
        l->maxShmBytes = std::max(l->maxShmBytes, shm);
        l->maxTensorBytes = std::max(l->maxTensorBytes,
                                     countOf(o.value(QLatin1String("tensor_bytes"))).value_or(0));
        l->maxObjects =
            std::max(l->maxObjects, countOf(o.value(QLatin1String("objects"))).value_or(0));
        l->maxSamples =
            std::max(l->maxSamples, countOf(o.value(QLatin1String("samples"))).value_or(0));
        l->maxKeptBytes =
            std::max(l->maxKeptBytes,
                     std::min<Bytes>(countOf(o.value(QLatin1String("kept_bytes"))).value_or(0),
                                     MaxProfileBytes));
        l->maxLive = std::max(l->maxLive,
                              std::min<quint64>(countOf(o.value(QLatin1String("live"))).value_or(0),
                                                quint64(MaxBatchesKept)));
        if (l->firstBatchTime < 0)
            l->firstBatchTime = time;
        l->lastBatchTime = time;
        lastBatchTime = std::max(lastBatchTime, time);
        const int self = int(l - loaders.data());
        for (const QJsonValue &a : o.value(QLatin1String("alive")).toArray()) {
            const auto other = countOf(a);
            if (!other)
                continue;
            const auto it = m_index.constFind({qint64(*pid), int(*other)});
            if (it != m_index.constEnd() && *it != self) {
                loaders[self].openBeside.insert(*it);
                loaders[*it].parkedWhile.insert(self);
            }
        }
    } else if (type == QLatin1String("wbatch")) {
        // A worker's batch: its loader is the one over the same Dataset object (a forked worker
        // sees its parent's), or the only loader there is.
        const auto ds = countOf(o.value(QLatin1String("ds")));
        const auto bytes = countOf(o.value(QLatin1String("bytes")));
        if (!bytes || *bytes > MaxProfileBytes)
            return;
        MeasuredLoader *l = nullptr;
        for (int i = int(loaders.size()) - 1; i >= 0 && ds && !l; --i)
            if (loaders[i].datasetId == *ds)
                l = &loaders[i];
        if (!l && loaders.size() == 1)
            l = &loaders[0];
        if (!l)
            return;
        if (*bytes > l->workerBatchBytes) {
            l->workerBatchBytes = *bytes;
            l->workerBatchSamples = std::min<quint64>(
                countOf(o.value(QLatin1String("samples"))).value_or(0), MaxProfileCount);
        }
    } else if (type == QLatin1String("kept_at")) {
        MeasuredLoader *l = loaderAt();
        const QString site = textField(o, QLatin1String("site"), 512);
        if (!l || site.isEmpty() || l->keptAt.size() >= 4)
            return;
        for (const MeasuredLoader::KeptAt &k : std::as_const(l->keptAt))
            if (k.site == site)
                return;
        l->keptAt.append({site, textField(o, QLatin1String("function"), 256),
                          textField(o, QLatin1String("holder"), 64)});
    } else if (type == QLatin1String("shared")) {
        const QString where = textField(o, QLatin1String("where"), 512);
        const auto bytes = countOf(o.value(QLatin1String("bytes")));
        if (bytes && *bytes <= MaxProfileBytes &&
            (sharedByScript.contains(where) || sharedByScript.size() < 64))
            sharedByScript[where] = std::max(sharedByScript.value(where), *bytes);
    } else if (type == QLatin1String("shape")) {
        MeasuredLoader *l = loaderAt();
        if (!l)
            return;
        l->kind = textField(o, QLatin1String("kind"), 16);
        l->viewBytes =
            std::max(l->viewBytes, countOf(o.value(QLatin1String("view_bytes"))).value_or(0));
        l->truncated = l->truncated || o.value(QLatin1String("truncated")).toBool();
        QVector<MeasuredTensor> tensors;
        for (const QJsonValue &kv : o.value(QLatin1String("keys")).toArray()) {
            const QJsonObject k = kv.toObject();
            MeasuredTensor t;
            t.key = textField(k, QLatin1String("name"), 256);
            t.dtype = textField(k, QLatin1String("dtype"), 32);
            t.itemSize = int(countOf(k.value(QLatin1String("itemsize"))).value_or(4));
            bool ok = true;
            t.maxShape = shapeOf(k.value(QLatin1String("max")), &ok);
            t.minShape = shapeOf(k.value(QLatin1String("min")), &ok);
            // A smallest shape of another rank than the largest is no shape of the same tensor:
            // the largest is what the plan needs, so it stands for both.
            if (t.minShape.size() != t.maxShape.size())
                t.minShape = t.maxShape;
            for (int d = 0; d < t.minShape.size(); ++d)
                t.minShape[d] = std::min(t.minShape[d], t.maxShape[d]);
            t.packed = k.value(QLatin1String("packed")).toBool();
            if (ok && t.itemSize > 0 && t.itemSize <= 64 && tensors.size() < MaxTensorsKept)
                tensors.append(t);
            else if (ok && tensors.size() >= MaxTensorsKept)
                l->truncated = true;
        }
        // Ranks see different batches: keep the largest of each tensor over all of them. The
        // keys are looked up by hash and capped, so no log can make this quadratic.
        QHash<QString, int> &index = m_tensorIndex[int(l - loaders.data())];
        for (const MeasuredTensor &t : tensors) {
            const auto found = index.constFind(t.key);
            if (found == index.constEnd()) {
                if (l->tensors.size() >= MaxTensorsKept) {
                    l->truncated = true;
                    continue;
                }
                index.insert(t.key, int(l->tensors.size()));
                l->tensors.append(t);
                continue;
            }
            MeasuredTensor &kept = l->tensors[*found];
            if (kept.maxShape.size() == t.maxShape.size()) {
                for (int d = 0; d < t.maxShape.size(); ++d) {
                    kept.maxShape[d] = std::max(kept.maxShape[d], t.maxShape[d]);
                    kept.minShape[d] = std::min(kept.minShape[d], t.minShape[d]);
                }
                kept.packed = kept.packed || t.packed;
            } else if (t.maxShape.size() > kept.maxShape.size()) {
                kept = t;
            }
        }
    }
}

void nameLoaders(QVector<MeasuredLoader> &loaders)
{
    static const QRegularExpression word(QStringLiteral("(train|val|valid|validation|eval|test)"),
                                         QRegularExpression::CaseInsensitiveOption);
    QSet<QString> used;
    for (int i = 0; i < loaders.size(); ++i) {
        QString base = i == 0 ? QStringLiteral("train") : QStringLiteral("val");
        if (i > 0) {
            const QRegularExpressionMatch m = word.match(loaders[i].function);
            if (m.hasMatch() && m.captured(1).toLower() != QLatin1String("train"))
                base = m.captured(1).toLower();
        }
        QString name = base;
        for (int n = 2; used.contains(name); ++n)
            name = base + QString::number(n);
        used.insert(name);
        loaders[i].name = name;
    }
}

LoaderLifetime measuredLifetime(const MeasuredLoader &l)
{
    if (l.parkedWhile.isEmpty() || l.numWorkers == 0)
        return LoaderLifetime::OneAtATime;
    // Its iterator stayed open while another loader ran. One made to repeat forever, or never
    // finished in the whole run, is kept; one that later went on is parked.
    static const QRegularExpression repeats(QStringLiteral("Infinite|Repeat|TrainingSampler"));
    if (repeats.match(l.batchSampler).hasMatch() || repeats.match(l.sampler).hasMatch() ||
        repeats.match(l.className).hasMatch())
        return LoaderLifetime::Kept;
    return LoaderLifetime::Parked;
}

QJsonObject measuredLoaderToJson(const MeasuredLoader &l)
{
    QJsonObject o;
    o.insert(QStringLiteral("name"), l.name);
    o.insert(QStringLiteral("file"), l.file);
    o.insert(QStringLiteral("line"), l.line);
    o.insert(QStringLiteral("function"), l.function);
    o.insert(QStringLiteral("framework"), l.framework.isEmpty() ? QJsonValue() : l.framework);
    o.insert(QStringLiteral("framework_frame"),
             l.frameworkFrame.isEmpty() ? QJsonValue() : l.frameworkFrame);
    o.insert(QStringLiteral("class"), l.className);
    o.insert(QStringLiteral("processes"), qint64(l.pids.size()));
    QJsonObject s;
    s.insert(QStringLiteral("batch_size"),
             l.batchSize ? QJsonValue(qint64(*l.batchSize)) : QJsonValue());
    s.insert(QStringLiteral("grouped_batch_size"),
             l.groupedBatchSize ? QJsonValue(qint64(l.groupedBatchSize)) : QJsonValue());
    s.insert(QStringLiteral("num_workers"), qint64(l.numWorkers));
    s.insert(QStringLiteral("prefetch_factor"), l.prefetchFactor && l.numWorkers
                                                    ? QJsonValue(qint64(*l.prefetchFactor))
                                                    : QJsonValue());
    s.insert(QStringLiteral("persistent_workers"), l.persistentWorkers);
    s.insert(QStringLiteral("pin_memory"), l.pinMemory);
    s.insert(QStringLiteral("start_method"), l.startMethod);
    s.insert(QStringLiteral("sharing_strategy"), l.sharingStrategy);
    s.insert(QStringLiteral("collate"), l.collate);
    s.insert(QStringLiteral("batch_sampler"), l.batchSampler);
    s.insert(QStringLiteral("sampler"), l.sampler);
    s.insert(QStringLiteral("dataset"), l.dataset);
    s.insert(QStringLiteral("iterable"), l.iterable);
    s.insert(QStringLiteral("dataset_resident_bytes"), qint64(l.residentBytes));
    o.insert(QStringLiteral("settings"), s);
    QJsonObject b;
    b.insert(QStringLiteral("count"), qint64(l.batches));
    b.insert(QStringLiteral("iterations"), qint64(l.iterations));
    b.insert(QStringLiteral("shm_bytes_max"), qint64(l.maxShmBytes));
    b.insert(QStringLiteral("shm_bytes_p50"), qint64(l.batchPercentile(50)));
    b.insert(QStringLiteral("shm_bytes_p99"), qint64(l.batchPercentile(99)));
    b.insert(QStringLiteral("tensor_bytes_max"), qint64(l.maxTensorBytes));
    b.insert(QStringLiteral("shared_objects_max"), qint64(l.maxObjects));
    b.insert(QStringLiteral("samples_max"), qint64(l.maxSamples));
    b.insert(QStringLiteral("structure"), l.kind.isEmpty() ? QJsonValue() : l.kind);
    b.insert(QStringLiteral("view_storage_bytes"), qint64(l.viewBytes));
    QJsonArray tensors;
    for (const MeasuredTensor &t : l.tensors) {
        QJsonObject to;
        to.insert(QStringLiteral("key"), t.key);
        to.insert(QStringLiteral("dtype"), t.dtype);
        QJsonArray mx, mn;
        for (quint64 d : t.maxShape)
            mx.append(qint64(d));
        for (quint64 d : t.minShape)
            mn.append(qint64(d));
        to.insert(QStringLiteral("max_shape"), mx);
        to.insert(QStringLiteral("min_shape"), mn);
        to.insert(QStringLiteral("packed"), t.packed);
        tensors.append(to);
    }
    b.insert(QStringLiteral("sample"), tensors);
    o.insert(QStringLiteral("batches"), b);
    QJsonObject w;
    w.insert(QStringLiteral("max_shm_bytes"), qint64(l.workerBatchBytes));
    w.insert(QStringLiteral("samples"), qint64(l.workerBatchSamples));
    o.insert(QStringLiteral("worker_batches"), w);
    return o;
}

QString measuredSampleText(const MeasuredLoader &l)
{
    QStringList parts;
    for (const MeasuredTensor &t : l.tensors) {
        QStringList dims;
        for (int d = 0; d < t.maxShape.size(); ++d) {
            const bool varies = d < t.minShape.size() && t.minShape[d] != t.maxShape[d];
            dims << (varies ? QStringLiteral("%1..%2").arg(t.minShape[d]).arg(t.maxShape[d])
                            : QString::number(t.maxShape[d]));
        }
        parts << QStringLiteral("%1 %2 [%3]").arg(t.key, t.dtype, dims.join(QStringLiteral(", ")));
        if (parts.size() == 12 && l.tensors.size() > 12) {
            parts << Tr::tr("and %n more", nullptr, int(l.tensors.size() - 12));
            break;
        }
    }
    return parts.join(QStringLiteral("; "));
}

} // namespace shmwise
