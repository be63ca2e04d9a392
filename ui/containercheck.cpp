// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/containercheck.h"

#include "generators/gen_common.h"

namespace shmwise {

QStringList ContainerCheck::arguments(const Profile &profile, const ShmPlan &plan)
{
    QStringList a{QStringLiteral("run"), QStringLiteral("--rm"), QStringLiteral("-i")};
    // The options the docker run artifact writes, so the check sees what applying it gives.
    for (const gen::ContainerOption &o : gen::containerSizeOptions(profile, plan))
        a << o.arguments;
    a << profile.job.image << QStringLiteral("sh") << QStringLiteral("-s");
    return a;
}

} // namespace shmwise
