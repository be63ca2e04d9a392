// SPDX-License-Identifier: GPL-3.0-or-later
// The helpers of validate_common_p.h that are neither sizes (validate_sizes.cpp) nor YAML
// (validate_yaml.cpp).
#include "validators/validate_common_p.h"

namespace shmwise::validators {

QVector<QStringView> splitLines(const QString &text)
{
    QVector<QStringView> lines;
    const QStringView all(text);
    qsizetype start = 0;
    for (qsizetype i = 0; i < all.size(); ++i) {
        if (all[i] == QLatin1Char('\n')) {
            qsizetype end = i;
            if (end > start && all[end - 1] == QLatin1Char('\r'))
                --end;
            lines.append(all.mid(start, end - start));
            start = i + 1;
        }
    }
    if (start < all.size())
        lines.append(all.mid(start));
    return lines;
}

} // namespace shmwise::validators
