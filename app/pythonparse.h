// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/diagnostic.h"

#include <QString>

#include <optional>

namespace shmwise {

// CPython's own parser on a Python file, in a separate interpreter (python3 -I) that reads the
// text from standard input and only parses it: ast.parse compiles nothing and runs nothing. The
// validators stay free of I/O; `validate` adds what this finds to their verdict.
struct PythonParse
{
    bool ran = false;                // an interpreter answered
    QString version;                 // its version, such as 3.11.2
    std::optional<Diagnostic> error; // the syntax error it found, if any
};
PythonParse parseWithCPython(const QString &text);

} // namespace shmwise
