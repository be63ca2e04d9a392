// SPDX-License-Identifier: GPL-3.0-or-later
// The profile's YAML form, read: every problem with its position (the writer is profilewriter.cpp).
#include "core/profile.h"
#include "core/profilereader_p.h"
#include "core/serving.h"
#include "core/yamlscalar.h"

#include "core/atomicfile.h"
#include "core/presets.h"
#include "core/profilechecks_p.h"

#include <QCoreApplication>
#include <QFile>
#include <QRegularExpression>
#include <QSet>

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/yaml.h>

#include <functional>

namespace shmwise {

using namespace profilechecks;
using namespace profileyaml;

namespace {

QVector<ProfileProblem> tabProblems(const QByteArray &yaml, const QString &file)
{
    QVector<ProfileProblem> out;
    const QList<QByteArray> lines = yaml.split('\n');
    for (int i = 0; i < lines.size(); ++i) {
        const QByteArray &l = lines[i];
        for (int c = 0; c < l.size() && (l[c] == ' ' || l[c] == '\t'); ++c) {
            if (l[c] == '\t') {
                out.append({file, i + 1, c + 1, QString(),
                            Tr::tr("a tab is used for indentation; YAML indents with spaces")});
                break;
            }
        }
    }
    return out;
}

void readVersion(Reader &r, const YAML::Node &root, Pos rootPos)
{
    if (!r.present(root, "shmwise")) {
        r.report(rootPos, QStringLiteral("shmwise"),
                 Tr::tr("missing; the first line of a profile is 'shmwise: 1'"));
    } else if (const auto v = r.readCount(root["shmwise"], QStringLiteral("shmwise"), 0)) {
        if (*v != 1)
            r.report(root["shmwise"], QStringLiteral("shmwise"),
                     Tr::tr("profile version %1 is not supported; this version of ShmWise reads "
                            "version 1")
                         .arg(*v));
    }
}

void readEnvironment(Reader &r, const YAML::Node &root, Pos rootPos, Profile &p)
{
    if (!r.present(root, "environment")) {
        r.report(rootPos, QStringLiteral("environment"),
                 Tr::tr("missing; one of: %1").arg(environmentNames().join(QStringLiteral(", "))));
    } else if (const auto e =
                   r.readEnum<Environment>(root["environment"], QStringLiteral("environment"),
                                           &environmentFromName, environmentNames())) {
        p.environment = *e;
    }
}

void readKubernetes(Reader &r, const YAML::Node &root, Profile &p)
{
    if (r.present(root, "kubernetes")) {
        const YAML::Node k = root["kubernetes"];
        if (r.checkMap(k, QStringLiteral("kubernetes"),
                       {QStringLiteral("kind"), QStringLiteral("namespace"),
                        QStringLiteral("trainer_release")})) {
            if (r.present(k, "kind")) {
                if (const auto kind =
                        r.readEnum<KubernetesKind>(k["kind"], QStringLiteral("kubernetes.kind"),
                                                   &kubernetesKindFromName, kubernetesKindNames()))
                    p.kubernetes.kind = *kind;
            }
            if (r.present(k, "namespace")) {
                if (const auto ns =
                        r.readString(k["namespace"], QStringLiteral("kubernetes.namespace"))) {
                    const QString bad = checkDnsLabel(*ns);
                    if (!bad.isEmpty())
                        r.report(k["namespace"], QStringLiteral("kubernetes.namespace"), bad);
                    p.kubernetes.ns = *ns;
                }
            }
            if (r.present(k, "trainer_release")) {
                if (const auto v = r.readString(k["trainer_release"],
                                                QStringLiteral("kubernetes.trainer_release"))) {
                    if (const auto rel = trainerReleaseFromName(*v))
                        p.kubernetes.trainer = *rel;
                    else
                        r.report(k["trainer_release"], QStringLiteral("kubernetes.trainer_release"),
                                 Tr::tr("'%1' is not a Kubeflow Trainer release ShmWise writes a "
                                        "TrainJob for; one of: %2 (the v2 minor release, as in "
                                        "v2.2.0)")
                                     .arg(*v, trainerReleaseNames().join(QStringLiteral(", "))));
                }
            }
        }
    }
}

void readJobCommand(Reader &r, const YAML::Node &j, Profile &p)
{
    if (r.present(j, "command")) {
        const YAML::Node c = j["command"];
        if (!c.IsSequence()) {
            r.report(c, QStringLiteral("job.command"),
                     Tr::tr("must be a list of arguments, such as [python, train.py]"));
        } else {
            QStringList cmd;
            bool good = true;
            for (std::size_t i = 0; i < c.size(); ++i) {
                const auto a = r.readString(c[i], QStringLiteral("job.command"));
                if (a)
                    cmd << *a;
                else
                    good = false;
            }
            if (good) {
                const QString bad = checkCommand(cmd);
                if (!bad.isEmpty())
                    r.report(c, QStringLiteral("job.command"), bad);
                p.job.command = cmd;
            }
        }
    }
}

void readJob(Reader &r, const YAML::Node &root, Profile &p)
{
    if (r.present(root, "job")) {
        const YAML::Node j = root["job"];
        if (r.checkMap(j, QStringLiteral("job"),
                       {QStringLiteral("name"), QStringLiteral("image"), QStringLiteral("command"),
                        QStringLiteral("memory_bytes"), QStringLiteral("gpus"),
                        QStringLiteral("system_v_ipc"), QStringLiteral("other_shm_bytes"),
                        QStringLiteral("other_shm_kind")})) {
            if (r.present(j, "name")) {
                if (const auto v = r.readString(j["name"], QStringLiteral("job.name"))) {
                    QString bad = checkJobName(*v, p.environment);
                    if (bad.isEmpty())
                        bad = checkNameForKind(*v, p.environment, p.kubernetes.kind);
                    if (!bad.isEmpty())
                        r.report(j["name"], QStringLiteral("job.name"), bad);
                    p.job.name = *v;
                }
            }
            if (r.present(j, "image")) {
                if (const auto v = r.readString(j["image"], QStringLiteral("job.image"))) {
                    const QString bad = checkImage(*v);
                    if (!bad.isEmpty())
                        r.report(j["image"], QStringLiteral("job.image"), bad);
                    p.job.image = *v;
                }
            }
            readJobCommand(r, j, p);
            if (r.present(j, "memory_bytes"))
                p.job.memoryBytes =
                    r.readMemory(j["memory_bytes"], QStringLiteral("job.memory_bytes"), true);
            if (r.present(j, "gpus")) {
                if (const auto v = r.readCount(j["gpus"], QStringLiteral("job.gpus"), 0)) {
                    const QString bad = checkGpus(*v);
                    if (!bad.isEmpty())
                        r.report(j["gpus"], QStringLiteral("job.gpus"), bad);
                    p.job.gpus = *v;
                }
            }
            if (r.present(j, "system_v_ipc"))
                if (const auto v =
                        r.readBool(j["system_v_ipc"], QStringLiteral("job.system_v_ipc")))
                    p.job.systemVIpc = *v;
            if (r.present(j, "other_shm_bytes"))
                p.job.otherShmBytes =
                    r.readMemory(j["other_shm_bytes"], QStringLiteral("job.other_shm_bytes"))
                        .value_or(0);
            if (r.present(j, "other_shm_kind"))
                if (const auto v =
                        r.readString(j["other_shm_kind"], QStringLiteral("job.other_shm_kind")))
                    p.job.otherShmKind = v->left(400);
        }
    }
}

void readNccl(Reader &r, const YAML::Node &root, Profile &p)
{
    if (!r.present(root, "nccl"))
        return;
    const YAML::Node n = root["nccl"];
    if (!r.checkMap(n, QStringLiteral("nccl"),
                    {QStringLiteral("version"), QStringLiteral("p2p"), QStringLiteral("nodes"),
                     QStringLiteral("cumem_host")}))
        return;
    if (r.present(n, "version")) {
        if (const auto v = r.readString(n["version"], QStringLiteral("nccl.version"))) {
            const QString bad = checkNcclVersion(*v);
            if (!bad.isEmpty())
                r.report(n["version"], QStringLiteral("nccl.version"), bad);
            p.nccl.version = *v;
        }
    }
    if (r.present(n, "p2p"))
        p.nccl.p2p = r.readBool(n["p2p"], QStringLiteral("nccl.p2p"));
    if (r.present(n, "nodes")) {
        if (const auto v = r.readCount(n["nodes"], QStringLiteral("nccl.nodes"), 1)) {
            const QString bad = checkNodes(*v);
            if (!bad.isEmpty())
                r.report(n["nodes"], QStringLiteral("nccl.nodes"), bad);
            p.nccl.nodes = *v;
        }
    }
    if (r.present(n, "cumem_host"))
        p.nccl.cumemHost = r.readBool(n["cumem_host"], QStringLiteral("nccl.cumem_host"));
}

// `ray:` (a mapping, `{}` for Ray's defaults): Ray's object store shares /dev/shm with the job.
void readRay(Reader &r, const YAML::Node &root, Profile &p)
{
    if (!r.present(root, "ray"))
        return;
    const YAML::Node n = root["ray"];
    if (!r.checkMap(n, QStringLiteral("ray"), {QStringLiteral("object_store_memory")}))
        return;
    p.ray.used = true;
    if (r.present(n, "object_store_memory")) {
        if (const auto v =
                r.readSize(n["object_store_memory"], QStringLiteral("ray.object_store_memory"))) {
            const QString bad = checkObjectStore(*v);
            if (!bad.isEmpty())
                r.report(n["object_store_memory"], QStringLiteral("ray.object_store_memory"), bad);
            p.ray.objectStoreBytes = *v;
        }
    }
}

void readSlurm(Reader &r, const YAML::Node &root, Profile &p)
{
    if (!r.present(root, "slurm"))
        return;
    const YAML::Node n = root["slurm"];
    if (!r.checkMap(n, QStringLiteral("slurm"), {QStringLiteral("container")}))
        return;
    if (r.present(n, "container"))
        if (const auto c =
                r.readEnum<SlurmContainer>(n["container"], QStringLiteral("slurm.container"),
                                           &slurmContainerFromName, slurmContainerNames()))
            p.slurm.container = *c;
}

void readHost(Reader &r, const YAML::Node &root, Profile &p)
{
    if (r.present(root, "host")) {
        const YAML::Node h = root["host"];
        if (r.checkMap(h, QStringLiteral("host"),
                       {QStringLiteral("shm_bytes"), QStringLiteral("shm_adjustable"),
                        QStringLiteral("memory_bytes"), QStringLiteral("cpus")})) {
            if (r.present(h, "shm_bytes"))
                p.host.shmBytes = r.readMemory(h["shm_bytes"], QStringLiteral("host.shm_bytes"));
            if (r.present(h, "shm_adjustable"))
                p.host.shmAdjustable =
                    r.readBool(h["shm_adjustable"], QStringLiteral("host.shm_adjustable"));
            if (r.present(h, "memory_bytes"))
                p.host.memoryBytes =
                    r.readMemory(h["memory_bytes"], QStringLiteral("host.memory_bytes"), true);
            if (r.present(h, "cpus"))
                p.host.cpus = r.readCount(h["cpus"], QStringLiteral("host.cpus"), 1);
        }
    }
}

void readPresetBase(Reader &r, const WorkloadInput &user, WorkloadInput &base, const QString &path)
{
    if (user.preset) {
        const auto text = presetYaml(*user.preset);
        if (!text) {
            QStringList ids;
            for (const PresetInfo &pi : presets())
                ids << pi.id;
            r.report(user.preset.pos, path + QStringLiteral("preset"),
                     Tr::tr("unknown preset '%1'; expected one of: %2")
                         .arg(*user.preset, ids.join(QStringLiteral(", "))));
        } else {
            Reader pr(QStringLiteral(":/presets/") + *user.preset + QStringLiteral(".yaml"));
            const YAML::Node pn = YAML::Load(text->toStdString());
            base = pr.readWorkload(pn["workload"], QStringLiteral("workload."));
            r.problems += pr.problems;
        }
    }
}

// A sample the user gives, in either form, replaces the preset's in both, so the two never mix.
void takeSample(Workload &w, const WorkloadInput &user, const WorkloadInput &base)
{
    if (user.sample || user.sampleBytes) {
        if (user.sample)
            w.sample = *user.sample;
        if (user.sampleBytes)
            w.sampleBytes = *user.sampleBytes;
    } else {
        if (base.sample)
            w.sample = *base.sample;
        if (base.sampleBytes)
            w.sampleBytes = *base.sampleBytes;
    }
}

void takeLoaderSettings(Workload &w, const WorkloadInput &user, const WorkloadInput &base)
{
    auto pick = [](const auto &u, const auto &b) {
        return u ? u : b;
    };
    const auto bs = pick(user.batchSize, base.batchSize);
    w.batchSize = bs.value.value_or(0);
    w.processesPerNode = pick(user.processesPerNode, base.processesPerNode).value.value_or(1);
    w.numWorkers = pick(user.numWorkers, base.numWorkers).value.value_or(0);
    // A preset's loader settings assume workers; a user who turns workers off must not
    // inherit settings that PyTorch rejects without them.
    const bool userDisabledWorkers = user.numWorkers && *user.numWorkers == 0;
    w.prefetchFactor = user.prefetchFactor   ? user.prefetchFactor.value
                       : userDisabledWorkers ? std::nullopt
                                             : base.prefetchFactor.value;
    w.persistentWorkers = user.persistentWorkers ? *user.persistentWorkers
                          : userDisabledWorkers  ? false
                                                 : base.persistentWorkers.value.value_or(false);
    w.pinMemory = pick(user.pinMemory, base.pinMemory).value.value_or(false);
    w.startMethod = pick(user.startMethod, base.startMethod).value.value_or(StartMethod::Fork);
    w.sharingStrategy = pick(user.sharingStrategy, base.sharingStrategy)
                            .value.value_or(SharingStrategy::FileDescriptor);
    w.datasetResidentBytes =
        pick(user.datasetResidentBytes, base.datasetResidentBytes).value.value_or(0);
    // What makes a loader one of several, and how it batches, is the user's, never a preset's.
    w.name = user.name.value.value_or(QString());
    w.lifetime = user.lifetime.value.value_or(LoaderLifetime::OneAtATime);
    w.collate = user.collate.value.value_or(Collate::Stack);
    w.dataset = user.dataset.value.value_or(DatasetKind::Map);
    w.viewsIntoDataset = user.viewsIntoDataset.value.value_or(false);
    w.framework = user.framework.value.value_or(QString());
    w.groupedBatchSize = user.groupedBatchSize.value.value_or(0);
    w.keptBatches = user.keptBatches.value.value_or(0);
    w.keptSamples = user.keptSamples.value.value_or(0);
    w.wholeBatches = user.wholeBatches;
    if (w.wholeBatches)
        w.batchSize = 0;
}

void reportWorkloadRules(Reader &r, const Workload &w, const YAML::Node &wn,
                         const WorkloadInput &user, const QString &path)
{
    // Cross-field rules, reported where the user wrote the offending key.
    const bool fieldsOk = r.problems.isEmpty();
    if (fieldsOk) {
        checkWorkloadRules(
            w,
            [&](const QString &key, const QString &msg) {
                Pos pos = posOf(wn);
                if (key.endsWith(QLatin1String("prefetch_factor")) && user.prefetchFactor)
                    pos = user.prefetchFactor.pos;
                else if (key.endsWith(QLatin1String("persistent_workers")) &&
                         user.persistentWorkers)
                    pos = user.persistentWorkers.pos;
                else if (key.endsWith(QLatin1String("batch_size")) && user.batchSize.pos.line > 0)
                    pos = user.batchSize.pos;
                else if (key.endsWith(QLatin1String("views_into_dataset")) && user.viewsIntoDataset)
                    pos = user.viewsIntoDataset.pos;
                else if (key.endsWith(QLatin1String("collate")) && user.collate)
                    pos = user.collate.pos;
                else if (key.endsWith(QLatin1String(".name")) && user.name)
                    pos = user.name.pos;
                r.report(pos, key, msg);
            },
            path);
    }
}

void readLoader(Reader &r, const YAML::Node &wn, const QString &path, Workload &w,
                Profile *job = nullptr)
{
    const WorkloadInput user = r.readWorkload(wn, path);
    // The kind is the job's: given with the first loader, which passes `job`.
    if (user.kind) {
        if (!job)
            r.report(user.kind.pos, path + QStringLiteral("kind"),
                     Tr::tr("the kind is the job's: give it on the first loader only"));
        else
            job->serving.used = *user.kind == WorkloadKind::Serving;
    }
    WorkloadInput base;
    readPresetBase(r, user, base, path);
    if (user.preset)
        w.preset = *user.preset;
    takeSample(w, user, base);
    takeLoaderSettings(w, user, base);
    reportWorkloadRules(r, w, wn, user, path);
}

void readLoaders(Reader &r, const YAML::Node &ln, Profile &p)
{
    const QString key = QStringLiteral("loaders");
    if (!r.notNull(ln, key))
        return;
    if (!ln.IsSequence() || ln.size() == 0) {
        r.report(ln, key,
                 Tr::tr("must be a list of the job's DataLoaders, the training loader first, "
                        "each a mapping like 'workload'"));
        return;
    }
    const std::size_t maxLoaders = MaxLoaders;
    if (ln.size() > maxLoaders) {
        r.report(ln, key, Tr::tr("at most %1 loaders (got %2)").arg(maxLoaders).arg(ln.size()));
        return;
    }
    for (std::size_t i = 0; i < ln.size(); ++i) {
        const QString path = QStringLiteral("loaders[%1].").arg(i);
        Workload w;
        // A later loader shares the job's processes_per_node unless it says otherwise (which
        // the rules between loaders then refuse).
        if (i > 0)
            w.processesPerNode = p.workload.processesPerNode;
        readLoader(r, ln[i], path, w, i == 0 ? &p : nullptr);
        if (i > 0 && !(ln[i].IsMap() && ln[i]["processes_per_node"].IsDefined()))
            w.processesPerNode = p.workload.processesPerNode;
        if (i == 0)
            p.workload = w;
        else
            p.otherLoaders.append(w);
    }
    if (r.problems.isEmpty()) {
        checkLoadersRules(p, [&](const QString &k, const QString &msg) {
            const int open = k.indexOf(QLatin1Char('['));
            const int index = k.mid(open + 1, k.indexOf(QLatin1Char(']')) - open - 1).toInt();
            const YAML::Node entry = ln[std::size_t(index)];
            const QString field = k.mid(k.indexOf(QLatin1Char('.')) + 1);
            const YAML::Node at = entry.IsMap() && entry[field.toStdString()].IsDefined()
                                      ? entry[field.toStdString()]
                                      : entry;
            r.report(at, k, msg);
        });
    }
}

// `workload: {kind: serving}` for a server that runs no DataLoader of the profile's (vLLM,
// SGLang, Triton's Python backend, LightLLM): nothing else belongs there.
bool serverRunsNoLoader(Reader &r, const YAML::Node &wn, Profile &p)
{
    if (!wn.IsMap() || !wn["kind"].IsDefined() || serverRunsLoaders(p.serving.server))
        return false;
    const std::optional<WorkloadKind> kind = workloadKindFromName(
        wn["kind"].IsScalar() ? QString::fromStdString(wn["kind"].Scalar()) : QString());
    if (kind != WorkloadKind::Serving)
        return false;
    p.serving.used = true;
    for (auto it = wn.begin(); it != wn.end(); ++it) {
        const QString key = QString::fromStdString(it->first.as<std::string>(""));
        if (key != QLatin1String("kind"))
            r.report(it->first, QStringLiteral("workload.") + key,
                     Tr::tr("%1 runs no DataLoader of the profile's: 'workload' holds only "
                            "'kind: serving' (a plain or torchserve server runs loaders)")
                         .arg(serverName(p.serving.server)));
    }
    return true;
}

void readWorkloadSection(Reader &r, const YAML::Node &root, Pos rootPos, Profile &p)
{
    const bool hasWorkload = r.present(root, "workload");
    const bool hasLoaders = r.present(root, "loaders");
    if (hasWorkload && hasLoaders) {
        r.report(root["loaders"], QStringLiteral("loaders"),
                 Tr::tr("give either 'workload' (one loader) or 'loaders' (the job's loaders), "
                        "not both"));
    } else if (hasLoaders) {
        readLoaders(r, root["loaders"], p);
    } else if (!hasWorkload) {
        r.report(rootPos, QStringLiteral("workload"),
                 Tr::tr("missing; it needs a 'sample' (or 'sample_bytes' or a 'preset') and a "
                        "'batch_size' (or 'loaders', a list of such mappings)"));
    } else if (serverRunsNoLoader(r, root["workload"], p)) {
        // A server that runs no DataLoader of the profile's: `workload:` says only its kind.
    } else {
        readLoader(r, root["workload"], QStringLiteral("workload."), p.workload, &p);
    }
}

} // namespace

ProfileResult parseProfile(const QByteArray &yaml, const QString &fileName)
{
    ProfileResult result;
    Reader r(fileName);

    if (const QString why = yamlEncodingProblem(yaml); !why.isEmpty()) {
        result.problems.append({fileName, 1, 1, QString(), why});
        return result;
    }
    result.problems = tabProblems(yaml, fileName);
    if (!result.problems.isEmpty())
        return result;

    YAML::Node root;
    try {
        root = YAML::Load(yaml.toStdString());
    } catch (const YAML::DeepRecursion &e) {
        // yaml-cpp words this one "bad file".
        result.problems.append(
            {fileName, e.mark.is_null() ? 0 : e.mark.line + 1,
             e.mark.is_null() ? 0 : e.mark.column + 1, QString(),
             Tr::tr("not valid YAML: nested more than 2000 levels deep (brackets, braces or "
                    "indentation), deeper than YAML readers go")});
        return result;
    } catch (const YAML::Exception &e) {
        result.problems.append({fileName, e.mark.is_null() ? 0 : e.mark.line + 1,
                                e.mark.is_null() ? 0 : e.mark.column + 1, QString(),
                                Tr::tr("not valid YAML: %1").arg(QString::fromStdString(e.msg))});
        return result;
    }
    if (!root.IsDefined() || root.IsNull()) {
        r.report(Pos{1, 1}, QString(),
                 Tr::tr("the profile is empty; it needs at least 'shmwise: 1', 'environment' and "
                        "'workload'"));
        result.problems = r.problems;
        return result;
    }

    Profile p;
    try {
        if (!r.checkMap(root, QString(),
                        {QStringLiteral("shmwise"), QStringLiteral("environment"),
                         QStringLiteral("kubernetes"), QStringLiteral("job"),
                         QStringLiteral("nccl"), QStringLiteral("ray"), QStringLiteral("slurm"),
                         QStringLiteral("host"), QStringLiteral("serving"),
                         QStringLiteral("workload"), QStringLiteral("loaders")})) {
            result.problems = r.problems;
            return result;
        }
        const Pos rootPos = posOf(root);

        readVersion(r, root, rootPos);
        readEnvironment(r, root, rootPos, p);
        readKubernetes(r, root, p);
        readJob(r, root, p);
        readNccl(r, root, p);
        readRay(r, root, p);
        readSlurm(r, root, p);
        readHost(r, root, p);
        readServing(r, root, p);
        readWorkloadSection(r, root, rootPos, p);
        // A server's own image and command where the profile gives none.
        if (p.serving.used) {
            const YAML::Node job = root["job"];
            if (!(job.IsMap() && job["name"].IsDefined()))
                p.job.name = QStringLiteral("serve");
            // A service runs until stopped: a Deployment, not a Job that ends.
            const YAML::Node k8s = root["kubernetes"];
            if (!(k8s.IsMap() && k8s["kind"].IsDefined()))
                p.kubernetes.kind = KubernetesKind::Deployment;
            if (const auto sj = serving::serverJob(p.serving)) {
                if (!(job.IsMap() && job["image"].IsDefined()))
                    p.job.image = sj->image;
                if (!(job.IsMap() && job["command"].IsDefined()))
                    p.job.command = sj->command;
            }
        }
        if (r.present(root, "serving") && !p.serving.used)
            r.report(root["serving"], QStringLiteral("serving"),
                     Tr::tr("a server's settings need 'kind: serving' in 'workload' (or in the "
                            "first of 'loaders')"));
    } catch (const YAML::Exception &e) {
        r.report(Pos{e.mark.is_null() ? 0 : e.mark.line + 1, 0}, QString(),
                 Tr::tr("unreadable: %1").arg(QString::fromStdString(e.msg)));
    }

    result.problems += r.problems;
    if (result.problems.isEmpty())
        result.profile = p;
    return result;
}

ProfileResult loadProfile(const QString &path)
{
    // A profile is a few hundred bytes; read no more than 4 MiB from any source (a device such
    // as /dev/zero or a pipe has no size to check first) and refuse it beyond that.
    QByteArray text;
    QString error;
    if (!readFileCapped(path, 4 * 1024 * 1024, &text, &error)) {
        ProfileResult r;
        r.problems.append({path, 0, 0, QString(), error});
        return r;
    }
    return parseProfile(text, path);
}

} // namespace shmwise
