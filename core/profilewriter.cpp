// SPDX-License-Identifier: GPL-3.0-or-later
// The profile's YAML form, written: a file parseProfile() reads back to an equal profile and
// that other YAML readers (1.1 and 1.2) read with the same types.
#include "core/profile.h"

#include "core/atomicfile.h"
#include "core/profilereader_p.h"
#include "core/yamlscalar.h"

#include <yaml-cpp/yaml.h>

namespace shmwise {

namespace {

// Names come from the tables and are plain words; text the user gave (names, image, command)
// is double-quoted whenever a YAML reader could take its plain form for another type.
std::string s(const QString &v)
{
    return v.toStdString();
}

void writeText(YAML::Emitter &e, const QString &v)
{
    if (!yamlPlainIsSafe(v))
        e << YAML::DoubleQuoted;
    e << v.toStdString();
}

std::string size(Bytes b)
{
    return profileSize(b).toStdString();
}

// One loader's mapping; `first` writes the job's processes_per_node with it.
void writeLoader(YAML::Emitter &e, const Workload &w, bool first, bool serving = false)
{
    auto text = [&e](const QString &v) {
        writeText(e, v);
    };
    e << YAML::BeginMap;
    if (first && serving)
        e << YAML::Key << "kind" << YAML::Value << "serving";
    if (!w.name.isEmpty()) {
        e << YAML::Key << "name" << YAML::Value;
        text(w.name);
    }
    if (w.lifetime != LoaderLifetime::OneAtATime)
        e << YAML::Key << "lifetime" << YAML::Value << s(loaderLifetimeName(w.lifetime));
    if (!w.preset.isEmpty()) {
        e << YAML::Key << "preset" << YAML::Value;
        text(w.preset);
    }
    if (!w.sample.isEmpty()) {
        e << YAML::Key << "sample" << YAML::Value << YAML::BeginSeq;
        for (const TensorSpec &t : w.sample) {
            e << YAML::Flow << YAML::BeginMap;
            e << YAML::Key << "name" << YAML::Value;
            text(t.name);
            e << YAML::Key << "shape" << YAML::Value << YAML::Flow << YAML::BeginSeq;
            for (int d = 0; d < t.shape.size(); ++d) {
                if (t.varies() && t.minShape[d] != t.shape[d])
                    e << QStringLiteral("%1..%2").arg(t.minShape[d]).arg(t.shape[d]).toStdString();
                else
                    e << t.shape[d];
            }
            e << YAML::EndSeq;
            e << YAML::Key << "dtype" << YAML::Value << s(dtypeName(t.dtype));
            e << YAML::EndMap;
        }
        e << YAML::EndSeq;
    } else if (w.sampleBytes) {
        e << YAML::Key << "sample_bytes" << YAML::Value << size(*w.sampleBytes);
    }
    if (w.wholeBatches)
        e << YAML::Key << "batch_size" << YAML::Value << "none";
    else
        e << YAML::Key << "batch_size" << YAML::Value << w.batchSize;
    if (w.collate != Collate::Stack)
        e << YAML::Key << "collate" << YAML::Value << s(collateName(w.collate));
    if (w.dataset != DatasetKind::Map)
        e << YAML::Key << "dataset" << YAML::Value << s(datasetKindName(w.dataset));
    if (first)
        e << YAML::Key << "processes_per_node" << YAML::Value << w.processesPerNode;
    e << YAML::Key << "num_workers" << YAML::Value << w.numWorkers;
    if (w.numWorkers > 0)
        e << YAML::Key << "prefetch_factor" << YAML::Value << w.effectivePrefetchFactor();
    e << YAML::Key << "persistent_workers" << YAML::Value << w.persistentWorkers;
    e << YAML::Key << "pin_memory" << YAML::Value << w.pinMemory;
    e << YAML::Key << "start_method" << YAML::Value << s(startMethodName(w.startMethod));
    e << YAML::Key << "sharing_strategy" << YAML::Value
      << s(sharingStrategyName(w.sharingStrategy));
    e << YAML::Key << "dataset_resident_bytes" << YAML::Value << size(w.datasetResidentBytes);
    if (w.viewsIntoDataset)
        e << YAML::Key << "views_into_dataset" << YAML::Value << true;
    if (w.groupedBatchSize > 0)
        e << YAML::Key << "grouped_batch_size" << YAML::Value << w.groupedBatchSize;
    if (w.keptBatches > 0)
        e << YAML::Key << "kept_batches" << YAML::Value << w.keptBatches;
    if (w.keptSamples > 0)
        e << YAML::Key << "kept_samples" << YAML::Value << w.keptSamples;
    if (!w.framework.isEmpty())
        e << YAML::Key << "framework" << YAML::Value << s(w.framework);
    e << YAML::EndMap;
}

} // namespace

QByteArray writeProfile(const Profile &p)
{
    YAML::Emitter e;
    auto text = [&e](const QString &v) {
        writeText(e, v);
    };
    e << YAML::BeginMap;
    e << YAML::Key << "shmwise" << YAML::Value << p.version;
    e << YAML::Key << "environment" << YAML::Value << s(environmentName(p.environment));
    // A server's kind is a Deployment unless the profile says otherwise (the reader's default).
    KubernetesSpec usual;
    if (p.serving.used)
        usual.kind = KubernetesKind::Deployment;
    if (p.environment == Environment::Kubernetes || !(p.kubernetes == usual)) {
        e << YAML::Key << "kubernetes" << YAML::Value << YAML::BeginMap;
        e << YAML::Key << "kind" << YAML::Value << s(kubernetesKindName(p.kubernetes.kind));
        e << YAML::Key << "namespace" << YAML::Value;
        text(p.kubernetes.ns);
        if (p.kubernetes.kind == KubernetesKind::TrainJob ||
            p.kubernetes.trainer != KubernetesSpec().trainer) {
            e << YAML::Key << "trainer_release" << YAML::Value;
            text(trainerReleaseName(p.kubernetes.trainer));
        }
        e << YAML::EndMap;
    }
    e << YAML::Key << "job" << YAML::Value << YAML::BeginMap;
    e << YAML::Key << "name" << YAML::Value;
    text(p.job.name);
    e << YAML::Key << "image" << YAML::Value;
    text(p.job.image);
    e << YAML::Key << "command" << YAML::Value << YAML::Flow << YAML::BeginSeq;
    for (const QString &a : p.job.command)
        text(a);
    e << YAML::EndSeq;
    if (p.job.memoryBytes)
        e << YAML::Key << "memory_bytes" << YAML::Value << size(*p.job.memoryBytes);
    e << YAML::Key << "gpus" << YAML::Value << p.job.gpus;
    if (p.job.systemVIpc)
        e << YAML::Key << "system_v_ipc" << YAML::Value << true;
    if (p.job.otherShmBytes > 0) {
        e << YAML::Key << "other_shm_bytes" << YAML::Value << size(p.job.otherShmBytes);
        if (!p.job.otherShmKind.isEmpty()) {
            e << YAML::Key << "other_shm_kind" << YAML::Value;
            text(p.job.otherShmKind);
        }
    }
    e << YAML::EndMap;

    if (!(p.nccl == NcclSpec())) {
        e << YAML::Key << "nccl" << YAML::Value << YAML::BeginMap;
        if (!p.nccl.version.isEmpty()) {
            e << YAML::Key << "version" << YAML::Value;
            text(p.nccl.version);
        }
        if (p.nccl.p2p)
            e << YAML::Key << "p2p" << YAML::Value << *p.nccl.p2p;
        if (p.nccl.nodes)
            e << YAML::Key << "nodes" << YAML::Value << *p.nccl.nodes;
        if (p.nccl.cumemHost)
            e << YAML::Key << "cumem_host" << YAML::Value << *p.nccl.cumemHost;
        e << YAML::EndMap;
    }

    if (!(p.slurm == SlurmSpec())) {
        e << YAML::Key << "slurm" << YAML::Value << YAML::BeginMap;
        e << YAML::Key << "container" << YAML::Value << s(slurmContainerName(p.slurm.container));
        e << YAML::EndMap;
    }

    if (p.ray.used || p.ray.objectStoreBytes) {
        e << YAML::Key << "ray" << YAML::Value;
        if (p.ray.objectStoreBytes) {
            e << YAML::BeginMap;
            e << YAML::Key << "object_store_memory" << YAML::Value << size(*p.ray.objectStoreBytes);
            e << YAML::EndMap;
        } else {
            e << YAML::Flow << YAML::BeginMap << YAML::EndMap;
        }
    }

    if (!(p.host == HostSpec())) {
        e << YAML::Key << "host" << YAML::Value << YAML::BeginMap;
        if (p.host.shmBytes)
            e << YAML::Key << "shm_bytes" << YAML::Value << size(*p.host.shmBytes);
        if (p.host.shmAdjustable)
            e << YAML::Key << "shm_adjustable" << YAML::Value << *p.host.shmAdjustable;
        if (p.host.memoryBytes)
            e << YAML::Key << "memory_bytes" << YAML::Value << size(*p.host.memoryBytes);
        if (p.host.cpus)
            e << YAML::Key << "cpus" << YAML::Value << *p.host.cpus;
        e << YAML::EndMap;
    }

    if (p.serving.used)
        profileyaml::writeServing(e, p.serving);

    if (p.serving.used && !serverRunsLoaders(p.serving.server)) {
        e << YAML::Key << "workload" << YAML::Value << YAML::BeginMap;
        e << YAML::Key << "kind" << YAML::Value << "serving" << YAML::EndMap;
    } else if (p.otherLoaders.isEmpty()) {
        e << YAML::Key << "workload" << YAML::Value;
        writeLoader(e, p.workload, true, p.serving.used);
    } else {
        e << YAML::Key << "loaders" << YAML::Value << YAML::BeginSeq;
        const QVector<Workload> all = p.loaders();
        for (int i = 0; i < all.size(); ++i)
            writeLoader(e, all[i], i == 0, p.serving.used);
        e << YAML::EndSeq;
    }
    e << YAML::EndMap;
    QByteArray out = e.c_str();
    out.append('\n');
    return out;
}

bool saveProfile(const Profile &profile, const QString &path, QString *error)
{
    return writeFileAtomically(path, writeProfile(profile), WriteMode::BackupIfDifferent, error);
}

} // namespace shmwise
