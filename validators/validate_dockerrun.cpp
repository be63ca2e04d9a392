// SPDX-License-Identifier: GPL-3.0-or-later
#include "validators.h"

#include <QRegularExpression>

namespace shmwise::validators {

namespace {

struct Token
{
    QString text;
    int line = 0;
    int column = 0;
    bool op = false;        // a command separator: newline, ; & && || | ( )
    bool expansion = false; // contains an unquoted or double-quoted $, so its value is unknown
};

// Splits shell text into words and operators the way a POSIX shell does before expansion:
// quotes, backslash escapes, backslash-newline continuations and comments.
QVector<Token> tokenize(const QString &text, Sink &sink)
{
    QVector<Token> tokens;
    int line = 1;
    int lineStart = 0;
    const int n = int(text.size());
    Token cur;
    bool inWord = false;
    auto startWord = [&](int i) {
        if (!inWord) {
            cur = Token();
            cur.line = line;
            cur.column = i - lineStart + 1;
            inWord = true;
        }
    };
    auto endWord = [&]() {
        if (inWord)
            tokens.append(cur);
        inWord = false;
    };
    auto newline = [&](int i) {
        ++line;
        lineStart = i + 1;
    };
    for (int i = 0; i < n; ++i) {
        const QChar ch = text.at(i);
        if (ch == QLatin1Char('\\')) {
            if (i + 1 < n && text.at(i + 1) == QLatin1Char('\n')) {
                ++i;
                newline(i);
                continue;
            }
            if (i + 2 < n && text.at(i + 1) == QLatin1Char('\r') &&
                text.at(i + 2) == QLatin1Char('\n')) {
                i += 2;
                newline(i);
                continue;
            }
            startWord(i);
            if (i + 1 < n)
                cur.text += text.at(++i);
            continue;
        }
        if (ch == QLatin1Char('\'')) {
            startWord(i);
            const int openLine = line, openCol = i - lineStart + 1;
            ++i;
            while (i < n && text.at(i) != QLatin1Char('\'')) {
                if (text.at(i) == QLatin1Char('\n'))
                    newline(i);
                cur.text += text.at(i++);
            }
            if (i >= n)
                sink.error(openLine, openCol,
                           Tr::tr("this single quote is never closed; add the closing '"));
            continue;
        }
        if (ch == QLatin1Char('"')) {
            startWord(i);
            const int openLine = line, openCol = i - lineStart + 1;
            ++i;
            while (i < n && text.at(i) != QLatin1Char('"')) {
                QChar c = text.at(i);
                if (c == QLatin1Char('\\') && i + 1 < n &&
                    QStringLiteral("$`\"\\\n").contains(text.at(i + 1))) {
                    c = text.at(++i);
                    if (c == QLatin1Char('\n')) {
                        newline(i);
                        ++i;
                        continue;
                    }
                } else if (c == QLatin1Char('$') || c == QLatin1Char('`')) {
                    cur.expansion = true;
                }
                if (c == QLatin1Char('\n'))
                    newline(i);
                cur.text += c;
                ++i;
            }
            if (i >= n)
                sink.error(openLine, openCol,
                           Tr::tr("this double quote is never closed; add the closing \""));
            continue;
        }
        if (ch == QLatin1Char('#') && !inWord) {
            while (i + 1 < n && text.at(i + 1) != QLatin1Char('\n'))
                ++i;
            continue;
        }
        if (ch == QLatin1Char('\n') || ch == QLatin1Char(';') || ch == QLatin1Char('&') ||
            ch == QLatin1Char('|') || ch == QLatin1Char('(') || ch == QLatin1Char(')')) {
            endWord();
            Token t;
            t.op = true;
            t.line = line;
            t.column = i - lineStart + 1;
            t.text = ch;
            tokens.append(t);
            if (ch == QLatin1Char('\n'))
                newline(i);
            continue;
        }
        if (ch.isSpace()) {
            endWord();
            continue;
        }
        startWord(i);
        if (ch == QLatin1Char('$') || ch == QLatin1Char('`'))
            cur.expansion = true;
        cur.text += ch;
    }
    endWord();
    return tokens;
}

// docker run's options that take a value (docker CLI), then Podman's additional ones.
const char *const kValueFlags[] = {
    "add-host",
    "annotation",
    "attach",
    "blkio-weight",
    "blkio-weight-device",
    "cap-add",
    "cap-drop",
    "cgroup-parent",
    "cgroupns",
    "cidfile",
    "cpu-count",
    "cpu-percent",
    "cpu-period",
    "cpu-quota",
    "cpu-rt-period",
    "cpu-rt-runtime",
    "cpu-shares",
    "cpus",
    "cpuset-cpus",
    "cpuset-mems",
    "detach-keys",
    "device",
    "device-cgroup-rule",
    "device-read-bps",
    "device-read-iops",
    "device-write-bps",
    "device-write-iops",
    "dns",
    "dns-opt",
    "dns-option",
    "dns-search",
    "domainname",
    "entrypoint",
    "env",
    "env-file",
    "expose",
    "gpus",
    "group-add",
    "health-cmd",
    "health-interval",
    "health-retries",
    "health-start-interval",
    "health-start-period",
    "health-timeout",
    "hostname",
    "io-maxbandwidth",
    "io-maxiops",
    "ip",
    "ip6",
    "ipc",
    "isolation",
    "kernel-memory",
    "label",
    "label-file",
    "link",
    "link-local-ip",
    "log-driver",
    "log-opt",
    "mac-address",
    "memory",
    "memory-reservation",
    "memory-swap",
    "memory-swappiness",
    "mount",
    "name",
    "net",
    "net-alias",
    "network",
    "network-alias",
    "oom-score-adj",
    "pid",
    "pids-limit",
    "platform",
    "publish",
    "pull",
    "restart",
    "runtime",
    "security-opt",
    "shm-size",
    "stop-signal",
    "stop-timeout",
    "storage-opt",
    "sysctl",
    "tmpfs",
    "ulimit",
    "user",
    "userns",
    "uts",
    "volume",
    "volume-driver",
    "volumes-from",
    "workdir",
    // Podman
    "arch",
    "authfile",
    "cert-dir",
    "cgroup-conf",
    "cgroups",
    "chrootdirs",
    "conmon-pidfile",
    "creds",
    "decryption-key",
    "env-merge",
    "gidmap",
    "group-entry",
    "health-on-failure",
    "health-startup-cmd",
    "health-startup-interval",
    "health-startup-retries",
    "health-startup-success",
    "health-startup-timeout",
    "hostuser",
    "image-volume",
    "init-path",
    "os",
    "passwd-entry",
    "personality",
    "pidfile",
    "pod",
    "pod-id-file",
    "preserve-fds",
    "rdt-class",
    "requires",
    "retry",
    "retry-delay",
    "sdnotify",
    "seccomp-policy",
    "secret",
    "shm-size-systemd",
    "subgidname",
    "subuidname",
    "systemd",
    "timeout",
    "tz",
    "uidmap",
    "umask",
    "unsetenv",
    "variant",
};
const char *const kBoolFlags[] = {
    "detach",
    "init",
    "interactive",
    "no-healthcheck",
    "oom-kill-disable",
    "privileged",
    "publish-all",
    "quiet",
    "read-only",
    "rm",
    "sig-proxy",
    "tty",
    "disable-content-trust",
    "help",
    "use-api-socket",
    // Podman
    "env-host",
    "http-proxy",
    "no-hosts",
    "passwd",
    "read-only-tmpfs",
    "replace",
    "rootfs",
    "tls-verify",
    "unsetenv-all",
};
struct Short
{
    char c;
    const char *name;
};
const Short kShort[] = {
    {'a', "attach"}, {'c', "cpu-shares"},  {'e', "env"},  {'h', "hostname"},    {'l', "label"},
    {'m', "memory"}, {'p', "publish"},     {'u', "user"}, {'v', "volume"},      {'w', "workdir"},
    {'d', "detach"}, {'i', "interactive"}, {'t', "tty"},  {'P', "publish-all"}, {'q', "quiet"}};

bool inList(const char *const *b, const char *const *e, const QString &name)
{
    for (auto it = b; it != e; ++it) {
        if (name == QLatin1String(*it))
            return true;
    }
    return false;
}

bool takesValue(const QString &name)
{
    return inList(std::begin(kValueFlags), std::end(kValueFlags), name);
}

const char *const kUlimits[] = {"core",    "cpu",      "data",   "fsize",      "locks",
                                "memlock", "msgqueue", "nice",   "nofile",     "nproc",
                                "rss",     "rtprio",   "rttime", "sigpending", "stack"};

struct Option
{
    QString name; // long name
    QString value;
    bool hasValue = false;
    Token at;        // where the option was written
    int valueColumn; // where its value starts (on at.line when inline)
    int valueLine;
    bool expansion = false;
};

void checkUlimit(const Option &o, Sink &sink)
{
    static const QRegularExpression re(QStringLiteral("^([a-z]+)=(-?[0-9]+)(?::(-?[0-9]+))?$"));
    const QRegularExpressionMatch m = re.match(o.value);
    if (!m.hasMatch()) {
        sink.error(o.valueLine, o.valueColumn,
                   Tr::tr("--ulimit takes NAME=SOFT[:HARD] with whole numbers, such as "
                          "nofile=65536:65536, not '%1'")
                       .arg(o.value));
        return;
    }
    const QString name = m.captured(1);
    if (!inList(std::begin(kUlimits), std::end(kUlimits), name)) {
        sink.error(
            o.valueLine, o.valueColumn,
            Tr::tr("unknown ulimit '%1'; Docker knows core, cpu, data, fsize, locks, memlock, "
                   "msgqueue, nice, nofile, nproc, rss, rtprio, rttime, sigpending, stack")
                .arg(name));
        return;
    }
    const qint64 soft = m.captured(2).toLongLong();
    const qint64 hard = m.hasCaptured(3) ? m.captured(3).toLongLong() : soft;
    if (soft > hard && hard >= 0)
        sink.error(o.valueLine, o.valueColumn,
                   Tr::tr("the soft limit %1 is above the hard limit %2; Docker refuses it (write "
                          "%3=%2:%2)")
                       .arg(soft)
                       .arg(hard)
                       .arg(name));
    if (name == QLatin1String("nofile")) {
        if (soft < 0 || hard < 0)
            sink.error(
                o.valueLine, o.valueColumn,
                Tr::tr("nofile cannot be unlimited (-1); the container fails to start; use a "
                       "number such as 1048576"));
        else if (quint64(hard) > 1048576)
            sink.warning(
                o.valueLine, o.valueColumn,
                Tr::tr("nofile above 1048576 (the default fs.nr_open) fails unless the host "
                       "raised fs.nr_open"));
    }
}

void checkRun(const QVector<Token> &argv, int runIndex, bool podman, Sink &sink)
{
    QVector<Option> opts;
    int imageIndex = -1;
    for (int i = runIndex + 1; i < argv.size(); ++i) {
        const Token &t = argv[i];
        const QString &s = t.text;
        if (s == QLatin1String("--")) {
            if (i + 1 < argv.size())
                imageIndex = i + 1;
            break;
        }
        if (s.startsWith(QLatin1String("--")) && s.size() > 2) {
            Option o;
            o.at = t;
            const qsizetype eq = s.indexOf(QLatin1Char('='));
            o.name = s.mid(2, eq < 0 ? -1 : eq - 2);
            const bool isValue = takesValue(o.name);
            const bool isBool = inList(std::begin(kBoolFlags), std::end(kBoolFlags), o.name);
            if (!isValue && !isBool)
                sink.warning(
                    t.line, t.column,
                    Tr::tr("unknown option '--%1' for %2 run; check the spelling")
                        .arg(o.name, podman ? QStringLiteral("podman") : QStringLiteral("docker")));
            if (eq >= 0) {
                o.value = s.mid(eq + 1);
                o.hasValue = true;
                o.valueLine = t.line;
                o.valueColumn = t.column + int(eq) + 1;
                o.expansion = t.expansion;
            } else if (isValue) {
                if (i + 1 >= argv.size()) {
                    sink.error(t.line, t.column,
                               Tr::tr("--%1 needs a value, and the image must follow the options")
                                   .arg(o.name));
                    return;
                }
                const Token &v = argv[++i];
                o.value = v.text;
                o.hasValue = true;
                o.valueLine = v.line;
                o.valueColumn = v.column;
                o.expansion = v.expansion;
            }
            opts.append(o);
            continue;
        }
        if (s.startsWith(QLatin1Char('-')) && s.size() > 1) {
            // A cluster of short options (-it, -dit) where one taking a value ends the cluster.
            for (int k = 1; k < s.size(); ++k) {
                const char c = s.at(k).toLatin1();
                const char *name = nullptr;
                for (const Short &sh : kShort) {
                    if (sh.c == c)
                        name = sh.name;
                }
                if (!name) {
                    sink.warning(t.line, t.column + k,
                                 Tr::tr("unknown option '-%1'; check the spelling").arg(s.at(k)));
                    continue;
                }
                Option o;
                o.at = t;
                o.name = QLatin1String(name);
                if (takesValue(o.name)) {
                    if (k + 1 < s.size()) {
                        const int skip = s.at(k + 1) == QLatin1Char('=') ? 2 : 1;
                        o.value = s.mid(k + skip);
                        o.valueLine = t.line;
                        o.valueColumn = t.column + k + skip;
                        o.expansion = t.expansion;
                    } else if (i + 1 < argv.size()) {
                        const Token &v = argv[++i];
                        o.value = v.text;
                        o.valueLine = v.line;
                        o.valueColumn = v.column;
                        o.expansion = v.expansion;
                    } else {
                        sink.error(
                            t.line, t.column,
                            Tr::tr("-%1 needs a value, and the image must follow the options")
                                .arg(QLatin1Char(c)));
                        return;
                    }
                    o.hasValue = true;
                    opts.append(o);
                    break;
                }
                opts.append(o);
            }
            continue;
        }
        imageIndex = i;
        break;
    }

    const Token &run = argv[runIndex];
    if (imageIndex < 0) {
        sink.error(run.line, run.column,
                   Tr::tr("no image: %1 run needs an image after the options, such as "
                          "pytorch/pytorch:latest")
                       .arg(podman ? QStringLiteral("podman") : QStringLiteral("docker")));
    } else if (!argv[imageIndex].expansion) {
        const Token &img = argv[imageIndex];
        QString name = img.text.section(QLatin1Char('@'), 0, 0);
        const qsizetype colon = name.lastIndexOf(QLatin1Char(':'));
        if (colon > name.lastIndexOf(QLatin1Char('/')))
            name.truncate(colon);
        if (name != name.toLower())
            sink.error(img.line, img.column,
                       Tr::tr("image '%1': the repository name must be lowercase").arg(img.text));
    }

    const Option *shm = nullptr;
    const Option *memory = nullptr;
    const Option *ipcHost = nullptr;
    // Plain values rather than std::optional: GCC 12 warns falsely about optionals here.
    quint64 shmBytes = 0, memBytes = 0; // 0: not given or not known
    for (const Option &o : opts) {
        if (o.name == QLatin1String("shm-size")) {
            if (shm)
                sink.warning(o.at.line, o.at.column,
                             Tr::tr("--shm-size is given twice; the last one wins, so keep one"));
            shm = &o;
            shmBytes = 0;
            if (o.expansion)
                continue;
            QString why;
            const std::optional<quint64> v = parseDockerSize(o.value, &why);
            shmBytes = v.value_or(0);
            if (!v) {
                sink.error(o.valueLine, o.valueColumn, Tr::tr("--shm-size: %1").arg(why));
            } else if (*v == 0) {
                if (podman)
                    sink.warning(o.valueLine, o.valueColumn,
                                 Tr::tr("--shm-size=0 makes Podman's /dev/shm unlimited (up to all "
                                        "RAM); give a size such as 8g"));
                else
                    sink.error(
                        o.valueLine, o.valueColumn,
                        Tr::tr("--shm-size=0 gives Docker's default of 64 MiB, not more; give "
                               "a size such as 8g"));
            } else if (*v < 64 * 1024 * 1024) {
                sink.warning(o.valueLine, o.valueColumn,
                             Tr::tr("--shm-size %1 is below the 64 MiB default; did you mean %1g?")
                                 .arg(o.value));
            }
        } else if (o.name == QLatin1String("memory")) {
            memory = &o;
            memBytes = 0;
            if (o.expansion)
                continue;
            QString why;
            const std::optional<quint64> v = parseDockerSize(o.value, &why);
            memBytes = v.value_or(0);
            if (!v)
                sink.error(o.valueLine, o.valueColumn, Tr::tr("--memory: %1").arg(why));
        } else if (o.name == QLatin1String("ipc")) {
            ipcHost = o.value == QLatin1String("host") ? &o : nullptr;
        } else if (o.name == QLatin1String("ulimit") && !o.expansion) {
            checkUlimit(o, sink);
        }
    }
    if (shm && ipcHost) {
        if (podman)
            sink.error(shm->at.line, shm->at.column,
                       Tr::tr("Podman refuses --shm-size together with --ipc=host; keep one "
                              "(--ipc=host uses the host's /dev/shm)"));
        else
            sink.warning(shm->at.line, shm->at.column,
                         Tr::tr("--shm-size has no effect with --ipc=host: the container uses the "
                                "host's /dev/shm; remove one of them"));
    }
    if (shmBytes && memBytes && shmBytes > memBytes && !ipcHost)
        sink.warning(
            memory->at.line, memory->at.column,
            Tr::tr("--memory %1 is smaller than --shm-size %2: /dev/shm pages count against "
                   "the memory limit, so the container is OOM-killed when it fills /dev/shm; "
                   "raise --memory above the shm size plus what the job needs")
                .arg(memory->value, shm->value));
}

} // namespace

void validateDockerRun(const QString &text, Sink &sink)
{
    const QVector<Token> tokens = tokenize(text, sink);
    QVector<QVector<Token>> commands(1);
    for (const Token &t : tokens) {
        if (t.op) {
            if (!commands.last().isEmpty())
                commands.append(QVector<Token>());
        } else {
            commands.last().append(t);
        }
    }
    static const QRegularExpression assignment(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*="));
    int found = 0;
    for (const QVector<Token> &argv : std::as_const(commands)) {
        int i = 0;
        // Skip what may precede the program: variable assignments, sudo and its options, exec.
        while (i < argv.size()) {
            const QString &s = argv[i].text;
            if (assignment.match(s).hasMatch() || s == QLatin1String("sudo") ||
                s == QLatin1String("exec") || s == QLatin1String("time") ||
                (i > 0 && argv[i - 1].text == QLatin1String("sudo") &&
                 s.startsWith(QLatin1Char('-'))))
                ++i;
            else
                break;
        }
        if (i >= argv.size())
            continue;
        const QString prog = argv[i].text.section(QLatin1Char('/'), -1);
        const bool podman = prog == QLatin1String("podman");
        if (prog != QLatin1String("docker") && !podman)
            continue;
        // Global options may come before the subcommand (docker --context x run ...).
        int runIndex = -1;
        for (int k = i + 1; k < argv.size(); ++k) {
            const QString &s = argv[k].text;
            if (s == QLatin1String("run")) {
                runIndex = k;
                break;
            }
            if (s == QLatin1String("container"))
                continue;
            static const QStringList globalsWithValue = {
                QStringLiteral("-H"),           QStringLiteral("--host"),
                QStringLiteral("-c"),           QStringLiteral("--context"),
                QStringLiteral("--config"),     QStringLiteral("-l"),
                QStringLiteral("--log-level"),  QStringLiteral("--url"),
                QStringLiteral("--connection"), QStringLiteral("--root"),
                QStringLiteral("--runroot"),    QStringLiteral("--storage-driver")};
            if (globalsWithValue.contains(s)) {
                ++k;
                continue;
            }
            if (!s.startsWith(QLatin1Char('-')))
                break;
        }
        if (runIndex < 0)
            continue;
        ++found;
        checkRun(argv, runIndex, podman, sink);
    }
    if (!found)
        sink.error(1, 1,
                   Tr::tr("no 'docker run' or 'podman run' command found; write one, such as "
                          "docker run --shm-size=8g IMAGE"));
}

} // namespace shmwise::validators
