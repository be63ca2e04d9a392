// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The validators' public API; what the per-format validators share is in
// validators/validate_common_p.h.

#include "core/diagnostic.h"

#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace shmwise {

// Checks a config file's text, as generated or as a user brings it. Pure: no I/O, never throws,
// and any bytes give diagnostics rather than a crash. Diagnostics are sorted by line.
QVector<Diagnostic> validateConfig(ConfigKind kind, const QString &text);

// Only whether YAML reads the text (tabs, syntax, duplicate keys), for a YAML file of a format
// ShmWise has no checker of its own for (Prometheus rules, CI files).
QVector<Diagnostic> validateYamlSyntax(const QString &text);

// Guesses the format from the file name first (fstab, *.py, docker-compose*.yml, sysctl.d/...,
// limits.d/...), then from the content. nullopt when neither says.
std::optional<ConfigKind> guessConfigKind(const QString &fileName, const QString &text);

// The version of libyaml that reads YAML files for validate, e.g. "0.2.5".
QString yamlParserVersion();

// Whose syntax a size is written in: Docker's (go-units RAMInBytes, as Docker, Podman and
// Compose read --shm-size and shm_size), a Kubernetes quantity (sizeLimit: 8Gi), or the kernel's
// tmpfs size= (8g).
enum class SizeSyntax
{
    Docker,
    Kubernetes,
    Kernel
};

// A size as that tool reads it, in bytes (Kubernetes quantities rounded up; saturating);
// nullopt with the reason in *why when the tool refuses it. The kernel's N% is a valid size=
// but no byte count: nullopt with *percent set, for the caller to say so, and *why untouched.
std::optional<quint64> parseToolSize(SizeSyntax syntax, const QString &text, QString *why,
                                     bool *percent = nullptr);

// The words of one command line as POSIX sh splits them (single and double quotes, backslashes
// removed), for a program that runs it without a shell (the wizard's Measure dialog). nullopt,
// with the reason in *why, when a quote is never closed, the line ends in a lone backslash, or it
// holds what only a shell does, which would otherwise reach the program as text: an operator
// (; & | < > ( ) or a newline), a $ expansion or a backquote outside single quotes.
std::optional<QStringList> splitCommandWords(const QString &text, QString *why);

// A /dev/shm size a config file sets, and where: docker run's --shm-size, Compose's shm_size, the
// sizeLimit of a Kubernetes emptyDir of medium Memory, fstab's size= for /dev/shm.
struct ShmSizeSet
{
    int line = 0; // 1-based
    quint64 bytes = 0;
    QString text; // as written
};
QVector<ShmSizeSet> shmSizesSet(ConfigKind kind, const QString &text);
// The file held against the plan. An error at each size of the file below `requiredBytes` (the
// plan's least /dev/shm for the job; of several --shm-size, the last, which Docker takes), and
// where a container file sets none and shares none (the runtime's 64 MiB); for the DataLoader
// settings (Python), at a batch_size, num_workers or prefetch_factor above the one `generated`
// (the file as generated for the plan) has. A file edited back to what crashed the job does not
// pass as it is.
QVector<Diagnostic> checkShmAgainstPlan(ConfigKind kind, const QString &text, quint64 requiredBytes,
                                        const QString &generated = {});

} // namespace shmwise
