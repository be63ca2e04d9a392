// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "validators/validate_common_p.h"

namespace shmwise::validators {

// A word of a shell command after quote removal, as POSIX sh reads it before expansion.
struct ShellWord
{
    QString text; // with quotes removed; expansions kept as written
    int line = 0; // where the word starts
    int column = 0;
    bool expansion = false; // holds $..., ${...}, $(...) or `...`: its value is unknown here
    bool splits = false;    // an unquoted expansion: may become no word or several
};

// One simple command: its words, redirections removed.
using ShellCommand = QVector<ShellWord>;

// Splits shell text into simple commands the way sh does: quotes, backslash escapes, line
// continuations, comments, command substitution ($(...) and backticks, nested), parameter
// expansion (${...}), here-documents (skipped), redirections (dropped) and the operators
// ; & && || | ( ) and newline that separate commands. Reports unclosed quotes and
// substitutions. Linear in the text's length.
QVector<ShellCommand> splitShellCommands(const QString &text, Sink &sink);

} // namespace shmwise::validators
