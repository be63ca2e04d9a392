// SPDX-License-Identifier: GPL-3.0-or-later
#include "probes/clusterview.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonValue>

#include <algorithm>

namespace shmwise {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::ClusterView)
};

std::optional<Bytes> quantity(const QString &text, bool *bad)
{
    if (text.isEmpty())
        return std::nullopt;
    const std::optional<Bytes> v = parseKubernetesQuantity(text);
    if (!v)
        *bad = true;
    return v;
}

// "a,b,c," into its items (the last comma ends the last item).
QStringList items(const QString &field)
{
    QStringList out = field.split(QLatin1Char(','));
    if (!out.isEmpty() && out.constLast().isEmpty())
        out.removeLast();
    return out;
}

std::optional<Bytes> jsonBytes(const QJsonValue &v)
{
    if (!v.isDouble() || v.toDouble() < 0)
        return std::nullopt;
    return Bytes(v.toDouble());
}

QString sizeOrDash(const std::optional<Bytes> &b)
{
    return b ? formatSize(*b) : QStringLiteral("-");
}

} // namespace

QString clusterPodTemplate()
{
    return QStringLiteral(
        "{.metadata.namespace}{\"\\t\"}{.metadata.name}{\"\\t\"}{.spec.nodeName}{\"\\t\"}"
        "{.status.phase}{\"\\t\"}{.spec.overhead.memory}{\"\\t\"}"
        "{range .spec.containers[*]}{.resources.limits.memory}{\"/\"}"
        "{.resources.requests.memory}{\",\"}{end}{\"\\t\"}"
        "{range .spec.initContainers[*]}{.resources.limits.memory}{\"/\"}"
        "{.resources.requests.memory}{\"/\"}{.restartPolicy}{\",\"}{end}{\"\\t\"}"
        "{range .spec.volumes[*]}{.name}{\"/\"}{.emptyDir.medium}{\"/\"}"
        "{.emptyDir.sizeLimit}{\",\"}{end}{\"\\n\"}");
}

ProbeCommand clusterPodsCommand(const QString &ns, const QString &selector,
                                const ProbeOptions &options)
{
    ProbeCommand c;
    c.program = options.kubectlProgram;
    c.arguments << QStringLiteral("get") << QStringLiteral("pods");
    if (!ns.isEmpty())
        c.arguments << QStringLiteral("-n") << ns;
    if (!selector.isEmpty())
        c.arguments << QStringLiteral("--selector=") + selector;
    c.arguments << QStringLiteral("-o")
                << QStringLiteral("jsonpath={range .items[*]}") + clusterPodTemplate() +
                       QStringLiteral("{end}");
    return c;
}

ProbeCommand clusterNodesCommand(const ProbeOptions &options)
{
    ProbeCommand c;
    c.program = options.kubectlProgram;
    c.arguments << QStringLiteral("get") << QStringLiteral("nodes") << QStringLiteral("-o")
                << QStringLiteral("jsonpath={range .items[*]}{.metadata.name}{\"\\t\"}"
                                  "{.status.allocatable.memory}{\"\\n\"}{end}");
    return c;
}

ProbeCommand kubeletSummaryCommand(const QString &node, const ProbeOptions &options)
{
    ProbeCommand c;
    c.program = options.kubectlProgram;
    c.arguments << QStringLiteral("get") << QStringLiteral("--raw")
                << QStringLiteral("/api/v1/nodes/%1/proxy/stats/summary").arg(node);
    return c;
}

std::optional<QVector<ClusterPod>> parseClusterPods(const QByteArray &text, QString *why)
{
    QVector<ClusterPod> pods;
    const QList<QByteArray> lines = text.split('\n');
    int lineNo = 0;
    for (const QByteArray &raw : lines) {
        ++lineNo;
        if (raw.trimmed().isEmpty())
            continue;
        const QStringList f = QString::fromUtf8(raw).split(QLatin1Char('\t'));
        bool bad = f.size() != 8;
        ClusterPod p;
        if (!bad) {
            p.ns = f.at(0);
            p.name = f.at(1);
            p.node = f.at(2);
            p.phase = f.at(3);
            p.overhead = quantity(f.at(4), &bad).value_or(0);
            for (const QString &c : items(f.at(5))) {
                const QStringList parts = c.split(QLatin1Char('/'));
                if (parts.size() != 2) {
                    bad = true;
                    break;
                }
                p.containers.push_back({quantity(parts.at(0), &bad), quantity(parts.at(1), &bad)});
            }
            for (const QString &c : items(f.at(6))) {
                const QStringList parts = c.split(QLatin1Char('/'));
                if (parts.size() != 3) {
                    bad = true;
                    break;
                }
                p.initContainers.push_back({quantity(parts.at(0), &bad),
                                            quantity(parts.at(1), &bad),
                                            parts.at(2) == QLatin1String("Always")});
            }
            for (const QString &v : items(f.at(7))) {
                const QStringList parts = v.split(QLatin1Char('/'));
                if (parts.size() != 3) {
                    bad = true;
                    break;
                }
                if (parts.at(1) == QLatin1String("Memory"))
                    p.memoryVolumes.push_back({parts.at(0), quantity(parts.at(2), &bad)});
            }
            bad = bad || p.name.isEmpty() || p.containers.isEmpty();
        }
        if (bad) {
            if (why)
                *why = Tr::tr("line %1 of kubectl get pods is not a pod as asked for: '%2'")
                           .arg(lineNo)
                           .arg(QString::fromUtf8(raw.left(200)));
            return std::nullopt;
        }
        pods.push_back(p);
    }
    return pods;
}

std::optional<QHash<QString, Bytes>> parseNodeAllocatable(const QByteArray &text, QString *why)
{
    QHash<QString, Bytes> out;
    int lineNo = 0;
    for (const QByteArray &raw : text.split('\n')) {
        ++lineNo;
        if (raw.trimmed().isEmpty())
            continue;
        const QStringList f = QString::fromUtf8(raw).split(QLatin1Char('\t'));
        bool bad = f.size() != 2 || f.at(0).isEmpty();
        std::optional<Bytes> b;
        if (!bad)
            b = quantity(f.at(1), &bad);
        if (bad) {
            if (why)
                *why = Tr::tr("line %1 of kubectl get nodes is not a node and its allocatable "
                              "memory: '%2'")
                           .arg(lineNo)
                           .arg(QString::fromUtf8(raw.left(200)));
            return std::nullopt;
        }
        if (b)
            out.insert(f.at(0), *b);
    }
    return out;
}

PodMemory podMemory(const ClusterPod &pod)
{
    PodMemory m;
    bool appLimited = true, initLimited = true;
    Bytes appLimits = 0, appRequests = 0;
    for (const ClusterContainer &c : pod.containers) {
        if (c.limit && *c.limit > 0)
            appLimits = satAdd(appLimits, *c.limit);
        else
            appLimited = false;
        // A container without a request but with a limit asks for its limit.
        const std::optional<Bytes> req = c.request ? c.request : c.limit;
        if (req) {
            appRequests = satAdd(appRequests, *req);
            m.requestKnown = true;
        }
    }
    // Init containers in order: a sidecar (restartPolicy: Always) runs on beside what follows,
    // so each plain init container runs beside the sidecars started before it.
    Bytes sidecarLimits = 0, sidecarRequests = 0, initLimitMax = 0, initRequestMax = 0;
    for (const ClusterContainer &c : pod.initContainers) {
        const bool limited = c.limit && *c.limit > 0;
        if (!limited)
            initLimited = false;
        const std::optional<Bytes> req = c.request ? c.request : c.limit;
        if (req)
            m.requestKnown = true;
        if (c.restartable) {
            if (limited)
                sidecarLimits = satAdd(sidecarLimits, *c.limit);
            if (req)
                sidecarRequests = satAdd(sidecarRequests, *req);
        } else {
            if (limited)
                initLimitMax = std::max(initLimitMax, satAdd(*c.limit, sidecarLimits));
            if (req)
                initRequestMax = std::max(initRequestMax, satAdd(*req, sidecarRequests));
        }
    }
    m.request = satAdd(std::max(satAdd(appRequests, sidecarRequests), initRequestMax),
                       m.requestKnown ? pod.overhead : 0);
    if (appLimited && initLimited)
        m.limit = satAdd(std::max(satAdd(appLimits, sidecarLimits), initLimitMax), pod.overhead);
    m.initWithoutLimit = appLimited && !initLimited;
    return m;
}

Bytes emptyDirMemorySize(Bytes nodeAllocatable, std::optional<Bytes> podLimit,
                         std::optional<Bytes> sizeLimit)
{
    Bytes size = nodeAllocatable;
    if (podLimit && *podLimit > 0 && *podLimit <= size)
        size = *podLimit;
    if (sizeLimit && *sizeLimit > 0 && *sizeLimit <= size)
        size = *sizeLimit;
    return size;
}

std::optional<QVector<SummaryPod>> parseKubeletSummary(const QByteArray &json, QString *why)
{
    QJsonParseError err;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &err);
    if (err.error != QJsonParseError::NoError || !doc.isObject()) {
        if (why)
            *why = err.error != QJsonParseError::NoError
                       ? Tr::tr("the Summary API answer is not JSON: %1 at byte %2")
                             .arg(err.errorString())
                             .arg(err.offset)
                       : Tr::tr("the Summary API answer is not a JSON object");
        return std::nullopt;
    }
    const QJsonValue podsValue = doc.object().value(QLatin1String("pods"));
    if (!podsValue.isArray() && !podsValue.isUndefined() && !podsValue.isNull()) {
        if (why)
            *why = Tr::tr("the Summary API answer's \"pods\" is not an array");
        return std::nullopt;
    }
    QVector<SummaryPod> out;
    const QJsonArray pods = podsValue.toArray();
    out.reserve(pods.size());
    for (const QJsonValue &pv : pods) {
        const QJsonObject p = pv.toObject();
        const QJsonObject ref = p.value(QLatin1String("podRef")).toObject();
        SummaryPod s;
        s.ns = ref.value(QLatin1String("namespace")).toString();
        s.name = ref.value(QLatin1String("name")).toString();
        s.workingSet = jsonBytes(
            p.value(QLatin1String("memory")).toObject().value(QLatin1String("workingSetBytes")));
        for (const QJsonValue &vv : p.value(QLatin1String("volume")).toArray()) {
            const QJsonObject v = vv.toObject();
            s.volumes.push_back({v.value(QLatin1String("name")).toString(),
                                 jsonBytes(v.value(QLatin1String("usedBytes"))),
                                 jsonBytes(v.value(QLatin1String("capacityBytes")))});
        }
        out.push_back(s);
    }
    return out;
}

namespace {

void addFindings(ClusterRow &r, const ClusterThresholds &t)
{
    // Fullness against the tmpfs as mounted (the kubelet's capacity), else as it would be sized.
    const std::optional<Bytes> size = r.capacity ? r.capacity : r.effective;
    if (r.used && size && *size > 0) {
        const double pct = 100.0 * double(*r.used) / double(*size);
        if (pct >= t.critPercent)
            r.level = ClusterLevel::Crit;
        else if (pct >= t.warnPercent)
            r.level = ClusterLevel::Warn;
        if (r.level != ClusterLevel::Ok)
            r.findings << Tr::tr("%1 of %2 used (%3%): a write past the size fails with \"No "
                                 "space left on device\", a DataLoader's with a Bus error")
                              .arg(formatSize(*r.used), formatSize(*size))
                              .arg(pct, 0, 'f', 0);
    }
    if (r.sizeLimit && r.memory.limit && *r.sizeLimit > *r.memory.limit)
        r.findings << Tr::tr("sizeLimit %1 is above the pod's memory limit %2: the limit wins, "
                             "and since the files are charged to the pod with its other memory, "
                             "the pod is OOM-killed before the emptyDir is full")
                          .arg(formatSize(*r.sizeLimit), formatSize(*r.memory.limit));
    if (r.memory.initWithoutLimit)
        r.findings << Tr::tr("an init container has no memory limit, which removes the pod's "
                             "(kubernetes#125852): the tmpfs is sized to %1 instead of the "
                             "containers' limits; give every init container a memory limit")
                          .arg(r.allocatable ? formatSize(*r.allocatable)
                                             : Tr::tr("the node's allocatable memory"));
    else if (!r.memory.limit && !r.sizeLimit)
        r.findings << Tr::tr("no memory limit and no sizeLimit: the tmpfs may grow to %1 and "
                             "take memory from every pod on the node")
                          .arg(r.allocatable ? formatSize(*r.allocatable)
                                             : Tr::tr("the node's allocatable memory"));
    if (r.workingSet && r.used && *r.used > 0 && *r.workingSet > r.memory.request)
        r.findings << (r.memory.requestKnown
                           ? Tr::tr("the pod uses %1, above its memory request %2 (the "
                                    "emptyDir's %3 count in it): under node memory pressure the "
                                    "kubelet evicts such pods first")
                                 .arg(formatSize(*r.workingSet), formatSize(r.memory.request),
                                      formatSize(*r.used))
                           : Tr::tr("the pod asks for no memory and uses %1 (the emptyDir's %2 "
                                    "count in it): under node memory pressure the kubelet evicts "
                                    "it first")
                                 .arg(formatSize(*r.workingSet), formatSize(*r.used)));
    // The kubelet mounted another size than its current rule gives: an older kubelet, or the
    // SizeMemoryBackedVolumes gate off (before 1.22), leaves the host's default, half of RAM.
    if (r.capacity && r.effective) {
        const Bytes a = *r.capacity, b = roundUp(*r.effective, PageSize);
        const Bytes diff = a > b ? a - b : b - a;
        if (diff > 2 * MiB)
            r.findings << Tr::tr("the kubelet mounted it with %1, not the %2 its spec gives "
                                 "(a kubelet before 1.22, or SizeMemoryBackedVolumes off, leaves "
                                 "the host's default of half its memory)")
                              .arg(formatSize(a), formatSize(*r.effective));
    }
}

} // namespace

QVector<ClusterRow> clusterRows(const QVector<ClusterPod> &pods,
                                const QHash<QString, Bytes> &allocatable,
                                const QHash<QString, QVector<SummaryPod>> &summaries,
                                const QHash<QString, QString> &nodeErrors,
                                const ClusterThresholds &thresholds)
{
    // Each node's pods by namespace/name, looked up once each.
    QHash<QString, QHash<QString, const SummaryPod *>> byNode;
    for (auto it = summaries.cbegin(); it != summaries.cend(); ++it) {
        QHash<QString, const SummaryPod *> &m = byNode[it.key()];
        m.reserve(it.value().size());
        for (const SummaryPod &s : it.value())
            m.insert(s.ns + QLatin1Char('/') + s.name, &s);
    }
    QVector<ClusterRow> rows;
    for (const ClusterPod &p : pods) {
        if (p.memoryVolumes.isEmpty())
            continue;
        const PodMemory mem = podMemory(p);
        const SummaryPod *s = nullptr;
        const auto node = byNode.constFind(p.node);
        if (node != byNode.cend())
            s = node->value(p.ns + QLatin1Char('/') + p.name, nullptr);
        for (const ClusterVolume &v : p.memoryVolumes) {
            ClusterRow r;
            r.ns = p.ns;
            r.pod = p.name;
            r.node = p.node;
            r.volume = v.name;
            r.sizeLimit = v.sizeLimit;
            r.memory = mem;
            if (allocatable.contains(p.node))
                r.allocatable = allocatable.value(p.node);
            if (r.allocatable)
                r.effective = emptyDirMemorySize(*r.allocatable, mem.limit, v.sizeLimit);
            if (p.node.isEmpty())
                r.error = Tr::tr("not scheduled to a node (%1)").arg(p.phase);
            else if (nodeErrors.contains(p.node))
                r.error = nodeErrors.value(p.node);
            else if (!s)
                r.error = node == byNode.cend()
                              ? Tr::tr("node %1 was not read").arg(p.node)
                              : Tr::tr("the kubelet of %1 does not list this pod (%2)")
                                    .arg(p.node, p.phase);
            if (s) {
                r.workingSet = s->workingSet;
                for (const SummaryVolume &sv : s->volumes)
                    if (sv.name == v.name) {
                        r.used = sv.used;
                        r.capacity = sv.capacity;
                    }
                if (!r.used && r.error.isEmpty())
                    r.error = Tr::tr("the kubelet has no stats of this volume yet");
            }
            addFindings(r, thresholds);
            rows.push_back(r);
        }
    }
    return rows;
}

QStringList clusterTable(const QVector<ClusterRow> &rows)
{
    const QStringList head = {Tr::tr("POD"),          Tr::tr("VOLUME"), Tr::tr("NODE"),
                              Tr::tr("USED"),         Tr::tr("SIZE"),   Tr::tr("SIZELIMIT"),
                              Tr::tr("MEMORY LIMIT"), Tr::tr("USE")};
    QVector<QStringList> cells;
    for (const ClusterRow &r : rows) {
        const std::optional<Bytes> size = r.capacity ? r.capacity : r.effective;
        QString use = QStringLiteral("-");
        if (r.used && size && *size > 0)
            use = QStringLiteral("%1%").arg(100.0 * double(*r.used) / double(*size), 0, 'f', 0);
        cells.push_back({r.pod, r.volume, r.node.isEmpty() ? QStringLiteral("-") : r.node,
                         sizeOrDash(r.used), sizeOrDash(size), sizeOrDash(r.sizeLimit),
                         r.memory.limit ? formatSize(*r.memory.limit) : Tr::tr("none"), use});
    }
    QVector<int> width(head.size());
    for (int i = 0; i < head.size(); ++i)
        width[i] = int(head.at(i).size());
    for (const QStringList &c : cells)
        for (int i = 0; i < c.size(); ++i)
            width[i] = std::max(width[i], int(std::min<qsizetype>(c.at(i).size(), 63)));
    auto line = [&](const QStringList &c) {
        QString l;
        for (int i = 0; i < c.size(); ++i)
            l += (i + 1 < c.size() ? c.at(i).leftJustified(width[i] + 2) : c.at(i));
        return l;
    };
    QStringList out{line(head)};
    for (int i = 0; i < rows.size(); ++i) {
        out << line(cells.at(i));
        const ClusterRow &r = rows.at(i);
        if (!r.error.isEmpty())
            out << QStringLiteral("  ") + Tr::tr("not measured: %1").arg(r.error);
        for (const QString &f : r.findings)
            out << QStringLiteral("  ") + f;
    }
    return out;
}

QJsonObject clusterRowToJson(const ClusterRow &r)
{
    QJsonObject o;
    o.insert(QStringLiteral("namespace"), r.ns);
    o.insert(QStringLiteral("pod"), r.pod);
    o.insert(QStringLiteral("node"), r.node);
    o.insert(QStringLiteral("volume"), r.volume);
    auto put = [&](const char *key, const std::optional<Bytes> &b) {
        o.insert(QLatin1String(key), b ? QJsonValue(double(*b)) : QJsonValue());
    };
    put("used_bytes", r.used);
    put("capacity_bytes", r.capacity);
    put("size_limit_bytes", r.sizeLimit);
    put("node_allocatable_bytes", r.allocatable);
    put("effective_size_bytes", r.effective);
    put("memory_limit_bytes", r.memory.limit);
    put("memory_request_bytes",
        r.memory.requestKnown ? std::optional<Bytes>(r.memory.request) : std::nullopt);
    put("working_set_bytes", r.workingSet);
    o.insert(QStringLiteral("init_container_without_limit"), r.memory.initWithoutLimit);
    o.insert(QStringLiteral("level"), r.level == ClusterLevel::Crit   ? QStringLiteral("crit")
                                      : r.level == ClusterLevel::Warn ? QStringLiteral("warn")
                                                                      : QStringLiteral("ok"));
    if (!r.error.isEmpty())
        o.insert(QStringLiteral("error"), r.error);
    o.insert(QStringLiteral("findings"), QJsonArray::fromStringList(r.findings));
    return o;
}

QByteArray clusterPrometheusText(const QVector<ClusterRow> &rows)
{
    // Label values escaped as the text format wants: backslash, quote and newline.
    auto esc = [](const QString &v) {
        QString e = v;
        e.replace(QLatin1Char('\\'), QLatin1String("\\\\"))
            .replace(QLatin1Char('"'), QLatin1String("\\\""))
            .replace(QLatin1Char('\n'), QLatin1String("\\n"));
        return e.toUtf8();
    };
    struct Family
    {
        const char *name, *help;
        std::optional<Bytes> (*value)(const ClusterRow &);
    };
    static const Family families[] = {
        {"emptydir_used_bytes", "Bytes in the pod's memory-backed emptyDir (the kubelet's).",
         [](const ClusterRow &r) {
             return r.used;
         }},
        {"emptydir_size_bytes",
         "Size of the emptyDir's tmpfs as mounted, else as the kubelet sizes it.",
         [](const ClusterRow &r) {
             return r.capacity ? r.capacity : r.effective;
         }},
        {"emptydir_size_limit_bytes", "The emptyDir's sizeLimit.",
         [](const ClusterRow &r) {
             return r.sizeLimit;
         }},
        {"pod_memory_limit_bytes", "The pod's memory limit, the emptyDir's pages charged to it.",
         [](const ClusterRow &r) {
             return r.memory.limit;
         }},
        {"pod_working_set_bytes", "The pod's memory working set, the emptyDir's pages in it.",
         [](const ClusterRow &r) {
             return r.workingSet;
         }},
    };
    QByteArray out;
    for (const Family &f : families) {
        QByteArray body;
        for (const ClusterRow &r : rows) {
            const std::optional<Bytes> v = f.value(r);
            if (!v)
                continue;
            body += QByteArray("shmwise_") + f.name + "{namespace=\"" + esc(r.ns) + "\",pod=\"" +
                    esc(r.pod) + "\",volume=\"" + esc(r.volume) + "\",node=\"" + esc(r.node) +
                    "\"} " + QByteArray::number(*v) + '\n';
        }
        if (body.isEmpty())
            continue;
        out += QByteArray("# HELP shmwise_") + f.name + ' ' + f.help + '\n';
        out += QByteArray("# TYPE shmwise_") + f.name + " gauge\n";
        out += body;
    }
    return out;
}

} // namespace shmwise
