// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/profile.h"
#include "core/sizing.h"
#include "probes/containerprobe.h"

#include <QStringList>

namespace shmwise {

// "Check in a container": the probe of probes/containerprobe.h run with the options the Results
// page's docker run writes, so the facts are the ones the job will see once the setting is
// applied.
class ContainerCheck : public ContainerProbe
{
public:
    using ContainerProbe::ContainerProbe;

    // The arguments after the client's name.
    static QStringList arguments(const Profile &profile, const ShmPlan &plan);

    using ContainerProbe::available;
    using ContainerProbe::program;
    QString program(const Profile &profile) const { return program(profile.environment); }
    bool available(const Profile &profile) const { return available(profile.environment); }
    void start(const Profile &profile, const ShmPlan &plan)
    {
        ContainerProbe::start(profile.environment, arguments(profile, plan));
    }
};

} // namespace shmwise
