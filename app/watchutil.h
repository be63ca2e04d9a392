// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What every kind of `shmwise watch` shares: the exit codes of a judged sample, a clean stop on
// Ctrl-C, the control-character scrub of names from a target, the terminal's width and the
// Prometheus text file written at each sample.

#include "probes/shmwatch.h"

#include <QByteArray>
#include <QString>

#include <algorithm>
#include <csignal>
#include <optional>

namespace shmwise::cli::watch {

// Exit codes of a sample judged (--once, --samples): documented in docs/cli.md.
constexpr int ExitWarn = 3;
constexpr int ExitCrit = 4;

// SIGINT and SIGTERM end the watch cleanly while this lives; the old handlers come back after.
class StopSignals
{
public:
    StopSignals();
    ~StopSignals();
    StopSignals(const StopSignals &) = delete;
    StopSignals &operator=(const StopSignals &) = delete;

private:
    struct sigaction m_oldInt
    { }, m_oldTerm{}; };
// A stop was asked for (SIGINT or SIGTERM) since the last clearStop().
bool stopRequested();
void clearStop();

// A sample's exit status for --once and --samples: 2 when it could not be taken.
int sampleExitCode(const WatchSample &s, WatchLevel level);
// The worse of two exit statuses of many targets: 2 (one could not be sampled) above crit (4)
// and warn (3).
inline int worseExit(int a, int b)
{
    return a == 2 || b == 2 ? 2 : std::max(a, b);
}

// Names come from the target (a process may call itself anything): no control character of
// theirs reaches the terminal.
QString printable(QString line);

// "80", "80%" -> 80; nullopt outside 1..100.
std::optional<double> readPercent(QString text);

int terminalWidth();

// The textfile folder: an existing folder, itself (not a link to another place), writable.
bool checkTextfileDir(const QString &dir, QString *why);

// Writes DIR/shmwise_shm.prom at each sample, atomically; a failure is said once (and once more
// after it worked again), and the watch goes on and tries again at the next sample.
class TextfileWriter
{
public:
    explicit TextfileWriter(QString dir) : m_dir(std::move(dir)) {}
    void write(const QByteArray &text);

private:
    QString m_dir;
    bool m_broken = false;
};

} // namespace shmwise::cli::watch
