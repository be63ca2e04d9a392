// SPDX-License-Identifier: GPL-3.0-or-later
// Many hosts at once against real sshd instances on 127.0.0.1 (tests/sshdfixture.h): bounded
// concurrency, a host that never answers and a closed port that do not stop the others, the
// fleet summary (outliers, smallest host), the rows, verdicts and CSV the views show, the facts
// a probe gives a profile, and `shmwise probe|plan` with several targets and with an Ansible
// inventory.
#include "testutil.h"

#include "probes/fleet.h"
#include "probes/hostfill.h"
#include "sshdfixture.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <limits>
#include <memory>

using namespace shmwise;

class TestFleet : public QObject
{
    Q_OBJECT
    std::vector<std::unique_ptr<SshdFixture>> m_sshd;
    QTemporaryDir m_tmp;
    QString m_config;
    QString m_skip;
    int m_silentFd = -1;
    quint16 m_silentPort = 0;
    quint16 m_closedPort = 0;

    ProbeOptions options(const QString &control)
    {
        ProbeOptions o;
        o.sshConfig = m_config;
        o.controlDir = m_tmp.filePath(control);
        o.timeoutMs = 5000;
        o.connectTimeoutS = 60; // the per-host timeout is what ends a silent host
        return o;
    }
    static FleetHostResult fake(const QString &name, std::optional<Bytes> shm, bool ok = true)
    {
        FleetHostResult r;
        r.host = {name, name};
        r.result.status = ok ? ProbeResult::Status::Ok : ProbeResult::Status::Failed;
        r.result.facts.shmSizeBytes = shm;
        r.done = true;
        return r;
    }

private Q_SLOTS:
    void initTestCase()
    {
        for (int i = 0; i < 3; ++i) {
            m_sshd.push_back(std::make_unique<SshdFixture>());
            if (!m_sshd.back()->start()) {
                m_skip = m_sshd.back()->why();
                return;
            }
        }
        // One client config that trusts every fixture's host key and offers every user key.
        QString ids, known;
        for (const auto &s : m_sshd) {
            ids += QStringLiteral("  IdentityFile %1\n").arg(s->path(QStringLiteral("user_key")));
            known += QLatin1Char(' ') + s->path(QStringLiteral("known_hosts"));
        }
        m_config = m_tmp.filePath(QStringLiteral("ssh_config"));
        QFile f(m_config);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QStringLiteral("Host *\n%1  IdentitiesOnly yes\n  UserKnownHostsFile%2\n"
                               "  GlobalKnownHostsFile /dev/null\n  StrictHostKeyChecking yes\n"
                               "  LogLevel ERROR\n")
                    .arg(ids, known)
                    .toUtf8());
        f.close();
        m_silentFd = sshdfixture::silentListener(&m_silentPort);
        QVERIFY(m_silentFd >= 0);
        m_closedPort = sshdfixture::freePort();
    }
    void cleanupTestCase()
    {
        if (m_silentFd >= 0)
            ::close(m_silentFd);
    }

    void summary()
    {
        const Bytes g8 = Bytes(8) << 30;
        QVector<FleetHostResult> rs{fake(QStringLiteral("a"), Bytes(64) << 20),
                                    fake(QStringLiteral("b"), g8), fake(QStringLiteral("c"), g8),
                                    fake(QStringLiteral("d"), {}, false)};
        const FleetSummary s = summarizeFleet(rs);
        QCOMPARE(s.hosts, 4);
        QCOMPARE(s.probed, 3);
        QCOMPARE(s.failed, 1);
        QCOMPARE(s.unreachable, QStringList{QStringLiteral("d")});
        QCOMPARE(*s.commonShmBytes, g8);
        QCOMPARE(s.outliers, QStringList{QStringLiteral("a")});
        QCOMPARE(s.smallestHost, QStringLiteral("a"));
        // The same size everywhere: no outliers.
        rs.removeFirst();
        QVERIFY(summarizeFleet(rs).outliers.isEmpty());
        // A job that needs 1 GiB breaks on the 64 MiB host.
        rs = {fake(QStringLiteral("a"), Bytes(64) << 20), fake(QStringLiteral("b"), g8)};
        Finding f;
        f.id = QLatin1String(finding::ShmBelowPlan);
        f.severity = FindingSeverity::Error;
        rs[0].findings << f;
        QCOMPARE(summarizeFleet(rs).breaking, QStringList{QStringLiteral("a")});
        const QJsonObject j = fleetToJson(rs, summarizeFleet(rs));
        QCOMPARE(j.value(QStringLiteral("hosts")).toArray().size(), 2);
        QCOMPARE(j.value(QStringLiteral("summary")).toObject().value(QStringLiteral("breaking")),
                 QJsonValue(QJsonArray{QStringLiteral("a")}));
    }

    void smallestHost()
    {
        const Bytes g8 = Bytes(8) << 30;
        QVector<FleetHostResult> rs{fake(QStringLiteral("a"), g8), fake(QStringLiteral("b"), g8),
                                    fake(QStringLiteral("c"), {}),
                                    fake(QStringLiteral("d"), Bytes(1) << 20, false)};
        rs[0].result.facts.memTotalBytes = Bytes(64) << 30;
        rs[1].result.facts.memTotalBytes = Bytes(128) << 30;
        rs[1].result.facts.memoryLimitBytes = Bytes(16) << 30; // the limit, not the RAM, counts
        // The same /dev/shm: the least memory decides; a host that was not probed never counts.
        QCOMPARE(smallestFleetHost(rs, UnknownShm::Skip), 1);
        const FleetSummary s = summarizeFleet(rs);
        QCOMPARE(s.smallestIndex, 1);
        QCOMPARE(s.smallestHost, QStringLiteral("b"));
        QCOMPARE(*s.smallestShmBytes, g8);
        // A job sized for the fleet cannot count on a /dev/shm its host did not tell.
        QCOMPARE(smallestFleetHost(rs, UnknownShm::CountsAsNone), 2);
        // Equals: the first.
        rs[1].result.facts.memoryLimitBytes = Bytes(64) << 30;
        QCOMPARE(smallestFleetHost(rs, UnknownShm::Skip), 0);
        QCOMPARE(smallestFleetHost({}, UnknownShm::CountsAsNone), -1);
    }

    void rowsAndVerdicts()
    {
        FleetHostResult r = fake(QStringLiteral("a"), Bytes(64) << 20);
        r.result.facts.nofileSoft = std::numeric_limits<quint64>::max();
        r.result.facts.memTotalBytes = Bytes(2) << 30;
        Finding f;
        f.id = QLatin1String(finding::ShmBelowPlan);
        f.severity = FindingSeverity::Error;
        r.findings << f;
        f.id = QLatin1String(finding::NofileBelowPlan);
        r.findings << f;
        QCOMPARE(fleetRowTexts(r, FleetStyle::Terminal),
                 (QStringList{QStringLiteral("a"), QStringLiteral("a"), QStringLiteral("64 MiB"),
                              QStringLiteral("unknown"), QStringLiteral("2 GiB"),
                              QStringLiteral("unlimited"),
                              QStringLiteral("breaks: shm-below-plan,nofile-below-plan")}));
        QCOMPARE(fleetVerdict(r, FleetStyle::Window),
                 QStringLiteral("breaks the job: shm-below-plan, nofile-below-plan"));
        r.findings[0].severity = r.findings[1].severity = FindingSeverity::Warning;
        QCOMPARE(fleetVerdict(r, FleetStyle::Terminal),
                 QStringLiteral("warns: shm-below-plan,nofile-below-plan"));
        r.findings.clear();
        QCOMPARE(fleetVerdict(r, FleetStyle::Window), QStringLiteral("ok"));
        // The window shows a host before it is done; the terminal only a finished fleet.
        r.done = false;
        QCOMPARE(fleetVerdict(r, FleetStyle::Window), QStringLiteral("probing…"));
        QCOMPARE(fleetRowTexts(r, FleetStyle::Window).value(FleetShmColumn), QStringLiteral("-"));
        QCOMPARE(fleetRowTexts(r, FleetStyle::Terminal).value(FleetShmColumn),
                 QStringLiteral("64 MiB"));
        r = fake(QStringLiteral("b"), {}, false);
        r.result.error = QStringLiteral("no route");
        QCOMPARE(fleetVerdict(r, FleetStyle::Terminal), QStringLiteral("not probed (failed)"));
        QCOMPARE(fleetVerdict(r, FleetStyle::Window), QStringLiteral("not probed: no route"));
        QCOMPARE(fleetRowTexts(r, FleetStyle::Terminal).value(FleetNofileColumn),
                 QStringLiteral("-"));
    }

    void csv()
    {
        FleetHostResult ok = fake(QStringLiteral("=cmd"), Bytes(64) << 20);
        ok.result.facts.memoryLimitBytes = Bytes(1) << 30;
        ok.result.facts.nofileSoft = 1024;
        FleetHostResult failed = fake(QStringLiteral("b"), Bytes(1) << 20, false);
        failed.result.error = QStringLiteral("said \"no\", twice");
        QCOMPARE(fleetToCsv({ok, failed}),
                 QByteArray("host,target,status,shm_size_bytes,shm_used_bytes,memory_bytes,"
                            "nofile,breaks_job,findings,error\n"
                            "\"'=cmd\",\"'=cmd\",ok,67108864,,1073741824,1024,false,,\n"
                            "b,b,failed,,,,,true,,\"said \"\"no\"\", twice\"\n"));
    }

    void applyFactsFillsOrOverwrites()
    {
        HostFacts f;
        f.shmSizeBytes = Bytes(64) << 20;
        f.memTotalBytes = Bytes(64) << 30;
        f.memoryLimitBytes = Bytes(8) << 30;
        f.cpusAllowed = 4;
        f.containerRuntime = QStringLiteral("none");
        f.orchestrator = QStringLiteral("none");
        Profile p;
        p.environment = Environment::BareMetal;
        p.host.memoryBytes = Bytes(1) << 30;
        applyFacts(p, f, FactsPolicy::FillGaps);
        QVERIFY(p.host.shmBytes == f.shmSizeBytes);
        QVERIFY(p.host.memoryBytes == Bytes(1) << 30); // the profile's wins
        QVERIFY(p.host.cpus == quint64(4));
        applyFacts(p, f, FactsPolicy::Overwrite);
        QVERIFY(p.host.memoryBytes == f.memoryLimitBytes);
        // What the probe did not learn stays as the profile says.
        HostFacts unknown;
        applyFacts(p, unknown, FactsPolicy::Overwrite);
        QVERIFY(p.host.shmBytes == f.shmSizeBytes);
        QVERIFY(p.host.memoryBytes == f.memoryLimitBytes);
        QVERIFY(p.host.cpus == quint64(4));
        // A container job probed from its host: not the host's /dev/shm, unless the facts came
        // from inside the job's own container.
        Profile c;
        c.environment = Environment::Docker;
        applyFacts(c, f, FactsPolicy::FillGaps);
        QVERIFY(!c.host.shmBytes);
        QVERIFY(c.host.memoryBytes == f.memoryLimitBytes);
        applyFacts(c, f, FactsPolicy::Overwrite);
        QVERIFY(!c.host.shmBytes);
        applyFacts(c, f, FactsPolicy::Overwrite, true);
        QVERIFY(c.host.shmBytes == f.shmSizeBytes);
        // Probed inside some container (a dev container that starts the job's): still not the
        // job's /dev/shm, since the job gets a new container.
        c.host.shmBytes.reset();
        f.containerRuntime = QStringLiteral("docker");
        applyFacts(c, f, FactsPolicy::FillGaps);
        QVERIFY(!c.host.shmBytes);
        applyFacts(c, f, FactsPolicy::FillGaps, true);
        QVERIFY(c.host.shmBytes == f.shmSizeBytes);
    }

    void probesInParallel()
    {
        if (!m_skip.isEmpty())
            QSKIP(qPrintable(m_skip));
        QVector<FleetHost> hosts;
        for (size_t i = 0; i < m_sshd.size(); ++i)
            hosts << FleetHost{QStringLiteral("node%1").arg(i), m_sshd[i]->target()};
        hosts << FleetHost{QStringLiteral("silent"),
                           QStringLiteral("ssh://127.0.0.1:%1").arg(m_silentPort)};
        hosts << FleetHost{QStringLiteral("closed"),
                           QStringLiteral("ssh://127.0.0.1:%1").arg(m_closedPort)};
        hosts << FleetHost{QStringLiteral("refused"), QStringLiteral("ssh://-oProxyCommand=x")};
        FleetProber fleet;
        fleet.setHosts(hosts);
        fleet.setOptions(options(QStringLiteral("c1")));
        fleet.setJobs(2);
        QSignalSpy done(&fleet, &FleetProber::finished);
        QSignalSpy each(&fleet, &FleetProber::hostFinished);
        fleet.start();
        QVERIFY(done.wait(60000));
        QCOMPARE(each.size(), hosts.size());
        QCOMPARE(fleet.peakConcurrency(), 2);
        const QVector<FleetHostResult> &rs = fleet.results();
        for (int i = 0; i < 3; ++i) {
            QVERIFY2(rs[i].result.ok(), qPrintable(rs[i].result.error + rs[i].result.stderrText));
            QVERIFY(rs[i].result.facts.shmSizeBytes.has_value());
        }
        QCOMPARE(rs[3].result.status, ProbeResult::Status::TimedOut);
        QCOMPARE(rs[4].result.status, ProbeResult::Status::Failed);
        QCOMPARE(rs[5].result.status, ProbeResult::Status::Refused);
        const FleetSummary s = summarizeFleet(rs);
        QCOMPARE(s.failed, 3);
        QCOMPARE(s.probed, 3);
        QVERIFY(s.outliers.isEmpty()); // one machine, one /dev/shm
    }

    void cliInventory()
    {
        if (!m_skip.isEmpty())
            QSKIP(qPrintable(m_skip));
        const QString inv = m_tmp.filePath(QStringLiteral("hosts.ini"));
        QFile f(inv);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QString text = QStringLiteral("[good]\n");
        for (size_t i = 0; i < m_sshd.size(); ++i)
            text += QStringLiteral("node%1 ansible_port=%2\n").arg(i).arg(m_sshd[i]->port());
        text += QStringLiteral("[good:vars]\nansible_host=127.0.0.1\nansible_user=%1\n"
                               "[bad]\ndead ansible_host=127.0.0.1 ansible_port=%2\n")
                    .arg(m_sshd[0]->user())
                    .arg(m_closedPort);
        f.write(text.toUtf8());
        f.close();
        const QStringList common{QStringLiteral("probe"),
                                 QStringLiteral("--inventory"),
                                 inv,
                                 QStringLiteral("--ssh-config"),
                                 m_config,
                                 QStringLiteral("--timeout"),
                                 QStringLiteral("20"),
                                 QStringLiteral("--jobs"),
                                 QStringLiteral("4")};
        testutil::RunResult r = testutil::run(testutil::shmwiseBinary(),
                                              common + QStringList{QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 2); // one host could not be probed
        QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QJsonArray hosts = o.value(QStringLiteral("hosts")).toArray();
        QCOMPARE(hosts.size(), 4);
        for (int i = 0; i < 3; ++i) {
            const QJsonObject h = hosts[i].toObject();
            QCOMPARE(h.value(QStringLiteral("status")).toString(), QStringLiteral("ok"));
            QVERIFY(h.value(QStringLiteral("facts")).isObject());
            QCOMPARE(h.value(QStringLiteral("target")).toString(),
                     QStringLiteral("ssh://%1@127.0.0.1:%2")
                         .arg(m_sshd[0]->user())
                         .arg(m_sshd[size_t(i)]->port()));
        }
        QCOMPARE(hosts[3].toObject().value(QStringLiteral("name")).toString(),
                 QStringLiteral("dead"));
        QVERIFY(!hosts[3].toObject().value(QStringLiteral("error")).toString().isEmpty());
        QCOMPARE(o.value(QStringLiteral("summary")).toObject().value(QStringLiteral("unreachable")),
                 QJsonValue(QJsonArray{QStringLiteral("dead")}));

        r = testutil::run(testutil::shmwiseBinary(),
                          common + QStringList{QStringLiteral("--limit"), QStringLiteral("good")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QString table = QString::fromUtf8(r.out);
        QVERIFY2(table.startsWith(QLatin1String("HOST")), qPrintable(table));
        for (size_t i = 0; i < m_sshd.size(); ++i)
            QVERIFY(table.contains(QStringLiteral("node%1").arg(i)));
        QVERIFY(!table.contains(QLatin1String("dead")));
        QVERIFY(table.contains(QLatin1String("3 host(s): 3 probed, 0 could not be probed.")));

        r = testutil::run(testutil::shmwiseBinary(),
                          common +
                              QStringList{QStringLiteral("--limit"), QStringLiteral("nogroup")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("nogroup"));
    }

    void cliSeveralTargetsAndPlan()
    {
        if (!m_skip.isEmpty())
            QSKIP(qPrintable(m_skip));
        QStringList args{QStringLiteral("probe"), QStringLiteral("--ssh-config"), m_config,
                         QStringLiteral("--json")};
        for (const auto &s : m_sshd)
            args << QStringLiteral("--target") << s->target();
        testutil::RunResult r = testutil::run(testutil::shmwiseBinary(), args);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o.value(QStringLiteral("hosts")).toArray().size(), int(m_sshd.size()));
        QCOMPARE(
            o.value(QStringLiteral("summary")).toObject().value(QStringLiteral("probed")).toInt(),
            int(m_sshd.size()));

        QStringList plan{
            QStringLiteral("plan"), QStringLiteral("--profile"),
            testutil::testData(QStringLiteral("golden/bare-metal-image-classification.yaml")),
            QStringLiteral("--ssh-config"), m_config};
        for (const auto &s : m_sshd)
            plan << QStringLiteral("--target") << s->target();
        r = testutil::run(testutil::shmwiseBinary(), plan);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.err.contains("sized for the smallest of 3 host(s)"), r.err.constData());
        plan << QStringLiteral("--target")
             << QStringLiteral("ssh://127.0.0.1:%1").arg(m_closedPort);
        r = testutil::run(testutil::shmwiseBinary(), plan);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("cannot probe"), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestFleet)
#include "tst_fleet.moc"
