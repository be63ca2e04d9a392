// SPDX-License-Identifier: GPL-3.0-or-later
// A job's several loaders in a profile: `loaders`, names and lifetimes, ranges of a dimension,
// batch_size: none, collate and views, and the problems each reports where it was written.
#include "core/profile.h"
#include "testutil.h"

#include <QDir>
#include <QTest>

using namespace shmwise;

class TestProfileLoaders : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void invalidLoaders_data()
    {
        QTest::addColumn<QString>("yaml");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("message");
        auto head = [](const char *rest) {
            return QStringLiteral("shmwise: 1\nenvironment: docker\n") + QString::fromUtf8(rest);
        };
        QTest::newRow("workload and loaders")
            << head("workload: {sample_bytes: 1MiB, batch_size: 1}\n"
                    "loaders: [{sample_bytes: 1MiB, batch_size: 1}]\n")
            << 4 << "loaders"
            << "not both";
        QTest::newRow("loaders not a list") << head("loaders: {name: train}\n") << 3 << "loaders"
                                            << "must be a list";
        QTest::newRow("unnamed second loader")
            << head("loaders:\n  - {name: train, sample_bytes: 1MiB, batch_size: 1}\n"
                    "  - {sample_bytes: 1MiB, batch_size: 2}\n")
            << 5 << "loaders[1].name"
            << "names each one";
        QTest::newRow("same name twice")
            << head("loaders:\n  - {name: val, sample_bytes: 1MiB, batch_size: 1}\n"
                    "  - {name: val, sample_bytes: 1MiB, batch_size: 2}\n")
            << 5 << "loaders[1].name"
            << "used twice";
        QTest::newRow("bad lifetime")
            << head("loaders:\n  - {name: a, lifetime: forever, sample_bytes: 1, batch_size: 1}\n")
            << 4 << "loaders[0].lifetime"
            << "one_at_a_time, parked, kept";
        QTest::newRow("processes on a later loader")
            << head("loaders:\n  - {name: a, sample_bytes: 1, batch_size: 1}\n"
                    "  - {name: b, sample_bytes: 1, batch_size: 1, processes_per_node: 2}\n")
            << 5 << "loaders[1].processes_per_node"
            << "first loader only";
        QTest::newRow("range reversed")
            << head("workload:\n  sample: [{name: w, shape: [9..3], dtype: float32}]\n"
                    "  batch_size: 2\n")
            << 4 << "workload.sample[0].shape"
            << "smallest value comes first";
        QTest::newRow("range not numbers")
            << head("workload:\n  sample: [{name: w, shape: [a..3], dtype: float32}]\n"
                    "  batch_size: 2\n")
            << 4 << "workload.sample[0].shape"
            << "SMALLEST..LARGEST";
        QTest::newRow("views without a dataset size")
            << head("workload:\n  sample_bytes: 1KiB\n  batch_size: none\n"
                    "  views_into_dataset: true\n")
            << 6 << "workload.views_into_dataset"
            << "dataset_resident_bytes";
        QTest::newRow("list collate without batches")
            << head("workload:\n  sample_bytes: 1KiB\n  batch_size: none\n  collate: list\n") << 6
            << "workload.collate"
            << "remove 'collate'";
    }
    void invalidLoaders()
    {
        QFETCH(QString, yaml);
        QFETCH(int, line);
        QFETCH(QString, key);
        QFETCH(QString, message);
        const ProfileResult r = parseProfile(yaml.toUtf8(), QStringLiteral("bad.yaml"));
        QVERIFY(!r.ok());
        QVERIFY(!r.profile.has_value());
        bool found = false;
        QStringList all;
        for (const ProfileProblem &p : r.problems) {
            all << p.toString();
            if (p.line == line && p.key == key && p.message.contains(message))
                found = true;
        }
        QVERIFY2(found, qPrintable(all.join(QLatin1Char('\n'))));
    }

    void severalLoadersRead()
    {
        const ProfileResult r = parseProfile(
            "shmwise: 1\nenvironment: docker\nloaders:\n"
            "  - {name: train, lifetime: parked, processes_per_node: 2, sample: [{name: w, shape: "
            "[16000..160000], dtype: float32}], batch_size: 8, num_workers: 2}\n"
            "  - {name: val, sample_bytes: 1MiB, batch_size: none, num_workers: 1}\n",
            QStringLiteral("p"));
        QVERIFY2(r.ok(), r.problems.isEmpty() ? "" : qPrintable(r.problems[0].toString()));
        const Profile &p = *r.profile;
        QCOMPARE(p.otherLoaders.size(), 1);
        QCOMPARE(p.workload.name, QStringLiteral("train"));
        QCOMPARE(p.workload.lifetime, LoaderLifetime::Parked);
        QCOMPARE(p.workload.sample[0].shape, QVector<quint64>{160000});
        QCOMPARE(p.workload.sample[0].minShape, QVector<quint64>{16000});
        QVERIFY(p.workload.samplesVary());
        QCOMPARE(p.otherLoaders[0].name, QStringLiteral("val"));
        QVERIFY(p.otherLoaders[0].wholeBatches);
        QCOMPARE(p.otherLoaders[0].samplesPerBatch(), quint64(1));
        // The job's processes_per_node reaches every loader.
        QCOMPARE(p.otherLoaders[0].processesPerNode, quint64(2));
        QVERIFY(validateProfile(p).isEmpty());
    }

    void jobProfilesAreValid()
    {
        // The profiles the real-job tests of tst_calibration plan with.
        const QDir dir(testutil::testData(QStringLiteral("jobs")));
        const QStringList files = dir.entryList({QStringLiteral("*.yaml")}, QDir::Files);
        QVERIFY(files.size() >= 5);
        for (const QString &f : files) {
            const ProfileResult r = loadProfile(dir.filePath(f));
            for (const auto &p : r.problems)
                qWarning() << p.toString();
            QVERIFY2(r.ok(), qPrintable(f));
            QVERIFY(validateProfile(*r.profile).isEmpty());
        }
    }

    void shapeRanges()
    {
        QVector<quint64> low;
        QString error;
        const auto shape = parseShape(QStringLiteral("2, 16000 .. 160000"), &error, &low);
        QVERIFY2(shape, qPrintable(error));
        QCOMPARE(*shape, (QVector<quint64>{2, 160000}));
        QCOMPARE(low, (QVector<quint64>{2, 16000}));
        QCOMPARE(formatShape(*shape, low), QStringLiteral("2, 16000..160000"));
        QVERIFY(parseShape(QStringLiteral("3, 224, 224"), nullptr, &low));
        QVERIFY(low.isEmpty());
        QVERIFY(!parseShape(QStringLiteral("10..2"), &error));
        QVERIFY(error.contains(QLatin1String("2..10")));
        QVERIFY(!parseShape(QStringLiteral("..5"), &error));
    }
};

QTEST_GUILESS_MAIN(TestProfileLoaders)
#include "tst_profileloaders.moc"
