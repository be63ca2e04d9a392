// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/atomicfile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>
#include <unistd.h>

using namespace shmwise;

namespace {
QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}
} // namespace

class TestAtomicFile : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void writesNewFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("a.yaml"));
        QString error;
        QCOMPARE(writeFile(path, "one\n", WriteMode::RefuseIfDifferent, &error),
                 WriteResult::Written);
        QCOMPARE(readAll(path), QByteArray("one\n"));
        QVERIFY(!QFile::exists(path + QStringLiteral(".bak")));
    }
    void sameContentIsUnchanged()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("a.yaml"));
        QString error;
        QVERIFY(writeFileAtomically(path, "one\n", WriteMode::BackupIfDifferent, &error));
        QCOMPARE(writeFile(path, "one\n", WriteMode::RefuseIfDifferent, &error),
                 WriteResult::Unchanged);
    }
    void refusesDifferent()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("a.yaml"));
        QString error;
        QVERIFY(writeFileAtomically(path, "mine\n", WriteMode::BackupIfDifferent, &error));
        QCOMPARE(writeFile(path, "theirs\n", WriteMode::RefuseIfDifferent, &error),
                 WriteResult::Refused);
        QVERIFY(error.contains(QLatin1String("differs")));
        QCOMPARE(readAll(path), QByteArray("mine\n"));
    }
    void backsUpBeforeReplacing()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("a.yaml"));
        QString error;
        QVERIFY(writeFileAtomically(path, "old\n", WriteMode::BackupIfDifferent, &error));
        QVERIFY(writeFileAtomically(path, "new\n", WriteMode::BackupIfDifferent, &error));
        QCOMPARE(readAll(path), QByteArray("new\n"));
        QCOMPARE(readAll(path + QStringLiteral(".bak")), QByteArray("old\n"));
    }
    void failureLeavesOldFile()
    {
        if (geteuid() == 0)
            QSKIP("root ignores directory permissions, so the write cannot be made to fail");
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("a.yaml"));
        QString error;
        QVERIFY(writeFileAtomically(path, "old\n", WriteMode::BackupIfDifferent, &error));
        QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::ExeOwner);
        QVERIFY(!writeFileAtomically(path, "new\n", WriteMode::BackupIfDifferent, &error));
        QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        QCOMPARE(readAll(path), QByteArray("old\n"));
        QVERIFY(!error.isEmpty());
    }
    void parentIsAFile()
    {
        QTemporaryDir dir;
        QString error;
        const QString file = dir.filePath(QStringLiteral("plain"));
        QVERIFY(writeFileAtomically(file, "x", WriteMode::BackupIfDifferent, &error));
        QCOMPARE(
            writeFile(file + QStringLiteral("/child"), "y", WriteMode::BackupIfDifferent, &error),
            WriteResult::Failed);
        QVERIFY(error.contains(QLatin1String("cannot write")));
        QCOMPARE(readAll(file), QByteArray("x"));
    }
    void directoryIsAnError()
    {
        QTemporaryDir dir;
        QString error;
        QCOMPARE(writeFile(dir.path(), "x", WriteMode::BackupIfDifferent, &error),
                 WriteResult::Failed);
        QVERIFY(error.contains(QLatin1String("directory")));
    }
    void scriptsAreExecutable()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("run.sh"));
        QString error;
        QVERIFY(writeFileAtomically(path, "#!/bin/sh\n", WriteMode::BackupIfDifferent, &error,
                                    FileKind::Executable));
        QVERIFY(QFileInfo(path).isExecutable());
        const QString data = dir.filePath(QStringLiteral("data.yaml"));
        QVERIFY(writeFileAtomically(data, "a: 1\n", WriteMode::BackupIfDifferent, &error));
        QVERIFY(!QFileInfo(data).isExecutable());
    }
    // A link is never written through, nor replaced: its target may be anywhere.
    void symbolicLinkRefused()
    {
        QTemporaryDir dir;
        const QString target = dir.filePath(QStringLiteral("outside"));
        QFile f(target);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("keep\n");
        f.close();
        const QString link = dir.filePath(QStringLiteral("link"));
        QVERIFY(QFile::link(target, link));
        const QString dangling = dir.filePath(QStringLiteral("dangling"));
        QVERIFY(QFile::link(dir.filePath(QStringLiteral("nowhere")), dangling));
        for (WriteMode mode : {WriteMode::BackupIfDifferent, WriteMode::RefuseIfDifferent}) {
            QString error;
            QCOMPARE(writeFile(link, "new\n", mode, &error), WriteResult::Failed);
            QVERIFY2(error.contains(QLatin1String("symbolic link")), qPrintable(error));
            QCOMPARE(writeFile(dangling, "new\n", mode, &error), WriteResult::Failed);
        }
        QCOMPARE(readAll(target), QByteArray("keep\n"));
        QVERIFY(QFileInfo(link).isSymLink());
        QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("nowhere"))));
        // The backup is checked the same way: a link planted at FILE.bak is not followed.
        const QString file = dir.filePath(QStringLiteral("f"));
        QString error;
        QVERIFY(writeFileAtomically(file, "old\n", WriteMode::BackupIfDifferent, &error));
        QVERIFY(QFile::link(target, file + QStringLiteral(".bak")));
        QCOMPARE(writeFile(file, "new\n", WriteMode::BackupIfDifferent, &error),
                 WriteResult::Failed);
        QCOMPARE(readAll(target), QByteArray("keep\n"));
        QCOMPARE(readAll(file), QByteArray("old\n"));
    }
    void specialFilesRefused()
    {
        QTemporaryDir dir;
        const QString fifo = dir.filePath(QStringLiteral("fifo"));
        QVERIFY(::mkfifo(QFile::encodeName(fifo).constData(), 0644) == 0);
        QString error;
        QCOMPARE(writeFile(fifo, "x", WriteMode::RefuseIfDifferent, &error), WriteResult::Failed);
        QVERIFY2(error.contains(QLatin1String("not a regular file")), qPrintable(error));
        QCOMPARE(writeFile(QStringLiteral("/dev/null"), "x", WriteMode::BackupIfDifferent, &error),
                 WriteResult::Failed);
        QCOMPARE(writeFile(QString(), "x", WriteMode::BackupIfDifferent, &error),
                 WriteResult::Failed);
    }
    void unreadableOldFileRefused()
    {
        if (geteuid() == 0)
            QSKIP("root reads any file (tests/robustness runs this case as another user)");
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("w"));
        QString error;
        QVERIFY(writeFileAtomically(path, "mine\n", WriteMode::BackupIfDifferent, &error));
        QFile::setPermissions(path, QFile::WriteOwner);
        QCOMPARE(writeFile(path, "new\n", WriteMode::BackupIfDifferent, &error),
                 WriteResult::Failed);
        QVERIFY2(error.contains(QLatin1String("cannot be read")), qPrintable(error));
        QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
        QCOMPARE(readAll(path), QByteArray("mine\n"));
    }
    void permissionsKept()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("p"));
        QString error;
        QVERIFY(writeFileAtomically(path, "a\n", WriteMode::BackupIfDifferent, &error));
        QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
        QVERIFY(writeFileAtomically(path, "b\n", WriteMode::BackupIfDifferent, &error));
        auto mode = [](const QString &p) {
            struct stat st;
            return ::stat(QFile::encodeName(p).constData(), &st) == 0 ? int(st.st_mode & 0777) : -1;
        };
        QCOMPARE(mode(path), 0600);
        QCOMPARE(mode(path + QStringLiteral(".bak")), 0600);
    }
    void readingIsCapped()
    {
        QByteArray data;
        QString error;
        QVERIFY(!readFileCapped(QStringLiteral("/dev/zero"), 1024 * 1024, &data, &error));
        QVERIFY2(error.contains(QLatin1String("over 1 MiB")), qPrintable(error));
        QVERIFY(data.isEmpty());
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("r"));
        QVERIFY(
            writeFileAtomically(path, QByteArray(4096, 'a'), WriteMode::BackupIfDifferent, &error));
        QVERIFY(readFileCapped(path, 4096, &data, &error));
        QCOMPARE(data.size(), 4096);
        QVERIFY(!readFileCapped(path, 4095, &data, &error));
        QVERIFY(!readFileCapped(dir.path(), 4096, &data, &error));
        QVERIFY(error.contains(QLatin1String("directory")));
        QVERIFY(!readFileCapped(dir.filePath(QStringLiteral("none")), 4096, &data, &error));
    }
    void noTemporaryLeftBehind()
    {
        QTemporaryDir dir;
        QString error;
        QVERIFY(writeFileAtomically(dir.filePath(QStringLiteral("a")), "x",
                                    WriteMode::BackupIfDifferent, &error));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden),
                 QStringList{QStringLiteral("a")});
    }
};

QTEST_GUILESS_MAIN(TestAtomicFile)
#include "tst_atomicfile.moc"
