// SPDX-License-Identifier: GPL-3.0-or-later
#include "testutil.h"

#include "core/profile.h"
#include "core/sizing.h"
#include "probes/findings.h"
#include "probes/hostfill.h"

#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

using namespace shmwise;

namespace {

HostFacts host()
{
    HostFacts f;
    f.reportVersion = 1;
    f.complete = true;
    f.shmSizeBytes = 8 * GiB;
    f.shmUsedBytes = 0;
    f.shmFreeBytes = 8 * GiB;
    f.memTotalBytes = 64 * GiB;
    f.memoryLimitKnown = true;
    f.containerRuntime = QStringLiteral("none");
    f.orchestrator = QStringLiteral("none");
    f.nofileSoft = 65536;
    f.nofileHard = 65536;
    f.shmmax = 18446744073692774399ULL;
    f.shmall = 18446744073692774399ULL;
    f.shmmni = 4096;
    return f;
}

QStringList ids(const QVector<Finding> &fs)
{
    QStringList s;
    for (const Finding &f : fs)
        s << f.id;
    return s;
}

// A plan that needs `bytes` of /dev/shm and `nofile` open files.
ShmPlan plan(Bytes bytes, quint64 nofile = 1024, quint64 openFiles = 10)
{
    ShmPlan p;
    p.requiredBytes = bytes;
    p.recommendedBytes = niceRoundUp(bytes + bytes / 4);
    p.openFiles = openFiles;
    p.nofileLimit = nofile;
    return p;
}

} // namespace

class TestFindings : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void healthyHostHasNone() { QVERIFY(findingsForHost(host()).isEmpty()); }

    // Python 3.14's forkserver default against a profile made for fork: said where the probed
    // Python is the job's (bare metal, or the job's own container), for loaders with workers.
    void startMethodFromPython()
    {
        Profile profile = newProfile();
        profile.environment = Environment::BareMetal;
        profile.workload.setNumWorkers(4);
        profile.workload.startMethod = StartMethod::Fork;
        const ShmPlan p = plan(256 * MiB);
        HostFacts f = host();
        f.pythonVersion = QStringLiteral("3.14");
        QVERIFY(ids(findingsForJob(f, profile, &p)).contains(QLatin1String("start-method-python")));
        f.pythonVersion = QStringLiteral("3.13");
        QVERIFY(
            !ids(findingsForJob(f, profile, &p)).contains(QLatin1String("start-method-python")));
        f.pythonVersion = QStringLiteral("3.14");
        profile.workload.startMethod = StartMethod::Forkserver;
        QVERIFY(
            !ids(findingsForJob(f, profile, &p)).contains(QLatin1String("start-method-python")));
        profile.workload.startMethod = StartMethod::Fork;
        profile.workload.setNumWorkers(0);
        QVERIFY(
            !ids(findingsForJob(f, profile, &p)).contains(QLatin1String("start-method-python")));
        // A Docker job probed on its host runs the image's Python, not this one.
        profile.workload.setNumWorkers(4);
        profile.environment = Environment::Docker;
        QVERIFY(
            !ids(findingsForJob(f, profile, &p)).contains(QLatin1String("start-method-python")));
        QVERIFY(ids(findingsForJob(f, profile, &p, true))
                    .contains(QLatin1String("start-method-python")));
    }

    // A Docker job probed on its roomy host: the job gets Docker's 64 MiB, not the host's 8 GiB.
    void containerJobJudgedFromItsHost()
    {
        Profile profile = newProfile();
        profile.environment = Environment::Docker;
        const ShmPlan p = plan(1 * GiB);
        const QVector<Finding> fs = findingsForJob(host(), profile, &p);
        QCOMPARE(ids(fs), QStringList{QStringLiteral("container-default-applies")});
        QCOMPARE(fs.at(0).severity, FindingSeverity::Error);
        QVERIFY2(fs.at(0).evidence.contains(QLatin1String("64 MiB")),
                 qPrintable(fs.at(0).evidence));
        QVERIFY2(fs.at(0).evidence.contains(QLatin1String("8 GiB")), qPrintable(fs.at(0).evidence));
        // The host's own findings do not speak for the container: a small host /dev/shm is not
        // the job's problem.
        HostFacts small = host();
        small.shmSizeBytes = 64 * MiB;
        small.shmFreeBytes = 64 * MiB;
        QCOMPARE(ids(findingsForJob(small, profile, &p)),
                 QStringList{QStringLiteral("container-default-applies")});
        // A plan the default covers is only information.
        const ShmPlan tiny = plan(16 * MiB);
        QCOMPARE(findingsForJob(host(), profile, &tiny).at(0).severity, FindingSeverity::Info);
        // Where the size cannot be set, the fix is the fit, not a flag.
        profile.environment = Environment::Kubernetes;
        profile.host.shmAdjustable = false;
        const QString fix = findingsForJob(host(), profile, &p).at(0).fix;
        QVERIFY2(fix.contains(QLatin1String("fitted")), qPrintable(fix));
        // Where the platform does not document the size (SageMaker, Vertex AI), nothing is
        // assumed: the job is told to measure it.
        profile = newProfile();
        profile.environment = Environment::SageMaker;
        const QVector<Finding> sm = findingsForJob(host(), profile, &p);
        QCOMPARE(ids(sm), QStringList{QStringLiteral("container-default-applies")});
        QCOMPARE(sm.at(0).severity, FindingSeverity::Warning);
        QVERIFY2(sm.at(0).evidence.contains(QLatin1String("does not document")),
                 qPrintable(sm.at(0).evidence));
        QVERIFY(!sm.at(0).evidence.contains(QLatin1String("64 MiB")));
        QVERIFY2(sm.at(0).fix.contains(QLatin1String("host.shm_bytes")), qPrintable(sm.at(0).fix));
        // Host-level environments run on the probed host itself: its own findings stand.
        for (const Environment e :
             {Environment::BareMetal, Environment::Slurm, Environment::Ansible}) {
            profile.environment = e;
            QVERIFY2(!ids(findingsForJob(host(), profile, &p))
                          .contains(QLatin1String("container-default-applies")),
                     qPrintable(environmentName(e)));
        }
    }

    // Docker, Compose and Swarm containers get the daemon's default-shm-size when the host's
    // daemon.json sets one; the evidence names where the size came from.
    void containerJobUsesDaemonDefault()
    {
        Profile profile = newProfile();
        profile.environment = Environment::Docker;
        HostFacts f = host();
        f.dockerDaemonShm = QStringLiteral("set");
        f.dockerDaemonShmSetting = QStringLiteral("\"2g\"");
        f.dockerDefaultShmBytes = 2 * GiB;
        const ShmPlan p = plan(1 * GiB);
        for (const Environment e :
             {Environment::Docker, Environment::Compose, Environment::Swarm}) {
            profile.environment = e;
            const QVector<Finding> fs = findingsForJob(f, profile, &p);
            QCOMPARE(ids(fs), QStringList{QStringLiteral("container-default-applies")});
            // 2 GiB covers the plan's 1 GiB: nothing to change.
            QCOMPARE(fs.at(0).severity, FindingSeverity::Info);
            QVERIFY2(fs.at(0).evidence.contains(QLatin1String("2 GiB")) &&
                         fs.at(0).evidence.contains(QLatin1String("/etc/docker/daemon.json")) &&
                         !fs.at(0).evidence.contains(QLatin1String("64 MiB")),
                     qPrintable(fs.at(0).evidence));
        }
        // A plan above the daemon's default is an error that names the daemon's size.
        profile.environment = Environment::Docker;
        const ShmPlan big = plan(3 * GiB);
        const Finding x = findingsForJob(f, profile, &big).at(0);
        QCOMPARE(x.severity, FindingSeverity::Error);
        QVERIFY2(x.fix.contains(QLatin1String("gets 2 GiB")), qPrintable(x.fix));
        // Podman and Kubernetes do not read Docker's daemon.json.
        for (const Environment e : {Environment::Podman, Environment::Kubernetes}) {
            profile.environment = e;
            const Finding y = findingsForJob(f, profile, &p).at(0);
            QCOMPARE(y.severity, FindingSeverity::Error);
            QVERIFY2(y.evidence.contains(QLatin1String("64 MiB")) &&
                         !y.evidence.contains(QLatin1String("daemon.json")),
                     qPrintable(y.evidence));
        }
        // No default-shm-size, or a file that cannot be read: the built-in 64 MiB, and why.
        profile.environment = Environment::Docker;
        HostFacts unset = host();
        unset.dockerDaemonShm = QStringLiteral("unset");
        const Finding u = findingsForJob(unset, profile, &p).at(0);
        QCOMPARE(u.severity, FindingSeverity::Error);
        QVERIFY2(u.evidence.contains(QLatin1String("64 MiB (Docker's built-in default")) &&
                     u.evidence.contains(QLatin1String("sets no default-shm-size")),
                 qPrintable(u.evidence));
        HostFacts unreadable = host();
        unreadable.dockerDaemonShm = QStringLiteral("unreadable");
        const Finding r = findingsForJob(unreadable, profile, &p).at(0);
        QVERIFY2(r.evidence.contains(QLatin1String("could not be read")), qPrintable(r.evidence));
        HostFacts invalid = host();
        invalid.dockerDaemonShm = QStringLiteral("invalid");
        invalid.dockerDaemonShmSetting = QStringLiteral("\"2Gi\"");
        const Finding i = findingsForJob(invalid, profile, &p).at(0);
        QVERIFY2(i.evidence.contains(QLatin1String("\"2Gi\" in this host's")) &&
                     i.evidence.contains(QLatin1String("64 MiB")),
                 qPrintable(i.evidence));
    }

    void containerJobProbedInside()
    {
        Profile profile = newProfile();
        profile.environment = Environment::Docker;
        HostFacts inside = host();
        inside.containerRuntime = QStringLiteral("docker");
        inside.shmSizeBytes = 64 * MiB;
        const ShmPlan p = plan(1 * GiB);
        // Probed inside the job's own container, the facts are the job's: the usual findings.
        const QStringList got = ids(findingsForJob(inside, profile, &p, true));
        QVERIFY(!got.contains(QLatin1String("container-default-applies")));
        QVERIFY(got.contains(QLatin1String("shm-below-plan")));
        // Probed in another container (a dev container that starts the job's): this container's
        // /dev/shm is said as its own, and the job's new container gets the runtime's default.
        inside.shmSizeBytes = 24 * GiB;
        const QVector<Finding> nested = findingsForJob(inside, profile, &p);
        QVERIFY(!ids(nested).contains(QLatin1String("shm-below-plan")));
        const auto applies = std::find_if(nested.cbegin(), nested.cend(), [](const Finding &f) {
            return f.id == QLatin1String("container-default-applies");
        });
        QVERIFY(applies != nested.cend());
        QCOMPARE(applies->severity, FindingSeverity::Error);
        QVERIFY2(applies->evidence.contains(QLatin1String("itself a container (docker) with a "
                                                          "/dev/shm of 24 GiB")) &&
                     applies->evidence.contains(QLatin1String("64 MiB")),
                 qPrintable(applies->evidence));
        // Nor is this container's /dev/shm copied into the profile as the job's.
        Profile filled = profile;
        applyFacts(filled, inside, FactsPolicy::FillGaps);
        QVERIFY(!filled.host.shmBytes);
        applyFacts(filled, inside, FactsPolicy::FillGaps, true);
        QCOMPARE(filled.host.shmBytes, std::optional<Bytes>(24 * GiB));
        // A job on the host itself is judged by the host's facts.
        profile.environment = Environment::BareMetal;
        QCOMPARE(ids(findingsForJob(host(), profile, &p)), ids(findingsForHost(host(), &p)));
    }

    void containerDefault()
    {
        HostFacts f = host();
        f.shmSizeBytes = 64 * MiB;
        f.containerRuntime = QStringLiteral("docker");
        QVector<Finding> fs = findingsForHost(f);
        QCOMPARE(ids(fs), QStringList{QStringLiteral("shm-container-default")});
        QVERIFY(fs.at(0).fix.contains(QLatin1String("--shm-size")));
        QVERIFY(fs.at(0).evidence.contains(QLatin1String("64 MiB")));
        f.orchestrator = QStringLiteral("kubernetes");
        QVERIFY(findingsForHost(f).at(0).fix.contains(QLatin1String("medium: Memory")));
        // 64 MiB without a detected container is still the same trap.
        f = host();
        f.shmSizeBytes = 64 * MiB;
        QCOMPARE(ids(findingsForHost(f)), QStringList{QStringLiteral("shm-container-default")});
        f.shmSizeBytes = 65 * MiB;
        QVERIFY(findingsForHost(f).isEmpty());
    }

    void belowPlan()
    {
        HostFacts f = host();
        f.shmSizeBytes = 1 * GiB;
        const ShmPlan p = plan(3 * GiB);
        const QVector<Finding> fs = findingsForHost(f, &p);
        QCOMPARE(ids(fs), QStringList{QStringLiteral("shm-below-plan")});
        QCOMPARE(fs.at(0).severity, FindingSeverity::Error);
        QVERIFY(fs.at(0).fix.contains(QLatin1String("remount")));
        const ShmPlan small = plan(512 * MiB);
        QVERIFY(findingsForHost(f, &small).isEmpty());
        // Big enough, but mostly used already.
        f.shmFreeBytes = 100 * MiB;
        QCOMPARE(findingsForHost(f, &small).at(0).severity, FindingSeverity::Warning);
    }

    void memoryLimitBelowShm()
    {
        HostFacts f = host();
        f.containerRuntime = QStringLiteral("docker");
        f.memoryLimitBytes = 4 * GiB; // shm 8 GiB
        QCOMPARE(ids(findingsForHost(f)), QStringList{QStringLiteral("memory-limit-below-shm")});
        f.memoryLimitBytes = 16 * GiB;
        QVERIFY(findingsForHost(f).isEmpty());
        const ShmPlan big = plan(20 * GiB);
        f.shmSizeBytes = 32 * GiB;
        f.shmFreeBytes = 32 * GiB;
        const QVector<Finding> fs = findingsForHost(f, &big);
        QCOMPARE(ids(fs), QStringList{QStringLiteral("memory-limit-below-shm")});
        QCOMPARE(fs.at(0).severity, FindingSeverity::Error);
    }

    void nofileBelowPlan()
    {
        HostFacts f = host();
        f.nofileSoft = 1024;
        const ShmPlan p = plan(1 * GiB, 4096, 2000);
        const QVector<Finding> fs = findingsForHost(f, &p);
        QCOMPARE(ids(fs), QStringList{QStringLiteral("nofile-below-plan")});
        QVERIFY(fs.at(0).fix.contains(QLatin1String("ulimit -n 4096")));
        // Real plan from a profile with many tensors per sample.
        Profile prof = newProfile();
        prof.workload.numWorkers = 16;
        prof.workload.prefetchFactor = 8;
        const ShmPlan real = computePlan(prof);
        f.nofileSoft = real.nofileLimit;
        QVERIFY(!ids(findingsForHost(f, &real)).contains(QLatin1String("nofile-below-plan")));
        f.nofileSoft = std::numeric_limits<quint64>::max(); // unlimited
        QVERIFY(findingsForHost(f, &p).isEmpty());
    }

    void sysvTuning()
    {
        HostFacts f = host();
        f.shmmax = 68719476736ULL;
        const QVector<Finding> fs = findingsForHost(f);
        QCOMPARE(ids(fs), QStringList{QStringLiteral("sysv-tuning-irrelevant")});
        QCOMPARE(fs.at(0).severity, FindingSeverity::Info);
        QVERIFY(fs.at(0).evidence.contains(QLatin1String("kernel.shmmax=68719476736")));
        f = host();
        f.shmmni = 32768;
        QCOMPARE(ids(findingsForHost(f)), QStringList{QStringLiteral("sysv-tuning-irrelevant")});
    }

    void wslSaysWhereMemoryComesFrom()
    {
        HostFacts f = host();
        f.wsl = true;
        const QVector<Finding> fs = findingsForHost(f);
        QCOMPARE(ids(fs), QStringList{QStringLiteral("wsl-vm-memory")});
        QCOMPARE(fs.at(0).severity, FindingSeverity::Info);
        QVERIFY(fs.at(0).evidence.contains(QLatin1String("8 GiB of 64 GiB")));
        QVERIFY(fs.at(0).fix.contains(QLatin1String(".wslconfig")));
        QVERIFY(fs.at(0).fix.contains(QLatin1String("wsl --shutdown")));
        f.wsl = false;
        QVERIFY(findingsForHost(f).isEmpty());
    }

    // systemd-logind's RemoveIPC removes a normal user's /dev/shm files at logout; root, system
    // users and lingering users keep theirs.
    void logindRemovesIpc()
    {
        HostFacts f = host();
        f.logindRemoveIpc = true;
        f.uid = 1001;
        f.userName = QStringLiteral("bob");
        f.linger = false;
        const QVector<Finding> fs = findingsForHost(f);
        QCOMPARE(ids(fs), QStringList{QStringLiteral("logind-removes-ipc")});
        QVERIFY(fs.at(0).fix.contains(QLatin1String("loginctl enable-linger bob")));
        QVERIFY(fs.at(0).fix.contains(QLatin1String("RemoveIPC=no")));
        for (const quint64 uid : {quint64(0), quint64(999)}) {
            f.uid = uid;
            QVERIFY(findingsForHost(f).isEmpty());
        }
        f.uid = 1001;
        f.linger = true;
        QVERIFY(findingsForHost(f).isEmpty());
        f.linger = false;
        f.logindRemoveIpc = false;
        QVERIFY(findingsForHost(f).isEmpty());
    }

    // The user name comes from the probed host, which may report anything: in the fix's command
    // it is one shell word whatever it holds, read back by a real sh without running anything.
    void logindFixQuotesTheUserName()
    {
        HostFacts f = host();
        f.logindRemoveIpc = true;
        f.uid = 1001;
        f.linger = false;
        const QStringList names{QStringLiteral("bob; touch pwned"),
                                QStringLiteral("it's $(touch pwned)"),
                                QStringLiteral("`touch pwned`"),
                                QStringLiteral("a\nb"),
                                QStringLiteral("-x"),
                                QStringLiteral("''"),
                                QStringLiteral("\\'\"$HOME")};
        QTemporaryDir dir;
        for (const QString &name : names) {
            f.userName = name;
            const QVector<Finding> fs = findingsForHost(f);
            QCOMPARE(ids(fs), QStringList{QStringLiteral("logind-removes-ipc")});
            const QString fix = fs.at(0).fix;
            const QString start = QStringLiteral("loginctl enable-linger ");
            const qsizetype from = fix.indexOf(start);
            const qsizetype to = fix.indexOf(QLatin1String(" (the user's IPC"));
            QVERIFY2(from >= 0 && to > from, qPrintable(fix));
            const QString words = fix.mid(from + start.size(), to - from - start.size());
            // The words as a function receives them, each ended by a NUL.
            const testutil::RunResult r = testutil::run(
                QStringLiteral("sh"),
                {QStringLiteral("-c"),
                 QStringLiteral("cd \"$1\" && f() { printf '%s\\0' \"$@\"; }; f ") + words,
                 QStringLiteral("sh"), dir.path()});
            QVERIFY2(r.exitCode == 0, r.err.constData());
            QStringList got = QString::fromUtf8(r.out).split(QChar(0));
            got.removeLast();
            const QStringList want = name.startsWith(QLatin1Char('-'))
                                         ? QStringList{QStringLiteral("--"), name}
                                         : QStringList{name};
            QCOMPARE(got, want);
            QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("pwned"))));
        }
        // A plain name stays as it is.
        f.userName = QStringLiteral("alice.smith");
        QVERIFY(findingsForHost(f).at(0).fix.contains(
            QLatin1String("loginctl enable-linger alice.smith (")));
    }

    void unknownFactsRaiseNothing()
    {
        HostFacts f; // everything unknown
        const ShmPlan p = plan(100 * GiB, 1 << 20, 1000);
        QVERIFY(findingsForHost(f, &p).isEmpty());
    }

    void mostSevereFirstAndJson()
    {
        HostFacts f = host();
        f.shmSizeBytes = 64 * MiB;
        f.shmmax = 1;
        const ShmPlan p = plan(1 * GiB);
        const QVector<Finding> fs = findingsForHost(f, &p);
        QCOMPARE(fs.at(0).severity, FindingSeverity::Error);
        QCOMPARE(fs.constLast().severity, FindingSeverity::Info);
        const QJsonArray a = findingsToJson(fs);
        QCOMPARE(a.size(), fs.size());
        for (const QJsonValue &v : a) {
            QVERIFY(!v[QStringLiteral("id")].toString().isEmpty());
            QVERIFY(!v[QStringLiteral("fix")].toString().isEmpty());
            QVERIFY(!v[QStringLiteral("evidence")].toString().isEmpty());
        }
    }
};

QTEST_GUILESS_MAIN(TestFindings)
#include "tst_findings.moc"
