// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The job's own output while `shmwise measure` runs it: passed on to a terminal (the command
// line) or not (the desktop), its last lines kept, the whole of it written to a file up to a
// limit, and every line read by diagnose's rules, so a run that reproduced the Bus error says
// so. Memory stays bounded however much the job writes.

#include "probes/findings.h"

#include <QByteArray>
#include <QFile>
#include <QString>
#include <QStringList>
#include <QVector>

#include <atomic>
#include <memory>

namespace shmwise {

class LogDiagnoser;

// What a run's output came to; kept in MeasureRun.
struct JobOutputSummary
{
    qint64 bytes = 0;
    qint64 lines = 0;
    QStringList tail;          // the last lines, as a terminal would have left them
    QVector<Finding> findings; // diagnose's rules over every line
    QString logPath;           // the whole output (empty: not written)
    bool logTruncated = false; // the file stopped at its limit
    QString logError;          // the file could not be written, and why
};

class JobOutput
{
public:
    struct Options
    {
        int forwardOut = -1;                // where the job's stdout goes on (-1: nowhere)
        int forwardErr = -1;                // and its stderr
        QString logPath;                    // write the whole output here (empty: no file)
        qint64 logLimit = 64 * 1024 * 1024; // the file's most bytes
        int tailLines = 200;
        int tailBytes = 64 * 1024;
    };
    explicit JobOutput(const Options &options);
    ~JobOutput();
    JobOutput(const JobOutput &) = delete;
    JobOutput &operator=(const JobOutput &) = delete;

    // Bytes the job wrote to its stdout (stream 1) or stderr (stream 2).
    void feed(int stream, QByteArrayView bytes);
    JobOutputSummary finish();

private:
    Options m_options;
    std::unique_ptr<LogDiagnoser> m_diagnoser;
    QByteArray m_recent; // at most twice tailBytes of the last output
    qint64 m_bytes = 0;
    qint64 m_newlines = 0;
    bool m_lastNewline = true;
    QFile m_log;
    bool m_logOpen = false;
    JobOutputSummary m_summary;
};

// The last `count` lines of `bytes` as a terminal would show them: each line's carriage-return
// updates (a progress bar) leave their last text, colours and other escape sequences are
// removed, and invalid UTF-8 is replaced.
QStringList terminalLines(const QByteArray &bytes, int count);

// Reads the job's stdout (`outFd`) and stderr (`errFd`) pipes into `output` until both are closed
// by every process that holds them, or, once `stop` is set, until nothing comes for a tenth of a
// second or two seconds have passed (a process that escaped the job does not hold the caller
// up). Blocks: measure runs it on a thread of its own.
void readJobOutput(int outFd, int errFd, JobOutput &output, const std::atomic_bool &stop);

} // namespace shmwise
