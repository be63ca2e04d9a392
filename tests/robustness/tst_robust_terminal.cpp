// SPDX-License-Identifier: GPL-3.0-or-later
// Text from a target, a log, a profile or a file under validation must not drive the terminal:
// ESC ] 0;...BEL sets its title, ESC [2J clears it, U+009B is a one-character CSI. Every
// command, in text and JSON, on stdout and stderr, prints them escaped.
#include "robustutil.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using robust::shmwise;
using robust::writeFile;

namespace {
// ESC ] 0 ; title BEL, ESC [ 2 J, U+009B (C1 CSI) 2 J, DEL, CR.
const QByteArray kHostile = "\x1b]0;pwned\x07 \x1b[2J \xc2\x9b"
                            "2J \x7f \r end";
} // namespace

class TestRobustTerminal : public QObject
{
    Q_OBJECT
    QTemporaryDir m_tmp;

    void checkClean(const testutil::RunResult &r, bool json)
    {
        const int inOut = robust::firstControl(r.out);
        QVERIFY2(inOut < 0, robust::around(r.out, inOut).constData());
        const int inErr = robust::firstControl(r.err);
        QVERIFY2(inErr < 0, robust::around(r.err, inErr).constData());
        if (json && !r.out.isEmpty()) {
            QJsonParseError e;
            QJsonDocument::fromJson(r.out, &e);
            QVERIFY2(e.error == QJsonParseError::NoError, qPrintable(e.errorString()));
        }
    }

private Q_SLOTS:
    void commands_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("bin");
        const QString dir = m_tmp.path();
        const QString hostile = QString::fromUtf8(kHostile);
        // A profile whose name and content carry the sequences.
        const QString badName = dir + QStringLiteral("/p") + hostile + QStringLiteral(".yaml");
        writeFile(badName, robust::kProfile);
        const QString badProfile = dir + QStringLiteral("/bad.yaml");
        writeFile(badProfile,
                  "shmwise: 1\nenvironment: \"" + kHostile.left(9) + "\"\n" + kHostile + ": 1\n");
        // Validators quote no content; the file's name reaches the output.
        const QString fstab = dir + QStringLiteral("/fstab") + hostile;
        writeFile(fstab, "tmpfs /dev/shm tmpfs size=" + kHostile + " 0 0\n" + kHostile + "\n");
        const QString log = dir + QStringLiteral("/train.log");
        writeFile(log, "RuntimeError: DataLoader worker (pid 4242) is killed by signal: Bus "
                       "error. " +
                           kHostile +
                           "\nERROR: Unexpected bus error encountered in worker. This might be "
                           "caused by insufficient shared memory (shm). " +
                           kHostile + "\n");
        const QString bin = dir + QStringLiteral("/bin");
        QDir().mkpath(bin);
        robust::fakeDocker(bin, "cat >/dev/null\nprintf 'shmwise-probe 1\\n%s\\nos.kernel=%s\\n"
                                "shmwise-probe-end\\n' \"$BANNER\" \"$BANNER\"\n");
        for (const bool json : {false, true}) {
            const QStringList j = json ? QStringList{QStringLiteral("--json")} : QStringList{};
            const QString m = json ? QStringLiteral(" json") : QString();
            QTest::newRow(qPrintable(QStringLiteral("plan name") + m))
                << QStringList{QStringLiteral("plan"), QStringLiteral("--profile"), badName} + j
                << QByteArray();
            QTest::newRow(qPrintable(QStringLiteral("plan content") + m))
                << QStringList{QStringLiteral("plan"), QStringLiteral("--profile"), badProfile} + j
                << QByteArray();
            QTest::newRow(qPrintable(QStringLiteral("generate missing") + m))
                << QStringList{QStringLiteral("generate"), QStringLiteral("--profile"),
                               dir + QStringLiteral("/nope") + hostile} +
                       j
                << QByteArray();
            QTest::newRow(qPrintable(QStringLiteral("validate") + m))
                << QStringList{QStringLiteral("validate"), QStringLiteral("--kind"),
                               QStringLiteral("fstab"), fstab} +
                       j
                << QByteArray();
            QTest::newRow(qPrintable(QStringLiteral("diagnose") + m))
                << QStringList{QStringLiteral("diagnose"), log} + j << QByteArray();
            QTest::newRow(qPrintable(QStringLiteral("probe") + m))
                << QStringList{QStringLiteral("probe"), QStringLiteral("--target"),
                               QStringLiteral("docker://c")} +
                       j
                << QFile::encodeName(bin);
            QTest::newRow(qPrintable(QStringLiteral("unknown option") + m))
                << QStringList{QStringLiteral("plan"), QStringLiteral("--") + hostile} + j
                << QByteArray();
        }
    }
    void commands()
    {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, bin);
        QProcessEnvironment env = bin.isEmpty() ? QProcessEnvironment::systemEnvironment()
                                                : robust::withPath(QFile::decodeName(bin));
        env.insert(QStringLiteral("BANNER"), QString::fromUtf8(kHostile));
        const testutil::RunResult r = shmwise(args, env);
        QVERIFY(r.started);
        // The sequence reached the output, escaped (otherwise the test proves nothing).
        QVERIFY2(r.out.contains("\\u001b") || r.err.contains("\\u001b") ||
                     r.out.contains("\\u009b") || r.err.contains("\\u009b"),
                 (r.out + r.err).left(3000).toPercentEncoding(" /:;=,.()'\"\n").constData());
        checkClean(r, args.contains(QStringLiteral("--json")));
    }

    // JSON keeps the data: a reader gets the original characters back.
    void jsonKeepsTheText()
    {
        const QString bin = m_tmp.filePath(QStringLiteral("bin2"));
        QDir().mkpath(bin);
        QVERIFY(robust::fakeDocker(bin, "cat >/dev/null\nprintf 'shmwise-probe 1\\n"
                                        "container.runtime=%s\\nshmwise-probe-end\\n' "
                                        "\"$NAME\"\n"));
        QProcessEnvironment env = robust::withPath(bin);
        env.insert(QStringLiteral("NAME"), QStringLiteral("docker\u009b2J"));
        const testutil::RunResult r =
            shmwise({QStringLiteral("probe"), QStringLiteral("--target"),
                     QStringLiteral("docker://c"), QStringLiteral("--json")},
                    env);
        QCOMPARE(r.exitCode, 0);
        checkClean(r, true);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QVERIFY(!o.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestRobustTerminal)
#include "tst_robust_terminal.moc"
