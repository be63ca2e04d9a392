// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/size.h"

#include <QTest>

using namespace shmwise;

class TestSize : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void parse_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<quint64>("bytes");
        QTest::addColumn<QString>("errorPart");
        QTest::newRow("bytes") << "1000" << true << quint64(1000) << "";
        QTest::newRow("zero") << "0" << true << quint64(0) << "";
        QTest::newRow("MiB") << "64MiB" << true << 64 * MiB << "";
        QTest::newRow("space") << "64 MiB" << true << 64 * MiB << "";
        QTest::newRow("GiB") << "8GiB" << true << 8 * GiB << "";
        QTest::newRow("fraction") << "1.5GiB" << true << GiB + GiB / 2 << "";
        QTest::newRow("TiB") << "2TiB" << true << 2 * TiB << "";
        QTest::newRow("EiB") << "1EiB" << true << 1024 * 1024 * TiB << "";
        QTest::newRow("PB") << "3PB" << true << Bytes(3000000000000000ULL) << "";
        QTest::newRow("EiB overflow") << "16EiB" << false << Bytes(0) << "too large";
        QTest::newRow("GB") << "10GB" << true << quint64(10000000000ULL) << "";
        QTest::newRow("KB") << "4KB" << true << quint64(4000) << "";
        QTest::newRow("B") << "512B" << true << quint64(512) << "";
        QTest::newRow("max") << "18446744073709551615" << true << quint64(18446744073709551615ULL)
                             << "";
        QTest::newRow("overflow bytes")
            << "18446744073709551616" << false << quint64(0) << "64 bits";
        QTest::newRow("overflow unit") << "17179869184GiB" << false << quint64(0) << "64 bits";
        QTest::newRow("docker g") << "8g" << false << quint64(0) << "unknown size unit 'g'";
        QTest::newRow("k8s Gi") << "8Gi" << false << quint64(0) << "unknown size unit 'Gi'";
        QTest::newRow("lower gib") << "8gib" << false << quint64(0) << "unknown size unit";
        QTest::newRow("negative") << "-1GiB" << false << quint64(0) << "not a size";
        QTest::newRow("empty") << "" << false << quint64(0) << "not a size";
        QTest::newRow("words") << "lots" << false << quint64(0) << "not a size";
        QTest::newRow("fraction of byte") << "1.5" << false << quint64(0) << "fraction";
        QTest::newRow("two units") << "1GiB 2MiB" << false << quint64(0) << "not a size";
    }
    void parse()
    {
        QFETCH(QString, text);
        QFETCH(bool, ok);
        QFETCH(quint64, bytes);
        QFETCH(QString, errorPart);
        QString error;
        const auto v = parseSize(text, &error);
        QCOMPARE(v.has_value(), ok);
        if (ok) {
            QCOMPARE(*v, bytes);
            QVERIFY(error.isEmpty());
        } else {
            QVERIFY2(error.contains(errorPart), qPrintable(error));
        }
    }

    void formats_data()
    {
        QTest::addColumn<quint64>("bytes");
        QTest::addColumn<QString>("human");
        QTest::addColumn<QString>("profile");
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<QString>("k8s");
        QTest::addColumn<QString>("azure");
        QTest::addColumn<quint64>("mib");
        QTest::newRow("64MiB") << 64 * MiB << "64 MiB"
                               << "64MiB"
                               << "64m"
                               << "64Mi"
                               << "64m" << quint64(64);
        QTest::newRow("8GiB") << 8 * GiB << "8 GiB"
                              << "8GiB"
                              << "8g"
                              << "8Gi"
                              << "8g" << quint64(8192);
        QTest::newRow("1.5GiB") << GiB + GiB / 2 << "1.5 GiB"
                                << "1.5GiB"
                                << "1536m"
                                << "1536Mi"
                                << "1536m" << quint64(1536);
        // The profile reads up to 1 EiB: its sizes are said in their own unit, not as
        // "1048576 TiB".
        QTest::newRow("1EiB") << EiB << "1 EiB"
                              << "1EiB"
                              << "1048576t"
                              << "1048576Ti"
                              << "1073741824g" << quint64(1099511627776);
        QTest::newRow("1.5PiB") << PiB + PiB / 2 << "1.5 PiB"
                                << "1.5PiB"
                                << "1536t"
                                << "1536Ti"
                                << "1572864g" << quint64(1610612736);
        // Not whole MiB: every tool syntax rounds up, never below the plan.
        QTest::newRow("odd") << 100 * MiB + 1 << "100 MiB"
                             << "104857601"
                             << "101m"
                             << "101Mi"
                             << "101m" << quint64(101);
        // A probed MemTotal: exact in KiB only; its readable floor is a tenth of a GiB.
        QTest::newRow("memtotal") << Bytes(24683772) * KiB << "23.5 GiB"
                                  << "24683772KiB"
                                  << "24683772k"
                                  << "24683772Ki"
                                  << "24683772k" << quint64(24106);
        QTest::newRow("tenth") << *parseSize(QStringLiteral("23.4GiB")) << "23.4 GiB"
                               << "23.4GiB"
                               << "23962m"
                               << "23962Mi"
                               << "23962m" << quint64(23962);
        QTest::newRow("small") << quint64(1000) << "1000 B"
                               << "1000"
                               << "1k"
                               << "1Ki"
                               << "1k" << quint64(1);
        QTest::newRow("2TiB") << 2 * TiB << "2 TiB"
                              << "2TiB"
                              << "2t"
                              << "2Ti"
                              << "2048g" << quint64(2 * 1024 * 1024);
    }
    // A probed memory is filled in as people type it, never above what was probed.
    void readableFloors()
    {
        const Bytes memTotal = Bytes(24683772) * KiB;
        const Bytes floor = readableFloor(memTotal);
        QCOMPARE(profileSize(floor), QStringLiteral("23.5GiB"));
        QVERIFY(floor <= memTotal && memTotal - floor < GiB / 10);
        const Bytes odd = *parseSize(QStringLiteral("23.49GiB"));
        QCOMPARE(profileSize(readableFloor(odd)), QStringLiteral("23.4GiB"));
        QVERIFY(readableFloor(odd) <= odd);
        // Whole MiB, or under a GiB: as it is.
        QCOMPARE(readableFloor(1536 * MiB), 1536 * MiB);
        QCOMPARE(readableFloor(500 * MiB + 3), 500 * MiB + 3);
    }

    void formats()
    {
        QFETCH(quint64, bytes);
        QFETCH(QString, human);
        QFETCH(QString, profile);
        QFETCH(QString, kernel);
        QFETCH(QString, k8s);
        QFETCH(QString, azure);
        QFETCH(quint64, mib);
        QCOMPARE(formatSize(bytes), human);
        QCOMPARE(profileSize(bytes), profile);
        QCOMPARE(parseSize(profileSize(bytes)).value_or(0), bytes);
        QCOMPARE(kernelSize(bytes), kernel);
        QCOMPARE(dockerSize(bytes), kernel);
        QCOMPARE(kubernetesQuantity(bytes), k8s);
        QCOMPARE(azureSize(bytes), azure);
        QCOMPARE(wholeMiB(bytes), mib);
    }

    void toolSizesNeverBelow()
    {
        // Exhaustive over awkward values: the tool syntax parsed back is >= the input.
        const quint64 values[] = {1,       4095,    4097,        MiB - 1,     MiB + 1, 63 * MiB + 5,
                                  GiB - 1, GiB + 1, 3 * GiB + 7, 65 * GiB + 3};
        for (quint64 v : values) {
            const QString k = kernelSize(v);
            const quint64 n = k.chopped(1).toULongLong();
            const QChar unit = k.back();
            const quint64 f = unit == QLatin1Char('k')   ? KiB
                              : unit == QLatin1Char('m') ? MiB
                              : unit == QLatin1Char('g') ? GiB
                                                         : TiB;
            QVERIFY2(n * f >= v, qPrintable(k));
            QVERIFY2(n * f - v < v / 60 + KiB, qPrintable(k)); // and not wastefully above
        }
    }

    void neverZeroAtTheTop()
    {
        // A size at the very top of the range must not wrap to "0" (unlimited to tmpfs).
        const quint64 top = ~0ULL;
        for (const QString &s : {kernelSize(top), dockerSize(top), kubernetesQuantity(top),
                                 azureSize(top), kernelSize(top - 5)}) {
            QVERIFY2(!s.startsWith(QLatin1Char('0')), qPrintable(s));
        }
        QCOMPARE(kernelSize(top), QStringLiteral("16777216t"));
        QVERIFY(wholeMiB(top) > 0);
    }

    void saturating()
    {
        QCOMPARE(satAdd(~0ULL, 1), ~0ULL);
        QCOMPARE(satMul(~0ULL / 2, 3), ~0ULL);
        QCOMPARE(roundUp(1, PageSize), PageSize);
        QCOMPARE(roundUp(~0ULL - 2, PageSize), ~0ULL);
        quint64 out = 0;
        QVERIFY(mulOverflows(1ULL << 40, 1ULL << 30, &out));
        QVERIFY(!mulOverflows(1ULL << 20, 1ULL << 20, &out));
        QCOMPARE(out, 1ULL << 40);
    }
};

QTEST_GUILESS_MAIN(TestSize)
#include "tst_size.moc"
