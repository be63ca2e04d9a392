// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// When a string may be written as a plain (unquoted) YAML scalar. Readers differ: PyYAML and
// docker-compose 1.x follow YAML 1.1 (yes, on, 0x1f, 012, 1_000, 12:30, 2024-01-01 are not
// strings there), Go's yaml.v3 and js-yaml follow 1.2 (0o12, 1e3, .inf). A string either may
// read as another type is quoted by every YAML writer of ShmWise.

#include <QByteArray>
#include <QString>

namespace shmwise {

// Whether a YAML 1.1 or 1.2 reader takes the plain scalar `s` for something other than a string:
// a boolean, null, integer, float, timestamp, or the merge and value keys.
bool yamlPlainIsOtherType(const QString &s);

// Whether `s` can be written plain and read back as this same string by every reader: it starts
// with a letter or '/', holds only letters, digits and _ . / : @ -, does not end with ':', and is
// no other type. Conservative: anything else is quoted.
bool yamlPlainIsSafe(const QString &s);

// yaml-cpp (like every YAML reader) takes a file that starts with FF FE or FE FF, or a UTF-32
// mark, for UTF-16 or UTF-32 text, and reads a UTF-8 file behind such a mark as noise. ShmWise
// reads UTF-8 only: a translated message saying what the file starts with and what to do, or
// empty for a file without such a mark.
QString yamlEncodingProblem(const QByteArray &bytes);

} // namespace shmwise
