// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer entry: any bytes as an error log, diagnosed alone and against a host's facts.
#include "probes/diagnosis.h"
#include "probes/findings.h"
#include "probes/probefacts.h"

#include <QByteArray>
#include <QString>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString log =
        QString::fromUtf8(QByteArray(reinterpret_cast<const char *>(data), int(size)));
    shmwise::diagnoseLog(log);
    shmwise::HostFacts facts;
    facts.shmSizeBytes = 64ull << 20;
    facts.memTotalBytes = 8ull << 30;
    facts.cpusOnline = 4;
    facts.containerRuntime = QStringLiteral("docker");
    shmwise::diagnoseLog(log, &facts);
    return 0;
}
