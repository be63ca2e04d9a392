// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

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
    Failed
};

// Scripts are written executable (for owner, group and others who may read them), as part of
// the same atomic write.
enum class FileKind
{
    Data,
    Executable
};

// Writes `data` to `path` through a temporary file and rename, so a reader never sees a half-
// written file and a failure leaves the old one intact. A file that already holds `data` is not
// touched. Returns false (with `error` set) on failure and on Refused.
WriteResult writeFile(const QString &path, const QByteArray &data, WriteMode mode, QString *error,
                      FileKind kind = FileKind::Data);
bool writeFileAtomically(const QString &path, const QByteArray &data, WriteMode mode,
                         QString *error, FileKind kind = FileKind::Data);

} // namespace shmwise
