// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/size.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <cmath>
#include <limits>

namespace shmwise {

namespace {

struct Unit
{
    const char *name;
    Bytes factor;
};

const Unit kUnits[] = {
    {"B", 1},
    {"KiB", KiB},
    {"MiB", MiB},
    {"GiB", GiB},
    {"TiB", TiB},
    {"PiB", PiB},
    {"EiB", EiB},
    {"KB", 1000ULL},
    {"MB", 1000ULL * 1000},
    {"GB", 1000ULL * 1000 * 1000},
    {"TB", 1000ULL * 1000 * 1000 * 1000},
    {"PB", 1000ULL * 1000 * 1000 * 1000 * 1000},
    {"EB", 1000ULL * 1000 * 1000 * 1000 * 1000 * 1000},
};

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::Size)
};

void setError(QString *error, const QString &message)
{
    if (error)
        *error = message;
}

// Rounds `bytes` up to whole units of 1024^k for the largest k that keeps the number >= 1.
// Used by the tool syntaxes, which all round up so a generated size never falls below the plan.
// bytes / unit, rounded up, without the overflow of (bytes + unit - 1) near the top of the range.
Bytes unitsUp(Bytes bytes, Bytes unit)
{
    return bytes / unit + (bytes % unit != 0 ? 1 : 0);
}

QString binaryRoundedUp(Bytes bytes, const char *const suffixes[4])
{
    const Bytes factors[4] = {KiB, MiB, GiB, TiB};
    for (int i = 3; i >= 0; --i) {
        if (bytes >= factors[i] && bytes % factors[i] == 0)
            return QString::number(bytes / factors[i]) + QLatin1String(suffixes[i]);
    }
    // Not a whole number of any unit: round up in the largest unit that costs at most ~1/64
    // extra, so 1.5 GiB becomes 1536m rather than 2g.
    for (int i = 3; i >= 0; --i) {
        if (bytes >= 64 * factors[i])
            return QString::number(unitsUp(bytes, factors[i])) + QLatin1String(suffixes[i]);
    }
    return QString::number(unitsUp(bytes, KiB)) + QLatin1String(suffixes[0]);
}

} // namespace

bool mulOverflows(Bytes a, Bytes b, Bytes *out)
{
    Bytes r = 0;
    const bool over = __builtin_mul_overflow(a, b, &r);
    if (out)
        *out = over ? std::numeric_limits<Bytes>::max() : r;
    return over;
}

Bytes satAdd(Bytes a, Bytes b)
{
    Bytes r = 0;
    return __builtin_add_overflow(a, b, &r) ? std::numeric_limits<Bytes>::max() : r;
}

Bytes satMul(Bytes a, Bytes b)
{
    Bytes r = 0;
    mulOverflows(a, b, &r);
    return r;
}

Bytes roundUp(Bytes value, Bytes unit)
{
    if (unit == 0)
        return value;
    const Bytes rem = value % unit;
    return rem == 0 ? value : satAdd(value, unit - rem);
}

std::optional<Bytes> parseSize(const QString &text, QString *error)
{
    static const QRegularExpression re(
        QStringLiteral("^\\s*([0-9]+)(?:\\.([0-9]+))?\\s*([A-Za-z]*)\\s*$"));
    const QRegularExpressionMatch m = re.match(text);
    if (!m.hasMatch()) {
        setError(error,
                 Tr::tr("'%1' is not a size: write a whole number of bytes, or a number with "
                        "a unit such as 64MiB, 8GiB or 10GB")
                     .arg(text));
        return std::nullopt;
    }
    const QString intPart = m.captured(1);
    const QString fracPart = m.captured(2);
    const QString unitText = m.captured(3);

    Bytes factor = 1;
    if (!unitText.isEmpty()) {
        bool found = false;
        for (const Unit &u : kUnits) {
            if (unitText == QLatin1String(u.name)) {
                factor = u.factor;
                found = true;
                break;
            }
        }
        if (!found) {
            setError(error, Tr::tr("unknown size unit '%1' in '%2': use B, KiB, MiB, GiB, TiB "
                                   "(binary) or KB, MB, GB, TB (decimal)")
                                .arg(unitText, text));
            return std::nullopt;
        }
    }
    if (!fracPart.isEmpty() && factor == 1) {
        setError(
            error,
            Tr::tr("'%1' has a fraction of a byte: sizes in bytes are whole numbers").arg(text));
        return std::nullopt;
    }

    bool ok = false;
    const Bytes whole = intPart.toULongLong(&ok);
    Bytes value = 0;
    if (!ok || mulOverflows(whole, factor, &value)) {
        setError(error, Tr::tr("'%1' is too large: sizes must fit in 64 bits").arg(text));
        return std::nullopt;
    }
    if (!fracPart.isEmpty()) {
        // Exact decimal fraction of the unit, rounded to the nearest byte.
        const QString digits = fracPart.left(18);
        const Bytes numerator = digits.toULongLong();
        Bytes denominator = 1;
        for (int i = 0; i < digits.size(); ++i)
            denominator *= 10;
        const long double frac =
            static_cast<long double>(numerator) / denominator * static_cast<long double>(factor);
        const Bytes extra = static_cast<Bytes>(std::llround(frac));
        Bytes sum = 0;
        if (__builtin_add_overflow(value, extra, &sum)) {
            setError(error, Tr::tr("'%1' is too large: sizes must fit in 64 bits").arg(text));
            return std::nullopt;
        }
        value = sum;
    }
    return value;
}

QString formatSize(Bytes bytes)
{
    const char *names[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    const Bytes factors[] = {KiB, MiB, GiB, TiB, PiB, EiB};
    for (int i = 5; i >= 0; --i) {
        if (bytes >= factors[i]) {
            const double v = static_cast<double>(bytes) / static_cast<double>(factors[i]);
            // One decimal at most, and none when it is a whole number.
            QString num = QString::number(v, 'f', bytes % factors[i] == 0 ? 0 : 1);
            if (num.endsWith(QLatin1String(".0")))
                num.chop(2);
            return num + QLatin1Char(' ') + QLatin1String(names[i]);
        }
    }
    return QString::number(bytes) + QStringLiteral(" B");
}

QString profileSize(Bytes bytes)
{
    const char *names[] = {"EiB", "PiB", "TiB", "GiB", "MiB", "KiB"};
    const Bytes factors[] = {EiB, PiB, TiB, GiB, MiB, KiB};
    for (int i = 0; i < 6; ++i) {
        if (bytes < factors[i])
            continue;
        if (bytes % factors[i] == 0)
            return QString::number(bytes / factors[i]) + QLatin1String(names[i]);
        // A GiB or larger unit with one decimal that parseSize() reads back to these very bytes
        // ("23.5GiB", "23.4GiB" as readableFloor() gives), before the digits of a smaller unit.
        if (i < 4) {
            const Bytes tenths = (bytes / factors[i]) * 10 + (bytes % factors[i]) * 10 / factors[i];
            const QString text =
                QStringLiteral("%1.%2").arg(tenths / 10).arg(tenths % 10) + QLatin1String(names[i]);
            if (parseSize(text) == std::optional<Bytes>(bytes))
                return text;
        }
    }
    return QString::number(bytes);
}

Bytes readableFloor(Bytes bytes)
{
    if (bytes < GiB || bytes % MiB == 0)
        return bytes;
    const Bytes tenths = (bytes / GiB) * 10 + (bytes % GiB) * 10 / GiB;
    for (Bytes t = tenths; t > 0; --t) {
        const auto v = parseSize(QStringLiteral("%1.%2GiB").arg(t / 10).arg(t % 10), nullptr);
        if (v && *v <= bytes)
            return *v;
    }
    return bytes;
}

QString kernelSize(Bytes bytes)
{
    static const char *const s[4] = {"k", "m", "g", "t"};
    return binaryRoundedUp(bytes, s);
}

QString dockerSize(Bytes bytes)
{
    static const char *const s[4] = {"k", "m", "g", "t"};
    return binaryRoundedUp(bytes, s);
}

QString kubernetesQuantity(Bytes bytes)
{
    static const char *const s[4] = {"Ki", "Mi", "Gi", "Ti"};
    return binaryRoundedUp(bytes, s);
}

QString azureSize(Bytes bytes)
{
    // Azure ML reads k, m and g only.
    static const char *const s[4] = {"k", "m", "g", "g"};
    if (bytes >= TiB)
        return QString::number(unitsUp(bytes, GiB)) + QStringLiteral("g");
    return binaryRoundedUp(bytes, s);
}

quint64 wholeMiB(Bytes bytes)
{
    return (bytes / MiB) + (bytes % MiB ? 1 : 0);
}

std::optional<Bytes> parseKubernetesQuantity(const QString &text, QString *why, bool *milli)
{
    // k8s.io/apimachinery resource.Quantity grammar.
    static const QRegularExpression re(
        QStringLiteral("^([+-]?)([0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)"
                       "(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E|[eE][+-]?[0-9]+)?$"));
    if (milli)
        *milli = false;
    const QRegularExpressionMatch m = re.match(text);
    if (!m.hasMatch()) {
        if (why) {
            static const QRegularExpression unit(QStringLiteral("^[0-9.]+\\s*([A-Za-z]+)$"));
            const QRegularExpressionMatch u = unit.match(text);
            QString fix;
            if (u.hasMatch()) {
                const QString suffix = u.captured(1);
                const QString number = text.left(text.size() - suffix.size()).trimmed();
                const QChar c = suffix.at(0).toUpper();
                if (QStringLiteral("KMGTPE").contains(c))
                    fix = Tr::tr(" (write '%1' for binary or '%2' for decimal units)")
                              .arg(number + c + QLatin1Char('i'),
                                   number + (c == QLatin1Char('K') ? QChar(QLatin1Char('k')) : c));
            }
            *why = Tr::tr("'%1' is not a Kubernetes quantity: use a suffix Ki, Mi, Gi, Ti (binary) "
                          "or k, M, G, T (decimal)%2")
                       .arg(text, fix);
        }
        return std::nullopt;
    }
    if (m.captured(1) == QLatin1String("-")) {
        if (why)
            *why = Tr::tr("'%1' is negative; a memory size must be positive").arg(text);
        return std::nullopt;
    }
    const QString suffix = m.captured(3);
    const double number = m.captured(2).toDouble();
    double factor = 1;
    if (suffix.size() == 2 && suffix.at(1) == QLatin1Char('i')) {
        factor = std::ldexp(1.0, 10 * (int(QStringLiteral("KMGTPE").indexOf(suffix.at(0))) + 1));
    } else if (suffix.size() == 1) {
        static const QString dec = QStringLiteral("kMGTPE");
        const int i = int(dec.indexOf(suffix.at(0)));
        if (i >= 0)
            factor = std::pow(10.0, 3 * (i + 1));
        else if (suffix == QLatin1String("m"))
            factor = 1e-3;
        else if (suffix == QLatin1String("u"))
            factor = 1e-6;
        else if (suffix == QLatin1String("n"))
            factor = 1e-9;
        if (milli && suffix == QLatin1String("m"))
            *milli = true;
    } else if (!suffix.isEmpty()) {
        factor = std::pow(10.0, suffix.mid(1).toInt());
    }
    const double v = std::ceil(number * factor);
    if (!std::isfinite(v) || v >= 18446744073709551615.0)
        return std::numeric_limits<Bytes>::max();
    return quint64(v);
}

} // namespace shmwise
