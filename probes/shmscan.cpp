// SPDX-License-Identifier: GPL-3.0-or-later
#include "probes/shmscan.h"

#include <algorithm>
#include <limits>

namespace shmwise {

namespace {

// Longest name or path kept: PATH_MAX, and a name is at most 255 bytes.
constexpr int MaxPathBytes = 4096;

// Numbers are read by hand: the fields are views into the report (no copy, no terminating NUL).
std::optional<quint64> toU64(const QByteArray &v)
{
    if (v.isEmpty() || v.size() > 20)
        return std::nullopt;
    quint64 n = 0;
    for (const char c : v) {
        if (c < '0' || c > '9')
            return std::nullopt;
        const quint64 d = quint64(c - '0');
        if (n > (std::numeric_limits<quint64>::max() - d) / 10)
            return std::nullopt;
        n = n * 10 + d;
    }
    return n;
}

std::optional<qint64> toI64(const QByteArray &v)
{
    const bool negative = v.startsWith('-');
    const std::optional<quint64> n = toU64(negative ? v.mid(1) : v);
    if (!n || *n > quint64(std::numeric_limits<qint64>::max()))
        return std::nullopt;
    return negative ? -qint64(*n) : qint64(*n);
}

std::optional<quint32> toU32(const QByteArray &v)
{
    const std::optional<quint64> n = toU64(v);
    if (!n || *n > std::numeric_limits<quint32>::max())
        return std::nullopt;
    return quint32(*n);
}

// A time as seconds, with or without a fraction (GNU find prints one).
std::optional<qint64> toSeconds(const QByteArray &v)
{
    const qsizetype dot = v.indexOf('.');
    return toI64(dot < 0 ? v : QByteArray::fromRawData(v.constData(), dot));
}

// A field of the value, without copying it.
QByteArray view(const QByteArray &value, qsizetype from, qsizetype length)
{
    return QByteArray::fromRawData(value.constData() + from, length);
}

// Splits off `n` fields separated by single spaces; the rest of the line (which may hold
// spaces) goes to *rest. False when there are fewer. The fields and the rest are views into
// `value`: whatever is kept is copied (QByteArray(rest.constData(), rest.size())).
bool splitFields(const QByteArray &value, int n, QList<QByteArray> *fields, QByteArray *rest)
{
    fields->clear();
    qsizetype from = 0;
    for (int i = 0; i < n; ++i) {
        const qsizetype sp = value.indexOf(' ', from);
        if (sp < 0) {
            if (i == n - 1 && !rest) {
                *fields << view(value, from, value.size() - from);
                return true;
            }
            return false;
        }
        *fields << view(value, from, sp - from);
        from = sp + 1;
    }
    if (rest)
        *rest = view(value, from, value.size() - from);
    return true;
}

QByteArray copyOf(const QByteArray &v, qsizetype max)
{
    return QByteArray(v.constData(), std::min(v.size(), max));
}

// st_mode's file type from stat's %f (hex) or find's %y (one letter).
char fileType(const QByteArray &v)
{
    if (v.size() == 1 && QByteArray("fdlpsbc").contains(v.at(0)))
        return v.at(0);
    bool ok = false;
    const uint mode = v.toUInt(&ok, 16);
    if (!ok)
        return '?';
    switch (mode & 0170000) {
    case 0100000:
        return 'f';
    case 0040000:
        return 'd';
    case 0120000:
        return 'l';
    case 0010000:
        return 'p';
    case 0140000:
        return 's';
    case 0060000:
        return 'b';
    case 0020000:
        return 'c';
    }
    return '?';
}

// A device as /proc/PID/maps prints it (MAJOR:MINOR in hex) in st_dev's encoding (glibc's
// makedev), or st_dev in decimal as stat prints it.
std::optional<quint64> toDev(const QByteArray &v)
{
    const int colon = v.indexOf(':');
    if (colon < 0)
        return toU64(v);
    bool ok1 = false, ok2 = false;
    const quint64 major = v.left(colon).toULongLong(&ok1, 16);
    const quint64 minor = v.mid(colon + 1).toULongLong(&ok2, 16);
    if (!ok1 || !ok2 || colon > 8 || v.size() - colon - 1 > 8)
        return std::nullopt;
    return ((major & 0x00000fffULL) << 8) | ((major & 0xfffff000ULL) << 32) |
           (minor & 0x000000ffULL) | ((minor & 0xffffff00ULL) << 12);
}

bool isHexName(const QByteArray &v)
{
    if (v.isEmpty() || v.size() % 2 || v.size() > 2 * 255)
        return false;
    for (const char c : v) {
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')))
            return false;
    }
    return true;
}

// A name read from the report: never empty, no '/' or NUL, at most 255 bytes.
bool validName(const QByteArray &name)
{
    return !name.isEmpty() && name.size() <= 255 && !name.contains('/') && !name.contains('\0') &&
           name != "." && name != "..";
}

void readFile(const QByteArray &value, bool hex, ShmScan *scan)
{
    QList<QByteArray> f;
    QByteArray name;
    if (!splitFields(value, 6, &f, &name)) {
        ++scan->badLines;
        return;
    }
    if (hex) {
        if (!isHexName(name)) {
            ++scan->badLines;
            return;
        }
        name = QByteArray::fromHex(name);
    }
    const std::optional<quint64> allocated = toU64(f.at(0));
    const std::optional<quint64> inode = toU64(f.at(1));
    const std::optional<quint64> length = toU64(f.at(2));
    if (!allocated || !inode || !length || !validName(name)) {
        ++scan->badLines;
        return;
    }
    if (scan->files.size() >= MaxScanFiles) {
        ++scan->droppedLines;
        scan->filesTruncated = true;
        return;
    }
    ShmScanFile file;
    file.name = hex ? name : copyOf(name, 255);
    file.inode = *inode;
    file.allocated = *allocated;
    file.length = *length;
    file.uid = toU32(f.at(3));
    file.mtime = toSeconds(f.at(4));
    file.type = fileType(f.at(5));
    scan->files << file;
}

void readHolder(const QByteArray &value, ShmScan *scan)
{
    QList<QByteArray> f;
    QByteArray path;
    if (!splitFields(value, 8, &f, &path)) {
        ++scan->badLines;
        return;
    }
    const std::optional<qint64> pid = toI64(f.at(0));
    ShmScanHolder h;
    if (f.at(1).startsWith("fd:")) {
        const std::optional<quint64> fd = toU64(f.at(1).mid(3));
        if (!fd || *fd > quint64(std::numeric_limits<int>::max())) {
            ++scan->badLines;
            return;
        }
        h.fd = int(*fd);
    } else if (f.at(1) != "map") {
        ++scan->badLines;
        return;
    }
    if (!pid || *pid <= 0 || path.isEmpty()) {
        ++scan->badLines;
        return;
    }
    if (scan->holders.size() >= MaxScanHolders) {
        ++scan->droppedLines;
        scan->holdersTruncated = true;
        return;
    }
    h.pid = *pid;
    h.dev = toDev(f.at(2));
    h.inode = toU64(f.at(3));
    h.allocated = toU64(f.at(4));
    h.length = toU64(f.at(5)).value_or(0);
    h.uid = toU32(f.at(6));
    h.mtime = toSeconds(f.at(7));
    static const QByteArray deleted(" (deleted)");
    qsizetype length = path.size();
    if (path.endsWith(deleted)) {
        h.deleted = true;
        length -= deleted.size();
    }
    h.path = copyOf(view(path, 0, length), MaxPathBytes);
    scan->holders << h;
}

void readStat(const QByteArray &value, ShmScan *scan)
{
    QList<QByteArray> f;
    if (!splitFields(value, 6, &f, nullptr)) {
        ++scan->badLines;
        return;
    }
    const std::optional<quint64> dev = toU64(f.at(0));
    const std::optional<quint64> inode = toU64(f.at(1));
    const std::optional<quint64> allocated = toU64(f.at(2));
    if (!dev || !inode || !allocated) {
        ++scan->badLines;
        return;
    }
    if (scan->stats.size() >= MaxScanStats) {
        ++scan->droppedLines;
        return;
    }
    ShmScanStat s;
    s.dev = *dev;
    s.inode = *inode;
    s.allocated = *allocated;
    s.length = toU64(f.at(3)).value_or(0);
    s.uid = toU32(f.at(4));
    s.mtime = toSeconds(f.at(5));
    scan->stats << s;
}

// Text that reaches terminals and JSON readers: control characters carry no meaning here.
QString cleanText(const QByteArray &raw)
{
    QString t = QString::fromUtf8(raw);
    for (QChar &c : t) {
        if (c.unicode() < 0x20 || (c.unicode() >= 0x7f && c.unicode() <= 0x9f))
            c = QLatin1Char('?');
    }
    return t;
}

ShmScanProcess *processFor(qint64 pid, ShmScan *scan)
{
    // The probe prints a process's lines together; look back a little before adding.
    for (int i = scan->processes.size() - 1; i >= 0 && i >= scan->processes.size() - 4; --i) {
        if (scan->processes[i].pid == pid)
            return &scan->processes[i];
    }
    if (scan->processes.size() >= MaxScanProcesses) {
        ++scan->droppedLines;
        return nullptr;
    }
    ShmScanProcess p;
    p.pid = pid;
    scan->processes << p;
    return &scan->processes.last();
}

void readProcess(const QByteArray &value, bool cgroup, ShmScan *scan)
{
    QList<QByteArray> f;
    QByteArray rest;
    if (!splitFields(value, cgroup ? 1 : 2, &f, &rest)) {
        ++scan->badLines;
        return;
    }
    const std::optional<qint64> pid = toI64(f.at(0));
    if (!pid || *pid <= 0) {
        ++scan->badLines;
        return;
    }
    ShmScanProcess *p = processFor(*pid, scan);
    if (!p)
        return;
    if (cgroup) {
        if (p->cgroups.size() < 4)
            p->cgroups << cleanText(copyOf(rest, MaxPathBytes));
    } else {
        p->uid = toU32(f.at(1));
        p->name = cleanText(copyOf(rest, 256));
    }
}

void readSysv(const QByteArray &value, ShmScan *scan)
{
    const QList<QByteArray> f = value.split(' ');
    // The kernel's order (ipc/shm.c sysvipc_shm_proc_show) unless the columns line says otherwise.
    static const QList<QByteArray> standard{"key",    "shmid", "perms", "size", "cpid", "lpid",
                                            "nattch", "uid",   "gid",   "cuid", "cgid", "atime",
                                            "dtime",  "ctime", "rss",   "swap"};
    const QList<QByteArray> &cols = scan->sysvColumns.isEmpty() ? standard : scan->sysvColumns;
    auto field = [&](const char *name) -> QByteArray {
        const int i = int(cols.indexOf(QByteArray(name)));
        return i >= 0 && i < f.size() ? f.at(i) : QByteArray();
    };
    const std::optional<quint64> size = toU64(field("size"));
    const std::optional<qint64> id = toI64(field("shmid"));
    if (!size || !id) {
        ++scan->badLines;
        return;
    }
    if (scan->sysv.size() >= MaxScanSysv) {
        ++scan->droppedLines;
        scan->sysvTruncated = true;
        return;
    }
    SysvSegment s;
    s.key = toI64(field("key")).value_or(0);
    s.id = *id;
    s.bytes = *size;
    s.resident = toU64(field("rss"));
    s.creatorPid = toI64(field("cpid")).value_or(0);
    s.lastPid = toI64(field("lpid")).value_or(0);
    s.attaches = toU64(field("nattch")).value_or(0);
    s.uid = toU32(field("uid"));
    scan->sysv << s;
}

} // namespace

bool isShmScanListKey(const QByteArray &key)
{
    return key == "shm.f" || key == "shm.fx" || key == "shm.h" || key == "shm.st" ||
           key == "shm.p" || key == "shm.pc" || key == "sysv.seg" || key == "sysv.columns";
}

void readShmScanLine(const QByteArray &key, const QByteArray &value, ShmScan *scan)
{
    if (value.size() > 2 * MaxPathBytes) {
        ++scan->badLines;
        return;
    }
    if (key == "shm.f")
        readFile(value, false, scan);
    else if (key == "shm.fx")
        readFile(value, true, scan);
    else if (key == "shm.h")
        readHolder(value, scan);
    else if (key == "shm.st")
        readStat(value, scan);
    else if (key == "shm.p" || key == "shm.pc")
        readProcess(value, key == "shm.pc", scan);
    else if (key == "sysv.seg")
        readSysv(value, scan);
    else if (key == "sysv.columns" && scan->sysvColumns.isEmpty())
        scan->sysvColumns = copyOf(value, 1024).split(' ').mid(0, 32);
}

void readShmScanScalars(QMap<QString, QString> *kv, ShmScan *scan)
{
    auto take = [kv](const char *key) {
        return kv->take(QLatin1String(key)).toLatin1();
    };
    const QByteArray state = take("shm.scan");
    scan->present = state == "1";
    if (state.startsWith("unavailable"))
        scan->unavailable = QString::fromLatin1(state.mid(11).trimmed());
    scan->time = toI64(take("shm.scan_time"));
    scan->dev = toU64(take("shm.dev"));
    scan->fileCount = toU64(take("shm.files_count"));
    scan->fileBytes = toU64(take("shm.files_bytes"));
    if (take("shm.files_truncated") == "1")
        scan->filesTruncated = true;
    scan->otherNameCount = toU64(take("shm.files_other_count")).value_or(0);
    scan->otherNameBytes = toU64(take("shm.files_other_bytes")).value_or(0);
    scan->processesTotal = toU64(take("shm.procs_total"));
    scan->processesReadable = toU64(take("shm.procs_fd_readable"));
    scan->fdHolderCount = toU64(take("shm.holders_fd_count")).value_or(0);
    scan->mapHolderCount = toU64(take("shm.holders_map_count")).value_or(0);
    if (take("shm.holders_map_truncated") == "1")
        scan->holdersTruncated = true;
    // More open files than listed: the probe stopped listing them.
    if (scan->fdHolderCount >
        quint64(std::count_if(scan->holders.cbegin(), scan->holders.cend(),
                              [](const ShmScanHolder &h) { return h.fd >= 0; })))
        scan->holdersTruncated = true;
    scan->sysvBytes = toU64(take("sysv.segments_bytes"));
    if (take("sysv.segments_truncated") == "1")
        scan->sysvTruncated = true;
}

QString escapedName(const QByteArray &raw)
{
    const bool plain = std::all_of(raw.cbegin(), raw.cend(), [](char ch) {
        return uchar(ch) >= 0x20 && uchar(ch) < 0x7f && ch != '\\';
    });
    if (plain)
        return QString::fromLatin1(raw);
    QString out;
    out.reserve(raw.size());
    for (const char ch : raw) {
        const uchar c = uchar(ch);
        if (c == '\\')
            out += QStringLiteral("\\\\");
        else if (c >= 0x20 && c < 0x7f)
            out += QLatin1Char(char(c));
        else
            out += QStringLiteral("\\x%1").arg(uint(c), 2, 16, QLatin1Char('0'));
    }
    return out;
}

} // namespace shmwise
