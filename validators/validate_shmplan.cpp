// SPDX-License-Identifier: GPL-3.0-or-later
// The /dev/shm a config file gives a job, read back from its text and held against the plan: a
// file edited down to the size that crashed the job is an error where it sets it.
#include "validators/validate_common_p.h"
#include "validators/validators.h"

#include "core/size.h"

#include <QPair>
#include <QRegularExpression>

namespace shmwise {

namespace {

using validators::Tr;

// A size in one tool's syntax, or nullopt (a percentage, an expansion, a typo: other checks
// speak of those).
std::optional<quint64> sizeOf(SizeSyntax syntax, QString text)
{
    text = text.trimmed();
    if (text.size() >= 2 &&
        (text.front() == QLatin1Char('"') || text.front() == QLatin1Char('\'')) &&
        text.back() == text.front())
        text = text.mid(1, text.size() - 2);
    QString why;
    bool percent = false;
    return parseToolSize(syntax, text, &why, &percent);
}

} // namespace

QVector<ShmSizeSet> shmSizesSet(ConfigKind kind, const QString &text)
{
    QVector<ShmSizeSet> out;
    const QStringList lines = text.split(QLatin1Char('\n'));
    auto add = [&](int line, SizeSyntax syntax, const QString &value) {
        if (const auto bytes = sizeOf(syntax, value); bytes && out.size() < 64)
            out.append({line, *bytes, value.trimmed()});
    };
    static const QRegularExpression dockerFlag(
        QStringLiteral(R"((?:^|\s)--shm-size(?:=|\s+)(["']?[^\s"'\\]+["']?))"));
    static const QRegularExpression composeKey(
        QStringLiteral(R"(^\s*shm_size:\s*(["']?[^\s"'#]+["']?))"));
    static const QRegularExpression sizeLimit(
        QStringLiteral(R"(^\s*sizeLimit:\s*(["']?[^\s"'#]+["']?))"));
    static const QRegularExpression memoryMedium(QStringLiteral(R"(^\s*medium:\s*["']?Memory)"));
    for (int i = 0; i < lines.size(); ++i) {
        const QString &l = lines.at(i);
        switch (kind) {
        case ConfigKind::DockerRun:
            if (l.trimmed().startsWith(QLatin1Char('#')))
                break;
            for (auto it = dockerFlag.globalMatch(l); it.hasNext();)
                add(i + 1, SizeSyntax::Docker, it.next().captured(1));
            break;
        case ConfigKind::Compose:
            if (const auto m = composeKey.match(l); m.hasMatch())
                add(i + 1, SizeSyntax::Docker, m.captured(1));
            break;
        case ConfigKind::Kubernetes: {
            // The sizeLimit of an emptyDir of medium Memory: the medium is within a few lines
            // of it, before or after, in the same emptyDir.
            const auto m = sizeLimit.match(l);
            if (!m.hasMatch())
                break;
            bool memory = false;
            for (int j = std::max(0, i - 3); j <= std::min<int>(int(lines.size()) - 1, i + 3); ++j)
                memory = memory || memoryMedium.match(lines.at(j)).hasMatch();
            if (memory)
                add(i + 1, SizeSyntax::Kubernetes, m.captured(1));
            break;
        }
        case ConfigKind::Fstab: {
            const QStringList f = l.simplified().split(QLatin1Char(' '));
            if (f.size() < 4 || f.at(0).startsWith(QLatin1Char('#')) ||
                f.at(1) != QLatin1String("/dev/shm"))
                break;
            for (const QString &o : f.at(3).split(QLatin1Char(',')))
                if (o.startsWith(QLatin1String("size=")))
                    add(i + 1, SizeSyntax::Kernel, o.mid(5));
            break;
        }
        default:
            break;
        }
    }
    return out;
}

namespace {

// The size a tool's syntax writes `bytes` in, for the fix a message offers.
QString toolSize(ConfigKind kind, quint64 bytes)
{
    switch (kind) {
    case ConfigKind::Kubernetes:
        return kubernetesQuantity(bytes);
    case ConfigKind::Fstab:
        return kernelSize(bytes);
    default:
        return dockerSize(bytes);
    }
}

// The 1-based line of the first match of `re`, or 0.
int lineOf(const QStringList &lines, const QRegularExpression &re)
{
    for (int i = 0; i < lines.size(); ++i)
        if (!lines.at(i).trimmed().startsWith(QLatin1Char('#')) && re.match(lines.at(i)).hasMatch())
            return i + 1;
    return 0;
}

// A container file that sets no /dev/shm size and shares none: the runtime's 64 MiB. The line of
// what runs the container (docker run, services:, containers:), or 0 when the file gives its
// /dev/shm another way (the host's IPC namespace, a mount at /dev/shm) or runs nothing.
int runtimeDefaultLine(ConfigKind kind, const QStringList &lines)
{
    static const QRegularExpression devShm(QStringLiteral(R"(/dev/shm\b)"));
    switch (kind) {
    case ConfigKind::DockerRun: {
        static const QRegularExpression run(
            QStringLiteral(R"(\b(docker|podman)\s+(container\s+)?run\b)"));
        static const QRegularExpression ipcHost(QStringLiteral(R"(--ipc(=|\s+)["']?host\b)"));
        static const QRegularExpression mount(
            QStringLiteral(R"((-v|--volume|--mount|--tmpfs)[=\s][^\n]*/dev/shm\b)"));
        if (lineOf(lines, ipcHost) || lineOf(lines, mount))
            return 0;
        return lineOf(lines, run);
    }
    case ConfigKind::Compose: {
        static const QRegularExpression services(QStringLiteral(R"(^services:)"));
        static const QRegularExpression ipcHost(QStringLiteral(R"(^\s*ipc:\s*["']?host\b)"));
        if (lineOf(lines, ipcHost) || lineOf(lines, devShm))
            return 0;
        return lineOf(lines, services);
    }
    case ConfigKind::Kubernetes: {
        static const QRegularExpression containers(QStringLiteral(R"(^\s*containers:)"));
        static const QRegularExpression hostIpc(QStringLiteral(R"(^\s*hostIPC:\s*true\b)"));
        if (lineOf(lines, hostIpc) || lineOf(lines, devShm))
            return 0;
        return lineOf(lines, containers);
    }
    default:
        return 0;
    }
}

// The first `key=N` of a DataLoader setting outside comments: its line and value.
std::optional<QPair<int, quint64>> loaderSetting(const QStringList &lines, const QString &key)
{
    const QRegularExpression re(QStringLiteral(R"(\b%1\s*=\s*(\d{1,12})\b)").arg(key));
    for (int i = 0; i < lines.size(); ++i) {
        const QString code = lines.at(i).section(QLatin1Char('#'), 0, 0);
        if (const auto m = re.match(code); m.hasMatch())
            return QPair<int, quint64>(i + 1, m.captured(1).toULongLong());
    }
    return std::nullopt;
}

} // namespace

QVector<Diagnostic> checkShmAgainstPlan(ConfigKind kind, const QString &text, quint64 requiredBytes,
                                        const QString &generated)
{
    QVector<Diagnostic> out;
    const QStringList lines = text.split(QLatin1Char('\n'));
    if (kind == ConfigKind::Python) {
        // The loader settings the plan sized /dev/shm for, raised in the file: each of them
        // multiplies what the loaders hold.
        if (generated.isEmpty())
            return out;
        const QStringList planned = generated.split(QLatin1Char('\n'));
        for (const QString &key : {QStringLiteral("batch_size"), QStringLiteral("num_workers"),
                                   QStringLiteral("prefetch_factor")}) {
            const auto now = loaderSetting(lines, key);
            const auto was = loaderSetting(planned, key);
            if (!now || !was || now->second <= was->second)
                continue;
            Diagnostic d;
            d.severity = Severity::Error;
            d.line = now->first;
            d.message = Tr::tr("%1=%2 is above the %3 the plan sized /dev/shm for: what the "
                               "loaders hold grows with it, and /dev/shm is not sized for that. "
                               "Set %2 on the Workload page to plan it, or keep %3")
                            .arg(key)
                            .arg(now->second)
                            .arg(was->second);
            out.append(d);
        }
        return out;
    }
    if (requiredBytes == 0)
        return out;
    QVector<ShmSizeSet> sizes = shmSizesSet(kind, text);
    // Docker and Podman take the last --shm-size of a command line.
    if (kind == ConfigKind::DockerRun && sizes.size() > 1)
        sizes = {sizes.constLast()};
    for (const ShmSizeSet &s : std::as_const(sizes)) {
        if (s.bytes >= requiredBytes)
            continue;
        Diagnostic d;
        d.severity = Severity::Error;
        d.line = s.line;
        d.message = Tr::tr("%1 gives /dev/shm %2, less than the %3 the job needs (the plan on "
                           "the Workload page): the job dies with a Bus error; write at least %4")
                        .arg(s.text, formatSize(s.bytes), formatSize(requiredBytes),
                             toolSize(kind, requiredBytes));
        out.append(d);
    }
    constexpr quint64 RuntimeDefault = 64 * MiB;
    if (sizes.isEmpty() && requiredBytes > RuntimeDefault) {
        if (const int line = runtimeDefaultLine(kind, lines)) {
            Diagnostic d;
            d.severity = Severity::Error;
            d.line = line;
            d.message =
                kind == ConfigKind::DockerRun
                    ? Tr::tr("no --shm-size: the container gets the runtime's 64 MiB /dev/shm, "
                             "less than the %1 the job needs (the plan on the Workload page); "
                             "add --shm-size=%2")
                          .arg(formatSize(requiredBytes), dockerSize(requiredBytes))
                : kind == ConfigKind::Compose
                    ? Tr::tr("no shm_size: the service gets the runtime's 64 MiB /dev/shm, less "
                             "than the %1 the job needs (the plan on the Workload page); add "
                             "shm_size: \"%2\"")
                          .arg(formatSize(requiredBytes), dockerSize(requiredBytes))
                    : Tr::tr("nothing is mounted at /dev/shm: the pod gets the runtime's 64 MiB, "
                             "less than the %1 the job needs (the plan on the Workload page); "
                             "mount an emptyDir with medium: Memory and sizeLimit: %2 there")
                          .arg(formatSize(requiredBytes), kubernetesQuantity(requiredBytes));
            out.append(d);
        }
    }
    return out;
}

} // namespace shmwise
