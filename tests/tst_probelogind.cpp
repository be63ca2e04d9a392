// SPDX-License-Identifier: GPL-3.0-or-later
// systemd-logind's RemoveIPC as probe.sh reads it, under dash and busybox, against trees of
// logind.conf and its drop-ins, and against systemd's own reading of the same trees
// (`systemd-analyze cat-config --root=TREE systemd/logind.conf`) where systemd is installed; and
// FIFOs where the probe reads configuration (a drop-in, Kata's configuration.toml) neither
// block it nor leave a reader behind.
#include "testutil.h"

#include "probes/probefacts.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace shmwise;
using testutil::RunResult;

namespace {

struct Ran
{
    RunResult r;
    HostFacts facts;
    qint64 ms = 0;
};

Ran runProbe(const QString &shell, const QString &root)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("SHMWISE_PROBE_ROOT"), root);
    QStringList parts = shell.split(QLatin1Char(' '));
    const QString program = parts.takeFirst();
    Ran out;
    QElapsedTimer t;
    t.start();
    out.r = testutil::run(program, parts << QStringLiteral("-s"), probeScript(), 30000, env);
    out.ms = t.elapsed();
    out.facts = parseProbeReport(out.r.out);
    return out;
}

// One file of a tree: its text, or "->TARGET" for a symbolic link.
using Tree = QList<QPair<QString, QByteArray>>;

bool writeTree(const QString &root, const Tree &tree)
{
    const QString logind = root + QStringLiteral("/lib/systemd/systemd-logind");
    if (!QDir().mkpath(QFileInfo(logind).path()))
        return false;
    QFile exe(logind);
    if (!exe.open(QIODevice::WriteOnly) || exe.write("#!/bin/sh\n") < 0)
        return false;
    exe.close();
    exe.setPermissions(exe.permissions() | QFileDevice::ExeOwner);
    for (const auto &[rel, text] : tree) {
        const QString path = root + QLatin1Char('/') + rel;
        if (!QDir().mkpath(QFileInfo(path).path()))
            return false;
        if (text.startsWith("->")) {
            if (!QFile::link(QString::fromUtf8(text.mid(2)), path))
                return false;
            continue;
        }
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size())
            return false;
    }
    return true;
}

// systemd's reading (src/shared/conf-parser.c config_parse) of what cat-config prints: each
// "# /path" line starts a file; comments are skipped before lines are joined; a line ending in
// an odd number of backslashes goes on; [Login] only; a broken section header ends it all.
std::optional<bool> systemdReading(const QByteArray &catConfig)
{
    std::optional<bool> value;
    QByteArray section, continuation;
    bool stop = false;
    auto parseBool = [](const QByteArray &v) -> std::optional<bool> {
        const QByteArray l = v.toLower();
        if (l == "1" || l == "yes" || l == "y" || l == "true" || l == "t" || l == "on")
            return true;
        if (l == "0" || l == "no" || l == "n" || l == "false" || l == "f" || l == "off")
            return false;
        return std::nullopt;
    };
    auto strip = [](QByteArray s) {
        while (!s.isEmpty() && QByteArray(" \t\r\n").contains(s.front()))
            s.remove(0, 1);
        while (!s.isEmpty() && QByteArray(" \t\r\n").contains(s.back()))
            s.chop(1);
        return s;
    };
    auto line = [&](const QByteArray &raw) {
        const QByteArray l = strip(raw);
        if (l.isEmpty() || l.startsWith('#') || l.startsWith(';'))
            return;
        if (l.startsWith('[')) {
            if (!l.endsWith(']')) {
                stop = true;
                return;
            }
            section = l.mid(1, l.size() - 2);
            return;
        }
        const int eq = l.indexOf('=');
        if (section != "Login" || eq <= 0 || strip(l.left(eq)) != "RemoveIPC")
            return;
        if (const std::optional<bool> b = parseBool(strip(l.mid(eq + 1))))
            value = b;
    };
    bool first = false;
    for (QByteArray raw : catConfig.split('\n')) {
        if (stop)
            break;
        if (raw.startsWith("# /")) {
            if (!continuation.isEmpty())
                line(continuation);
            section.clear();
            continuation.clear();
            first = true;
            continue;
        }
        if (first && raw.startsWith("\xef\xbb\xbf"))
            raw.remove(0, 3);
        first = false;
        if (strip(raw).startsWith('#') || strip(raw).startsWith(';'))
            continue;
        int backslashes = 0;
        while (backslashes < raw.size() && raw.at(raw.size() - 1 - backslashes) == '\\')
            ++backslashes;
        if (backslashes % 2) {
            raw.chop(1);
            continuation += raw + ' ';
            continue;
        }
        line(continuation + raw);
        continuation.clear();
    }
    if (!stop && !continuation.isEmpty())
        line(continuation);
    return value.value_or(true);
}

} // namespace

class TestProbeLogind : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        if (testutil::posixShells().isEmpty())
            QSKIP("dash is not installed");
    }

    // Each tree gave another value than systemd's under the probe's old reading (drop-ins taken
    // folder by folder, no masking, no sections, no y/n, /etc's logind.conf only).
    void likeSystemd_data()
    {
        QTest::addColumn<QString>("shell");
        QTest::addColumn<Tree>("tree");
        QTest::addColumn<bool>("removeIpc");
        const QString etc = QStringLiteral("etc/systemd/logind.conf.d/");
        const QString run = QStringLiteral("run/systemd/logind.conf.d/");
        const QString usr = QStringLiteral("usr/lib/systemd/logind.conf.d/");
        const QString local = QStringLiteral("usr/local/lib/systemd/logind.conf.d/");
        const QString main = QStringLiteral("etc/systemd/logind.conf");
        const QList<std::tuple<const char *, Tree, bool>> trees{
            // Sorted by file name across the folders, not folder by folder.
            {"order by name",
             {{main, "[Login]\nRemoveIPC=yes\n"},
              {etc + QStringLiteral("10-site.conf"), "[Login]\nRemoveIPC=no\n"},
              {usr + QStringLiteral("20-vendor.conf"), "[Login]\nRemoveIPC=yes\n"}},
             true},
            // A link to /dev/null in /etc masks the vendor's drop-in of the same name.
            {"masked",
             {{main, "[Login]\n"},
              {usr + QStringLiteral("50-keep.conf"), "[Login]\nRemoveIPC=no\n"},
              {etc + QStringLiteral("50-keep.conf"), "->/dev/null"}},
             true},
            // /run hides /usr/local/lib, which hides /usr/lib.
            {"earlier folder wins",
             {{main, "[Login]\nRemoveIPC=no\n"},
              {run + QStringLiteral("60-x.conf"), "[Login]\nRemoveIPC=no\n"},
              {local + QStringLiteral("60-x.conf"), "[Login]\nRemoveIPC=yes\n"},
              {usr + QStringLiteral("60-x.conf"), "[Login]\nRemoveIPC=yes\n"}},
             false},
            // Only [Login] counts; before any section nothing does.
            {"sections",
             {{main, "RemoveIPC=no\n[Login]\nKillUserProcesses=no\n[Journal]\nRemoveIPC=no\n"},
              {etc + QStringLiteral("70-other.conf"), "[Sleep]\nRemoveIPC=no\n"}},
             true},
            // y and N are booleans; "maybe" is ignored and the value before it stays.
            {"booleans",
             {{main, "[Login]\nRemoveIPC=y\n"},
              {etc + QStringLiteral("80-a.conf"), "[Login]\nRemoveIPC = N\n"},
              {etc + QStringLiteral("81-b.conf"), "[Login]\nRemoveIPC=maybe\n"}},
             false},
            // No logind.conf in /etc: the first one found elsewhere.
            {"vendor logind.conf",
             {{QStringLiteral("usr/lib/systemd/logind.conf"), "[Login]\nRemoveIPC=off\n"}},
             false},
            // A continued line; a comment inside it is skipped, not joined.
            {"continuation",
             {{main, "[Login]\nRemoveIPC=no \\\n# a comment\n  KillUserProcesses=no\n"}},
             true},
            // A byte order mark and CRLF line ends.
            {"bom and crlf", {{main, "\xef\xbb\xbf[Login]\r\nRemoveIPC=false\r\n"}}, false},
            // A broken section header ends systemd's reading there, drop-ins included.
            {"broken header",
             {{main, "[Login]\nRemoveIPC=no\n[Login\nRemoveIPC=yes\n"},
              {etc + QStringLiteral("90-z.conf"), "[Login]\nRemoveIPC=yes\n"}},
             false},
        };
        for (const QString &sh : testutil::posixShells()) {
            for (const auto &[name, tree, value] : trees)
                QTest::newRow(qPrintable(sh + QLatin1String(": ") + QLatin1String(name)))
                    << sh << tree << value;
        }
    }
    void likeSystemd()
    {
        QFETCH(QString, shell);
        QFETCH(Tree, tree);
        QFETCH(bool, removeIpc);
        QTemporaryDir root;
        QVERIFY(writeTree(root.path(), tree));
        const Ran x = runProbe(shell, root.path());
        QVERIFY(x.facts.complete);
        QCOMPARE(x.facts.logindRemoveIpc, std::optional<bool>(removeIpc));
        const QString analyze = QStandardPaths::findExecutable(QStringLiteral("systemd-analyze"));
        if (analyze.isEmpty())
            QSKIP("systemd-analyze is not installed: checked against the expected values only");
        const RunResult r =
            testutil::run(analyze,
                          {QStringLiteral("cat-config"), QStringLiteral("--root=") + root.path(),
                           QStringLiteral("systemd/logind.conf")},
                          {}, 20000);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(systemdReading(r.out), std::optional<bool>(removeIpc));
    }

    // A FIFO among the drop-ins and as Kata's configuration: the probe neither waits for a
    // writer nor leaves a reader behind (opening the FIFO to write finds no reader).
    void fifosDoNotBlock_data()
    {
        QTest::addColumn<QString>("shell");
        for (const QString &s : testutil::posixShells())
            QTest::newRow(qPrintable(s)) << s;
    }
    void fifosDoNotBlock()
    {
        QFETCH(QString, shell);
        QTemporaryDir root;
        QVERIFY(writeTree(root.path(),
                          {{QStringLiteral("etc/systemd/logind.conf"), "[Login]\nRemoveIPC=no\n"},
                           {QStringLiteral("etc/kata-containers/.keep"), ""}}));
        const QString dropIn =
            root.filePath(QStringLiteral("etc/systemd/logind.conf.d/50-fifo.conf"));
        const QString kata =
            root.filePath(QStringLiteral("etc/kata-containers/configuration.toml"));
        QVERIFY(QDir().mkpath(QFileInfo(dropIn).path()));
        QCOMPARE(mkfifo(QFile::encodeName(dropIn).constData(), 0644), 0);
        QCOMPARE(mkfifo(QFile::encodeName(kata).constData(), 0644), 0);
        const Ran x = runProbe(shell, root.path());
        QVERIFY2(x.ms < 5000, qPrintable(QString::number(x.ms)));
        QVERIFY(x.facts.complete);
        QCOMPARE(x.facts.logindRemoveIpc, std::optional<bool>(false));
        QCOMPARE(x.facts.kataHostVirtioFs, std::optional<bool>(false));
        for (const QString &fifo : {dropIn, kata}) {
            const int fd = open(QFile::encodeName(fifo).constData(), O_WRONLY | O_NONBLOCK);
            const int err = errno;
            if (fd >= 0)
                close(fd);
            QVERIFY2(fd < 0 && err == ENXIO, qPrintable(fifo + QLatin1String(" has a reader")));
        }
    }
};

QTEST_GUILESS_MAIN(TestProbeLogind)
#include "tst_probelogind.moc"
