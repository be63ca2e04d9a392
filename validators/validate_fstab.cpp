// SPDX-License-Identifier: GPL-3.0-or-later
#include "validators/validate_common_p.h"

#include <QRegularExpression>

namespace shmwise::validators {

namespace {

// Options that mount(8) and the VFS understand. Anything else is passed to tmpfs, which
// refuses the mount for an option it does not know.
const char *const kGenericOptions[] = {
    "defaults",   "rw",       "ro",         "suid",        "nosuid",        "dev",
    "nodev",      "exec",     "noexec",     "auto",        "noauto",        "user",
    "nouser",     "users",    "owner",      "group",       "nofail",        "atime",
    "noatime",    "relatime", "norelatime", "strictatime", "nostrictatime", "diratime",
    "nodiratime", "lazytime", "nolazytime", "sync",        "async",         "dirsync",
    "mand",       "nomand",   "silent",     "loud",        "_netdev",       "bind",
    "rbind",      "remount",  "iversion",   "noiversion",  "inode32",       "inode64",
    "inode32",    "inode64",
};
// tmpfs options that older kernels refuse: the oldest Linux that takes each.
struct Since
{
    const char *name;
    const char *version;
};
const Since kNewOptions[] = {{"noswap", "6.4"},
                             {"quota", "6.6"},
                             {"usrquota", "6.6"},
                             {"grpquota", "6.6"},
                             {"usrquota_block_hardlimit", "6.6"},
                             {"usrquota_inode_hardlimit", "6.6"},
                             {"grpquota_block_hardlimit", "6.6"},
                             {"grpquota_inode_hardlimit", "6.6"},
                             {"casefold", "6.13"},
                             {"strict_encoding", "6.13"}};
const char *newSince(QStringView name)
{
    for (const Since &s : kNewOptions) {
        if (name == QLatin1String(s.name))
            return s.version;
    }
    return nullptr;
}
const char *const kValueOptions[] = {
    "size", "nr_blocks", "nr_inodes", "mode",      "uid",        "gid",         "huge",
    "mpol", "comment",   "context",   "fscontext", "defcontext", "rootcontext",
};

bool known(const char *const *begin, const char *const *end, QStringView name)
{
    for (auto it = begin; it != end; ++it) {
        if (name == QLatin1String(*it))
            return true;
    }
    return false;
}

struct Field
{
    QStringView text;
    int column = 0;
};

} // namespace

void validateFstab(const QString &text, Sink &sink)
{
    static const QRegularExpression mode(QStringLiteral("^0*[0-7]{1,4}$"));
    static const QRegularExpression number(QStringLiteral("^[0-9]+$"));
    bool shmLine = false;
    const QVector<QStringView> lines = splitLines(text);
    for (int i = 0; i < lines.size(); ++i) {
        const int lineNo = i + 1;
        const QStringView line = lines[i];
        QVector<Field> fields;
        qsizetype c = 0;
        while (c < line.size()) {
            while (c < line.size() && line[c].isSpace())
                ++c;
            if (c >= line.size())
                break;
            if (fields.isEmpty() && line[c] == QLatin1Char('#'))
                break;
            const qsizetype start = c;
            while (c < line.size() && !line[c].isSpace())
                ++c;
            fields.append({line.mid(start, c - start), int(start + 1)});
        }
        if (fields.isEmpty())
            continue;
        if (fields.size() < 3) {
            sink.error(
                lineNo, 1,
                Tr::tr("an fstab line needs at least 3 fields: device, mount point and type "
                       "(tmpfs /dev/shm tmpfs defaults,size=8G 0 0); mount skips this line"));
            continue;
        }
        if (fields.size() > 6) {
            if (!fields[6].text.startsWith(QLatin1Char('#')))
                sink.warning(lineNo, fields[6].column,
                             Tr::tr("fields after the sixth are ignored; write a space in a path "
                                    "as \\040"));
            fields.resize(6);
        }
        if (fields.size() == 3)
            fields.append({QStringView(u"defaults"), 0});
        for (int f = 4; f < fields.size(); ++f) {
            if (!number.match(fields[f].text.toString()).hasMatch() &&
                !fields[f].text.startsWith(QLatin1Char('#')))
                sink.error(
                    lineNo, fields[f].column,
                    Tr::tr("the %1 field must be a number (usually 0), not '%2'")
                        .arg(f == 4 ? Tr::tr("dump") : Tr::tr("pass"), fields[f].text.toString()));
        }
        const bool isShm = fields[1].text == QLatin1String("/dev/shm") ||
                           fields[1].text == QLatin1String("/dev/shm/");
        const bool tmpfs = fields[2].text == QLatin1String("tmpfs");
        if (isShm) {
            shmLine = true;
            if (!tmpfs)
                sink.error(lineNo, fields[2].column,
                           Tr::tr("/dev/shm must be mounted with type tmpfs, not '%1'")
                               .arg(fields[2].text.toString()));
        }
        if (!tmpfs)
            continue;

        const QStringView options = fields[3].text;
        int optColumn = fields[3].column;
        bool sawSize = false;
        for (const QStringView opt : options.split(QLatin1Char(','))) {
            const int col = optColumn;
            optColumn += int(opt.size()) + 1;
            if (opt.isEmpty()) {
                sink.warning(lineNo, col, Tr::tr("empty option (two commas in a row); remove it"));
                continue;
            }
            const qsizetype eq = opt.indexOf(QLatin1Char('='));
            const QStringView name = eq < 0 ? opt : opt.left(eq);
            const QString value = eq < 0 ? QString() : opt.mid(eq + 1).toString();
            if (eq < 0) {
                if (known(std::begin(kValueOptions), std::end(kValueOptions), name))
                    sink.error(lineNo, col,
                               Tr::tr("option '%1' needs a value (%1=...)").arg(name.toString()));
                else if (const char *v = newSince(name))
                    sink.warning(lineNo, col,
                                 Tr::tr("option '%1' needs Linux %2 or later; older kernels "
                                        "refuse the mount")
                                     .arg(name.toString(), QLatin1String(v)));
                else if (!known(std::begin(kGenericOptions), std::end(kGenericOptions), name) &&
                         !name.startsWith(QLatin1String("x-")))
                    sink.error(lineNo, col,
                               Tr::tr("unknown option '%1': tmpfs refuses to mount with an "
                                      "option it does not know; check the spelling")
                                   .arg(name.toString()));
                continue;
            }
            if (name == QLatin1String("size")) {
                sawSize = true;
                QString why;
                const std::optional<KernelSize> s = parseKernelSize(value, &why);
                if (!s) {
                    sink.error(lineNo, col, why);
                } else if (s->value == 0) {
                    sink.warning(
                        lineNo, col,
                        Tr::tr("size=0 makes the tmpfs unlimited: a runaway process can fill "
                               "all RAM; give a size such as size=8G"));
                } else if (s->percent && s->value > 100) {
                    sink.warning(lineNo, col,
                                 Tr::tr("size=%1 is more than the RAM; /dev/shm competes with "
                                        "processes and page cache, so keep it well under 100%")
                                     .arg(value));
                } else if (!s->percent && s->value < 64 * 1024 * 1024) {
                    sink.warning(lineNo, col,
                                 Tr::tr("size=%1 is under 64 MiB, smaller than Docker's default; "
                                        "a DataLoader with workers will hit a Bus error")
                                     .arg(value));
                }
            } else if (name == QLatin1String("nr_blocks") || name == QLatin1String("nr_inodes")) {
                QString why;
                if (!parseKernelSize(value, &why))
                    sink.error(lineNo, col, why);
            } else if (name == QLatin1String("uid") || name == QLatin1String("gid")) {
                // mount(8) turns a user or group name into its id before the kernel sees it:
                // the accounts every Debian system has work anywhere, another name only where
                // that account exists (the mount fails elsewhere).
                static const QStringList everywhere = {
                    QStringLiteral("root"),     QStringLiteral("daemon"),
                    QStringLiteral("bin"),      QStringLiteral("sys"),
                    QStringLiteral("adm"),      QStringLiteral("tty"),
                    QStringLiteral("disk"),     QStringLiteral("lp"),
                    QStringLiteral("mail"),     QStringLiteral("proxy"),
                    QStringLiteral("kmem"),     QStringLiteral("dialout"),
                    QStringLiteral("cdrom"),    QStringLiteral("floppy"),
                    QStringLiteral("tape"),     QStringLiteral("sudo"),
                    QStringLiteral("audio"),    QStringLiteral("video"),
                    QStringLiteral("plugdev"),  QStringLiteral("staff"),
                    QStringLiteral("games"),    QStringLiteral("users"),
                    QStringLiteral("nogroup"),  QStringLiteral("nobody"),
                    QStringLiteral("www-data"), QStringLiteral("backup"),
                    QStringLiteral("operator"), QStringLiteral("shadow"),
                    QStringLiteral("utmp")};
                const bool id = number.match(value).hasMatch() && value.size() <= 10 &&
                                value.toULongLong() <= 4294967294ULL;
                if (!id && !everywhere.contains(value))
                    sink.error(lineNo, col,
                               Tr::tr("%1=%2: not a numeric id, and not an account every system "
                                      "has; mount(8) turns a name into its id only where the "
                                      "account exists, and the mount fails elsewhere: write the "
                                      "id")
                                   .arg(name.toString(), value));
            } else if (name == QLatin1String("huge")) {
                static const QStringList huge = {
                    QStringLiteral("never"),       QStringLiteral("always"),
                    QStringLiteral("within_size"), QStringLiteral("advise"),
                    QStringLiteral("deny"),        QStringLiteral("force")};
                if (!huge.contains(value))
                    sink.error(lineNo, col,
                               Tr::tr("huge=%1 is not a tmpfs value; the kernel refuses the mount "
                                      "(use never, always, within_size or advise)")
                                   .arg(value));
            } else if (name == QLatin1String("mpol")) {
                static const QRegularExpression mpol(
                    QStringLiteral("^(default|local|prefer(:[0-9]+)?|bind:[0-9,-]+|(weighted_)?"
                                   "interleave(:[0-9,-]+)?)"
                                   "(=(static|relative))?$"));
                if (!mpol.match(value).hasMatch())
                    sink.error(lineNo, col,
                               Tr::tr("mpol=%1 is not a memory policy the kernel reads (default, "
                                      "prefer:NODE, bind:NODES, interleave, local); it refuses "
                                      "the mount")
                                   .arg(value));
            } else if (name == QLatin1String("mode")) {
                if (!mode.match(value).hasMatch())
                    sink.error(lineNo, col,
                               Tr::tr("mode=%1 is not an octal mode; /dev/shm needs mode=1777 "
                                      "(everyone may create files, the sticky bit protects them)")
                                   .arg(value));
                else if (isShm && value.right(3) != QLatin1String("777"))
                    sink.warning(lineNo, col,
                                 Tr::tr("mode=%1 stops other users' processes from creating shared "
                                        "memory; /dev/shm is normally mode=1777")
                                     .arg(value));
            } else if (const char *v = newSince(name)) {
                sink.warning(lineNo, col,
                             Tr::tr("option '%1' needs Linux %2 or later; older kernels refuse "
                                    "the mount")
                                 .arg(name.toString(), QLatin1String(v)));
            } else if (!known(std::begin(kValueOptions), std::end(kValueOptions), name) &&
                       !name.startsWith(QLatin1String("x-"))) {
                sink.error(lineNo, col,
                           Tr::tr("unknown option '%1': tmpfs refuses to mount with an option it "
                                  "does not know; check the spelling")
                               .arg(name.toString()));
            }
        }
        if (isShm && !sawSize)
            sink.info(lineNo, fields[3].column,
                      Tr::tr("no size= option: the kernel default is half of the RAM; add size=... "
                             "to set it"));
    }
    if (!shmLine)
        sink.info(0, 0,
                  Tr::tr("no line mounts /dev/shm; add 'tmpfs /dev/shm tmpfs "
                         "defaults,nosuid,nodev,size=8G 0 0' to size it"));
}

} // namespace shmwise::validators
