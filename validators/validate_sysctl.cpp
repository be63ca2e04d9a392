// SPDX-License-Identifier: GPL-3.0-or-later
#include "validators/validators.h"

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
               u == '_' || u == '*' || u == '-' || (!first && u == ':');
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
    QString best;
    int bestD = 3;
    const QString prefix = key.section(QLatin1Char('.'), 0, 0);
    static const QVector<const char *> all = [] {
        QVector<const char *> v(std::begin(kKeys), std::end(kKeys));
        for (const OptionalKey &o : kOptional)
            v.append(o.key);
        return v;
    }();
    for (const char *k : all) {
        const QString cand = QLatin1String(k);
        if (!cand.startsWith(prefix) || qAbs(cand.size() - key.size()) > 2)
            continue;
        // Levenshtein distance, cut off at 3.
        QVector<int> prev(cand.size() + 1), cur(cand.size() + 1);
        for (int j = 0; j <= cand.size(); ++j)
            prev[j] = j;
        for (int i = 1; i <= key.size(); ++i) {
            cur[0] = i;
            for (int j = 1; j <= cand.size(); ++j)
                cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1,
                                   prev[j - 1] + (key.at(i - 1) == cand.at(j - 1) ? 0 : 1)});
            std::swap(prev, cur);
        }
        if (prev[cand.size()] < bestD) {
            bestD = prev[cand.size()];
            best = cand;
        }
    }
    return best;
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

} // namespace

void validateSysctl(const QString &text, Sink &sink)
{
    static const QRegularExpression uintRe(QStringLiteral("^[0-9]+$"));
    QHash<QString, int> seen;
    seen.reserve(qMin<qsizetype>(text.size() / 16, 1 << 20));
    // "Did you mean" hints, once per distinct unknown key and for the first few hundred of them:
    // each takes an edit-distance search over the key lists, and a file of thousands of made-up
    // keys must still be read in linear time.
    QHash<QString, QString> hints;
    int hintsLeft = 256;
    auto hintFor = [&](const QString &key) {
        auto it = hints.constFind(key);
        if (it != hints.constEnd())
            return *it;
        if (hintsLeft <= 0)
            return QString();
        --hintsLeft;
        return *hints.insert(key, closestKey(key));
    };
    const QVector<QStringView> lines = splitLines(text);
    for (int i = 0; i < lines.size(); ++i) {
        const int lineNo = i + 1;
        QStringView line = lines[i].trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')) ||
            line.startsWith(QLatin1Char(';')))
            continue;
        // systemd-sysctl: a leading '-' means "ignore a failure to set this key", and with no
        // value "leave this key out of the glob lines" (sysctl.d(5)).
        const bool dash = line.startsWith(QLatin1Char('-'));
        if (dash)
            line = line.mid(1).trimmed();
        const qsizetype eq = line.indexOf(QLatin1Char('='));
        if (eq < 0 && dash) {
            sink.info(lineNo, 1,
                      Tr::tr("'-%1' with no value leaves %1 out of the glob lines (such as "
                             "net.ipv4.conf.*.rp_filter) for systemd-sysctl; procps sysctl -p "
                             "skips the line")
                          .arg(line.toString()));
            continue;
        }
        if (eq < 0) {
            sink.warning(
                lineNo, 1,
                Tr::tr("no '=' on this line: sysctl -p reports \"invalid syntax\" and skips it; "
                       "write key = value, or start the line with # to make it a comment"));
            continue;
        }
        // sysctl.d accepts '/' as the separator too; normalise for the checks below.
        QString key = line.left(eq).trimmed().toString();
        QString value = line.mid(eq + 1).trimmed().toString();
        // A trailing comment is not part of the value.
        for (const QLatin1String c : {QLatin1String(" #"), QLatin1String(" ;")}) {
            const qsizetype hash = value.indexOf(c);
            if (hash >= 0)
                value = value.left(hash).trimmed();
        }
        if (key.isEmpty()) {
            sink.error(lineNo, 1, Tr::tr("the key before '=' is missing"));
            continue;
        }
        if (!keyShaped(key)) {
            sink.error(lineNo, 1,
                       Tr::tr("'%1' is not a sysctl key: keys are names separated by dots, such as "
                              "kernel.shmmni")
                           .arg(key));
            continue;
        }
        key.replace(QLatin1Char('/'), QLatin1Char('.'));
        if (value.isEmpty())
            sink.warning(
                lineNo, int(eq + 2),
                Tr::tr("'%1' has no value after '='; give one or delete the line").arg(key));
        const int prev = seen.value(key, 0);
        if (prev)
            sink.warning(
                lineNo, 1,
                Tr::tr("'%1' is also set on line %2; the later line wins, so keep only one")
                    .arg(key)
                    .arg(prev));
        seen.insert(key, lineNo);
        // What is said about the key itself (where it exists, what it limits) is said once, on
        // the first line that sets it; each later line gets the warning above.
        const bool firstTime = prev == 0;

        const QString root = key.section(QLatin1Char('.'), 0, 0);
        bool rootKnown = false;
        for (const char *r : kRoots)
            rootKnown = rootKnown || root == QLatin1String(r);
        if (!rootKnown) {
            sink.warning(
                lineNo, 1,
                Tr::tr("'%1' is not under any /proc/sys directory (kernel, vm, fs, net, ...); "
                       "check the spelling")
                    .arg(key));
            continue;
        }

        // Keys that only report: writing them fails with "permission denied".
        // The key as the lists spell it: interface names as '*'.
        const QByteArray nk = normalisedKey(key).toLatin1();
        if (readOnlyKey(nk)) {
            sink.error(lineNo, 1,
                       Tr::tr("'%1' is read-only (the kernel only reports it); sysctl -p fails "
                              "with \"permission denied\"; delete the line")
                           .arg(key));
            continue;
        }

        if (!knownKey(nk)) {
            const QString path = QString(key).replace(QLatin1Char('.'), QLatin1Char('/'));
            if (const RemovedKey *r = removedKey(nk)) {
                sink.error(
                    lineNo, 1,
                    Tr::tr("'%1' was removed in Linux %2 (commit %3): no supported "
                           "kernel has it, and sysctl -p fails with \"cannot stat "
                           "/proc/sys/%4\"; delete the line")
                        .arg(key, QLatin1String(r->release), QLatin1String(r->commit), path));
                continue;
            }
            if (const OptionalKey *o = optionalKey(nk)) {
                if (firstTime)
                    sink.warning(lineNo, 1, optionalKeyMessage(key, *o));
                continue;
            }
            bool moduleTree = false;
            for (const char *t : kModuleTrees)
                moduleTree = moduleTree || key.startsWith(QLatin1String(t));
            const QString near = hintFor(key);
            const QString hint =
                near.isEmpty() ? QString() : Tr::tr(" (did you mean %1?)").arg(near);
            if (moduleTree) {
                if (firstTime)
                    sink.warning(
                        lineNo, 1,
                        Tr::tr("'%1' is not a key of Linux 6.18 without modules%2; it exists "
                               "only where its module or device is present, else sysctl -p "
                               "fails on it")
                            .arg(key, hint));
            } else {
                sink.error(lineNo, 1,
                           Tr::tr("'%1' is not a sysctl key%2: sysctl -p fails with \"cannot "
                                  "stat /proc/sys/%3\"")
                               .arg(key, hint, path));
            }
            continue;
        }

        if (const NewerKey *n = firstTime ? newerKey(nk) : nullptr)
            sink.warning(lineNo, 1,
                         Tr::tr("'%1' is a key of newer kernels: Linux 6.18 has it, but not "
                                "every supported kernel (%2); where it is missing, sysctl -p "
                                "fails with \"cannot stat /proc/sys/%3\"")
                             .arg(key, debianKernels(n->kernels),
                                  QString(key).replace(QLatin1Char('.'), QLatin1Char('/'))));

        const bool shm = key.startsWith(QLatin1String("kernel.shm"));
        if (shm && firstTime)
            sink.warning(
                lineNo, 1,
                Tr::tr("%1 limits System V shared memory (shmget), not /dev/shm: raising it "
                       "does not help a PyTorch DataLoader; size /dev/shm with its mount "
                       "(size=), --shm-size or a memory-backed emptyDir instead")
                    .arg(key));
        const int vcol = int(eq + 2);
        // The ranges the kernel's handlers enforce (ipc/ipc_sysctl.c, ipc/mq_sysctl.c).
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
        if (key == QLatin1String("kernel.shmmax") || key == QLatin1String("kernel.shmall")) {
            bool ok = false;
            if (value.startsWith(QLatin1String("0x")))
                (void)value.mid(2).toULongLong(&ok, 16);
            else if (uintRe.match(value).hasMatch())
                (void)value.toULongLong(&ok);
            if (!ok)
                sink.error(lineNo, vcol,
                           Tr::tr("%1 must be a whole number up to 18446744073709551615, not "
                                  "'%2'; the kernel refuses it")
                               .arg(key, value));
            else if (kernelInt(value).value_or(1) == 0)
                sink.warning(lineNo, vcol,
                             Tr::tr("%1 = 0 allows no System V shared memory at all; use a "
                                    "positive value or delete the line")
                                 .arg(key));
        } else if (key == QLatin1String("kernel.sem")) {
            const QStringList parts =
                value.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts);
            bool ok = parts.size() <= 4 && !parts.isEmpty();
            for (const QString &p : parts)
                ok = ok && kernelInt(p).has_value() && *kernelInt(p) >= 0;
            if (!ok)
                sink.error(lineNo, vcol,
                           Tr::tr("kernel.sem takes four whole numbers (SEMMSL SEMMNS SEMOPM "
                                  "SEMMNI), such as 250 32000 100 128; the kernel refuses '%1'")
                               .arg(value));
            else if (parts.size() == 4 && *kernelInt(parts[3]) > 32768)
                sink.error(lineNo, vcol,
                           Tr::tr("SEMMNI (the 4th value of kernel.sem) is at most 32768; the "
                                  "kernel refuses %1")
                               .arg(parts[3]));
        } else if (key == QLatin1String("fs.file-max")) {
            if (!uintRe.match(value).hasMatch())
                sink.error(lineNo, vcol,
                           Tr::tr("%1 must be a whole number, not '%2'").arg(key, value));
        } else {
            for (const Range &r : ranges) {
                if (key != QLatin1String(r.key))
                    continue;
                const std::optional<qint64> v = kernelInt(value);
                if (!v)
                    sink.error(lineNo, vcol,
                               Tr::tr("%1 must be a whole number, not '%2'; the kernel refuses it")
                                   .arg(key, value));
                else if (*v < r.min || *v > r.max)
                    sink.error(lineNo, vcol,
                               Tr::tr("%1 must be between %2 and %3; the kernel refuses %4")
                                   .arg(key)
                                   .arg(r.min)
                                   .arg(r.max)
                                   .arg(value));
            }
        }
    }
}

} // namespace shmwise::validators
