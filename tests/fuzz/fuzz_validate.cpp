// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer entry: any bytes through one validator, chosen at build time with
// SHMWISE_FUZZ_KIND (one target per config kind, so each is fuzzed for its whole run), and
// through the kind guess that `validate` without --kind uses.
#include "validators/validators.h"

#include <QByteArray>
#include <QString>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString text =
        QString::fromUtf8(QByteArray(reinterpret_cast<const char *>(data), int(size)));
    shmwise::validateConfig(shmwise::ConfigKind::SHMWISE_FUZZ_KIND, text);
    shmwise::guessConfigKind(QStringLiteral("input"), text);
    return 0;
}
