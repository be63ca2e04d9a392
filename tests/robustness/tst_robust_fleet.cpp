// SPDX-License-Identifier: GPL-3.0-or-later
// Many hosts at once with the real binary, against stand-in clients on PATH: 300 targets at
// --jobs 256 under `ulimit -n 1024` (the local limit is said once and blamed on no host), and
// inventory hosts that are one target (probed once, so one shared connection carries one
// session).
#include "robustutil.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using robust::shmwise;
using robust::writeFile;

class TestRobustFleet : public QObject
{
    Q_OBJECT
    QTemporaryDir m_tmp;

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_tmp.isValid()); }

    // Each stand-in `docker exec` holds its pipes for half a second, so 256 run at once. Before,
    // 98 hosts failed with "Too many open files" and one with "No such file or directory".
    void manyTargetsWithinOpenFilesLimit()
    {
        const QString bin = m_tmp.filePath(QStringLiteral("bin-docker"));
        QVERIFY(QDir().mkpath(bin));
        QVERIFY(robust::fakeDocker(bin, "sleep 0.5\nexec sh -s\n"));
        QStringList args{QStringLiteral("probe"),     QStringLiteral("--jobs"),
                         QStringLiteral("256"),       QStringLiteral("--json"),
                         QStringLiteral("--timeout"), QStringLiteral("120")};
        for (int i = 0; i < 300; ++i)
            args << QStringLiteral("--target") << QStringLiteral("docker://c%1").arg(i);
        QStringList quoted;
        for (const QString &a : std::as_const(args))
            quoted << QLatin1Char('\'') + a + QLatin1Char('\'');
        // Soft and hard limit both 1024, as `ulimit -n 1024` sets them: nothing can raise it.
        const testutil::RunResult r =
            testutil::run(QStringLiteral("/bin/sh"),
                          {QStringLiteral("-c"),
                           QStringLiteral("ulimit -n 1024 && exec '%1' %2")
                               .arg(testutil::shmwiseBinary(), quoted.join(QLatin1Char(' ')))},
                          {}, 300000, robust::withPath(bin));
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        const QJsonArray hosts = o.value(QStringLiteral("hosts")).toArray();
        QCOMPARE(hosts.size(), 300);
        int ok = 0;
        for (const QJsonValue &h : hosts) {
            const QJsonObject ho = h.toObject();
            ok += ho.value(QStringLiteral("status")).toString() == QLatin1String("ok");
            QVERIFY2(
                !ho.value(QStringLiteral("error")).toString().contains(QLatin1String("open files")),
                qPrintable(ho.value(QStringLiteral("error")).toString()));
        }
        QCOMPARE(ok, 300);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        // The limit is this computer's: said once, on stderr, with what to do.
        QCOMPARE(r.err.count("open-files limit"), 1);
        QVERIFY2(r.err.contains("ulimit -n 1024"), r.err.constData());
    }

    // Inventory hosts that resolve to one target are probed once and reported for each.
    void identicalTargetsProbedOnce()
    {
        const QString bin = m_tmp.filePath(QStringLiteral("bin-ssh"));
        QVERIFY(QDir().mkpath(bin));
        const QString log = m_tmp.filePath(QStringLiteral("ssh.log"));
        QVERIFY(writeFile(bin + QStringLiteral("/ssh"),
                          "#!/bin/sh\necho run >> '" + QFile::encodeName(log) + "'\nexec sh -s\n",
                          0755));
        const QString inv = m_tmp.filePath(QStringLiteral("same.ini"));
        QVERIFY(writeFile(inv, "[g]\na ansible_host=10.9.9.9 ansible_user=u\n"
                               "b ansible_host=10.9.9.9 ansible_user=u\n"
                               "c ansible_host=10.9.9.8 ansible_user=u\n"
                               "d ansible_port=\"{{ base_port }}\"\n"));
        const QString runtime = m_tmp.filePath(QStringLiteral("run"));
        QVERIFY(QDir().mkpath(runtime));
        QVERIFY(QFile::setPermissions(runtime, QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                                   QFileDevice::ExeOwner));
        QProcessEnvironment env = robust::withPath(bin);
        env.insert(QStringLiteral("XDG_RUNTIME_DIR"), runtime);
        const testutil::RunResult r = shmwise(
            {QStringLiteral("probe"), QStringLiteral("--inventory"), inv, QStringLiteral("--json")},
            env);
        const QJsonArray hosts =
            QJsonDocument::fromJson(r.out).object().value(QStringLiteral("hosts")).toArray();
        QCOMPARE(hosts.size(), 4);
        QStringList status;
        for (const QJsonValue &h : hosts)
            status << h.toObject().value(QStringLiteral("status")).toString();
        QCOMPARE(status, (QStringList{QStringLiteral("ok"), QStringLiteral("ok"),
                                      QStringLiteral("ok"), QStringLiteral("refused")}));
        QVERIFY2(hosts.at(3)
                     .toObject()
                     .value(QStringLiteral("error"))
                     .toString()
                     .contains(QLatin1String("Jinja template")),
                 r.out.constData());
        QCOMPARE(robust::readFile(log).count("run"), 2); // a and b share one probe
    }
};

QTEST_GUILESS_MAIN(TestRobustFleet)
#include "tst_robust_fleet.moc"
