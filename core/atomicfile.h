// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>
#include <QVector>

namespace shmwise {

enum class WriteMode
{
    // Replace a different file, keeping the old one as FILE.bak.
    BackupIfDifferent,
    // Leave a different existing file alone and report it (the caller asks for --force).
    RefuseIfDifferent,
};

enum class WriteResult
{
    Written,
    Unchanged,
    Refused,
    // Nothing was replaced: the old file (if any) is as it was, no temporary file is left, and
    // `error` says why (a full disk, a symbolic link, a FIFO, a file that cannot be read...).
    Failed
};

// Scripts are written executable (for owner, group and others who may read them), as part of
// the same atomic write.
enum class FileKind
{
    Data,
    Executable
};

// Writes `data` to `path` through a temporary file in the same directory, flushed to disk and
// renamed over `path`, so a reader never sees a half-written file and a failure (a full disk
// included) leaves the old one intact. A file that already holds `data` is not touched.
// Only an absent path or a regular file is written: a symbolic link is refused, never written
// through (nor replaced), and so are FIFOs, devices and sockets. An existing file that cannot
// be read is refused too, since it could not be kept as FILE.bak. Returns false (with `error`
// set) on failure and on Refused.
WriteResult writeFile(const QString &path, const QByteArray &data, WriteMode mode, QString *error,
                      FileKind kind = FileKind::Data);
bool writeFileAtomically(const QString &path, const QByteArray &data, WriteMode mode,
                         QString *error, FileKind kind = FileKind::Data);

// Several files written into one folder (generate --out, the Results page's "Save all"), each
// as writeFile() writes it; one that fails does not stop the others.
struct FileToWrite
{
    QString name; // relative to the folder
    QByteArray data;
    FileKind kind = FileKind::Data;
};
struct FileWriteOutcome
{
    QString path;
    WriteResult result = WriteResult::Failed;
    QString error; // when Failed
};
QVector<FileWriteOutcome> writeFilesInto(const QString &dir, const QVector<FileToWrite> &files,
                                         WriteMode mode);

// Creates `path` and the directories above it (0777 less the umask), like mkdir -p, and says
// why when it cannot: which component failed and the system's reason, or that a component is a
// symbolic link to something that does not exist (a dangling link is followed by nothing).
bool makeDirectory(const QString &path, QString *error);

// The system directory `dir` is (or lies in: /etc, /usr, /boot, /bin, /sbin, /lib*, /var/lib, or
// / itself), resolved through links as far as it exists (the rest as written); empty when none.
// Nothing ShmWise writes goes there: a generated "fstab" would replace /etc/fstab.
QString systemDirectory(const QString &dir);

// A path on one line of a report: a newline or tab in a name would split or shift it.
QString pathText(QString path);

// Reads at most `cap` bytes from `path`, whatever it is (a regular file, a pipe, /dev/zero):
// a source with more is refused rather than read to the end. Returns false with `error` set
// ("over N MiB" or the system's reason) when the file cannot be read or is larger than `cap`.
bool readFileCapped(const QString &path, qint64 cap, QByteArray *data, QString *error);

} // namespace shmwise
