// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// LogDiagnoser's reading of a log, line by line (diagnosisread.cpp): what it keeps while it reads
// (the findings so far, the context that decides a bare message), shared with diagnosis.cpp,
// which settles the findings at the end.

#include "probes/diagnosis.h"
#include "probes/diagnosisinput.h"
#include "probes/diagnosisrules_p.h"

#include <QRegularExpression>

#include <array>
#include <optional>
#include <vector>

namespace shmwise {

namespace diagnosisread {

// A log line longer than this is searched in pieces of this size that overlap by Overlap bytes,
// so that a log without line breaks still needs bounded memory and a match is not lost at a
// piece's edge.
inline constexpr qsizetype MaxPiece = 1 << 20;
inline constexpr qsizetype Overlap = 4096;
// What the previous line contributes when a message is wrapped over two lines.
inline constexpr qsizetype WrapTail = 400;
// Evidence longer than this is shown as the part around the match.
inline constexpr qsizetype MaxEvidence = 300;
// Lines between a SemLock frame and the OSError it raised.
inline constexpr qint64 SemLockReach = 6;
// Lines from a data loader's __next__ frame to the exception that ends its traceback.
inline constexpr qint64 LoaderFrameReach = 40;
// Lines between a bus error and a frame of NCCL's in the stack printed with it.
inline constexpr qint64 NcclFrameReach = 40;

// Each rule's keywords as a scanner, in the order of rules().
const std::vector<KeywordScanner> &ruleScanners();
// The lines worth a closer look: those with any rule's or the context's keyword.
const KeywordScanner &scanner();
bool contains(const KeywordScanner &keys, QByteArrayView bytes);
const QRegularExpression &enospc();
// Docker's json-file driver wraps every line: the message inside, or nothing.
std::optional<QString> unwrapDockerJson(QByteArrayView line);
// Evidence longer than MaxEvidence, shortened around the match.
QString shorten(const QString &line, qsizetype at);

} // namespace diagnosisread

struct LogDiagnoser::Private
{
    using Rule = diagnosisrules::Rule;
    const HostFacts *facts = nullptr;
    LogDecoder decoder;
    QByteArray pending;  // decoded bytes not yet scanned: the start of an unfinished line
    qint64 line = 1;     // number of the line pending starts in
    QByteArray prevTail; // the end of the line before pending, for wrapped messages
    qint64 bytes = 0;
    qint64 lines = 0;
    bool finished = false;
    std::vector<Finding> found = std::vector<Finding>(diagnosisrules::rules().size());
    std::vector<qint64> lastLine = std::vector<qint64>(diagnosisrules::rules().size(), 0);
    bool shmMentioned = false;
    qint64 semLockLine = -diagnosisread::SemLockReach - 1;
    // The last frame of code that writes shared memory, for a bare EDQUOT under it.
    qint64 shmWriterLine = -diagnosisrules::ShmWriterReach - 1;
    // Slurm cancelled the step ("*** STEP 42.0 ON n1 CANCELLED AT ...", "srun: forcing job
    // termination"): srun then reports each task as "Killed", which is not memory.
    bool stepCancelled = false;
    // A launcher said it kills its own processes: SGLang after a child failed ("Received
    // sigquit from a child process", then SIGKILL to its tree, which the shell reports as
    // "Killed"), torchrun escalating to SIGKILL ("forcefully exitting via 9"). A bare kill is
    // then the launcher's, not memory's; the child's own error is the cause.
    bool launcherKilled = false;
    // A kill line other than srun's "task N: Killed": the OOM killer, a limit, exit code 137.
    bool hostOomStrong = false;
    // The log speaks of DataLoaders, workers or PyTorch at all.
    bool loaderMentioned = false;
    // Figures the log gives: the /dev/shm segment NCCL asked for and its release.
    diagnosisrules::LogFigures figures;
    bool ncclSized = false; // figures.ncclSegment is a "(size N)", not a file's length
    // The last traceback frame inside a data loader's __next__, for a bare TimeoutError.
    qint64 loaderFrameLine = -diagnosisread::LoaderFrameReach - 1;
    // A frame in NCCL's library or its shared-memory code (a bus error's stack).
    qint64 ncclFrameLine = 0;
    // Why each finding is as sure as it is (English; translated in finish()).
    std::vector<const char *> why =
        std::vector<const char *>(diagnosisrules::rules().size(), nullptr);

    explicit Private(const HostFacts *f, bool utf8) : facts(f), decoder(utf8) {}

    void consume(bool atEnd);
    void scan(const char *data, qsizetype n, bool endsLine);
    void classify(const char *p, qsizetype n, qint64 lineNo, QByteArrayView prev,
                  QByteArrayView next);
    bool matchJoined(QByteArrayView first, QByteArrayView second, qint64 lineNo);
    // The rule that claimed the line, -1 for none, or -2 when the context decided (not cached).
    int match(QByteArrayView raw, const QString &text, qint64 lineNo);

    // Lines that repeat with only their numbers changed (a warning per rank, a "Killed" per
    // worker) are claimed once and then recognised by their shape: digits read as 0.
    struct Shape
    {
        QByteArray key;
        int rule = -1;
    };
    std::array<Shape, 8> shapes;
    size_t nextShape = 0;
    static QByteArray shapeOf(QByteArrayView line);
    void record(size_t rule, Certainty certainty, const char *why, const QString &text,
                qsizetype at, qint64 lineNo);
    void readNcclFigures(const QString &text);
    size_t ruleIndex(const char *id) const;
};

} // namespace shmwise
