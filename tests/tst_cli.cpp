// SPDX-License-Identifier: GPL-3.0-or-later
#include "testutil.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using testutil::run;
using testutil::RunResult;

namespace {

RunResult shmwise(const QStringList &args)
{
    return run(testutil::shmwiseBinary(), args);
}

QString writeTemp(QTemporaryDir &dir, const QString &name, const QByteArray &text)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write(text);
    return path;
}

const QByteArray kGood = "shmwise: 1\nenvironment: docker\nhost: {shm_bytes: 64MiB}\n"
                         "workload:\n  preset: image-classification\n";

} // namespace

class TestCli : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void version()
    {
        const RunResult r = shmwise({QStringLiteral("--version")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.startsWith("shmwise "));
        QVERIFY(r.out.contains("Qt 6."));
        // The YAML readers: yaml-cpp for profiles, libyaml for validate.
        QVERIFY(
            QRegularExpression(QStringLiteral("yaml-cpp 0\\.[0-9]+\\.[0-9]+, libyaml 0\\.[0-9]+"))
                .match(QString::fromUtf8(r.out))
                .hasMatch());
    }
    void help()
    {
        for (const QStringList &args :
             {QStringList{QStringLiteral("--help")}, QStringList{QStringLiteral("help")}}) {
            const RunResult r = shmwise(args);
            QCOMPARE(r.exitCode, 0);
            QVERIFY(r.out.contains("Usage: shmwise"));
            QVERIFY(r.out.contains("plan"));
        }
        const RunResult p = shmwise({QStringLiteral("plan"), QStringLiteral("--help")});
        QCOMPARE(p.exitCode, 0);
        QVERIFY(p.out.contains("--profile"));
        QVERIFY(p.out.contains("--json"));
        const RunResult h = shmwise({QStringLiteral("help"), QStringLiteral("plan")});
        QCOMPARE(h.exitCode, 0);
        QCOMPARE(h.out, p.out);
    }
    void noDisplayPointsToTheCli()
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const char *var : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
            env.remove(QLatin1String(var));
        const RunResult r = run(testutil::shmwiseBinary(), {}, {}, 20000, env);
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("no display"));
        QVERIFY(r.err.contains("shmwise --help"));
    }
    void badUsage_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown command")
            << QStringList{QStringLiteral("frobnicate")} << "unknown command 'frobnicate'";
        QTest::newRow("no profile")
            << QStringList{QStringLiteral("plan")} << "--profile FILE is required";
        QTest::newRow("unknown option")
            << QStringList{QStringLiteral("plan"), QStringLiteral("--wat")} << "Unknown option";
        QTest::newRow("missing file")
            << QStringList{QStringLiteral("plan"), QStringLiteral("--profile"),
                           QStringLiteral("/nonexistent.yaml")}
            << "/nonexistent.yaml: cannot read";
        QTest::newRow("stray argument")
            << QStringList{QStringLiteral("plan"), QStringLiteral("x.yaml")}
            << "unexpected argument";
        QTest::newRow("help unknown") << QStringList{QStringLiteral("help"), QStringLiteral("nope")}
                                      << "unknown command 'nope'";
    }
    void badUsage()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const RunResult r = shmwise(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
    }
    void invalidProfileExits2WithLines()
    {
        QTemporaryDir dir;
        const QString path = writeTemp(
            dir, QStringLiteral("bad.yaml"),
            "shmwise: 1\nenvironment: docker\nworkload:\n  sample_bytes: 8g\n  batch_size: 0\n"
            "  num_wrokers: 2\n");
        const RunResult r = shmwise({QStringLiteral("plan"), QStringLiteral("--profile"), path});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        const QStringList lines = QString::fromUtf8(r.err).trimmed().split(QLatin1Char('\n'));
        QCOMPARE(lines.size(), 3); // one line per problem
        QVERIFY(lines.join(QLatin1Char('\n'))
                    .contains(path +
                              QStringLiteral(":4: workload.sample_bytes: unknown size unit 'g'")));
        QVERIFY(
            lines.join(QLatin1Char('\n'))
                .contains(path + QStringLiteral(":5: workload.batch_size: must be at least 1")));
        QVERIFY(lines.join(QLatin1Char('\n'))
                    .contains(path + QStringLiteral(":6: workload.num_wrokers: unknown key")));
    }
    void planJson()
    {
        QTemporaryDir dir;
        const QString path = writeTemp(dir, QStringLiteral("p.yaml"), kGood);
        const RunResult r = shmwise(
            {QStringLiteral("plan"), QStringLiteral("--profile"), path, QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        QJsonParseError pe;
        const QJsonDocument doc = QJsonDocument::fromJson(r.out, &pe);
        QVERIFY2(doc.isObject(), qPrintable(pe.errorString()));
        const QJsonObject o = doc.object();
        const qint64 required = o.value(QStringLiteral("required_bytes")).toInteger();
        const qint64 recommended = o.value(QStringLiteral("recommended_bytes")).toInteger();
        QVERIFY(required > 0);
        QVERIFY(recommended >= required);
        QVERIFY(o.value(QStringLiteral("open_files")).isDouble());
        QVERIFY(o.value(QStringLiteral("breakdown")).toArray().size() >= 3);
        // host.shm_bytes is 64 MiB, below the plan: the fit comes along.
        const QJsonObject fit = o.value(QStringLiteral("fit")).toObject();
        QCOMPARE(fit.value(QStringLiteral("fits_as_configured")).toBool(), false);
        QVERIFY(fit.value(QStringLiteral("required_bytes")).toInteger() <= 64 * 1024 * 1024);
        // Human text (warnings) stays off stdout.
        QVERIFY(r.err.contains("warning:"));
    }
    void planText()
    {
        QTemporaryDir dir;
        const QString path = writeTemp(dir, QStringLiteral("p.yaml"), kGood);
        const RunResult r = shmwise({QStringLiteral("plan"), QStringLiteral("--profile"), path,
                                     QStringLiteral("--fit"), QStringLiteral("1GiB")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("Required /dev/shm:"));
        QVERIFY(r.out.contains("Recommended /dev/shm:"));
        QVERIFY(r.out.contains("Batches prefetched by workers"));
        QVERIFY(r.out.contains("Fits in 1 GiB as configured."));
        const RunResult bad = shmwise({QStringLiteral("plan"), QStringLiteral("--profile"), path,
                                       QStringLiteral("--fit"), QStringLiteral("1Gi")});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY(bad.err.contains("--fit"));
    }
    void planAgainstARealHost()
    {
        QString why;
        if (!testutil::canUseMountNamespace(&why))
            QSKIP(qPrintable(why));
        QTemporaryDir dir;
        const QString path = writeTemp(dir, QStringLiteral("p.yaml"),
                                       "shmwise: 1\nenvironment: bare-metal\n"
                                       "workload:\n  preset: image-classification\n");
        // A bare-metal host with a 64 MiB /dev/shm: the probe fills host.shm_bytes, so the plan
        // comes with a fit for it and the findings say what will break. (A container job's
        // /dev/shm is its container's, not the probed host's: tst_findings covers that, since
        // whether this test itself runs in a container differs between machines.)
        const RunResult r = testutil::runWithShm(
            64 * 1024 * 1024, testutil::shmwiseBinary(),
            {QStringLiteral("plan"), QStringLiteral("--profile"), path, QStringLiteral("--json"),
             QStringLiteral("--target"), QStringLiteral("local")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o.value(QStringLiteral("fit"))
                     .toObject()
                     .value(QStringLiteral("shm_bytes"))
                     .toInteger(),
                 qint64(64) * 1024 * 1024);
        QStringList ids;
        for (const QJsonValue &f : o.value(QStringLiteral("host_findings")).toArray())
            ids << f.toObject().value(QStringLiteral("id")).toString();
        QVERIFY2(ids.contains(QStringLiteral("shm-below-plan")),
                 qPrintable(ids.join(QLatin1Char(','))));

        // A target that would run a command if it ever reached a shell is refused before any
        // process starts.
        const QString marker = dir.filePath(QStringLiteral("pwned"));
        const RunResult refused = shmwise({QStringLiteral("plan"), QStringLiteral("--profile"),
                                           path, QStringLiteral("--target"),
                                           QStringLiteral("ssh://x`touch${IFS}%1`").arg(marker)});
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(refused.err.startsWith("shmwise plan: "), refused.err.constData());
        QVERIFY(!QFile::exists(marker));
    }
    void translated()
    {
        // Messages follow the user's language where a translation exists.
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("LC_ALL"), QStringLiteral("zh_CN.UTF-8"));
        const RunResult r =
            run(testutil::shmwiseBinary(), {QStringLiteral("frobnicate")}, {}, 20000, env);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(QStringLiteral("未知命令")), r.err.constData());
        // and stay English in the C locale.
        QVERIFY(shmwise({QStringLiteral("frobnicate")}).err.contains("unknown command"));
    }
    void chineseUnderLanguage()
    {
        // LANGUAGE picks the language even in the C locale the tests run in, as for other
        // programs; Qt's own words (the option list of --help) follow it.
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("LANGUAGE"), QStringLiteral("zh_CN"));
        const RunResult help =
            run(testutil::shmwiseBinary(), {QStringLiteral("--help")}, {}, 20000, env);
        QCOMPARE(help.exitCode, 0);
        const QString helpText = QString::fromUtf8(help.out);
        QVERIFY2(helpText.startsWith(QStringLiteral("用法：shmwise")), help.out.constData());
        QVERIFY2(helpText.contains(QStringLiteral("计算训练任务所需的 /dev/shm 大小")),
                 help.out.constData());
        QVERIFY2(!helpText.contains(QLatin1String("Usage")), help.out.constData());

        const RunResult planHelp =
            run(testutil::shmwiseBinary(), {QStringLiteral("plan"), QStringLiteral("--help")}, {},
                20000, env);
        QCOMPARE(planHelp.exitCode, 0);
        const QString planHelpText = QString::fromUtf8(planHelp.out);
        QVERIFY2(planHelpText.contains(QStringLiteral("要规划的配置档案。")),
                 planHelp.out.constData());
        // "Options:" comes from Qt's catalogue (qt6-translations-l10n).
        QVERIFY2(!planHelpText.contains(QLatin1String("Options:")), planHelp.out.constData());

        // The plan: every line of the breakdown in Chinese, sizes in one column.
        QTemporaryDir dir;
        const QString path = writeTemp(dir, QStringLiteral("p.yaml"), kGood);
        const RunResult plan =
            run(testutil::shmwiseBinary(),
                {QStringLiteral("plan"), QStringLiteral("--profile"), path}, {}, 20000, env);
        QCOMPARE(plan.exitCode, 0);
        const QString planText = QString::fromUtf8(plan.out);
        QVERIFY2(planText.contains(QStringLiteral("所需 /dev/shm：")), plan.out.constData());
        QVERIFY2(planText.contains(QStringLiteral("worker 预取的 batch")), plan.out.constData());
        QVERIFY2(!planText.contains(QLatin1String("Required")), plan.out.constData());

        // Error messages too, on stderr.
        const RunResult bad =
            run(testutil::shmwiseBinary(), {QStringLiteral("plan"), QStringLiteral("--profile")},
                {}, 20000, env);
        QCOMPARE(bad.exitCode, 2);
        const RunResult missing =
            run(testutil::shmwiseBinary(), {QStringLiteral("plan")}, {}, 20000, env);
        QCOMPARE(missing.exitCode, 2);
        QVERIFY2(QString::fromUtf8(missing.err).contains(QStringLiteral("必须指定 --profile FILE")),
                 missing.err.constData());
    }
    void translatedBreakdownLinesUp()
    {
        // Chinese titles take two columns a character: the sizes still end in one column.
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("LANGUAGE"), QStringLiteral("zh_CN"));
        QTemporaryDir dir;
        const QString path = writeTemp(dir, QStringLiteral("p.yaml"), kGood);
        const RunResult plan =
            run(testutil::shmwiseBinary(),
                {QStringLiteral("plan"), QStringLiteral("--profile"), path}, {}, 20000, env);
        QCOMPARE(plan.exitCode, 0);
        QSet<int> ends;
        const QStringList lines = QString::fromUtf8(plan.out).split(QLatin1Char('\n'));
        static const QRegularExpression sizeAtEnd(QStringLiteral("^  \\S.*\\d (B|KiB|MiB|GiB)$"));
        for (const QString &line : lines) {
            if (!sizeAtEnd.match(line).hasMatch())
                continue;
            int columns = 0;
            for (const QChar c : line)
                columns += (c.unicode() >= 0x2E80 && c.unicode() <= 0xA4CF) ||
                                   (c.unicode() >= 0xFF00 && c.unicode() <= 0xFF60)
                               ? 2
                               : 1;
            ends.insert(columns);
        }
        QVERIFY2(!ends.isEmpty(), plan.out.constData());
        QVERIFY2(ends.size() == 1, plan.out.constData());
    }

    // --comment-language: the files' comments in Chinese on request only, the rest of each file
    // unchanged, and a value it does not know refused with the accepted ones.
    void commentLanguage()
    {
        QTemporaryDir dir;
        const QString path = writeTemp(dir, QStringLiteral("p.yaml"), kGood);
        const QStringList base{QStringLiteral("generate"), QStringLiteral("--profile"), path,
                               QStringLiteral("--only"), QStringLiteral("preflight")};
        const RunResult bad =
            shmwise(base + QStringList{QStringLiteral("--comment-language"), QStringLiteral("zh")});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.out.isEmpty(), bad.out.constData());
        QVERIFY2(bad.err.contains("--comment-language: 'zh' is not a language of comments; use "
                                  "one of: en, zh_CN"),
                 bad.err.constData());

        static const QRegularExpression cjk(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
        const RunResult en = shmwise(base);
        QCOMPARE(en.exitCode, 0);
        const RunResult en2 =
            shmwise(base + QStringList{QStringLiteral("--comment-language"), QStringLiteral("en")});
        QCOMPARE(en2.out, en.out);
        const QString english = QString::fromUtf8(en.out);
        QVERIFY(!english.contains(cjk));
        const RunResult zh = shmwise(
            base + QStringList{QStringLiteral("--comment-language"), QStringLiteral("zh_CN")});
        QCOMPARE(zh.exitCode, 0);
        const QString chinese = QString::fromUtf8(zh.out);
        QVERIFY2(chinese.contains(cjk), zh.out.constData());
        auto code = [](const QString &text) {
            QStringList lines;
            for (const QString &l : text.split(QLatin1Char('\n')))
                if (!l.trimmed().startsWith(QLatin1Char('#')))
                    lines << l;
            return lines;
        };
        QCOMPARE(code(chinese), code(english));

        // The interface's language does not reach the files.
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("LANGUAGE"), QStringLiteral("zh_CN"));
        const QStringList json = base + QStringList{QStringLiteral("--json")};
        const RunResult underChinese = run(testutil::shmwiseBinary(), json, {}, 20000, env);
        QCOMPARE(underChinese.exitCode, 0);
        const QJsonObject a = QJsonDocument::fromJson(underChinese.out)
                                  .object()
                                  .value(QStringLiteral("artifacts"))
                                  .toArray()
                                  .at(0)
                                  .toObject();
        QVERIFY2(a.value(QStringLiteral("title")).toString().contains(cjk),
                 underChinese.out.constData());
        const QString text = a.value(QStringLiteral("text")).toString();
        QVERIFY2(!text.isEmpty() && !text.contains(cjk), qPrintable(text));
        QVERIFY2(english.contains(text), qPrintable(text));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
