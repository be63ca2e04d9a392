// SPDX-License-Identifier: GPL-3.0-or-later
// Who holds /dev/shm as JSON: `probe --json`'s `owners`, field by field as docs/cli.md gives it.
#include "probes/attribution.h"

#include <QJsonArray>

#include <algorithm>

namespace shmwise {

namespace {

// A JSON list of files is cut here (the largest first); the text and the owners cover all.
constexpr int MaxJsonFiles = 1000;

QJsonValue jsonNum(const std::optional<quint64> &v)
{
    return v ? QJsonValue(double(*v)) : QJsonValue();
}

QJsonValue jsonInt(const std::optional<qint64> &v)
{
    return v ? QJsonValue(double(*v)) : QJsonValue();
}

QJsonValue jsonUid(const std::optional<quint32> &v)
{
    return v ? QJsonValue(double(*v)) : QJsonValue();
}

QJsonArray ownersToJson(const QVector<ShmOwnerBytes> &v)
{
    QJsonArray a;
    for (const ShmOwnerBytes &o : v)
        a.append(QJsonObject{{QStringLiteral("id"), o.id},
                             {QStringLiteral("label"), o.label},
                             {QStringLiteral("bytes"), double(o.bytes)},
                             {QStringLiteral("files"), double(o.files)},
                             {QStringLiteral("leaked_files"), double(o.leakedFiles)},
                             {QStringLiteral("leaked_bytes"), double(o.leakedBytes)}});
    return a;
}

QString fileTypeId(char t)
{
    switch (t) {
    case 'f':
        return QStringLiteral("file");
    case 'd':
        return QStringLiteral("directory");
    case 'l':
        return QStringLiteral("link");
    case 'p':
        return QStringLiteral("fifo");
    case 's':
        return QStringLiteral("socket");
    case 'b':
    case 'c':
        return QStringLiteral("device");
    }
    return QStringLiteral("unknown");
}

} // namespace

QJsonObject shmAttributionToJson(const ShmAttribution &a)
{
    const ShmLimits &l = a.limits;
    QJsonObject limits{
        {QStringLiteral("size_bytes"), jsonNum(l.size)},
        {QStringLiteral("used_bytes"), jsonNum(l.used)},
        {QStringLiteral("free_bytes"), jsonNum(l.free)},
        {QStringLiteral("writable_bytes"), jsonNum(l.writableBytes())},
        {QStringLiteral("quota"),
         QJsonObject{{QStringLiteral("enabled"), l.quotaOn},
                     {QStringLiteral("default_limit_bytes"), jsonNum(l.quotaDefaultLimit)},
                     {QStringLiteral("user_known"), l.userQuotaKnown},
                     {QStringLiteral("user_used_bytes"), jsonNum(l.userQuotaUsed)},
                     {QStringLiteral("user_limit_bytes"), jsonNum(l.userQuotaLimit)}}},
        {QStringLiteral("memory"),
         QJsonObject{{QStringLiteral("max_bytes"), jsonNum(l.memoryMax)},
                     {QStringLiteral("current_bytes"), jsonNum(l.memoryCurrent)},
                     {QStringLiteral("cgroup_shmem_bytes"), jsonNum(l.cgroupShmem)},
                     {QStringLiteral("cgroup_anon_bytes"), jsonNum(l.cgroupAnon)},
                     {QStringLiteral("cgroup_file_bytes"), jsonNum(l.cgroupFile)}}},
        {QStringLiteral("meminfo_shmem_bytes"), jsonNum(l.meminfoShmem)},
    };
    QJsonObject o{
        {QStringLiteral("available"), a.available},
        {QStringLiteral("limits"), limits},
    };
    if (!a.available) {
        o.insert(QStringLiteral("unavailable_reason"), a.unavailableReason);
        return o;
    }
    QJsonArray files;
    for (int i = 0; i < a.files.size() && i < MaxJsonFiles; ++i) {
        const ShmObject &f = a.files.at(i);
        QJsonArray holders;
        for (const ShmHolder &h : f.holders) {
            QJsonArray via;
            if (h.viaFd)
                via.append(QStringLiteral("fd"));
            if (h.viaMap)
                via.append(QStringLiteral("map"));
            holders.append(
                QJsonObject{{QStringLiteral("pid"), double(h.pid)},
                            {QStringLiteral("command"), h.command},
                            {QStringLiteral("uid"), jsonUid(h.uid)},
                            {QStringLiteral("container_id"),
                             h.containerId.isEmpty() ? QJsonValue() : QJsonValue(h.containerId)},
                            {QStringLiteral("pod_uid"),
                             h.podUid.isEmpty() ? QJsonValue() : QJsonValue(h.podUid)},
                            {QStringLiteral("via"), via}});
        }
        files.append(QJsonObject{{QStringLiteral("name"), f.name},
                                 {QStringLiteral("inode"), double(f.inode)},
                                 {QStringLiteral("type"), fileTypeId(f.type)},
                                 {QStringLiteral("kind"), shmKindId(f.kind)},
                                 {QStringLiteral("allocated_bytes"), double(f.allocated)},
                                 {QStringLiteral("allocated_known"), f.allocatedKnown},
                                 {QStringLiteral("length_bytes"), double(f.length)},
                                 {QStringLiteral("uid"), jsonUid(f.uid)},
                                 {QStringLiteral("age_seconds"), jsonInt(f.ageSeconds)},
                                 {QStringLiteral("linked"), f.linked},
                                 {QStringLiteral("holders_known"), f.holdersKnown},
                                 {QStringLiteral("leaked"), f.leaked},
                                 {QStringLiteral("holders"), holders}});
    }
    QJsonArray sysv;
    for (const SysvSegment &s : a.sysv)
        sysv.append(QJsonObject{{QStringLiteral("key"), double(s.key)},
                                {QStringLiteral("shmid"), double(s.id)},
                                {QStringLiteral("bytes"), double(s.bytes)},
                                {QStringLiteral("resident_bytes"), jsonNum(s.resident)},
                                {QStringLiteral("creator_pid"), double(s.creatorPid)},
                                {QStringLiteral("last_pid"), double(s.lastPid)},
                                {QStringLiteral("attaches"), double(s.attaches)},
                                {QStringLiteral("uid"), jsonUid(s.uid)}});
    o.insert(QStringLiteral("totals"),
             QJsonObject{{QStringLiteral("used_bytes"), jsonNum(a.usedBytes)},
                         {QStringLiteral("accounted_bytes"), double(a.accountedBytes)},
                         {QStringLiteral("unaccounted_bytes"), double(a.unaccountedBytes)},
                         {QStringLiteral("named_files"), double(a.namedCount)},
                         {QStringLiteral("named_bytes"), double(a.namedBytes)},
                         {QStringLiteral("unlinked_files"), double(a.unlinkedCount)},
                         {QStringLiteral("unlinked_bytes"), double(a.unlinkedBytes)},
                         {QStringLiteral("leaked_files"), double(a.leakedCount)},
                         {QStringLiteral("leaked_bytes"), double(a.leakedBytes)},
                         {QStringLiteral("unlisted_files"), double(a.unlistedCount)},
                         {QStringLiteral("unlisted_bytes"), double(a.unlistedBytes)},
                         {QStringLiteral("sysv_segments"), double(a.sysvCount)},
                         {QStringLiteral("sysv_bytes"), double(a.sysvBytes)}});
    o.insert(QStringLiteral("accounted_text"), a.accountedText());
    o.insert(QStringLiteral("unaccounted_text"), a.unaccountedText());
    o.insert(QStringLiteral("truncated"),
             QJsonObject{{QStringLiteral("files"), a.filesTruncated},
                         {QStringLiteral("holders"), a.holdersTruncated},
                         {QStringLiteral("sysv"), a.sysvTruncated},
                         {QStringLiteral("json_files_omitted"),
                          double(std::max<qsizetype>(0, a.files.size() - MaxJsonFiles))}});
    o.insert(QStringLiteral("holders_complete"), a.holdersComplete);
    o.insert(QStringLiteral("processes_total"), jsonNum(a.processesTotal));
    o.insert(QStringLiteral("processes_readable"), jsonNum(a.processesReadable));
    o.insert(QStringLiteral("other_namespace_holders"), double(a.otherNamespaceHolders));
    o.insert(QStringLiteral("files"), files);
    o.insert(QStringLiteral("sysv"), sysv);
    o.insert(QStringLiteral("by_kind"), ownersToJson(a.byKind));
    o.insert(QStringLiteral("by_process"), ownersToJson(a.byProcess));
    o.insert(QStringLiteral("by_container"), ownersToJson(a.byContainer));
    o.insert(QStringLiteral("by_pod"), ownersToJson(a.byPod));
    o.insert(QStringLiteral("by_user"), ownersToJson(a.byUser));
    return o;
}

} // namespace shmwise
