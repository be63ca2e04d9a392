// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// `shmwise measure`: running the job with the hook, watching it, stopping it, and what was seen.

#include "core/measurement.h"
#include "core/profile.h"
#include "core/sizing.h"
#include "probes/joboutput.h"

#include <QHash>
#include <QSet>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

namespace shmwise {

struct MeasureOptions
{
    QStringList command;
    QString workDir;
    double seconds = 60;
    quint64 batches = 0; // 0: no limit
    std::optional<Bytes> privateShm;
    bool jobStdoutToStderr = false;
    // The job's output is read through pipes (Python unbuffered, unless PYTHONUNBUFFERED is
    // set): passed on to this process's stdout and stderr (stdout to stderr with
    // jobStdoutToStderr) when forwardOutput is set, written whole to outputLog when one is
    // named, its last lines kept and every line read by diagnose's rules (MeasureRun::output).
    bool forwardOutput = true;
    QString outputLog;
    // SIGINT, SIGTERM and SIGHUP to this process stop the job first (the command line); the GUI
    // stops it through `progress` instead.
    bool handleSignals = true;
    // Called about every 100 ms with the seconds gone and the batches seen; returns false to stop.
    std::function<bool(double, quint64)> progress;
};

// What one process of the job held at most.
struct MeasuredProcess
{
    qint64 pid = 0;
    qint64 ppid = 0;
    QString name;
    QString role; // main, rank, worker, other
    Bytes maxPss = 0;
    Bytes maxPrivate = 0;       // PSS less its shared-memory part
    qint64 batchesAtStart = -1; // batches the job had received when it first showed
    bool settled = false;
    // Its private dirty memory once it has started (see runMeasurement), and the most after.
    Bytes firstDirty = 0;
    Bytes maxDirtyAfter = 0;
    Bytes maxShmHeld = 0;
    double firstSeen = 0;
    double lastSeen = 0;
};

struct MeasureRun
{
    bool started = false;
    QString error; // when not started
    bool privateShm = false;
    bool userNamespace = false;
    MeasurementLog log;
    double seconds = 0;
    QString stopReason; // exited, time, batches, hang, interrupted
    std::optional<int> exitCode;
    std::optional<int> exitSignal;
    bool stoppedBySignal = false; // SIGINT/SIGTERM/SIGKILL were needed
    QString finalSignal;          // the last signal the job was sent
    int leftoverProcesses = 0;    // still running when the main process had gone; stopped
    std::optional<Bytes> shmSize;
    Bytes shmBaseline = 0;
    Bytes shmPeak = 0;     // /dev/shm in use above the baseline, at most (statvfs)
    Bytes shmHeldPeak = 0; // files the job's processes held, at most
    double shmPeakTime = 0;
    quint64 samples = 0;
    std::optional<Bytes> cgroupPeak;
    std::optional<Bytes> cgroupLimit;
    QHash<qint64, MeasuredProcess> processes;
    QStringList removedFiles; // left by the job in the host's /dev/shm, removed
    // Files made in the host's /dev/shm during the run and left there, each with why it was
    // not removed (not provably the job's, held by a process, ...).
    QStringList keptFiles;
    QString creationWatch; // how files made during the run were told apart: fanotify, inotify
    QStringList pythonWarnings;
    JobOutputSummary output;
};

MeasureRun runMeasurement(const MeasureOptions &options);
// Names the run's loaders and gives each process its role (main, rank, worker, other) once the
// run is over; runMeasurement() and a measurement on another host both end with it.
void finishRun(MeasureRun &run, qint64 mainPid);

// What the report of a run says, for the command line and the wizard alike.
struct MeasureReport
{
    const MeasureRun *run = nullptr;
    std::optional<Profile> profile;
    std::optional<ShmPlan> plan;
    QStringList notes;
    // What the job's output says went wrong (diagnose's first error over it), and the sentence
    // that says it, first among the notes; none when the output shows no known failure.
    std::optional<Finding> cause;
    QString causeText;
    bool shmRanOut = false; // the cause is a full /dev/shm (or its quota)
    bool failed = false;    // the job ended with an error (a status or signal it was not sent)
    Bytes peak = 0;         // the figure held to the plan
    QString peakSource;
    Bytes workerGrowth = 0; // the most a worker's private memory grew
    int workers = 0;
    Bytes workerPrivate = 0;
    Bytes mainPrivate = 0;
};

MeasureReport measureReport(const MeasureRun &run, Environment environment);

// Why Python would not load the hook for this command (-S, -E, -I, a program that is not
// Python); empty when it will.
QStringList hookIgnoredReasons(const QStringList &command);

} // namespace shmwise
