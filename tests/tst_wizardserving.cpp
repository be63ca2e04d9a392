// SPDX-License-Identifier: GPL-3.0-or-later
// The Workload page's first question, "Train or serve?": a model server's settings, the plan of
// its own structures, the loader fields hidden for a server that runs no loader, the image and
// command following the server, and bad input named at its field.
#include "core/serving.h"
#include "generators/gen_common.h"
#include "ui/breakdownbar.h"
#include "ui/mainwindow.h"
#include "ui/session.h"
#include "ui/wizard.h"
#include "ui/workloadpage.h"

#include "widgetfind.h"

#include <QComboBox>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QTest>

using namespace shmwise;
using testutil::findByName;

class TestWizardServing : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void serveAModel()
    {
        MainWindow w;
        w.resize(1100, 760);
        w.show();
        Wizard *wiz = w.wizard();
        wiz->setStartId(Wizard::WorkloadPageId);
        wiz->restart();
        WorkloadPage *page = wiz->workloadPage();
        auto *kind = findByName<QComboBox>(page, QStringLiteral("Train or serve"));
        auto *server = findByName<QComboBox>(page, QStringLiteral("Server"));
        auto *batch = findByName<QSpinBox>(page, QStringLiteral("Batch size"));
        QVERIFY(kind && server && batch);
        // Training first: no server asked for.
        QVERIFY(!server->isVisible());
        QVERIFY(batch->isVisible());
        const Bytes training = w.session()->plan().requiredBytes;

        kind->setCurrentIndex(kind->findData(QStringLiteral("serving")));
        QVERIFY(w.session()->profile().serving.used);
        QTRY_VERIFY(server->isVisible());
        // A plain service: its workers run the loaders, which stay.
        QCOMPARE(server->currentData().toString(), QStringLiteral("plain"));
        QVERIFY(batch->isVisible());
        QCOMPARE(w.session()->plan().requiredBytes, training);

        // vLLM: no loader fields; the plan is its queues; its image and command.
        server->setCurrentIndex(server->findData(QStringLiteral("vllm")));
        QTRY_VERIFY(!batch->isVisible());
        auto *tp = findByName<QSpinBox>(page, QStringLiteral("Tensor-parallel size"));
        QVERIFY(tp && tp->isVisible());
        QCOMPARE(w.session()->plan().requiredBytes, Bytes(0)); // one process: no queue
        tp->setValue(2);
        QCOMPARE(w.session()->profile().serving.tensorParallel, quint64(2));
        QCOMPARE(w.session()->plan().requiredBytes, Bytes(696254546));
        QCOMPARE(w.session()->profile().job.image, QStringLiteral("vllm/vllm-openai:latest"));
        QVERIFY(w.session()->profile().job.command.contains(QStringLiteral("2")));
        QVERIFY(!findByName<QLineEdit>(page, QStringLiteral("Model instances")));

        // Bad input named at its field, the profile unchanged.
        auto *version = findByName<QLineEdit>(page, QStringLiteral("vLLM release"));
        QVERIFY(version && version->isVisible());
        version->setFocus();
        QTest::keyClicks(version, QStringLiteral("abc"));
        QVERIFY(w.session()->profile().serving.version.isEmpty());
        QVERIFY2(page->findChildren<QLabel *>().size() > 0, "a page");
        bool said = false;
        for (QLabel *l : page->findChildren<QLabel *>())
            said = said || (l->isVisible() && l->text().contains(QLatin1String("'abc'")));
        QVERIFY(said);
        version->clear();
        QTest::keyClicks(version, QStringLiteral("0.10.0"));
        QCOMPARE(w.session()->profile().serving.version, QStringLiteral("0.10.0"));
        auto *kv = findByName<QLineEdit>(page, QStringLiteral("KV-offload tier"));
        QVERIFY(kv);
        QTest::keyClicks(kv, QStringLiteral("8 apples"));
        // Said at the field, by the name the user sees; the last size read stays.
        said = false;
        for (QLabel *l : page->findChildren<QLabel *>())
            said =
                said || (l->isVisible() && l->text().contains(QLatin1String("KV-offload tier")) &&
                         l->text().contains(QLatin1String("apples")));
        QVERIFY(said);
        QVERIFY(w.session()->profile().serving.kvOffloadBytes < Bytes(1) << 20);
        kv->clear();
        QTest::keyClicks(kv, QStringLiteral("8GiB"));
        QCOMPARE(w.session()->profile().serving.kvOffloadBytes, Bytes(8) << 30);

        // Triton: its instances and the largest request.
        server->setCurrentIndex(server->findData(QStringLiteral("triton-python")));
        auto *instances = findByName<QSpinBox>(page, QStringLiteral("Model instances"));
        QVERIFY(instances && instances->isVisible());
        QVERIFY(!tp->isVisible());
        instances->setValue(4);
        QCOMPARE(w.session()->plan().requiredBytes, Bytes(4) << 20);
        QCOMPARE(w.session()->profile().job.image,
                 QStringLiteral("nvcr.io/nvidia/tritonserver:25.07-py3"));

        // The memory marked on the bar is what the files set: the job's own plus /dev/shm.
        w.session()->edit([](Profile &p) { p.job.memoryBytes = Bytes(32) << 30; });
        auto *bar = page->findChild<BreakdownBar *>();
        QVERIFY(bar);
        const std::optional<Bytes> limit =
            gen::memoryWithShm(w.session()->profile(), w.session()->plan());
        QVERIFY(limit && *limit > (Bytes(32) << 30));
        QVERIFY2(bar->accessibleDescription().contains(
                     QStringLiteral("memory limit the files set: %1").arg(formatSize(*limit))),
                 qPrintable(bar->accessibleDescription()));
        w.session()->edit([](Profile &p) { p.environment = Environment::BareMetal; });
        QVERIFY2(bar->accessibleDescription().contains(QLatin1String("the job's memory: 32 GiB")),
                 qPrintable(bar->accessibleDescription()));
        w.session()->edit([](Profile &p) {
            p.environment = Environment::Docker;
            p.job.memoryBytes.reset();
        });

        // Back to training: the loaders again, and the training image.
        kind->setCurrentIndex(kind->findData(QStringLiteral("training")));
        QTRY_VERIFY(batch->isVisible());
        QVERIFY(!server->isVisible());
        QCOMPARE(w.session()->plan().requiredBytes, training);
        QCOMPARE(w.session()->profile().job.image, JobSpec().image);
        QCOMPARE(w.session()->profile().job.command, JobSpec().command);
        // The profile written and read back keeps the server.
        kind->setCurrentIndex(kind->findData(QStringLiteral("serving")));
        const Profile p = w.session()->profile();
        const ProfileResult back = parseProfile(writeProfile(p), QStringLiteral("w.yaml"));
        QVERIFY2(back.ok(), writeProfile(p).constData());
        // The same file again (the page keeps the training loaders for Train; a server's file
        // has none).
        QVERIFY2(writeProfile(*back.profile) == writeProfile(p),
                 writeProfile(*back.profile).constData());
        // The chosen server's settings; the others stay in the window only.
        QCOMPARE(back.profile->serving.server, p.serving.server);
        QCOMPARE(back.profile->serving.instances, p.serving.instances);
        QCOMPARE(back.profile->serving.payloadBytes, p.serving.payloadBytes);
        QCOMPARE(back.profile->serving.tensorParallel, quint64(1));
        QCOMPARE(back.profile->job, p.job);
        w.session()->markSaved(QString());
    }
};

QTEST_MAIN(TestWizardServing)
#include "tst_wizardserving.moc"
