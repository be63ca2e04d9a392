// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer entry: any bytes through the probe-report parser, its JSON, the findings, the target
// parser and the log diagnosis. None of them may crash, hang or read out of bounds.
#include "probes/diagnosis.h"
#include "probes/findings.h"
#include "probes/probefacts.h"
#include "probes/probetarget.h"

#include <QByteArray>
#include <QString>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), int(size));
    const shmwise::HostFacts facts = shmwise::parseProbeReport(bytes);
    shmwise::hostFactsToJson(facts);
    shmwise::findingsForHost(facts);
    const QString text = QString::fromUtf8(bytes);
    shmwise::parseTarget(text);
    shmwise::diagnoseLog(text, &facts);
    return 0;
}
