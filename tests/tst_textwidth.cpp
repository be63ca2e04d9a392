// SPDX-License-Identifier: GPL-3.0-or-later
// Display width and line breaking (core/textwidth), shared by the command line's output and the
// comments of generated files.
#include "core/textwidth.h"

#include <QTest>

using namespace shmwise;

class TestTextWidth : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void widths()
    {
        QCOMPARE(displayWidth(u"plan"), 4);
        QCOMPARE(displayWidth(u"需要"), 4);
        QCOMPARE(displayWidth(u"a（b）"), 6);
        // A character outside the BMP counts once, by its code point.
        QCOMPARE(displayWidth(QString::fromUcs4(U"\U00020000")), 2);
        QCOMPARE(displayWidth(QString::fromUcs4(U"\U0001F600x")), 2);
        QVERIFY(!isWideCharacter(0x303f)); // the ideographic half fill space is narrow
    }

    void paddedToColumns()
    {
        QCOMPARE(padded(QStringLiteral("ab"), 5), QStringLiteral("ab   "));
        QCOMPARE(padded(QStringLiteral("共享"), 5), QStringLiteral("共享 "));
        QCOMPARE(padded(QStringLiteral("toolong"), 3), QStringLiteral("toolong"));
    }

    void wrapKeepsIndentAndUnits()
    {
        const QString line =
            QStringLiteral("      the batch holds 2.7 GiB of tensors in /dev/shm/torch_123 today");
        const QStringList lines = wrapLine(line, 30);
        QVERIFY(lines.size() > 1);
        for (const QString &l : lines) {
            QVERIFY2(l.startsWith(QLatin1String("      ")), qPrintable(l));
            QVERIFY2(!l.endsWith(QLatin1Char(' ')), qPrintable(l));
            QVERIFY2(displayWidth(l) <= 30 || !l.trimmed().contains(QLatin1Char(' ')),
                     qPrintable(l));
        }
        // A number and its unit, and a path, are never split.
        QVERIFY(lines.join(QLatin1Char('\n')).contains(QLatin1String("2.7 GiB")));
        QVERIFY(lines.join(QLatin1Char('\n')).contains(QLatin1String("/dev/shm/torch_123")));
        QCOMPARE(lines.join(QLatin1Char(' ')).simplified(), line.simplified());
    }

    void wrapChinese()
    {
        const QString line = QStringLiteral("每个工作进程都把批次放进共享内存，主进程再取走。");
        const QStringList lines = wrapLine(line, 12);
        QVERIFY(lines.size() > 1);
        for (const QString &l : lines) {
            QVERIFY2(displayWidth(l) <= 12, qPrintable(l));
            // Closing punctuation never starts a line.
            QVERIFY2(!l.startsWith(QChar(0xff0c)) && !l.startsWith(QChar(0x3002)), qPrintable(l));
        }
        QCOMPARE(lines.join(QString()), line);
    }

    void shortLineUntouched()
    {
        QCOMPARE(wrapLine(QStringLiteral("  short"), 40), QStringList{QStringLiteral("  short")});
        QCOMPARE(trimmedEnd(QStringLiteral("a b  ")), QStringLiteral("a b"));
    }
};

QTEST_GUILESS_MAIN(TestTextWidth)
#include "tst_textwidth.moc"
