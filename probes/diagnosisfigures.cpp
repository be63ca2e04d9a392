// SPDX-License-Identifier: GPL-3.0-or-later
// What a log shows of shared memory charged to a memory limit: sizes as df, du, Kubernetes,
// Docker and the kernel print them, read line by line into LogFigures.
#include "probes/diagnosisrules_p.h"

#include <algorithm>
#include <limits>

namespace shmwise::diagnosisrules {

namespace {

// "883M", "1.0G", "2Gi", "8g", "16384000": a size as df -h, du, Kubernetes, Docker or the
// kernel write it, a bare number counting `bareUnit`s. A one-letter suffix is binary (df -h,
// Docker) except in a Kubernetes quantity, where "2G" is 10^9 and "2Gi" 2^30. 0: not a size.
Bytes quantity(const QString &text, Bytes bareUnit, bool kubernetes = false)
{
    static const QRegularExpression re(
        QStringLiteral(R"(^\s*["']?([0-9]+(?:\.[0-9]+)?)\s*([A-Za-z]{0,3})["']?\s*$)"));
    const QRegularExpressionMatch m = re.match(text);
    if (!m.hasMatch())
        return 0;
    const QString unit = m.captured(2);
    long double factor = static_cast<long double>(bareUnit);
    if (!unit.isEmpty()) {
        const qsizetype power =
            QStringLiteral("BKMGTP").indexOf(unit.at(0).toUpper(), 0, Qt::CaseSensitive);
        if (power < 0 || (power == 0 && unit.size() > 1))
            return 0;
        const bool binary = !kubernetes || unit.contains(QLatin1Char('i'));
        factor = 1;
        for (qsizetype i = 0; i < power; ++i)
            factor *= binary ? 1024 : 1000;
    }
    const long double v = m.captured(1).toDouble() * factor;
    if (v >= 1.8e19L)
        return std::numeric_limits<Bytes>::max();
    return static_cast<Bytes>(v);
}

void keepLargest(Bytes value, qint64 lineNo, Bytes &figure, qint64 &line)
{
    if (value > figure || !line) {
        figure = std::max(figure, value);
        line = lineNo;
    }
}

} // namespace

void readShmCharge(const QString &text, qint64 lineNo, LogFigures &fig)
{
    // df of /dev/shm: "shm  1.0G  883M  142M  87% /dev/shm" (-h) or in 1K blocks; du -s.
    static const QRegularExpression df(QStringLiteral(
        R"(^\s*\S+\s+([0-9.]+[KMGTP]?)\s+([0-9.]+[KMGTP]?)\s+([0-9.]+[KMGTP]?)\s+\d+%\s+/dev/shm/?\s*$)"));
    static const QRegularExpression du(QStringLiteral(R"(^\s*([0-9.]+[KMGTP]?)\s+/dev/shm/?\s*$)"));
    // Bulk writes into /dev/shm: dd of=/dev/shm/.., or after "cd /dev/shm" a relative of=.
    static const QRegularExpression write(
        QStringLiteral(R"(\bdd\b.*\bof=/dev/shm/|\bfallocate\b.*\s/dev/shm/\S)"));
    static const QRegularExpression cdShm(QStringLiteral(R"((?:^|[\s$#>;])cd\s+/dev/shm/?\s*$)"));
    static const QRegularExpression ddRelative(QStringLiteral(R"(\bdd\b.*\bof=[^/\s])"));
    static const QRegularExpression medium(
        QStringLiteral(R"(\b[Mm]edium["']?\s*[:=]\s*["']?Memory\b)"));
    static const QRegularExpression sizeLimit(QStringLiteral(
        R"((?i:\bsizeLimit)["']?\s*[:=]\s*(["']?[0-9]+(?:\.[0-9]+)?[A-Za-z]{0,2}["']?))"));
    static const QRegularExpression shmemRss(QStringLiteral(R"(\bshmem-rss:\s*(\d+)\s*kB)"));
    static const QRegularExpression shmemV1(
        QStringLiteral(R"(\bMemory cgroup stats for .*\bshmem:(\d+)KB)"));
    static const QRegularExpression shmemV2(QStringLiteral(R"(^\s*shmem\s+(\d+)\s*$)"));
    static const QRegularExpression kernelLimit(
        QStringLiteral(R"(\bmemory: usage \d+kB, limit (\d+)kB)"));
    static const QRegularExpression limits(QStringLiteral(R"(^\s*(?:-\s*)?[Ll]imits:\s*$)"));
    static const QRegularExpression limitMemory(
        QStringLiteral(R"(^\s*[Mm]emory:\s*(["']?[0-9]+(?:\.[0-9]+)?[A-Za-z]{0,2}["']?)\s*$)"));
    static const QRegularExpression inlineLimit(QStringLiteral(
        R"(\blimits["']?\s*:\s*\{[^}]*\bmemory["']?\s*:\s*(["']?[0-9]+(?:\.[0-9]+)?[A-Za-z]{0,2}["']?))"));
    static const QRegularExpression dockerLimit(QStringLiteral(
        R"((?:--memory[= ]\s*|\bmem_limit:\s*)(["']?[0-9]+(?:\.[0-9]+)?[bkmgBKMG]?[bB]?["']?)(?![\w.]))"));
    // Pairing lines a few apart (a YAML block, kubectl describe's Volumes and Limits).
    constexpr qint64 Near = 4;

    if (QRegularExpressionMatch m = df.match(text); m.hasMatch()) {
        const Bytes used = quantity(m.captured(2), KiB);
        if (used >= 64 * MiB)
            keepLargest(used, lineNo, fig.shmUsed, fig.shmUsedLine);
    } else if (QRegularExpressionMatch u = du.match(text); u.hasMatch()) {
        const Bytes used = quantity(u.captured(1), KiB);
        if (used >= 64 * MiB)
            keepLargest(used, lineNo, fig.shmUsed, fig.shmUsedLine);
    }
    if (!fig.shmWriteLine &&
        (write.match(text).hasMatch() ||
         (fig.cdShmLine && lineNo - fig.cdShmLine <= Near && ddRelative.match(text).hasMatch())))
        fig.shmWriteLine = lineNo;
    if (cdShm.match(text).hasMatch())
        fig.cdShmLine = lineNo;
    if (medium.match(text).hasMatch()) {
        if (!fig.emptyDirLine)
            fig.emptyDirLine = lineNo;
        fig.mediumLine = lineNo;
        if (fig.sizeLimitLine && lineNo - fig.sizeLimitLine <= Near)
            fig.emptyDirSizeLimit = std::max(fig.emptyDirSizeLimit, fig.sizeLimit);
    }
    if (QRegularExpressionMatch m = sizeLimit.match(text); m.hasMatch()) {
        fig.sizeLimit = quantity(m.captured(1), 1, true);
        fig.sizeLimitLine = lineNo;
        if (fig.mediumLine && lineNo - fig.mediumLine <= Near)
            fig.emptyDirSizeLimit = std::max(fig.emptyDirSizeLimit, fig.sizeLimit);
    }
    if (QRegularExpressionMatch m = shmemRss.match(text); m.hasMatch()) {
        const Bytes rss = m.captured(1).toULongLong() * KiB;
        if (rss >= 100000 * KiB)
            keepLargest(rss, lineNo, fig.shmemRss, fig.shmemRssLine);
    }
    QRegularExpressionMatch cg = shmemV1.match(text);
    const Bytes cgUnit = cg.hasMatch() ? KiB : 1;
    if (!cg.hasMatch())
        cg = shmemV2.match(text);
    if (cg.hasMatch()) {
        const Bytes shmem = cg.captured(1).toULongLong() * cgUnit;
        if (shmem >= 100000 * KiB)
            keepLargest(shmem, lineNo, fig.cgroupShmem, fig.cgroupShmemLine);
    }
    Bytes limit = 0;
    if (QRegularExpressionMatch m = kernelLimit.match(text); m.hasMatch())
        limit = m.captured(1).toULongLong() * KiB;
    else if (QRegularExpressionMatch i = inlineLimit.match(text); i.hasMatch())
        limit = quantity(i.captured(1), 1, true);
    else if (QRegularExpressionMatch d = dockerLimit.match(text); d.hasMatch())
        limit = quantity(d.captured(1), 1);
    else if (fig.limitsLine && lineNo - fig.limitsLine <= Near)
        if (QRegularExpressionMatch l = limitMemory.match(text); l.hasMatch())
            limit = quantity(l.captured(1), 1, true);
    if (limits.match(text).hasMatch())
        fig.limitsLine = lineNo;
    if (limit) {
        fig.memoryLimit = limit;
        fig.memoryLimitLine = lineNo;
    }
}

} // namespace shmwise::diagnosisrules
