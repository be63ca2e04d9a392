// SPDX-License-Identifier: GPL-3.0-or-later
// The documentation's screenshots (README.md shows one, docs/wizard.md all of them): every one
// they show exists, is not blank, and has the size docs/wizard.md states; and every page of the
// wizard, the fit and the Diagnose window are among them, in a light and a dark palette. Each
// image path is read relative to the file that shows it.
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QImage>
#include <QMap>
#include <QRegularExpression>
#include <QTest>

class TestScreenshots : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        const QDir source(QStringLiteral(SHMWISE_SOURCE_DIR));
        const QRegularExpression size(QStringLiteral("(\\d+)\\s*[x×]\\s*(\\d+) pixels"));
        // A Markdown image, ![text](path.png), its path relative to the file that shows it.
        const QRegularExpression image(QStringLiteral("!\\[[^\\]]*\\]\\(([^)\\s]+\\.png)\\)"));
        for (const char *document : {"README.md", "docs/wizard.md"}) {
            const QString path = source.filePath(QLatin1String(document));
            QFile file(path);
            QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(path));
            const QString text = QString::fromUtf8(file.readAll());
            const auto m = size.match(text);
            if (m.hasMatch() && !m_size.isValid())
                m_size = QSize(m.captured(1).toInt(), m.captured(2).toInt());
            const QDir dir = QFileInfo(path).dir();
            auto it = image.globalMatch(text);
            while (it.hasNext()) {
                const QString shown = QDir::cleanPath(dir.filePath(it.next().captured(1)));
                if (!m_shown.contains(shown))
                    m_shown.insert(shown, QLatin1String(document));
            }
        }
        QVERIFY2(m_size.isValid(),
                 "neither README.md nor docs/wizard.md states the screenshots' size");
        QVERIFY2(!m_shown.isEmpty(), "README.md and docs/wizard.md show no screenshot");
    }

    void everyScreenIsShown()
    {
        for (const char *page :
             {"target", "environment", "workload", "workload-fit", "host", "results", "diagnose"})
            for (const char *palette : {"light", "dark"}) {
                const QString name =
                    QStringLiteral("%1-%2.png").arg(QLatin1String(page), QLatin1String(palette));
                const QString path =
                    QDir::cleanPath(QStringLiteral(SHMWISE_SOURCE_DIR "/docs/screenshots/") + name);
                QVERIFY2(m_shown.contains(path), qPrintable(name));
            }
    }

    void eachExistsWithTheStatedSizeAndIsNotBlank_data()
    {
        QTest::addColumn<QString>("path");
        const QDir source(QStringLiteral(SHMWISE_SOURCE_DIR));
        for (auto it = m_shown.cbegin(); it != m_shown.cend(); ++it) {
            const QString row =
                QStringLiteral("%1: %2").arg(it.value(), source.relativeFilePath(it.key()));
            QTest::newRow(qPrintable(row)) << it.key();
        }
    }
    void eachExistsWithTheStatedSizeAndIsNotBlank()
    {
        QFETCH(QString, path);
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
    QSize m_size;
    // Every screenshot shown, as a clean path, with the first document that shows it.
    QMap<QString, QString> m_shown;
};

QTEST_GUILESS_MAIN(TestScreenshots)
#include "tst_screenshots.moc"
