// SPDX-License-Identifier: GPL-3.0-or-later
#include "atomicfile.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

namespace shmwise {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::AtomicFile)
};

QFileDevice::Permissions executable(QFileDevice::Permissions p)
{
    if (p & QFileDevice::ReadOwner)
        p |= QFileDevice::ExeOwner | QFileDevice::ExeUser;
    if (p & QFileDevice::ReadGroup)
        p |= QFileDevice::ExeGroup;
    if (p & QFileDevice::ReadOther)
        p |= QFileDevice::ExeOther;
    return p;
}
} // namespace

WriteResult writeFile(const QString &path, const QByteArray &data, WriteMode mode, QString *error,
                      FileKind kind)
{
    QFile existing(path);
    if (existing.exists()) {
        if (QFileInfo(path).isDir()) {
            if (error)
                *error = Tr::tr("%1 is a directory").arg(path);
            return WriteResult::Failed;
        }
        if (existing.open(QIODevice::ReadOnly)) {
            const QByteArray old = existing.readAll();
            existing.close();
            if (old == data) {
                if (kind == FileKind::Executable)
                    existing.setPermissions(executable(existing.permissions()));
                return WriteResult::Unchanged;
            }
            if (mode == WriteMode::RefuseIfDifferent) {
                if (error)
                    *error = Tr::tr("%1 exists and differs; not overwritten").arg(path);
                return WriteResult::Refused;
            }
            const QString backup = path + QStringLiteral(".bak");
            QFile::remove(backup);
            if (!QFile::copy(path, backup)) {
                if (error)
                    *error = Tr::tr("cannot keep a backup of %1 as %2").arg(path, backup);
                return WriteResult::Failed;
            }
        } else if (mode == WriteMode::RefuseIfDifferent) {
            if (error)
                *error = Tr::tr("%1 exists and cannot be read; not overwritten").arg(path);
            return WriteResult::Refused;
        }
    }

    QSaveFile out(path);
    if (!out.open(QIODevice::WriteOnly)) {
        if (error)
            *error = Tr::tr("cannot write %1: %2").arg(path, out.errorString());
        return WriteResult::Failed;
    }
    // Set on the temporary file, so the file appears under its name already executable.
    if (kind == FileKind::Executable)
        out.setPermissions(executable(out.permissions()));
    if (out.write(data) != data.size() || !out.commit()) {
        if (error)
            *error = Tr::tr("cannot write %1: %2").arg(path, out.errorString());
        return WriteResult::Failed;
    }
    return WriteResult::Written;
}

bool writeFileAtomically(const QString &path, const QByteArray &data, WriteMode mode,
                         QString *error, FileKind kind)
{
    const WriteResult r = writeFile(path, data, mode, error, kind);
    return r == WriteResult::Written || r == WriteResult::Unchanged;
}

} // namespace shmwise
