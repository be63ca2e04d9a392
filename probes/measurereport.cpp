// SPDX-License-Identifier: GPL-3.0-or-later
// What the report of a measurement says: the profile and plan made of the loaders seen, held to
// the measured peak, and the notes on memory, the hook and the job.
#include "probes/jobmeasure.h"

#include "core/sizing.h"
#include "probes/diagnosis.h"

#include <QCoreApplication>
#include <QFileInfo>

#include <csignal>

namespace shmwise {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::JobWatch)
};

// The job's failure as its output tells it.
void explainFailure(const MeasureRun &run, MeasureReport &r)
{
    const bool stoppedByUs = run.stopReason != QLatin1String("exited");
    r.failed = !stoppedByUs && ((run.exitCode && *run.exitCode != 0) || run.exitSignal);
    for (const Finding &f : run.output.findings) {
        if (f.severity == FindingSeverity::Error && !f.possible()) {
            r.cause = f;
            break;
        }
    }
    // Killed by SIGBUS with /dev/shm full and nothing said: a write into shared memory found no
    // page (a program without PyTorch's message, a segment written after it was made).
    if (!r.cause && r.failed && run.exitSignal == SIGBUS && run.shmSize &&
        satAdd(run.shmBaseline, satAdd(run.shmPeak, 64 * PageSize)) >= *run.shmSize) {
        Finding f;
        f.id = QLatin1String(diagnosis::ShmExhausted);
        f.severity = FindingSeverity::Error;
        f.certainty = Certainty::Likely;
        f.title = Tr::tr("Killed by SIGBUS with /dev/shm full");
        f.evidence =
            Tr::tr("SIGBUS, /dev/shm at %1 of %2")
                .arg(formatSize(satAdd(run.shmBaseline, run.shmPeak)), formatSize(*run.shmSize));
        r.cause = f;
        r.shmRanOut = true;
        r.causeText =
            Tr::tr("The job was killed by SIGBUS when %1 was full (%2 in use): a write "
                   "into shared memory found no page left.")
                .arg(run.privateShm
                         ? Tr::tr("the private /dev/shm of %1").arg(formatSize(*run.shmSize))
                         : Tr::tr("/dev/shm (%1)").arg(formatSize(*run.shmSize)),
                     formatSize(satAdd(run.shmBaseline, run.shmPeak)));
        return;
    }
    if (!r.cause)
        return;
    const QString id = r.cause->id;
    r.shmRanOut = id == QLatin1String(diagnosis::ShmExhausted) ||
                  id == QLatin1String(diagnosis::ShmQuotaExceeded) ||
                  id == QLatin1String(diagnosis::OomFromShm) ||
                  id == QLatin1String(diagnosis::NcclShm);
    QString where;
    if (run.privateShm && run.shmSize)
        where = Tr::tr("the private /dev/shm of %1").arg(formatSize(*run.shmSize));
    else if (run.shmSize)
        where = Tr::tr("/dev/shm (%1)").arg(formatSize(*run.shmSize));
    else
        where = QStringLiteral("/dev/shm");
    const QString evidence = r.cause->evidence.left(300);
    const QString line = Tr::tr("line %1 of its output").arg(r.cause->line);
    if (r.shmRanOut)
        r.causeText = (r.failed ? Tr::tr("The job died because %1 was full: “%2” (%3).")
                                : Tr::tr("The job's output shows %1 full: “%2” (%3)."))
                          .arg(where, evidence, line);
    else
        r.causeText = (r.failed ? Tr::tr("The job failed: %1: “%2” (%3).")
                                : Tr::tr("The job's output shows a failure: %1: “%2” (%3)."))
                          .arg(r.cause->title, evidence, line);
}

} // namespace

MeasureReport measureReport(const MeasureRun &run, Environment env)
{
    MeasureReport r;
    r.run = &run;
    explainFailure(run, r);
    r.profile = profileFromMeasurement(run.log.loaders, env, &r.notes);
    if (r.profile) {
        // What the hook reported is the job's to write: a profile `plan` would refuse is not
        // written or planned, and the first reason is said.
        const QVector<ProfileProblem> problems = validateProfile(*r.profile);
        if (!problems.isEmpty()) {
            r.notes.prepend(Tr::tr("The loaders as measured make no valid profile (%1: %2), so "
                                   "there is nothing to plan from; the hook's log may have been "
                                   "written by the job itself.")
                                .arg(problems.first().key, problems.first().message));
            r.profile.reset();
        }
    }
    if (r.profile)
        r.plan = computePlan(*r.profile);
    // In a private /dev/shm everything in it is the job's; on the host's, only the files the
    // job's processes held are surely its own.
    r.peak = run.privateShm ? std::max(run.shmPeak, run.shmHeldPeak) : run.shmHeldPeak;
    // Held files are counted at their mapped length, which may exceed what a tmpfs allocated;
    // nothing can use more than the /dev/shm it had.
    if (run.privateShm && run.shmSize && r.peak > *run.shmSize)
        r.peak = *run.shmSize;
    r.peakSource = run.privateShm ? QStringLiteral("private") : QStringLiteral("held");
    // The plan never falls below what was measured: what the loaders' terms do not explain
    // becomes the job's other shared memory, named by what the hook saw of it.
    if (r.profile && r.plan) {
        Bytes margin = 0;
        for (const PlanTerm &t : r.plan->breakdown)
            if (t.id == QLatin1String("margin"))
                margin = t.bytes;
        const Bytes modelled = r.plan->requiredBytes - std::min(margin, r.plan->requiredBytes);
        if (r.peak > modelled) {
            QStringList kinds;
            for (const MeasuredLoader &l : run.log.loaders)
                if (!l.seen())
                    kinds << Tr::tr("loader %1 delivered no batch, so its sample is a guess")
                                 .arg(l.name);
            for (const MeasuredLoader &l : run.log.loaders)
                if (l.truncated)
                    kinds << Tr::tr("the batches of %1 hold more tensors than were counted")
                                 .arg(l.name);
            Bytes byScript = 0;
            for (auto it = run.log.sharedByScript.cbegin(); it != run.log.sharedByScript.cend();
                 ++it) {
                byScript = satAdd(byScript, it.value());
                if (kinds.size() < 4)
                    kinds << Tr::tr("tensors shared by the script at %1 (%2)")
                                 .arg(it.key().isEmpty()
                                          ? Tr::tr("an unknown place")
                                          : QFileInfo(it.key().section(QLatin1Char(':'), 0, -2))
                                                    .fileName() +
                                                QLatin1Char(':') +
                                                it.key().section(QLatin1Char(':'), -1),
                                      formatSize(it.value()));
            }
            if (byScript < r.peak - modelled)
                kinds << Tr::tr("not explained by the loaders' batches: tensors sent through "
                                "queues, batches kept by the script's own objects, NCCL, a "
                                "Dataset moved to /dev/shm");
            r.profile->job.otherShmBytes = roundUp(r.peak - modelled, PageSize);
            r.profile->job.otherShmKind = kinds.join(QStringLiteral("; "));
            r.plan = computePlan(*r.profile);
            r.notes.prepend(Tr::tr("The measured peak, %1, is above what the loaders' terms "
                                   "explain (%2): the rest, %3, is planned as the job's other "
                                   "shared memory (%4), so the plan is never below what was "
                                   "measured.")
                                .arg(formatSize(r.peak), formatSize(modelled),
                                     formatSize(r.profile->job.otherShmBytes),
                                     r.profile->job.otherShmKind));
        }
        // A /dev/shm that ran out held the peak down: the plan is above it by design.
        if (r.peak > 0 && r.plan->requiredBytes > 3 * r.peak && run.log.totalBatches > 0 &&
            !r.shmRanOut)
            r.notes.append(Tr::tr("The plan, %1, is more than three times the measured peak, %2: "
                                  "the plan counts every worker's queue full and the largest "
                                  "batch seen at once, which a short run rarely reaches; "
                                  "check the loaders' settings above if that is not so.")
                               .arg(formatSize(r.plan->requiredBytes), formatSize(r.peak)));
    }
    for (const MeasuredProcess &p : run.processes) {
        if (p.role == QLatin1String("worker")) {
            ++r.workers;
            r.workerPrivate = std::max(r.workerPrivate, p.maxPrivate);
            if (p.settled && p.maxDirtyAfter > p.firstDirty)
                r.workerGrowth = std::max(r.workerGrowth, p.maxDirtyAfter - p.firstDirty);
        } else if (p.role == QLatin1String("main")) {
            r.mainPrivate = p.maxPrivate;
        }
    }
    if (r.workers > 0 && r.workerGrowth >= 64 * MiB)
        r.notes.append(Tr::tr("A worker's private memory grew by %1 while it ran: copy-on-read. "
                              "Reading Python lists and dicts of the Dataset touches their "
                              "reference counts and copies their pages into every worker; hold "
                              "such data in NumPy arrays or tensors.")
                           .arg(formatSize(r.workerGrowth)));
    if (run.cgroupLimit && r.plan) {
        const Bytes ram = r.mainPrivate + Bytes(r.workers) * r.workerPrivate;
        if (ram + r.plan->requiredBytes > *run.cgroupLimit)
            r.notes.append(Tr::tr("The job's memory limit, %1, must hold its RAM (about %2 "
                                  "measured) and its /dev/shm (%3 planned): tmpfs pages are "
                                  "charged to the job's cgroup.")
                               .arg(formatSize(*run.cgroupLimit), formatSize(ram),
                                    formatSize(r.plan->requiredBytes)));
    }
    if (!run.pythonWarnings.isEmpty() || run.log.hookPids.isEmpty())
        r.notes.append(
            run.pythonWarnings.isEmpty()
                ? Tr::tr("The hook never ran: the command did not start Python, or started it "
                         "without site or PYTHONPATH. Only the /dev/shm use is measured.")
                : Tr::tr("%1. Only the /dev/shm use is measured.")
                      .arg(run.pythonWarnings.join(QStringLiteral("; "))));
    else if (run.log.torchVersion.isEmpty())
        r.notes.append(Tr::tr("The job never imported torch.utils.data: no DataLoader to "
                              "measure. Only the /dev/shm use is measured."));
    for (const QString &e : run.log.hookErrors)
        r.notes.append(
            Tr::tr("The hook switched itself off (%1); the job went on without it.").arg(e));
    if (!r.causeText.isEmpty())
        r.notes.prepend(r.causeText);
    return r;
}

} // namespace shmwise
