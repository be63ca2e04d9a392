// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/environments.h"
#include "probes/findings.h"
#include "probes/probefacts.h"

#include <QByteArrayView>
#include <QString>
#include <QVector>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

class QIODevice;

namespace shmwise {

// The ids diagnoseLog() can raise.
namespace diagnosis {
inline const char *const ShmQuotaExceeded = "shm-quota-exceeded";
inline const char *const NcclShm = "nccl-shm";
inline const char *const CudaOom = "cuda-oom";
inline const char *const ShmExhausted = "shm-exhausted";
inline const char *const FdExhausted = "fd-exhausted";
inline const char *const DataLoaderTimeout = "dataloader-timeout";
inline const char *const OomFromShm = "oom-from-shm";
inline const char *const HostOom = "host-oom";
inline const char *const WorkerCrashed = "worker-crashed";
inline const char *const WorkerExited = "worker-exited";
inline const char *const ShmBroadcastStall = "shm-broadcast-stall";
inline const char *const ShmFilesRemoved = "shm-files-removed";
} // namespace diagnosis

// Reads a log of any size, fed in chunks, and turns it into findings, one per id, each with the
// first line that shows it (Finding::line) and how many lines did. Every line is searched
// whole; memory stays bounded by the chunk size, however long the log or its lines. The bytes
// may be UTF-8 or UTF-16 (with or without a byte order mark), with CRLF or CR line ends, ANSI
// colours and NUL bytes: see LogDecoder, which also defines the line numbers.
//
// Any text is accepted; a log that shows none of the known failures gives no findings. When the
// host's facts are known they sharpen the fix (the /dev/shm size in place, for example).
class LogDiagnoser
{
public:
    // With `utf8`, the bytes are known to be UTF-8 (text decoded elsewhere).
    explicit LogDiagnoser(const HostFacts *facts = nullptr, bool utf8 = false);
    ~LogDiagnoser();
    LogDiagnoser(const LogDiagnoser &) = delete;
    LogDiagnoser &operator=(const LogDiagnoser &) = delete;

    void feed(QByteArrayView bytes);
    // Reads what is left and returns the findings, in the order of diagnosisIds().
    QVector<Finding> finish();

    qint64 bytesRead() const;
    qint64 lineCount() const; // valid after finish()
    QString encoding() const;

private:
    struct Private;
    std::unique_ptr<Private> d;
};

QVector<Finding> diagnoseLog(const QString &log, const HostFacts *facts = nullptr);
// Raw bytes, in any encoding LogDiagnoser reads.
QVector<Finding> diagnoseLogBytes(QByteArrayView bytes, const HostFacts *facts = nullptr);

// Feeds all that `device` holds to `diagnoser`, a chunk at a time so a log of any size takes the
// same memory, and each chunk to `alsoSee` when one is given (the Diagnose window shows the
// log's start). False when a read fails: the device's errorString() says why, and
// diagnoser.bytesRead() how far it got.
bool feedDevice(LogDiagnoser &diagnoser, QIODevice &device,
                const std::function<void(QByteArrayView)> &alsoSee = {});

// feedDevice() for a reader that may be stopped (the Diagnose window's Cancel) and that reads at
// most maxBytes (-1: no limit): Stopped once *stop is set between two chunks, TooLarge when the
// device holds more than maxBytes (nothing past them is read).
enum class FeedResult
{
    Done,
    ReadFailed,
    Stopped,
    TooLarge
};
FeedResult feedDeviceLimited(LogDiagnoser &diagnoser, QIODevice &device, qint64 maxBytes,
                             const std::atomic_bool *stop,
                             const std::function<void(QByteArrayView)> &alsoSee = {});

// Every id diagnoseLog() knows, in the order it reports them.
QStringList diagnosisIds();

// Where the log says the job ran: srun or slurmstepd (Slurm), kubectl or the kubelet's words
// (Kubernetes), the podman, docker compose or docker CLI. nullopt when it says nothing of it;
// `evidence` gets the words that said it. Reads the first 4 MiB.
std::optional<Environment> environmentOfLog(const QString &log, QString *evidence = nullptr);

} // namespace shmwise
