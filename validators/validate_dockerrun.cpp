// SPDX-License-Identifier: GPL-3.0-or-later
#include "validators/dockerdaemon_p.h"
#include "validators/dockerflags_p.h"
#include "validators/imageref_p.h"
#include "validators/shellwords_p.h"
#include "validators/validate_common_p.h"

#include <QRegularExpression>

namespace shmwise::validators {

namespace {

struct Option
{
    QString name; // long name
    QString value;
    bool hasValue = false;
    ShellWord at;        // where the option was written
    int valueColumn = 0; // where its value starts
    int valueLine = 0;
    bool expansion = false;
};

// What the CLI accepts but the container cannot do: an unlimited nofile.
void checkNofile(const Option &o, Sink &sink)
{
    static const QRegularExpression re(QStringLiteral("^nofile=(-?[0-9]+)(?::(-?[0-9]+))?$"));
    const QRegularExpressionMatch m = re.match(o.value);
    if (!m.hasMatch())
        return;
    const qint64 soft = m.captured(1).toLongLong();
    const qint64 hard = m.hasCaptured(2) ? m.captured(2).toLongLong() : soft;
    if (soft < 0 || hard < 0)
        sink.error(o.valueLine, o.valueColumn,
                   Tr::tr("nofile cannot be unlimited (-1): the kernel caps it at fs.nr_open, so "
                          "the container fails to start; use a number such as 1048576"));
    else if (quint64(hard) > 1048576)
        sink.warning(o.valueLine, o.valueColumn,
                     Tr::tr("nofile above 1048576 (the default fs.nr_open) fails unless the host "
                            "raised fs.nr_open"));
}

// The value check the CLI makes as it reads an option; a value only known at run time is let be.
void checkOptionValue(const Option &o, const QString &tool, Sink &sink)
{
    if (o.expansion)
        return;
    if (const std::optional<QString> why = checkRunFlagValue(o.name, o.value))
        sink.error(o.valueLine, o.valueColumn,
                   Tr::tr("--%1: %2; %3 run refuses it").arg(o.name, *why, tool));
    else if (const std::optional<QString> daemon = checkCreateValue(o.name, o.value))
        sink.error(o.valueLine, o.valueColumn, QStringLiteral("--%1: %2").arg(o.name, *daemon));
    else if (const std::optional<QString> caveat = createValueCaveat(o.name, o.value))
        sink.warning(o.valueLine, o.valueColumn, QStringLiteral("--%1: %2").arg(o.name, *caveat));
}

// `docker run`'s options as far as the CLI reads them: the image's place, or that an expansion
// of unknown length stands where an option or the image goes.
struct RunOptions
{
    QVector<Option> opts;
    int imageIndex = -1;
    bool unknown = false;
};

// A long option (--name, --name=value, --name value) at argv[i]; i moves past its value. False
// when the CLI refuses the command there (an unknown option, a value missing).
bool readLongOption(const ShellCommand &argv, int &i, bool podman, const QString &tool, Sink &sink,
                    QVector<Option> &opts)
{
    const ShellWord &t = argv[i];
    const QString &s = t.text;
    Option o;
    o.at = t;
    const qsizetype eq = s.indexOf(QLatin1Char('='));
    o.name = s.mid(2, eq < 0 ? -1 : eq - 2);
    const RunFlag *f = findRunFlag(o.name, podman);
    if (!f) {
        const QString near = closestRunFlag(o.name, podman);
        sink.error(t.line, t.column,
                   near.isEmpty()
                       ? Tr::tr("unknown flag: --%1; %2 run refuses the command").arg(o.name, tool)
                       : Tr::tr("unknown flag: --%1 (did you mean --%2?); %3 run refuses "
                                "the command")
                             .arg(o.name, near, tool));
        return false;
    }
    if (eq >= 0) {
        o.value = s.mid(eq + 1);
        o.hasValue = true;
        o.valueLine = t.line;
        o.valueColumn = t.column + int(eq) + 1;
        o.expansion = t.expansion;
    } else if (f->takesValue) {
        if (i + 1 >= argv.size()) {
            sink.error(t.line, t.column,
                       Tr::tr("flag needs an argument: --%1 (and the image must follow "
                              "the options)")
                           .arg(o.name));
            return false;
        }
        const ShellWord &v = argv[++i];
        o.value = v.text;
        o.hasValue = true;
        o.valueLine = v.line;
        o.valueColumn = v.column;
        o.expansion = v.expansion;
    }
    if (o.hasValue)
        checkOptionValue(o, tool, sink);
    opts.append(o);
    return true;
}

// A cluster of short options (-it, -dit) at argv[i], where one taking a value ends the cluster;
// i moves past a value in the next word. False when the CLI refuses the command there.
bool readShortOptions(const ShellCommand &argv, int &i, const QString &tool, Sink &sink,
                      QVector<Option> &opts)
{
    const ShellWord &t = argv[i];
    const QString &s = t.text;
    for (int k = 1; k < s.size(); ++k) {
        const RunFlag *f = findRunShortFlag(s.at(k));
        if (!f) {
            sink.error(t.line, t.column + k,
                       Tr::tr("unknown shorthand flag: '%1' in %2; %3 run refuses the "
                              "command")
                           .arg(s.at(k))
                           .arg(s, tool));
            return false;
        }
        Option o;
        o.at = t;
        o.name = QLatin1String(f->name);
        if (f->takesValue) {
            if (k + 1 < s.size()) {
                const int skip = s.at(k + 1) == QLatin1Char('=') ? 2 : 1;
                o.value = s.mid(k + skip);
                o.valueLine = t.line;
                o.valueColumn = t.column + k + skip;
                o.expansion = t.expansion;
            } else if (i + 1 < argv.size()) {
                const ShellWord &v = argv[++i];
                o.value = v.text;
                o.valueLine = v.line;
                o.valueColumn = v.column;
                o.expansion = v.expansion;
            } else {
                sink.error(t.line, t.column,
                           Tr::tr("flag needs an argument: -%1 (and the image must "
                                  "follow the options)")
                               .arg(s.at(k)));
                return false;
            }
            o.hasValue = true;
            checkOptionValue(o, tool, sink);
            opts.append(o);
            break;
        }
        opts.append(o);
    }
    return true;
}

// Parses `docker run`'s options as the CLI does (pflag, interspersed arguments off: the first
// word that is not an option is the image), checking each value as it is read. nullopt when the
// CLI refuses the command before the image, which ends the checks of this command.
std::optional<RunOptions> readRunOptions(const ShellCommand &argv, int runIndex, bool podman,
                                         const QString &tool, Sink &sink)
{
    RunOptions run;
    for (int i = runIndex + 1; i < argv.size(); ++i) {
        const ShellWord &t = argv[i];
        const QString &s = t.text;
        if (t.splits && (s.startsWith(QLatin1Char('$')) || s.startsWith(QLatin1Char('`')))) {
            run.unknown = true; // "$@", $OPTS, $(cmd): any number of options, or the image
            break;
        }
        if (s == QLatin1String("--")) {
            if (i + 1 < argv.size())
                run.imageIndex = i + 1;
            break;
        }
        if (s.startsWith(QLatin1String("--")) && s.size() > 2) {
            if (!readLongOption(argv, i, podman, tool, sink, run.opts))
                return std::nullopt;
            continue;
        }
        if (s.startsWith(QLatin1Char('-')) && s.size() > 1) {
            if (!readShortOptions(argv, i, tool, sink, run.opts))
                return std::nullopt;
            continue;
        }
        run.imageIndex = i;
        break;
    }
    return run;
}

// Combinations the CLI refuses before it talks to the daemon.
void checkConflicts(const QVector<Option> &opts, bool podman, const QString &tool, Sink &sink)
{
    const Option *rm = nullptr, *restart = nullptr, *detach = nullptr, *attach = nullptr;
    for (const Option &o : opts) {
        const bool on = !o.hasValue || QStringList{QStringLiteral("1"),    QStringLiteral("t"),
                                                   QStringLiteral("T"),    QStringLiteral("true"),
                                                   QStringLiteral("TRUE"), QStringLiteral("True")}
                                           .contains(o.value);
        if (o.name == QLatin1String("rm"))
            rm = on ? &o : nullptr;
        else if (o.name == QLatin1String("detach"))
            detach = on ? &o : nullptr;
        else if (o.name == QLatin1String("attach"))
            attach = &o;
        else if (o.name == QLatin1String("restart"))
            restart =
                (o.expansion || o.value.isEmpty() || o.value == QLatin1String("no")) ? nullptr : &o;
    }
    if (rm && restart && !podman)
        sink.error(restart->at.line, restart->at.column,
                   Tr::tr("conflicting options: cannot specify both --restart and --rm; docker "
                          "run refuses the command (drop one)"));
    if (attach && detach)
        sink.error(attach->at.line, attach->at.column,
                   Tr::tr("conflicting options: cannot specify both --attach and --detach; %1 run "
                          "refuses the command")
                       .arg(tool));
}

// Combinations the CLI passes and dockerd or runc refuse: --memory-swap (memory plus swap) below
// --memory or without it, a reservation above the limit (at create), and a namespaced sysctl in
// a namespace the container shares with the host (runc, at start).
void checkCreateCombinations(const QVector<Option> &opts, Sink &sink)
{
    const Option *memory = nullptr, *swap = nullptr, *reservation = nullptr;
    const Option *ipcHost = nullptr, *netHost = nullptr;
    QVector<const Option *> sysctls;
    for (const Option &o : opts) {
        if (o.name == QLatin1String("memory"))
            memory = &o;
        else if (o.name == QLatin1String("memory-swap"))
            swap = &o;
        else if (o.name == QLatin1String("memory-reservation"))
            reservation = &o;
        else if (o.name == QLatin1String("ipc"))
            ipcHost = o.value == QLatin1String("host") ? &o : nullptr;
        else if (o.name == QLatin1String("network") || o.name == QLatin1String("net"))
            netHost = o.value == QLatin1String("host") ? &o : nullptr;
        else if (o.name == QLatin1String("sysctl") && !o.expansion)
            sysctls.append(&o);
    }
    // Bytes of a size written out (0: not given, unset, or known only at run time).
    const auto bytes = [](const Option *o) -> quint64 {
        if (!o || o->expansion || o->value == QLatin1String("-1"))
            return 0;
        QString why;
        return parseDockerSize(o->value, &why).value_or(0);
    };
    const quint64 mem = bytes(memory), sw = bytes(swap), res = bytes(reservation);
    const bool memUnknown = memory && memory->expansion;
    if (sw && mem && sw < mem)
        sink.error(swap->valueLine, swap->valueColumn,
                   Tr::tr("--memory-swap %1 is less than --memory %2: --memory-swap is memory "
                          "plus swap, and dockerd refuses the container at create (\"Minimum "
                          "memoryswap limit should be larger than memory limit\"); give at least "
                          "--memory, or -1 for unlimited swap")
                       .arg(swap->value, memory->value));
    else if (sw && !mem && !memUnknown)
        sink.error(swap->valueLine, swap->valueColumn,
                   Tr::tr("--memory-swap needs --memory: dockerd refuses the container at create "
                          "(\"You should always set the Memory limit when using Memoryswap "
                          "limit\")"));
    if (res && mem && res > mem)
        sink.error(reservation->valueLine, reservation->valueColumn,
                   Tr::tr("--memory-reservation %1 is above --memory %2: dockerd refuses the "
                          "container at create (\"Minimum memory limit can not be less than "
                          "memory reservation limit\")")
                       .arg(reservation->value, memory->value));
    for (const Option *o : sysctls) {
        const QString key = o->value.section(QLatin1Char('='), 0, 0);
        const QString ns = sysctlNamespace(key);
        if (ns == QLatin1String("ipc") && ipcHost)
            sink.error(o->valueLine, o->valueColumn,
                       Tr::tr("--sysctl %1 cannot be set with --ipc=host: the container shares "
                              "the host's IPC namespace, and runc refuses to start it (\"not "
                              "allowed in the hosts ipc namespace\"); set it on the host or "
                              "drop --ipc=host")
                           .arg(key));
        else if (ns == QLatin1String("network") && netHost)
            sink.error(o->valueLine, o->valueColumn,
                       Tr::tr("--sysctl %1 cannot be set with --network=host: the container "
                              "shares the host's network namespace, and runc refuses to start "
                              "it (\"not allowed in host network namespace\"); set it on "
                              "the host or drop --network=host")
                           .arg(key));
    }
}

// That an image follows the options, and that its name is one the CLI accepts.
void checkImage(const ShellCommand &argv, int runIndex, const RunOptions &run, const QString &tool,
                Sink &sink)
{
    const ShellWord &word = argv[runIndex];
    if (run.imageIndex < 0 && !run.unknown) {
        sink.error(word.line, word.column,
                   Tr::tr("no image: %1 run needs an image after the options, such as "
                          "pytorch/pytorch:latest")
                       .arg(tool));
    } else if (run.imageIndex >= 0 && !argv[run.imageIndex].expansion) {
        const ShellWord &img = argv[run.imageIndex];
        if (const std::optional<QString> why = checkImageReference(img.text))
            sink.error(img.line, img.column, Tr::tr("image '%1': %2").arg(img.text, *why));
    }
}

// One --shm-size: a size of 0 or below Docker's 64 MiB default is most likely a slip. Returns
// the bytes; 0 when not known.
quint64 checkShmSize(const Option &o, bool podman, Sink &sink)
{
    if (o.expansion)
        return 0;
    QString why;
    const std::optional<quint64> v = parseDockerSize(o.value, &why);
    if (!v) {
        // reported with the option's value check
    } else if (*v == 0) {
        if (podman)
            sink.warning(o.valueLine, o.valueColumn,
                         Tr::tr("--shm-size=0 makes Podman's /dev/shm unlimited (up to all "
                                "RAM); give a size such as 8g"));
        else
            sink.warning(o.valueLine, o.valueColumn,
                         Tr::tr("--shm-size=0 gives Docker's default of 64 MiB, not more; give "
                                "a size such as 8g"));
    } else if (*v < 64 * 1024 * 1024) {
        sink.warning(
            o.valueLine, o.valueColumn,
            Tr::tr("--shm-size %1 is below the 64 MiB default; did you mean %1g?").arg(o.value));
    }
    return v.value_or(0);
}

// What /dev/shm gets: the last --shm-size (each checked on its own), the last --memory, whether
// --ipc=host shares the host's; and the nofile limits, checked in the same pass.
struct ShmOptions
{
    const Option *shm = nullptr;
    const Option *memory = nullptr;
    const Option *ipcHost = nullptr;
    // Plain values rather than std::optional: GCC 12 warns falsely about optionals here.
    quint64 shmBytes = 0, memBytes = 0; // 0: not given or not known
};

ShmOptions checkShmOptions(const QVector<Option> &opts, bool podman, Sink &sink)
{
    ShmOptions r;
    for (const Option &o : opts) {
        if (o.name == QLatin1String("shm-size")) {
            if (r.shm)
                sink.warning(o.at.line, o.at.column,
                             Tr::tr("--shm-size is given twice; the last one wins, so keep one"));
            r.shm = &o;
            r.shmBytes = checkShmSize(o, podman, sink);
        } else if (o.name == QLatin1String("memory")) {
            r.memory = &o;
            r.memBytes = 0;
            if (o.expansion)
                continue;
            QString why;
            r.memBytes = parseDockerSize(o.value, &why).value_or(0);
        } else if (o.name == QLatin1String("ipc")) {
            r.ipcHost = o.value == QLatin1String("host") ? &o : nullptr;
        } else if (o.name == QLatin1String("ulimit") && !o.expansion) {
            checkNofile(o, sink);
        }
    }
    return r;
}

// --shm-size against --ipc=host (which ignores or refuses it) and against --memory (which
// /dev/shm's pages count against).
void checkShmAgainstIpcAndMemory(const ShmOptions &r, bool podman, Sink &sink)
{
    if (r.shm && r.ipcHost) {
        if (podman)
            sink.error(r.shm->at.line, r.shm->at.column,
                       Tr::tr("Podman refuses --shm-size together with --ipc=host; keep one "
                              "(--ipc=host uses the host's /dev/shm)"));
        else
            sink.warning(r.shm->at.line, r.shm->at.column,
                         Tr::tr("--shm-size has no effect with --ipc=host: the container uses the "
                                "host's /dev/shm; remove one of them"));
    }
    if (r.shmBytes && r.memBytes && r.shmBytes > r.memBytes && !r.ipcHost)
        sink.warning(
            r.memory->at.line, r.memory->at.column,
            Tr::tr("--memory %1 is smaller than --shm-size %2: /dev/shm pages count against "
                   "the memory limit, so the container is OOM-killed when it fills /dev/shm; "
                   "raise --memory above the shm size plus what the job needs")
                .arg(r.memory->value, r.shm->value));
}

// One `docker run` (or `podman run`) command, whose `run` is argv[runIndex].
void checkRun(const ShellCommand &argv, int runIndex, bool podman, Sink &sink)
{
    const QString tool = podman ? QStringLiteral("podman") : QStringLiteral("docker");
    const std::optional<RunOptions> run = readRunOptions(argv, runIndex, podman, tool, sink);
    if (!run)
        return;
    checkConflicts(run->opts, podman, tool, sink);
    if (!podman)
        checkCreateCombinations(run->opts, sink);
    checkImage(argv, runIndex, *run, tool, sink);
    const ShmOptions shm = checkShmOptions(run->opts, podman, sink);
    checkShmAgainstIpcAndMemory(shm, podman, sink);
    // No size and no other /dev/shm (the host's IPC namespace, a mount there): the default.
    bool mounted = false;
    for (const Option &o : run->opts)
        mounted =
            mounted || ((o.name == QLatin1String("volume") || o.name == QLatin1String("mount") ||
                         o.name == QLatin1String("tmpfs")) &&
                        o.value.contains(QLatin1String("/dev/shm")));
    if (!shm.shm && !shm.ipcHost && !mounted)
        sink.warning(argv.at(runIndex).line, argv.at(runIndex).column,
                     Tr::tr("no --shm-size, so /dev/shm is %1's 64 MiB default; a DataLoader "
                            "with workers needs more (add --shm-size=8g, or the size "
                            "`shmwise plan` gives)")
                         .arg(podman ? QStringLiteral("Podman") : QStringLiteral("Docker")));
}

} // namespace

void validateDockerRun(const QString &text, Sink &sink)
{
    const QVector<ShellCommand> commands = splitShellCommands(text, sink);
    static const QRegularExpression assignment(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*="));
    static const QStringList prefixes = {
        QStringLiteral("if"),    QStringLiteral("then"),    QStringLiteral("else"),
        QStringLiteral("elif"),  QStringLiteral("do"),      QStringLiteral("while"),
        QStringLiteral("until"), QStringLiteral("!"),       QStringLiteral("{"),
        QStringLiteral("}"),     QStringLiteral("time"),    QStringLiteral("exec"),
        QStringLiteral("nohup"), QStringLiteral("command"), QStringLiteral("env")};
    // sudo's options that take a value.
    static const QStringList sudoValue = {
        QStringLiteral("-u"), QStringLiteral("-g"), QStringLiteral("-C"), QStringLiteral("-D"),
        QStringLiteral("-h"), QStringLiteral("-p"), QStringLiteral("-r"), QStringLiteral("-t"),
        QStringLiteral("-U"), QStringLiteral("-T")};
    int found = 0;
    for (const ShellCommand &argv : commands) {
        int i = 0;
        // What may precede the program: assignments, reserved words, sudo and its options,
        // exec, env.
        while (i < argv.size()) {
            const QString &s = argv[i].text;
            if (assignment.match(s).hasMatch() || prefixes.contains(s)) {
                ++i;
            } else if (s == QLatin1String("sudo")) {
                ++i;
                while (i < argv.size() && argv[i].text.startsWith(QLatin1Char('-'))) {
                    const bool value = sudoValue.contains(argv[i].text);
                    if (argv[i].text == QLatin1String("--")) {
                        ++i;
                        break;
                    }
                    i += value ? 2 : 1;
                }
            } else {
                break;
            }
        }
        if (i >= argv.size() || argv[i].expansion)
            continue;
        const QString prog = argv[i].text.section(QLatin1Char('/'), -1);
        const bool podman = prog == QLatin1String("podman");
        if (prog != QLatin1String("docker") && prog != QLatin1String("nvidia-docker") && !podman)
            continue;
        // Global options may come before the subcommand (docker --context x run ...).
        static const QStringList globalsWithValue = {QStringLiteral("-H"),
                                                     QStringLiteral("--host"),
                                                     QStringLiteral("-c"),
                                                     QStringLiteral("--context"),
                                                     QStringLiteral("--config"),
                                                     QStringLiteral("-l"),
                                                     QStringLiteral("--log-level"),
                                                     QStringLiteral("--tlscacert"),
                                                     QStringLiteral("--tlscert"),
                                                     QStringLiteral("--tlskey"),
                                                     QStringLiteral("--url"),
                                                     QStringLiteral("--connection"),
                                                     QStringLiteral("--root"),
                                                     QStringLiteral("--runroot"),
                                                     QStringLiteral("--storage-driver")};
        int runIndex = -1;
        for (int k = i + 1; k < argv.size(); ++k) {
            const QString &s = argv[k].text;
            if (s == QLatin1String("run")) {
                runIndex = k;
                break;
            }
            if (s == QLatin1String("container") && k + 1 < argv.size() &&
                argv[k + 1].text == QLatin1String("run"))
                continue;
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
