// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace shmwise {

// Exit codes shared by every command.
enum ExitCode : int
{
    ExitOk = 0,     // the command did its job; warnings and findings are output, not failure
    ExitJudged = 1, // only for commands whose purpose is to judge (validate found an error)
    ExitUsage = 2,  // bad usage, an unreadable file, an invalid profile, a file not written
};

} // namespace shmwise
