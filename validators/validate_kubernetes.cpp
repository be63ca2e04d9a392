// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/profile.h"
#include "validators/jsonschema_p.h"
#include "validators/validate_common_p.h"
#include "validators/validate_kubernetes_p.h"

#include <QHash>
#include <QJsonArray>
#include <QRegularExpression>

namespace shmwise::validators {

namespace {

struct Volume
{
    YamlNode node;
    bool emptyDir = false;
    bool memory = false;    // medium: Memory
    bool badMedium = false; // already reported; the mount need not repeat it
    std::optional<quint64> sizeLimit;
    YamlNode sizeNode;
};

// Checks a memory quantity and returns its bytes; a value in thousandths of a byte ('m') is a
// legal quantity but certainly a slip for Mi.
std::optional<quint64> memoryQuantity(const YamlNode &n, const QString &field, Sink &sink)
{
    if (!isScalar(n) || scalar(n).isEmpty()) {
        sink.error(lineOf(n), columnOf(n), Tr::tr("%1 needs a quantity, such as 8Gi").arg(field));
        return std::nullopt;
    }
    QString why;
    bool milli = false;
    const std::optional<quint64> v = parseKubernetesQuantity(scalar(n), &why, &milli);
    if (!v)
        sink.error(lineOf(n), columnOf(n), Tr::tr("%1: %2").arg(field, why));
    else if (milli)
        // A legal quantity, so the API server takes it: a warning, not an error.
        sink.warning(lineOf(n), columnOf(n),
                     Tr::tr("%1: '%2' means thousandths of a byte (m is milli); write %3Mi")
                         .arg(field, scalar(n), scalar(n).chopped(1)));
    return milli ? std::nullopt : v;
}

} // namespace

PodFacts checkPodSpec(const YamlNode &spec, Sink &sink, bool warnNoShm, bool ownVolumes)
{
    PodFacts facts;
    if (!spec.isDefined() || !spec.isMap()) {
        if (spec.isDefined())
            sink.error(lineOf(spec), columnOf(spec), Tr::tr("the pod spec must be a mapping"));
        return facts;
    }
    QHash<QString, Volume> volumes;
    const YamlNode vols = child(spec, "volumes");
    if (vols.isDefined() && vols.isSequence()) {
        for (std::size_t i = 0; i < vols.size(); ++i) {
            const YamlNode v = vols.item(i);
            const QString name = scalar(child(v, "name"));
            if (name.isEmpty()) {
                sink.error(lineOf(v), columnOf(v), Tr::tr("each volume needs a name"));
                continue;
            }
            if (volumes.contains(name))
                sink.error(
                    lineOf(v), columnOf(v),
                    Tr::tr("volume name '%1' is used twice; names must be unique").arg(name));
            Volume vol;
            vol.node = v;
            const YamlNode ed = child(v, "emptyDir");
            if (ed.isDefined()) {
                vol.emptyDir = true;
                const YamlNode medium = child(ed, "medium");
                const QString m = scalar(medium);
                vol.memory = m == QLatin1String("Memory");
                if (medium.isDefined() && !vol.memory && !m.isEmpty() &&
                    !m.startsWith(QLatin1String("HugePages"))) {
                    vol.badMedium = true;
                    if (m.compare(QLatin1String("memory"), Qt::CaseInsensitive) == 0)
                        sink.error(lineOf(medium), columnOf(medium),
                                   Tr::tr("medium must be exactly 'Memory' (capital M); '%1' is "
                                          "rejected")
                                       .arg(m));
                    else
                        sink.error(
                            lineOf(medium), columnOf(medium),
                            Tr::tr("unknown emptyDir medium '%1'; for /dev/shm write medium: "
                                   "Memory")
                                .arg(m));
                }
                const YamlNode size = child(ed, "sizeLimit");
                if (size.isDefined()) {
                    vol.sizeNode = size;
                    vol.sizeLimit = memoryQuantity(size, QStringLiteral("sizeLimit"), sink);
                }
            }
            volumes.insert(name, vol);
        }
    } else if (vols.isDefined() && !vols.isNull()) {
        sink.error(lineOf(vols), columnOf(vols), Tr::tr("volumes must be a list"));
    }

    const bool hostIpc = scalar(child(spec, "hostIPC")) == QLatin1String("true");
    bool shmMount = hostIpc;
    for (const char *list : {"initContainers", "containers"}) {
        const YamlNode cs = child(spec, list);
        if (!cs.isDefined() || !cs.isSequence())
            continue;
        for (std::size_t i = 0; i < cs.size(); ++i) {
            const YamlNode c = cs.item(i);
            const YamlNode resources = child(c, "resources");
            std::optional<quint64> limit;
            const YamlNode limitNode = child(child(resources, "limits"), "memory");
            if (limitNode.isDefined())
                limit = memoryQuantity(limitNode, QStringLiteral("limits.memory"), sink);
            const YamlNode requestNode = child(child(resources, "requests"), "memory");
            if (requestNode.isDefined()) {
                const auto request =
                    memoryQuantity(requestNode, QStringLiteral("requests.memory"), sink);
                if (request && limit && *request > *limit)
                    sink.error(
                        lineOf(requestNode), columnOf(requestNode),
                        Tr::tr("requests.memory is above limits.memory; the request must not "
                               "exceed the limit"));
            }
            const YamlNode mounts = child(c, "volumeMounts");
            if (!mounts.isDefined() || !mounts.isSequence())
                continue;
            for (std::size_t m = 0; m < mounts.size(); ++m) {
                const YamlNode mount = mounts.item(m);
                const YamlNode nameNode = child(mount, "name");
                const QString name = scalar(nameNode);
                const QString path = scalar(child(mount, "mountPath"));
                const bool atShm =
                    path == QLatin1String("/dev/shm") || path == QLatin1String("/dev/shm/");
                const auto vol = volumes.constFind(name);
                if (vol == volumes.constEnd() && !ownVolumes) {
                    if (atShm)
                        shmMount = true;
                    continue;
                }
                if (vol == volumes.constEnd()) {
                    sink.error(lineOf(nameNode.isDefined() ? nameNode : mount),
                               columnOf(nameNode.isDefined() ? nameNode : mount),
                               Tr::tr("volumeMount '%1' names no volume of the pod; add it under "
                                      "spec.volumes or fix the name")
                                   .arg(name));
                    if (atShm)
                        shmMount = true;
                    continue;
                }
                if (!atShm)
                    continue;
                shmMount = true;
                if (vol->emptyDir && vol->memory) {
                    facts.shmSizeLimit = vol->sizeLimit;
                    facts.shmSizeNode = vol->sizeNode;
                }
                if (vol->badMedium)
                    continue;
                if (!vol->emptyDir || !vol->memory) {
                    sink.warning(lineOf(mount), columnOf(mount),
                                 Tr::tr("volume '%1' at /dev/shm is not an emptyDir with medium: "
                                        "Memory: it is disk-backed or the node's own /dev/shm, "
                                        "shared and unlimited; use medium: Memory")
                                     .arg(name));
                    continue;
                }
                if (!vol->sizeNode.isDefined())
                    sink.warning(lineOf(vol->node), columnOf(vol->node),
                                 Tr::tr("the /dev/shm emptyDir '%1' has no sizeLimit; set one (and "
                                        "raise limits.memory by as much). A cluster policy may "
                                        "set one for you: Kyverno's add-emptydir-sizelimit gives "
                                        "every emptyDir without one 100Mi")
                                     .arg(name));
                if (vol->sizeLimit && limit && *vol->sizeLimit > *limit)
                    sink.warning(
                        lineOf(limitNode), columnOf(limitNode),
                        Tr::tr("limits.memory %1 is below the /dev/shm sizeLimit %2: a "
                               "memory-backed emptyDir counts against the container's "
                               "memory limit, so the container is OOM-killed when /dev/shm "
                               "fills; raise limits.memory by the shm size")
                            .arg(scalar(limitNode), scalar(vol->sizeNode)));
            }
        }
    }
    facts.shmMount = shmMount;
    if (!shmMount && warnNoShm) {
        const YamlNode cs = keyNode(spec, "containers");
        sink.warning(
            cs.isDefined() ? lineOf(cs) : lineOf(spec), cs.isDefined() ? columnOf(cs) : 0,
            Tr::tr("no volume is mounted at /dev/shm, so the pod gets the runtime's 64 MiB "
                   "default; mount an emptyDir with medium: Memory and a sizeLimit there"));
    }
    return facts;
}

namespace {

// The size of the file being checked (the expansion budget of its documents).
thread_local qsizetype t_textSize = 0;

// The kinds checked against a schema, by apiVersion and kind.
struct KnownKind
{
    const char *apiVersion;
    const char *kind;
};
const KnownKind kKinds[] = {{"v1", "Pod"},
                            {"apps/v1", "Deployment"},
                            {"apps/v1", "StatefulSet"},
                            {"apps/v1", "DaemonSet"},
                            {"batch/v1", "Job"},
                            {"batch/v1", "CronJob"},
                            {"kubeflow.org/v1", "PyTorchJob"},
                            {"trainer.kubeflow.org/v1alpha1", "TrainJob"},
                            {"ray.io/v1", "RayJob"},
                            {"ray.io/v1", "RayCluster"},
                            {"leaderworkerset.x-k8s.io/v1", "LeaderWorkerSet"},
                            {"serving.kserve.io/v1beta1", "InferenceService"},
                            {"kyverno.io/v1", "ClusterPolicy"}};

// Versions a CRD still serves beside the one checked here: taken, with no schema check.
struct ServedKind
{
    const char *apiVersion;
    const char *kind;
    const char *checked; // the version whose schema ShmWise has
};
const ServedKind kServed[] = {{"ray.io/v1alpha1", "RayJob", "ray.io/v1"},
                              {"ray.io/v1alpha1", "RayCluster", "ray.io/v1"},
                              {"kyverno.io/v2beta1", "ClusterPolicy", "kyverno.io/v1"}};

// The API server prunes a null given for a field of a custom resource that is not nullable
// (apiextensions: structural schemas, "nullable"): such a field is simply unset.
void dropNulls(nlohmann::json &v, int depth)
{
    if (depth > 64)
        return;
    if (v.is_object()) {
        for (auto it = v.begin(); it != v.end();) {
            if (it->is_null()) {
                it = v.erase(it);
            } else {
                dropNulls(*it, depth + 1);
                ++it;
            }
        }
    } else if (v.is_array()) {
        for (nlohmann::json &x : v)
            dropNulls(x, depth + 1);
    }
}

QPair<int, int> where(const YamlJson &j, const QString &path)
{
    return j.where(path);
}

// ^[a-z0-9]([-a-z0-9]*[a-z0-9])?$, without the length limit.
bool isDnsLabel(std::string_view s)
{
    auto alnum = [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
    };
    if (s.empty() || !alnum(s.front()) || !alnum(s.back()))
        return false;
    return std::all_of(s.begin(), s.end(), [&](char c) { return alnum(c) || c == '-'; });
}

// Labels joined by dots.
bool isDnsSubdomain(std::string_view s)
{
    for (;;) {
        const std::size_t dot = s.find('.');
        if (!isDnsLabel(s.substr(0, dot)))
            return false;
        if (dot == std::string_view::npos)
            return true;
        s.remove_prefix(dot + 1);
    }
}

// The API server's name rules (k8s.io/apimachinery validation): metadata.name is a DNS-1123
// subdomain; container, volume and port names are DNS-1123 labels.
void checkNames(const YamlJson &j, const nlohmann::json &v, const QString &path, Sink &sink,
                int depth)
{
    if (depth > 32)
        return;
    auto nameOf = [](const nlohmann::json &o) -> const std::string * {
        if (!o.is_object())
            return nullptr;
        const auto it = o.find("name");
        if (it == o.end() || !it->is_string())
            return nullptr;
        return &it->get_ref<const std::string &>();
    };
    if (v.is_object()) {
        for (auto it = v.begin(); it != v.end(); ++it) {
            if (!it.value().is_structured())
                continue;
            const QString key = QString::fromStdString(it.key());
            const QString p = path + QLatin1Char('/') + key;
            if (key == QLatin1String("metadata")) {
                const std::string *name = nameOf(it.value());
                if (name && (name->size() > 253 || !isDnsSubdomain(*name))) {
                    const auto w = where(j, p + QStringLiteral("/name"));
                    sink.error(w.first, w.second,
                               Tr::tr("metadata.name '%1' is not a DNS-1123 subdomain (lower-case "
                                      "letters, digits, '-' and '.'); the API server refuses it")
                                   .arg(QString::fromStdString(*name)));
                }
            }
            if ((key == QLatin1String("containers") || key == QLatin1String("initContainers") ||
                 key == QLatin1String("volumes")) &&
                it.value().is_array()) {
                const nlohmann::json &a = it.value();
                for (std::size_t i = 0; i < a.size(); ++i) {
                    const std::string *name = nameOf(a[i]);
                    if (name && (name->size() > 63 || !isDnsLabel(*name))) {
                        const auto w = where(j, p + QLatin1Char('/') + QString::number(i) +
                                                    QStringLiteral("/name"));
                        sink.error(w.first, w.second,
                                   Tr::tr("%1 name '%2' is not a DNS-1123 label (lower-case "
                                          "letters, digits and '-', up to 63); the API server "
                                          "refuses it")
                                       .arg(key, QString::fromStdString(*name)));
                    }
                }
            }
            checkNames(j, it.value(), p, sink, depth + 1);
        }
    } else if (v.is_array()) {
        for (std::size_t i = 0; i < v.size(); ++i)
            if (v[i].is_structured())
                checkNames(j, v[i], path + QLatin1Char('/') + QString::number(i), sink, depth + 1);
    }
}

// The member `key` of an object, or null (also when `o` is no object).
const nlohmann::json &member(const nlohmann::json &o, const char *key)
{
    static const nlohmann::json none;
    if (!o.is_object())
        return none;
    const auto it = o.find(key);
    return it == o.end() ? none : *it;
}

// The training operator's admission webhook (pkg/webhooks/pytorch, v1.9.0).
void checkPyTorchJob(const YamlJson &j, Sink &sink)
{
    const nlohmann::json &spec = member(j.value, "spec");
    const nlohmann::json &replicas = member(spec, "pytorchReplicaSpecs");
    const QString base = QStringLiteral("/spec/pytorchReplicaSpecs/");
    if (replicas.is_object()) {
        for (auto it = replicas.begin(); it != replicas.end(); ++it) {
            const QString key = QString::fromStdString(it.key());
            const auto w = where(j, base + key + QStringLiteral("#key"));
            if (key != QLatin1String("Master") && key != QLatin1String("Worker")) {
                sink.error(w.first, w.second,
                           Tr::tr("replica type '%1': a PyTorchJob has only Master and Worker; "
                                  "the training operator refuses it")
                               .arg(key));
                continue;
            }
            const nlohmann::json &rs = it.value();
            const nlohmann::json &containers =
                member(member(member(rs, "template"), "spec"), "containers");
            bool pytorch = false;
            if (containers.is_array()) {
                for (const nlohmann::json &c : containers) {
                    const nlohmann::json &name = member(c, "name");
                    pytorch = pytorch || (name.is_string() && name == "pytorch");
                }
            }
            if (!pytorch)
                sink.error(w.first, w.second,
                           Tr::tr("%1: no container is named 'pytorch'; the training operator "
                                  "refuses the job (it finds the training container by that name)")
                               .arg(key));
            const nlohmann::json &n = member(rs, "replicas");
            const double count = n.is_number() ? n.get<double>() : 0;
            if (key == QLatin1String("Master") && n.is_number() && count != 1) {
                const auto wn = where(j, base + key + QStringLiteral("/replicas"));
                sink.error(wn.first, wn.second,
                           Tr::tr("Master must have exactly 1 replica; the training operator "
                                  "refuses %1")
                               .arg(count));
            }
            if (key == QLatin1String("Worker") && n.is_number() && count < 1) {
                const auto wn = where(j, base + key + QStringLiteral("/replicas"));
                sink.error(
                    wn.first, wn.second,
                    Tr::tr("Worker needs at least 1 replica; the training operator refuses 0"));
            }
        }
    }
    if (spec.is_object() && spec.contains("elasticPolicy") &&
        !(replicas.is_object() && replicas.contains("Worker")))
        sink.error(where(j, QStringLiteral("/spec/elasticPolicy#key")).first, 0,
                   Tr::tr("an elasticPolicy needs a Worker replica spec; the training operator "
                          "refuses the job"));
}

// Schema, names and webhook rules; false when the document's kind is not one checked here.
void checkAgainstApi(const YamlNode &doc, Sink &sink)
{
    const QString apiVersion = scalar(child(doc, "apiVersion"));
    const QString kind = scalar(child(doc, "kind"));
    const KnownKind *known = nullptr;
    for (const KnownKind &k : kKinds) {
        if (kind == QLatin1String(k.kind) && apiVersion == QLatin1String(k.apiVersion))
            known = &k;
    }
    if (!known) {
        for (const ServedKind &k : kServed) {
            if (kind == QLatin1String(k.kind) && apiVersion == QLatin1String(k.apiVersion)) {
                const YamlNode a = child(doc, "apiVersion");
                sink.info(lineOf(a), columnOf(a),
                          Tr::tr("%1 is still served as %2, but ShmWise checks its fields only "
                                 "as %3, the version the operator stores")
                              .arg(kind, apiVersion, QLatin1String(k.checked)));
                return;
            }
        }
        for (const KnownKind &k : kKinds) {
            const QString want = QLatin1String(k.kind);
            const bool close = kind.compare(want, Qt::CaseInsensitive) == 0 ||
                               kind == want + QLatin1Char('s') ||
                               (kind.size() == want.size() + 1 && kind.startsWith(want));
            if (kind == want && apiVersion != QLatin1String(k.apiVersion)) {
                const YamlNode a = child(doc, "apiVersion");
                sink.error(lineOf(a), columnOf(a),
                           Tr::tr("%1 is served as apiVersion %2, not '%3'; the API server has no "
                                  "such kind there")
                               .arg(kind, QLatin1String(k.apiVersion), apiVersion));
                return;
            }
            if (close) {
                const YamlNode kn = child(doc, "kind");
                sink.error(lineOf(kn), columnOf(kn),
                           Tr::tr("kind '%1' does not exist (kinds are case-sensitive: %2); the "
                                  "API server refuses the manifest")
                               .arg(kind, want));
                return;
            }
        }
        return;
    }
    // A schema message ends its sentence; ours go on after it.
    auto said = [](QString m) {
        if (m.endsWith(QLatin1Char('.')))
            m.chop(1);
        return m;
    };
    // A memory quantity the schema's pattern refuses is said by the pod spec's own check, which
    // names the quantity's forms: once is enough.
    auto saidElsewhere = [](const SchemaProblem &p) {
        static const QRegularExpression checked(
            QStringLiteral("(/emptyDir/sizeLimit|/(containers|initContainers)/\\d+/resources/"
                           "(limits|requests)/memory)$"));
        return p.message.contains(QLatin1String("'pattern'")) && checked.match(p.path).hasMatch();
    };
    YamlJson json = yamlToJson(doc, YamlTyping::Yaml11, false, t_textSize);
    if (apiVersion.contains(QLatin1Char('.')))
        dropNulls(json.value, 0);
    const QString schema = QStringLiteral(":/schemas/kubernetes-workloads.json");
    if (kind == QLatin1String("TrainJob")) {
        // One apiVersion, a schema per release: the manifest is right if one release takes it,
        // else the release it is closest to says what is wrong.
        QVector<SchemaProblem> best;
        QString bestRelease;
        for (const QString &release : trainerReleaseNames()) {
            const QVector<SchemaProblem> problems =
                checkSchema(schema, QStringLiteral("#/definitions/TrainJob-") + release, json);
            if (problems.isEmpty()) {
                best.clear();
                break;
            }
            if (bestRelease.isEmpty() || problems.size() <= best.size()) {
                best = problems;
                bestRelease = release;
            }
        }
        for (const SchemaProblem &p : best)
            if (!saidElsewhere(p))
                sink.error(
                    p.line, p.column,
                    Tr::tr("%1; the API server refuses it (strict field validation, Kubeflow "
                           "Trainer v%2's TrainJob, the release it is closest to)")
                        .arg(said(p.message), bestRelease));
    } else {
        for (const SchemaProblem &p :
             checkSchema(schema, QStringLiteral("#/definitions/") + kind, json))
            if (!saidElsewhere(p))
                sink.error(p.line, p.column,
                           Tr::tr("%1; the API server refuses it (strict field validation)")
                               .arg(said(p.message)));
    }
    // A policy's patches hold Kyverno's {{ }} variables where the names will be.
    if (kind != QLatin1String("ClusterPolicy"))
        checkNames(json, json.value, QString(), sink, 0);
    if (kind == QLatin1String("PyTorchJob"))
        checkPyTorchJob(json, sink);
}

void checkDocument(const YamlNode &doc, Sink &sink)
{
    if (!doc.isDefined() || doc.isNull())
        return;
    if (!doc.isMap()) {
        sink.error(lineOf(doc), columnOf(doc),
                   Tr::tr("a Kubernetes manifest is a mapping with apiVersion, kind and spec"));
        return;
    }
    const QString kind = scalar(child(doc, "kind"));
    if (kind.isEmpty()) {
        sink.error(lineOf(doc), columnOf(doc), Tr::tr("the manifest has no 'kind'"));
        return;
    }
    if (!child(doc, "apiVersion").isDefined())
        sink.error(lineOf(doc), columnOf(doc), Tr::tr("the manifest has no 'apiVersion'"));
    checkAgainstApi(doc, sink);
    const YamlNode spec = child(doc, "spec");
    auto templateSpec = [](const YamlNode &n) {
        return child(child(n, "template"), "spec");
    };
    if (kind == QLatin1String("Pod")) {
        checkPodSpec(spec, sink);
    } else if (kind == QLatin1String("Deployment") || kind == QLatin1String("Job") ||
               kind == QLatin1String("StatefulSet") || kind == QLatin1String("DaemonSet") ||
               kind == QLatin1String("ReplicaSet")) {
        checkPodSpec(templateSpec(spec), sink);
    } else if (kind == QLatin1String("CronJob")) {
        checkPodSpec(templateSpec(child(child(spec, "jobTemplate"), "spec")), sink);
    } else if (kind == QLatin1String("RayJob") || kind == QLatin1String("RayCluster")) {
        checkKubeRay(doc, kind, sink);
    } else if (kind == QLatin1String("TrainJob")) {
        checkTrainJob(doc, sink);
    } else if (kind == QLatin1String("InferenceService")) {
        // The predictor holds a pod spec's fields itself (containers, volumes), beside KServe's.
        checkPodSpec(child(spec, "predictor"), sink);
    } else if (kind == QLatin1String("LeaderWorkerSet")) {
        // The leader's template, when there is one (else the leader is made from the workers').
        const YamlNode group = child(spec, "leaderWorkerTemplate");
        if (child(group, "leaderTemplate").isDefined())
            checkPodSpec(child(child(group, "leaderTemplate"), "spec"), sink);
        checkPodSpec(child(child(group, "workerTemplate"), "spec"), sink);
    } else if (kind == QLatin1String("ClusterPolicy") || kind == QLatin1String("Policy") ||
               kind == QLatin1String("MutatingPolicy") ||
               kind == QLatin1String("MutatingAdmissionPolicy")) {
        checkPolicy(doc, kind, sink);
    } else if (kind == QLatin1String("PyTorchJob")) {
        const YamlNode replicas = child(spec, "pytorchReplicaSpecs");
        if (!replicas.isDefined() || !replicas.isMap()) {
            sink.error(lineOf(spec.isDefined() ? spec : doc), 0,
                       Tr::tr("a PyTorchJob needs spec.pytorchReplicaSpecs (Master, Worker)"));
            return;
        }
        for (std::size_t i = 0; i < replicas.size(); ++i)
            checkPodSpec(templateSpec(replicas.value(i)), sink);
    }
}

} // namespace

void validateKubernetes(const QString &text, Sink &sink)
{
    YamlDocuments docs;
    if (!loadYaml(text, sink, docs))
        return;
    t_textSize = text.size();
    bool any = false;
    for (const YamlNode &d : docs.docs) {
        any = any || (d.isDefined() && !d.isNull());
        checkDocument(d, sink);
    }
    if (!any)
        sink.error(1, 1, Tr::tr("the file holds no Kubernetes manifest"));
}

} // namespace shmwise::validators
