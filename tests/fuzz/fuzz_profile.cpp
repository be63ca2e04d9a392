// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer entry: any bytes as a profile. Reading may refuse them, never crash; a profile it
// accepts must plan, fit, and write out text that reads back.
#include "core/fit.h"
#include "core/profile.h"
#include "core/sizing.h"

#include <QByteArray>
#include <QString>

#include <cstddef>
#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), int(size));
    const shmwise::ProfileResult r = shmwise::parseProfile(bytes, QStringLiteral("fuzz.yaml"));
    if (!r.ok())
        return 0;
    const shmwise::Profile &p = *r.profile;
    const shmwise::ShmPlan plan = shmwise::computePlan(p);
    shmwise::fitPlan(p, plan.requiredBytes / 2);
    shmwise::fitPlan(p, 64ull << 20);
    const QByteArray written = shmwise::writeProfile(p);
    const shmwise::ProfileResult again = shmwise::parseProfile(written, QStringLiteral("again"));
    // What was written from an accepted profile must be accepted in turn.
    if (!again.ok())
        std::abort();
    return 0;
}
