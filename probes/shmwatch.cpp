// SPDX-License-Identifier: GPL-3.0-or-later
#include "probes/shmwatch.h"

#include <QHash>

#include <QCoreApplication>
#include <QDateTime>
#include <QFile>
#include <QHash>
#include <QJsonArray>

#include <cerrno>
#include <climits>
#include <cmath>
#include <cstring>
#include <sys/statvfs.h>

namespace shmwise {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::Watch)
};

QString sizeOr(const std::optional<Bytes> &b)
{
    return b ? formatSize(*b) : Tr::tr("unknown");
}

QString rateText(const WatchTrend &trend, const WatchSample &s)
{
    const std::optional<double> rate = trend.bytesPerSecond();
    if (!rate)
        return QString();
    const double perMinute = *rate * 60;
    const QString sign = perMinute >= 0 ? QStringLiteral("+") : QStringLiteral("-");
    QString t = sign + formatSize(Bytes(std::llround(std::fabs(perMinute)))) + Tr::tr("/min");
    if (s.free)
        if (const std::optional<double> full = trend.secondsToFull(*s.free)) {
            if (*full < 120)
                t += QLatin1String(": ") + Tr::tr("full in %1 s").arg(std::llround(*full));
            else if (*full < 2 * 3600)
                t += QLatin1String(": ") + Tr::tr("full in %1 min").arg(std::llround(*full / 60));
            else if (*full < 48 * 3600)
                t += QLatin1String(": ") + Tr::tr("full in %1 h").arg(std::llround(*full / 3600));
        }
    return t;
}

QString levelWord(WatchLevel level)
{
    switch (level) {
    case WatchLevel::Ok:
        return QStringLiteral("ok");
    case WatchLevel::Warn:
        return QStringLiteral("warn");
    case WatchLevel::Crit:
        return QStringLiteral("crit");
    }
    return QString();
}

// A label value in the exposition format: backslash, quote and newline escaped.
QString labelValue(const QString &v)
{
    QString out;
    for (const QChar c : v) {
        if (c == QLatin1Char('\\'))
            out += QLatin1String("\\\\");
        else if (c == QLatin1Char('"'))
            out += QLatin1String("\\\"");
        else if (c == QLatin1Char('\n'))
            out += QLatin1String("\\n");
        else if (c.isPrint())
            out += c;
    }
    return out;
}

} // namespace

WatchSample watchSampleFromFacts(const HostFacts &facts, qint64 msecs)
{
    WatchSample s;
    s.msecs = msecs;
    s.ok = true;
    const ShmAttribution a = attributeShm(facts);
    const ShmLimits &l = a.limits;
    s.size = l.size;
    s.used = l.used;
    s.free = l.free;
    if (l.quotaOn && l.userQuotaKnown && facts.uid != std::optional<quint64>(0)) {
        s.quotaLimit = l.userQuotaLimit ? l.userQuotaLimit : l.quotaDefaultLimit;
        s.quotaUsed = l.userQuotaUsed;
    }
    s.memoryLimit = l.memoryMax;
    s.memoryCurrent = l.memoryCurrent;
    if (a.available) {
        s.ownersAge = 0;
        s.files = a.namedCount + a.unlinkedCount;
        s.leakedBytes = a.leakedBytes;
        s.leakedFiles = a.leakedCount;
        s.byKind = a.byKind;
        s.byProcess = a.byProcess.mid(0, 10);
    }
    return s;
}

std::optional<WatchSample> watchSampleLocal(const QString &dir, qint64 msecs, QString *error)
{
    struct statvfs st
    {};
    if (statvfs(QFile::encodeName(dir).constData(), &st) != 0) {
        *error = Tr::tr("cannot read %1: %2").arg(dir, QString::fromLocal8Bit(strerror(errno)));
        return std::nullopt;
    }
    WatchSample s;
    s.msecs = msecs;
    s.ok = true;
    const Bytes unit = st.f_frsize ? st.f_frsize : st.f_bsize;
    s.size = Bytes(st.f_blocks) * unit;
    s.free = Bytes(st.f_bavail) * unit;
    s.used = *s.size - std::min(*s.size, Bytes(st.f_bfree) * unit);
    return s;
}

void carryOwners(WatchSample &fast, const WatchSample &full)
{
    if (full.ownersAge)
        fast.ownersAge = *full.ownersAge + double(fast.msecs - full.msecs) / 1000.0;
    fast.files = full.files;
    fast.leakedBytes = full.leakedBytes;
    fast.leakedFiles = full.leakedFiles;
    fast.byKind = full.byKind;
    fast.byProcess = full.byProcess;
    fast.quotaLimit = full.quotaLimit;
    fast.quotaUsed = full.quotaUsed;
    fast.memoryLimit = full.memoryLimit;
    fast.memoryCurrent = full.memoryCurrent;
}

void WatchTrend::add(qint64 msecs, Bytes used)
{
    m_points.emplace_back(msecs, used);
    while (m_points.size() > 4096 ||
           (m_points.size() > 2 &&
            double(m_points.back().first - m_points.front().first) / 1000.0 > m_window))
        m_points.pop_front();
}

std::optional<double> WatchTrend::bytesPerSecond() const
{
    if (m_points.size() < 2 || m_points.back().first - m_points.front().first < 1000)
        return std::nullopt;
    const double t0 = double(m_points.front().first);
    double st = 0, su = 0, stt = 0, stu = 0;
    const double n = double(m_points.size());
    for (const auto &p : m_points) {
        const double t = (double(p.first) - t0) / 1000.0;
        const double u = double(p.second);
        st += t;
        su += u;
        stt += t * t;
        stu += t * u;
    }
    const double d = n * stt - st * st;
    if (d <= 0)
        return std::nullopt;
    return (n * stu - st * su) / d;
}

std::optional<double> WatchTrend::secondsToFull(Bytes free) const
{
    const std::optional<double> rate = bytesPerSecond();
    if (!rate || *rate <= 1.0)
        return std::nullopt;
    return double(free) / *rate;
}

std::optional<double> watchFullness(const WatchSample &s)
{
    if (!s.size || *s.size == 0 || !s.used)
        return std::nullopt;
    double pct = 100.0 * double(*s.used) / double(*s.size);
    if (s.quotaLimit && *s.quotaLimit > 0 && s.quotaUsed)
        pct = std::max(pct, 100.0 * double(*s.quotaUsed) / double(*s.quotaLimit));
    // /dev/shm's pages count against the memory limit: the job's whole use against it.
    if (s.memoryLimit && *s.memoryLimit > 0 && s.memoryCurrent)
        pct = std::max(pct, 100.0 * double(*s.memoryCurrent) / double(*s.memoryLimit));
    return pct;
}

WatchLevel watchLevel(const WatchSample &s, double warnPercent, double critPercent)
{
    const std::optional<double> pct = watchFullness(s);
    if (!pct)
        return WatchLevel::Ok;
    if (*pct >= critPercent)
        return WatchLevel::Crit;
    if (*pct >= warnPercent)
        return WatchLevel::Warn;
    return WatchLevel::Ok;
}

QString watchLine(const QString &target, const WatchSample &s, const WatchTrend &trend,
                  WatchLevel level)
{
    const QString when =
        QDateTime::fromMSecsSinceEpoch(s.msecs).toString(QStringLiteral("HH:mm:ss"));
    if (!s.ok)
        return Tr::tr("%1 %2: no answer: %3").arg(when, target, s.error);
    QString line = Tr::tr("%1 %2: %3 of %4 used, %5 free")
                       .arg(when, target, sizeOr(s.used), sizeOr(s.size), sizeOr(s.free));
    if (const auto pct = watchFullness(s))
        line += QStringLiteral(" (%1%)").arg(*pct, 0, 'f', 1);
    const QString rate = rateText(trend, s);
    if (!rate.isEmpty())
        line += QLatin1String("; ") + rate;
    if (s.leakedBytes > 0)
        line += QLatin1String("; ") + Tr::tr("leaked %1").arg(formatSize(s.leakedBytes));
    if (level != WatchLevel::Ok)
        line += QStringLiteral(" [%1]").arg(levelWord(level).toUpper());
    return line;
}

QStringList watchScreen(const QString &target, const WatchSample &s, const WatchTrend &trend,
                        WatchLevel level, double warnPercent, double critPercent, int width)
{
    QStringList out;
    const QString when =
        QDateTime::fromMSecsSinceEpoch(s.msecs).toString(QStringLiteral("HH:mm:ss"));
    out << Tr::tr("/dev/shm on %1 at %2 (warn %3%, critical %4%)")
               .arg(target, when)
               .arg(warnPercent)
               .arg(critPercent);
    if (!s.ok) {
        out << Tr::tr("No answer: %1. Watching again when it answers.").arg(s.error);
        return out;
    }
    const std::optional<double> pct = watchFullness(s);
    // A bar of the use against the size.
    const int barWidth = std::clamp(width - 30, 10, 60);
    if (s.size && s.used && *s.size > 0) {
        const int filled = int(std::lround(double(barWidth) * double(*s.used) / double(*s.size)));
        out << QStringLiteral("[%1%2] %3%")
                   .arg(QString(std::clamp(filled, 0, barWidth), QLatin1Char('#')),
                        QString(barWidth - std::clamp(filled, 0, barWidth), QLatin1Char('.')))
                   .arg(100.0 * double(*s.used) / double(*s.size), 0, 'f', 1);
    }
    out << Tr::tr("size %1, used %2, free %3").arg(sizeOr(s.size), sizeOr(s.used), sizeOr(s.free));
    if (s.quotaLimit)
        out << Tr::tr("your quota: %1 of %2").arg(sizeOr(s.quotaUsed), formatSize(*s.quotaLimit));
    if (s.memoryLimit)
        out << Tr::tr("memory limit it is charged to: %1 of %2 in use")
                   .arg(sizeOr(s.memoryCurrent), formatSize(*s.memoryLimit));
    const QString rate = rateText(trend, s);
    out << Tr::tr("trend: %1").arg(rate.isEmpty() ? Tr::tr("not enough samples yet") : rate);
    if (s.ownersAge) {
        out << Tr::tr("owners (%1 s ago): %n file(s), %2 leaked", nullptr,
                      int(std::min<quint64>(s.files.value_or(0), INT_MAX)))
                   .arg(std::llround(*s.ownersAge))
                   .arg(formatSize(s.leakedBytes));
        for (int i = 0; i < std::min<int>(5, int(s.byProcess.size())); ++i)
            out << QStringLiteral("  %1  %2")
                       .arg(formatSize(s.byProcess[i].bytes), 10)
                       .arg(s.byProcess[i].label.left(std::max(10, width - 14)));
    } else {
        out << Tr::tr("owners: not probed yet");
    }
    if (pct && level != WatchLevel::Ok)
        out << (level == WatchLevel::Crit ? Tr::tr("CRITICAL: %1% full").arg(*pct, 0, 'f', 1)
                                          : Tr::tr("WARNING: %1% full").arg(*pct, 0, 'f', 1));
    for (QString &l : out)
        if (l.size() > width)
            l.truncate(std::max(1, width));
    return out;
}

QJsonObject watchSampleToJson(const QString &target, const WatchSample &s, const WatchTrend &trend,
                              WatchLevel level)
{
    auto opt = [](const std::optional<Bytes> &b) {
        return b ? QJsonValue(qint64(*b)) : QJsonValue();
    };
    QJsonObject o;
    o.insert(QStringLiteral("target"), target);
    o.insert(QStringLiteral("time_ms"), s.msecs);
    o.insert(QStringLiteral("ok"), s.ok);
    if (!s.ok) {
        o.insert(QStringLiteral("error"), s.error);
        return o;
    }
    o.insert(QStringLiteral("size_bytes"), opt(s.size));
    o.insert(QStringLiteral("used_bytes"), opt(s.used));
    o.insert(QStringLiteral("free_bytes"), opt(s.free));
    o.insert(QStringLiteral("quota_limit_bytes"), opt(s.quotaLimit));
    o.insert(QStringLiteral("quota_used_bytes"), opt(s.quotaUsed));
    o.insert(QStringLiteral("memory_limit_bytes"), opt(s.memoryLimit));
    o.insert(QStringLiteral("memory_current_bytes"), opt(s.memoryCurrent));
    const auto pct = watchFullness(s);
    o.insert(QStringLiteral("full_percent"), pct ? QJsonValue(*pct) : QJsonValue());
    o.insert(QStringLiteral("level"), levelWord(level));
    const auto rate = trend.bytesPerSecond();
    o.insert(QStringLiteral("bytes_per_second"), rate ? QJsonValue(*rate) : QJsonValue());
    const auto full = s.free ? trend.secondsToFull(*s.free) : std::nullopt;
    o.insert(QStringLiteral("seconds_to_full"), full ? QJsonValue(*full) : QJsonValue());
    o.insert(QStringLiteral("owners_age_seconds"),
             s.ownersAge ? QJsonValue(*s.ownersAge) : QJsonValue());
    if (s.ownersAge) {
        o.insert(QStringLiteral("files"), qint64(s.files.value_or(0)));
        o.insert(QStringLiteral("leaked_bytes"), qint64(s.leakedBytes));
        o.insert(QStringLiteral("leaked_files"), qint64(s.leakedFiles));
        auto owners = [](const QVector<ShmOwnerBytes> &list) {
            QJsonArray a;
            for (const ShmOwnerBytes &b : list)
                a.append(QJsonObject{{QStringLiteral("id"), b.id},
                                     {QStringLiteral("label"), b.label},
                                     {QStringLiteral("bytes"), qint64(b.bytes)},
                                     {QStringLiteral("files"), qint64(b.files)}});
            return a;
        };
        o.insert(QStringLiteral("by_kind"), owners(s.byKind));
        o.insert(QStringLiteral("by_process"), owners(s.byProcess));
    }
    return o;
}

QByteArray watchPrometheusText(const QString &target, const QString &host, const WatchSample &s)
{
    const QString base = QStringLiteral("mount=\"/dev/shm\",host=\"%1\",target=\"%2\"")
                             .arg(labelValue(host), labelValue(target));
    QByteArray out;
    auto metric = [&](const char *name, const char *help, const char *type) {
        out += QByteArray("# HELP shmwise_") + name + ' ' + help + '\n';
        out += QByteArray("# TYPE shmwise_") + name + ' ' + type + '\n';
    };
    auto value = [&](const char *name, const QString &labels, double v) {
        out += QByteArray("shmwise_") + name + '{' + labels.toUtf8() + "} " +
               QByteArray::number(v, 'g', 17) + '\n';
    };
    metric("shm_up", "Whether the last sample of /dev/shm succeeded.", "gauge");
    value("shm_up", base, s.ok ? 1 : 0);
    if (!s.ok)
        return out;
    auto bytes = [&](const char *name, const char *help, const std::optional<Bytes> &b) {
        if (!b)
            return;
        metric(name, help, "gauge");
        value(name, base, double(*b));
    };
    bytes("shm_size_bytes", "Size of the /dev/shm tmpfs.", s.size);
    bytes("shm_used_bytes", "Bytes in use in /dev/shm.", s.used);
    bytes("shm_free_bytes", "Bytes free in /dev/shm for an unprivileged user.", s.free);
    bytes("shm_quota_limit_bytes", "The user's tmpfs quota on /dev/shm.", s.quotaLimit);
    bytes("shm_quota_used_bytes", "The user's use under the tmpfs quota.", s.quotaUsed);
    bytes("shm_memory_limit_bytes", "memory.max of the cgroup /dev/shm pages are charged to.",
          s.memoryLimit);
    bytes("shm_memory_current_bytes", "memory.current of that cgroup.", s.memoryCurrent);
    if (s.ownersAge) {
        metric("shm_files", "Files in /dev/shm, named and unlinked but held.", "gauge");
        value("shm_files", base, double(s.files.value_or(0)));
        metric("shm_leaked_bytes", "Bytes of /dev/shm files no process holds or maps.", "gauge");
        value("shm_leaked_bytes", base, double(s.leakedBytes));
        metric("shm_kind_bytes", "Bytes of /dev/shm by the kind of file.", "gauge");
        for (const ShmOwnerBytes &k : s.byKind)
            value("shm_kind_bytes", base + QStringLiteral(",kind=\"%1\"").arg(labelValue(k.id)),
                  double(k.bytes));
        metric("shm_owner_bytes", "Bytes of /dev/shm files a process holds or maps.", "gauge");
        for (const ShmOwnerBytes &p : s.byProcess)
            value("shm_owner_bytes",
                  base + QStringLiteral(",pid=\"%1\",owner=\"%2\"")
                             .arg(labelValue(p.id), labelValue(p.label)),
                  double(p.bytes));
        metric("shm_owners_age_seconds", "Seconds since the owners were last scanned.", "gauge");
        value("shm_owners_age_seconds", base, *s.ownersAge);
    }
    return out;
}

QByteArray mergePrometheusTexts(const QVector<QByteArray> &texts)
{
    QVector<QByteArray> order;
    QHash<QByteArray, QByteArray> headers, samples;
    auto familyOf = [](const QByteArray &line, int from) {
        int end = from;
        while (end < line.size() && line[end] != '{' && line[end] != ' ')
            ++end;
        return line.mid(from, end - from);
    };
    for (const QByteArray &text : texts) {
        for (const QByteArray &line : text.split('\n')) {
            if (line.isEmpty())
                continue;
            const bool header = line.startsWith("# HELP ") || line.startsWith("# TYPE ");
            const QByteArray family = header ? familyOf(line, 7) : familyOf(line, 0);
            if (!headers.contains(family) && !samples.contains(family))
                order << family;
            if (header) {
                QByteArray &h = headers[family];
                if (!h.contains(line.left(7)))
                    h += line + '\n';
            } else {
                samples[family] += line + '\n';
            }
        }
    }
    QByteArray out;
    for (const QByteArray &family : std::as_const(order))
        out += headers.value(family) + samples.value(family);
    return out;
}

} // namespace shmwise
