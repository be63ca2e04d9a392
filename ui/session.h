// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/profile.h"
#include "core/sizing.h"

#include <QObject>
#include <QString>

namespace shmwise {

// The profile being edited, shared by every page: pages read it and write it through edit(), and
// show what core computes from it. One changed() signal after every edit.
class Session : public QObject
{
    Q_OBJECT
public:
    explicit Session(QObject *parent = nullptr);

    const Profile &profile() const { return m_profile; }
    const ShmPlan &plan() const { return m_plan; }
    const QVector<ProfileProblem> &problems() const { return m_problems; }
    // Problems whose key starts with `prefix` (e.g. "workload."), for the page that owns them.
    QVector<ProfileProblem> problemsUnder(const QStringList &prefixes) const;

    // Applies `change` to the profile, recomputes the plan and emits changed().
    template <class F> void edit(F change)
    {
        change(m_profile);
        m_dirty = true;
        recompute();
    }
    void setProfile(const Profile &profile, const QString &path = QString());

    QString path() const { return m_path; }
    bool isDirty() const { return m_dirty; }
    void markSaved(const QString &path);

    // Where probes go: "local", "ssh://host", ... (not part of the profile).
    QString target() const { return m_target; }
    void setTarget(const QString &target);
    // An OpenSSH config file for SSH targets (ssh -F); empty for the user's own.
    QString sshConfig() const { return m_sshConfig; }
    void setSshConfig(const QString &path);

Q_SIGNALS:
    void changed();
    void targetChanged();
    void pathChanged();

private:
    void recompute();

    Profile m_profile;
    ShmPlan m_plan;
    QVector<ProfileProblem> m_problems;
    QString m_path;
    QString m_target = QStringLiteral("local");
    QString m_sshConfig;
    bool m_dirty = false;
};

} // namespace shmwise
