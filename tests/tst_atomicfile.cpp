// SPDX-License-Identifier: GPL-3.0-or-later
#include "atomicfile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

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
