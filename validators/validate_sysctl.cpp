// SPDX-License-Identifier: GPL-3.0-or-later
#include "validators/suggest_p.h"
#include "validators/validate_common_p.h"

#include <QHash>
#include <QRegularExpression>

#include <algorithm>
#include <cstring>

namespace shmwise::validators {

namespace {

// The top-level directories of /proc/sys; a key outside them is a typo.
const char *const kRoots[] = {"abi",    "crypto", "debug",  "dev",  "fs",
                              "kernel", "net",    "sunrpc", "user", "vm"};

// Every key of a recent kernel (sorted), interface names as '*'.
const char *const kKeys[] = {
#include "sysctl_keys.inc"
};

// Keys that some supported kernel has but the list above lacks (an option, a module, a
// distribution's patch), read from the Debian 12 and 13 kernel binaries by
// gen-sysctl-keys-optional.py; and keys mainline removed before those kernels.
struct OptionalKey
{
    const char *key;
    int kernels;          // bit 0: Debian 12 (Linux 6.1), bit 1: Debian 13 (Linux 6.12)
    const char *provider; // CONFIG_..., "module ...", "patch:..." or "distribution:...", or ""
};
const OptionalKey kOptional[] = {
#define SYSCTL_OPTIONAL(key, kernels, provider) {key, kernels, provider},
#define SYSCTL_REMOVED(key, release, commit)
#define SYSCTL_READONLY(key)
#define SYSCTL_NEWER(key, kernels)
#include "sysctl_keys_optional.inc"
#undef SYSCTL_OPTIONAL
#undef SYSCTL_REMOVED
#undef SYSCTL_READONLY
#undef SYSCTL_NEWER
};
struct RemovedKey
{
    const char *key;
    const char *release; // the Linux release that removed it
    const char *commit;
};
const RemovedKey kRemoved[] = {
#define SYSCTL_OPTIONAL(key, kernels, provider)
#define SYSCTL_REMOVED(key, release, commit) {key, release, commit},
#define SYSCTL_READONLY(key)
#define SYSCTL_NEWER(key, kernels)
#include "sysctl_keys_optional.inc"
#undef SYSCTL_OPTIONAL
#undef SYSCTL_REMOVED
#undef SYSCTL_READONLY
#undef SYSCTL_NEWER
};

// Keys no one may write on the kernels that have them (mode 0444 in their tables).
const char *const kReadOnly[] = {
#define SYSCTL_OPTIONAL(key, kernels, provider)
#define SYSCTL_REMOVED(key, release, commit)
#define SYSCTL_READONLY(key) key,
#define SYSCTL_NEWER(key, kernels)
#include "sysctl_keys_optional.inc"
#undef SYSCTL_OPTIONAL
#undef SYSCTL_REMOVED
#undef SYSCTL_READONLY
#undef SYSCTL_NEWER
};

// Keys of the list's kernel (Linux 6.18) that a Debian kernel lacks, with the Debian kernels
// that have them (bits as above).
struct NewerKey
{
    const char *key;
    int kernels;
};
const NewerKey kNewer[] = {
#define SYSCTL_OPTIONAL(key, kernels, provider)
#define SYSCTL_REMOVED(key, release, commit)
#define SYSCTL_READONLY(key)
#define SYSCTL_NEWER(key, kernels) {key, kernels},
#include "sysctl_keys_optional.inc"
#undef SYSCTL_OPTIONAL
#undef SYSCTL_REMOVED
#undef SYSCTL_READONLY
#undef SYSCTL_NEWER
};

// Trees whose keys appear only with a module or a device; a key there may exist elsewhere.
const char *const kModuleTrees[] = {"net.netfilter.",
                                    "net.bridge.",
                                    "net.nf_conntrack",
                                    "net.ipv4.netfilter.",
                                    "net.ipv4.vs.",
                                    "net.ipv6.",
                                    "net.mptcp.",
                                    "net.sctp.",
                                    "net.rds.",
                                    "net.tipc.",
                                    "net.x25.",
                                    "net.ax25.",
                                    "net.batman",
                                    "net.can.",
                                    "net.mpls.",
                                    "net.core.bpf",
                                    "fs.binfmt_misc.",
                                    "fs.ocfs2.",
                                    "fs.xfs.",
                                    "fs.nfs.",
                                    "fs.lustre.",
                                    "dev.cdrom.",
                                    "dev.raid.",
                                    "dev.scsi.",
                                    "dev.hpet.",
                                    "dev.parport.",
                                    "dev.mac_hid.",
                                    "dev.i915.",
                                    "dev.xe.",
                                    "dev.tty.",
                                    "sunrpc.",
                                    "abi.",
                                    "crypto.",
                                    "debug.",
                                    "kernel.sched_",
                                    "kernel.numa_",
                                    "vm.nr_hugepages_mempolicy"};

// The key as the list spells it: net.ipv4.conf.eth0.rp_filter -> net.ipv4.conf.*.rp_filter.
QString normalisedKey(const QString &key)
{
    static const QRegularExpression iface(
        QStringLiteral("^(net\\.ipv[46]\\.(?:conf|neigh)|net\\.mpls\\.conf)\\.[^.]+\\."));
    if (!key.startsWith(QLatin1String("net.")))
        return key; // the only keys with a directory per interface
    QString k = key;
    k.replace(iface, QStringLiteral("\\1.*."));
    return k;
}

bool knownKey(const QByteArray &k)
{
    return std::binary_search(std::begin(kKeys), std::end(kKeys), k.constData(),
                              [](const char *a, const char *b) { return std::strcmp(a, b) < 0; });
}

bool globKey(const QByteArray &k)
{
    return k.contains('*') || k.contains('?') || k.contains('[');
}

// procps' sysctl -p and systemd-sysctl take *, ? and [...] anywhere in a key, and a glob that
// matches nothing sets nothing, silently.
bool globMatchesAKey(const QByteArray &k)
{
    const QRegularExpression re(
        QRegularExpression::wildcardToRegularExpression(QString::fromLatin1(k)));
    if (!re.isValid())
        return false;
    return std::any_of(std::begin(kKeys), std::end(kKeys),
                       [&re](const char *key) { return re.match(QLatin1String(key)).hasMatch(); });
}

// The generated lists indexed once: every line of a file is looked up in several of them.
template <typename Entry, size_t N, typename KeyOf>
const Entry *lookup(const Entry (&list)[N], const QByteArray &k, KeyOf keyOf)
{
    static const QHash<QByteArray, const Entry *> index = [&] {
        QHash<QByteArray, const Entry *> h;
        h.reserve(qsizetype(N));
        for (const Entry &e : list)
            h.insert(QByteArray(keyOf(e)), &e);
        return h;
    }();
    return index.value(k, nullptr);
}

const OptionalKey *optionalKey(const QByteArray &k)
{
    return lookup(kOptional, k, [](const OptionalKey &o) { return o.key; });
}

const RemovedKey *removedKey(const QByteArray &k)
{
    return lookup(kRemoved, k, [](const RemovedKey &r) { return r.key; });
}

const NewerKey *newerKey(const QByteArray &k)
{
    return lookup(kNewer, k, [](const NewerKey &n) { return n.key; });
}

bool readOnlyKey(const QByteArray &k)
{
    return lookup(kReadOnly, k, [](const char *const &r) { return r; }) != nullptr;
}

// ^[A-Za-z0-9_*-]+([./][A-Za-z0-9_*:-]+)*$: names separated by dots (or slashes), checked by
// hand since every line of a file goes through it.
bool keyShaped(const QString &key)
{
    auto word = [](QChar c, bool first) {
        const char16_t u = c.unicode();
        return (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9') ||
               u == '_' || u == '*' || u == '?' || u == '[' || u == ']' || u == '!' || u == '-' ||
               (!first && u == ':');
    };
    bool firstPart = true;
    qsizetype partLength = 0;
    for (const QChar c : key) {
        if (c == QLatin1Char('.') || c == QLatin1Char('/')) {
            if (partLength == 0)
                return false;
            firstPart = false;
            partLength = 0;
        } else if (word(c, firstPart)) {
            ++partLength;
        } else {
            return false;
        }
    }
    return partLength > 0;
}

QString closestKey(const QString &key)
{
    const QString prefix = key.section(QLatin1Char('.'), 0, 0);
    static const QVector<const char *> all = [] {
        QVector<const char *> v(std::begin(kKeys), std::end(kKeys));
        for (const OptionalKey &o : kOptional)
            v.append(o.key);
        return v;
    }();
    ClosestMatch match(key, 2);
    for (const char *k : all) {
        const QString cand = QLatin1String(k);
        if (!cand.startsWith(prefix) || qAbs(cand.size() - key.size()) > 2)
            continue;
        match.offer(cand);
    }
    return match.best();
}

// Which of the Debian kernels have a key (bit 0: Debian 12, bit 1: Debian 13).
QString debianKernels(int kernels)
{
    switch (kernels) {
    case 3:
        return Tr::tr("Debian 12 (Linux 6.1) and Debian 13 (Linux 6.12): yes");
    case 1:
        return Tr::tr("Debian 12 (Linux 6.1): yes; Debian 13 (Linux 6.12): no");
    case 2:
        return Tr::tr("Debian 12 (Linux 6.1): no; Debian 13 (Linux 6.12): yes");
    default:
        return Tr::tr("Debian 12 (Linux 6.1) and Debian 13 (Linux 6.12): no");
    }
}

// What a key of some kernels only needs, and on which supported kernels it exists.
QString optionalKeyMessage(const QString &key, const OptionalKey &o)
{
    const QString provider = QLatin1String(o.provider);
    QString needs;
    if (provider.startsWith(QLatin1String("CONFIG_")))
        needs = Tr::tr("kernels built with %1").arg(provider);
    else if (provider.startsWith(QLatin1String("module ")))
        needs = Tr::tr("kernels where the module %1 is loaded").arg(provider.mid(7));
    else if (provider == QLatin1String("patch:debian-ubuntu-userns"))
        needs = Tr::tr("kernels with Debian's and Ubuntu's user namespace patch");
    else if (provider == QLatin1String("distribution:ubuntu-apparmor-userns"))
        needs = Tr::tr("Ubuntu's kernels with its AppArmor user namespace restriction (Ubuntu "
                       "23.10 and later)");
    else if (provider == QLatin1String("distribution:rhel-7"))
        needs = Tr::tr("Red Hat Enterprise Linux 7 kernels (a Red Hat patch)");
    else
        needs = Tr::tr("some kernels, depending on how they are built");
    if (o.kernels == 0)
        return Tr::tr("'%1' exists only on %2; the Debian 12 (Linux 6.1) and Debian 13 (Linux "
                      "6.12) kernels do not have it, and there sysctl -p fails with \"cannot "
                      "stat /proc/sys/%3\"")
            .arg(key, needs, QString(key).replace(QLatin1Char('.'), QLatin1Char('/')));
    return Tr::tr("'%1' exists only on %2 (%3); elsewhere sysctl -p fails on it with \"cannot "
                  "stat /proc/sys/%4\"")
        .arg(key, needs, debianKernels(o.kernels),
             QString(key).replace(QLatin1Char('.'), QLatin1Char('/')));
}

// A whole number as the kernel's proc handlers read it: decimal, or hex with 0x.
std::optional<qint64> kernelInt(const QString &v)
{
    bool ok = false;
    qint64 n = 0;
    if (v.startsWith(QLatin1String("0x")) || v.startsWith(QLatin1String("0X")))
        n = v.mid(2).toLongLong(&ok, 16);
    else
        n = v.toLongLong(&ok, 10);
    return ok ? std::optional<qint64>(n) : std::nullopt;
}

// The path under /proc/sys that sysctl -p writes for a key.
QString procPath(const QString &key)
{
    return QString(key).replace(QLatin1Char('.'), QLatin1Char('/'));
}

bool isUnsigned(const QString &v)
{
    static const QRegularExpression uintRe(QStringLiteral("^[0-9]+$"));
    return uintRe.match(v).hasMatch();
}

// "Did you mean" hints, once per distinct unknown key and for the first few hundred of them:
// each takes an edit-distance search over the key lists, and a file of thousands of made-up
// keys must still be read in linear time.
class Hints
{
public:
    QString hintFor(const QString &key)
    {
        auto it = m_hints.constFind(key);
        if (it != m_hints.constEnd())
            return *it;
        if (m_left <= 0)
            return QString();
        --m_left;
        return *m_hints.insert(key, closestKey(key));
    }

private:
    QHash<QString, QString> m_hints;
    int m_left = 256;
};

// One `key = value` line as the checks after its syntax read it.
struct Assignment
{
    int line = 0;
    QString key;   // '/' read as '.'
    QString value; // without a trailing comment
    int valueColumn = 0;
    bool firstTime = true; // no earlier line sets the key
};

// A line without '=': systemd-sysctl's "-key" (leave the key out of glob lines), else a line
// sysctl -p skips.
void reportNoValue(QStringView line, bool dash, int lineNo, Sink &sink)
{
    if (dash)
        sink.info(lineNo, 1,
                  Tr::tr("'-%1' with no value leaves %1 out of the glob lines (such as "
                         "net.ipv4.conf.*.rp_filter) for systemd-sysctl; procps sysctl -p "
                         "skips the line")
                      .arg(line.toString()));
    else
        // The file's one purpose fails: the setting is never applied, by either tool.
        sink.error(lineNo, 1,
                   Tr::tr("no '=' on this line, so the setting is never applied: sysctl -p "
                          "prints \"invalid syntax, continuing...\" and skips it, and "
                          "systemd-sysctl, which applies sysctl.d at boot, says \"Line is not an "
                          "assignment, ignoring\"; write key = value, or start the line with # "
                          "to make it a comment"));
}

// The key and value of a line, or nullopt for a blank line, a comment, or a line whose syntax
// is already reported and that the checks below have nothing to say about.
std::optional<Assignment> readAssignment(QStringView line, int lineNo, Sink &sink)
{
    line = line.trimmed();
    if (line.isEmpty() || line.startsWith(QLatin1Char('#')) || line.startsWith(QLatin1Char(';')))
        return std::nullopt;
    // systemd-sysctl: a leading '-' means "ignore a failure to set this key", and with no
    // value "leave this key out of the glob lines" (sysctl.d(5)).
    const bool dash = line.startsWith(QLatin1Char('-'));
    if (dash)
        line = line.mid(1).trimmed();
    const qsizetype eq = line.indexOf(QLatin1Char('='));
    if (eq < 0) {
        reportNoValue(line, dash, lineNo, sink);
        return std::nullopt;
    }
    Assignment a;
    a.line = lineNo;
    a.valueColumn = int(eq + 2);
    // sysctl.d accepts '/' as the separator too; normalise for the checks below.
    a.key = line.left(eq).trimmed().toString();
    a.value = line.mid(eq + 1).trimmed().toString();
    // A trailing comment is not part of the value.
    for (const QLatin1String c : {QLatin1String(" #"), QLatin1String(" ;")}) {
        const qsizetype hash = a.value.indexOf(c);
        if (hash >= 0)
            a.value = a.value.left(hash).trimmed();
    }
    if (a.key.isEmpty()) {
        sink.error(lineNo, 1, Tr::tr("the key before '=' is missing"));
        return std::nullopt;
    }
    if (!keyShaped(a.key)) {
        sink.error(lineNo, 1,
                   Tr::tr("'%1' is not a sysctl key: keys are names separated by dots, such as "
                          "kernel.shmmni")
                       .arg(a.key));
        return std::nullopt;
    }
    a.key.replace(QLatin1Char('/'), QLatin1Char('.'));
    return a;
}

// An empty value, and a key set again: `seen` holds the line that last set each key.
void checkEmptyOrRepeated(Assignment &a, QHash<QString, int> &seen, Sink &sink)
{
    if (a.value.isEmpty())
        sink.warning(a.line, a.valueColumn,
                     Tr::tr("'%1' has no value after '='; give one or delete the line").arg(a.key));
    const int prev = seen.value(a.key, 0);
    if (prev)
        sink.warning(a.line, 1,
                     Tr::tr("'%1' is also set on line %2; the later line wins, so keep only one")
                         .arg(a.key)
                         .arg(prev));
    seen.insert(a.key, a.line);
    // What is said about the key itself (where it exists, what it limits) is said once, on
    // the first line that sets it; each later line gets the warning above.
    a.firstTime = prev == 0;
}

// False, with an error, when the key is under no directory of /proc/sys.
bool checkRoot(const Assignment &a, Sink &sink)
{
    const QString root = a.key.section(QLatin1Char('.'), 0, 0);
    bool rootKnown = false;
    for (const char *r : kRoots)
        rootKnown = rootKnown || root == QLatin1String(r);
    // sysctl -p looks the key up as /proc/sys/KEY and fails on it ("cannot stat").
    if (!rootKnown) {
        // A misspelt directory (kernal.shmmax), or none at all (shmmax).
        ClosestMatch rootMatch(root, 2);
        for (const char *r : kRoots)
            rootMatch.offer(QLatin1String(r));
        QString near;
        if (!rootMatch.best().isEmpty() && a.key.contains(QLatin1Char('.')))
            near = closestKey(rootMatch.best() + a.key.mid(root.size()));
        for (const char *r : {"kernel.", "vm.", "fs.", "net.core."}) {
            if (near.isEmpty())
                near = closestKey(QLatin1String(r) + a.key);
        }
        sink.error(a.line, 1,
                   Tr::tr("'%1' is not under any /proc/sys directory (kernel, vm, fs, net, ...): "
                          "sysctl -p fails with \"cannot stat /proc/sys/%2\"%3")
                       .arg(a.key, procPath(a.key),
                            near.isEmpty() ? QString() : Tr::tr("; did you mean %1?").arg(near)));
    }
    return rootKnown;
}

// False, with an error, for a key that only reports: writing it fails with "permission
// denied". `nk` is the key as the lists spell it.
bool checkWritable(const Assignment &a, const QByteArray &nk, Sink &sink)
{
    if (!readOnlyKey(nk))
        return true;
    sink.error(a.line, 1,
               Tr::tr("'%1' is read-only (the kernel only reports it); sysctl -p fails "
                      "with \"permission denied\"; delete the line")
                   .arg(a.key));
    return false;
}

// A key Linux 6.18 lacks: removed from the kernel, present only on some kernels, in a module's
// tree, or not a key at all (with a hint when one is near).
void reportMissingKey(const Assignment &a, const QByteArray &nk, Hints &hints, Sink &sink)
{
    const QString path = procPath(a.key);
    if (const RemovedKey *r = removedKey(nk)) {
        sink.error(a.line, 1,
                   Tr::tr("'%1' was removed in Linux %2 (commit %3): no supported "
                          "kernel has it, and sysctl -p fails with \"cannot stat "
                          "/proc/sys/%4\"; delete the line")
                       .arg(a.key, QLatin1String(r->release), QLatin1String(r->commit), path));
        return;
    }
    if (const OptionalKey *o = optionalKey(nk)) {
        if (a.firstTime)
            sink.warning(a.line, 1, optionalKeyMessage(a.key, *o));
        return;
    }
    bool moduleTree = false;
    for (const char *t : kModuleTrees)
        moduleTree = moduleTree || a.key.startsWith(QLatin1String(t));
    const QString near = hints.hintFor(a.key);
    const QString hint = near.isEmpty() ? QString() : Tr::tr(" (did you mean %1?)").arg(near);
    if (moduleTree) {
        if (a.firstTime)
            sink.warning(a.line, 1,
                         Tr::tr("'%1' is not a key of Linux 6.18 without modules%2; it exists "
                                "only where its module or device is present, else sysctl -p "
                                "fails on it")
                             .arg(a.key, hint));
    } else {
        sink.error(a.line, 1,
                   Tr::tr("'%1' is not a sysctl key%2: sysctl -p fails with \"cannot "
                          "stat /proc/sys/%3\"")
                       .arg(a.key, hint, path));
    }
}

// Said once per key: that only newer kernels have it, and that kernel.shm* is not /dev/shm.
void noteKey(const Assignment &a, const QByteArray &nk, Sink &sink)
{
    if (const NewerKey *n = a.firstTime ? newerKey(nk) : nullptr)
        sink.warning(a.line, 1,
                     Tr::tr("'%1' is a key of newer kernels: Linux 6.18 has it, but not "
                            "every supported kernel (%2); where it is missing, sysctl -p "
                            "fails with \"cannot stat /proc/sys/%3\"")
                         .arg(a.key, debianKernels(n->kernels), procPath(a.key)));
    if (a.firstTime && a.key.startsWith(QLatin1String("kernel.shm")))
        sink.warning(a.line, 1,
                     Tr::tr("%1 limits System V shared memory (shmget), not /dev/shm: raising it "
                            "does not help a PyTorch DataLoader; size /dev/shm with its mount "
                            "(size=), --shm-size or a memory-backed emptyDir instead")
                         .arg(a.key));
}

// kernel.shmmax and kernel.shmall: an unsigned long, where 0 allows no segment at all.
void checkShmLimit(const Assignment &a, Sink &sink)
{
    bool ok = false;
    if (a.value.startsWith(QLatin1String("0x")))
        (void)a.value.mid(2).toULongLong(&ok, 16);
    else if (isUnsigned(a.value))
        (void)a.value.toULongLong(&ok);
    if (!ok)
        sink.error(a.line, a.valueColumn,
                   Tr::tr("%1 must be a whole number up to 18446744073709551615, not "
                          "'%2'; the kernel refuses it")
                       .arg(a.key, a.value));
    else if (kernelInt(a.value).value_or(1) == 0)
        sink.warning(a.line, a.valueColumn,
                     Tr::tr("%1 = 0 allows no System V shared memory at all; use a "
                            "positive value or delete the line")
                         .arg(a.key));
}

// kernel.sem: up to four numbers, of which SEMMNI has the kernel's IPCMNI cap.
void checkSem(const Assignment &a, Sink &sink)
{
    const QStringList parts =
        a.value.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts);
    bool ok = parts.size() <= 4 && !parts.isEmpty();
    for (const QString &p : parts)
        ok = ok && kernelInt(p).has_value() && *kernelInt(p) >= 0;
    if (!ok)
        sink.error(a.line, a.valueColumn,
                   Tr::tr("kernel.sem takes four whole numbers (SEMMSL SEMMNS SEMOPM "
                          "SEMMNI), such as 250 32000 100 128; the kernel refuses '%1'")
                       .arg(a.value));
    else if (parts.size() == 4 && *kernelInt(parts[3]) > 32768)
        sink.error(a.line, a.valueColumn,
                   Tr::tr("SEMMNI (the 4th value of kernel.sem) is at most 32768; the "
                          "kernel refuses %1")
                       .arg(parts[3]));
}

// The ranges the kernel's handlers enforce (ipc/ipc_sysctl.c, ipc/mq_sysctl.c).
void checkRange(const Assignment &a, Sink &sink)
{
    struct Range
    {
        const char *key;
        qint64 min, max;
    };
    static const Range ranges[] = {{"kernel.shmmni", 0, 32768},
                                   {"kernel.msgmni", 0, 32768},
                                   {"kernel.msgmnb", 0, 2147483647},
                                   {"kernel.msgmax", 0, 2147483647},
                                   {"kernel.shm_rmid_forced", 0, 1},
                                   {"fs.mqueue.msg_max", 1, 65536},
                                   {"fs.mqueue.msgsize_max", 128, 16777216},
                                   {"fs.mqueue.queues_max", 0, 2147483647},
                                   {"fs.nr_open", 64, 2147483584}};
    for (const Range &r : ranges) {
        if (a.key != QLatin1String(r.key))
            continue;
        const std::optional<qint64> v = kernelInt(a.value);
        if (!v)
            sink.error(a.line, a.valueColumn,
                       Tr::tr("%1 must be a whole number, not '%2'; the kernel refuses it")
                           .arg(a.key, a.value));
        else if (*v < r.min || *v > r.max)
            sink.error(a.line, a.valueColumn,
                       Tr::tr("%1 must be between %2 and %3; the kernel refuses %4")
                           .arg(a.key)
                           .arg(r.min)
                           .arg(r.max)
                           .arg(a.value));
    }
}

// The values the kernel refuses for the keys whose handlers check them.
void checkValue(const Assignment &a, Sink &sink)
{
    if (a.key == QLatin1String("kernel.shmmax") || a.key == QLatin1String("kernel.shmall")) {
        checkShmLimit(a, sink);
    } else if (a.key == QLatin1String("kernel.sem")) {
        checkSem(a, sink);
    } else if (a.key == QLatin1String("fs.file-max")) {
        if (!isUnsigned(a.value))
            sink.error(a.line, a.valueColumn,
                       Tr::tr("%1 must be a whole number, not '%2'").arg(a.key, a.value));
    } else {
        checkRange(a, sink);
    }
}

} // namespace

void validateSysctl(const QString &text, Sink &sink)
{
    QHash<QString, int> seen;
    seen.reserve(qMin<qsizetype>(text.size() / 16, 1 << 20));
    Hints hints;
    const QVector<QStringView> lines = splitLines(text);
    for (int i = 0; i < lines.size(); ++i) {
        std::optional<Assignment> a = readAssignment(lines[i], i + 1, sink);
        if (!a)
            continue;
        checkEmptyOrRepeated(*a, seen, sink);
        if (!checkRoot(*a, sink))
            continue;
        // The key as the lists spell it: interface names as '*'.
        const QByteArray nk = normalisedKey(a->key).toLatin1();
        if (!checkWritable(*a, nk, sink))
            continue;
        if (!knownKey(nk) && globKey(nk)) {
            if (!globMatchesAKey(nk) && a->firstTime)
                sink.warning(a->line, 1,
                             Tr::tr("'%1' matches no sysctl key of Linux 6.18: sysctl -p sets "
                                    "nothing for it, and says nothing")
                                 .arg(a->key));
            continue;
        }
        if (!knownKey(nk)) {
            reportMissingKey(*a, nk, hints, sink);
            continue;
        }
        noteKey(*a, nk, sink);
        checkValue(*a, sink);
    }
}

} // namespace shmwise::validators
