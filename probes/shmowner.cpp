// SPDX-License-Identifier: GPL-3.0-or-later
#include "probes/shmowner.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QRegularExpression>

#include <cerrno>
#include <csignal>
#include <cstring>

#include <dirent.h>
#include <fcntl.h>
#include <sys/fanotify.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

namespace shmwise {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::ShmOwner)
};

FileKey keyOf(const struct stat &st)
{
    return {quint64(st.st_dev), quint64(st.st_ino)};
}

QByteArray readSmall(const QString &path, qint64 max)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.read(max);
}

bool plainName(const QString &name)
{
    return !name.isEmpty() && !name.contains(QLatin1Char('/')) && name != QLatin1String(".") &&
           name != QLatin1String("..") && !name.contains(QChar(0));
}

// SIGIO (a lease being broken) is ignored while leases are held: by default it would end this
// process.
class IgnoreSigio
{
public:
    IgnoreSigio()
    {
        struct sigaction sa
        {};
        sa.sa_handler = SIG_IGN;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGIO, &sa, &m_old);
    }
    ~IgnoreSigio() { sigaction(SIGIO, &m_old, nullptr); }
    IgnoreSigio(const IgnoreSigio &) = delete;
    IgnoreSigio &operator=(const IgnoreSigio &) = delete;

private:
    struct sigaction m_old
    {};
};

} // namespace

QHash<FileKey, qint64> shmHolders(const QString &folder)
{
    QHash<FileKey, qint64> held;
    struct stat dir
    {};
    if (stat(QFile::encodeName(folder).constData(), &dir) != 0)
        return held;
    const quint64 dev = quint64(dir.st_dev);
    const QStringList pids =
        QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &p : pids) {
        bool ok = false;
        const qint64 pid = p.toLongLong(&ok);
        if (!ok)
            continue;
        const QString fdDir = QStringLiteral("/proc/%1/fd").arg(pid);
        const QStringList fds =
            QDir(fdDir).entryList(QDir::Files | QDir::System | QDir::NoDotAndDotDot);
        for (const QString &fd : fds) {
            struct stat st
            {};
            const QByteArray link = QFile::encodeName(fdDir + QLatin1Char('/') + fd);
            if (stat(link.constData(), &st) == 0 && quint64(st.st_dev) == dev)
                held.insert(keyOf(st), pid);
        }
        // Mappings whose descriptor is closed: "start-end perms offset MAJ:MIN inode path".
        const QByteArray maps = readSmall(QStringLiteral("/proc/%1/maps").arg(pid), 64 << 20);
        for (const QByteArray &line : maps.split('\n')) {
            const QList<QByteArray> f = line.simplified().split(' ');
            if (f.size() < 6)
                continue;
            const QList<QByteArray> mm = f[3].split(':');
            if (mm.size() != 2)
                continue;
            const quint64 d = makedev(mm[0].toUInt(nullptr, 16), mm[1].toUInt(nullptr, 16));
            const quint64 ino = f[4].toULongLong();
            if (d == dev && ino != 0)
                held.insert({d, ino}, pid);
        }
    }
    return held;
}

QVector<ShmListing> listShmFolder(const QString &folder, QString *error)
{
    QVector<ShmListing> out;
    const int dfd = open(QFile::encodeName(folder).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd < 0) {
        *error = Tr::tr("cannot read %1: %2").arg(folder, QString::fromLocal8Bit(strerror(errno)));
        return out;
    }
    DIR *d = fdopendir(dfd);
    if (!d) {
        *error = Tr::tr("cannot read %1: %2").arg(folder, QString::fromLocal8Bit(strerror(errno)));
        close(dfd);
        return out;
    }
    const QHash<FileKey, qint64> held = shmHolders(folder);
    const qint64 now = QDateTime::currentSecsSinceEpoch();
    while (struct dirent *e = readdir(d)) {
        const QString name = QFile::decodeName(e->d_name);
        if (name == QLatin1String(".") || name == QLatin1String(".."))
            continue;
        struct stat st
        {};
        if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0)
            continue; // removed meanwhile
        ShmListing l;
        l.name = name;
        l.key = keyOf(st);
        l.allocated = Bytes(st.st_blocks) * 512;
        l.length = st.st_size > 0 ? Bytes(st.st_size) : 0;
        l.uid = uint(st.st_uid);
        l.ageSeconds = std::max<qint64>(0, now - std::max<qint64>(st.st_mtime, st.st_ctime));
        l.regular = S_ISREG(st.st_mode);
        l.holder = held.value(l.key, 0);
        out.append(l);
    }
    closedir(d);
    return out;
}

QVector<RemovalOutcome> removeShmFiles(const QString &folder,
                                       const QVector<ShmCandidate> &candidates,
                                       const RemovalPolicy &policy)
{
    QVector<RemovalOutcome> out;
    if (candidates.isEmpty())
        return out;
    const int dfd = open(QFile::encodeName(folder).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd < 0) {
        const QString why = QString::fromLocal8Bit(strerror(errno));
        for (const ShmCandidate &c : candidates)
            out.append({c.name, c.allocated, false, Tr::tr("cannot open %1: %2").arg(folder, why)});
        return out;
    }
    const IgnoreSigio sigio;
    const QHash<FileKey, qint64> held = shmHolders(folder);
    const qint64 now = QDateTime::currentSecsSinceEpoch();
    for (const ShmCandidate &c : candidates) {
        RemovalOutcome o{c.name, c.allocated, false, {}};
        if (!plainName(c.name)) {
            o.reason = Tr::tr("not a name directly in %1").arg(folder);
            out.append(o);
            continue;
        }
        const QByteArray name = QFile::encodeName(c.name);
        const int fd = openat(dfd, name.constData(),
                              O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
        if (fd < 0) {
            if (errno == ENOENT)
                continue; // removed by its owner meanwhile: nothing left to say
            o.reason =
                errno == ELOOP
                    ? Tr::tr("it is a symbolic link now")
                    : Tr::tr("cannot open it: %1").arg(QString::fromLocal8Bit(strerror(errno)));
            out.append(o);
            continue;
        }
        struct stat st
        {};
        if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
            o.reason = Tr::tr("not a regular file");
        } else if (keyOf(st) != c.key) {
            o.reason = Tr::tr("replaced by another file since it was listed");
        } else if (policy.callerUid != 0 && uint(st.st_uid) != policy.callerUid) {
            o.reason = Tr::tr("owned by user %1").arg(st.st_uid);
        } else if (policy.olderThanSeconds &&
                   now - std::max<qint64>(st.st_mtime, st.st_ctime) < *policy.olderThanSeconds) {
            o.reason =
                Tr::tr("changed %1 s ago").arg(now - std::max<qint64>(st.st_mtime, st.st_ctime));
        } else if (held.contains(c.key)) {
            o.reason = Tr::tr("held by process %1").arg(held.value(c.key));
        } else if (fcntl(fd, F_SETLEASE, F_WRLCK) != 0 && errno == EAGAIN) {
            o.reason = Tr::tr("open in another process");
        } else {
            // The lease (where granted) makes any later open wait for it; the name is checked
            // to be this file still, and the lease unbroken, right before the unlink.
            const bool leased = fcntl(fd, F_GETLEASE) == F_WRLCK;
            struct stat now2
            {};
            if (fstatat(dfd, name.constData(), &now2, AT_SYMLINK_NOFOLLOW) != 0 ||
                keyOf(now2) != c.key) {
                o.reason = Tr::tr("replaced by another file since it was listed");
            } else if (leased && fcntl(fd, F_GETLEASE) != F_WRLCK) {
                o.reason = Tr::tr("opened by another process while it was checked");
            } else if (policy.dryRun) {
                o.removed = true;
            } else if (unlinkat(dfd, name.constData(), 0) == 0) {
                o.removed = true;
            } else {
                o.reason =
                    Tr::tr("cannot remove it: %1").arg(QString::fromLocal8Bit(strerror(errno)));
            }
            if (leased)
                fcntl(fd, F_SETLEASE, F_UNLCK);
        }
        close(fd);
        out.append(o);
    }
    close(dfd);
    return out;
}

ShmCreationWatch::ShmCreationWatch(const QString &folder) : m_folder(folder)
{
    const QByteArray path = QFile::encodeName(folder);
    m_dirFd = open(path.constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (m_dirFd < 0) {
        m_error = QString::fromLocal8Bit(strerror(errno));
        return;
    }
#ifdef FAN_REPORT_DFID_NAME
    // Unprivileged fanotify (Linux 5.13+) hides the PIDs of other processes' events, which are
    // the point here: without root the watch is inotify's, whose limits are plain.
    if (geteuid() == 0)
        m_fan = fanotify_init(FAN_CLASS_NOTIF | FAN_CLOEXEC | FAN_NONBLOCK | FAN_REPORT_DFID_NAME,
                              O_RDONLY | O_CLOEXEC);
    if (m_fan >= 0 &&
        fanotify_mark(m_fan, FAN_MARK_ADD, FAN_CREATE | FAN_MOVED_TO | FAN_DELETE | FAN_MOVED_FROM,
                      m_dirFd, nullptr) != 0) {
        close(m_fan);
        m_fan = -1;
    }
#endif
    if (m_fan >= 0)
        return;
    m_ino = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    if (m_ino >= 0 && inotify_add_watch(m_ino, path.constData(),
                                        IN_CREATE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM) < 0) {
        m_error = QString::fromLocal8Bit(strerror(errno));
        close(m_ino);
        m_ino = -1;
    } else if (m_ino < 0) {
        m_error = QString::fromLocal8Bit(strerror(errno));
    }
}

ShmCreationWatch::~ShmCreationWatch()
{
    if (m_fan >= 0)
        close(m_fan);
    if (m_ino >= 0)
        close(m_ino);
    if (m_dirFd >= 0)
        close(m_dirFd);
}

bool ShmCreationWatch::active() const
{
    return m_fan >= 0 || m_ino >= 0;
}

bool ShmCreationWatch::knowsCreators() const
{
    return m_fan >= 0;
}

QString ShmCreationWatch::method() const
{
    return m_fan >= 0   ? QStringLiteral("fanotify")
           : m_ino >= 0 ? QStringLiteral("inotify")
                        : QString();
}

void ShmCreationWatch::record(const QString &name, qint64 creator,
                              const std::function<bool(qint64)> &isJob)
{
    struct stat st
    {};
    if (fstatat(m_dirFd, QFile::encodeName(name).constData(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
        m_made.remove(name); // already gone (PyTorch's file_descriptor strategy unlinks at once)
        return;
    }
    Made m;
    m.key = keyOf(st);
    // PyTorch names its files after the process that made them: torch_<PID>_...
    static const QRegularExpression torchName(QStringLiteral("^torch_(\\d+)_"));
    if (creator > 0) {
        m.byJob = isJob(creator);
        if (!m.byJob)
            m.why = Tr::tr("made by process %1, which is not the job's").arg(creator);
    } else if (const QRegularExpressionMatch t = torchName.match(name); t.hasMatch()) {
        m.byJob = isJob(t.captured(1).toLongLong());
        if (!m.byJob)
            m.why = Tr::tr("its name names process %1, which was not the job's when the file "
                           "was made")
                        .arg(t.captured(1));
    } else {
        m.why = Tr::tr("made during the run by a process that cannot be told here (that "
                       "needs fanotify, as root)");
    }
    m_made.insert(name, m);
}

void ShmCreationWatch::poll(const std::function<bool(qint64)> &isJobProcess)
{
    alignas(8) char buf[65536];
    if (m_fan >= 0) {
#ifdef FAN_REPORT_DFID_NAME
        for (;;) {
            const ssize_t n = read(m_fan, buf, sizeof buf);
            if (n <= 0)
                break;
            auto *meta = reinterpret_cast<struct fanotify_event_metadata *>(buf);
            ssize_t len = n;
            while (FAN_EVENT_OK(meta, len)) {
                if (meta->mask & FAN_Q_OVERFLOW)
                    m_overflow = true;
                // The info records follow the metadata: a DFID_NAME record holds the folder's
                // file handle, then the entry's name.
                const char *p = reinterpret_cast<const char *>(meta) + meta->metadata_len;
                const char *end = reinterpret_cast<const char *>(meta) + meta->event_len;
                while (p + sizeof(fanotify_event_info_header) <= end) {
                    const auto *hdr = reinterpret_cast<const fanotify_event_info_header *>(p);
                    if (hdr->len == 0 || p + hdr->len > end)
                        break;
                    if (hdr->info_type == FAN_EVENT_INFO_TYPE_DFID_NAME) {
                        const auto *fid = reinterpret_cast<const fanotify_event_info_fid *>(p);
                        const auto *fh = reinterpret_cast<const struct file_handle *>(fid->handle);
                        const char *nameAt =
                            reinterpret_cast<const char *>(fh->f_handle) + fh->handle_bytes;
                        if (nameAt < p + hdr->len) {
                            const QString name = QFile::decodeName(QByteArray(
                                nameAt, int(strnlen(nameAt, size_t(p + hdr->len - nameAt)))));
                            if (meta->mask & (FAN_DELETE | FAN_MOVED_FROM))
                                m_made.remove(name);
                            else if (plainName(name))
                                record(name, meta->pid, isJobProcess);
                        }
                    }
                    p += hdr->len;
                }
                if (meta->fd >= 0)
                    close(meta->fd);
                meta = FAN_EVENT_NEXT(meta, len);
            }
        }
#endif
        return;
    }
    if (m_ino < 0)
        return;
    for (;;) {
        const ssize_t n = read(m_ino, buf, sizeof buf);
        if (n <= 0)
            break;
        for (ssize_t at = 0; at + ssize_t(sizeof(inotify_event)) <= n;) {
            const auto *e = reinterpret_cast<const inotify_event *>(buf + at);
            if (e->mask & IN_Q_OVERFLOW)
                m_overflow = true;
            if (e->len > 0) {
                const QString name =
                    QFile::decodeName(QByteArray(e->name, int(strnlen(e->name, e->len))));
                if (e->mask & (IN_DELETE | IN_MOVED_FROM))
                    m_made.remove(name);
                else if (plainName(name))
                    record(name, 0, isJobProcess);
            }
            at += ssize_t(sizeof(inotify_event)) + e->len;
        }
    }
}

QVector<ShmCandidate> ShmCreationWatch::jobFiles() const
{
    QVector<ShmCandidate> out;
    if (m_overflow)
        return out;
    for (auto it = m_made.cbegin(); it != m_made.cend(); ++it)
        if (it->byJob)
            out.append({it.key(), it->key, 0, QStringLiteral("job")});
    return out;
}

QStringList ShmCreationWatch::unprovenFiles() const
{
    QStringList out;
    for (auto it = m_made.cbegin(); it != m_made.cend(); ++it) {
        struct stat st
        {};
        if (fstatat(m_dirFd, QFile::encodeName(it.key()).constData(), &st, AT_SYMLINK_NOFOLLOW) !=
                0 ||
            keyOf(st) != it->key)
            continue; // gone, or not the file that was made
        if (m_overflow)
            out << Tr::tr("%1: the watch of %2 overflowed, so no file made during the run is "
                          "provably the job's")
                       .arg(it.key(), m_folder);
        else if (!it->byJob)
            out << QStringLiteral("%1: %2").arg(it.key(), it->why);
    }
    out.sort();
    return out;
}

} // namespace shmwise
