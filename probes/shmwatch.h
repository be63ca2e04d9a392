// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// `shmwise watch`: /dev/shm sampled while a job or a service runs. A sample is its size, use,
// the user's quota and the memory limit it is charged to, and, from the last full probe, its
// owners by kind and process and its leaked bytes; the trend says how fast it fills. Samples
// become a line, a screen, a JSON object or a Prometheus text file for node_exporter's textfile
// collector.

#include "core/size.h"
#include "probes/attribution.h"
#include "probes/probefacts.h"

#include <QJsonObject>
#include <QPair>
#include <QString>
#include <QStringList>
#include <QVector>

#include <deque>
#include <optional>

namespace shmwise {

struct WatchSample
{
    qint64 msecs = 0; // when, in milliseconds since the epoch
    bool ok = false;  // the target answered
    QString error;    // why not, when it did not
    std::optional<Bytes> size;
    std::optional<Bytes> used;
    std::optional<Bytes> free;
    std::optional<Bytes> quotaLimit; // the user's tmpfs quota
    std::optional<Bytes> quotaUsed;
    std::optional<Bytes> memoryLimit; // memory.max of the cgroup /dev/shm is charged to
    std::optional<Bytes> memoryCurrent;
    // From the last full probe (its age in seconds): nullopt before the first.
    std::optional<double> ownersAge;
    std::optional<quint64> files;
    Bytes leakedBytes = 0;
    quint64 leakedFiles = 0;
    QVector<ShmOwnerBytes> byKind;    // the largest first
    QVector<ShmOwnerBytes> byProcess; // the largest first
};

// A full sample from a probe report.
WatchSample watchSampleFromFacts(const HostFacts &facts, qint64 msecs);
// Size, use and free of a local folder (statvfs): a sample of a few microseconds, taken between
// full probes. nullopt, with `error`, when it cannot be read.
std::optional<WatchSample> watchSampleLocal(const QString &dir, qint64 msecs, QString *error);
// Gives `fast` what only a full sample has (owners, quota, memory limit), from `full`.
void carryOwners(WatchSample &fast, const WatchSample &full);

// How fast the use grows, from the samples of the last `windowSeconds` (least squares).
class WatchTrend
{
public:
    explicit WatchTrend(double windowSeconds = 60) : m_window(windowSeconds) {}
    void add(qint64 msecs, Bytes used);
    // Bytes per second; nullopt with fewer than two samples a second apart.
    std::optional<double> bytesPerSecond() const;
    // When it will be full at this rate; nullopt when it is not growing.
    std::optional<double> secondsToFull(Bytes free) const;

private:
    double m_window;
    std::deque<QPair<qint64, Bytes>> m_points; // bounded: at most 4096
};

enum class WatchLevel
{
    Ok,
    Warn,
    Crit
};
// Use against the size (or the quota or the memory limit, whichever is smallest).
WatchLevel watchLevel(const WatchSample &s, double warnPercent, double critPercent);
// The fullest of size, quota and memory limit, in percent; nullopt without a size.
std::optional<double> watchFullness(const WatchSample &s);

// For people: one line (piped output) and a screen (a terminal, redrawn in place).
QString watchLine(const QString &target, const WatchSample &s, const WatchTrend &trend,
                  WatchLevel level);
QStringList watchScreen(const QString &target, const WatchSample &s, const WatchTrend &trend,
                        WatchLevel level, double warnPercent, double critPercent, int width);
QJsonObject watchSampleToJson(const QString &target, const WatchSample &s, const WatchTrend &trend,
                              WatchLevel level);
// The Prometheus text exposition format, for node_exporter's textfile collector.
QByteArray watchPrometheusText(const QString &target, const QString &host, const WatchSample &s);
// Several hosts' texts as one file: each metric family's HELP and TYPE once, its samples of every
// host together under them (the format allows a family in one place only).
QByteArray mergePrometheusTexts(const QVector<QByteArray> &texts);

} // namespace shmwise
