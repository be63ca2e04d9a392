// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer entry: any bytes as the measuring hook's log, which the measured job (and, over SSH,
// the host) can write. Reading it never crashes and stays bounded; a profile made of it is
// either refused by the profile's own checks or plans.
#include "core/measurement.h"
#include "core/profile.h"
#include "core/sizing.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <cstddef>
#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), int(size));
    shmwise::MeasurementLog log;
    for (const QByteArray &line : bytes.split('\n'))
        log.feed(line);
    if (log.loaders.size() > 256 || log.hookPids.size() > 4096)
        std::abort();
    for (const shmwise::MeasuredLoader &l : std::as_const(log.loaders)) {
        if (l.tensors.size() > shmwise::MaxTensorsKept)
            std::abort();
        for (const shmwise::MeasuredTensor &t : l.tensors)
            if (t.minShape.size() != t.maxShape.size())
                std::abort();
    }
    shmwise::nameLoaders(log.loaders);
    QStringList notes;
    const auto p =
        shmwise::profileFromMeasurement(log.loaders, shmwise::Environment::Docker, &notes);
    if (p && shmwise::validateProfile(*p).isEmpty())
        shmwise::computePlan(*p);
    return 0;
}
