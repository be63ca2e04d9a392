// SPDX-License-Identifier: GPL-3.0-or-later
// The README's screenshots: every one it shows exists, is not blank, and has the size the README
// states; and every page of the wizard, the fit and the Diagnose window are among them, in a
// light and a dark palette.
#include <QDir>
#include <QFile>
#include <QHash>
#include <QImage>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

class TestScreenshots : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QFile readme(QStringLiteral(SHMWISE_SOURCE_DIR "/README.md"));
        QVERIFY(readme.open(QIODevice::ReadOnly));
        m_readme = QString::fromUtf8(readme.readAll());
        const QRegularExpression size(QStringLiteral("(\\d+)\\s*[x×]\\s*(\\d+) pixels"));
        const auto m = size.match(m_readme);
        QVERIFY2(m.hasMatch(), "the README does not state the screenshots' size");
        m_size = QSize(m.captured(1).toInt(), m.captured(2).toInt());
        auto it = QRegularExpression(QStringLiteral("docs/screenshots/([\\w-]+\\.png)"))
                      .globalMatch(m_readme);
        while (it.hasNext())
            m_shown.insert(it.next().captured(1));
    }

    void everyScreenIsShown()
    {
        for (const char *page :
             {"target", "environment", "workload", "workload-fit", "host", "results", "diagnose"})
            for (const char *palette : {"light", "dark"}) {
                const QString name =
                    QStringLiteral("%1-%2.png").arg(QLatin1String(page), QLatin1String(palette));
                QVERIFY2(m_shown.contains(name), qPrintable(name));
            }
    }

    void eachExistsWithTheStatedSizeAndIsNotBlank_data()
    {
        QTest::addColumn<QString>("name");
        for (const QString &n : std::as_const(m_shown))
            QTest::newRow(qPrintable(n)) << n;
    }
    void eachExistsWithTheStatedSizeAndIsNotBlank()
    {
        QFETCH(QString, name);
        const QString path = QStringLiteral(SHMWISE_SOURCE_DIR "/docs/screenshots/") + name;
        QVERIFY2(QFile::exists(path), qPrintable(path));
        const QImage image(path);
        QVERIFY2(!image.isNull(), qPrintable(path + QStringLiteral(" is not a readable PNG")));
        QCOMPARE(image.size(), m_size);
        // Not blank: many colours, none covering nearly all of it.
        QHash<QRgb, int> counts;
        for (int y = 0; y < image.height(); y += 2)
            for (int x = 0; x < image.width(); x += 2)
                ++counts[image.pixel(x, y)];
        int most = 0;
        int total = 0;
        for (int c : std::as_const(counts)) {
            most = std::max(most, c);
            total += c;
        }
        QVERIFY2(counts.size() > 32, qPrintable(QStringLiteral("%1 colours").arg(counts.size())));
        QVERIFY2(most < total * 95 / 100, "one colour covers almost all of it");
    }

private:
    QString m_readme;
    QSize m_size;
    QSet<QString> m_shown;
};

QTEST_GUILESS_MAIN(TestScreenshots)
#include "tst_screenshots.moc"
