// SPDX-License-Identifier: GPL-3.0-or-later
#include "probes/fleet.h"

#include "probes/inventory.h"
#include "probes/probetarget.h"

#include <QCoreApplication>
#include <QDir>
#include <QEventLoop>
#include <QJsonArray>
#include <QMap>

#include <algorithm>
#include <limits>
#include <utility>

#include <sys/resource.h>

namespace shmwise {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::Fleet)
};

QString csvField(QString s)
{
    // Cells starting with = + - @ are read as formulas by spreadsheets: quote them as text.
    if (!s.isEmpty() && QStringLiteral("=+-@").contains(s[0]))
        s.prepend(QLatin1Char('\''));
    if (s.contains(QLatin1Char(',')) || s.contains(QLatin1Char('"')) ||
        s.contains(QLatin1Char('\n')) || s.contains(QLatin1Char('\'')))
        return QLatin1Char('"') + s.replace(QLatin1Char('"'), QStringLiteral("\"\"")) +
               QLatin1Char('"');
    return s;
}

} // namespace

bool FleetHostResult::breaks() const
{
    if (!result.ok())
        return true;
    return std::any_of(findings.cbegin(), findings.cend(),
                       [](const Finding &f) { return f.severity == FindingSeverity::Error; });
}

QStringList FleetHostResult::findingIds(FindingSeverity severity) const
{
    QStringList ids;
    for (const Finding &f : findings) {
        if (f.severity == severity)
            ids << f.id;
    }
    return ids;
}

int smallestFleetHost(const QVector<FleetHostResult> &results, UnknownShm unknown)
{
    int smallest = -1;
    std::pair<Bytes, Bytes> smallestSizes;
    for (int i = 0; i < results.size(); ++i) {
        const FleetHostResult &r = results[i];
        const HostFacts &f = r.result.facts;
        if (!r.result.ok() || (!f.shmSizeBytes && unknown == UnknownShm::Skip))
            continue;
        const std::pair<Bytes, Bytes> sizes{f.shmSizeBytes.value_or(0),
                                            f.usableMemoryBytes().value_or(0)};
        if (smallest < 0 || sizes < smallestSizes) {
            smallest = i;
            smallestSizes = sizes;
        }
    }
    return smallest;
}

FleetHosts fleetHosts(const FleetSource &source)
{
    FleetHosts r;
    for (const QString &t : source.targets) {
        QString why;
        if (!parseTarget(t, &why)) {
            r.error = why;
            return r;
        }
        r.hosts << FleetHost{t, t};
    }
    if (!source.inventoryPath)
        return r;
    const InventoryResult inv = loadInventory(*source.inventoryPath);
    if (!inv.ok()) {
        r.error = inv.error;
        r.errorFromFile = true;
        return r;
    }
    QVector<InventoryHost> selected = inv.inventory.hosts;
    if (source.limit) {
        QString why;
        if (!limitInventory(inv.inventory, *source.limit, &selected, &why)) {
            r.error = why;
            r.errorFromFile = true;
            return r;
        }
    }
    for (const InventoryHost &h : std::as_const(selected)) {
        FleetHost fh{h.name, h.targetText(), QString()};
        if (!h.unexpanded.isEmpty())
            fh.refusal = Tr::tr("refused host: its variable %1 is a Jinja template, which "
                                "ShmWise does not expand; give the value itself, or probe the "
                                "host with --target")
                             .arg(h.unexpanded);
        r.hosts << fh;
    }
    r.fromInventory = int(selected.size());
    return r;
}

FleetSummary summarizeFleet(const QVector<FleetHostResult> &results)
{
    FleetSummary s;
    s.hosts = int(results.size());
    QMap<Bytes, int> sizes;
    for (const FleetHostResult &r : results) {
        if (!r.result.ok()) {
            ++s.failed;
            s.unreachable << r.host.name;
            continue;
        }
        ++s.probed;
        if (r.breaks())
            s.breaking << r.host.name;
        if (const auto shm = r.result.facts.shmSizeBytes)
            ++sizes[*shm];
    }
    s.smallestIndex = smallestFleetHost(results, UnknownShm::Skip);
    if (s.smallestIndex >= 0) {
        s.smallestHost = results[s.smallestIndex].host.name;
        s.smallestShmBytes = results[s.smallestIndex].result.facts.shmSizeBytes;
    }
    int best = 0;
    for (auto it = sizes.cbegin(); it != sizes.cend(); ++it)
        if (it.value() >= best) { // ascending keys: a tie goes to the larger size
            best = it.value();
            s.commonShmBytes = it.key();
        }
    if (sizes.size() > 1)
        for (const FleetHostResult &r : results)
            if (r.result.ok() && r.result.facts.shmSizeBytes &&
                *r.result.facts.shmSizeBytes != *s.commonShmBytes)
                s.outliers << r.host.name;
    return s;
}

QJsonObject fleetToJson(const QVector<FleetHostResult> &results, const FleetSummary &summary,
                        const ShmPlan *plan)
{
    QJsonArray hosts;
    for (const FleetHostResult &r : results) {
        QJsonObject h;
        h.insert(QStringLiteral("name"), r.host.name);
        h.insert(QStringLiteral("target"), r.host.targetText);
        h.insert(QStringLiteral("status"), probeStatusName(r.result.status));
        h.insert(QStringLiteral("elapsed_ms"), double(r.result.elapsedMs));
        h.insert(QStringLiteral("breaks_job"), r.breaks());
        if (r.result.ok()) {
            h.insert(QStringLiteral("facts"), hostFactsToJson(r.result.facts));
            h.insert(QStringLiteral("findings"), findingsToJson(r.findings));
        } else {
            h.insert(QStringLiteral("error"), r.result.error);
            if (!r.result.stderrText.isEmpty())
                h.insert(QStringLiteral("stderr"), r.result.stderrText.right(2000));
        }
        hosts.append(h);
    }
    auto names = [](const QStringList &l) {
        return QJsonArray::fromStringList(l);
    };
    QJsonObject s;
    s.insert(QStringLiteral("hosts"), summary.hosts);
    s.insert(QStringLiteral("probed"), summary.probed);
    s.insert(QStringLiteral("failed"), summary.failed);
    s.insert(QStringLiteral("breaking"), names(summary.breaking));
    s.insert(QStringLiteral("unreachable"), names(summary.unreachable));
    s.insert(QStringLiteral("outliers"), names(summary.outliers));
    s.insert(QStringLiteral("common_shm_bytes"),
             summary.commonShmBytes ? QJsonValue(double(*summary.commonShmBytes)) : QJsonValue());
    s.insert(QStringLiteral("smallest_host"),
             summary.smallestHost.isEmpty() ? QJsonValue() : QJsonValue(summary.smallestHost));
    s.insert(QStringLiteral("smallest_shm_bytes"),
             summary.smallestShmBytes ? QJsonValue(double(*summary.smallestShmBytes))
                                      : QJsonValue());
    QJsonObject o;
    o.insert(QStringLiteral("hosts"), hosts);
    o.insert(QStringLiteral("summary"), s);
    if (plan)
        o.insert(QStringLiteral("plan"), planToJson(*plan));
    return o;
}

QByteArray fleetToCsv(const QVector<FleetHostResult> &results)
{
    QStringList lines{QStringLiteral(
        "host,target,status,shm_size_bytes,shm_used_bytes,memory_bytes,nofile,breaks_job,"
        "findings,error")};
    for (const FleetHostResult &r : results) {
        const HostFacts &f = r.result.facts;
        const bool ok = r.result.ok();
        auto num = [ok](const std::optional<quint64> &v) {
            return ok && v ? QString::number(*v) : QString();
        };
        QStringList ids;
        for (const Finding &fi : r.findings)
            ids << fi.id;
        lines << QStringList{csvField(r.host.name),
                             csvField(r.host.targetText),
                             probeStatusName(r.result.status),
                             num(f.shmSizeBytes),
                             num(f.shmUsedBytes),
                             num(f.usableMemoryBytes()),
                             num(f.nofileSoft),
                             r.breaks() ? QStringLiteral("true") : QStringLiteral("false"),
                             csvField(ids.join(QLatin1Char(' '))),
                             csvField(ok ? QString() : r.result.error)}
                     .join(QLatin1Char(','));
    }
    return (lines.join(QLatin1Char('\n')) + QLatin1Char('\n')).toUtf8();
}

QString fleetSizeText(const std::optional<Bytes> &bytes)
{
    return bytes ? formatSize(*bytes) : Tr::tr("unknown");
}

QString fleetVerdict(const FleetHostResult &r, FleetStyle style)
{
    const bool window = style == FleetStyle::Window;
    if (window && !r.done)
        return Tr::tr("probing…");
    if (!r.result.ok())
        return window ? Tr::tr("not probed: %1").arg(r.result.error)
                      : Tr::tr("not probed (%1)").arg(probeStatusName(r.result.status));
    // The terminal's table keeps a verdict one word wide.
    const QString separator = window ? QStringLiteral(", ") : QStringLiteral(",");
    const QStringList errors = r.findingIds(FindingSeverity::Error);
    const QStringList warnings = r.findingIds(FindingSeverity::Warning);
    if (!errors.isEmpty())
        return (window ? Tr::tr("breaks the job: %1") : Tr::tr("breaks: %1"))
            .arg(errors.join(separator));
    if (!warnings.isEmpty())
        return (window ? Tr::tr("warnings: %1") : Tr::tr("warns: %1"))
            .arg(warnings.join(separator));
    return Tr::tr("ok");
}

QStringList fleetRowTexts(const FleetHostResult &r, FleetStyle style)
{
    const HostFacts &f = r.result.facts;
    const bool ok = (style == FleetStyle::Terminal || r.done) && r.result.ok();
    const QString none = QStringLiteral("-");
    QString nofile = none;
    if (ok && f.nofileSoft)
        nofile = *f.nofileSoft == std::numeric_limits<quint64>::max()
                     ? Tr::tr("unlimited")
                     : QString::number(*f.nofileSoft);
    return {r.host.name,
            r.host.targetText,
            ok ? fleetSizeText(f.shmSizeBytes) : none,
            ok ? fleetSizeText(f.shmUsedBytes) : none,
            ok ? fleetSizeText(f.usableMemoryBytes()) : none,
            nofile,
            fleetVerdict(r, style)};
}

FleetProber::FleetProber(QObject *parent) : QObject(parent) {}

FleetProber::~FleetProber()
{
    cancel();
}

void FleetProber::setHosts(const QVector<FleetHost> &hosts)
{
    cancel();
    m_results.clear();
    for (const FleetHost &h : hosts) {
        FleetHostResult r;
        r.host = h;
        r.result.status = ProbeResult::Status::Cancelled;
        r.result.targetText = h.targetText;
        m_results << r;
    }
    m_next = int(m_results.size());
}

void FleetProber::start()
{
    cancel();
    ++m_generation;
    for (FleetHostResult &r : m_results) {
        r.done = false;
        r.findings.clear();
        r.result = ProbeResult();
        r.result.status = ProbeResult::Status::Cancelled;
        r.result.targetText = r.host.targetText;
    }
    m_probers = QVector<Prober *>(m_results.size(), nullptr);
    m_sameAs = QVector<int>(m_results.size(), -1);
    m_followers.clear();
    m_retry.clear();
    m_retries = QVector<int>(m_results.size(), 0);
    QHash<QString, int> first;
    for (int i = 0; i < m_results.size(); ++i) {
        const FleetHost &h = m_results[i].host;
        if (!h.refusal.isEmpty())
            continue;
        const auto it = first.constFind(h.targetText);
        if (it == first.cend()) {
            first.insert(h.targetText, i);
        } else {
            m_sameAs[i] = *it;
            m_followers[*it] << i;
        }
    }
    m_next = 0;
    m_running = 0;
    m_peak = 0;
    m_localNote.clear();
    // Raised for this process while the fleet runs: its probes' pipes are what count.
    struct rlimit rl;
    if (m_savedNofile < 0 && getrlimit(RLIMIT_NOFILE, &rl) == 0)
        m_savedNofile = qint64(rl.rlim_cur);
    m_jobsNow = fleetJobsWithinOpenFiles(m_jobs, true, &m_localNote);
    if (m_results.isEmpty()) {
        restoreOpenFilesLimit();
        QMetaObject::invokeMethod(this, &FleetProber::finished, Qt::QueuedConnection);
        return;
    }
    launchMore();
}

void FleetProber::restoreOpenFilesLimit()
{
    if (m_savedNofile < 0)
        return;
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rlim_t(m_savedNofile) < rl.rlim_cur) {
        rl.rlim_cur = rlim_t(m_savedNofile);
        setrlimit(RLIMIT_NOFILE, &rl);
    }
    m_savedNofile = -1;
}

void FleetProber::cancel()
{
    for (Prober *&p : m_probers) {
        if (p) {
            p->disconnect(this);
            p->cancel();
            p->deleteLater();
            p = nullptr;
        }
    }
    m_next = int(m_results.size());
    m_retry.clear();
    m_running = 0;
    restoreOpenFilesLimit();
}

void FleetProber::launchMore()
{
    while (m_running < m_jobsNow && (!m_retry.isEmpty() || m_next < m_results.size())) {
        const int index = !m_retry.isEmpty() ? m_retry.takeFirst() : m_next++;
        if (index < m_sameAs.size() && m_sameAs[index] >= 0)
            continue; // answered by the probe of the same target
        launch(index);
    }
}

void FleetProber::launch(int index)
{
    auto *p = new Prober(this);
    m_probers[index] = p;
    p->setOptions(m_options);
    const FleetHost &host = m_results[index].host;
    const quint64 gen = m_generation;
    connect(
        p, &Prober::finished, this,
        [this, index, gen](const ProbeResult &r) {
            if (gen == m_generation)
                onFinished(index, r);
        },
        Qt::QueuedConnection);
    ++m_running;
    m_peak = std::max(m_peak, m_running);
    if (!host.refusal.isEmpty()) {
        // Reported the way a refused target is, from the event loop, without a client.
        ProbeResult r;
        r.status = ProbeResult::Status::Refused;
        r.targetText = host.targetText;
        r.error = host.refusal;
        QMetaObject::invokeMethod(
            this,
            [this, index, gen, r] {
                if (gen == m_generation)
                    onFinished(index, r);
            },
            Qt::QueuedConnection);
        return;
    }
    p->setTarget(host.targetText);
    p->probe();
}

void FleetProber::onFinished(int index, const ProbeResult &r)
{
    if (index >= m_probers.size() || !m_probers[index])
        return;
    m_probers[index]->disconnect(this);
    m_probers[index]->deleteLater();
    m_probers[index] = nullptr;
    --m_running;
    // The client could not start here while others ran: a local limit, not the host's fault.
    // Start it again once fewer run, and run fewer from now on.
    if (r.startFailed && m_running > 0 && m_retries[index] < 8) {
        ++m_retries[index];
        m_retry << index;
        m_jobsNow = std::max(1, std::min(m_jobsNow, m_running));
        if (m_localNote.isEmpty())
            m_localNote = Tr::tr("this computer could not start more probes at once (%1); ran "
                                 "at most %2 at a time")
                              .arg(r.error)
                              .arg(m_jobsNow);
        launchMore();
        return;
    }
    auto settle = [&](int i, const ProbeResult &result) {
        FleetHostResult &fr = m_results[i];
        fr.result = result;
        fr.result.targetText = fr.host.targetText;
        fr.done = true;
        if (result.ok())
            fr.findings = findingsForHost(result.facts, m_plan ? &*m_plan : nullptr);
        Q_EMIT hostFinished(i);
    };
    settle(index, r);
    for (int follower : m_followers.value(index))
        settle(follower, r);
    launchMore();
    if (m_running == 0 && m_retry.isEmpty() && m_next >= m_results.size()) {
        restoreOpenFilesLimit();
        Q_EMIT finished();
    }
}

int fleetJobsWithinOpenFiles(int wanted, bool raise, QString *note)
{
    // A running probe holds its client's three pipes, the pid descriptor and, while it starts,
    // the pipe that reports exec's result: eight leaves room.
    constexpr int PerProbe = 8;
    constexpr int Reserve = 64; // for everything else this process opens meanwhile
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) != 0)
        return wanted;
    const rlim_t wantedLimit = rlim_t(Reserve + PerProbe * wanted) + rlim_t(1024);
    if (raise && rl.rlim_cur < wantedLimit && rl.rlim_cur < rl.rlim_max) {
        struct rlimit raised = rl;
        raised.rlim_cur = std::min(rl.rlim_max, wantedLimit);
        if (setrlimit(RLIMIT_NOFILE, &raised) == 0)
            rl = raised;
    }
    int open = 0;
    const QDir fds(QStringLiteral("/proc/self/fd"));
    if (fds.exists())
        open = int(fds.entryList(QDir::AllEntries | QDir::System | QDir::NoDotAndDotDot).size());
    const qint64 room = qint64(std::min<rlim_t>(rl.rlim_cur, 1 << 20)) - open - Reserve;
    const int fit = int(std::clamp<qint64>(room / PerProbe, 1, wanted));
    if (fit < wanted && note)
        *note = Tr::tr("%1 probes at once do not fit this computer's open-files limit (ulimit -n "
                       "%2, %3 open); ran at most %4 at a time. Raise the limit (ulimit -n) to "
                       "run more.")
                    .arg(wanted)
                    .arg(quint64(rl.rlim_cur))
                    .arg(open)
                    .arg(fit);
    return fit;
}

QVector<FleetHostResult> probeFleetBlocking(const QVector<FleetHost> &hosts,
                                            const ProbeOptions &options, int jobs,
                                            const std::optional<ShmPlan> &plan, QString *localNote)
{
    FleetProber fleet;
    fleet.setHosts(hosts);
    fleet.setOptions(options);
    fleet.setJobs(jobs);
    fleet.setPlan(plan);
    QEventLoop loop;
    QObject::connect(&fleet, &FleetProber::finished, &loop, &QEventLoop::quit);
    fleet.start();
    loop.exec();
    if (localNote)
        *localNote = fleet.localNote();
    return fleet.results();
}

} // namespace shmwise
