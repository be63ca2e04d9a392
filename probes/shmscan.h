// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the probe saw in /dev/shm, as it reported it (the shm.f, shm.fx, shm.h, shm.st, shm.p,
// shm.pc and sysv.seg lines of resources/probe/probe.sh): the raw material of the attribution
// (probes/attribution.h), kept bounded whatever the report holds.

#include "core/size.h"

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace shmwise {

// The most of each list a report is read for; the probe lists at most 20,000 files and 20,000
// holders, and a report with more (hostile, or a later probe) is cut here and says so.
constexpr int MaxScanFiles = 20000 + 100;
constexpr int MaxScanHolders = 20000;
constexpr int MaxScanStats = 20000;
constexpr int MaxScanProcesses = 20000;
constexpr int MaxScanCgroupLines = 40000;
constexpr int MaxScanSysv = 4096;

// A file directly in /dev/shm.
struct ShmScanFile
{
    QByteArray name; // its bytes, as in the folder (never '/' nor NUL)
    quint64 inode = 0;
    Bytes allocated = 0; // st_blocks x 512: the pages it holds
    Bytes length = 0;    // st_size
    std::optional<quint32> uid;
    std::optional<qint64> mtime; // seconds since the epoch, the target's clock
    char type = 'f';             // f regular, d folder, l link, p FIFO, s socket, b, c devices
};

// A process that holds a file of /dev/shm open (fd) or maps it (map).
struct ShmScanHolder
{
    qint64 pid = 0;
    int fd = -1;                // -1: a mapping
    std::optional<quint64> dev; // st_dev (a mapping's MAJOR:MINOR converted)
    std::optional<quint64> inode;
    std::optional<Bytes> allocated;
    Bytes length = 0; // an open file's st_size; a mapping: how far into the file it reaches
    std::optional<quint32> uid;
    std::optional<qint64> mtime;
    QByteArray path;      // as the kernel shows it, without " (deleted)"
    bool deleted = false; // unlinked: no name in /dev/shm any more
};

// An unlinked file reached through /proc/PID/map_files (root): what it costs.
struct ShmScanStat
{
    quint64 dev = 0;
    quint64 inode = 0;
    Bytes allocated = 0;
    Bytes length = 0;
    std::optional<quint32> uid;
    std::optional<qint64> mtime;
};

struct ShmScanProcess
{
    qint64 pid = 0;
    QString name;               // /proc/PID/status Name: (the kernel escapes it)
    std::optional<quint32> uid; // effective
    QStringList cgroups;        // the unified and the memory controller's paths
};

// A System V segment (/proc/sysvipc/shm): not in /dev/shm, but in Shmem and a cgroup's shmem.
struct SysvSegment
{
    qint64 key = 0;
    qint64 id = 0;
    Bytes bytes = 0;
    std::optional<Bytes> resident; // rss, Linux 4.x+
    qint64 creatorPid = 0;
    qint64 lastPid = 0;
    quint64 attaches = 0;
    std::optional<quint32> uid;
};

struct ShmScan
{
    bool present = false; // the probe scanned /dev/shm (shm.scan=1)
    QString unavailable;  // why it did not, in the probe's words
    std::optional<qint64> time;
    std::optional<quint64> dev; // /dev/shm's st_dev

    QVector<ShmScanFile> files;       // the largest first, as listed
    std::optional<quint64> fileCount; // every name of printable ASCII, listed or not
    std::optional<Bytes> fileBytes;
    quint64 otherNameCount = 0; // names of other bytes (listed hex-encoded, a few)
    Bytes otherNameBytes = 0;
    bool filesTruncated = false;

    QVector<ShmScanHolder> holders;
    quint64 fdHolderCount = 0;
    quint64 mapHolderCount = 0;
    bool holdersTruncated = false;
    QVector<ShmScanStat> stats;
    QVector<ShmScanProcess> processes;
    std::optional<quint64> processesTotal;
    std::optional<quint64> processesReadable; // whose fd folder this user could read

    QList<QByteArray> sysvColumns; // the names of /proc/sysvipc/shm's columns (sysv.columns)
    QVector<SysvSegment> sysv;
    std::optional<Bytes> sysvBytes;
    bool sysvTruncated = false;

    // Lines of these kinds that could not be read (hostile or damaged input), and that were
    // past the bounds above.
    int badLines = 0;
    int droppedLines = 0;
};

// Whether `key` is one of the list keys read by readShmScanLine() (one line each, many lines).
bool isShmScanListKey(const QByteArray &key);
// Reads one list line's value into `scan`; never fails: a line it cannot read is counted.
void readShmScanLine(const QByteArray &key, const QByteArray &value, ShmScan *scan);
// Reads the scalar keys (shm.scan, shm.dev, shm.files_count, ...) from a report's key=value
// pairs, taking them out of `kv`.
void readShmScanScalars(QMap<QString, QString> *kv, ShmScan *scan);

// A name as people read it: printable ASCII as it is, anything else as \xHH (and \\ for a
// backslash), so a name can reach a terminal or a JSON reader unchanged in meaning.
QString escapedName(const QByteArray &raw);

} // namespace shmwise
