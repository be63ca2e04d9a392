// SPDX-License-Identifier: GPL-3.0-or-later
#include "validators/suggest_p.h"

#include <QVector>

#include <algorithm>

namespace shmwise::validators {

int editDistance(QStringView a, QStringView b, int cap)
{
    // The distance is at least the difference in length, and a row's smallest cell never
    // shrinks in the rows below it: either bound past cap settles the answer.
    if (qAbs(a.size() - b.size()) > cap)
        return cap + 1;
    QVector<int> prev(b.size() + 1), cur(b.size() + 1);
    for (int j = 0; j <= b.size(); ++j)
        prev[j] = j;
    for (int i = 1; i <= a.size(); ++i) {
        cur[0] = i;
        int rowMin = i;
        for (int j = 1; j <= b.size(); ++j) {
            cur[j] = std::min(
                {prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a.at(i - 1) == b.at(j - 1) ? 0 : 1)});
            rowMin = std::min(rowMin, cur[j]);
        }
        if (rowMin > cap)
            return cap + 1;
        std::swap(prev, cur);
    }
    return std::min(prev[b.size()], cap + 1);
}

ClosestMatch::ClosestMatch(const QString &word, int maxDistance)
    : m_word(word), m_beat(maxDistance + 1)
{}

void ClosestMatch::offer(const QString &candidate)
{
    // Capped one below the distance to beat: a candidate that cannot win costs less to rule out.
    offer(candidate, editDistance(m_word, candidate, m_beat - 1));
}

void ClosestMatch::offer(const QString &candidate, int distance)
{
    // Strictly closer only: on a tie the candidate offered first stays.
    if (distance < m_beat) {
        m_beat = distance;
        m_best = candidate;
    }
}

QString lastSharingPrefix(QStringView word, const QStringList &candidates, qsizetype length)
{
    QString found;
    for (const QString &c : candidates) {
        if (c.startsWith(word.left(length)) || word.startsWith(QStringView(c).left(length)))
            found = c;
    }
    return found;
}

} // namespace shmwise::validators
