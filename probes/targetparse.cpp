// SPDX-License-Identifier: GPL-3.0-or-later
// Reading a target's text (local, ssh://, docker://, k8s://) and writing it back.
#include "probes/probetarget.h"

#include "core/profile.h"

#include <QCoreApplication>

namespace shmwise {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::Probe)
};

// The characters that names of hosts, users, containers, namespaces and pods are made of. A
// whitelist rather than a list of metacharacters: nothing else can reach a client's argument
// parser or a remote shell.
bool plainChar(QChar c)
{
    const ushort u = c.unicode();
    return (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9') || u == '.' ||
           u == '_' || u == '-';
}

bool checkPart(const QString &part, const QString &what, bool allowColon, QString *error)
{
    auto fail = [&](const QString &why) {
        // A long name is shown by its start: the message must fit beside the field.
        if (error)
            *error = Tr::tr("the %1 '%2' %3")
                         .arg(what, part.size() > 40 ? part.left(40) + QStringLiteral("...") : part,
                              why);
        return false;
    };
    if (part.isEmpty()) {
        // user@ or :22 with nothing where the name goes.
        if (error)
            *error = Tr::tr("the %1 is missing").arg(what);
        return false;
    }
    if (part.size() > 253)
        return fail(Tr::tr("is longer than 253 characters"));
    if (part.startsWith(QLatin1Char('-')))
        return fail(Tr::tr("starts with '-', which a client would read as an option"));
    for (const QChar c : part) {
        if (plainChar(c) || (allowColon && c == QLatin1Char(':')))
            continue;
        if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            return fail(Tr::tr("holds a control character"));
        if (c.isSpace())
            return fail(Tr::tr("holds a space"));
        return fail(
            Tr::tr("holds '%1'; only ASCII letters (a-z, A-Z), digits, '.', '_' and '-' are "
                   "allowed")
                .arg(c));
    }
    return true;
}

} // namespace

QString Target::toString() const
{
    switch (kind) {
    case Kind::Local:
        return QStringLiteral("local");
    case Kind::Ssh: {
        QString s = QStringLiteral("ssh://");
        if (!user.isEmpty())
            s += user + QLatin1Char('@');
        s += host.contains(QLatin1Char(':')) ? QLatin1Char('[') + host + QLatin1Char(']') : host;
        if (port > 0)
            s += QLatin1Char(':') + QString::number(port);
        return s;
    }
    case Kind::Docker:
        return QStringLiteral("docker://") + container;
    case Kind::Kubernetes: {
        QString s = QStringLiteral("k8s://");
        if (!ns.isEmpty())
            s += ns + QLatin1Char('/');
        s += pod;
        if (!container.isEmpty())
            s += QLatin1Char('/') + container;
        return s;
    }
    }
    return {};
}

namespace {
// The target, or nullopt with why it is refused in `error` (without "refused target:").
std::optional<Target> readTarget(const QString &text, QString *error)
{
    Target t;
    if (text.isEmpty() || text == QLatin1String("local"))
        return t;
    auto fail = [error](const QString &why) -> std::optional<Target> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    const QString ssh = QStringLiteral("ssh://");
    const QString docker = QStringLiteral("docker://");
    const QString k8s = QStringLiteral("k8s://");
    if (text.startsWith(ssh)) {
        t.kind = Target::Kind::Ssh;
        QString rest = text.mid(ssh.size());
        if (rest.endsWith(QLatin1Char('/')))
            rest.chop(1);
        const int at = rest.lastIndexOf(QLatin1Char('@'));
        if (at >= 0) {
            t.user = rest.left(at);
            rest = rest.mid(at + 1);
            if (!checkPart(t.user, Tr::tr("user"), false, error))
                return std::nullopt;
        }
        QString portText;
        if (rest.startsWith(QLatin1Char('['))) {
            const int close = rest.indexOf(QLatin1Char(']'));
            if (close < 0)
                return fail(Tr::tr("'[' without ']' in '%1'").arg(text));
            t.host = rest.mid(1, close - 1);
            const QString after = rest.mid(close + 1);
            if (!after.isEmpty()) {
                if (!after.startsWith(QLatin1Char(':')))
                    return fail(Tr::tr("unexpected '%1' after the host").arg(after));
                portText = after.mid(1);
            }
            if (!checkPart(t.host, Tr::tr("host"), true, error))
                return std::nullopt;
        } else {
            const int colon = rest.indexOf(QLatin1Char(':'));
            t.host = colon < 0 ? rest : rest.left(colon);
            if (colon >= 0)
                portText = rest.mid(colon + 1);
            if (!checkPart(t.host, Tr::tr("host"), false, error))
                return std::nullopt;
        }
        if (!portText.isNull()) {
            bool ok = false;
            const int port = portText.toInt(&ok);
            const bool digits =
                !portText.isEmpty() && std::all_of(portText.cbegin(), portText.cend(),
                                                   [](QChar c) { return c.isDigit(); });
            if (!ok || !digits || port < 1 || port > 65535)
                return fail(Tr::tr("'%1' is not a port (1-65535)").arg(portText));
            t.port = port;
        }
        return t;
    }
    if (text.startsWith(docker)) {
        t.kind = Target::Kind::Docker;
        t.container = text.mid(docker.size());
        if (!checkPart(t.container, Tr::tr("container"), false, error))
            return std::nullopt;
        return t;
    }
    if (text.startsWith(k8s)) {
        t.kind = Target::Kind::Kubernetes;
        const QStringList parts = text.mid(k8s.size()).split(QLatin1Char('/'));
        if (parts.size() == 2 && parts.at(1).isEmpty())
            return fail(Tr::tr("'%1' names a namespace, not a pod: write "
                               "k8s://NAMESPACE/POD (probe, plan and generate take "
                               "k8s://NAMESPACE/ with --selector LABELS)")
                            .arg(text));
        if (parts.size() == 1) {
            t.pod = parts.at(0);
        } else if (parts.size() == 2) {
            t.ns = parts.at(0);
            t.pod = parts.at(1);
        } else if (parts.size() == 3) {
            t.ns = parts.at(0);
            t.pod = parts.at(1);
            t.container = parts.at(2);
        } else {
            return fail(Tr::tr("'%1' has too many parts; write k8s://pod, "
                               "k8s://namespace/pod or k8s://namespace/pod/container")
                            .arg(text));
        }
        if ((parts.size() >= 2 && !checkPart(t.ns, Tr::tr("namespace"), false, error)) ||
            !checkPart(t.pod, Tr::tr("pod"), false, error) ||
            (parts.size() == 3 && !checkPart(t.container, Tr::tr("container"), false, error)))
            return std::nullopt;
        // Kubernetes' own rules, as the profile's namespace is held to: a name kubectl would
        // refuse (Bad_NS) is said here, not as "not found" from the cluster.
        struct Name
        {
            const QString &value;
            QString what;
            bool subdomain; // pods' names may hold dots
        };
        for (const Name &n :
             {Name{t.ns, Tr::tr("namespace"), false}, Name{t.pod, Tr::tr("pod"), true},
              Name{t.container, Tr::tr("container"), false}})
            if (!n.value.isEmpty())
                if (const QString why = kubernetesNameProblem(n.value, n.subdomain); !why.isEmpty())
                    return fail(Tr::tr("the %1 %2").arg(n.what, why));
        return t;
    }
    return fail(Tr::tr("unknown target '%1'; write local, ssh://[user@]host[:port], "
                       "docker://container or k8s://[namespace/]pod[/container]")
                    .arg(text));
}
} // namespace

std::optional<Target> parseTarget(const QString &text, QString *error, QString *reason)
{
    QString why;
    std::optional<Target> t = readTarget(text, &why);
    if (!t) {
        if (reason)
            *reason = why;
        if (error)
            *error = Tr::tr("refused target: %1").arg(why);
    }
    return t;
}

} // namespace shmwise
