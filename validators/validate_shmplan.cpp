// SPDX-License-Identifier: GPL-3.0-or-later
// The /dev/shm a config file gives a job, read back from its text and held against the plan: a
// file edited down to the size that crashed the job is an error where it sets it.
#include "validators/validate_common_p.h"
#include "validators/validators.h"

#include <QLocale>
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
            if (const auto m = dockerFlag.match(l); m.hasMatch())
                add(i + 1, SizeSyntax::Docker, m.captured(1));
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

QVector<Diagnostic> checkShmAgainstPlan(ConfigKind kind, const QString &text, quint64 requiredBytes)
{
    QVector<Diagnostic> out;
    if (requiredBytes == 0)
        return out;
    for (const ShmSizeSet &s : shmSizesSet(kind, text)) {
        if (s.bytes >= requiredBytes)
            continue;
        Diagnostic d;
        d.severity = Severity::Error;
        d.line = s.line;
        d.message =
            Tr::tr("%1 gives /dev/shm %2 bytes, less than the %3 bytes the job needs (the "
                   "plan on the Workload page): the job dies with a Bus error; write at "
                   "least %3 bytes")
                .arg(s.text, QLocale::c().toString(s.bytes), QLocale::c().toString(requiredBytes));
        out.append(d);
    }
    return out;
}

} // namespace shmwise
