// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/session.h"

namespace shmwise {

Session::Session(QObject *parent) : QObject(parent), m_profile(newProfile())
{
    recompute();
}

QVector<ProfileProblem> Session::problemsUnder(const QStringList &prefixes) const
{
    QVector<ProfileProblem> out;
    for (const ProfileProblem &p : m_problems) {
        for (const QString &prefix : prefixes) {
            if (p.key.startsWith(prefix)) {
                out.append(p);
                break;
            }
        }
    }
    return out;
}

void Session::setProfile(const Profile &profile, const QString &path)
{
    m_profile = profile;
    m_dirty = false;
    if (m_path != path) {
        m_path = path;
        Q_EMIT pathChanged();
    }
    recompute();
}

void Session::markSaved(const QString &path)
{
    m_dirty = false;
    if (m_path != path) {
        m_path = path;
        Q_EMIT pathChanged();
    }
    Q_EMIT changed();
}

void Session::setTarget(const QString &target)
{
    if (target == m_target)
        return;
    m_target = target;
    Q_EMIT targetChanged();
}

void Session::setSshConfig(const QString &path)
{
    if (path == m_sshConfig)
        return;
    m_sshConfig = path;
    Q_EMIT targetChanged();
}

void Session::recompute()
{
    m_problems = validateProfile(m_profile);
    // The plan is computed from an invalid profile too (sizes saturate), but pages show it only
    // when there are no problems.
    m_plan = computePlan(m_profile);
    // A plan that cannot exist is a problem of the workload's fields, like an invalid value.
    if (m_problems.isEmpty())
        for (const QString &e : std::as_const(m_plan.errors))
            m_problems.append({QString(), 0, 0, QStringLiteral("workload.plan"), e});
    Q_EMIT changed();
}

} // namespace shmwise
