// SPDX-License-Identifier: GPL-3.0-or-later
#include "validators/dockerdaemon_p.h"
#include "validators/dockerflags_p.h"
#include "validators/jsonschema_p.h"
#include "validators/validate_common_p.h"

#include <QRegularExpression>

namespace shmwise::validators {

namespace {

constexpr quint64 kDefaultShm = 64ULL * 1024 * 1024;

// A compose size: a plain integer is bytes; a string uses Docker's units.
std::optional<quint64> composeSize(const YamlNode &n, const QString &key, Sink &sink)
{
    if (!isScalar(n) || scalar(n).isEmpty()) {
        sink.error(lineOf(n), columnOf(n),
                   Tr::tr("%1 needs a size, such as \"8gb\" or a number of bytes").arg(key));
        return std::nullopt;
    }
    const QString text = scalar(n);
    if (text.contains(QLatin1Char('$')))
        return std::nullopt; // interpolated from the environment: unknown here
    if (isPlainInteger(n)) {
        bool ok = false;
        const quint64 v = text.toULongLong(&ok);
        if (ok)
            return v;
    }
    QString why;
    const std::optional<quint64> v = parseDockerSize(text, &why);
    // No supported tool runs such a file, so it is an error whatever `config` says.
    if (!v && text.trimmed().startsWith(QLatin1Char('-')))
        sink.error(lineOf(n), columnOf(n),
                   Tr::tr("%1: %2; Compose v2 (compose-go 2.11 and later) and docker-compose 1.29 "
                          "load it, and dockerd refuses the container at create (\"SHM size can "
                          "not be less than 0\")")
                       .arg(key, why));
    else if (!v)
        sink.error(lineOf(n), columnOf(n),
                   Tr::tr("%1: %2; Compose v2 refuses the file at load (\"invalid suffix\"), and "
                          "docker-compose 1.x passes 'config' but fails at 'up'")
                       .arg(key, why));
    return v;
}

std::optional<qint64> wholeNumber(const YamlNode &n)
{
    static const QRegularExpression re(QStringLiteral("^-?[0-9]+$"));
    const QString s = scalar(n);
    if (!isScalar(n) || !re.match(s).hasMatch())
        return std::nullopt;
    bool ok = false;
    const qint64 v = s.toLongLong(&ok);
    return ok ? std::optional<qint64>(v) : std::nullopt;
}

void checkUlimits(const YamlNode &ulimits, Sink &sink)
{
    if (!ulimits.isDefined())
        return;
    if (!ulimits.isMap()) {
        sink.error(lineOf(ulimits), columnOf(ulimits),
                   Tr::tr("ulimits is a mapping, such as nofile: {soft: 65536, hard: 65536}"));
        return;
    }
    // docker-compose 1.29 converts every limit to a number (docker-py): "unlimited" fails there,
    // and Compose v2 refuses the file. nofile is checked below.
    static const QStringList serviceKeys = {
        QStringLiteral("mem_limit"), QStringLiteral("memswap_limit"),
        QStringLiteral("shm_size"),  QStringLiteral("mem_reservation"),
        QStringLiteral("cpus"),      QStringLiteral("privileged"),
        QStringLiteral("cap_add"),   QStringLiteral("environment")};
    for (std::size_t i = 0; i < ulimits.size(); ++i) {
        const QString name = scalar(ulimits.key(i));
        if (name == QLatin1String("nofile"))
            continue;
        const YamlNode l = ulimits.value(i);
        const YamlNode soft = l.isMap() ? child(l, "soft") : l;
        const YamlNode hard = l.isMap() ? child(l, "hard") : YamlNode();
        for (const YamlNode &v : {soft, hard}) {
            if (!v.isDefined() || !isScalar(v) || wholeNumber(v))
                continue;
            if (serviceKeys.contains(name))
                sink.error(lineOf(v), columnOf(v),
                           Tr::tr("ulimits.%1: '%2' is not a whole number, and %1 is a key of "
                                  "the service, not a limit: Compose refuses it; indent it as "
                                  "far as ulimits")
                               .arg(name, scalar(v)));
            else
                sink.error(lineOf(v), columnOf(v),
                           Tr::tr("ulimits.%1: '%2' is not a whole number: docker-compose 1.29 "
                                  "fails to convert it (write -1 for unlimited)")
                               .arg(name, scalar(v)));
        }
    }
    const YamlNode nofile = child(ulimits, "nofile");
    if (!nofile.isDefined())
        return;
    if (nofile.isMap()) {
        const YamlNode soft = child(nofile, "soft");
        const YamlNode hard = child(nofile, "hard");
        if (!soft.isDefined() || !hard.isDefined()) {
            const YamlNode k = keyNode(ulimits, "nofile");
            sink.error(
                lineOf(k), columnOf(k),
                Tr::tr("ulimits.nofile needs both soft and hard, such as {soft: 65536, hard: "
                       "65536}"));
            return;
        }
        const auto s = wholeNumber(soft);
        const auto h = wholeNumber(hard);
        if (!s)
            sink.error(lineOf(soft), columnOf(soft), Tr::tr("nofile soft must be a whole number"));
        if (!h)
            sink.error(lineOf(hard), columnOf(hard), Tr::tr("nofile hard must be a whole number"));
        if (s && h && *s > *h)
            sink.error(
                lineOf(soft), columnOf(soft),
                Tr::tr("the nofile soft limit %1 is above the hard limit %2; make soft <= hard")
                    .arg(*s)
                    .arg(*h));
    } else if (!wholeNumber(nofile)) {
        sink.error(lineOf(nofile), columnOf(nofile),
                   Tr::tr("ulimits.nofile is a whole number or {soft: N, hard: N}"));
    }
}

void checkService(const YamlNode &key, const YamlNode &svc, Sink &sink)
{
    const QString name = scalar(key);
    if (!svc.isDefined() || !svc.isMap()) {
        sink.error(lineOf(key), columnOf(key),
                   Tr::tr("service '%1' must be a mapping (image:, shm_size:, ...)").arg(name));
        return;
    }
    // Both Compose versions refuse a service that names nothing to run ("has neither an image
    // nor a build context specified"); one that extends another may inherit its image.
    if (!child(svc, "image").isDefined() && !child(svc, "build").isDefined() &&
        !child(svc, "extends").isDefined())
        sink.error(lineOf(key), columnOf(key),
                   Tr::tr("service '%1' has neither an image nor a build: Compose refuses the "
                          "file (\"neither an image nor a build context specified\"); add "
                          "image: NAME")
                       .arg(name));
    bool shmSetting = false;
    std::optional<quint64> shm;
    const YamlNode shmNode = child(svc, "shm_size");
    if (shmNode.isDefined()) {
        shmSetting = true;
        shm = composeSize(shmNode, QStringLiteral("shm_size"), sink);
        if (shm && *shm == 0)
            sink.warning(lineOf(shmNode), columnOf(shmNode),
                         Tr::tr("shm_size 0 gives Docker's default of 64 MiB; give a size such as "
                                "\"8gb\""));
        else if (shm && *shm < kDefaultShm)
            sink.warning(lineOf(shmNode), columnOf(shmNode),
                         Tr::tr("shm_size %1 is below the 64 MiB default; a plain number is bytes "
                                "(write \"%1gb\" for gigabytes)")
                             .arg(scalar(shmNode)));
    }
    const YamlNode ipc = child(svc, "ipc");
    const bool ipcHost = scalar(ipc) == QLatin1String("host");
    // Compose turns service:NAME into the container's name and passes the rest to dockerd,
    // which refuses a mode it does not know when it creates the container.
    if (ipc.isDefined() && isScalar(ipc) && !scalar(ipc).startsWith(QLatin1String("service:")))
        if (const std::optional<QString> why = checkCreateValue(QStringLiteral("ipc"), scalar(ipc)))
            sink.error(lineOf(ipc), columnOf(ipc), QStringLiteral("ipc: %1").arg(*why));
    if (ipcHost) {
        shmSetting = true;
        if (shmNode.isDefined())
            sink.warning(lineOf(shmNode), columnOf(shmNode),
                         Tr::tr("shm_size has no effect with ipc: host (the host's /dev/shm is "
                                "used); remove one of them"));
    }

    // Memory limit: deploy.resources.limits.memory wins over mem_limit.
    std::optional<quint64> memory;
    YamlNode memoryNode;
    const YamlNode memLimit = child(svc, "mem_limit");
    if (memLimit.isDefined()) {
        memory = composeSize(memLimit, QStringLiteral("mem_limit"), sink);
        memoryNode = memLimit;
    }
    const YamlNode deploy = child(svc, "deploy");
    const YamlNode deployMem = child(child(child(deploy, "resources"), "limits"), "memory");
    if (deployMem.isDefined()) {
        memory = composeSize(deployMem, QStringLiteral("deploy.resources.limits.memory"), sink);
        memoryNode = deployMem;
    }
    if (shm && memory && *memory > 0 && *shm > *memory && !ipcHost)
        sink.warning(lineOf(memoryNode), columnOf(memoryNode),
                     Tr::tr("the memory limit %1 is smaller than shm_size %2: /dev/shm pages count "
                            "against it, so the container is OOM-killed when /dev/shm fills; raise "
                            "the limit above the shm size plus what the job needs")
                         .arg(scalar(memoryNode), scalar(shmNode)));
    if (shmNode.isDefined() && deploy.isDefined())
        sink.info(lineOf(shmNode), columnOf(shmNode),
                  Tr::tr("docker stack deploy ignores shm_size; for Swarm mount a tmpfs volume at "
                         "/dev/shm with an integer size in bytes"));

    checkUlimits(child(svc, "ulimits"), sink);

    const YamlNode tmpfs = child(svc, "tmpfs");
    auto checkShortTmpfs = [&sink, &shmSetting](const YamlNode &n) {
        if (scalar(n).startsWith(QLatin1String("/dev/shm"))) {
            shmSetting = true;
            sink.warning(lineOf(n), columnOf(n),
                         Tr::tr("the short tmpfs form for /dev/shm is silently dropped by docker "
                                "stack deploy; use shm_size, or a long-syntax volume of type tmpfs "
                                "with tmpfs.size in bytes"));
        }
    };
    if (tmpfs.isDefined() && tmpfs.isSequence()) {
        for (std::size_t i = 0; i < tmpfs.size(); ++i)
            checkShortTmpfs(tmpfs.item(i));
    } else {
        checkShortTmpfs(tmpfs);
    }

    const YamlNode volumes = child(svc, "volumes");
    if (volumes.isDefined() && volumes.isSequence()) {
        for (std::size_t i = 0; i < volumes.size(); ++i) {
            const YamlNode v = volumes.item(i);
            if (isScalar(v)) {
                const QStringList parts = scalar(v).split(QLatin1Char(':'));
                if (parts.size() >= 2 && (parts.at(1) == QLatin1String("/dev/shm") ||
                                          parts.at(1) == QLatin1String("/dev/shm/")))
                    shmSetting = true;
                continue;
            }
            const QString target = scalar(child(v, "target"));
            if (target != QLatin1String("/dev/shm") && target != QLatin1String("/dev/shm/"))
                continue;
            shmSetting = true;
            if (scalar(child(v, "type")) != QLatin1String("tmpfs"))
                continue;
            const YamlNode size = child(child(v, "tmpfs"), "size");
            if (!size.isDefined()) {
                sink.warning(
                    lineOf(v), columnOf(v),
                    Tr::tr("this tmpfs at /dev/shm has no tmpfs.size, so it may grow to half "
                           "the RAM; give a size in bytes"));
                continue;
            }
            if (isPlainInteger(size)) {
                if (scalar(size).toULongLong() == 0)
                    sink.error(lineOf(size), columnOf(size),
                               Tr::tr("tmpfs.size 0 means no limit; give a size in bytes, such as "
                                      "8589934592 for 8 GiB"));
                continue;
            }
            QString why;
            const std::optional<quint64> b = parseDockerSize(scalar(size), &why);
            if (b)
                sink.warning(lineOf(size), columnOf(size),
                             Tr::tr("docker stack deploy needs tmpfs.size as an integer number of "
                                    "bytes; write %1")
                                 .arg(*b));
            else
                sink.error(lineOf(size), columnOf(size),
                           Tr::tr("tmpfs.size must be an integer number of bytes (8589934592 for 8 "
                                  "GiB)"));
        }
    }

    if (!shmSetting)
        sink.warning(
            lineOf(key), columnOf(key),
            Tr::tr("service '%1' sets no shm_size, so /dev/shm is Docker's 64 MiB default; "
                   "a DataLoader with workers needs more (add shm_size: \"8gb\")")
                .arg(name));
}

} // namespace

void validateCompose(const QString &text, Sink &sink)
{
    YamlDocuments docs;
    Sink yaml;
    const bool loaded = loadYaml(text, yaml, docs);
    for (Diagnostic d : yaml.take()) {
        // docker-compose 1.x (PyYAML) keeps the last of two equal keys; Compose v2 refuses them.
        if (d.severity == Severity::Error && d.message.startsWith(QLatin1String("duplicate key")))
            sink.error(d.line, d.column,
                       Tr::tr("%1: Compose v2 refuses the file, and docker-compose 1.29 (the one "
                              "Debian 12 packages) silently keeps the last value, so what runs "
                              "depends on the tool")
                           .arg(d.message));
        else
            sink.add(d.severity, d.line, d.column, d.message);
    }
    if (!loaded)
        return;
    const YamlNode root = docs.docs.empty() ? YamlNode() : docs.docs.front();
    if (!root.isDefined() || root.isNull() || !root.isMap()) {
        sink.error(1, 1, Tr::tr("a compose file is a mapping with a 'services:' section"));
        return;
    }
    // The Compose specification's schema: unknown or misplaced keys, wrong types.
    const YamlJson json = yamlToJson(root, YamlTyping::Core12, true, text.size());
    for (const SchemaProblem &p :
         checkSchema(QStringLiteral(":/schemas/compose-spec.json"), QStringLiteral("#"), json))
        sink.error(p.line, p.column,
                   Tr::tr("%1; Compose refuses the file (compose-spec schema)").arg(p.message));
    const YamlNode services = child(root, "services");
    if (!services.isDefined() || !services.isMap()) {
        const YamlNode k = keyNode(root, "services");
        sink.error(k.isDefined() ? lineOf(k) : 1, 1,
                   Tr::tr("the file needs a 'services:' mapping with at least one service"));
        return;
    }
    for (std::size_t i = 0; i < services.size(); ++i)
        checkService(services.key(i), services.value(i), sink);
}

} // namespace shmwise::validators
