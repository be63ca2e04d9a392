// SPDX-License-Identifier: GPL-3.0-or-later
// The sizes each tool writes: the kernel's, Docker's and Kubernetes' own syntaxes.
#include "validators/validate_common_p.h"

#include <QRegularExpression>

#include <cmath>
#include <limits>

namespace shmwise::validators {

namespace {

constexpr quint64 kMax = std::numeric_limits<quint64>::max();

quint64 shiftOrSaturate(quint64 v, int shift)
{
    if (shift >= 64 || (v && v > (kMax >> shift)))
        return kMax;
    return v << shift;
}

// Converts a non-negative decimal (digits, optional fraction) times 2^shift to bytes, truncating
// like Go's int64(float) does; saturates instead of overflowing.
quint64 scaled(QStringView number, int shift)
{
    bool ok = false;
    const double d = number.toDouble(&ok);
    if (!ok || !std::isfinite(d))
        return kMax;
    const double v = std::ldexp(d, shift);
    if (v >= 18446744073709551615.0)
        return kMax;
    return quint64(v);
}

} // namespace

namespace {
// Powers of 1024 of the one-letter suffixes the kernel and Docker read (k, m, g, t, p, e); 0 for
// none.
int binaryShift(QChar lowerSuffix)
{
    static const char suffixes[] = "kmgtpe";
    for (int i = 0; suffixes[i]; ++i) {
        if (lowerSuffix == QLatin1Char(suffixes[i]))
            return 10 * (i + 1);
    }
    return 0;
}
} // namespace

std::optional<KernelSize> parseKernelSize(const QString &text, QString *why)
{
    // The kernel's memparse(): a number, one optional suffix letter, then nothing else (tmpfs
    // rejects any trailing characters, so "8gb" or "8GiB" fail the mount).
    static const QRegularExpression re(QStringLiteral("^([0-9]+)([kKmMgGtTpPeE%]?)$"));
    const QRegularExpressionMatch m = re.match(text);
    if (!m.hasMatch()) {
        if (why) {
            static const QRegularExpression unit(QStringLiteral("^([0-9]+)\\s*([A-Za-z]+)$"));
            const QRegularExpressionMatch u = unit.match(text);
            if (u.hasMatch() && QStringLiteral("kmgtpe").contains(u.captured(2).at(0).toLower()))
                *why = Tr::tr("'%1' is not a kernel size: tmpfs takes one letter after the number "
                              "and refuses anything more; write '%2'")
                           .arg(text, u.captured(1) + u.captured(2).left(1).toUpper());
            else
                *why = Tr::tr("'%1' is not a kernel size: write digits with an optional k, m, g or "
                              "t suffix (8G), or a percentage of RAM (50%)")
                           .arg(text);
        }
        return std::nullopt;
    }
    KernelSize r;
    bool ok = false;
    quint64 n = m.captured(1).toULongLong(&ok);
    if (!ok)
        n = kMax;
    const QChar s = m.captured(2).isEmpty() ? QChar() : m.captured(2).at(0).toLower();
    r.percent = s == QLatin1Char('%');
    const int shift = r.percent ? 0 : binaryShift(s);
    r.value = shiftOrSaturate(n, shift);
    return r;
}

std::optional<quint64> parseDockerSize(const QString &text, QString *why)
{
    // go-units parseSize(): the number is everything up to the last digit, dot or space; the
    // suffix is at most three letters: b, or k/m/g/t/p with an optional b or ib.
    static const QRegularExpression re(
        QStringLiteral("^([0-9]+(?:\\.[0-9]+)?) ?(?:(b)|([kmgtp])(b|ib)?)?$"),
        QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch m = re.match(text);
    if (!m.hasMatch()) {
        if (why) {
            static const QRegularExpression gi(QStringLiteral("^[0-9.]+ ?[kmgtp]i$"),
                                               QRegularExpression::CaseInsensitiveOption);
            if (gi.match(text).hasMatch())
                *why =
                    Tr::tr("'%1' is Kubernetes syntax; Docker reads sizes like 8g, 8GB or 8GiB "
                           "(write '%2')")
                        .arg(text, text.left(text.size() - 1).remove(QLatin1Char(' ')).toLower());
            else if (text.startsWith(QLatin1Char('-')))
                *why = Tr::tr("'%1' is negative; a size is a positive number such as 8g").arg(text);
            else
                *why = Tr::tr("'%1' is not a Docker size: write a number with b, k, m, g, t or p "
                              "(binary units), such as 8g, 1.5g or 8GiB")
                           .arg(text);
        }
        return std::nullopt;
    }
    const int shift = m.hasCaptured(3) ? binaryShift(m.captured(3).at(0).toLower()) : 0;
    return scaled(m.capturedView(1), shift);
}

} // namespace shmwise::validators
