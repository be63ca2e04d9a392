// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "probes/clusterview.h"

#include <QString>

#include <optional>

namespace shmwise {

// What a cluster's watch was asked for.
struct ClusterWatch
{
    QString ns;       // empty: kubectl's current namespace
    QString selector; // empty: every pod of the namespace
    ProbeOptions options;
    int jobs = 8;
    double interval = 2;
    ClusterThresholds thresholds;
    std::optional<qint64> samples;
    bool json = false;
    QString textfileDir;
};

// Every interval, the view of readClusterView(): a table (or a JSON object) per round, the text
// file rewritten. With --once or --samples the exit status is the worst pod's: 4 at --crit, 3 at
// --warn, 2 when the pods could not be listed or a pod's node could not be read.
int watchCluster(const ClusterWatch &w);

} // namespace shmwise
