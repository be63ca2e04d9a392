// SPDX-License-Identifier: GPL-3.0-or-later
// `generate --out` against what a careless or hostile directory holds: links, FIFOs, devices,
// a full disk, an old file only its owner may write, an empty directory name.
#include "robustutil.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QTest>

#include <sys/stat.h>
#include <unistd.h>

using robust::readFile;
using robust::shmwise;
using robust::writeFile;

class TestRobustFiles : public QObject
{
    Q_OBJECT
    QTemporaryDir m_tmp;
    QString m_profile;

    QStringList generate(const QString &out, bool force = true) const
    {
        QStringList a{QStringLiteral("generate"), QStringLiteral("--profile"), m_profile,
                      QStringLiteral("--out"), out};
        if (force)
            a << QStringLiteral("--force");
        return a;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        // Readable by the unprivileged user of writeOnlyOldFileKept().
        QVERIFY(::chmod(QFile::encodeName(m_tmp.path()).constData(), 0755) == 0);
        m_profile = m_tmp.filePath(QStringLiteral("p.yaml"));
        QVERIFY(writeFile(m_profile, robust::kProfile));
    }

    // Ten `generate` processes into one folder, without --force: the names each finds absent
    // are created exclusively, so a process that says it wrote its files has them on disk, and
    // one that lost a race says which file exists and differs (exit 2).
    void concurrentGenerateLosesNothing()
    {
        constexpr int N = 10;
        const QString shared = m_tmp.filePath(QStringLiteral("concurrent"));
        QVERIFY(QDir().mkpath(shared));
        QVector<QString> profiles, refs;
        for (int i = 0; i < N; ++i) {
            profiles << m_tmp.filePath(QStringLiteral("c%1.yaml").arg(i));
            QVERIFY(writeFile(
                profiles.last(),
                "shmwise: 1\nenvironment: docker\nhost: {shm_bytes: " + QByteArray::number(64 + i) +
                    "MiB}\nworkload:\n  preset: image-classification\n  "
                    "num_workers: " +
                    QByteArray::number(i + 1) + "\n"));
            refs << m_tmp.filePath(QStringLiteral("ref%1").arg(i));
            const testutil::RunResult r =
                shmwise({QStringLiteral("generate"), QStringLiteral("--profile"), profiles.last(),
                         QStringLiteral("--out"), refs.last()});
            QVERIFY2(r.exitCode == 0, r.err.constData());
        }
        for (int round = 0; round < 3; ++round) {
            QDir(shared).removeRecursively();
            QVERIFY(QDir().mkpath(shared));
            QVector<QProcess *> procs;
            for (int i = 0; i < N; ++i) {
                auto *p = new QProcess(this);
                p->start(testutil::shmwiseBinary(),
                         {QStringLiteral("generate"), QStringLiteral("--profile"), profiles[i],
                          QStringLiteral("--out"), shared});
                procs << p;
            }
            int succeeded = 0;
            for (int i = 0; i < N; ++i) {
                QProcess *p = procs[i];
                QVERIFY(p->waitForFinished(60000));
                const QByteArray err = p->readAllStandardError();
                if (p->exitCode() == 0) {
                    ++succeeded;
                    // Every file of its own is there, as it would write it alone.
                    for (const QString &f : QDir(refs[i]).entryList(QDir::Files))
                        QVERIFY2(readFile(shared + QLatin1Char('/') + f) ==
                                     readFile(refs[i] + QLatin1Char('/') + f),
                                 qPrintable(QStringLiteral("round %1, process %2: %3 is not its "
                                                           "own")
                                                .arg(round)
                                                .arg(i)
                                                .arg(f)));
                } else {
                    QCOMPARE(p->exitCode(), 2);
                    QVERIFY2(err.contains("exists and differs"), err.constData());
                }
                delete p;
            }
            // Whatever is in the folder is one process's file, whole; no temporary is left.
            for (const QString &f :
                 QDir(shared).entryList(QDir::Files | QDir::Hidden | QDir::System)) {
                QVERIFY2(!f.startsWith(QLatin1Char('.')), qPrintable(f));
                bool someones = false;
                for (const QString &ref : std::as_const(refs))
                    someones = someones || readFile(shared + QLatin1Char('/') + f) ==
                                               readFile(ref + QLatin1Char('/') + f);
                QVERIFY2(someones, qPrintable(f));
            }
            QVERIFY(succeeded <= N);
        }
    }

    // QSaveFile resolves a link and writes its target: as root, anywhere on the system.
    void linkIsNotWrittenThrough()
    {
        const QString out = m_tmp.filePath(QStringLiteral("links"));
        QVERIFY(QDir().mkpath(out));
        const QString victim = m_tmp.filePath(QStringLiteral("victim"));
        QVERIFY(writeFile(victim, "precious\n"));
        const QString absent = m_tmp.filePath(QStringLiteral("created-outside.sh"));
        QVERIFY(QFile::link(victim, out + QStringLiteral("/daemon.json")));
        QVERIFY(QFile::link(absent, out + QStringLiteral("/docker-run.sh")));
        for (bool force : {true, false}) {
            const testutil::RunResult r = shmwise(generate(out, force));
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains("symbolic link"), r.err.constData());
            QCOMPARE(readFile(victim), QByteArray("precious\n"));
            QVERIFY(!QFileInfo::exists(absent));
            QVERIFY(QFileInfo(out + QStringLiteral("/daemon.json")).isSymLink());
            QVERIFY(!QFileInfo::exists(victim + QStringLiteral(".bak")));
            QVERIFY(!r.err.contains("wrote " + QFile::encodeName(out) + "/daemon.json"));
        }
    }

    // A FIFO hung the old file comparison; a link to /dev/zero read until the process died.
    void fifoAndDeviceRefused()
    {
        const QString out = m_tmp.filePath(QStringLiteral("special"));
        QVERIFY(QDir().mkpath(out));
        QVERIFY(::mkfifo(QFile::encodeName(out + QStringLiteral("/daemon.json")).constData(),
                         0644) == 0);
        QVERIFY(QFile::link(QStringLiteral("/dev/zero"), out + QStringLiteral("/docker-run.sh")));
        for (bool force : {true, false}) {
            QElapsedTimer t;
            t.start();
            const testutil::RunResult r = shmwise(generate(out, force), {}, 20000);
            QVERIFY2(!r.timedOut, "generate hung on a FIFO or /dev/zero");
            QVERIFY(t.elapsed() < 15000);
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains("not a regular file"), r.err.constData());
            QVERIFY2(r.err.contains("symbolic link"), r.err.constData());
        }
        struct stat st;
        QVERIFY(::lstat(QFile::encodeName(out + QStringLiteral("/daemon.json")).constData(), &st) ==
                0);
        QVERIFY(S_ISFIFO(st.st_mode));
    }

    // Qt 6.4's QSaveFile::commit() renames even after the final flush failed: a full disk left
    // empty files behind, printed "wrote" and exited 0.
    void fullDiskKeepsOldFiles()
    {
        QString why;
        if (!testutil::canUseMountNamespace(&why))
            QSKIP(qPrintable(why));
        const QString script = QStringLiteral(
            "set -u; o=/dev/shm/o; mkdir $o; printf 'old\\n' > $o/daemon.json; "
            "dd if=/dev/zero of=/dev/shm/fill bs=4096 2>/dev/null; "
            "\"$0\" generate --profile \"$1\" --out $o --force 2>&1; echo \"rc=$?\"; "
            "echo \"daemon=$(cat $o/daemon.json)\"; "
            "echo \"empty=$(find $o -type f -size 0 | wc -l)\"; "
            "echo \"hidden=$(ls -A $o | grep -c '^\\.')\"");
        const testutil::RunResult r = testutil::runWithShm(
            64 * 1024, QStringLiteral("/bin/sh"),
            {QStringLiteral("-c"), script, testutil::shmwiseBinary(), m_profile});
        if (r.exitCode == 77)
            QSKIP(r.err.constData());
        QVERIFY2(r.out.contains("rc=2\n"), r.out.constData());
        QVERIFY2(r.out.contains("daemon=old\n"), r.out.constData());
        QVERIFY2(r.out.contains("empty=0\n"), r.out.constData());
        QVERIFY2(r.out.contains("hidden=0\n"), r.out.constData());
        QVERIFY2(r.out.contains("No space left"), r.out.constData());
        QVERIFY2(!r.out.contains("wrote "), r.out.constData());
    }

    // The backup of a file that cannot be read would be empty: the old text was lost.
    void writeOnlyOldFileKept()
    {
        const QString out = m_tmp.filePath(QStringLiteral("writeonly"));
        QVERIFY(QDir().mkpath(out));
        const QString file = out + QStringLiteral("/daemon.json");
        QVERIFY(writeFile(file, "{\"mine\": true}\n", 0200));
        QStringList args = generate(out);
        QString program = testutil::shmwiseBinary();
        if (geteuid() == 0) {
            // Root reads any file: run as nobody, who owns the directory and the file.
            const QString setpriv = QStandardPaths::findExecutable(QStringLiteral("setpriv"));
            if (setpriv.isEmpty())
                QSKIP("needs setpriv (util-linux) to drop root");
            QVERIFY(::chown(QFile::encodeName(out).constData(), 65534, 65534) == 0);
            QVERIFY(::chown(QFile::encodeName(file).constData(), 65534, 65534) == 0);
            args = QStringList{QStringLiteral("--reuid=65534"), QStringLiteral("--regid=65534"),
                               QStringLiteral("--clear-groups"), program} +
                   args;
            program = setpriv;
        }
        const testutil::RunResult r = testutil::run(program, args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("cannot be read"), r.err.constData());
        QVERIFY(::chmod(QFile::encodeName(file).constData(), 0600) == 0);
        QCOMPARE(readFile(file), QByteArray("{\"mine\": true}\n"));
        QVERIFY(!QFileInfo::exists(file + QStringLiteral(".bak")));
    }

    void emptyOutRefused()
    {
        const QString cwd = m_tmp.filePath(QStringLiteral("cwd"));
        QVERIFY(QDir().mkpath(cwd));
        const testutil::RunResult r =
            testutil::run(QStringLiteral("/bin/sh"),
                          {QStringLiteral("-c"),
                           QStringLiteral("cd \"$1\" && exec \"$0\" generate --profile "
                                          "\"$2\" --out ''"),
                           testutil::shmwiseBinary(), cwd, m_profile});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--out"), r.err.constData());
        QVERIFY(
            QDir(cwd).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestRobustFiles)
#include "tst_robust_files.moc"
