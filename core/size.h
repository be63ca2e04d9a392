// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QtGlobal>

#include <optional>

namespace shmwise {

using Bytes = quint64;

constexpr Bytes KiB = 1024ULL;
constexpr Bytes MiB = 1024ULL * KiB;
constexpr Bytes GiB = 1024ULL * MiB;
constexpr Bytes TiB = 1024ULL * GiB;
constexpr Bytes PiB = 1024ULL * TiB;
constexpr Bytes EiB = 1024ULL * PiB;
constexpr Bytes PageSize = 4096;

// Parses a size as written in a profile: an integer number of bytes, or a number with one of the
// units B, KiB, MiB, GiB, TiB (binary) or KB, MB, GB, TB (decimal). A space between number and
// unit is allowed. Lower-case or tool-specific spellings ("8g", "8Gi") are refused with a message
// naming the accepted forms, since each tool reads them differently.
std::optional<Bytes> parseSize(const QString &text, QString *error = nullptr);

// Human-readable, exact where it can be: "64 MiB", "1.5 GiB", "123456 B".
QString formatSize(Bytes bytes);

// Profile syntax that parseSize() reads back to the same value ("64MiB", "1536MiB", "1000").
QString profileSize(Bytes bytes);
// A size of 1 GiB or more that is not whole MiB (a probed MemTotal: 24683772 KiB) brought down to
// the tenth of a GiB below it, which profileSize() writes as people do ("23.5GiB"); others as
// they are.
Bytes readableFloor(Bytes bytes);

// The tool syntaxes. Every generated config converts bytes here and nowhere else.
// Kernel tmpfs `size=` (fstab, mount -o): k/m/g/t suffixes, rounded up to a whole unit.
QString kernelSize(Bytes bytes);
// Docker/Podman/Compose --shm-size: binary units b/k/m/g, rounded up.
QString dockerSize(Bytes bytes);
// Kubernetes quantity, binary suffix (Ki/Mi/Gi/Ti), rounded up.
QString kubernetesQuantity(Bytes bytes);
// Reads a Kubernetes resource quantity (k8s.io/apimachinery's grammar: 8Gi, 512M, 1e9, 0.5Gi) as
// bytes, rounded up and saturating; nullopt with `why` for text that is not one or is negative.
// *milli is set when the suffix is 'm' (thousandths), a common slip for Mi.
std::optional<Bytes> parseKubernetesQuantity(const QString &text, QString *why = nullptr,
                                             bool *milli = nullptr);
// Azure ML shm_size: digits plus one letter (k/m/g), rounded up.
QString azureSize(Bytes bytes);
// AWS linuxParameters.sharedMemorySize: whole MiB, rounded up.
quint64 wholeMiB(Bytes bytes);

// Rounds up to a multiple of `unit` (unit > 0); saturates instead of overflowing.
Bytes roundUp(Bytes value, Bytes unit);
// Saturating arithmetic: sizes are computed from user input and must never wrap.
Bytes satAdd(Bytes a, Bytes b);
Bytes satMul(Bytes a, Bytes b);
bool mulOverflows(Bytes a, Bytes b, Bytes *out);

} // namespace shmwise
