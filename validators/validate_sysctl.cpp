// SPDX-License-Identifier: GPL-3.0-or-later
#include "validators.h"

#include <QHash>
#include <QRegularExpression>

namespace shmwise::validators {

namespace {

// The top-level directories of /proc/sys; a key outside them is a typo.
const char *const kRoots[] = {"abi",    "crypto", "debug",  "dev",  "fs",
                              "kernel", "net",    "sunrpc", "user", "vm"};

// IPCMNI: the kernel caps kernel.shmmni at 32768 (ipc/util.h; more only with ipcmni_extend).
constexpr quint64 kIpcMni = 32768;
// fs.nr_open's ceiling on 64-bit: INT_MAX rounded down to a multiple of BITS_PER_LONG.
constexpr quint64 kNrOpenMax = 2147483584ULL;

} // namespace

void validateSysctl(const QString &text, Sink &sink)
{
    static const QRegularExpression keyRe(
        QStringLiteral("^[A-Za-z0-9_*-]+([./][A-Za-z0-9_*:-]+)*$"));
    static const QRegularExpression uintRe(QStringLiteral("^[0-9]+$"));
    QHash<QString, int> seen;
    const QVector<QStringView> lines = splitLines(text);
    for (int i = 0; i < lines.size(); ++i) {
        const int lineNo = i + 1;
        QStringView line = lines[i].trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')) ||
            line.startsWith(QLatin1Char(';')))
            continue;
        // systemd-sysctl: a leading '-' means "ignore a failure to set this key".
        if (line.startsWith(QLatin1Char('-')))
            line = line.mid(1).trimmed();
        const qsizetype eq = line.indexOf(QLatin1Char('='));
        if (eq < 0) {
            sink.error(
                lineNo, 1,
                Tr::tr("not a 'key = value' line; write it as kernel.shmmni = 4096, or start "
                       "it with # to make it a comment"));
            continue;
        }
        // sysctl.d accepts '/' as the separator too; normalise for the checks below.
        QString key = line.left(eq).trimmed().toString();
        const QString value = line.mid(eq + 1).trimmed().toString();
        if (key.isEmpty()) {
            sink.error(lineNo, 1, Tr::tr("the key before '=' is missing"));
            continue;
        }
        if (!keyRe.match(key).hasMatch()) {
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

        const bool shm = key.startsWith(QLatin1String("kernel.shm"));
        if (shm)
            sink.warning(
                lineNo, 1,
                Tr::tr("%1 limits System V shared memory (shmget), not /dev/shm: raising it "
                       "does not help a PyTorch DataLoader; size /dev/shm with its mount "
                       "(size=), --shm-size or a memory-backed emptyDir instead")
                    .arg(key));
        if (key == QLatin1String("kernel.shmmax") || key == QLatin1String("kernel.shmall") ||
            key == QLatin1String("kernel.shmmni")) {
            bool ok = uintRe.match(value).hasMatch();
            const quint64 v = ok ? value.toULongLong(&ok) : 0;
            if (!ok) {
                sink.error(lineNo, int(eq + 2),
                           Tr::tr("%1 must be a whole number up to 18446744073709551615, not '%2'")
                               .arg(key, value));
            } else if (key == QLatin1String("kernel.shmmni") && v > kIpcMni) {
                sink.error(lineNo, int(eq + 2),
                           Tr::tr("kernel.shmmni is at most 32768 (IPCMNI); the kernel refuses %1")
                               .arg(value));
            } else if (v == 0) {
                sink.error(lineNo, int(eq + 2),
                           Tr::tr("%1 = 0 allows no System V shared memory at all; use a positive "
                                  "value or delete the line")
                               .arg(key));
            }
        } else if (key == QLatin1String("kernel.shm_rmid_forced")) {
            if (value != QLatin1String("0") && value != QLatin1String("1"))
                sink.error(lineNo, int(eq + 2), Tr::tr("kernel.shm_rmid_forced is 0 or 1"));
        } else if (key == QLatin1String("fs.nr_open") || key == QLatin1String("fs.file-max")) {
            bool ok = uintRe.match(value).hasMatch();
            const quint64 v = ok ? value.toULongLong(&ok) : 0;
            if (!ok)
                sink.error(lineNo, int(eq + 2),
                           Tr::tr("%1 must be a whole number, not '%2'").arg(key, value));
            else if (key == QLatin1String("fs.nr_open") && (v > kNrOpenMax || v < 64))
                sink.error(
                    lineNo, int(eq + 2),
                    Tr::tr("fs.nr_open must be between 64 and 2147483584; the kernel refuses "
                           "%1")
                        .arg(value));
        }
    }
}

} // namespace shmwise::validators
