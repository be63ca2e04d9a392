// SPDX-License-Identifier: GPL-3.0-or-later
// When a string may be written as a plain YAML scalar: never when a YAML 1.1 or 1.2 reader takes
// it for another type, never with a final newline.
#include "core/yamlscalar.h"

#include <QTest>

using namespace shmwise;

class TestYamlScalar : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // Every string the writer puts down plain is a string to YAML 1.1 and 1.2 readers alike.
    void yamlPlainScalars_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("otherType");
        for (const char *t :
             {"123",   "true", "True",  "no",    "NO",        "on",         "Off",
              "y",     "N",    "0x1f",  "012",   "0o12",      "0b101",      "~",
              "null",  "Null", "1e3",   "1E-3",  "-1.5",      ".5",         ".inf",
              "-.Inf", ".nan", "1_000", "12:30", "1:20:30.5", "2024-01-31", "2024-1-1 10:00:00",
              "<<",    "=",    ""})
            QTest::newRow(t) << QString::fromLatin1(t) << true;
        for (const char *t : {"train", "python", "train.py", "yes-please", "nope", "one", "x1e3",
                              "v1.0", "0x", "online", "truely", "null-island", "inf", "nan"})
            QTest::newRow(t) << QString::fromLatin1(t) << false;
    }
    void yamlPlainScalars()
    {
        QFETCH(QString, text);
        QFETCH(bool, otherType);
        QCOMPARE(yamlPlainIsOtherType(text), otherType);
        if (otherType)
            QVERIFY(!yamlPlainIsSafe(text));
        QVERIFY(!yamlPlainIsSafe(text + QLatin1Char('\n')));
    }
};

QTEST_GUILESS_MAIN(TestYamlScalar)
#include "tst_yamlscalar.moc"
