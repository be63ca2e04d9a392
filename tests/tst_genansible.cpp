// SPDX-License-Identifier: GPL-3.0-or-later
// The ansible environment with Debian's ansible package: every golden playbook passes
// `ansible-playbook --syntax-check`; the example inventory reads the same in ShmWise and in
// ansible-inventory; and a real run on this machine (connection local) inside a private mount
// namespace with a 64 MiB /dev/shm and private copies of /etc/fstab and
// /etc/security/limits.d: /dev/shm grows, daemon.json gets default-shm-size, the restart
// handler runs, a second run changes nothing, a larger /dev/shm is never shrunk, and the
// machine's own /dev/shm and files are unchanged.
#include "testutil.h"

#include "core/profile.h"
#include "core/sizing.h"
#include "generators/artifacts.h"
#include "probes/inventory.h"
#include "sshdfixture.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <vector>

#include <sys/statvfs.h>

using namespace shmwise;

namespace {

QString golden(const QString &name)
{
    return testutil::testData(QStringLiteral("golden/") + name + QStringLiteral(".yaml"));
}

Profile load(const QString &name)
{
    const ProfileResult r = loadProfile(golden(name));
    return r.profile.value_or(Profile());
}

QString write(const QTemporaryDir &dir, const QString &name, const QByteArray &text)
{
    QFile f(dir.filePath(name));
    if (f.open(QIODevice::WriteOnly))
        f.write(text);
    return f.fileName();
}

QProcessEnvironment ansibleEnv(const QString &home)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("HOME"), home);
    env.insert(QStringLiteral("ANSIBLE_LOCAL_TEMP"), home + QStringLiteral("/tmp"));
    env.insert(QStringLiteral("ANSIBLE_REMOTE_TEMP"), home + QStringLiteral("/rtmp"));
    env.insert(QStringLiteral("ANSIBLE_NOCOLOR"), QStringLiteral("1"));
    env.insert(QStringLiteral("ANSIBLE_RETRY_FILES_ENABLED"), QStringLiteral("0"));
    env.insert(QStringLiteral("ANSIBLE_GATHERING"), QStringLiteral("explicit"));
    return env;
}

QByteArray digest(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return "absent";
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256).toHex();
}

quint64 shmBytes()
{
    struct statvfs s
    {};
    return ::statvfs("/dev/shm", &s) == 0 ? quint64(s.f_blocks) * s.f_frsize : 0;
}

} // namespace

class TestGenAnsible : public QObject
{
    Q_OBJECT
    QTemporaryDir m_home;
    QString m_skip;

private Q_SLOTS:
    void initTestCase()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("ansible-playbook")).isEmpty())
            m_skip = QStringLiteral("needs Ansible (Debian: ansible)");
    }

    void syntaxCheck_data()
    {
        QTest::addColumn<QString>("name");
        for (const QString &f : QDir(testutil::testData(QStringLiteral("golden")))
                                    .entryList({QStringLiteral("ansible-*.yaml")}, QDir::Files))
            QTest::newRow(qPrintable(f)) << f.chopped(5);
    }
    void syntaxCheck()
    {
        QFETCH(QString, name);
        if (!m_skip.isEmpty())
            QSKIP(qPrintable(m_skip));
        const Profile p = load(name);
        QCOMPARE(environmentName(p.environment), QStringLiteral("ansible"));
        QTemporaryDir dir;
        QString playbook, inventory;
        for (const Artifact &a : generateArtifacts(p, computePlan(p))) {
            if (a.id == QLatin1String("ansible-playbook"))
                playbook = write(dir, a.fileName, a.text.toUtf8());
            if (a.id == QLatin1String("ansible-inventory"))
                inventory = write(dir, a.fileName, a.text.toUtf8());
        }
        QVERIFY(!playbook.isEmpty() && !inventory.isEmpty());
        const testutil::RunResult r = testutil::run(
            QStringLiteral("ansible-playbook"),
            {QStringLiteral("--syntax-check"), QStringLiteral("-i"), inventory, playbook}, {},
            120000, ansibleEnv(m_home.path()));
        QVERIFY2(r.exitCode == 0, (r.out + r.err).constData());

        // The example inventory: the docker group's hosts get shmwise_docker.
        const InventoryResult inv = loadInventory(inventory);
        QVERIFY2(inv.ok(), qPrintable(inv.error));
        QCOMPARE(inv.inventory.hosts.size(), 3);
        QCOMPARE(inv.inventory.members.value(QStringLiteral("docker")),
                 QStringList{QStringLiteral("gpu03")});
        const testutil::RunResult l = testutil::run(
            QStringLiteral("ansible-inventory"),
            {QStringLiteral("-i"), inventory, QStringLiteral("--host"), QStringLiteral("gpu03")},
            {}, 120000, ansibleEnv(m_home.path()));
        QVERIFY2(l.exitCode == 0, l.err.constData());
        const QJsonObject vars = QJsonDocument::fromJson(l.out).object();
        QCOMPARE(vars.value(QStringLiteral("shmwise_docker")).toVariant().toString(),
                 QStringLiteral("true"));
        QCOMPARE(vars.value(QStringLiteral("ansible_host")).toString(),
                 inv.inventory.host(QStringLiteral("gpu03"))->address);
    }

    // A real run, as root, in a private mount namespace (tests/helpers/with-shm.sh).
    void realRun()
    {
        if (!m_skip.isEmpty())
            QSKIP(qPrintable(m_skip));
        QString why;
        if (!testutil::canUseMountNamespace(&why))
            QSKIP(qPrintable(why));
        const Profile p = load(QStringLiteral("ansible-many-tensors"));
        const ShmPlan plan = computePlan(p);
        QTemporaryDir dir;
        QString playbook;
        for (const Artifact &a : generateArtifacts(p, plan))
            if (a.id == QLatin1String("ansible-playbook"))
                playbook = write(dir, a.fileName, a.text.toUtf8());
        QVERIFY(!playbook.isEmpty());
        QDir(dir.path()).mkpath(QStringLiteral("limits.d"));
        QDir(dir.path()).mkpath(QStringLiteral("docker"));
        write(dir, QStringLiteral("fstab"), "# test fstab\nproc /proc proc defaults 0 0\n");
        write(dir, QStringLiteral("docker/daemon.json"), "{\"log-driver\": \"journald\"}\n");
        write(dir, QStringLiteral("inventory.ini"),
              QStringLiteral("node ansible_connection=local ansible_python_interpreter=%1\n"
                             "[docker]\nnode\n[docker:vars]\nshmwise_docker=true\n"
                             "shmwise_daemon_json=%2\nshmwise_docker_restart=\"touch %3\"\n")
                  .arg(QStandardPaths::findExecutable(QStringLiteral("python3")),
                       dir.filePath(QStringLiteral("docker/daemon.json")),
                       dir.filePath(QStringLiteral("restarted")))
                  .toUtf8());
        const QByteArray hostFstab = digest(QStringLiteral("/etc/fstab"));
        const quint64 hostShm = shmBytes();
        // Two runs and the size after each, in one namespace with private fstab and limits.d.
        const QString script = QStringLiteral(
            "set -e\n"
            "mount --bind \"$1/fstab\" /etc/fstab\n"
            "mount --bind \"$1/limits.d\" /etc/security/limits.d\n"
            "for run in 1 2; do\n"
            "  ansible-playbook -i \"$1/inventory.ini\" \"$2\" > \"$1/run$run.log\" 2>&1 ||"
            " { cat \"$1/run$run.log\"; exit 1; }\n"
            "  df -kP /dev/shm | tail -n 1 > \"$1/df$run\"\n"
            "done\n"
            "cp /etc/fstab \"$1/fstab.after\"\n"
            "\"$3\" probe --json > \"$1/probe.json\"\n");
        QProcessEnvironment env = ansibleEnv(m_home.path());
        const testutil::RunResult r = testutil::run(
            testutil::sourceDir() + QStringLiteral("/tests/helpers/with-shm.sh"),
            {QStringLiteral("64m"), QStringLiteral("sh"), QStringLiteral("-c"), script,
             QStringLiteral("sh"), dir.path(), playbook, testutil::shmwiseBinary()},
            {}, 300000, env);
        if (r.exitCode == 77)
            QSKIP(r.err.constData());
        QVERIFY2(r.exitCode == 0, (r.out + r.err).constData());
        auto readText = [&](const QString &n) {
            QFile f(dir.filePath(n));
            return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
        };
        const quint64 wantKiB = (plan.recommendedBytes + 1023) / 1024;
        const quint64 kib1 = readText(QStringLiteral("df1"))
                                 .split(QLatin1Char(' '), Qt::SkipEmptyParts)
                                 .value(1)
                                 .toULongLong();
        QVERIFY2(kib1 >= wantKiB, qPrintable(readText(QStringLiteral("df1"))));
        QVERIFY(readText(QStringLiteral("fstab.after"))
                    .contains(QLatin1String("tmpfs /dev/shm tmpfs defaults,nosuid,nodev,size=")));
        QVERIFY(readText(QStringLiteral("docker/daemon.json"))
                    .contains(QLatin1String("\"default-shm-size\"")));
        QVERIFY(readText(QStringLiteral("docker/daemon.json")).contains(QLatin1String("journald")));
        QVERIFY(QFile::exists(dir.filePath(QStringLiteral("restarted"))));
        QVERIFY2(readText(QStringLiteral("run1.log")).contains(QLatin1String("changed=")),
                 qPrintable(readText(QStringLiteral("run1.log"))));
        QVERIFY2(!readText(QStringLiteral("run1.log")).contains(QLatin1String("changed=0 ")),
                 qPrintable(readText(QStringLiteral("run1.log"))));
        QVERIFY2(readText(QStringLiteral("run2.log")).contains(QLatin1String("changed=0 ")),
                 qPrintable(readText(QStringLiteral("run2.log"))));
        QCOMPARE(readText(QStringLiteral("df2")), readText(QStringLiteral("df1")));
        // shmwise probe in the same namespace sees the new size.
        const QJsonObject probed =
            QJsonDocument::fromJson(readText(QStringLiteral("probe.json")).toUtf8()).object();
        QCOMPARE(quint64(probed.value(QStringLiteral("shm"))
                             .toObject()
                             .value(QStringLiteral("size_bytes"))
                             .toDouble()),
                 kib1 * 1024);
        // The machine's own /dev/shm and fstab are untouched.
        QCOMPARE(digest(QStringLiteral("/etc/fstab")), hostFstab);
        QCOMPARE(shmBytes(), hostShm);

        // A /dev/shm already larger than the plan is left alone, fstab untouched.
        write(dir, QStringLiteral("fstab"), "# test fstab\n");
        const quint64 big = plan.recommendedBytes * 2;
        const testutil::RunResult r2 =
            testutil::run(testutil::sourceDir() + QStringLiteral("/tests/helpers/with-shm.sh"),
                          {QString::number(big), QStringLiteral("sh"), QStringLiteral("-c"), script,
                           QStringLiteral("sh"), dir.path(), playbook, testutil::shmwiseBinary()},
                          {}, 300000, env);
        QVERIFY2(r2.exitCode == 0, (r2.out + r2.err).constData());
        QCOMPARE(readText(QStringLiteral("fstab.after")), QStringLiteral("# test fstab\n"));
        QCOMPARE(readText(QStringLiteral("df1"))
                     .split(QLatin1Char(' '), Qt::SkipEmptyParts)
                     .value(1)
                     .toULongLong(),
                 big / 1024);
    }

    // Over SSH: two real sshd instances on 127.0.0.1, each in its own private mount namespace
    // with a 64 MiB /dev/shm and private /etc/fstab and /etc/security/limits.d; ansible-playbook
    // reaches them as any fleet host; shmwise probe of each then shows the new size.
    void realRunOverSsh()
    {
        if (!m_skip.isEmpty())
            QSKIP(qPrintable(m_skip));
        QString why;
        if (!testutil::canUseMountNamespace(&why))
            QSKIP(qPrintable(why));
        const Profile p = load(QStringLiteral("ansible-many-tensors"));
        const ShmPlan plan = computePlan(p);
        QTemporaryDir dir;
        QString playbook;
        for (const Artifact &a : generateArtifacts(p, plan))
            if (a.id == QLatin1String("ansible-playbook"))
                playbook = write(dir, a.fileName, a.text.toUtf8());
        const QString hostFstab = QString::fromLatin1(digest(QStringLiteral("/etc/fstab")));
        const quint64 hostShm = shmBytes();
        // sshd runs inside: with-shm.sh 64m sh -c SCRIPT sh NODEDIR sshd ARGS...
        const QString inNamespace =
            QStringLiteral("d=$1; shift; mount --bind \"$d/fstab\" /etc/fstab &&"
                           " mount --bind \"$d/limits.d\" /etc/security/limits.d && exec \"$@\"");
        std::vector<std::unique_ptr<SshdFixture>> nodes;
        QString inventory = QStringLiteral("[docker]\n");
        for (int i = 0; i < 2; ++i) {
            const QString node = QStringLiteral("node%1").arg(i);
            QDir(dir.path()).mkpath(node + QStringLiteral("/limits.d"));
            write(dir, node + QStringLiteral("/fstab"), "# node fstab\n");
            write(dir, node + QStringLiteral("/daemon.json"), "{}\n");
            nodes.push_back(std::make_unique<SshdFixture>());
            if (!nodes.back()->start(
                    {testutil::sourceDir() + QStringLiteral("/tests/helpers/with-shm.sh"),
                     QStringLiteral("64m"), QStringLiteral("sh"), QStringLiteral("-c"), inNamespace,
                     QStringLiteral("sh"), dir.filePath(node)}))
                QSKIP(qPrintable(nodes.back()->why()));
            const SshdFixture &s = *nodes.back();
            inventory += QStringLiteral("%1 ansible_host=127.0.0.1 ansible_port=%2 ansible_user=%3 "
                                        "ansible_ssh_common_args='-F %4' "
                                        "shmwise_daemon_json=%5/daemon.json "
                                        "shmwise_docker_restart='touch %5/restarted'\n")
                             .arg(node)
                             .arg(s.port())
                             .arg(s.user(), s.config(), dir.filePath(node));
        }
        inventory += QStringLiteral("[docker:vars]\nshmwise_docker=true\n"
                                    "[all:vars]\nansible_python_interpreter=/usr/bin/python3\n");
        const QString inv = write(dir, QStringLiteral("inventory.ini"), inventory.toUtf8());
        const QProcessEnvironment env = ansibleEnv(m_home.path());
        const QStringList args{QStringLiteral("-i"), inv, playbook};
        const testutil::RunResult first =
            testutil::run(QStringLiteral("ansible-playbook"), args, {}, 300000, env);
        QVERIFY2(first.exitCode == 0, (first.out + first.err).constData());
        QVERIFY2(first.out.contains("changed=") && !first.out.contains("changed=0 "),
                 first.out.constData());
        const testutil::RunResult second =
            testutil::run(QStringLiteral("ansible-playbook"), args, {}, 300000, env);
        QVERIFY2(second.exitCode == 0, (second.out + second.err).constData());
        QCOMPARE(second.out.count("changed=0 "), 2);
        for (int i = 0; i < 2; ++i) {
            const SshdFixture &s = *nodes[size_t(i)];
            const QString node = QStringLiteral("node%1").arg(i);
            const testutil::RunResult probe =
                testutil::run(testutil::shmwiseBinary(),
                              {QStringLiteral("probe"), QStringLiteral("--target"), s.target(),
                               QStringLiteral("--ssh-config"), s.config(), QStringLiteral("--json"),
                               QStringLiteral("--timeout"), QStringLiteral("60")},
                              {}, 120000);
            QVERIFY2(probe.exitCode == 0, probe.err.constData());
            const QJsonObject o = QJsonDocument::fromJson(probe.out).object();
            QCOMPARE(quint64(o.value(QStringLiteral("shm"))
                                 .toObject()
                                 .value(QStringLiteral("size_bytes"))
                                 .toDouble()),
                     plan.recommendedBytes);
            QFile fstab(dir.filePath(node + QStringLiteral("/fstab")));
            QVERIFY(fstab.open(QIODevice::ReadOnly));
            QVERIFY(fstab.readAll().contains("tmpfs /dev/shm tmpfs defaults,nosuid,nodev,size="));
            QVERIFY(QFile::exists(dir.filePath(node + QStringLiteral("/restarted"))));
        }
        QCOMPARE(QString::fromLatin1(digest(QStringLiteral("/etc/fstab"))), hostFstab);
        QCOMPARE(shmBytes(), hostShm);
    }
};

QTEST_GUILESS_MAIN(TestGenAnsible)
#include "tst_genansible.moc"
