// SPDX-License-Identifier: GPL-3.0-or-later
// `shmwise clean --target T`: resources/clean/shmclean.py sent through the probe's shell and run
// by the host's python3. Against a real sshd on 127.0.0.1 (tests/sshdfixture.h; this computer
// is the host) and a temporary folder given with --dir: a leaked file listed, then removed with
// --yes; files held open or mapped, a symbolic link, a FIFO left; names with a newline or not in
// UTF-8; another user's file left by a login that is not root; python3 missing, a host that says
// nothing; Docker when it is usable, and the docker:// transport through a stand-in `docker`.
// The Python rule itself is attacked too (a link swapped in, a file opened or replaced after it
// was listed), and the reader of its output is fed hostile lines.
#include "probes/remoteclean.h"
#include "sshdfixture.h"
#include "testutil.h"

#include <QDir>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>
#include <unistd.h>

using namespace shmwise;
using namespace testutil;

namespace {

QStringList cleanLeftovers()
{
    return QDir(QDir::tempPath())
        .entryList({QStringLiteral("shmwise-remote-clean-*")}, QDir::Dirs | QDir::NoDotAndDotDot);
}

bool writeBytes(const QString &path, int n)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(QByteArray(n, 'x')) == n;
}

QJsonObject fileNamed(const QJsonObject &o, const QString &name)
{
    for (const QJsonValue &v : o.value(QLatin1String("files")).toArray())
        if (v.toObject().value(QLatin1String("name")).toString() == name)
            return v.toObject();
    return {};
}

QStringList names(const QJsonObject &o)
{
    QStringList out;
    for (const QJsonValue &v : o.value(QLatin1String("files")).toArray())
        out << v.toObject().value(QLatin1String("name")).toString();
    return out;
}

int notConsidered(const QJsonObject &o, const char *what)
{
    return o.value(QLatin1String("not_considered")).toObject().value(QLatin1String(what)).toInt(-1);
}

} // namespace

class TestRemoteClean : public QObject
{
    Q_OBJECT
    // Every login runs through a wrapper (ForceCommand) that reads the mode of the next login
    // from a file: as it is, as nobody, with a PATH without python3, or silent.
    SshdFixture m_sshd;
    QTemporaryDir m_tmp;

    void setMode(const QByteArray &mode)
    {
        QFile f(m_tmp.filePath(QStringLiteral("mode")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(mode);
    }
    RunResult clean(const QString &dir, const QStringList &extra, int timeoutMs = 60000)
    {
        return run(shmwiseBinary(),
                   QStringList{QStringLiteral("clean"), QStringLiteral("--target"), m_sshd.target(),
                               QStringLiteral("--ssh-config"), m_sshd.config(),
                               QStringLiteral("--dir"), dir, QStringLiteral("--older-than"),
                               QStringLiteral("0")} +
                       extra,
                   {}, timeoutMs);
    }

private Q_SLOTS:
    void initTestCase()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("python3")).isEmpty())
            QSKIP("needs python3 on the host (this computer)");
        if (geteuid() == 0 && !QFileInfo::exists(QStringLiteral("/run/sshd")))
            QDir().mkpath(QStringLiteral("/run/sshd"));
        const QString bin = m_tmp.filePath(QStringLiteral("bin"));
        QVERIFY(QDir().mkpath(bin));
        for (const char *tool : {"sh", "mktemp", "cat", "rm"})
            QVERIFY(QFile::link(QStandardPaths::findExecutable(QLatin1String(tool)),
                                bin + QLatin1Char('/') + QLatin1String(tool)));
        const QString wrapper = m_tmp.filePath(QStringLiteral("login.sh"));
        QFile w(wrapper);
        QVERIFY(w.open(QIODevice::WriteOnly));
        w.write(QStringLiteral("#!/bin/sh\n"
                               "mode=$(cat '%1/mode' 2>/dev/null)\n"
                               "case $mode in\n"
                               "nopython) PATH='%1/bin'; export PATH;"
                               " exec /bin/sh -c \"$SSH_ORIGINAL_COMMAND\" ;;\n"
                               "nobody) exec setpriv --reuid=65534 --regid=65534 --clear-groups"
                               " /bin/sh -c \"$SSH_ORIGINAL_COMMAND\" ;;\n"
                               "silent) exec sleep 30 ;;\n"
                               "*) exec /bin/sh -c \"$SSH_ORIGINAL_COMMAND\" ;;\n"
                               "esac\n")
                    .arg(m_tmp.path())
                    .toUtf8());
        w.close();
        QVERIFY(w.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        m_sshd.setExtraConfig(QStringLiteral("ForceCommand %1\n").arg(wrapper));
        if (!m_sshd.start())
            QSKIP(qPrintable(m_sshd.why()));
        setMode("plain");
    }
    void cleanupTestCase() { m_sshd.stop(); }
    void init() { setMode("plain"); }

    // The script: the program whole, the folder one quoted word whatever it holds, nothing run
    // but python3; run here by sh, it reads a folder with quotes, spaces and $(...) in its name.
    void scriptQuotesTheFolder()
    {
        QTemporaryDir base;
        const QString dir = base.filePath(QStringLiteral("it's a $(touch x) `dir`\nhere"));
        QVERIFY(QDir().mkpath(dir));
        QVERIFY(writeBytes(dir + QStringLiteral("/leak"), 100));
        CleanOptions o;
        o.dir = dir;
        o.olderThanSeconds = 0;
        o.dryRun = false;
        const QByteArray s = remoteCleanScript(o);
        QVERIFY(s.contains("def remove_files("));
        QCOMPARE(s.count("\nSHMWISE_END_OF_CLEAN\n"), 1);
        QVERIFY(s.contains(" --yes"));
        QProcess sh;
        sh.setWorkingDirectory(base.path());
        sh.start(QStringLiteral("/bin/sh"), {QStringLiteral("-s")});
        QVERIFY(sh.waitForStarted());
        sh.write(s);
        sh.closeWriteChannel();
        QVERIFY(sh.waitForFinished(30000));
        RemoteCleanReader reader(QStringLiteral("here"));
        reader.feed(sh.readAllStandardOutput());
        const CleanResult r = reader.finish();
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(r.files.size(), 1);
        QCOMPARE(r.files.first().name, QStringLiteral("leak"));
        QVERIFY(r.files.first().removed);
        QVERIFY(!QFile::exists(dir + QStringLiteral("/leak")));
        QVERIFY(!QFile::exists(base.filePath(QStringLiteral("x"))));
    }

    // A leaked file is listed (dry run: nothing removed), then removed with --yes; the temporary
    // folder on the host goes with the run.
    void leakedFileListedThenRemoved()
    {
        QTemporaryDir d;
        QVERIFY(writeBytes(d.filePath(QStringLiteral("torch_4242_1_1")), 10000));
        const QStringList before = cleanLeftovers();
        RunResult r = clean(d.path(), {QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o.value(QLatin1String("target")).toString(), m_sshd.target());
        QVERIFY(o.value(QLatin1String("dry_run")).toBool());
        QCOMPARE(names(o), QStringList{QStringLiteral("torch_4242_1_1")});
        const QJsonObject f = fileNamed(o, QStringLiteral("torch_4242_1_1"));
        QVERIFY(f.value(QLatin1String("would_remove")).toBool());
        QCOMPARE(f.value(QLatin1String("kind")).toString(), QStringLiteral("pytorch"));
        QVERIFY(f.value(QLatin1String("bytes")).toInteger() >= 10000);
        QVERIFY(QFile::exists(d.filePath(QStringLiteral("torch_4242_1_1"))));
        // The text is the local one.
        r = clean(d.path(), {});
        QVERIFY2(r.out.contains("would remove (PyTorch"), r.out.constData());
        QVERIFY2(r.out.contains("Nothing was removed"), r.out.constData());
        r = clean(d.path(), {QStringLiteral("--yes")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.out.contains("Removed 1 file"), r.out.constData());
        QVERIFY(!QFile::exists(d.filePath(QStringLiteral("torch_4242_1_1"))));
        r = clean(d.path(), {});
        QVERIFY2(r.out.contains("Nothing to clean in "), r.out.constData());
        for (const QString &left : cleanLeftovers())
            QVERIFY2(before.contains(left), qPrintable(left));
    }

    // Files held open or mapped (descriptor closed) by a process are left, and counted; the
    // default age leaves a file just made.
    void heldFilesLeft()
    {
        QTemporaryDir d;
        QVERIFY(writeBytes(d.filePath(QStringLiteral("open")), 8192));
        QVERIFY(writeBytes(d.filePath(QStringLiteral("mapped")), 8192));
        QProcess *a = holdFile(d.filePath(QStringLiteral("open")), false, this);
        QProcess *b = holdFile(d.filePath(QStringLiteral("mapped")), true, this);
        const RunResult r = clean(d.path(), {QStringLiteral("--yes"), QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QVERIFY2(names(o).isEmpty(), r.out.constData());
        QCOMPARE(notConsidered(o, "held"), 2);
        QVERIFY(QFile::exists(d.filePath(QStringLiteral("open"))));
        QVERIFY(QFile::exists(d.filePath(QStringLiteral("mapped"))));
        stopProcess(a);
        stopProcess(b);
        const RunResult young =
            run(shmwiseBinary(), {QStringLiteral("clean"), QStringLiteral("--target"),
                                  m_sshd.target(), QStringLiteral("--ssh-config"), m_sshd.config(),
                                  QStringLiteral("--dir"), d.path(), QStringLiteral("--yes")});
        QVERIFY2(young.out.contains("2 changed within 10 min"), young.out.constData());
        QVERIFY(QFile::exists(d.filePath(QStringLiteral("open"))));
    }

    // A symbolic link in the folder (to a file that would qualify) and a FIFO: neither is
    // removed nor followed nor opened, and the run does not hang.
    void symlinkAndFifoLeft()
    {
        QTemporaryDir d;
        QTemporaryDir elsewhere;
        const QString target = elsewhere.filePath(QStringLiteral("precious"));
        QVERIFY(writeBytes(target, 4096));
        QVERIFY(QFile::link(target, d.filePath(QStringLiteral("torch_link"))));
        QCOMPARE(mkfifo(QFile::encodeName(d.filePath(QStringLiteral("fifo"))).constData(), 0600),
                 0);
        QElapsedTimer clock;
        clock.start();
        const RunResult r =
            clean(d.path(), {QStringLiteral("--yes"), QStringLiteral("--json")}, 30000);
        QVERIFY2(!r.timedOut && r.exitCode == 0, r.err.constData());
        QVERIFY(clock.elapsed() < 20000);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QVERIFY2(names(o).isEmpty(), r.out.constData());
        QCOMPARE(notConsidered(o, "not_regular"), 2);
        QVERIFY(QFileInfo(d.filePath(QStringLiteral("torch_link"))).isSymLink());
        QVERIFY(QFileInfo::exists(d.filePath(QStringLiteral("fifo"))));
        QFile t(target);
        QVERIFY(t.open(QIODevice::ReadOnly));
        QCOMPARE(t.readAll(), QByteArray(4096, 'x'));
    }

    // A name with a newline and one that is not UTF-8 come back whole (JSON's escapes, base64
    // on the wire) and are removed; the text shows the newline as \n.
    void oddNames()
    {
        QTemporaryDir d;
        const QString newline = QStringLiteral("psm_a\nb");
        QVERIFY(writeBytes(d.filePath(newline), 100));
        const QByteArray latin1 = QFile::encodeName(d.path()) + "/bad_\xff_name";
        // QFile cannot name those bytes: written through the C library.
        FILE *c = fopen(latin1.constData(), "w");
        QVERIFY(c);
        fputs("x", c);
        fclose(c);
        RunResult r = clean(d.path(), {});
        QVERIFY2(r.out.contains("psm_a\\nb  would remove"), r.out.constData());
        r = clean(d.path(), {QStringLiteral("--yes"), QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QVERIFY2(fileNamed(o, newline).value(QLatin1String("removed")).toBool(), r.out.constData());
        QCOMPARE(names(o).size(), 2);
        QVERIFY(!QFile::exists(d.filePath(newline)));
        struct stat st
        {};
        QVERIFY(lstat(latin1.constData(), &st) != 0);
        QVERIFY(QDir(d.path()).isEmpty());
    }

    // Over a login that is not root (root's login turned into nobody's by the wrapper): another
    // user's file is not listed and stays; the login's own goes.
    void otherUsersFileLeft()
    {
        if (geteuid() != 0)
            QSKIP("needs root, to own a file another login cannot remove and to log in as "
                  "nobody");
        if (QStandardPaths::findExecutable(QStringLiteral("setpriv")).isEmpty())
            QSKIP("setpriv (util-linux) is not installed");
        QTemporaryDir d;
        // A shared folder, as /dev/shm is: anyone writes, only owners remove (sticky).
        QVERIFY(::chmod(QFile::encodeName(d.path()).constData(), 01777) == 0);
        QVERIFY(writeBytes(d.filePath(QStringLiteral("theirs")), 100));
        QVERIFY(writeBytes(d.filePath(QStringLiteral("mine")), 100));
        QVERIFY(::chown(QFile::encodeName(d.filePath(QStringLiteral("mine"))).constData(), 65534,
                        65534) == 0);
        setMode("nobody");
        const RunResult r = clean(d.path(), {QStringLiteral("--yes"), QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, (r.out + r.err).constData());
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(names(o), QStringList{QStringLiteral("mine")});
        QCOMPARE(notConsidered(o, "other_owners"), 1);
        QVERIFY(QFile::exists(d.filePath(QStringLiteral("theirs"))));
        QVERIFY(!QFile::exists(d.filePath(QStringLiteral("mine"))));
        // nobody cannot read root's /proc/PID/fd: said, the lease guarding what it cannot see.
        QVERIFY(o.value(QLatin1String("unreadable_processes")).toInt() > 0);
    }

    // No python3 on the host's PATH: said plainly, exit 2, nothing left behind.
    void noPython()
    {
        QTemporaryDir d;
        QVERIFY(writeBytes(d.filePath(QStringLiteral("leak")), 100));
        const QStringList before = cleanLeftovers();
        setMode("nopython");
        const RunResult r = clean(d.path(), {QStringLiteral("--yes")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("no python3 on " + m_sshd.target().toUtf8()), r.err.constData());
        QVERIFY(QFile::exists(d.filePath(QStringLiteral("leak"))));
        for (const QString &left : cleanLeftovers())
            QVERIFY2(before.contains(left), qPrintable(left));
    }

    // The folder is the host's: a missing one and a system folder are refused there.
    void folderRefusedThere()
    {
        RunResult r = clean(QStringLiteral("/nonexistent/shm"), {});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("is not a folder on ssh://"), r.err.constData());
        r = clean(QStringLiteral("/etc"), {QStringLiteral("--yes")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("system directory /etc"), r.err.constData());
    }

    // A host that never answers: given up after --timeout, exit 2.
    void silentHost()
    {
        setMode("silent");
        QElapsedTimer clock;
        clock.start();
        const RunResult r =
            clean(QStringLiteral("/dev/shm"), {QStringLiteral("--timeout"), QStringLiteral("2")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("said nothing for 2 s"), r.err.constData());
        QVERIFY(clock.elapsed() < 20000);
    }

    // docker:// through a stand-in `docker` that runs the shell here: the transport's words
    // (exec -i CONTAINER sh -s) and the same result.
    void dockerTransportStandIn()
    {
        QTemporaryDir bin;
        QFile docker(bin.filePath(QStringLiteral("docker")));
        QVERIFY(docker.open(QIODevice::WriteOnly));
        docker.write("#!/bin/sh\n[ \"$1 $2 $3 $4 $5\" = 'exec -i box sh -s' ] || "
                     "{ echo \"bad words: $*\" >&2; exit 9; }\nexec /bin/sh -s\n");
        docker.close();
        QVERIFY(docker.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        QTemporaryDir d;
        QVERIFY(writeBytes(d.filePath(QStringLiteral("nccl-leak")), 100));
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("PATH"),
                   bin.path() + QLatin1Char(':') + env.value(QStringLiteral("PATH")));
        const RunResult r =
            run(shmwiseBinary(),
                {QStringLiteral("clean"), QStringLiteral("--target"),
                 QStringLiteral("docker://box"), QStringLiteral("--dir"), d.path(),
                 QStringLiteral("--older-than"), QStringLiteral("0"), QStringLiteral("--yes")},
                {}, 60000, env);
        QVERIFY2(r.exitCode == 0, (r.out + r.err).constData());
        QVERIFY2(r.out.contains("nccl-leak  removed"), r.out.constData());
        QVERIFY(!QFile::exists(d.filePath(QStringLiteral("nccl-leak"))));
    }

    // A real container, where Docker is usable here and holds an image with python3.
    void dockerContainer()
    {
        const RunResult info = run(QStringLiteral("docker"), {QStringLiteral("info")}, {}, 20000);
        if (!info.started || info.exitCode != 0)
            QSKIP("docker is not usable here (no docker CLI, or no daemon it can reach)");
        QString image = qEnvironmentVariable("SHMWISE_TEST_DOCKER_IMAGE");
        if (image.isEmpty()) {
            const RunResult images = run(QStringLiteral("docker"),
                                         {QStringLiteral("images"), QStringLiteral("--format"),
                                          QStringLiteral("{{.Repository}}:{{.Tag}}")},
                                         {}, 20000);
            for (const QByteArray &line : images.out.split('\n'))
                if (line.contains("python") && !line.contains("<none>")) {
                    image = QString::fromUtf8(line.trimmed());
                    break;
                }
        }
        if (image.isEmpty())
            QSKIP("no local image with python3 (none named python*; set "
                  "SHMWISE_TEST_DOCKER_IMAGE); nothing is pulled");
        const RunResult started =
            run(QStringLiteral("docker"),
                {QStringLiteral("run"), QStringLiteral("-d"), QStringLiteral("--rm"),
                 QStringLiteral("--network"), QStringLiteral("none"), image,
                 QStringLiteral("sleep"), QStringLiteral("120")},
                {}, 30000);
        if (started.exitCode != 0)
            QSKIP(qPrintable(QStringLiteral("cannot start %1: %2")
                                 .arg(image, QString::fromUtf8(started.err.trimmed()))));
        const QString id = QString::fromUtf8(started.out.trimmed()).left(12);
        auto inside = [&](const QString &script) {
            return run(QStringLiteral("docker"), {QStringLiteral("exec"), id, QStringLiteral("sh"),
                                                  QStringLiteral("-c"), script});
        };
        QCOMPARE(inside(QStringLiteral("head -c 5000 /dev/zero > /dev/shm/torch_1_leak && "
                                       "ln -s /etc/hostname /dev/shm/link"))
                     .exitCode,
                 0);
        const RunResult r =
            run(shmwiseBinary(),
                {QStringLiteral("clean"), QStringLiteral("--target"),
                 QStringLiteral("docker://") + id, QStringLiteral("--older-than"),
                 QStringLiteral("0"), QStringLiteral("--yes"), QStringLiteral("--json")});
        const RunResult after = inside(QStringLiteral("ls -a /dev/shm; cat /etc/hostname"));
        run(QStringLiteral("docker"), {QStringLiteral("rm"), QStringLiteral("-f"), id});
        QVERIFY2(r.exitCode == 0, (r.out + r.err).constData());
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QVERIFY(
            fileNamed(o, QStringLiteral("torch_1_leak")).value(QLatin1String("removed")).toBool());
        QVERIFY2(!after.out.contains("torch_1_leak") && after.out.contains("link"),
                 after.out.constData());
    }

    // The Python rule attacked between listing and removal, as tst_shmowner attacks the C++
    // one: a link swapped in, a file opened, a file replaced; none is removed, each is said.
    void pythonRuleAttacked()
    {
        QTemporaryDir d;
        QTemporaryDir elsewhere;
        const QString precious = elsewhere.filePath(QStringLiteral("precious"));
        QVERIFY(writeBytes(precious, 10));
        for (const char *n : {"swapped", "opened", "replaced", "plain"})
            QVERIFY(writeBytes(d.filePath(QLatin1String(n)), 100));
        const QString code = QStringLiteral(
            "import os, subprocess, sys, time\n"
            "sys.dont_write_bytecode = True\n"
            "sys.path.insert(0, sys.argv[1])\n"
            "import shmclean\n"
            "d, precious = sys.argv[2], sys.argv[3]\n"
            "fd = os.open(d, os.O_RDONLY)\n"
            "dev = os.fstat(fd).st_dev\n"
            "entries, found, blind = shmclean.list_folder(fd, dev, d + '/', time.time())\n"
            "wanted = [(e[0], e[1]) for e in entries]\n"
            "os.unlink(os.path.join(d, 'swapped'))\n"
            "os.symlink(precious, os.path.join(d, 'swapped'))\n"
            "os.rename(os.path.join(d, 'replaced'), os.path.join(d, 'old'))\n"
            "open(os.path.join(d, 'replaced'), 'w').close()\n"
            "h = subprocess.Popen(['sleep', '30'], stdin=open(os.path.join(d, 'opened')))\n"
            "said = {}\n"
            "shmclean.remove_files(fd, dev, wanted, os.geteuid(), prefix=d + '/',\n"
            "    report=lambda n, c, x: said.__setitem__(n, c))\n"
            "h.kill()\n"
            "print(sorted(said.items()))\n");
        const RunResult r =
            run(QStringLiteral("python3"),
                {QStringLiteral("-c"), code, sourceDir() + QStringLiteral("/resources/clean"),
                 d.path(), precious});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.out.trimmed(), QByteArray("[('opened', 'held'), ('plain', None), "
                                             "('replaced', 'replaced'), ('swapped', 'symlink')]"));
        QVERIFY(QFileInfo(d.filePath(QStringLiteral("swapped"))).isSymLink());
        QVERIFY(QFile::exists(precious));
        QVERIFY(QFile::exists(d.filePath(QStringLiteral("opened"))));
        QVERIFY(QFile::exists(d.filePath(QStringLiteral("replaced"))));
        QVERIFY(!QFile::exists(d.filePath(QStringLiteral("plain"))));
    }

    // What the host says is untrusted: long lines, bad names and numbers, more files than the
    // cap, lines after the summary, an answer cut short.
    void readerIsBounded()
    {
        RemoteCleanReader reader(QStringLiteral("ssh://h"), 3);
        reader.feed(QByteArray(200000, 'x'));
        reader.feed("still the long line\n");
        for (const char *bad :
             {"{\"t\":\"file\",\"name\":\"a/b\",\"bytes\":1,\"age\":1,\"left_because\":null}",
              "{\"t\":\"file\",\"name\":\"..\",\"bytes\":1,\"age\":1,\"left_because\":null}",
              "{\"t\":\"file\",\"name_b64\":\"!!\",\"bytes\":1,\"age\":1,\"left_because\":null}",
              "{\"t\":\"file\",\"name\":\"n\",\"bytes\":-1,\"age\":1,\"left_because\":null}",
              "{\"t\":\"file\",\"name\":\"n\",\"bytes\":1e300,\"age\":1,\"left_because\":null}",
              "{\"t\":\"file\",\"name\":\"n\",\"bytes\":1.5,\"age\":1,\"left_because\":null}",
              "[1,2]", "not json", "{\"t\":\"surprise\"}"})
            reader.feed(QByteArray(bad) + '\n');
        const QByteArray longName = QByteArray(256, 'a');
        reader.feed("{\"t\":\"file\",\"name\":\"" + longName +
                    "\",\"bytes\":1,\"age\":1,\"left_because\":null}\n");
        for (int i = 0; i < 5; ++i)
            reader.feed(QStringLiteral("{\"t\":\"file\",\"name\":\"f%1\",\"bytes\":4096,\"age\":7,"
                                       "\"left_because\":%2,\"pid\":42}\n")
                            .arg(i)
                            .arg(i == 1 ? QStringLiteral("\"held\"") : QStringLiteral("null"))
                            .toUtf8());
        reader.feed("{\"t\":\"summary\",\"held\":2,\"held_bytes\":8192,\"over_cap\":4,"
                    "\"unreadable_processes\":1}\n");
        reader.feed("{\"t\":\"file\",\"name\":\"late\",\"bytes\":1,\"age\":1,\"left_because\":null}"
                    "\n");
        const CleanResult r = reader.finish();
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(r.badLines, 11);
        QCOMPARE(r.files.size(), 3);
        QCOMPARE(r.files.at(1).reason, QStringLiteral("held by process 42"));
        QCOMPARE(r.notListed, 4 + 2);
        QCOMPARE(r.held, 2);
        QCOMPARE(r.unreadableProcesses, 1);

        RemoteCleanReader cut(QStringLiteral("ssh://h"));
        cut.feed("{\"t\":\"start\"}\n{\"t\":\"file\",\"name\":\"x\",\"bytes\":1,\"age\":1,"
                 "\"left_because\":null}\n{\"t\":\"summ");
        const CleanResult c = cut.finish();
        QCOMPARE(c.files.size(), 1);
        QVERIFY2(c.error.contains(QLatin1String("ended after 1 file")), qPrintable(c.error));

        RemoteCleanReader none(QStringLiteral("k8s://p"));
        none.feed("{\"t\":\"error\",\"why\":\"no-python\"}\n");
        QVERIFY(none.finish().error.startsWith(QStringLiteral("no python3 on k8s://p")));
    }
};

QTEST_GUILESS_MAIN(TestRemoteClean)
#include "tst_remoteclean.moc"
