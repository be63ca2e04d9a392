// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/presets.h"
#include "core/profile.h"

#include <QTest>

using namespace shmwise;

class TestPresets : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void everyPresetLoads_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<quint64>("sampleBytes");
        QTest::addColumn<int>("tensors");
        // Sample bytes computed by hand from each preset's documented shapes.
        QTest::newRow("image-classification")
            << "image-classification" << quint64(3 * 224 * 224 * 4 + 8) << 2;
        QTest::newRow("object-detection")
            << "object-detection" << quint64(3 * 640 * 640 + 100 * 6 * 4) << 2;
        QTest::newRow("audio-generation")
            << "audio-generation" << quint64((128 * 1024 + 768 + 256 * 1024) * 4) << 3;
        QTest::newRow("video-clips") << "video-clips" << quint64(3 * 16 * 224 * 224 * 4 + 8) << 2;
        QTest::newRow("multimodal") << "multimodal" << quint64(3 * 224 * 224 * 4 + 77 * 8 * 2) << 3;
    }
    void everyPresetLoads()
    {
        QFETCH(QString, id);
        QFETCH(quint64, sampleBytes);
        QFETCH(int, tensors);
        QVERIFY(presetInfo(id).has_value());
        QVERIFY(!presetInfo(id)->title.isEmpty());
        QVERIFY(presetYaml(id).has_value());
        const QByteArray y =
            "shmwise: 1\nenvironment: docker\nworkload:\n  preset: " + id.toUtf8() + "\n";
        const ProfileResult r = parseProfile(y, QStringLiteral("p"));
        for (const auto &p : r.problems)
            qWarning() << p.toString();
        QVERIFY(r.ok());
        const Workload &w = r.profile->workload;
        QCOMPARE(w.bytesPerSample(), sampleBytes);
        QCOMPARE(w.tensorCount(), tensors);
        QVERIFY(w.batchSize > 0);
        QVERIFY(w.numWorkers > 0);
    }
    void listIsComplete()
    {
        QCOMPARE(presets().size(), 5);
        QVERIFY(!presetYaml(QStringLiteral("nope")));
    }
};

QTEST_GUILESS_MAIN(TestPresets)
#include "tst_presets.moc"
