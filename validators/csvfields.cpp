// SPDX-License-Identifier: GPL-3.0-or-later
#include "validators/csvfields_p.h"

namespace shmwise::validators {

std::optional<QStringList> csvFields(const QString &v)
{
    QStringList out;
    QString cur;
    int i = 0;
    const int n = int(v.size());
    while (true) {
        cur.clear();
        if (i < n && v.at(i) == QLatin1Char('"')) {
            ++i;
            while (true) {
                if (i >= n)
                    return std::nullopt;
                if (v.at(i) == QLatin1Char('"')) {
                    if (i + 1 < n && v.at(i + 1) == QLatin1Char('"')) {
                        cur += QLatin1Char('"');
                        i += 2;
                        continue;
                    }
                    ++i;
                    break;
                }
                cur += v.at(i++);
            }
            if (i < n && v.at(i) != QLatin1Char(','))
                return std::nullopt;
        } else {
            while (i < n && v.at(i) != QLatin1Char(',')) {
                if (v.at(i) == QLatin1Char('"'))
                    return std::nullopt;
                cur += v.at(i++);
            }
        }
        out.append(cur);
        if (i >= n)
            break;
        ++i; // the comma
    }
    return out;
}

} // namespace shmwise::validators
