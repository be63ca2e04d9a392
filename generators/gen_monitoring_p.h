// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "generators/artifacts.h"
#include "generators/filetext.h"

namespace shmwise::gen {

// The thresholds the alerts use, as `shmwise watch` uses them by default: warn at 80% of
// /dev/shm (or of the quota, or of the memory limit it is charged to), critical at 95%.
inline constexpr int MonitorWarnPercent = 80;
inline constexpr int MonitorCritPercent = 95;
// Where Debian's prometheus-node-exporter reads text files (its --collector.textfile.directory).
inline constexpr const char *TextfileDirectory = "/var/lib/prometheus/node-exporter";

// The target `shmwise watch` samples for this job from the host it runs on: "local" for a job on
// the host's own /dev/shm, "docker://NAME" for the container docker run names, "k8s://NS/" for a
// Kubernetes job (the namespace's memory emptyDirs from the kubelets, `watch --kubelet`, run
// where kubectl reaches the cluster); empty where no sampler reaches the job's /dev/shm by a
// name known now (a cloud service's container).
QString monitorTarget(const Profile &profile);

// Monitoring for every environment: Prometheus alerting rules on the metrics `shmwise watch
// --textfile` writes for node_exporter, and where the job's host can sample it, a systemd
// service and timer that write those metrics.
QVector<Artifact> monitoringArtifacts(const Profile &profile, const ShmPlan &plan,
                                      const FileText &text = FileText());

} // namespace shmwise::gen
