// SPDX-License-Identifier: GPL-3.0-or-later
// The Host page's chart (ui/shmchart): left running it keeps the last hour and no more, at any
// refresh, and draws its lines for any sample it holds.
#include "core/size.h"
#include "ui/shmchart.h"

#include <QImage>
#include <QTest>

using namespace shmwise;

class TestShmChart : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // Two hours at one sample a second, then at five: an hour is kept, the count never grows
    // past it.
    void keepsAnHour()
    {
        ShmChart chart;
        const qint64 start = 1'700'000'000'000;
        qint64 t = start;
        int most = 0;
        for (int i = 0; i < 7200; ++i, t += 1000) {
            chart.addSample(t, quint64(i % 100) * MiB, 64 * MiB);
            most = std::max(most, chart.sampleCount());
        }
        QCOMPARE(most, 3600);
        const qint64 last = t - 1000;
        QVERIFY(chart.firstSampleMs() >= last - 3600 * 1000);
        for (int i = 0; i < 1440; ++i, t += 5000)
            chart.addSample(t, 32 * MiB, 64 * MiB);
        QCOMPARE(chart.sampleCount(), 721); // an hour at five seconds, both ends in
        QCOMPARE(chart.firstSampleMs(), t - 5000 - 3600 * 1000);
        // Samples faster than a second a time: still at most 3600.
        for (int i = 0; i < 10000; ++i, t += 100)
            chart.addSample(t, 32 * MiB, 64 * MiB);
        QCOMPARE(chart.sampleCount(), 3600);
    }

    // Drawn with the size, the use, the warn line, the plan's need and both limits, at a small
    // size and a large one.
    void draws()
    {
        ShmChart chart;
        chart.setRequired(48 * MiB);
        chart.setLimits(40 * MiB, 1 * GiB);
        chart.setWarnPercent(80);
        for (int i = 0; i < 50; ++i)
            chart.addSample(1'700'000'000'000 + i * 2000, quint64(i) * MiB, 64 * MiB);
        for (const QSize size : {QSize(160, 120), QSize(900, 300)}) {
            chart.resize(size);
            const QImage img = chart.grab().toImage();
            QCOMPARE(img.size(), size * chart.devicePixelRatio());
            QSet<QRgb> colours;
            for (int y = 0; y < img.height(); y += 2)
                for (int x = 0; x < img.width(); x += 2)
                    colours.insert(img.pixel(x, y));
            QVERIFY2(colours.size() > 4, "lines and a fill");
        }
        chart.clear();
        QCOMPARE(chart.sampleCount(), 0);
        QCOMPARE(chart.firstSampleMs(), qint64(0));
    }
};

QTEST_MAIN(TestShmChart)
#include "tst_shmchart.moc"
