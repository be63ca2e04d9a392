// SPDX-License-Identifier: GPL-3.0-or-later
// The slurm environment on a real single-node Slurm cluster (Debian's slurm-wlm and munge),
// started as root without systemd by tests/helpers/slurm-node.sh inside a private mount
// namespace (tests/helpers/with-shm.sh): with a 64 MiB /dev/shm `sbatch --wait` of the generated
// script fails in its preflight with the preflight's message; with enough /dev/shm the job runs.
// The machine's own /dev/shm is unchanged.
#include "testutil.h"

#include "core/profile.h"
#include "core/sizing.h"
#include "generators/artifacts.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sys/statvfs.h>

using namespace shmwise;

namespace {

quint64 shmBytes()
{
    struct statvfs s
    {};
    return ::statvfs("/dev/shm", &s) == 0 ? quint64(s.f_blocks) * s.f_frsize : 0;
}

} // namespace

class TestGenSlurm : public QObject
{
    Q_OBJECT

    testutil::RunResult submit(quint64 shm, const QString &script, QTemporaryDir &dir)
    {
        return testutil::run(
            testutil::sourceDir() + QStringLiteral("/tests/helpers/with-shm.sh"),
            {QString::number(shm),
             testutil::sourceDir() + QStringLiteral("/tests/helpers/slurm-node.sh"), dir.path(),
             script},
            {}, 240000);
    }

private Q_SLOTS:
    void preflightOnARealCluster()
    {
        QString why;
        if (!testutil::canUseMountNamespace(&why))
            QSKIP(qPrintable(why));
        const ProfileResult loaded =
            loadProfile(testutil::testData(QStringLiteral("golden/slurm-many-tensors.yaml")));
        QVERIFY(loaded.ok());
        Profile p = *loaded.profile;
        // No GPUs or memory request on the test node; a command that says it ran.
        p.job.gpus = 0;
        p.job.memoryBytes.reset();
        p.job.command = {QStringLiteral("sh"), QStringLiteral("-c"),
                         QStringLiteral("echo training-ran")};
        const ShmPlan plan = computePlan(p);
        QTemporaryDir files;
        QString script;
        for (const Artifact &a : generateArtifacts(p, plan)) {
            if (a.id != QLatin1String("slurm-sbatch"))
                continue;
            QFile f(files.filePath(a.fileName));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(a.text.toUtf8());
            script = f.fileName();
        }
        QVERIFY(!script.isEmpty());
        QVERIFY(plan.requiredBytes > 64 * MiB);
        const quint64 hostShm = shmBytes();

        QTemporaryDir small;
        const testutil::RunResult r = submit(64 * MiB, script, small);
        if (r.exitCode == 77)
            QSKIP(r.err.constData());
        const QByteArray all = r.out + r.err;
        QVERIFY2(r.exitCode != 0, all.constData());
        QVERIFY2(all.contains("slurm-preflight: /dev/shm on ") &&
                     all.contains("is 64 MiB but this "
                                  "job needs at least"),
                 all.constData());
        QVERIFY2(!all.contains("training-ran"), all.constData());

        QTemporaryDir big;
        const testutil::RunResult ok = submit(plan.recommendedBytes * 2, script, big);
        const QByteArray allOk = ok.out + ok.err;
        QVERIFY2(ok.exitCode == 0, allOk.constData());
        // Once by the batch script, once more by the copy srun runs on every node (one here).
        QVERIFY2(allOk.count("slurm-preflight: /dev/shm and open-file limit are enough") >= 2,
                 allOk.constData());
        QVERIFY2(allOk.contains("training-ran"), allOk.constData());
        QCOMPARE(shmBytes(), hostShm);
    }
};

QTEST_GUILESS_MAIN(TestGenSlurm)
#include "tst_genslurm.moc"
