// SPDX-License-Identifier: GPL-3.0-or-later
// A loader's planned settings in the words of the framework that builds it, and the profile's
// `framework:` key that carries the framework from `shmwise measure` to `generate`.
#include "core/frameworks.h"
#include "core/profile.h"

#include <QTest>

using namespace shmwise;

namespace {

Workload loader(quint64 batch, quint64 workers, quint64 processes = 1)
{
    Workload w;
    w.sample = {TensorSpec(QStringLiteral("x"), {3, 224, 224})};
    w.batchSize = batch;
    w.processesPerNode = processes;
    w.setNumWorkers(workers);
    return w;
}

QString joined(const QStringList &l)
{
    return l.join(QLatin1Char('\n'));
}

} // namespace

class TestFrameworks : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void everyNameHasKnobs()
    {
        const QStringList names = frameworkNames();
        QCOMPARE(names.size(), 7);
        for (const QString &n : names) {
            QVERIFY2(frameworkKnobs(n), qPrintable(n));
            QVERIFY2(frameworkNoteSource(n), qPrintable(n));
            QVERIFY2(frameworkTitle(n) != n || n == QLatin1String("timm"), qPrintable(n));
        }
        QVERIFY(!frameworkNoteSource(QStringLiteral("fairseq")));
    }

    // Transformers: the training loader's fields; the evaluation loader has only its batch
    // size, its workers being the same TrainingArguments fields.
    void transformers()
    {
        Workload w = loader(16, 4);
        w.persistentWorkers = true;
        const QString train =
            joined(frameworkSettings(QStringLiteral("transformers"), w, 16, 4, 3, true));
        QVERIFY2(train.startsWith(QLatin1String("TrainingArguments(")), qPrintable(train));
        for (const char *part :
             {"per_device_train_batch_size=16", "dataloader_num_workers=4",
              "dataloader_prefetch_factor=3", "dataloader_persistent_workers=True"})
            QVERIFY2(train.contains(QLatin1String(part)), part);
        const QString eval =
            joined(frameworkSettings(QStringLiteral("transformers"), w, 64, 4, 2, false));
        QCOMPARE(eval, QStringLiteral("TrainingArguments(per_device_eval_batch_size=64)"));
        QVERIFY(frameworkSharesWorkers(QStringLiteral("transformers")));
        // Without workers PyTorch refuses prefetch_factor: it is not written.
        const QString none =
            joined(frameworkSettings(QStringLiteral("transformers"), loader(8, 0), 8, 0, 0, true));
        QVERIFY2(!none.contains(QLatin1String("prefetch")), qPrintable(none));
        QVERIFY(!none.contains(QLatin1String("persistent")));
    }

    // Ultralytics' batch= and Detectron2's IMS_PER_BATCH are totals over the ranks; their other
    // loaders have no settings of their own.
    void totalsOverRanks()
    {
        const Workload w = loader(16, 8, 4);
        QCOMPARE(frameworkSettings(QStringLiteral("ultralytics"), w, 16, 8, 2, true),
                 QStringList{QStringLiteral("model.train(batch=64, workers=8)")});
        QVERIFY(frameworkSettings(QStringLiteral("ultralytics"), w, 32, 16, 2, false).isEmpty());
        const QStringList d2 = frameworkSettings(QStringLiteral("detectron2"), w, 4, 8, 2, true);
        QVERIFY2(d2.contains(QStringLiteral("cfg.SOLVER.IMS_PER_BATCH = 16")),
                 qPrintable(joined(d2)));
        QVERIFY(d2.contains(QStringLiteral("cfg.DATALOADER.NUM_WORKERS = 8")));
        // Grouped by aspect ratio, the DataLoader yields single images: IMS_PER_BATCH is not its
        // batch and is left as it is.
        const QStringList grouped =
            frameworkSettings(QStringLiteral("detectron2"), loader(1, 4, 8), 1, 4, 2, true);
        QCOMPARE(grouped, QStringList{QStringLiteral("cfg.DATALOADER.NUM_WORKERS = 4")});
        // With the group's size known, IMS_PER_BATCH is it over the ranks.
        Workload known = loader(1, 4, 8);
        known.groupedBatchSize = 2;
        QCOMPARE(frameworkSettings(QStringLiteral("detectron2"), known, 1, 4, 2, true),
                 (QStringList{QStringLiteral("cfg.SOLVER.IMS_PER_BATCH = 16"),
                              QStringLiteral("cfg.DATALOADER.NUM_WORKERS = 4")}));
    }

    // Frameworks that pass a DataLoader's own keywords: the training and validation loaders
    // each get theirs.
    void ownKeywords()
    {
        const Workload w = loader(32, 6);
        const QString mm = joined(frameworkSettings(QStringLiteral("mmengine"), w, 32, 6, 2, true));
        QVERIFY2(mm.startsWith(QLatin1String("train_dataloader=dict(batch_size=32, num_workers=6, "
                                             "prefetch_factor=2")),
                 qPrintable(mm));
        QVERIFY(joined(frameworkSettings(QStringLiteral("mmengine"), w, 32, 6, 2, false))
                    .startsWith(QLatin1String("val_dataloader=dict(")));
        QVERIFY(joined(frameworkSettings(QStringLiteral("lightning"), w, 32, 6, 2, false))
                    .contains(QLatin1String("val_dataloader()")));
        QCOMPARE(frameworkSettings(QStringLiteral("timm"), w, 32, 6, 2, true),
                 QStringList{QStringLiteral("train.py -b 32 -j 6")});
        QVERIFY(frameworkSettings(QStringLiteral("nothing"), w, 32, 6, 2, true).isEmpty());
    }

    // The profile carries the framework: written, read back equal; a name ShmWise does not know
    // is refused naming the ones it does.
    void profileKey()
    {
        const QByteArray yaml = "shmwise: 1\nenvironment: docker\nworkload:\n"
                                "  framework: ultralytics\n  sample_bytes: 1MiB\n"
                                "  batch_size: 8\n  num_workers: 2\n";
        const ProfileResult r = parseProfile(yaml, QStringLiteral("p.yaml"));
        QVERIFY(r.ok());
        QCOMPARE(r.profile->workload.framework, QStringLiteral("ultralytics"));
        const QByteArray written = writeProfile(*r.profile);
        QVERIFY2(written.contains("framework: ultralytics"), written.constData());
        const ProfileResult back = parseProfile(written, QStringLiteral("w.yaml"));
        QVERIFY(back.ok());
        QVERIFY(back.profile->workload == r.profile->workload);
        Profile other = *back.profile;
        other.workload.framework.clear();
        QVERIFY(!(other.workload == back.profile->workload));

        QByteArray bad = yaml;
        bad.replace("ultralytics", "keras");
        const ProfileResult refused = parseProfile(bad, QStringLiteral("p.yaml"));
        QVERIFY(!refused.ok());
        QCOMPARE(refused.problems.size(), 1);
        QCOMPARE(refused.problems[0].key, QStringLiteral("workload.framework"));
        QCOMPARE(refused.problems[0].line, 4);
        QVERIFY2(refused.problems[0].message.contains(QLatin1String("'keras'")) &&
                     refused.problems[0].message.contains(QLatin1String("transformers")),
                 qPrintable(refused.problems[0].message));
    }
};

QTEST_GUILESS_MAIN(TestFrameworks)
#include "tst_frameworks.moc"
