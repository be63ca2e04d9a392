// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>
#include <QStringView>

namespace shmwise::validators {

// The "did you mean" guesses behind the hints for misspelt names (docker run's options, sysctl
// keys, DataLoader's arguments), in one place so that every hint is found the same way.

// Levenshtein distance between a and b: insertions, deletions and substitutions cost 1 each.
// Any distance above cap comes back as cap + 1, which lets a search stop early on a candidate
// that can no longer win.
int editDistance(QStringView a, QStringView b, int cap);

// The candidate nearest to a misspelt word: of those offered, the first at the smallest edit
// distance, if that is at most maxDistance; else none. Candidates are offered one at a time so
// that a caller may skip some or judge one its own way (shmsize is one step from shm-size).
class ClosestMatch
{
public:
    ClosestMatch(const QString &word, int maxDistance);
    void offer(const QString &candidate);
    void offer(const QString &candidate, int distance);
    QString best() const { return m_best; } // empty when no candidate came close enough
private:
    QString m_word;
    QString m_best;
    int m_beat; // the distance a later candidate must come in under
};

// The last candidate that begins with the word's first `length` characters, or whose first
// `length` characters begin the word; empty when none does. A cruder guess than ClosestMatch,
// kept where hints have always been found this way (DataLoader's arguments).
QString lastSharingPrefix(QStringView word, const QStringList &candidates, qsizetype length);

} // namespace shmwise::validators
