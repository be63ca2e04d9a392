// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "probes/findings.h"
#include "probes/probefacts.h"

#include <QByteArray>
#include <QRegularExpression>

#include <vector>

// What the failures diagnoseLog() knows look like in a log, and what they mean: the patterns
// and keywords per id, and each finding's title and fix. The reading itself is LogDiagnoser's.
namespace shmwise::diagnosisrules {

struct Rule
{
    const char *id;
    FindingSeverity severity;
    QRegularExpression certain;
    QRegularExpression possible; // empty: none
};

// Order matters: a line is claimed by the first rule that matches it.
const std::vector<Rule> &rules();
// What a line must contain (ASCII letters in any case) for each rule's patterns to be tried, in
// the order of rules().
const std::vector<std::vector<QByteArray>> &ruleKeywords();
// Lines that matter to the context (a SemLock frame, shared memory named) without a rule.
const std::vector<QByteArray> &contextKeywords();

// Figures the log itself gives beside its findings.
struct LogFigures
{
    Bytes ncclSegment = 0; // the largest /dev/shm segment NCCL named (its "size" or "to N bytes")
    QString ncclVersion;   // "2.18.1", from "NCCL version 2.18.1"
    // NCCL_DEBUG=INFO (ALLOC): "Allocated N bytes of shared memory in /dev/shm/nccl-X", summed.
    Bytes ncclAllocated = 0;
    quint64 ncclAllocations = 0;
};

// Fills in a finding's title and fix from its id; facts, when known, sharpen the fix, and so
// do the log's own figures.
void describe(Finding &f, const HostFacts *facts, const LogFigures &figures = {});

} // namespace shmwise::diagnosisrules
