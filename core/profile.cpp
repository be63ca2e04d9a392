// SPDX-License-Identifier: GPL-3.0-or-later
// The profile model: what a job is, and the checks for a profile built in code.
#include "core/profile.h"

#include "core/presets.h"
#include "core/profilechecks_p.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <algorithm>

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
    QString name = QStringLiteral("tensor");
    for (int i = 1;; ++i) {
        const bool used = std::any_of(sample.begin(), sample.end(),
                                      [&](const TensorSpec &t) { return t.name == name; });
        if (!used)
            return name;
        name = QStringLiteral("tensor%1").arg(i);
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

int Workload::tensorCount() const
{
    return sample.isEmpty() ? 1 : int(sample.size());
}

bool Workload::operator==(const Workload &o) const
{
    return preset == o.preset && sample == o.sample && sampleBytes == o.sampleBytes &&
           batchSize == o.batchSize && processesPerNode == o.processesPerNode &&
           numWorkers == o.numWorkers && effectivePrefetchFactor() == o.effectivePrefetchFactor() &&
           persistentWorkers == o.persistentWorkers && pinMemory == o.pinMemory &&
           startMethod == o.startMethod && sharingStrategy == o.sharingStrategy &&
           datasetResidentBytes == o.datasetResidentBytes;
}

bool Profile::shmAdjustable() const
{
    return environmentHasShmSetting(environment) && host.shmAdjustable.value_or(true);
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
    check(QStringLiteral("job.name"), checkDnsLabel(p.job.name));
    check(QStringLiteral("job.image"), checkImage(p.job.image));
    check(QStringLiteral("job.command"), checkCommand(p.job.command));
    check(QStringLiteral("job.gpus"), checkGpus(p.job.gpus));
    if (p.job.memoryBytes)
        check(QStringLiteral("job.memory_bytes"), checkMemorySize(*p.job.memoryBytes));
    if (p.host.shmBytes)
        check(QStringLiteral("host.shm_bytes"), checkMemorySize(*p.host.shmBytes));
    if (p.host.memoryBytes)
        check(QStringLiteral("host.memory_bytes"), checkMemorySize(*p.host.memoryBytes));
    if (p.host.cpus && *p.host.cpus == 0)
        report(QStringLiteral("host.cpus"), Tr::tr("must be at least 1"));
    if (p.workload.sampleBytes && *p.workload.sampleBytes == 0 && p.workload.sample.isEmpty())
        report(QStringLiteral("workload.sample_bytes"), Tr::tr("must be more than 0"));
    for (int i = 0; i < p.workload.sample.size(); ++i) {
        if (!p.workload.sample[i].bytes())
            report(QStringLiteral("workload.sample[%1]").arg(i),
                   Tr::tr("the tensor's size overflows 64 bits"));
    }
    checkWorkloadRules(p.workload, report);
    return out;
}

std::optional<QVector<quint64>> parseShape(const QString &text, QString *error)
{
    QString t = text.trimmed();
    if (t.startsWith(QLatin1Char('[')) && t.endsWith(QLatin1Char(']')))
        t = t.mid(1, t.size() - 2).trimmed();
    QVector<quint64> shape;
    if (t.isEmpty())
        return shape;
    static const QRegularExpression sep(QStringLiteral("\\s*[,xX\\s]\\s*"));
    const QStringList parts = t.split(sep);
    for (const QString &part : parts) {
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
        shape.append(d);
    }
    return shape;
}

QString formatShape(const QVector<quint64> &shape)
{
    QStringList parts;
    for (quint64 d : shape)
        parts << QString::number(d);
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
    if (const auto w = presetWorkload(QStringLiteral("image-classification")))
        p.workload = *w;
    return p;
}

} // namespace shmwise
