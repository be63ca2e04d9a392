// SPDX-License-Identifier: GPL-3.0-or-later
// A config file held against the plan (validators/validate_shmplan): the /dev/shm each kind of
// file sets, the last --shm-size Docker takes, a container file that sets none (the runtime's
// 64 MiB), the DataLoader settings raised above the plan's, and every generated file of the
// golden profiles passing against its own plan.
#include "core/sizing.h"
#include "generatorcheck.h"
#include "validators/validators.h"

#include <QDir>
#include <QTest>

using namespace shmwise;

namespace {

bool hasErrorAt(const QVector<Diagnostic> &d, int line)
{
    for (const Diagnostic &x : d)
        if (x.severity == Severity::Error && x.line == line)
            return true;
    return false;
}

} // namespace

class TestShmPlan : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // The /dev/shm each kind of file sets, read back in its tool's syntax, and held against the
    // plan: below what the job needs is an error on its line, at or above nothing.
    void shmSizesAgainstThePlan()
    {
        struct Case
        {
            ConfigKind kind;
            const char *text;
            int line;
            quint64 bytes;
        };
        const Case cases[] = {
            {ConfigKind::DockerRun,
             "#!/bin/sh\nexec docker run --rm \\\n    --shm-size=64m \\\n    img\n", 3, 64 * MiB},
            {ConfigKind::DockerRun, "docker run --shm-size 2g img\n", 1, 2 * GiB},
            {ConfigKind::Compose, "services:\n  train:\n    shm_size: \"64m\"\n", 3, 64 * MiB},
            {ConfigKind::Kubernetes,
             "spec:\n  volumes:\n    - name: dshm\n      emptyDir:\n        medium: Memory\n"
             "        sizeLimit: 64Mi\n",
             6, 64 * MiB},
            {ConfigKind::Kubernetes,
             "      emptyDir:\n        sizeLimit: 1G\n        medium: Memory\n", 2,
             1000 * 1000 * 1000},
            {ConfigKind::Fstab, "tmpfs /dev/shm tmpfs defaults,size=64m 0 0\n", 1, 64 * MiB},
        };
        for (const Case &c : cases) {
            const QVector<ShmSizeSet> set = shmSizesSet(c.kind, QString::fromUtf8(c.text));
            QCOMPARE(set.size(), 1);
            QCOMPARE(set.first().line, c.line);
            QCOMPARE(set.first().bytes, c.bytes);
            const QVector<Diagnostic> below =
                checkShmAgainstPlan(c.kind, QString::fromUtf8(c.text), c.bytes + 1);
            QCOMPARE(below.size(), 1);
            QCOMPARE(below.first().line, c.line);
            QCOMPARE(below.first().severity, Severity::Error);
            QVERIFY(checkShmAgainstPlan(c.kind, QString::fromUtf8(c.text), c.bytes).isEmpty());
        }
        // Not a /dev/shm: a disk emptyDir's sizeLimit, another mount point's size=, a comment.
        QVERIFY(shmSizesSet(ConfigKind::Kubernetes,
                            QStringLiteral("      emptyDir:\n        sizeLimit: 1Gi\n"))
                    .isEmpty());
        QVERIFY(shmSizesSet(ConfigKind::Fstab, QStringLiteral("tmpfs /tmp tmpfs size=64m 0 0\n"))
                    .isEmpty());
        QVERIFY(shmSizesSet(ConfigKind::DockerRun, QStringLiteral("# --shm-size=64m\n")).isEmpty());
        // Nothing to hold it against.
        QVERIFY(checkShmAgainstPlan(ConfigKind::Compose, QStringLiteral("shm_size: 64m\n"), 0)
                    .isEmpty());
    }

    // Docker and Podman take the last --shm-size: it alone is held against the plan.
    void lastShmSizeWins()
    {
        const QString smallLast =
            QStringLiteral("docker run --rm \\\n  --shm-size=2g \\\n  --shm-size=64m \\\n  img\n");
        QVector<Diagnostic> d = checkShmAgainstPlan(ConfigKind::DockerRun, smallLast, 1 * GiB);
        QCOMPARE(d.size(), 1);
        QCOMPARE(d.first().line, 3);
        QVERIFY2(d.first().message.contains(QStringLiteral("64 MiB, less than the 1 GiB")),
                 qPrintable(d.first().message));
        QVERIFY(d.first().message.contains(QStringLiteral("--shm-size")) ||
                d.first().message.contains(QStringLiteral("1g")));
        const QString bigLast =
            QStringLiteral("docker run --rm \\\n  --shm-size=64m \\\n  --shm-size=2g \\\n  img\n");
        QVERIFY(checkShmAgainstPlan(ConfigKind::DockerRun, bigLast, 1 * GiB).isEmpty());
        // Both on one line.
        QVERIFY(checkShmAgainstPlan(ConfigKind::DockerRun,
                                    QStringLiteral("docker run --shm-size=64m --shm-size=2g img\n"),
                                    1 * GiB)
                    .isEmpty());
        QCOMPARE(checkShmAgainstPlan(
                     ConfigKind::DockerRun,
                     QStringLiteral("docker run --shm-size=2g --shm-size 64m img\n"), 1 * GiB)
                     .size(),
                 1);
    }

    // A container file that sets no size and shares none gets the runtime's 64 MiB: an error
    // on what runs the container when the job needs more, nothing when it gives /dev/shm
    // another way or the job fits in 64 MiB.
    void runtimeDefault()
    {
        const QString run =
            QStringLiteral("#!/bin/sh\nexec docker run --rm \\\n    img python t.py\n");
        QVERIFY(hasErrorAt(checkShmAgainstPlan(ConfigKind::DockerRun, run, 1 * GiB), 2));
        QVERIFY(checkShmAgainstPlan(ConfigKind::DockerRun, run, 32 * MiB).isEmpty());
        QVERIFY(checkShmAgainstPlan(ConfigKind::DockerRun,
                                    QStringLiteral("podman run --ipc=host img\n"), 1 * GiB)
                    .isEmpty());
        QVERIFY(checkShmAgainstPlan(ConfigKind::DockerRun,
                                    QStringLiteral("docker run -v /dev/shm:/dev/shm img\n"),
                                    1 * GiB)
                    .isEmpty());
        QVERIFY(
            hasErrorAt(checkShmAgainstPlan(ConfigKind::DockerRun,
                                           QStringLiteral("docker container run img\n"), 1 * GiB),
                       1));

        const QString compose = QStringLiteral("# train\nservices:\n  train:\n    image: img\n");
        QVERIFY(hasErrorAt(checkShmAgainstPlan(ConfigKind::Compose, compose, 1 * GiB), 2));
        QVERIFY(checkShmAgainstPlan(ConfigKind::Compose,
                                    compose + QStringLiteral("    ipc: host\n"), 1 * GiB)
                    .isEmpty());
        QVERIFY(checkShmAgainstPlan(ConfigKind::Compose,
                                    compose + QStringLiteral("    volumes:\n      - type: tmpfs\n"
                                                             "        target: /dev/shm\n"),
                                    1 * GiB)
                    .isEmpty());

        const QString pod = QStringLiteral("apiVersion: v1\nkind: Pod\nspec:\n  containers:\n"
                                           "    - name: t\n      image: img\n");
        const QVector<Diagnostic> k = checkShmAgainstPlan(ConfigKind::Kubernetes, pod, 1 * GiB);
        QVERIFY(hasErrorAt(k, 4));
        QVERIFY(k.first().message.contains(QStringLiteral("sizeLimit: 1Gi")));
        QVERIFY(checkShmAgainstPlan(ConfigKind::Kubernetes,
                                    QStringLiteral("spec:\n  hostIPC: true\n  containers:\n"),
                                    1 * GiB)
                    .isEmpty());
        // A file that runs no container says nothing of /dev/shm.
        QVERIFY(checkShmAgainstPlan(ConfigKind::Kubernetes,
                                    QStringLiteral("apiVersion: v1\nkind: LimitRange\n"), 1 * GiB)
                    .isEmpty());
    }

    // The DataLoader settings: a batch_size, num_workers or prefetch_factor above the plan's is
    // an error on its line; below it, or in a comment, nothing.
    void loaderSettingsAgainstGenerated()
    {
        const QString generated =
            QStringLiteral("settings = dict(\n    batch_size=64,\n    num_workers=8,\n"
                           "    prefetch_factor=2,\n)\n");
        QString edited = generated;
        edited.replace(QStringLiteral("batch_size=64"), QStringLiteral("batch_size=4096"));
        QVector<Diagnostic> d = checkShmAgainstPlan(ConfigKind::Python, edited, 1 * GiB, generated);
        QCOMPARE(d.size(), 1);
        QCOMPARE(d.first().line, 2);
        QVERIFY(d.first().message.contains(QStringLiteral("batch_size=4096")));
        edited.replace(QStringLiteral("num_workers=8"), QStringLiteral("num_workers=16"));
        QCOMPARE(checkShmAgainstPlan(ConfigKind::Python, edited, 1 * GiB, generated).size(), 2);
        QString smaller = generated;
        smaller.replace(QStringLiteral("batch_size=64"),
                        QStringLiteral("batch_size=32  # was 4096"));
        QVERIFY(checkShmAgainstPlan(ConfigKind::Python, smaller, 1 * GiB, generated).isEmpty());
        QVERIFY(checkShmAgainstPlan(ConfigKind::Python, generated, 1 * GiB, generated).isEmpty());
        QVERIFY(checkShmAgainstPlan(ConfigKind::Python, edited, 1 * GiB).isEmpty());
    }

    // Every generated file of every golden profile passes against its own plan.
    void generatedFilesPass()
    {
        int checked = 0;
        for (const QString &f :
             QDir(gencheck::goldenDir()).entryList({QStringLiteral("*.yaml")}, QDir::Files)) {
            const Profile p = gencheck::loadGolden(f.chopped(5));
            const ShmPlan plan = computePlan(p);
            for (const Artifact &a : generateArtifacts(p, plan)) {
                if (!a.validator)
                    continue;
                const QVector<Diagnostic> d =
                    checkShmAgainstPlan(*a.validator, a.text, plan.requiredBytes, a.text);
                QVERIFY2(d.isEmpty(),
                         qPrintable(f + QLatin1Char(' ') + a.fileName + QStringLiteral(": ") +
                                    (d.isEmpty() ? QString() : d.first().message)));
                ++checked;
            }
        }
        QVERIFY(checked > 200);
    }
};

QTEST_GUILESS_MAIN(TestShmPlan)
#include "tst_shmplan.moc"
