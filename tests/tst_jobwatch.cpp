// SPDX-License-Identifier: GPL-3.0-or-later
// probes/jobwatch: the job's process tree as `measure` follows it, and the subreaper setting it
// borrows for a run and gives back.
#include "probes/jobwatch.h"
#include "testutil.h"

#include <QElapsedTimer>
#include <QThread>
#include <QtTest>

#include <csignal>

#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace shmwise;

class TestJobWatch : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void subreaperGivenBack();
    void leftBehindInGroupIsTheJobs();
};

void TestJobWatch::subreaperGivenBack()
{
    // After a measurement the process is a subreaper no more: the GUI's later children (ssh's
    // ControlPersist masters) would otherwise leave zombies nobody reaps.
    int before = -1;
    QCOMPARE(prctl(PR_GET_CHILD_SUBREAPER, &before, 0, 0, 0), 0);
    QCOMPARE(before, 0);
    {
        const SubreaperScope scope;
        int during = -1;
        prctl(PR_GET_CHILD_SUBREAPER, &during, 0, 0, 0);
        QCOMPARE(during, 1);
    }
    int after = -1;
    prctl(PR_GET_CHILD_SUBREAPER, &after, 0, 0, 0);
    QCOMPARE(after, 0);
}

void TestJobWatch::leftBehindInGroupIsTheJobs()
{
    // "(cmd &)": the subshell exits at once and its child is orphaned before any scan could see
    // it as the job's; it stays in the job's process group, which is how it is found.
    const SubreaperScope scope;
    JobSpawnOptions o;
    o.command = {QStringLiteral("sh"), QStringLiteral("-c"),
                 QStringLiteral("(sleep 57 &); (sleep 58 &); exit 0")};
    QString error;
    const auto job = spawnJob(o, &error);
    QVERIFY2(job.has_value(), qPrintable(error));
    JobTree tree(job->pid);
    int status = 0;
    QElapsedTimer t;
    t.start();
    while (!tree.reap(&status) && t.elapsed() < 10000)
        QThread::msleep(10);
    QVERIFY(WIFEXITED(status));
    QTRY_COMPARE_WITH_TIMEOUT(tree.processes().size(), 2, 5000);
    tree.signal(SIGKILL);
    QTRY_VERIFY_WITH_TIMEOUT(tree.processes().isEmpty(), 5000);
    while (waitpid(-1, nullptr, WNOHANG) > 0) {
    }
}

QTEST_GUILESS_MAIN(TestJobWatch)
#include "tst_jobwatch.moc"
