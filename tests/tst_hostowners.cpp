// SPDX-License-Identifier: GPL-3.0-or-later
// The Host page's "Who holds /dev/shm": owners, leaks and limits from a probe report, the chart's
// quota and memory limit, and Clean Up Leaked Files… against a temporary folder with a leaked
// file and one a child process holds.
#include "probes/probefacts.h"
#include "probes/prober.h"
#include "probes/probetarget.h"
#include "ui/hostpage.h"
#include "ui/page.h"
#include "ui/session.h"
#include "ui/shmchart.h"
#include "ui/shmowners.h"

#include "widgetfind.h"

#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QProcess>
#include <QPushButton>
#include <QScopeGuard>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include <unistd.h>

using namespace shmwise;
using testutil::findByName;

namespace {

QByteArray uidText()
{
    return QByteArray::number(uint(getuid()));
}

// A probe's report as probe.sh writes it: a 64 MiB /dev/shm with a user quota, a cgroup with a
// memory limit, a PyTorch file held by python3 in a Kubernetes pod's container, an unlinked NCCL
// segment held by a worker, and a leaked torch_ file `leakedAge` seconds old owned by `owner`.
QByteArray reportText(qint64 leakedAge = 900, const QByteArray &owner = uidText())
{
    const QByteArray uid = uidText();
    const QByteArray container = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
    return "shmwise-probe 1\n"
           "shm.size_kb=65536\nshm.used_kb=1200\nshm.free_kb=64336\n"
           "shm.options=rw,nosuid,nodev,size=65536k,usrquota\nshm.quota=user\n"
           "shm.quota_user_kb=1048576 0 2097152\n"
           "cgroup.version=2\ncgroup.memory_limit_bytes=4294967296\n"
           "cgroup.memory_usage_bytes=2147483648\n"
           "cgroup.memory_stat_shmem_bytes=536870912\n"
           "cgroup.memory_stat_anon_bytes=1610612736\n"
           "cgroup.memory_stat_file_bytes=536870912\n"
           "user.uid=" +
           uid +
           "\n"
           "shm.scan=1\nshm.scan_time=1000\nshm.dev=43\n"
           "shm.f=409600 2 400000 " +
           uid +
           " 990 f torch_7_1_0\n"
           "shm.f=204800 3 204800 " +
           owner + " " + QByteArray::number(1000 - leakedAge) +
           " f torch_99_2_0\n"
           "shm.files_count=2\nshm.files_bytes=614400\n"
           "shm.files_other_count=0\nshm.files_other_bytes=0\n"
           "shm.procs_total=2\nshm.procs_fd_readable=2\n"
           "shm.h=7 map 00:2b 2 - 409600 - - /dev/shm/torch_7_1_0\n"
           "shm.h=8 map 00:2b 6 - 262144 - - /dev/shm/nccl-x (deleted)\n"
           "shm.p=7 " +
           uid + " python3\nshm.p=8 " + uid +
           " pt_data_worker\n"
           "shm.pc=7 /kubepods/burstable/pod8d1f6c3a-1b2c-4d5e-8f90-123456789abc/" +
           container +
           "\n"
           "shmwise-probe-end\n";
}

ProbeResult resultFor(const QByteArray &report, const QString &target = QStringLiteral("local"))
{
    ProbeResult r;
    r.status = ProbeResult::Status::Ok;
    r.target = *parseTarget(target);
    r.targetText = r.target.toString();
    r.facts = parseProbeReport(report);
    return r;
}

QString factValue(QTableWidget *table, const QString &fact)
{
    for (int i = 0; i < table->rowCount(); ++i)
        if (table->item(i, 0) && table->item(i, 0)->text() == fact)
            return table->item(i, 1)->text();
    return QStringLiteral("<no row %1>").arg(fact);
}

QStringList rowsOf(QTableWidget *table)
{
    QStringList rows;
    for (int i = 0; i < table->rowCount(); ++i) {
        QStringList cells;
        for (int c = 0; c < table->columnCount(); ++c)
            cells << (table->item(i, c) ? table->item(i, c)->text() : QString());
        rows << cells.join(QStringLiteral(" | "));
    }
    return rows;
}

} // namespace

class TestHostOwners : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void ownersLeaksAndLimits()
    {
        Session session;
        HostPage page(&session);
        page.resize(800, 600);
        page.show();
        ShmOwnersPanel *panel = page.ownersPanel();
        QVERIFY(!panel->cleanButton()->isEnabled()); // nothing probed yet
        page.showProbeResult(resultFor(reportText()));

        const QString summary = panel->summaryLabel()->text();
        QVERIFY2(summary.contains(QLatin1String("Accounted for 856 KiB of 1.2 MiB used")) &&
                     summary.contains(QLatin1String("2 named files, 600 KiB")) &&
                     summary.contains(QLatin1String("1 unlinked file still held, 256 KiB")) &&
                     summary.contains(QLatin1String("Leaked: 1 file no process holds, 200 KiB.")),
                 qPrintable(summary));
        auto *owners =
            findByName<QTableWidget>(&page, QStringLiteral("Largest owners of /dev/shm"));
        QVERIFY(owners && owners->isVisible());
        const QStringList rows = rowsOf(owners);
        const QString all = rows.join(QLatin1Char('\n'));
        QVERIFY2(rows.contains(QStringLiteral(
                     "PyTorch shared tensors | kind | 600 KiB in 2 files | 200 KiB")),
                 qPrintable(all));
        QVERIFY2(rows.contains(QStringLiteral("python3 (pid 7) | process | 400 KiB in 1 file | —")),
                 qPrintable(all));
        QVERIFY2(rows.contains(
                     QStringLiteral("pt_data_worker (pid 8) | process | 256 KiB in 1 file | —")),
                 qPrintable(all));
        QVERIFY2(rows.contains(
                     QStringLiteral("container 0123456789ab | container | 400 KiB in 1 file | —")),
                 qPrintable(all));
        QVERIFY2(rows.contains(QStringLiteral(
                     "pod 8d1f6c3a-1b2c-4d5e-8f90-123456789abc | pod | 400 KiB in 1 file | —")),
                 qPrintable(all));
        // A refresh with the same owners keeps the user's place in the table.
        owners->setCurrentCell(2, 0);
        page.showProbeResult(resultFor(reportText()));
        QCOMPARE(owners->currentRow(), 2);
        // Largest first within a group.
        QVERIFY(rows.indexOf(QRegularExpression(QStringLiteral("python3 .*"))) <
                rows.indexOf(QRegularExpression(QStringLiteral("pt_data_worker .*"))));

        // The limits beside the size.
        auto *facts = findByName<QTableWidget>(&page, QStringLiteral("Host facts"));
        QVERIFY(facts);
        QCOMPARE(factValue(facts, QStringLiteral("/dev/shm size")), QStringLiteral("64 MiB"));
        const QString quota = factValue(facts, QStringLiteral("/dev/shm quota (yours)"));
        QVERIFY2(quota.startsWith(QLatin1String("limit 2 GiB, 1 GiB used")), qPrintable(quota));
        QCOMPARE(quota.contains(QLatin1String("root writes past it")), getuid() == 0);
        QCOMPARE(factValue(facts, QStringLiteral("Memory limit (cgroup)")),
                 QStringLiteral("4 GiB, 2 GiB in use"));
        QCOMPARE(factValue(facts, QStringLiteral("Shared memory in the cgroup")),
                 QStringLiteral("512 MiB"));
        // The chart marks both (root is not held to the quota: only the memory limit then).
        const QString marks = page.chart()->toolTip();
        QVERIFY2(marks.contains(QLatin1String("memory limit 4 GiB")), qPrintable(marks));
        QCOMPARE(marks.contains(QLatin1String("your quota 2 GiB")), getuid() != 0);
        QVERIFY(!page.grab().isNull());

        // A leaked file of the user's, older than 10 minutes, on this computer: Clean Up is on,
        // reachable by keyboard.
        QPushButton *clean = panel->cleanButton();
        QVERIFY(clean->isVisible() && clean->isEnabled());
        QVERIFY(clean->focusPolicy() & Qt::TabFocus);
        QVERIFY(clean->text().contains(QLatin1Char('&')));
        QVERIFY2(clean->toolTip().contains(QLatin1String("1 leaked file, 200 KiB")),
                 qPrintable(clean->toolTip()));

        // Younger than 10 minutes: not offered.
        page.showProbeResult(resultFor(reportText(300)));
        QVERIFY(!clean->isEnabled());
        QVERIFY2(clean->toolTip().contains(QLatin1String("unchanged for 10 min")),
                 qPrintable(clean->toolTip()));
        // Another user's, when not root: not offered (root may remove anyone's).
        page.showProbeResult(resultFor(reportText(900, QByteArray::number(uint(getuid()) + 1))));
        QCOMPARE(clean->isEnabled(), getuid() == 0);

        // Another computer: off, naming the command line.
        page.showProbeResult(resultFor(reportText(), QStringLiteral("ssh://alice@gpu-box")));
        QVERIFY(!clean->isEnabled());
        QVERIFY2(breakable(clean->toolTip())
                     .contains(QLatin1String("shmwise clean --target ssh://alice@gpu-box")),
                 qPrintable(clean->toolTip()));
        // The owners are still shown for a remote host.
        QVERIFY(owners->rowCount() > 0);

        // A failed probe takes the owners away with the facts.
        ProbeResult failed;
        failed.status = ProbeResult::Status::Failed;
        failed.error = QStringLiteral("no route to host");
        page.showProbeResult(failed);
        QCOMPARE(owners->rowCount(), 0);
        QVERIFY(!clean->isEnabled());
        QVERIFY(page.chart()->toolTip().isEmpty());
    }

    void olderProbeSaysNotKnown()
    {
        Session session;
        HostPage page(&session);
        page.show();
        page.showProbeResult(
            resultFor("shmwise-probe 1\nshm.size_kb=65536\nshm.used_kb=0\nshmwise-probe-end\n"));
        QVERIFY2(page.ownersPanel()->summaryLabel()->text().startsWith(
                     QLatin1String("Who holds /dev/shm is not known")),
                 qPrintable(page.ownersPanel()->summaryLabel()->text()));
        QVERIFY(!page.ownersPanel()->cleanButton()->isEnabled());
    }

    // The dialog lists the leaked file only, Cancel is the default and Esc closes without a
    // change; Remove removes the leaked file and leaves the held one, says so, and probes again.
    void cleanRemovesOnlyTheLeakedFile()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString leaked = dir.filePath(QStringLiteral("torch_99_2_0"));
        const QString held = dir.filePath(QStringLiteral("torch_7_1_0"));
        for (const QString &path : {leaked, held}) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray(8192, 'x'));
        }
        QProcess holder;
        holder.start(QStringLiteral("sh"),
                     {QStringLiteral("-c"),
                      QStringLiteral("exec 3<\"$1\"; echo ready; exec sleep 120"),
                      QStringLiteral("sh"), held});
        const auto stopHolder = qScopeGuard([&holder] {
            holder.kill();
            holder.waitForFinished();
        });
        QVERIFY(holder.waitForReadyRead(10000));
        QCOMPARE(holder.readAll().trimmed(), QByteArray("ready"));

        Session session;
        HostPage page(&session);
        page.resize(800, 600);
        page.show();
        ShmOwnersPanel *panel = page.ownersPanel();
        // The folder and age are the test's (a file's change time cannot be set back).
        panel->setCleanScope({dir.path(), 0});
        page.showProbeResult(resultFor(reportText()));
        QVERIFY(panel->cleanButton()->isEnabled());

        panel->cleanButton()->click();
        QPointer<ShmCleanDialog> dialog = panel->cleanDialog();
        QVERIFY(dialog && dialog->isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(dialog->isListed(), 20000);
        QCOMPARE(dialog->candidates().size(), 1);
        QCOMPARE(dialog->candidates().constFirst().name, QStringLiteral("torch_99_2_0"));
        auto *files = findByName<QTableWidget>(dialog, QStringLiteral("Leaked files"));
        QVERIFY(files);
        QCOMPARE(files->rowCount(), 1);
        QCOMPARE(files->item(0, 0)->text(), QStringLiteral("torch_99_2_0"));
        QCOMPARE(files->item(0, 1)->text(), QStringLiteral("PyTorch shared tensors"));
        QCOMPARE(files->item(0, 2)->text(), QStringLiteral("8 KiB"));
        QVERIFY(files->item(0, 3)->text().endsWith(QLatin1String(" s")));
        auto *summary = findByName<QLabel>(dialog, QStringLiteral("Clean-up summary"));
        QVERIFY(summary);
        QCOMPARE(summary->text(), QStringLiteral("1 file, 8 KiB, will be removed."));
        auto *left = findByName<QLabel>(dialog, QStringLiteral("Files left alone"));
        QVERIFY2(left && left->text().contains(QLatin1String("1 held by a process (8 KiB)")),
                 left ? qPrintable(left->text()) : "no label");
        QVERIFY(dialog->cancelButton()->isDefault());
        QVERIFY(!dialog->removeButton()->isDefault());
        QVERIFY(dialog->removeButton()->isEnabled());

        // Esc closes it; nothing is removed.
        QTest::keyClick(dialog, Qt::Key_Escape);
        QTRY_VERIFY(dialog.isNull());
        QVERIFY(QFile::exists(leaked) && QFile::exists(held));

        panel->cleanButton()->click();
        dialog = panel->cleanDialog();
        QVERIFY(dialog);
        QTRY_VERIFY_WITH_TIMEOUT(dialog->isListed(), 20000);
        QSignalSpy cleaned(panel, &ShmOwnersPanel::cleaned);
        dialog->removeButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(dialog->removalDone(), 20000);
        QCOMPARE(cleaned.size(), 1);
        QVERIFY(!QFile::exists(leaked));
        QVERIFY(QFile::exists(held));
        summary = findByName<QLabel>(dialog, QStringLiteral("Clean-up summary"));
        QCOMPARE(summary->text(), QStringLiteral("Removed 1 file, 8 KiB."));
        files = findByName<QTableWidget>(dialog, QStringLiteral("Leaked files"));
        QVERIFY(!files->isColumnHidden(4));
        QCOMPARE(files->item(0, 4)->text(), QStringLiteral("removed"));
        QVERIFY(dialog->removeButton()->isHidden());
        QVERIFY(dialog->cancelButton()->isEnabled());
        // The page probes again.
        QVERIFY(page.prober()->isBusy() || page.lastFacts().has_value());
        page.prober()->cancel();
        dialog->cancelButton()->click();
        QTRY_VERIFY(dialog.isNull());
    }

    // Nothing to remove: said, with no empty list and no Remove.
    void nothingToClean()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        {
            QFile f(dir.filePath(QStringLiteral("young")));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("x");
        }
        ShmCleanDialog dialog({dir.path(), 3600});
        dialog.show();
        QTRY_VERIFY_WITH_TIMEOUT(dialog.isListed(), 20000);
        QVERIFY(dialog.candidates().isEmpty());
        auto *summary = findByName<QLabel>(&dialog, QStringLiteral("Clean-up summary"));
        QVERIFY2(summary->text().startsWith(QLatin1String("Nothing to clean in ")),
                 qPrintable(summary->text()));
        auto *left = findByName<QLabel>(&dialog, QStringLiteral("Files left alone"));
        QCOMPARE(left->text(), QStringLiteral("Left alone: 1 changed within 60 min."));
        QVERIFY(findByName<QTableWidget>(&dialog, QStringLiteral("Leaked files"))->isHidden());
        QVERIFY(dialog.removeButton()->isHidden());
        QCOMPARE(dialog.cancelButton()->text(), QStringLiteral("&Close"));
    }

    // What removeShmFiles leaves is said with its reason: the file a process opened after the
    // listing stays.
    void fileOpenedAfterTheListingStays()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("psm_late"));
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray(4096, 'x'));
        }
        ShmCleanDialog dialog({dir.path(), 0});
        dialog.show();
        QTRY_VERIFY_WITH_TIMEOUT(dialog.isListed(), 20000);
        QCOMPARE(dialog.candidates().size(), 1);
        QProcess holder;
        holder.start(QStringLiteral("sh"),
                     {QStringLiteral("-c"),
                      QStringLiteral("exec 3<\"$1\"; echo ready; exec sleep 120"),
                      QStringLiteral("sh"), path});
        const auto stopHolder = qScopeGuard([&holder] {
            holder.kill();
            holder.waitForFinished();
        });
        QVERIFY(holder.waitForReadyRead(10000));
        dialog.removeButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(dialog.removalDone(), 20000);
        QVERIFY(QFile::exists(path));
        auto *files = findByName<QTableWidget>(&dialog, QStringLiteral("Leaked files"));
        QVERIFY2(files->item(0, 4)->text().startsWith(QLatin1String("left: held by process")),
                 qPrintable(files->item(0, 4)->text()));
        auto *summary = findByName<QLabel>(&dialog, QStringLiteral("Clean-up summary"));
        QVERIFY2(summary->text().contains(QLatin1String("1 file was left")),
                 qPrintable(summary->text()));
    }
};

QTEST_MAIN(TestHostOwners)
#include "tst_hostowners.moc"
