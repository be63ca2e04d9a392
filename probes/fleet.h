// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "probes/findings.h"
#include "probes/prober.h"

#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QVector>

#include <optional>
#include <utility>

namespace shmwise {

// One host of a fleet: the name shown (an inventory hostname, or the target text) and where to
// probe it.
struct FleetHost
{
    FleetHost() = default;
    FleetHost(QString n, QString target, QString why = {})
        : name(std::move(n)), targetText(std::move(target)), refusal(std::move(why))
    {}
    QString name;
    QString targetText;
    // Why this host is reported and not probed (an inventory variable ShmWise cannot resolve);
    // empty for a host to probe.
    QString refusal;
};

// How many probes may run at once within this process's open-files limit (`ulimit -n`): each
// running probe holds a few descriptors (its pipes). Raises the soft limit towards the hard one
// first when `raise` is set. Sets `note` (translated) when fewer than `wanted` fit.
int fleetJobsWithinOpenFiles(int wanted, bool raise, QString *note);

struct FleetHostResult
{
    FleetHost host;
    ProbeResult result;        // status Cancelled until the host was probed
    QVector<Finding> findings; // when the probe succeeded
    bool done = false;
    // The host would break the job: an error finding, or a probe that failed.
    bool breaks() const;
    // The ids of the findings of one severity, in order.
    QStringList findingIds(FindingSeverity severity) const;
};

// What the fleet looks like as a whole.
struct FleetSummary
{
    int hosts = 0;
    int probed = 0;       // probes that came back
    int failed = 0;       // hosts that could not be probed
    QStringList breaking; // hosts with an error finding
    QStringList unreachable;
    std::optional<Bytes> commonShmBytes; // the most common /dev/shm size (the larger on a tie)
    QStringList outliers;                // probed hosts whose /dev/shm differs from it
    // The probed host with the smallest /dev/shm (see smallestFleetHost()): its index in the
    // results (-1: no probe told its /dev/shm), name and /dev/shm.
    int smallestIndex = -1;
    QString smallestHost;
    std::optional<Bytes> smallestShmBytes;
};

// What a probed host that did not tell its /dev/shm size counts as in smallestFleetHost().
enum class UnknownShm
{
    Skip,         // left out: the summary names a size
    CountsAsNone, // the smallest: a job sized for the fleet cannot count on any /dev/shm there
};

// The probed host a job meant for every host must fit: the smallest /dev/shm, then the least
// memory (the cgroup limit, else RAM; unknown counts as none), the first of equals. Its index in
// `results`, or -1 when no host qualifies. Hosts that could not be probed are left out.
int smallestFleetHost(const QVector<FleetHostResult> &results, UnknownShm unknown);

// Where the hosts of a fleet come from, as the command line and the Fleet window take them.
struct FleetSource
{
    QStringList targets;                  // each probed as written, and named by its text
    std::optional<QString> inventoryPath; // an Ansible inventory
    std::optional<QString> limit;         // Ansible's pattern over it; without, every host
};
struct FleetHosts
{
    QVector<FleetHost> hosts; // the targets first, then the inventory's hosts in its order
    int fromInventory = 0;
    QString error; // a refused target, an unreadable inventory or a limit that selects nothing
    bool errorFromFile = false; // the error quotes the inventory or the limit
    bool ok() const { return error.isEmpty(); }
};
// A host whose variables make a refused target still gets a row: the prober reports it.
FleetHosts fleetHosts(const FleetSource &source);

FleetSummary summarizeFleet(const QVector<FleetHostResult> &results);
QJsonObject fleetToJson(const QVector<FleetHostResult> &results, const FleetSummary &summary,
                        const ShmPlan *plan = nullptr);
// One line per host: name, target, status, sizes in bytes, ulimit -n, whether it breaks the job,
// the finding ids and the error. Cells a spreadsheet would run as formulas are quoted as text.
QByteArray fleetToCsv(const QVector<FleetHostResult> &results);

// The two places that show a fleet host by host word it differently: `shmwise probe`'s table
// (short words, ids joined by commas, the status of a failed probe; the fleet is done) and the
// Fleet window (a failed probe's error; a host still being probed says so).
enum class FleetStyle
{
    Terminal,
    Window,
};

// A size, or "unknown".
QString fleetSizeText(const std::optional<Bytes> &bytes);
// What the host means for the job: ok, warnings, breaks (with the finding ids), or not probed.
QString fleetVerdict(const FleetHostResult &r, FleetStyle style);

// The cells of fleetRowTexts(), in order; each view shows the ones it has room for. Names and
// targets are the inventory's, as they came: a terminal must make them printable.
enum FleetColumn
{
    FleetHostColumn,
    FleetTargetColumn,
    FleetShmColumn,
    FleetShmUsedColumn,
    FleetMemoryColumn, // the cgroup limit, else RAM
    FleetNofileColumn,
    FleetVerdictColumn,
    FleetColumnCount
};
QStringList fleetRowTexts(const FleetHostResult &r, FleetStyle style);

// Probes many hosts at once, at most jobs() at a time, each with its own Prober (its own timeout
// and, over ssh, its own shared connection). A failing host does not stop the others.
class FleetProber : public QObject
{
    Q_OBJECT
public:
    explicit FleetProber(QObject *parent = nullptr);
    ~FleetProber() override;

    void setHosts(const QVector<FleetHost> &hosts);
    void setOptions(const ProbeOptions &options) { m_options = options; }
    void setJobs(int jobs) { m_jobs = std::max(1, jobs); }
    int jobs() const { return m_jobs; }
    void setPlan(const std::optional<ShmPlan> &plan) { m_plan = plan; }

    const QVector<FleetHostResult> &results() const { return m_results; }
    bool isBusy() const { return m_running > 0 || !m_retry.isEmpty() || m_next < m_results.size(); }
    // The most probes that ran at the same time in the last start().
    int peakConcurrency() const { return m_peak; }
    // What limited the last start() on this computer (the open-files limit), once, translated;
    // empty when nothing did.
    QString localNote() const { return m_localNote; }

public Q_SLOTS:
    // Probes every host again (results are reset).
    void start();
    void cancel();

Q_SIGNALS:
    void hostFinished(int index);
    void finished();

private:
    void launchMore();
    void onFinished(int index, const ProbeResult &r);

    void launch(int index);
    void restoreOpenFilesLimit();

    QVector<FleetHostResult> m_results;
    QVector<Prober *> m_probers;
    // Hosts with the same target (and so the same ssh connection) are probed once: the index of
    // the host whose probe answers for each, and the hosts waiting on each probe.
    QVector<int> m_sameAs;
    QHash<int, QVector<int>> m_followers;
    QVector<int> m_retry;   // hosts whose client could not start here, to start again
    QVector<int> m_retries; // per host, how often
    QString m_localNote;
    int m_jobsNow = 8;         // m_jobs within the open-files limit
    qint64 m_savedNofile = -1; // the soft limit before start() raised it
    ProbeOptions m_options;
    std::optional<ShmPlan> m_plan;
    int m_jobs = 8;
    int m_next = 0;
    int m_running = 0;
    int m_peak = 0;
    quint64 m_generation = 0;
};

// For command-line use only: probes the fleet in a local event loop.
// `localNote`, when given, receives FleetProber::localNote().
QVector<FleetHostResult> probeFleetBlocking(const QVector<FleetHost> &hosts,
                                            const ProbeOptions &options, int jobs,
                                            const std::optional<ShmPlan> &plan,
                                            QString *localNote = nullptr);

} // namespace shmwise
