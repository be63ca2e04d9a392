// SPDX-License-Identifier: GPL-3.0-or-later
#include "generators/gen_common.h"
#include "generators/gen_monitoring_p.h"

#include <QRegularExpression>

namespace shmwise::gen {

namespace {

// A PromQL string literal's contents: backslash and double quote escaped.
QString promString(const QString &s)
{
    QString out = s;
    out.replace(QLatin1Char('\\'), QStringLiteral("\\\\"));
    out.replace(QLatin1Char('"'), QStringLiteral("\\\""));
    return out;
}

// A word of a systemd ExecStart= line: `%` and `$` would be expanded, and a word with a space or
// a quote is quoted.
QString systemdWord(const QString &word)
{
    QString w = word;
    w.replace(QLatin1Char('%'), QStringLiteral("%%"));
    w.replace(QLatin1Char('$'), QStringLiteral("$$"));
    static const QRegularExpression plain(QStringLiteral(R"(^[A-Za-z0-9_./:@%$+=,-]+$)"));
    if (plain.match(w).hasMatch())
        return w;
    w.replace(QLatin1Char('\\'), QStringLiteral("\\\\"));
    w.replace(QLatin1Char('"'), QStringLiteral("\\\""));
    return QLatin1Char('"') + w + QLatin1Char('"');
}

// A YAML single-quoted scalar.
QString single(const QString &s)
{
    return QLatin1Char('\'') + QString(s).replace(QLatin1Char('\''), QStringLiteral("''")) +
           QLatin1Char('\'');
}

struct Alert
{
    const char *name;
    QString expr;
    const char *forTime;
    const char *severity;
    QString summary;
    QString description;
};

const char *const kServiceName = "shmwise-shm-metrics";

} // namespace

QString monitorTarget(const Profile &profile)
{
    switch (profile.environment) {
    case Environment::BareMetal:
    case Environment::Slurm:
    case Environment::Ansible:
        return QStringLiteral("local");
    case Environment::Docker:
        return QStringLiteral("docker://") + profile.job.name;
    case Environment::Kubernetes:
        return QStringLiteral("k8s://%1/").arg(profile.kubernetes.ns);
    default:
        return QString();
    }
}

QVector<Artifact> monitoringArtifacts(const Profile &profile, const ShmPlan &plan,
                                      const FileText &text)
{
    const QString target = monitorTarget(profile);
    const bool kubelet = profile.environment == Environment::Kubernetes;
    // The metrics of this job's target only, where it has one: the rules of one job do not
    // speak for another job's /dev/shm on the same Prometheus. A pod's own /dev/shm metrics
    // (watch --target k8s://NS/POD) are named by a pod unknown now: those rules take any target.
    const QString sel = target.isEmpty() || kubelet
                            ? QString()
                            : QStringLiteral("{target=\"%1\"}").arg(promString(target));
    auto m = [&](const char *metric) {
        return QLatin1String(metric) + sel;
    };
    const double warn = MonitorWarnPercent / 100.0;
    const double crit = MonitorCritPercent / 100.0;
    const QString where = QStringLiteral("{{ $labels.target }} on {{ $labels.host }}");

    QVector<Alert> alerts;
    alerts << Alert{
        "ShmFilling",
        QStringLiteral("%1 / %2 > %3")
            .arg(m("shmwise_shm_used_bytes"), m("shmwise_shm_size_bytes"))
            .arg(warn),
        "5m",
        "warning",
        QStringLiteral("/dev/shm of %1 is {{ $value | humanizePercentage }} full").arg(where),
        QStringLiteral("A process that writes more to a full /dev/shm gets a Bus error "
                       "(SIGBUS). shmwise watch --target {{ $labels.target }} shows "
                       "who holds it and how fast it fills.")};
    alerts << Alert{
        "ShmAlmostFull",
        QStringLiteral("%1 / %2 > %3")
            .arg(m("shmwise_shm_used_bytes"), m("shmwise_shm_size_bytes"))
            .arg(crit),
        "1m",
        "critical",
        QStringLiteral("/dev/shm of %1 is {{ $value | humanizePercentage }} full").arg(where),
        QStringLiteral("The next DataLoader batch or shared tensor may not fit: the "
                       "job dies with a Bus error. Give it a larger /dev/shm or fewer "
                       "workers (shmwise plan says how much).")};
    alerts << Alert{"ShmQuotaFilling",
                    QStringLiteral("%1 / %2 > %3")
                        .arg(m("shmwise_shm_quota_used_bytes"), m("shmwise_shm_quota_limit_bytes"))
                        .arg(warn),
                    "5m",
                    "warning",
                    QStringLiteral("The user's quota on /dev/shm of %1 is {{ $value | "
                                   "humanizePercentage }} used")
                        .arg(where),
                    QStringLiteral("Writes fail with Disk quota exceeded (EDQUOT) while df still "
                                   "shows free space: the tmpfs quota (systemd 258 gives each "
                                   "user 80% of /dev/shm) is the limit, not the size.")};
    alerts << Alert{
        "ShmMemoryLimitNear",
        QStringLiteral("%1 / %2 > %3")
            .arg(m("shmwise_shm_memory_current_bytes"), m("shmwise_shm_memory_limit_bytes"))
            .arg(crit),
        "5m",
        "warning",
        QStringLiteral("The memory limit /dev/shm of %1 is charged to is {{ $value | "
                       "humanizePercentage }} used")
            .arg(where),
        QStringLiteral("/dev/shm pages count toward the memory limit of the cgroup "
                       "that first touched them: the job is OOM-killed before "
                       "/dev/shm is full. Raise the limit by the /dev/shm size.")};
    alerts << Alert{"ShmLeakedFiles",
                    m("shmwise_shm_leaked_bytes") + QStringLiteral(" > 0"),
                    "30m",
                    "warning",
                    QStringLiteral("{{ $value | humanize1024 }}B of /dev/shm of %1 is held by "
                                   "no process")
                        .arg(where),
                    QStringLiteral("Files left by a crashed job stay until they are removed or "
                                   "the host reboots. shmwise clean --target {{ $labels.target }} "
                                   "lists them; --yes removes them.")};
    if (kubelet) {
        // The namespace's memory emptyDirs, as `watch --kubelet` writes them from the kubelets'
        // Summary API.
        const QString ns =
            QStringLiteral("{namespace=\"%1\"}").arg(promString(profile.kubernetes.ns));
        const QString pod = QStringLiteral("{{ $labels.volume }} of {{ $labels.namespace }}/{{ "
                                           "$labels.pod }} on {{ $labels.node }}");
        for (const bool almost : {false, true})
            alerts << Alert{
                almost ? "ShmEmptyDirAlmostFull" : "ShmEmptyDirFilling",
                QStringLiteral("shmwise_emptydir_used_bytes%1 / shmwise_emptydir_size_bytes%1 > %2")
                    .arg(ns)
                    .arg(almost ? crit : warn),
                almost ? "1m" : "5m",
                almost ? "critical" : "warning",
                QStringLiteral("The memory emptyDir %1 is {{ $value | humanizePercentage }} full")
                    .arg(pod),
                almost ? QStringLiteral("The next DataLoader batch or shared tensor may not fit: "
                                        "the pod's process dies with a Bus error. Raise its "
                                        "sizeLimit and memory limit together (shmwise plan says "
                                        "how much).")
                       : QStringLiteral("A process that writes more to a full /dev/shm gets a Bus "
                                        "error. shmwise watch --target k8s://{{ $labels.namespace "
                                        "}}/ --kubelet shows every pod's.")};
        alerts << Alert{
            "ShmEmptyDirLimitAboveMemoryLimit",
            QStringLiteral("shmwise_emptydir_size_limit_bytes%1 > "
                           "shmwise_pod_memory_limit_bytes%1")
                .arg(ns),
            "10m",
            "warning",
            QStringLiteral("The sizeLimit of %1 is above the pod's memory limit").arg(pod),
            QStringLiteral("The files count toward the pod's memory limit: the pod "
                           "is OOM-killed before the emptyDir is full. Raise the "
                           "memory limit by the sizeLimit.")};
        if (plan.requiredBytes > 0)
            alerts << Alert{"ShmEmptyDirSmallerThanPlan",
                            QStringLiteral("shmwise_emptydir_size_bytes%1 < %2")
                                .arg(ns)
                                .arg(plan.requiredBytes),
                            "5m",
                            "critical",
                            QStringLiteral("The memory emptyDir %1 is {{ $value | humanize1024 "
                                           "}}B, less than the %2 bytes the job needs")
                                .arg(pod)
                                .arg(plan.requiredBytes),
                            QStringLiteral("ShmWise's plan for %1 needs at least %2 of /dev/shm: "
                                           "a pod with less dies with a Bus error. Apply the "
                                           "generated manifest.")
                                .arg(promString(profile.job.name), formatSize(plan.requiredBytes))};
    }
    if (!target.isEmpty() && !kubelet && plan.requiredBytes > 0)
        alerts << Alert{"ShmSmallerThanPlan",
                        m("shmwise_shm_size_bytes") +
                            QStringLiteral(" < %1").arg(plan.requiredBytes),
                        "5m",
                        "critical",
                        QStringLiteral("/dev/shm of %1 is {{ $value | humanize1024 }}B, less "
                                       "than the %2 bytes the job needs")
                            .arg(where)
                            .arg(plan.requiredBytes),
                        QStringLiteral("ShmWise's plan for %1 needs at least %2 of /dev/shm: "
                                       "the job dies with a Bus error in this one. Apply the "
                                       "generated files, or restart the container with them.")
                            .arg(promString(profile.job.name), formatSize(plan.requiredBytes))};
    alerts << Alert{"ShmSamplingFailed",
                    m("shmwise_shm_up") + QStringLiteral(" == 0"),
                    "5m",
                    "warning",
                    QStringLiteral("shmwise cannot sample /dev/shm of %1").arg(where),
                    QStringLiteral("The target does not answer (a stopped container, a host "
                                   "that does not answer, a missing tool): the other alerts "
                                   "see no new figures.")};
    alerts << Alert{"ShmMetricsStale",
                    QStringLiteral("time() - "
                                   "node_textfile_mtime_seconds{file=~\".*shmwise_shm[.]prom\"} "
                                   "> 300"),
                    "5m",
                    "warning",
                    QStringLiteral("The /dev/shm metrics on {{ $labels.instance }} are "
                                   "{{ $value | humanizeDuration }} old"),
                    QStringLiteral("shmwise watch --textfile has not written "
                                   "shmwise_shm.prom for five minutes: its timer or service "
                                   "stopped.")};

    QVector<Artifact> out;
    {
        Artifact a;
        a.id = QStringLiteral("prometheus-rules");
        a.title = Tr::tr("Prometheus alerting rules for /dev/shm");
        a.fileName = QStringLiteral("shm-alerts.yml");
        a.syntax = QStringLiteral("YAML");
        a.summary =
            Tr::tr("Alerts before /dev/shm breaks the job: at %1% and %2% full, at %1% of the "
                   "user's quota, near the memory limit /dev/shm is charged to, for files no "
                   "process holds, and when the metrics stop. They read the metrics shmwise "
                   "watch --textfile writes for node_exporter's textfile collector "
                   "(node_exporter leaves /dev/shm out of its own file system metrics). Add the "
                   "file to rule_files in prometheus.yml; promtool check rules shm-alerts.yml "
                   "checks it.")
                .arg(MonitorWarnPercent)
                .arg(MonitorCritPercent);
        if (target.isEmpty())
            a.summary +=
                QLatin1Char(' ') +
                Tr::tr("No sampler is generated for %1: run shmwise watch --target T "
                       "--textfile DIR where it reaches the job (a pod's k8s:// target from a "
                       "machine with kubectl), with DIR node_exporter's textfile directory.")
                    .arg(environmentName(profile.environment));
        else if (kubelet)
            a.summary += QLatin1Char(' ') +
                         Tr::tr("For the pods of namespace %1 they also read what shmwise watch "
                                "--kubelet writes from the kubelets (each memory emptyDir's use, "
                                "size and sizeLimit, and the pod's memory limit), and say when "
                                "one is smaller than the %2 the job needs.")
                             .arg(profile.kubernetes.ns, formatSize(plan.requiredBytes));
        else
            a.summary += QLatin1Char(' ') +
                         Tr::tr("They watch %1 only, and say when its /dev/shm is smaller than "
                                "the %2 the job needs.")
                             .arg(target, formatSize(plan.requiredBytes));
        TextBuilder b(text);
        b.comment("# ",
                  QT_TRANSLATE_NOOP("shmwise::FileText",
                                    "Prometheus alerting rules for /dev/shm. They read the metrics "
                                    "that shmwise watch\n--textfile writes for node_exporter's "
                                    "textfile collector. Add this file to rule_files\nin "
                                    "prometheus.yml."));
        b.line("groups:");
        b.line("  - name: shmwise-shm");
        b.line("    rules:");
        for (const Alert &al : std::as_const(alerts)) {
            b.line(QStringLiteral("      - alert: %1").arg(QLatin1String(al.name)));
            b.line(QStringLiteral("        expr: %1").arg(single(al.expr)));
            if (QLatin1String(al.name) == QLatin1String("ShmSmallerThanPlan"))
                b.note(Tr::tr("The plan's least /dev/shm for this job, %1: below it the job "
                              "dies with a Bus error.")
                           .arg(formatSize(plan.requiredBytes)));
            else if (QLatin1String(al.name) == QLatin1String("ShmMemoryLimitNear"))
                b.note(Tr::tr("memory.current counts the page cache too, which the kernel "
                              "reclaims first: the alert waits for %1% for five minutes.")
                           .arg(MonitorCritPercent));
            else if (!sel.isEmpty() && QLatin1String(al.name) == QLatin1String("ShmFilling"))
                b.note(Tr::tr("Only the metrics of %1, the target the generated timer samples.")
                           .arg(target));
            b.line(QStringLiteral("        for: %1").arg(QLatin1String(al.forTime)));
            b.line("        labels:");
            b.line(QStringLiteral("          severity: %1").arg(QLatin1String(al.severity)));
            b.line("        annotations:");
            b.line(QStringLiteral("          summary: %1").arg(single(al.summary)));
            b.line(QStringLiteral("          description: %1").arg(single(al.description)));
        }
        b.finish(&a);
        out << a;
    }
    if (target.isEmpty())
        return out;

    const QString dir = QLatin1String(TextfileDirectory);
    {
        Artifact a;
        a.id = QStringLiteral("systemd-metrics-service");
        a.title = Tr::tr("systemd service that writes the /dev/shm metrics");
        a.fileName = QLatin1String(kServiceName) + QStringLiteral(".service");
        a.syntax = QStringLiteral("INI");
        a.summary = Tr::tr("Samples %1 once (shmwise watch --once) and writes shmwise_shm.prom "
                           "into %2, the directory Debian's prometheus-node-exporter reads, "
                           "atomically. Its timer starts it; install both into "
                           "/etc/systemd/system.")
                        .arg(target, dir);
        if (kubelet)
            a.summary += QLatin1Char(' ') +
                         Tr::tr("Install them on a machine whose root has a kubeconfig for the "
                                "cluster (its own, or the one KUBECONFIG names in the service's "
                                "environment) and whose node_exporter Prometheus scrapes; the "
                                "kubeconfig's user needs to list pods and nodes and to get the "
                                "nodes/proxy resource. No pod is entered: each node's kubelet is "
                                "asked once.");
        TextBuilder b(text);
        b.comment("# ",
                  QT_TRANSLATE_NOOP("shmwise::FileText",
                                    "Writes the /dev/shm metrics for node_exporter's textfile "
                                    "collector; started by its\ntimer."));
        b.line("[Unit]");
        b.line(QStringLiteral("Description=Write /dev/shm metrics of %1 for node_exporter")
                   .arg(QString(target).replace(QLatin1Char('%'), QStringLiteral("%%"))));
        b.line("Documentation=man:shmwise(1)");
        b.line(profile.environment == Environment::Docker ? "After=local-fs.target docker.service"
               : kubelet ? "After=local-fs.target network-online.target"
                         : "After=local-fs.target");
        if (kubelet)
            b.line("Wants=network-online.target");
        b.line("");
        b.line("[Service]");
        b.line("Type=oneshot");
        b.line(QStringLiteral("ExecStart=/usr/bin/shmwise watch --once --target %1%2 --textfile %3")
                   .arg(systemdWord(target), kubelet ? QStringLiteral(" --kubelet") : QString(),
                        systemdWord(dir)));
        if (kubelet)
            b.note(Tr::tr("Every memory emptyDir volume of the namespace, from each node's kubelet "
                          "(one kubectl call per node), with no exec into any pod."));
        if (profile.environment == Environment::Docker)
            b.note(Tr::tr("The container docker run names %1: the /dev/shm inside it is the "
                          "job's, not the host's.")
                       .arg(profile.job.name));
        b.comment("# ", QT_TRANSLATE_NOOP(
                            "shmwise::FileText",
                            "--once exits 3 at the warning and 4 at the critical threshold: "
                            "the alerts report\nthose, the unit has not failed."));
        b.line("SuccessExitStatus=3 4");
        b.line("StandardOutput=null");
        b.comment("# ", QT_TRANSLATE_NOOP(
                            "shmwise::FileText",
                            "Read-only but for the textfile directory. No PrivateDevices or "
                            "PrivateIPC: they would\ngive the service a /dev/shm of its own."));
        b.line("ProtectSystem=strict");
        b.line(QStringLiteral("ReadWritePaths=%1").arg(dir));
        if (kubelet)
            b.line("ReadWritePaths=-/root/.kube/cache");
        b.line("ProtectHome=read-only");
        b.line("NoNewPrivileges=yes");
        b.finish(&a);
        out << a;
    }
    {
        Artifact a;
        a.id = QStringLiteral("systemd-metrics-timer");
        a.title = Tr::tr("systemd timer that samples /dev/shm every 30 seconds");
        a.fileName = QLatin1String(kServiceName) + QStringLiteral(".timer");
        a.syntax = QStringLiteral("INI");
        a.summary =
            Tr::tr("Starts the service every 30 seconds, so the alerts' 5-minute windows have ten "
                   "samples. After copying both files: systemctl daemon-reload && systemctl "
                   "enable --now %1.timer.")
                .arg(QLatin1String(kServiceName));
        TextBuilder b(text);
        b.comment("# ", QT_TRANSLATE_NOOP("shmwise::FileText",
                                          "Starts the /dev/shm metrics service every 30 seconds."));
        b.line("[Unit]");
        b.line(QStringLiteral("Description=Sample /dev/shm of %1 every 30 seconds")
                   .arg(QString(target).replace(QLatin1Char('%'), QStringLiteral("%%"))));
        b.line("");
        b.line("[Timer]");
        b.line("OnBootSec=30s");
        b.line("OnUnitActiveSec=30s");
        b.line("AccuracySec=1s");
        b.line("");
        b.line("[Install]");
        b.line("WantedBy=timers.target");
        b.finish(&a);
        out << a;
    }
    return out;
}

} // namespace shmwise::gen
