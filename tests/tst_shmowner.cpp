// SPDX-License-Identifier: GPL-3.0-or-later
// probes/shmowner: what is provably ours to delete in a shared-memory folder, attacked the way a
// second process sharing it would (links swapped in, files opened or replaced after the
// listing, names with newlines, FIFOs, other users' files), and the watch that tells the files a
// job made from everyone else's. Also `shmwise clean` end to end.
#include "probes/shmowner.h"
#include "testutil.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace shmwise;

namespace {

void writeBytes(const QString &path, qint64 n)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QByteArray(int(n), 'x'));
}

ShmCandidate candidateFor(const QString &dir, const QString &name)
{
    struct stat st
    {};
    stat(QFile::encodeName(dir + QLatin1Char('/') + name).constData(), &st);
    return {name,
            {quint64(st.st_dev), quint64(st.st_ino)},
            Bytes(st.st_blocks) * 512,
            QStringLiteral("leaked")};
}

RemovalPolicy mine()
{
    RemovalPolicy p;
    p.callerUid = uint(getuid());
    return p;
}

} // namespace

class TestShmOwner : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void removesWhatNothingHolds();
    void dryRunRemovesNothing();
    void heldOrMappedFilesStay();
    void openedAfterListingStays();
    void linkSwappedInStays();
    void replacedFileStays();
    void newlineNameIsOneFile();
    void fifoAndFolderStay();
    void otherUsersFilesStay();
    void youngFilesStay();
    void listingHasNoCap();
    void watchTellsTheJobsFiles();
    void cleanCommand();
    void cleanRefusesBadInput();
};

void TestShmOwner::removesWhatNothingHolds()
{
    QTemporaryDir d;
    writeBytes(d.filePath(QStringLiteral("torch_1_2_3")), 10000);
    const auto out =
        removeShmFiles(d.path(), {candidateFor(d.path(), QStringLiteral("torch_1_2_3"))}, mine());
    QCOMPARE(out.size(), 1);
    QVERIFY2(out.first().removed, qPrintable(out.first().reason));
    QVERIFY(!QFile::exists(d.filePath(QStringLiteral("torch_1_2_3"))));
}

void TestShmOwner::dryRunRemovesNothing()
{
    QTemporaryDir d;
    writeBytes(d.filePath(QStringLiteral("a")), 100);
    RemovalPolicy p = mine();
    p.dryRun = true;
    const auto out = removeShmFiles(d.path(), {candidateFor(d.path(), QStringLiteral("a"))}, p);
    QVERIFY(out.first().removed);
    QVERIFY(QFile::exists(d.filePath(QStringLiteral("a"))));
}

void TestShmOwner::heldOrMappedFilesStay()
{
    QTemporaryDir d;
    for (const char *n : {"open", "mapped"})
        writeBytes(d.filePath(QLatin1String(n)), 8192);
    QProcess *a = testutil::holdFile(d.filePath(QStringLiteral("open")), false, this);
    QProcess *b = testutil::holdFile(d.filePath(QStringLiteral("mapped")), true, this);
    QString error;
    const QVector<ShmListing> l = listShmFolder(d.path(), &error);
    QVERIFY(error.isEmpty());
    QCOMPARE(l.size(), 2);
    for (const ShmListing &x : l)
        QCOMPARE(x.holder != 0, true);
    const auto out = removeShmFiles(d.path(),
                                    {candidateFor(d.path(), QStringLiteral("open")),
                                     candidateFor(d.path(), QStringLiteral("mapped"))},
                                    mine());
    for (const RemovalOutcome &o : out) {
        QVERIFY2(!o.removed, qPrintable(o.name));
        QVERIFY2(o.reason.contains(QLatin1String("held by process")), qPrintable(o.reason));
    }
    QVERIFY(QFile::exists(d.filePath(QStringLiteral("open"))));
    QVERIFY(QFile::exists(d.filePath(QStringLiteral("mapped"))));
    testutil::stopProcess(a);
    testutil::stopProcess(b);
}

void TestShmOwner::openedAfterListingStays()
{
    QTemporaryDir d;
    writeBytes(d.filePath(QStringLiteral("x")), 100);
    const ShmCandidate c = candidateFor(d.path(), QStringLiteral("x"));
    QProcess *a =
        testutil::holdFile(d.filePath(QStringLiteral("x")), false, this); // after the listing
    const auto out = removeShmFiles(d.path(), {c}, mine());
    QVERIFY(!out.first().removed);
    QVERIFY(QFile::exists(d.filePath(QStringLiteral("x"))));
    testutil::stopProcess(a);
}

void TestShmOwner::linkSwappedInStays()
{
    QTemporaryDir d;
    QTemporaryDir elsewhere;
    const QString precious = elsewhere.filePath(QStringLiteral("precious"));
    writeBytes(precious, 100);
    writeBytes(d.filePath(QStringLiteral("x")), 100);
    const ShmCandidate c = candidateFor(d.path(), QStringLiteral("x"));
    QVERIFY(QFile::remove(d.filePath(QStringLiteral("x"))));
    QVERIFY(QFile::link(precious, d.filePath(QStringLiteral("x"))));
    const auto out = removeShmFiles(d.path(), {c}, mine());
    QVERIFY(!out.first().removed);
    QVERIFY2(out.first().reason.contains(QLatin1String("symbolic link")),
             qPrintable(out.first().reason));
    QVERIFY(QFileInfo(d.filePath(QStringLiteral("x"))).isSymLink());
    QVERIFY(QFile::exists(precious));
}

void TestShmOwner::replacedFileStays()
{
    QTemporaryDir d;
    writeBytes(d.filePath(QStringLiteral("x")), 100);
    const ShmCandidate c = candidateFor(d.path(), QStringLiteral("x"));
    // Another file under the same name: its inode differs (keep the old one so none is reused).
    QVERIFY(QFile::rename(d.filePath(QStringLiteral("x")), d.filePath(QStringLiteral("old"))));
    writeBytes(d.filePath(QStringLiteral("x")), 100);
    const auto out = removeShmFiles(d.path(), {c}, mine());
    QVERIFY(!out.first().removed);
    QVERIFY2(out.first().reason.contains(QLatin1String("replaced")),
             qPrintable(out.first().reason));
    QVERIFY(QFile::exists(d.filePath(QStringLiteral("x"))));
}

void TestShmOwner::newlineNameIsOneFile()
{
    QTemporaryDir d;
    const QString odd = QStringLiteral("torch_1\nb");
    for (const QString &n : {odd, QStringLiteral("torch_1"), QStringLiteral("b")})
        writeBytes(d.filePath(n), 100);
    QString error;
    const QVector<ShmListing> l = listShmFolder(d.path(), &error);
    QCOMPARE(l.size(), 3);
    const auto out = removeShmFiles(d.path(), {candidateFor(d.path(), odd)}, mine());
    QVERIFY(out.first().removed);
    QVERIFY(!QFile::exists(d.filePath(odd)));
    QVERIFY(QFile::exists(d.filePath(QStringLiteral("torch_1"))));
    QVERIFY(QFile::exists(d.filePath(QStringLiteral("b"))));
    // A name that leaves the folder is never one of its files.
    writeBytes(d.filePath(QStringLiteral("keep")), 10);
    const ShmCandidate up{QStringLiteral("../") + QFileInfo(d.path()).fileName() +
                              QStringLiteral("/keep"),
                          candidateFor(d.path(), QStringLiteral("keep")).key,
                          10,
                          {}};
    const auto out2 = removeShmFiles(d.path(), {up}, mine());
    QVERIFY(!out2.first().removed);
    QVERIFY(QFile::exists(d.filePath(QStringLiteral("keep"))));
}

void TestShmOwner::fifoAndFolderStay()
{
    QTemporaryDir d;
    const QByteArray fifo = QFile::encodeName(d.filePath(QStringLiteral("fifo")));
    QCOMPARE(mkfifo(fifo.constData(), 0600), 0);
    QVERIFY(QDir(d.path()).mkdir(QStringLiteral("sub")));
    QElapsedTimer t;
    t.start();
    const auto out = removeShmFiles(d.path(),
                                    {candidateFor(d.path(), QStringLiteral("fifo")),
                                     candidateFor(d.path(), QStringLiteral("sub"))},
                                    mine());
    QVERIFY(t.elapsed() < 5000); // a FIFO is never waited on
    QCOMPARE(out.size(), 2);
    for (const RemovalOutcome &o : out)
        QVERIFY2(!o.removed, qPrintable(o.name));
    QVERIFY(QFileInfo::exists(d.filePath(QStringLiteral("fifo"))));
    QVERIFY(QFileInfo(d.filePath(QStringLiteral("sub"))).isDir());
}

void TestShmOwner::otherUsersFilesStay()
{
    QTemporaryDir d;
    writeBytes(d.filePath(QStringLiteral("theirs")), 100);
    RemovalPolicy p = mine();
    if (getuid() == 0) {
        // As root: a caller who is not root, and a file of someone else.
        QCOMPARE(chown(QFile::encodeName(d.filePath(QStringLiteral("theirs"))).constData(), 65534,
                       65534),
                 0);
        p.callerUid = 1000;
    } else {
        QSKIP("needs root to give a file to another user");
    }
    const auto out =
        removeShmFiles(d.path(), {candidateFor(d.path(), QStringLiteral("theirs"))}, p);
    QVERIFY(!out.first().removed);
    QVERIFY2(out.first().reason.contains(QLatin1String("owned by user 65534")),
             qPrintable(out.first().reason));
    QVERIFY(QFile::exists(d.filePath(QStringLiteral("theirs"))));
}

void TestShmOwner::youngFilesStay()
{
    QTemporaryDir d;
    writeBytes(d.filePath(QStringLiteral("new")), 100);
    RemovalPolicy p = mine();
    p.olderThanSeconds = 600;
    const auto out = removeShmFiles(d.path(), {candidateFor(d.path(), QStringLiteral("new"))}, p);
    QVERIFY(!out.first().removed);
    QVERIFY(QFile::exists(d.filePath(QStringLiteral("new"))));
}

void TestShmOwner::listingHasNoCap()
{
    // Far more names than the old 100,000 cap is not needed to show there is none: the listing
    // returns every entry, and a file is never missed for being late in the folder.
    QTemporaryDir d;
    for (int i = 0; i < 3000; ++i)
        writeBytes(d.filePath(QStringLiteral("f%1").arg(i)), 0);
    QString error;
    QCOMPARE(listShmFolder(d.path(), &error).size(), 3000);
}

void TestShmOwner::watchTellsTheJobsFiles()
{
    QTemporaryDir d;
    ShmCreationWatch watch(d.path());
    QVERIFY2(watch.active(), qPrintable(watch.error()));
    qInfo("watching with %s", qPrintable(watch.method()));
    // As root the creators are known (fanotify on a file system with an id: tmpfs since 6.x).
    if (getuid() == 0 && !watch.knowsCreators())
        qWarning("root, but fanotify could not watch %s: only PyTorch's names are proof here",
                 qPrintable(d.path()));
    // The "job" and a stranger each make files; a stranger's file named after the job's PID
    // proves nothing when the watch knows creators, and a name after a stranger's PID never does.
    QProcess job;
    job.start(QStringLiteral("sh"),
              {QStringLiteral("-c"),
               QStringLiteral("echo x > \"$1/torch_$$_1_1\"; echo x > \"$1/psm_job\"; "
                              "echo ready; exec sleep 30"),
               QStringLiteral("sh"), d.path()});
    QVERIFY(job.waitForReadyRead(10000));
    const qint64 jobPid = job.processId();
    QProcess stranger;
    stranger.start(QStringLiteral("sh"),
                   {QStringLiteral("-c"),
                    QStringLiteral("echo x > \"$1/torch_$$_9_9\"; echo x > \"$1/psm_other\"; "
                                   "echo x > \"$1/torch_%1_7_7\"; echo ready; exec sleep 30")
                        .arg(watch.knowsCreators() ? jobPid : 1),
                    QStringLiteral("sh"), d.path()});
    QVERIFY(stranger.waitForReadyRead(10000));
    watch.poll([&](qint64 pid) { return pid == jobPid; });
    QStringList jobs;
    for (const ShmCandidate &c : watch.jobFiles())
        jobs << c.name;
    jobs.sort();
    const QString jobTorch = QStringLiteral("torch_%1_1_1").arg(jobPid);
    if (watch.knowsCreators())
        QCOMPARE(jobs, (QStringList{QStringLiteral("psm_job"), jobTorch}));
    else
        QCOMPARE(jobs, QStringList{jobTorch});
    const QString unproven = watch.unprovenFiles().join(QLatin1Char('\n'));
    QVERIFY2(unproven.contains(QLatin1String("psm_other")), qPrintable(unproven));
    // Removed later, the job's files go and the stranger's stay.
    testutil::stopProcess(&job);
    const auto out = removeShmFiles(d.path(), watch.jobFiles(), mine());
    for (const RemovalOutcome &o : out)
        QVERIFY2(o.removed, qPrintable(o.name + QLatin1String(": ") + o.reason));
    QVERIFY(!QFile::exists(d.filePath(jobTorch)));
    QVERIFY(QFile::exists(d.filePath(QStringLiteral("psm_other"))));
    QCOMPARE(QDir(d.path()).entryList({QStringLiteral("torch_*")}, QDir::Files).size(), 2);
    testutil::stopProcess(&stranger);
}

void TestShmOwner::cleanCommand()
{
    QTemporaryDir d;
    writeBytes(d.filePath(QStringLiteral("torch_old")), 5000);
    writeBytes(d.filePath(QStringLiteral("held")), 5000);
    QProcess *a = testutil::holdFile(d.filePath(QStringLiteral("held")), false, this);
    // Dry run by default, then --yes; ages of 0 s so the fresh files count as old enough.
    auto r =
        testutil::run(testutil::shmwiseBinary(), {QStringLiteral("clean"), QStringLiteral("--dir"),
                                                  d.path(), QStringLiteral("--older-than"),
                                                  QStringLiteral("0"), QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    QJsonObject o = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(o.value(QLatin1String("dry_run")).toBool(), true);
    QJsonArray files = o.value(QLatin1String("files")).toArray();
    QCOMPARE(files.size(), 1);
    QCOMPARE(files.first().toObject().value(QLatin1String("name")).toString(),
             QStringLiteral("torch_old"));
    QVERIFY(files.first().toObject().value(QLatin1String("would_remove")).toBool());
    QCOMPARE(
        o.value(QLatin1String("not_considered")).toObject().value(QLatin1String("held")).toInt(),
        1);
    QVERIFY(QFile::exists(d.filePath(QStringLiteral("torch_old"))));
    r = testutil::run(testutil::shmwiseBinary(), {QStringLiteral("clean"), QStringLiteral("--dir"),
                                                  d.path(), QStringLiteral("--older-than"),
                                                  QStringLiteral("0s"), QStringLiteral("--yes")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains("Removed 1 file"), r.out.constData());
    QVERIFY(!QFile::exists(d.filePath(QStringLiteral("torch_old"))));
    QVERIFY(QFile::exists(d.filePath(QStringLiteral("held"))));
    // The default age leaves files just made.
    writeBytes(d.filePath(QStringLiteral("fresh")), 10);
    r = testutil::run(testutil::shmwiseBinary(), {QStringLiteral("clean"), QStringLiteral("--dir"),
                                                  d.path(), QStringLiteral("--yes")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(QFile::exists(d.filePath(QStringLiteral("fresh"))));
    QVERIFY2(r.out.contains("changed within 10 min"), r.out.constData());
    testutil::stopProcess(a);
}

void TestShmOwner::cleanRefusesBadInput()
{
    const QStringList bad[] = {
        {QStringLiteral("--older-than"), QStringLiteral("soon")},
        {QStringLiteral("--older-than"), QStringLiteral("-5m")},
        {QStringLiteral("--older-than"), QStringLiteral("99999999d")},
        {QStringLiteral("--dir"), QStringLiteral("/nonexistent/shm")},
        {QStringLiteral("--dir"), QStringLiteral("/etc")},
        {QStringLiteral("stray")},
    };
    for (const QStringList &args : bad) {
        const auto r =
            testutil::run(testutil::shmwiseBinary(), QStringList{QStringLiteral("clean")} + args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.startsWith("shmwise clean: "), r.err.constData());
    }
}

QTEST_GUILESS_MAIN(TestShmOwner)
#include "tst_shmowner.moc"
