// SPDX-License-Identifier: GPL-3.0-or-later
#include "probes/diagnosis.h"

#include "probes/diagnosis_p.h"

#include <QCoreApplication>
#include <QIODevice>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <algorithm>
#include <array>
#include <cstring>
#include <limits>
#include <optional>
#include <string_view>

namespace shmwise {

using namespace diagnosisrules;
using namespace diagnosisread;

LogDiagnoser::LogDiagnoser(const HostFacts *facts, bool utf8)
    : d(std::make_unique<Private>(facts, utf8))
{}

LogDiagnoser::~LogDiagnoser() = default;

void LogDiagnoser::feed(QByteArrayView bytes)
{
    d->bytes += bytes.size();
    d->decoder.feed(bytes, d->pending);
    d->consume(false);
}

QVector<Finding> LogDiagnoser::finish()
{
    if (!d->finished) {
        d->decoder.finish(d->pending);
        d->consume(true);
        d->finished = true;
    }
    std::vector<Finding> found = d->found;
    // srun's "task N: Killed" after Slurm cancelled the step is the cancellation, not memory
    // (a real OOM makes srun say "Out Of Memory").
    Finding &host = found[d->ruleIndex(diagnosis::HostOom)];
    if (!host.id.isEmpty() && d->stepCancelled && !d->hostOomStrong)
        host = Finding();
    // A bare kill (no OOM killer, limit or memory message) in a log where the launcher says it
    // kills its own processes is the launcher's.
    if (!host.id.isEmpty() && d->launcherKilled && host.certainty != Certainty::Certain)
        host = Finding();
    // A kill for memory in a log that shows shared memory charged to the limit (/dev/shm in
    // use or written, a memory emptyDir, a killed process's shmem) is the OOM a /dev/shm
    // causes, and only that finding: certain where /dev/shm itself is seen filling the limit.
    Finding &fromShm = found[d->ruleIndex(diagnosis::OomFromShm)];
    if ((!host.id.isEmpty() || !fromShm.id.isEmpty()) && d->figures.shmCharged()) {
        if (fromShm.id.isEmpty()) {
            fromShm = host;
            fromShm.id = QLatin1String(diagnosis::OomFromShm);
        } else if (!host.id.isEmpty()) {
            const int occurrences = fromShm.occurrences + host.occurrences;
            if (host.line < fromShm.line)
                fromShm = host;
            fromShm.id = QLatin1String(diagnosis::OomFromShm);
            fromShm.occurrences = occurrences;
        }
        fromShm.severity = FindingSeverity::Error;
        const bool proven = d->figures.shmChargeProven();
        fromShm.certainty = proven ? Certainty::Certain : Certainty::Possible;
        d->why[d->ruleIndex(diagnosis::OomFromShm)] =
            proven ? QT_TRANSLATE_NOOP("shmwise::Diagnosis",
                                       "The log shows a kill for memory and /dev/shm itself "
                                       "filling the memory limit it is charged to.")
                   : QT_TRANSLATE_NOOP("shmwise::Diagnosis",
                                       "The log shows a kill for memory and shared memory charged "
                                       "to the limit, but not /dev/shm itself filling it.");
        host = Finding();
    } else if (!fromShm.id.isEmpty()) {
        // Never without a figure (its own line gives one), but a kill is a kill.
        fromShm.id = QLatin1String(diagnosis::HostOom);
        fromShm.certainty = Certainty::Certain;
        if (host.id.isEmpty() || fromShm.line < host.line) {
            host = fromShm;
            d->why[d->ruleIndex(diagnosis::HostOom)] = nullptr;
        }
        fromShm = Finding();
    }
    // A bus error whose stack is NCCL's (libnccl, ncclShm..., shmutils.cc) is NCCL's shared
    // memory, not a DataLoader's: unless the line itself names a loader or a worker.
    Finding &exhausted = found[d->ruleIndex(diagnosis::ShmExhausted)];
    Finding &nccl = found[d->ruleIndex(diagnosis::NcclShm)];
    static const QRegularExpression bareBus(
        QStringLiteral(R"((?i:bus error|sigbus|signal 7\b|-7\b|总线错误))"));
    static const QRegularExpression loaderSaid(
        QStringLiteral(R"((?i:worker|dataloader|shared memory|/dev/shm|torch_))"));
    if (!exhausted.id.isEmpty() && d->ncclFrameLine &&
        qAbs(d->ncclFrameLine - exhausted.line) <= NcclFrameReach &&
        bareBus.match(exhausted.evidence).hasMatch() &&
        !loaderSaid.match(exhausted.evidence).hasMatch()) {
        if (nccl.id.isEmpty()) {
            nccl = exhausted;
            nccl.id = QLatin1String(diagnosis::NcclShm);
            nccl.certainty = Certainty::Likely;
            d->why[d->ruleIndex(diagnosis::NcclShm)] =
                QT_TRANSLATE_NOOP("shmwise::Diagnosis",
                                  "A bus error whose stack runs through NCCL's shared-memory "
                                  "code (libnccl, ncclShm...): NCCL's segment in /dev/shm, not a "
                                  "DataLoader's.");
        }
        exhausted = Finding();
    }
    QVector<Finding> out;
    bool otherCause = false;
    for (const Finding &f : found) {
        const QString &id = f.id;
        if (id == QLatin1String(diagnosis::ShmExhausted) ||
            id == QLatin1String(diagnosis::ShmQuotaExceeded) ||
            id == QLatin1String(diagnosis::FdExhausted) ||
            id == QLatin1String(diagnosis::HostOom) || id == QLatin1String(diagnosis::OomFromShm) ||
            id == QLatin1String(diagnosis::WorkerCrashed) ||
            id == QLatin1String(diagnosis::DataLoaderTimeout))
            otherCause = true;
    }
    for (size_t i = 0; i < found.size(); ++i) {
        Finding f = found[i];
        if (f.id.isEmpty())
            continue;
        const char *why = d->why[i];
        // A bus error of a program with no loader, worker or shared memory in sight (zsh's
        // "bus error  python test.py" over a memory-mapped file) is not /dev/shm's.
        static const QRegularExpression zshBusError(
            QStringLiteral(R"(^(?:zsh: bus error\s+\S|\[\d+\]\s+(?:[+-]\s+)?\d+\s+bus )"
                           R"(error\s+\S|bus error\s{2,}\S))"));
        if (f.id == QLatin1String(diagnosis::ShmExhausted) && f.possible() && !d->shmMentioned &&
            !d->loaderMentioned && zshBusError.match(f.evidence).hasMatch())
            continue;
        // "exited unexpectedly" follows the real cause when the log names one (a bus error,
        // the OOM killer, a crash); then it is no finding of its own.
        if (f.id == QLatin1String(diagnosis::WorkerExited) && otherCause)
            continue;
        // A bare bus error is shared memory's when the log speaks of shared memory elsewhere.
        if (f.possible() && d->shmMentioned && f.id == QLatin1String(diagnosis::ShmExhausted)) {
            f.certainty = Certainty::Likely;
            why = QT_TRANSLATE_NOOP("shmwise::Diagnosis",
                                    "The line names only a bus error; the log speaks of shared "
                                    "memory elsewhere.");
        }
        // A possible cause is a warning, not an error.
        if (f.possible())
            f.severity = FindingSeverity::Warning;
        f.certaintyWhy =
            why ? QCoreApplication::translate("shmwise::Diagnosis", why)
                : QCoreApplication::translate("shmwise::Diagnosis",
                                              "The log's own message names this failure.");
        describe(f, d->facts, d->figures);
        out << f;
    }
    return out;
}

qint64 LogDiagnoser::bytesRead() const
{
    return d->bytes;
}

qint64 LogDiagnoser::lineCount() const
{
    return d->lines;
}

QString LogDiagnoser::encoding() const
{
    return d->decoder.encoding();
}

QStringList diagnosisIds()
{
    QStringList ids;
    for (const Rule &r : rules())
        ids << QLatin1String(r.id);
    return ids;
}

QVector<Finding> diagnoseLog(const QString &log, const HostFacts *facts)
{
    LogDiagnoser d(facts, true);
    d.feed(log.toUtf8());
    return d.finish();
}

QVector<Finding> diagnoseLogBytes(QByteArrayView bytes, const HostFacts *facts)
{
    LogDiagnoser d(facts);
    d.feed(bytes);
    return d.finish();
}

bool feedDevice(LogDiagnoser &diagnoser, QIODevice &device,
                const std::function<void(QByteArrayView)> &alsoSee)
{
    return feedDeviceLimited(diagnoser, device, -1, nullptr, alsoSee) == FeedResult::Done;
}

FeedResult feedDeviceLimited(LogDiagnoser &diagnoser, QIODevice &device, qint64 maxBytes,
                             const std::atomic_bool *stop,
                             const std::function<void(QByteArrayView)> &alsoSee)
{
    constexpr qint64 ChunkBytes = 1 << 20;
    QByteArray chunk(ChunkBytes, Qt::Uninitialized);
    qint64 total = 0;
    for (;;) {
        if (stop && stop->load())
            return FeedResult::Stopped;
        qint64 want = chunk.size();
        // One byte past the limit tells a device of exactly maxBytes from a larger one.
        if (maxBytes >= 0)
            want = qMin(want, maxBytes + 1 - total);
        const qint64 n = device.read(chunk.data(), want);
        if (n < 0)
            return FeedResult::ReadFailed;
        if (n == 0)
            return FeedResult::Done;
        if (maxBytes >= 0 && total + n > maxBytes)
            return FeedResult::TooLarge;
        total += n;
        const QByteArrayView piece(chunk.constData(), n);
        diagnoser.feed(piece);
        if (alsoSee)
            alsoSee(piece);
    }
}

std::optional<Environment> environmentOfLog(const QString &log, QString *evidence)
{
    // The most specific first: a Slurm step runs containers too, and a pod's log may quote
    // docker.
    static const struct
    {
        Environment environment;
        QRegularExpression words;
    } kinds[] = {
        {Environment::Slurm,
         QRegularExpression(QStringLiteral(R"(\b(?:srun|slurmstepd|sbatch): |\bslurmstepd\b)"))},
        {Environment::Kubernetes,
         QRegularExpression(QStringLiteral(
             R"(\bkubectl (?:logs|describe|get|exec|apply)\b|\bOOMKilled\b|\bkubelet\b|)"
             R"(Back-off restarting failed container|\bpod/[a-z0-9][-a-z0-9.]*)"))},
        {Environment::Podman,
         QRegularExpression(QStringLiteral(R"(\bpodman (?:run|logs|exec)\b)"))},
        {Environment::Compose,
         QRegularExpression(QStringLiteral(R"(\bdocker[ -]compose (?:up|run|logs)\b)"))},
        {Environment::Docker,
         QRegularExpression(QStringLiteral(
             R"(\bdocker (?:run|logs|exec|start)\b|docker: Error response from daemon)"))},
    };
    const QString text = log.size() > 4 * 1024 * 1024 ? log.left(4 * 1024 * 1024) : log;
    for (const auto &k : kinds) {
        const QRegularExpressionMatch m = k.words.match(text);
        if (m.hasMatch()) {
            if (evidence)
                *evidence = m.captured();
            return k.environment;
        }
    }
    return std::nullopt;
}

} // namespace shmwise
