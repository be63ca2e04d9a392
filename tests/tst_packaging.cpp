// SPDX-License-Identifier: GPL-3.0-or-later
// What a distribution installs besides the binary: the man page (against every command's --help),
// the bash and zsh completions (run for real), the desktop file and the AppStream metainfo.
#include "testutil.h"

#include <QDir>
#include <QFile>
#include <QHash>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using testutil::run;
using testutil::RunResult;

namespace {

QString docsFile(const QString &name)
{
    return QStringLiteral(SHMWISE_DOCS_DIR "/") + name;
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool writeFile(const QString &path, const QByteArray &text)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text) == text.size();
}

// The option names of one --help text: the lines of its "Options:" block that start with a dash.
QStringList helpOptions(const QByteArray &help)
{
    QStringList names;
    bool inOptions = false;
    static const QRegularExpression entry(QStringLiteral("^  (-[^ ,]+(?:, -[^ ,]+)*)"));
    for (const QByteArray &raw : help.split('\n')) {
        const QString line = QString::fromUtf8(raw);
        if (line == QLatin1String("Options:")) {
            inOptions = true;
            continue;
        }
        if (inOptions && line.trimmed().isEmpty())
            break;
        const QRegularExpressionMatch m = entry.match(line);
        if (inOptions && m.hasMatch()) {
            for (const QString &n : m.captured(1).split(QStringLiteral(", ")))
                names << n;
        }
    }
    names.sort();
    return names;
}

// The part of the man page from `start` (a request line such as ".SS plan") to the next
// section or subsection.
QStringList manSection(const QByteArray &man, const QString &start)
{
    QStringList lines;
    bool in = false;
    for (const QByteArray &raw : man.split('\n')) {
        const QString line = QString::fromUtf8(raw);
        if (line == start) {
            in = true;
            continue;
        }
        if (in && (line.startsWith(QLatin1String(".SS")) || line.startsWith(QLatin1String(".SH"))))
            break;
        if (in)
            lines << line;
    }
    return lines;
}

// The options a man page section documents: the bold dash-words on the tag line after each .TP.
QStringList manOptions(const QStringList &section)
{
    QStringList names;
    static const QRegularExpression bold(QStringLiteral("\\\\fB(\\\\-[^\\\\]*(?:\\\\-[^\\\\]*)*)"
                                                        "\\\\fR"));
    for (int i = 0; i + 1 < section.size(); ++i) {
        if (section[i] != QLatin1String(".TP"))
            continue;
        auto it = bold.globalMatch(section[i + 1]);
        while (it.hasNext())
            names << it.next().captured(1).replace(QLatin1String("\\-"), QLatin1String("-"));
    }
    names.sort();
    return names;
}

QStringList commandsOf(const QByteArray &mainHelp)
{
    QStringList names;
    bool in = false;
    for (const QByteArray &raw : mainHelp.split('\n')) {
        const QString line = QString::fromUtf8(raw);
        if (line == QLatin1String("Commands:")) {
            in = true;
            continue;
        }
        if (in && line.trimmed().isEmpty())
            break;
        if (in)
            names << line.trimmed().section(QLatin1Char(' '), 0, 0);
    }
    return names;
}

// A home with an OpenSSH client configuration that Includes another file through a glob, so
// the completions' alias reader is tested the way ssh reads it.
bool makeSshHome(const QTemporaryDir &home)
{
    return QDir(home.path()).mkpath(QStringLiteral(".ssh/conf.d")) &&
           writeFile(home.filePath(QStringLiteral(".ssh/config")),
                     "# comment\nHost gpu-node\n    HostName 10.0.0.7\nHost *.internal !x\n"
                     "Include conf.d/*.conf\n") &&
           writeFile(home.filePath(QStringLiteral(".ssh/conf.d/lab.conf")),
                     "Host trainbox lab-box\n  User ml\n") &&
           writeFile(home.filePath(QStringLiteral("job.yaml")), "shmwise: 1\n") &&
           writeFile(home.filePath(QStringLiteral("notes.txt")), "x\n");
}

} // namespace

class TestPackaging : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void manPageMatchesHelp_data()
    {
        QTest::addColumn<QString>("command");
        const RunResult main = run(testutil::shmwiseBinary(), {QStringLiteral("--help")});
        QCOMPARE(main.exitCode, 0);
        const QStringList commands = commandsOf(main.out);
        QVERIFY(commands.size() >= 5);
        QTest::newRow("shmwise") << QString();
        for (const QString &c : commands)
            QTest::newRow(qPrintable(c)) << c;
    }
    void manPageMatchesHelp()
    {
        QFETCH(QString, command);
        const QByteArray man = readAll(docsFile(QStringLiteral("shmwise.1")));
        QVERIFY2(!man.isEmpty(), "the man page was not generated");
        QStringList args;
        if (!command.isEmpty())
            args << command;
        args << QStringLiteral("--help");
        const RunResult help = run(testutil::shmwiseBinary(), args);
        QCOMPARE(help.exitCode, 0);
        const QStringList fromHelp = helpOptions(help.out);
        QVERIFY2(fromHelp.contains(QStringLiteral("--help")), help.out.constData());
        const QStringList fromMan =
            manOptions(manSection(man, command.isEmpty() ? QStringLiteral(".SH OPTIONS")
                                                         : QStringLiteral(".SS ") + command));
        QCOMPARE(fromMan, fromHelp);
        // The synopsis carries the command's usage line.
        if (!command.isEmpty())
            QVERIFY(man.contains("\\fBshmwise\\fR \\fB" + command.toUtf8() + "\\fR"));
    }
    void manPageSections()
    {
        const QByteArray man = readAll(docsFile(QStringLiteral("shmwise.1")));
        for (const char *section : {".SH NAME", ".SH SYNOPSIS", ".SH EXIT STATUS", ".SH PROFILE",
                                    ".SH EXAMPLES", ".SH SEE ALSO"})
            QVERIFY2(man.contains(QByteArray("\n") + section + '\n'), section);
        // Every placeholder of the template was filled.
        QVERIFY(!QRegularExpression(QStringLiteral("@[A-Z_]+@"))
                     .match(QString::fromUtf8(man))
                     .hasMatch());
        // The exit codes of `shmwise --help` are the ones the man page explains.
        const QStringList exitStatus = manSection(man, QStringLiteral(".SH EXIT STATUS"));
        QStringList codes;
        for (int i = 0; i + 1 < exitStatus.size(); ++i) {
            if (exitStatus[i] == QLatin1String(".TP"))
                codes << exitStatus[i + 1].mid(3);
        }
        QCOMPARE(codes,
                 (QStringList{QStringLiteral("0"), QStringLiteral("1"), QStringLiteral("2")}));
        // The examples it names are installed from docs/examples.
        static const QRegularExpression example(QStringLiteral("examples/([a-z\\\\-]+)\\.yaml"));
        auto it = example.globalMatch(QString::fromUtf8(man));
        int examples = 0;
        while (it.hasNext()) {
            const QString name =
                it.next().captured(1).replace(QLatin1String("\\-"), QLatin1String("-"));
            QVERIFY2(QFile::exists(testutil::sourceDir() + QStringLiteral("/docs/examples/") +
                                   name + QStringLiteral(".yaml")),
                     qPrintable(name));
            ++examples;
        }
        QVERIFY(examples >= 2);
    }
    void manPageRenders()
    {
        const QString man = QStandardPaths::findExecutable(QStringLiteral("man"));
        if (man.isEmpty())
            QSKIP("man (man-db) is not installed");
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("MANWIDTH"), QStringLiteral("80"));
        const RunResult r =
            run(man,
                {QStringLiteral("--warnings"), QStringLiteral("-E"), QStringLiteral("UTF-8"),
                 QStringLiteral("-l"), docsFile(QStringLiteral("shmwise.1"))},
                {}, 60000, env);
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.isEmpty(), r.err.constData());
        QVERIFY(r.out.contains("shmwise"));
        QVERIFY(r.out.contains("EXIT STATUS"));
    }

    void bashCompletes_data()
    {
        QTest::addColumn<QStringList>("words"); // COMP_WORDS as bash splits them; last is current
        QTest::addColumn<QStringList>("expected");
        auto l = [](std::initializer_list<const char *> s) {
            QStringList r;
            for (const char *x : s)
                r << QString::fromUtf8(x);
            return r;
        };
        QTest::newRow("commands") << l({"shmwise", ""})
                                  << l({"plan", "generate", "validate", "probe", "measure", "watch",
                                        "clean", "diagnose"});
        QTest::newRow("command prefix") << l({"shmwise", "pr"}) << l({"probe"});
        QTest::newRow("main options") << l({"shmwise", "--"}) << l({"--help", "--version"});
        QTest::newRow("plan options")
            << l({"shmwise", "plan", "--"})
            << l({"--profile", "--json", "--fit", "--target", "--ssh-config", "--timeout",
                  "--inventory", "--limit", "--jobs", "--selector", "--help"});
        QTest::newRow("kinds") << l({"shmwise", "validate", "--kind", "d"}) << l({"docker-run"});
        QTest::newRow("kind after =")
            << l({"shmwise", "validate", "--kind", "=", "s"}) << l({"sysctl"});
        QTest::newRow("comment languages")
            << l({"shmwise", "generate", "--comment-language", "z"}) << l({"zh_CN"});
        QTest::newRow("only, second id") << l({"shmwise", "generate", "--only", "dataloader,k8s-p"})
                                         << l({"dataloader,k8s-pod", "dataloader,k8s-pytorchjob"});
        QTest::newRow("targets") << l({"shmwise", "probe", "--target", ""})
                                 << l({"local", "ssh://", "docker://", "k8s://"});
        // bash splits ssh://tr at ':' into "ssh" ":" "//tr"; the reply replaces only "//tr".
        QTest::newRow("ssh alias from an Include")
            << l({"shmwise", "plan", "--target", "ssh", ":", "//tr"}) << l({"//trainbox"});
        QTest::newRow("ssh aliases")
            << l({"shmwise", "diagnose", "--target", "ssh://"})
            << l({"ssh://", "ssh://gpu-node", "ssh://trainbox", "ssh://lab-box"});
        QTest::newRow("ssh user@alias")
            << l({"shmwise", "probe", "--target", "ssh", ":", "//ml@g"}) << l({"//ml@gpu-node"});
        QTest::newRow("--ssh-config chooses the file")
            << l({"shmwise", "probe", "--ssh-config", ".ssh/conf.d/lab.conf", "--target", "ssh://"})
            << l({"ssh://", "ssh://trainbox", "ssh://lab-box"});
        QTest::newRow("profile file")
            << l({"shmwise", "plan", "--profile", "job"}) << l({"job.yaml"});
        QTest::newRow("validate file") << l({"shmwise", "validate", "no"}) << l({"notes.txt"});
        QTest::newRow("no completion for a size") << l({"shmwise", "plan", "--fit", ""}) << l({});
    }
    void bashCompletes()
    {
        QFETCH(QStringList, words);
        QFETCH(QStringList, expected);
        const QString bash = QStandardPaths::findExecutable(QStringLiteral("bash"));
        if (bash.isEmpty())
            QSKIP("bash is not installed");
        QTemporaryDir home;
        QVERIFY(home.isValid());
        QVERIFY(makeSshHome(home));
        // The words go in as arguments, so nothing in them is parsed as shell code.
        const QString script =
            QStringLiteral("cd \"$HOME\" && source \"$1\" && shift && COMP_WORDS=(\"$@\") && "
                           "COMP_CWORD=$((${#COMP_WORDS[@]} - 1)) && _shmwise && "
                           "printf '%s\\n' \"${COMPREPLY[@]}\"");
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HOME"), home.path());
        const RunResult r =
            run(bash,
                QStringList{QStringLiteral("--norc"), QStringLiteral("-c"), script,
                            QStringLiteral("bash"), docsFile(QStringLiteral("shmwise.bash"))} +
                    words,
                {}, 30000, env);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.err.isEmpty(), r.err.constData());
        QStringList got = QString::fromUtf8(r.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(got, expected);
    }

    void bashCompletionIsRegistered()
    {
        const QString bash = QStandardPaths::findExecutable(QStringLiteral("bash"));
        if (bash.isEmpty())
            QSKIP("bash is not installed");
        const RunResult r =
            run(bash, {QStringLiteral("--norc"), QStringLiteral("-c"),
                       QStringLiteral("source \"$1\" && complete -p shmwise"),
                       QStringLiteral("bash"), docsFile(QStringLiteral("shmwise.bash"))});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out.trimmed(), QByteArray("complete -F _shmwise shmwise"));
    }

    void bashCompletionShellcheck()
    {
        const QString tool = QStandardPaths::findExecutable(QStringLiteral("shellcheck"));
        if (tool.isEmpty())
            QSKIP("shellcheck is not installed");
        const RunResult r = run(tool, {QStringLiteral("-s"), QStringLiteral("bash"),
                                       docsFile(QStringLiteral("shmwise.bash"))});
        QVERIFY2(r.exitCode == 0, r.out.constData());
    }

    void zshLoads()
    {
        const QString zsh = QStandardPaths::findExecutable(QStringLiteral("zsh"));
        if (zsh.isEmpty())
            QSKIP("zsh is not installed");
        QTemporaryDir home;
        QVERIFY(home.isValid());
        QVERIFY(makeSshHome(home));
        QVERIFY(QDir(home.path()).mkpath(QStringLiteral("fpath")));
        QVERIFY(QFile::copy(docsFile(QStringLiteral("_shmwise")),
                            home.filePath(QStringLiteral("fpath/_shmwise"))));
        // compinit finds the file through fpath and binds it to the command, as the vendor
        // completions folder is found; then the file's own helpers run, with the completion
        // builtins that exist only while completing replaced by printers.
        const QString script =
            QStringLiteral("fpath=(\"$HOME/fpath\" $fpath); autoload -Uz compinit; "
                           "compinit -u -d \"$HOME/zcompdump\" || exit 3; "
                           "print -r -- \"bound: $_comps[shmwise]\"; "
                           "autoload -Uz +X _shmwise || exit 4; "
                           "_arguments() { print -r -- \"arguments: $*\" }; _describe() { :; }; "
                           "compadd() { print -r -- \"compadd: $*\" }; "
                           "source \"$HOME/fpath/_shmwise\"; "
                           "words=(shmwise probe --target ssh://); _shmwise_targets; "
                           "_shmwise_cmd_validate");
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HOME"), home.path());
        const RunResult r =
            run(zsh, {QStringLiteral("-f"), QStringLiteral("-c"), script}, {}, 30000, env);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.err.isEmpty(), r.err.constData());
        QVERIFY2(r.out.contains("bound: _shmwise\n"), r.out.constData());
        QVERIFY2(r.out.contains("compadd: -- local ssh://gpu-node ssh://trainbox ssh://lab-box\n"),
                 r.out.constData());
        QVERIFY2(r.out.contains("--kind=[The file's format\\: fstab, sysctl, limits, docker-run, "),
                 r.out.constData());
        QVERIFY2(r.out.contains(":kind:(fstab sysctl limits docker-run compose kubernetes python)"),
                 r.out.constData());
    }

    // The Flatpak manifest builds this tree with options the build really has, under the same id
    // as the desktop file and the metainfo.
    void flatpakManifestMatchesBuild()
    {
        const QString src = testutil::sourceDir();
        const QString manifest = QString::fromUtf8(
            readAll(src + QStringLiteral("/packaging/io.github.shmwise.ShmWise.yml")));
        QVERIFY(!manifest.isEmpty());
        const QString metainfo = QString::fromUtf8(
            readAll(src + QStringLiteral("/packaging/io.github.shmwise.ShmWise.metainfo.xml")));
        const QString id =
            QRegularExpression(QStringLiteral("<id>([^<]+)</id>")).match(metainfo).captured(1);
        QVERIFY(!id.isEmpty());
        QVERIFY(manifest.contains(QStringLiteral("\napp-id: ") + id + QLatin1Char('\n')));
        QVERIFY(manifest.contains(QStringLiteral("\ncommand: shmwise\n")));
        QVERIFY(readAll(src + QStringLiteral("/packaging/CMakeLists.txt"))
                    .contains("RENAME " + id.toUtf8() + ".desktop"));

        // The shmwise module: the last one, built from the directory above the manifest.
        const int module = manifest.lastIndexOf(QStringLiteral("- name: shmwise"));
        QVERIFY(module > 0);
        const QString shmwiseModule = manifest.mid(module);
        QVERIFY(shmwiseModule.contains(QStringLiteral("type: dir")));
        QVERIFY(shmwiseModule.contains(QStringLiteral("path: ..\n")));
        QVERIFY(QFile::exists(src + QStringLiteral("/packaging/../CMakeLists.txt")));

        // Every -D it passes is a cache option of this build, with a value the build accepts.
        QString cmake;
        for (const char *f : {"/CMakeLists.txt", "/packaging/CMakeLists.txt"})
            cmake += QString::fromUtf8(readAll(src + QString::fromUtf8(f)));
        static const QRegularExpression define(QStringLiteral("-D([A-Z_]+)=([A-Za-z0-9]+)"));
        auto it = define.globalMatch(shmwiseModule);
        int defines = 0;
        while (it.hasNext()) {
            const QRegularExpressionMatch m = it.next();
            const QString name = m.captured(1);
            const QRegularExpression declared(
                QStringLiteral("(option\\(%1 |set\\(%1 [^)]*CACHE)").arg(name));
            QVERIFY2(declared.match(cmake).hasMatch(), qPrintable(name));
            if (name == QLatin1String("SHMWISE_SYNTAX_HIGHLIGHTING"))
                QVERIFY((QStringList{QStringLiteral("AUTO"), QStringLiteral("ON"),
                                     QStringLiteral("OFF")})
                            .contains(m.captured(2)));
            ++defines;
        }
        QVERIFY(defines >= 2);

        // Every library the build looks for that the KDE runtime lacks is built by a module
        // before shmwise: what find_package, pkg_check_modules and find_path name, and
        // nlohmann/json, which the sources include without asking CMake.
        const QHash<QString, QString> moduleFor = {
            {QStringLiteral("yaml-cpp"), QStringLiteral("yaml-cpp")},
            {QStringLiteral("yaml-0.1"), QStringLiteral("libyaml")},
            {QStringLiteral("valijson/validator.hpp"), QStringLiteral("valijson")},
            {QStringLiteral("nlohmann/json.hpp"), QStringLiteral("nlohmann-json")},
        };
        const QStringList inRuntime = {QStringLiteral("Qt6"),
                                       QStringLiteral("KF6SyntaxHighlighting"),
                                       QStringLiteral("PkgConfig"), QStringLiteral("Python3")};
        QString buildFiles;
        for (const char *dir : {"", "/core", "/probes", "/generators", "/validators", "/ui", "/app",
                                "/resources", "/packaging"})
            buildFiles += QString::fromUtf8(
                readAll(src + QString::fromUtf8(dir) + QStringLiteral("/CMakeLists.txt")));
        QStringList needed;
        static const QRegularExpression lookups(QStringLiteral(
            "find_package\\(\\s*([A-Za-z0-9_.-]+)|pkg_check_modules\\(\\s*\\S+(?:\\s+[A-Z_]+)*\\s+"
            "([a-z][A-Za-z0-9_.+-]*)|find_path\\(\\s*\\S+\\s+(\\S+)"));
        for (auto m = lookups.globalMatch(buildFiles); m.hasNext();) {
            const QRegularExpressionMatch match = m.next();
            const QString name = match.captured(1) + match.captured(2) + match.captured(3);
            if (!inRuntime.contains(name))
                needed << name;
        }
        if (QString::fromUtf8(readAll(src + QStringLiteral("/validators/jsonschema.cpp")))
                .contains(QStringLiteral("<nlohmann/json.hpp>")))
            needed << QStringLiteral("nlohmann/json.hpp");
        QVERIFY(needed.contains(QStringLiteral("yaml-cpp")));
        const QString beforeShmwise = manifest.left(module);
        for (const QString &name : std::as_const(needed)) {
            QVERIFY2(moduleFor.contains(name),
                     qPrintable(QStringLiteral("the build needs %1: add a module that builds it to "
                                               "the Flatpak manifest, and name it here")
                                    .arg(name)));
            QVERIFY2(beforeShmwise.contains(QStringLiteral("- name: ") + moduleFor.value(name) +
                                            QLatin1Char('\n')),
                     qPrintable(QStringLiteral("no Flatpak module %1 for %2")
                                    .arg(moduleFor.value(name), name)));
        }
    }

    void desktopFileValid()
    {
        const QString tool =
            QStandardPaths::findExecutable(QStringLiteral("desktop-file-validate"));
        if (tool.isEmpty())
            QSKIP("desktop-file-validate (desktop-file-utils) is not installed");
        const RunResult r =
            run(tool, {testutil::sourceDir() + QStringLiteral("/packaging/shmwise.desktop")});
        QCOMPARE(r.exitCode, 0);
        // Not even hints.
        QVERIFY2(r.out.isEmpty() && r.err.isEmpty(), (r.out + r.err).constData());
    }

    void metainfoValid()
    {
        const QString tool = QStandardPaths::findExecutable(QStringLiteral("appstreamcli"));
        if (tool.isEmpty())
            QSKIP("appstreamcli (appstream) is not installed");
        const RunResult r =
            run(tool, {QStringLiteral("validate"), QStringLiteral("--no-net"),
                       QStringLiteral("--pedantic"),
                       testutil::sourceDir() +
                           QStringLiteral("/packaging/io.github.shmwise.ShmWise.metainfo.xml")});
        // Only the notes the file's comment explains may remain. The one warning among them,
        // url-homepage-missing (AppStream >= 1.0.2), makes validate exit 3: the project has no
        // public address to give, so that exit is accepted when it is the only warning.
        const bool onlyHomepage =
            r.exitCode == 3 && (r.out + r.err).contains("url-homepage-missing");
        QVERIFY2(r.exitCode == 0 || onlyHomepage, (r.out + r.err).constData());
        static const QSet<QString> explained = {QStringLiteral("cid-contains-uppercase-letter"),
                                                QStringLiteral("unknown-tag"),
                                                QStringLiteral("url-homepage-missing")};
        static const QRegularExpression note(QStringLiteral("^([EWIP]): [^ ]+ ([a-z-]+)"));
        for (const QByteArray &line : (r.out + r.err).split('\n')) {
            const QRegularExpressionMatch m = note.match(QString::fromUtf8(line));
            if (m.hasMatch())
                QVERIFY2(explained.contains(m.captured(2)), line.constData());
        }
        if ((r.out + r.err).contains("unknown-tag"))
            QVERIFY((r.out + r.err).contains("unknown-tag developer"));
    }
    // No address is made up: the project has none public yet, so neither the metainfo, the
    // DEB's default Homepage nor the copyright file names one.
    void noInventedHomepage()
    {
        const QString src = testutil::sourceDir();
        QVERIFY(!readAll(src + QStringLiteral("/packaging/io.github.shmwise.ShmWise.metainfo.xml"))
                     .contains("<url"));
        QVERIFY(readAll(src + QStringLiteral("/packaging/CMakeLists.txt"))
                    .contains("set(SHMWISE_HOMEPAGE \"\" CACHE STRING"));
        QVERIFY(!readAll(src + QStringLiteral("/packaging/copyright")).contains("\nSource:"));
    }
};

QTEST_GUILESS_MAIN(TestPackaging)
#include "tst_packaging.moc"
