// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A stand-in kubectl for a cluster's view: it answers `get pods` and `get nodes` with the files
// pods.txt and nodes.txt of its folder (what the real kubectl prints for the jsonpath asked
// for) and `get --raw /api/v1/nodes/NODE/proxy/stats/summary` with summary-NODE.json, shaped as
// the kubelet's own types (k8s.io/kubelet pkg/apis/stats/v1alpha1: Summary, NodeStats,
// PodStats, ContainerStats, VolumeStats with FsStats). Every call's arguments are appended to
// kubectl.log, one line each; a node without a summary file answers as the API server does for
// an unknown node.

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QString>

namespace kubeletfixture {

inline QString writeStandIn(const QString &dir)
{
    const QString path = QDir(dir).filePath(QStringLiteral("kubectl"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write("#!/bin/sh\n"
            "D=$(dirname \"$0\")\n"
            "printf '%s\\n' \"$*\" >> \"$D/kubectl.log\"\n"
            "case \"$1 $2\" in\n"
            "'get pods') cat \"$D/pods.txt\" ;;\n"
            "'get nodes') [ -f \"$D/nodes.txt\" ] && exec cat \"$D/nodes.txt\"\n"
            "  echo 'Error from server (Forbidden): nodes is forbidden: User \"dev\" cannot list "
            "resource \"nodes\" in API group \"\" at the cluster scope' >&2; exit 1 ;;\n"
            "'get --raw') n=${3#/api/v1/nodes/}; n=${n%/proxy/stats/summary}\n"
            "  [ -f \"$D/summary-$n.json\" ] && exec cat \"$D/summary-$n.json\"\n"
            "  echo \"Error from server (NotFound): nodes \\\"$n\\\" not found\" >&2; exit 1 ;;\n"
            "*) echo \"unexpected: $*\" >&2; exit 1 ;;\n"
            "esac\n");
    f.close();
    f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    return path;
}

inline QByteArray fsStats(const char *time, quint64 capacity, quint64 used)
{
    const quint64 avail = capacity > used ? capacity - used : 0;
    return QByteArray("{\"time\":\"") + time +
           "\",\"availableBytes\":" + QByteArray::number(avail) +
           ",\"capacityBytes\":" + QByteArray::number(capacity) +
           ",\"usedBytes\":" + QByteArray::number(used) +
           ",\"inodesFree\":4121330,\"inodes\":4121421,\"inodesUsed\":91}";
}

// One PodStats: two containers, the pod's memory and network, an emptyDir `volume` of
// `capacity` holding `used`, a projected token volume and ephemeral storage, as a kubelet
// reports them.
inline QByteArray podStats(const QString &ns, const QString &name, const QString &volume,
                           quint64 capacity, quint64 used, quint64 workingSet)
{
    const char *t = "2026-12-07T10:00:00Z";
    QByteArray container =
        QByteArray("{\"name\":\"%N\",\"startTime\":\"") + t + "\",\"cpu\":{\"time\":\"" + t +
        "\",\"usageNanoCores\":1204377,\"usageCoreNanoSeconds\":90412345678},"
        "\"memory\":{\"time\":\"" +
        t +
        "\",\"availableBytes\":1073741824,\"usageBytes\":52318208,"
        "\"workingSetBytes\":41234432,\"rssBytes\":30212096,\"pageFaults\":"
        "120934,\"majorPageFaults\":12},\"rootfs\":" +
        fsStats(t, 105089261568, 98304) + ",\"logs\":" + fsStats(t, 105089261568, 20480) + "}";
    QByteArray out = "{\"podRef\":{\"name\":\"" + name.toUtf8() + "\",\"namespace\":\"" +
                     ns.toUtf8() + "\",\"uid\":\"6f1c2a3b-4d5e-4f60-8a9b-0c1d2e3f4a5b\"}," +
                     "\"startTime\":\"" + t + "\",\"containers\":[" +
                     QByteArray(container).replace("%N", "main") + "," +
                     QByteArray(container).replace("%N", "sidecar") + "],\"cpu\":{\"time\":\"" + t +
                     "\",\"usageNanoCores\":2408754,\"usageCoreNanoSeconds\":180824691356}," +
                     "\"memory\":{\"time\":\"" + t +
                     "\",\"usageBytes\":" + QByteArray::number(workingSet + 4096 * 100) +
                     ",\"workingSetBytes\":" + QByteArray::number(workingSet) +
                     ",\"rssBytes\":60424192,\"pageFaults\":241868,\"majorPageFaults\":24}," +
                     "\"network\":{\"time\":\"" + t +
                     "\",\"name\":\"eth0\",\"rxBytes\":190328817,\"rxErrors\":0,\"txBytes\":"
                     "80192384,\"txErrors\":0,\"interfaces\":[{\"name\":\"eth0\",\"rxBytes\":"
                     "190328817,\"rxErrors\":0,\"txBytes\":80192384,\"txErrors\":0}]},"
                     "\"volume\":[" +
                     fsStats(t, capacity, used).chopped(1) + ",\"name\":\"" + volume.toUtf8() +
                     "\"}," + fsStats(t, 16439390208, 12288).chopped(1) +
                     ",\"name\":\"kube-api-access-x7k2p\"}],\"ephemeral-storage\":" +
                     fsStats(t, 105089261568, 131072) + ",\"process_stats\":{\"process_count\":3}}";
    return out;
}

// A Summary: the node's own stats, then `pods` (comma-joined PodStats).
inline QByteArray summary(const QString &node, const QByteArray &pods)
{
    const char *t = "2026-12-07T10:00:00Z";
    return QByteArray("{\"node\":{\"nodeName\":\"") + node.toUtf8() +
           "\",\"systemContainers\":[{\"name\":\"kubelet\",\"startTime\":\"" + t +
           "\",\"cpu\":{\"time\":\"" + t +
           "\",\"usageNanoCores\":30214231,\"usageCoreNanoSeconds\":2931203123456},\"memory\":{"
           "\"time\":\"" +
           t +
           "\",\"usageBytes\":91234304,\"workingSetBytes\":80123904,\"rssBytes\":60123136,"
           "\"pageFaults\":901234,\"majorPageFaults\":40}}],\"startTime\":\"" +
           t + "\",\"cpu\":{\"time\":\"" + t +
           "\",\"usageNanoCores\":812034567,\"usageCoreNanoSeconds\":912345678901234},"
           "\"memory\":{\"time\":\"" +
           t +
           "\",\"availableBytes\":120034123776,\"usageBytes\":20123123712,\"workingSetBytes\":"
           "15123123712,\"rssBytes\":9123123712,\"pageFaults\":91234567,\"majorPageFaults\":"
           "1234},\"fs\":" +
           fsStats(t, 105089261568, 40123123712) +
           ",\"runtime\":{\"imageFs\":" + fsStats(t, 105089261568, 30123123712) +
           "},\"rlimit\":{\"time\":\"" + t + "\",\"maxpid\":4194304,\"curproc\":812}},\"pods\":[" +
           pods + "]}";
}

// A line of `kubectl get pods` with clusterPodTemplate(): one app container with `limit` and
// `request` (empty: none), no init container, volumes `volumes` ("dshm/Memory/16Gi,").
inline QByteArray podLine(const QString &ns, const QString &name, const QString &node,
                          const QString &limit, const QString &request, const QString &volumes)
{
    return (ns + QLatin1Char('\t') + name + QLatin1Char('\t') + node +
            QStringLiteral("\tRunning\t\t") + limit + QLatin1Char('/') + request +
            QStringLiteral(",\t\t") + volumes + QLatin1Char('\n'))
        .toUtf8();
}

} // namespace kubeletfixture
