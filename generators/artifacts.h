// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/diagnostic.h"
#include "core/profile.h"
#include "core/sizing.h"
#include "generators/filetext.h"

#include <QString>
#include <QVector>

namespace shmwise {

// A note tied to the line of an artifact it explains (1-based).
struct LineNote
{
    int line = 0;
    QString text; // translated
};

// One generated file: what people paste into production, with why.
struct Artifact
{
    QString id;       // stable, e.g. "docker-run", "k8s-job", "dataloader"
    QString title;    // translated
    QString fileName; // suggested, e.g. "docker-run.sh", "job.yaml"
    QString syntax; // KSyntaxHighlighting definition name: "Bash", "YAML", "Python", "INI", "JSON"
    QString text;
    QString summary; // translated: why this file, in a few sentences
    QVector<LineNote> notes;
    // The ShmWise validator that checks this file, when there is one for its format.
    std::optional<ConfigKind> validator;
    // Scripts are saved executable.
    bool isScript() const { return text.startsWith(QLatin1String("#!")); }
};

// The validator for an artifact id (docker-run, k8s-job, ...), or nullopt when none reads it.
std::optional<ConfigKind> validatorFor(const QString &artifactId);

// Every artifact for the profile's environment, in the order a user applies them. Pure: no I/O.
// The files' text depends only on the profile, the plan and the options, never on the UI's
// language; titles, summaries and notes are in the UI's.
QVector<Artifact> generateArtifacts(const Profile &profile, const ShmPlan &plan,
                                    const GenerateOptions &options = GenerateOptions());

} // namespace shmwise
