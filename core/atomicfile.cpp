// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/atomicfile.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace shmwise {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::AtomicFile)
};

QString systemError(int err)
{
    return QString::fromLocal8Bit(std::strerror(err));
}

mode_t executable(mode_t m)
{
    if (m & S_IRUSR)
        m |= S_IXUSR;
    if (m & S_IRGRP)
        m |= S_IXGRP;
    if (m & S_IROTH)
        m |= S_IXOTH;
    return m;
}

mode_t currentUmask()
{
    const mode_t m = ::umask(0);
    ::umask(m);
    return m;
}

// Writes all of `data` to `fd`; false with errno set on the first failure.
bool writeAll(int fd, const QByteArray &data)
{
    const char *p = data.constData();
    qint64 left = data.size();
    while (left > 0) {
        const ssize_t n = ::write(fd, p, size_t(left));
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        if (n == 0) {
            errno = EIO;
            return false;
        }
        p += n;
        left -= n;
    }
    return true;
}

// Reads up to cap + 1 bytes from fd, so the caller can tell "more than cap".
bool readUpTo(int fd, qint64 cap, QByteArray *data, int *err)
{
    data->clear();
    char buf[65536];
    while (data->size() <= cap) {
        const qint64 want = std::min<qint64>(qint64(sizeof buf), cap + 1 - data->size());
        const ssize_t n = ::read(fd, buf, size_t(want));
        if (n < 0) {
            if (errno == EINTR)
                continue;
            *err = errno;
            return false;
        }
        if (n == 0)
            break;
        data->append(buf, qsizetype(n));
    }
    return true;
}

// Creates, fills, flushes and renames a temporary file beside `target`. On any failure the
// temporary file is removed and `target` is untouched.
bool replaceAtomically(const QByteArray &target, const QByteArray &data, mode_t perms, int *err,
                       const char **step, bool noReplace)
{
    const int slash = target.lastIndexOf('/');
    const QByteArray dir = slash >= 0 ? target.left(slash + 1) : QByteArray();
    const QByteArray base = slash >= 0 ? target.mid(slash + 1) : target;
    QByteArray templ = dir + '.' + base + ".XXXXXX";
    const int fd = ::mkostemp(templ.data(), O_CLOEXEC);
    if (fd < 0) {
        *err = errno;
        *step = "create";
        return false;
    }
    auto fail = [&](const char *what) {
        *err = errno;
        *step = what;
        ::close(fd);
        ::unlink(templ.constData());
        return false;
    };
    if (::fchmod(fd, perms) != 0)
        return fail("chmod");
    // Every byte, then the disk: a full disk shows up here (or at fsync/close on NFS), not
    // later as a truncated file under the real name.
    if (!writeAll(fd, data))
        return fail("write");
    if (::fsync(fd) != 0)
        return fail("fsync");
    if (::close(fd) != 0) {
        *err = errno;
        *step = "close";
        ::unlink(templ.constData());
        return false;
    }
    // rename() replaces the directory entry itself; it never follows a link at `target`. Where
    // no file was there, none may have come meanwhile: another writer's file is not replaced
    // unseen (RENAME_NOREPLACE, or link() where the file system lacks it; both fail with EEXIST).
    if (noReplace) {
        auto unsupported = [](int e) {
            return e == EINVAL || e == ENOSYS || e == ENOTSUP || e == EOPNOTSUPP || e == EPERM;
        };
        int r = ::renameat2(AT_FDCWD, templ.constData(), AT_FDCWD, target.constData(),
                            RENAME_NOREPLACE);
        if (r != 0 && unsupported(errno)) {
            r = ::link(templ.constData(), target.constData());
            if (r == 0) {
                ::unlink(templ.constData());
            } else if (unsupported(errno)) {
                // No hard links either (exFAT, some FUSE mounts): take the name exclusively, then
                // put the file over the empty placeholder.
                const int placeholder =
                    ::open(target.constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
                if (placeholder >= 0) {
                    ::close(placeholder);
                    r = ::rename(templ.constData(), target.constData());
                    if (r != 0) {
                        const int e = errno;
                        ::unlink(target.constData());
                        errno = e;
                    }
                } else {
                    r = -1;
                }
            }
        }
        if (r != 0) {
            *err = errno;
            *step = "rename";
            ::unlink(templ.constData());
            return false;
        }
        return true;
    }
    if (::rename(templ.constData(), target.constData()) != 0) {
        *err = errno;
        *step = "rename";
        ::unlink(templ.constData());
        return false;
    }
    return true;
}

QString stepError(const QString &path, const char *step, int err)
{
    if (err == ENOSPC || err == EDQUOT)
        return Tr::tr("cannot write %1: %2 (no space left; the old file, if any, is kept)")
            .arg(path, systemError(err));
    Q_UNUSED(step);
    return Tr::tr("cannot write %1: %2").arg(path, systemError(err));
}

WriteResult writeFileOnce(const QString &path, const QByteArray &data, WriteMode mode,
                          QString *error, FileKind kind, bool *appeared)
{
    auto failed = [error](const QString &why) {
        if (error)
            *error = why;
        return WriteResult::Failed;
    };
    if (path.isEmpty())
        return failed(Tr::tr("cannot write a file with an empty name"));
    const QByteArray native = QFile::encodeName(path);
    if (native.contains('\0'))
        return failed(Tr::tr("cannot write %1: the name holds a NUL character").arg(path));

    mode_t perms = 0666 & ~currentUmask();
    bool absent = false;
    struct stat st;
    if (::lstat(native.constData(), &st) == 0) {
        if (S_ISDIR(st.st_mode))
            return failed(Tr::tr("%1 is a directory").arg(path));
        if (S_ISLNK(st.st_mode))
            return failed(Tr::tr("%1 is a symbolic link; not written through it (remove the link "
                                 "or choose another directory)")
                              .arg(path));
        if (!S_ISREG(st.st_mode))
            return failed(Tr::tr("%1 is not a regular file (a FIFO, device or socket); not written")
                              .arg(path));
        // O_NOFOLLOW and O_NONBLOCK: a link or FIFO swapped in since lstat() neither redirects
        // nor blocks the read; fstat() below checks what was opened.
        const int fd = ::open(native.constData(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
        if (fd < 0) {
            const int e = errno;
            return failed(mode == WriteMode::RefuseIfDifferent
                              ? Tr::tr("%1 exists and cannot be read (%2); not overwritten")
                                    .arg(path, systemError(e))
                              : Tr::tr("%1 exists and cannot be read (%2), so it cannot be kept "
                                       "as %1.bak; not replaced")
                                    .arg(path, systemError(e)));
        }
        struct stat opened;
        if (::fstat(fd, &opened) != 0 || !S_ISREG(opened.st_mode)) {
            ::close(fd);
            return failed(Tr::tr("%1 is not a regular file (a FIFO, device or socket); not written")
                              .arg(path));
        }
        QByteArray old;
        int readErr = 0;
        // A file larger than what replaces it by more than its own size differs anyway; read
        // no more than needed to compare and to back it up.
        const bool readOk =
            readUpTo(fd, std::max<qint64>(opened.st_size, data.size()), &old, &readErr);
        ::close(fd);
        if (!readOk)
            return failed(Tr::tr("%1 exists and cannot be read (%2); not replaced")
                              .arg(path, systemError(readErr)));
        perms = opened.st_mode & 07777;
        if (old == data) {
            if (kind == FileKind::Executable && executable(perms) != perms)
                ::chmod(native.constData(), executable(perms));
            return WriteResult::Unchanged;
        }
        if (mode == WriteMode::RefuseIfDifferent) {
            if (error)
                *error = Tr::tr("%1 exists and differs; not overwritten").arg(path);
            return WriteResult::Refused;
        }
        // The backup goes through the same checks: a link planted at FILE.bak is refused too.
        QString backupError;
        const QString backup = path + QStringLiteral(".bak");
        const QByteArray nativeBackup = QFile::encodeName(backup);
        struct stat bst;
        if (::lstat(nativeBackup.constData(), &bst) == 0 && S_ISREG(bst.st_mode))
            ::unlink(nativeBackup.constData());
        if (writeFile(backup, old, WriteMode::BackupIfDifferent, &backupError, FileKind::Data) ==
            WriteResult::Failed)
            return failed(
                Tr::tr("cannot keep a backup of %1 as %2: %3").arg(path, backup, backupError));
        ::chmod(nativeBackup.constData(), perms);
    } else if (errno != ENOENT) {
        const int e = errno;
        return failed(Tr::tr("cannot write %1: %2").arg(path, systemError(e)));
    } else {
        absent = true;
    }

    if (kind == FileKind::Executable)
        perms = executable(perms);
    int err = 0;
    const char *step = "";
    if (!replaceAtomically(native, data, perms, &err, &step, absent)) {
        if (absent && err == EEXIST) {
            *appeared = true; // another writer's file: look at it again
            return WriteResult::Failed;
        }
        return failed(stepError(path, step, err));
    }
    return WriteResult::Written;
}

} // namespace

WriteResult writeFile(const QString &path, const QByteArray &data, WriteMode mode, QString *error,
                      FileKind kind)
{
    // A file that appears while this one is written (a second `generate` into the same folder)
    // is compared like any existing file: the same text is Unchanged, another is Refused (or
    // kept as FILE.bak with --force), never replaced unseen.
    for (int attempt = 0; attempt < 8; ++attempt) {
        bool appeared = false;
        const WriteResult r = writeFileOnce(path, data, mode, error, kind, &appeared);
        if (!appeared)
            return r;
    }
    if (error)
        *error = Tr::tr("cannot write %1: other programs keep creating and removing it").arg(path);
    return WriteResult::Failed;
}

bool makeDirectory(const QString &path, QString *error)
{
    const QString clean = QDir::cleanPath(path);
    QString built = clean.startsWith(QLatin1Char('/')) ? QStringLiteral("/") : QString();
    const QStringList parts = clean.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    for (const QString &part : parts) {
        built += (built.isEmpty() || built.endsWith(QLatin1Char('/')) ? QString()
                                                                      : QStringLiteral("/")) +
                 part;
        const QByteArray native = QFile::encodeName(built);
        struct stat st;
        if (::stat(native.constData(), &st) == 0) {
            if (!S_ISDIR(st.st_mode)) {
                if (error)
                    *error = Tr::tr("cannot create directory %1: %2 is not a directory")
                                 .arg(path, built);
                return false;
            }
            continue;
        }
        struct stat lst;
        if (::lstat(native.constData(), &lst) == 0 && S_ISLNK(lst.st_mode)) {
            const QString to = QFile::symLinkTarget(built);
            if (error)
                *error = Tr::tr("cannot create directory %1: %2 is a symbolic link to %3, which "
                                "does not exist")
                             .arg(path, built, to.isEmpty() ? QStringLiteral("?") : to);
            return false;
        }
        if (::mkdir(native.constData(), 0777) != 0 && errno != EEXIST) {
            const int e = errno;
            if (error)
                *error =
                    Tr::tr("cannot create directory %1: %2: %3").arg(path, built, systemError(e));
            return false;
        }
    }
    return true;
}

bool writeFileAtomically(const QString &path, const QByteArray &data, WriteMode mode,
                         QString *error, FileKind kind)
{
    const WriteResult r = writeFile(path, data, mode, error, kind);
    return r == WriteResult::Written || r == WriteResult::Unchanged;
}

QVector<FileWriteOutcome> writeFilesInto(const QString &dir, const QVector<FileToWrite> &files,
                                         WriteMode mode)
{
    QVector<FileWriteOutcome> outcomes;
    outcomes.reserve(files.size());
    for (const FileToWrite &f : files) {
        FileWriteOutcome o;
        o.path = QDir(dir).filePath(f.name);
        o.result = writeFile(o.path, f.data, mode, &o.error, f.kind);
        outcomes.append(o);
    }
    return outcomes;
}

bool readFileCapped(const QString &path, qint64 cap, QByteArray *data, QString *error)
{
    const QByteArray native = QFile::encodeName(path);
    if (path.isEmpty() || native.contains('\0')) {
        if (error)
            *error = Tr::tr("cannot read: no such file");
        return false;
    }
    const int fd = ::open(native.constData(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        if (error)
            *error = Tr::tr("cannot read: %1").arg(systemError(errno));
        return false;
    }
    struct stat st;
    if (::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        ::close(fd);
        if (error)
            *error = Tr::tr("cannot read: it is a directory");
        return false;
    }
    int err = 0;
    const bool ok = readUpTo(fd, cap, data, &err);
    ::close(fd);
    if (!ok) {
        if (error)
            *error = Tr::tr("cannot read: %1").arg(systemError(err));
        return false;
    }
    if (data->size() > cap) {
        data->clear();
        if (error)
            *error = cap >= 1024 * 1024
                         ? Tr::tr("too large (over %1 MiB); not read further").arg(cap >> 20)
                         : Tr::tr("too large (over %1 KiB); not read further").arg(cap >> 10);
        return false;
    }
    return true;
}

QString pathText(QString path)
{
    path.replace(QLatin1Char('\n'), QLatin1String("\\n"))
        .replace(QLatin1Char('\t'), QLatin1String("\\t"));
    return path;
}

QString systemDirectory(const QString &dir)
{
    QString existing = QDir::cleanPath(QDir(dir).absolutePath());
    QString rest;
    while (!existing.isEmpty() && !QFileInfo::exists(existing)) {
        const qsizetype slash = existing.lastIndexOf(QLatin1Char('/'));
        if (slash < 0)
            break;
        rest = existing.mid(slash) + rest;
        existing = slash == 0 ? QStringLiteral("/") : existing.left(slash);
    }
    QString real = QFileInfo(existing).canonicalFilePath();
    if (real.isEmpty())
        return {};
    real = QDir::cleanPath(real + rest);
    if (real == QLatin1String("/"))
        return real;
    for (const char *d :
         {"/etc", "/usr", "/boot", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/var/lib"}) {
        const QString sys = QLatin1String(d);
        if (real == sys || real.startsWith(sys + QLatin1Char('/')))
            return sys;
    }
    return {};
}

} // namespace shmwise
