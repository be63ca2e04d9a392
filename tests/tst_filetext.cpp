// SPDX-License-Identifier: GPL-3.0-or-later
// Comments of generated files in the language asked for, and only there: with zh_CN every
// prose comment is Chinese while every other line is byte for byte the English file's, each
// file still passes ShmWise's validator and the real tools (sh -n, shellcheck, Python's
// compiler, a YAML and a JSON reader; the kernel mounting the fstab line, Ansible's syntax check),
// and the UI's language never reaches a file's text.
#include "core/fit.h"
#include "core/profile.h"
#include "core/sizing.h"
#include "core/textwidth.h"
#include "generatorcheck.h"
#include "generators/artifacts.h"
#include "generators/filetext.h"
#include "generators/gen_common.h"
#include "realtools.h"
#include "testutil.h"
#include "validators/validators.h"

#include <QDir>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>

using namespace shmwise;
using namespace gencheck;

namespace {

const QRegularExpression &chinese()
{
    static const QRegularExpression re(
        QStringLiteral("[\\x{3000}-\\x{303f}\\x{4e00}-\\x{9fff}\\x{ff00}-\\x{ffef}]"));
    return re;
}

// Three English words in a row: prose, not a token, path or directive.
const QRegularExpression &prose()
{
    static const QRegularExpression re(QStringLiteral("\\b[A-Za-z]{2,} [a-z]{2,} [a-z]{2,}\\b"));
    return re;
}

// Comment lines that are never translated: the interpreter line, Slurm's and shellcheck's
// directives, and commented-out settings.
const QRegularExpression &directive()
{
    static const QRegularExpression re(
        QStringLiteral("^\\s*(#!|#SBATCH |# shellcheck |# [A-Za-z_]+=)"));
    return re;
}

// Which lines of a file are comments (or, in Markdown and Python docstrings, prose).
QVector<bool> commentLines(const Artifact &a)
{
    const QStringList lines = a.text.split(QLatin1Char('\n'));
    QVector<bool> out(lines.size(), false);
    bool docstring = false;
    for (int i = 0; i < lines.size(); ++i) {
        const QString t = lines.at(i).trimmed();
        if (a.syntax == QLatin1String("Markdown")) {
            out[i] = !t.isEmpty();
        } else if (a.syntax == QLatin1String("Python")) {
            const int quotes = int(t.count(QLatin1String("\"\"\"")));
            out[i] = docstring || quotes > 0 || t.startsWith(QLatin1Char('#'));
            if (quotes % 2 == 1)
                docstring = !docstring;
        } else if (a.syntax != QLatin1String("JSON")) {
            out[i] = t.startsWith(QLatin1Char('#'));
        }
    }
    return out;
}

QStringList linesWhere(const Artifact &a, bool comment)
{
    const QStringList lines = a.text.split(QLatin1Char('\n'));
    const QVector<bool> isComment = commentLines(a);
    QStringList out;
    for (int i = 0; i < lines.size(); ++i) {
        if (isComment[i] == comment)
            out << lines.at(i);
    }
    return out;
}

QVector<Artifact> generate(const QString &caseName, CommentLanguage language)
{
    const Profile p = loadGolden(caseName);
    GenerateOptions options;
    options.comments = language;
    return generateArtifacts(p, computePlan(p), options);
}

void addGoldenRows()
{
    QTest::addColumn<QString>("caseName");
    const QStringList files =
        QDir(goldenDir()).entryList({QStringLiteral("*.yaml")}, QDir::Files, QDir::Name);
    for (const QString &f : files)
        QTest::newRow(qPrintable(f.chopped(5))) << f.chopped(5);
}

QString zhGoldenDir()
{
    return testutil::testData(QStringLiteral("golden-zh_CN"));
}

QMap<Severity, int> severities(const QVector<Diagnostic> &ds)
{
    QMap<Severity, int> count;
    for (const Diagnostic &d : ds)
        ++count[d.severity];
    return count;
}

} // namespace

class TestFileText : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void codes()
    {
        QCOMPARE(commentLanguageCodes(),
                 QStringList({QStringLiteral("en"), QStringLiteral("zh_CN")}));
        QCOMPARE(commentLanguageFromCode(QStringLiteral("zh_CN")),
                 std::optional<CommentLanguage>(CommentLanguage::SimplifiedChinese));
        QCOMPARE(commentLanguageFromCode(QStringLiteral("en")),
                 std::optional<CommentLanguage>(CommentLanguage::English));
        for (const char *bad : {"zh", "EN", "zh-CN", "", "fr"})
            QVERIFY2(!commentLanguageFromCode(QLatin1String(bad)), bad);
        for (const QString &c : commentLanguageCodes())
            QCOMPARE(commentLanguageCode(*commentLanguageFromCode(c)), c);
    }

    void displayWidth()
    {
        QCOMPARE(shmwise::displayWidth(QStringLiteral("ab")), 2);
        QCOMPARE(shmwise::displayWidth(QStringLiteral("中a")), 3);
        QCOMPARE(shmwise::displayWidth(QStringLiteral("（，）")), 6);
    }

    // A docstring stays on one line where it fits; a translation too long for the comments'
    // width gets its quotes on lines of their own and its text wrapped between them.
    void docstrings()
    {
        const char *shortText = "Bytes of /dev/shm this process can still use.";
        const char *longText =
            "Fails fast when /dev/shm has less free space, or `ulimit -n` is lower, than this\n"
            "training job needs, then runs the command given as arguments (e.g. as a container\n"
            "entrypoint).";
        gen::TextBuilder english;
        english.docstring("    ", shortText);
        QCOMPARE(english.text(),
                 QStringLiteral("    \"\"\"%1\"\"\"\n").arg(QLatin1String(shortText)));

        gen::TextBuilder zhShort{gen::FileText(CommentLanguage::SimplifiedChinese)};
        zhShort.docstring("    ", shortText);
        QStringList lines = zhShort.text().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 1);
        QVERIFY(lines[0].startsWith(QLatin1String("    \"\"\"")) &&
                lines[0].endsWith(QLatin1String("\"\"\"")));
        QVERIFY(lines[0].contains(QStringLiteral("/dev/shm")) &&
                chinese().match(lines[0]).hasMatch());

        gen::TextBuilder wrapped{gen::FileText(CommentLanguage::SimplifiedChinese)};
        wrapped.docstring("    ", longText);
        lines = wrapped.text().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QVERIFY2(lines.size() >= 4, qPrintable(wrapped.text()));
        QCOMPARE(lines.first(), QStringLiteral("    \"\"\""));
        QCOMPARE(lines.last(), QStringLiteral("    \"\"\""));
        for (const QString &l : lines) {
            QVERIFY2(shmwise::displayWidth(l) <= gen::kCommentWidth, qPrintable(l));
            QVERIFY(l.startsWith(QLatin1String("    ")));
        }
    }

    void wrapping()
    {
        const QString text = QStringLiteral(
            "此处的 /dev/shm 无法增大，因此 make_loader() 在被调用时读取它的可用空间（statvfs："
            "f_bavail x f_frsize），并采用 FITS 中第一组放得下的设置。请用 `df -h /dev/shm` "
            "测量并写入配置档案（它们需要 2.7 GiB），如果连最精简的设置也放不下，它会在任何 worker "
            "启动之前抛出 "
            "RuntimeError。");
        const QStringList lines = gen::commentLines(QStringLiteral("    # "), text, true, 60);
        QVERIFY2(lines.size() > 3, qPrintable(lines.join(QLatin1Char('\n'))));
        QString joined;
        for (const QString &l : lines) {
            QVERIFY2(shmwise::displayWidth(l) <= 60, qPrintable(l));
            QVERIFY2(l.startsWith(QLatin1String("    # ")), qPrintable(l));
            const QString body = l.mid(6);
            QVERIFY2(!body.startsWith(QLatin1Char(' ')), qPrintable(l));
            for (const QChar c : QStringLiteral("，。、；：）"))
                QVERIFY2(!body.startsWith(c), qPrintable(l));
            QVERIFY2(!body.endsWith(QStringLiteral("（")), qPrintable(l));
            joined += body;
        }
        // Nothing lost or added but the spaces the lines were broken at.
        QCOMPARE(joined.remove(QLatin1Char(' ')), QString(text).remove(QLatin1Char(' ')));
        // Tokens are never split.
        const QString all = lines.join(QLatin1Char('\n'));
        for (const char *token :
             {"/dev/shm", "make_loader()", "`df -h /dev/shm`", "RuntimeError。"})
            QVERIFY2(all.contains(QString::fromUtf8(token)), token);

        // English keeps its own lines, however long.
        const QString english = QStringLiteral(
            "A long English comment line that goes on well past the width of sixty columns");
        QCOMPARE(gen::commentLines(QStringLiteral("# "), english, false, 60),
                 QStringList{QStringLiteral("# ") + english});
        // A line break of the text is a line break of the comment; an empty line is "#".
        QCOMPARE(
            gen::commentLines(QStringLiteral("# "), QStringLiteral("一\n\n二"), true),
            QStringList({QStringLiteral("# 一"), QStringLiteral("#"), QStringLiteral("# 二")}));
        // A docstring's opening quotes start its first line only.
        gen::TextBuilder doc{gen::FileText(CommentLanguage::SimplifiedChinese)};
        doc.comment("", QString(120, QChar(0x4e2d)), "\"\"\"");
        const QStringList docLines = doc.text().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(docLines.size(), 3);
        QVERIFY(docLines.at(0).startsWith(QStringLiteral("\"\"\"中")));
        for (const QString &l : docLines.mid(1))
            QVERIFY2(l.startsWith(QChar(0x4e2d)) && shmwise::displayWidth(l) <= gen::kCommentWidth,
                     qPrintable(l));
        // A list item's continuation lines stand under its text.
        const QStringList item = gen::commentLines(
            QStringLiteral("# "), QStringLiteral("- ") + QString(40, QChar(0x4e2d)), true, 40);
        QVERIFY(item.size() > 1);
        QVERIFY2(item.at(1).startsWith(QStringLiteral("#   中")), qPrintable(item.at(1)));
    }

    void everyEnvironmentInChinese_data() { addGoldenRows(); }
    void everyEnvironmentInChinese()
    {
        QFETCH(QString, caseName);
        const QVector<Artifact> en = generate(caseName, CommentLanguage::English);
        const QVector<Artifact> zh = generate(caseName, CommentLanguage::SimplifiedChinese);
        QCOMPARE(zh.size(), en.size());
        for (int i = 0; i < en.size(); ++i) {
            const Artifact &e = en.at(i);
            const Artifact &z = zh.at(i);
            QCOMPARE(z.id, e.id);
            QCOMPARE(z.fileName, e.fileName);
            QCOMPARE(z.title, e.title);
            QCOMPARE(z.summary, e.summary);
            const QString where = caseName + QLatin1Char('/') + z.fileName + QStringLiteral(": ");

            // Everything but comments is the English file's, byte for byte.
            const QStringList enCode = linesWhere(e, false);
            const QStringList zhCode = linesWhere(z, false);
            if (enCode != zhCode)
                qWarning().noquote() << unifiedDiff(where, enCode.join(QLatin1Char('\n')).toUtf8(),
                                                    zhCode.join(QLatin1Char('\n')).toUtf8());
            QVERIFY2(enCode == zhCode, qPrintable(where + QStringLiteral("code lines differ")));

            // Every comment is Chinese, but for what is never translated.
            const QStringList enComments = linesWhere(e, true);
            bool anyProse = false;
            for (const QString &l : enComments)
                anyProse =
                    anyProse || (prose().match(l).hasMatch() && !directive().match(l).hasMatch());
            bool anyChinese = false;
            for (const QString &l : linesWhere(z, true)) {
                if (chinese().match(l).hasMatch()) {
                    anyChinese = true;
                    continue;
                }
                QVERIFY2(enComments.contains(l), qPrintable(where + l));
                QVERIFY2(directive().match(l).hasMatch() || !prose().match(l).hasMatch(),
                         qPrintable(where + QStringLiteral("English prose left: ") + l));
            }
            QVERIFY2(anyChinese || !anyProse, qPrintable(where + QStringLiteral("no Chinese")));

            // Notes still point at their lines.
            QCOMPARE(z.notes.size(), e.notes.size());
            const QStringList enLines = e.text.split(QLatin1Char('\n'));
            const QStringList zhLines = z.text.split(QLatin1Char('\n'));
            const QVector<bool> enIsComment = commentLines(e);
            const QVector<bool> zhIsComment = commentLines(z);
            for (int n = 0; n < e.notes.size(); ++n) {
                const int le = e.notes.at(n).line - 1;
                const int lz = z.notes.at(n).line - 1;
                QCOMPARE(z.notes.at(n).text, e.notes.at(n).text);
                QVERIFY(lz >= 0 && lz < zhLines.size());
                QCOMPARE(zhIsComment[lz], enIsComment[le]);
                if (!enIsComment[le])
                    QCOMPARE(zhLines.at(lz), enLines.at(le));
            }

            // ShmWise's own validator says the same of both.
            if (e.validator)
                QCOMPARE(severities(validateConfig(*z.validator, z.text)),
                         severities(validateConfig(*e.validator, e.text)));
        }
    }

    void realToolsReadTheChineseFiles()
    {
        const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
        const QString sh = QStandardPaths::findExecutable(QStringLiteral("sh"));
        if (python.isEmpty() || sh.isEmpty())
            QSKIP("python3 or sh is not installed");
        QTemporaryDir dir;
        QStringList scripts, python3Files, yamlFiles, jsonFiles;
        const QStringList cases =
            QDir(goldenDir()).entryList({QStringLiteral("*.yaml")}, QDir::Files, QDir::Name);
        for (const QString &f : cases) {
            for (const Artifact &a : generate(f.chopped(5), CommentLanguage::SimplifiedChinese)) {
                const QString path = dir.filePath(f.chopped(5) + QLatin1Char('-') + a.fileName);
                QVERIFY(writeAll(path, a.text.toUtf8()));
                if (a.isScript())
                    scripts << path;
                else if (a.syntax == QLatin1String("Python"))
                    python3Files << path;
                else if (a.syntax == QLatin1String("YAML"))
                    yamlFiles << path;
                else if (a.syntax == QLatin1String("JSON"))
                    jsonFiles << path;
            }
        }
        QVERIFY(scripts.size() > 20 && python3Files.size() > 20 && yamlFiles.size() > 20 &&
                jsonFiles.size() > 5);
        for (const QString &s : scripts) {
            const testutil::RunResult r = testutil::run(sh, {QStringLiteral("-n"), s});
            QVERIFY2(r.exitCode == 0, qPrintable(s + QLatin1Char(' ') + QString::fromUtf8(r.err)));
        }
        // One interpreter for all: compile the modules, read every YAML document and JSON file.
        const QString check =
            QStringLiteral("import json, py_compile, sys, yaml\n"
                           "for p in sys.argv[1:]:\n"
                           "    kind, path = p.split(':', 1)\n"
                           "    if kind == 'py':\n"
                           "        py_compile.compile(path, doraise=True)\n"
                           "    elif kind == 'yaml':\n"
                           "        with open(path, encoding='utf-8') as f:\n"
                           "            assert list(yaml.safe_load_all(f)), path\n"
                           "    else:\n"
                           "        with open(path, encoding='utf-8') as f:\n"
                           "            json.load(f)\n"
                           "print('read', len(sys.argv) - 1)\n");
        QStringList args{QStringLiteral("-c"), check};
        for (const QString &p : python3Files)
            args << QStringLiteral("py:") + p;
        for (const QString &p : yamlFiles)
            args << QStringLiteral("yaml:") + p;
        for (const QString &p : jsonFiles)
            args << QStringLiteral("json:") + p;
        const testutil::RunResult r = testutil::run(python, args, {}, 120000);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.out.trimmed(), QByteArray("read ") + QByteArray::number(args.size() - 2));

        const QString shellcheck = QStandardPaths::findExecutable(QStringLiteral("shellcheck"));
        if (shellcheck.isEmpty())
            QSKIP("shellcheck is not installed; sh -n, Python, YAML and JSON passed");
        const testutil::RunResult sc = testutil::run(
            shellcheck, QStringList{QStringLiteral("-s"), QStringLiteral("sh")} + scripts, {},
            240000);
        QVERIFY2(sc.exitCode == 0, sc.out.constData());
    }

    // The kernel reads the Chinese fstab (mount -T, in a private mount namespace with a small
    // /dev/shm of its own) and the Chinese remount script brings a shrunk /dev/shm back.
    void kernelMountsTheChineseFstab()
    {
        QString why;
        if (!testutil::canUseMountNamespace(&why))
            QSKIP(qPrintable(why));
        const QString caseName = QStringLiteral("bare-metal-many-tensors");
        const Profile p = loadGolden(caseName);
        const Bytes size = realtools::configuredShm(computePlan(p));
        QTemporaryDir dir;
        QString fstab, remount;
        for (const Artifact &a : generate(caseName, CommentLanguage::SimplifiedChinese)) {
            if (a.id == QLatin1String("fstab"))
                fstab = realtools::writeArtifact(dir, a);
            if (a.id == QLatin1String("remount"))
                remount = realtools::writeArtifact(dir, a);
        }
        QVERIFY(!fstab.isEmpty() && !remount.isEmpty());
        QVERIFY(readAll(fstab).contains("# \xe6\x8c\x89")); // "# 按"
        const testutil::RunResult r = testutil::runWithShm(
            1 * MiB, QStringLiteral("sh"),
            {QStringLiteral("-c"),
             QStringLiteral("set -e; mount -T \"$1\" /dev/shm; df -B1 --output=size /dev/shm | "
                            "tail -n 1; mount -o remount,size=1m /dev/shm; sh \"$2\" >/dev/null; "
                            "df -B1 --output=size /dev/shm | tail -n 1"),
             QStringLiteral("sh"), fstab, remount});
        QVERIFY2(r.exitCode == 0, qPrintable(realtools::both(r)));
        const QStringList lines =
            QString::fromUtf8(r.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 2);
        QCOMPARE(lines.at(0).trimmed().toULongLong(), size);
        QCOMPARE(lines.at(1).trimmed().toULongLong(), size);
    }

    // ansible-playbook --syntax-check and ansible-inventory read the Chinese playbook and
    // inventory.
    void ansibleReadsTheChineseFiles()
    {
        const QString playbookTool =
            QStandardPaths::findExecutable(QStringLiteral("ansible-playbook"));
        const QString inventoryTool =
            QStandardPaths::findExecutable(QStringLiteral("ansible-inventory"));
        if (playbookTool.isEmpty() || inventoryTool.isEmpty())
            QSKIP("ansible is not installed (Debian: ansible)");
        QTemporaryDir dir;
        QString playbook, inventory;
        for (const Artifact &a :
             generate(QStringLiteral("ansible-many-tensors"), CommentLanguage::SimplifiedChinese)) {
            if (a.id == QLatin1String("ansible-playbook"))
                playbook = realtools::writeArtifact(dir, a);
            if (a.id == QLatin1String("ansible-inventory"))
                inventory = realtools::writeArtifact(dir, a);
        }
        QVERIFY(!playbook.isEmpty() && !inventory.isEmpty());
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HOME"), dir.path());
        env.insert(QStringLiteral("ANSIBLE_LOCAL_TEMP"), dir.filePath(QStringLiteral("tmp")));
        env.insert(QStringLiteral("ANSIBLE_NOCOLOR"), QStringLiteral("1"));
        env.insert(QStringLiteral("ANSIBLE_RETRY_FILES_ENABLED"), QStringLiteral("0"));
        const testutil::RunResult check = testutil::run(
            playbookTool,
            {QStringLiteral("--syntax-check"), QStringLiteral("-i"), inventory, playbook}, {},
            120000, env);
        QVERIFY2(check.exitCode == 0, qPrintable(realtools::both(check)));
        const testutil::RunResult host = testutil::run(
            inventoryTool,
            {QStringLiteral("-i"), inventory, QStringLiteral("--host"), QStringLiteral("gpu03")},
            {}, 120000, env);
        QVERIFY2(host.exitCode == 0, qPrintable(realtools::both(host)));
        QVERIFY2(host.out.contains("\"shmwise_docker\": \"true\""), host.out.constData());
    }

    // A Chinese UI writes English files unless Chinese comments are asked for, and Chinese
    // comments do not depend on the UI's language either.
    void uiLanguageNeverReachesFiles()
    {
        QTranslator ui;
        QVERIFY(ui.load(QStringLiteral(":/i18n/shmwise_zh_CN.qm")));
        const QStringList cases =
            QDir(goldenDir()).entryList({QStringLiteral("*.yaml")}, QDir::Files, QDir::Name);
        QHash<QString, QString> zhUnderEnglish;
        for (const QString &f : cases) {
            for (const Artifact &a : generate(f.chopped(5), CommentLanguage::SimplifiedChinese))
                zhUnderEnglish.insert(f + a.fileName, a.text);
        }
        QVERIFY(QCoreApplication::installTranslator(&ui));
        bool chineseTitles = false;
        for (const QString &f : cases) {
            const QString caseName = f.chopped(5);
            for (const Artifact &a : generate(caseName, CommentLanguage::English)) {
                chineseTitles = chineseTitles || chinese().match(a.title).hasMatch();
                const QByteArray golden =
                    readAll(goldenDir() + QLatin1Char('/') + caseName + QLatin1Char('/') +
                            a.fileName + QStringLiteral(".expected"));
                QVERIFY2(a.text.toUtf8() == golden,
                         qPrintable(caseName + QLatin1Char('/') + a.fileName));
            }
            for (const Artifact &a : generate(caseName, CommentLanguage::SimplifiedChinese))
                QVERIFY2(a.text == zhUnderEnglish.value(f + a.fileName),
                         qPrintable(caseName + QLatin1Char('/') + a.fileName));
        }
        QCoreApplication::removeTranslator(&ui);
        QVERIFY2(chineseTitles, "the UI translator was not in effect");
    }

    // The files' list of what fitted settings give up says what the plan's list says.
    void fileCostsAreThePlansCosts()
    {
        int fitted = 0;
        const QStringList cases =
            QDir(goldenDir()).entryList({QStringLiteral("*.yaml")}, QDir::Files, QDir::Name);
        QVector<Profile> profiles;
        for (const QString &f : cases)
            profiles << loadGolden(f.chopped(5));
        profiles += propertyProfiles();
        for (Profile p : profiles) {
            for (const auto shm : {std::optional<Bytes>(), std::optional<Bytes>(48 * MiB),
                                   std::optional<Bytes>(300 * MiB)}) {
                p.host.shmAdjustable = false;
                p.host.shmBytes = shm;
                const LoaderSettings s = loaderSettings(p, computePlan(p));
                if (!s.fitted)
                    continue;
                ++fitted;
                QCOMPARE(loaderCosts(p, s, gen::FileText().fitText()), s.costs);
                if (!s.costs.isEmpty()) {
                    const QStringList zh = loaderCosts(
                        p, s, gen::FileText(CommentLanguage::SimplifiedChinese).fitText());
                    QCOMPARE(zh.size(), s.costs.size());
                    for (const QString &c : zh)
                        QVERIFY2(chinese().match(c).hasMatch(), qPrintable(c));
                }
            }
        }
        QVERIFY(fitted > 10);
    }

    void golden_data()
    {
        QTest::addColumn<QString>("caseName");
        const QStringList cases = QDir(zhGoldenDir()).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        QVERIFY2(cases.size() >= 2, qPrintable(zhGoldenDir()));
        for (const QString &c : cases)
            QTest::newRow(qPrintable(c)) << c;
    }
    void golden()
    {
        QFETCH(QString, caseName);
        QDir dir(zhGoldenDir() + QLatin1Char('/') + caseName);
        const QVector<Artifact> artifacts = generate(caseName, CommentLanguage::SimplifiedChinese);
        if (regenerate()) {
            for (const QString &stale : dir.entryList({QStringLiteral("*.expected")}, QDir::Files))
                QVERIFY(dir.remove(stale));
            for (const Artifact &a : artifacts)
                QVERIFY(writeAll(dir.filePath(a.fileName + QStringLiteral(".expected")),
                                 a.text.toUtf8()));
            return;
        }
        QStringList expected = dir.entryList({QStringLiteral("*.expected")}, QDir::Files);
        QStringList generated;
        for (const Artifact &a : artifacts)
            generated << a.fileName + QStringLiteral(".expected");
        expected.sort();
        generated.sort();
        QCOMPARE(generated, expected);
        bool same = true;
        for (const Artifact &a : artifacts) {
            const QString name = a.fileName + QStringLiteral(".expected");
            const QByteArray want = readAll(dir.filePath(name));
            if (want != a.text.toUtf8()) {
                same = false;
                qWarning().noquote()
                    << unifiedDiff(caseName + QLatin1Char('/') + name, want, a.text.toUtf8());
            }
        }
        QVERIFY2(same, "generated text differs from the golden files (diff above); run "
                       "tests/helpers/regen-golden.sh if the change is intended");
    }
};

QTEST_GUILESS_MAIN(TestFileText)
#include "tst_filetext.moc"
