// SPDX-License-Identifier: GPL-3.0-or-later
// The public API: every validator behind one entry point, the guess of a file's kind, and the
// sizes each tool reads.
#include "validators/validators.h"

#include "core/size.h"

#include "validators/validate_common_p.h"

#include <yaml.h>

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>

#include <exception>

namespace shmwise {

using namespace validators;

QVector<Diagnostic> validateConfig(ConfigKind kind, const QString &text)
{
    Sink sink;
    try {
        switch (kind) {
        case ConfigKind::Fstab:
            validateFstab(text, sink);
            break;
        case ConfigKind::Sysctl:
            validateSysctl(text, sink);
            break;
        case ConfigKind::Limits:
            validateLimits(text, sink);
            break;
        case ConfigKind::DockerRun:
            validateDockerRun(text, sink);
            break;
        case ConfigKind::Compose:
            validateCompose(text, sink);
            break;
        case ConfigKind::Kubernetes:
            validateKubernetes(text, sink);
            break;
        case ConfigKind::Python:
            validatePython(text, sink);
            break;
        }
    } catch (const std::exception &e) {
        // A validator must not take the GUI or CLI down on odd input; say what happened instead.
        sink.error(0, 0,
                   Tr::tr("could not check the file: %1").arg(QString::fromLocal8Bit(e.what())));
    }
    QVector<Diagnostic> d = sink.take();
    std::stable_sort(d.begin(), d.end(), [](const Diagnostic &a, const Diagnostic &b) {
        return a.line != b.line ? a.line < b.line : a.column < b.column;
    });
    return d;
}

QVector<Diagnostic> validateYamlSyntax(const QString &text)
{
    validators::Sink sink;
    try {
        validators::YamlDocuments docs;
        validators::loadYaml(text, sink, docs);
    } catch (const std::exception &e) {
        sink.error(0, 0,
                   validators::Tr::tr("could not check the file: %1")
                       .arg(QString::fromLocal8Bit(e.what())));
    }
    return sink.take();
}

std::optional<ConfigKind> guessConfigKind(const QString &fileName, const QString &text)
{
    const QFileInfo fi(fileName);
    const QString base = fi.fileName().toLower();
    const QString path = QDir::fromNativeSeparators(fileName).toLower();
    auto has = [&text](const QRegularExpression &re) {
        return re.match(text).hasMatch();
    };
    static const QRegularExpression dockerRun(
        QStringLiteral("(^|[\\s;&|(])(sudo\\s+)?(docker|podman)\\s+(container\\s+)?run\\b"),
        QRegularExpression::MultilineOption);
    static const QRegularExpression k8s1(QStringLiteral("^apiVersion\\s*:"),
                                         QRegularExpression::MultilineOption);
    static const QRegularExpression k8s2(QStringLiteral("^kind\\s*:"),
                                         QRegularExpression::MultilineOption);
    static const QRegularExpression services(QStringLiteral("^services\\s*:"),
                                             QRegularExpression::MultilineOption);
    static const QRegularExpression python(
        QStringLiteral(
            "^\\s*(import\\s+torch|from\\s+torch[\\w.]*\\s+import)|\\bDataLoader\\s*\\("),
        QRegularExpression::MultilineOption);
    static const QRegularExpression limits(
        QStringLiteral("^\\s*[^#\\s]\\S*\\s+(soft|hard|-)\\s+[a-z]+\\s+\\S+\\s*$"),
        QRegularExpression::MultilineOption);
    static const QRegularExpression fstab(
        QStringLiteral("^\\s*[^#\\s]\\S*\\s+(/\\S*|none|swap)\\s+\\S+\\s+\\S+(\\s+\\S+){0,2}\\s*$"),
        QRegularExpression::MultilineOption);
    static const QRegularExpression sysctl(
        QStringLiteral("^\\s*-?[a-z0-9_]+([./][a-z0-9_*-]+)+\\s*=.*$"),
        QRegularExpression::MultilineOption);

    if (base == QLatin1String("fstab") || base.endsWith(QLatin1String(".fstab")))
        return ConfigKind::Fstab;
    if (base.endsWith(QLatin1String(".py")))
        return ConfigKind::Python;
    const bool yaml = base.endsWith(QLatin1String(".yml")) || base.endsWith(QLatin1String(".yaml"));
    if (yaml && (base.startsWith(QLatin1String("docker-compose")) ||
                 base.startsWith(QLatin1String("compose"))))
        return ConfigKind::Compose;
    if (base.endsWith(QLatin1String(".sysctl")) || base == QLatin1String("sysctl.conf") ||
        (path.contains(QLatin1String("sysctl.d/")) && base.endsWith(QLatin1String(".conf"))))
        return ConfigKind::Sysctl;
    if (base == QLatin1String("limits.conf") ||
        (path.contains(QLatin1String("limits.d/")) && base.endsWith(QLatin1String(".conf"))))
        return ConfigKind::Limits;
    if (yaml) {
        if (has(k8s1) && has(k8s2))
            return ConfigKind::Kubernetes;
        if (has(services))
            return ConfigKind::Compose;
        return std::nullopt;
    }
    // By content alone.
    if (has(dockerRun))
        return ConfigKind::DockerRun;
    if (has(k8s1) && has(k8s2))
        return ConfigKind::Kubernetes;
    if (has(services))
        return ConfigKind::Compose;
    if (has(python))
        return ConfigKind::Python;
    if (has(limits))
        return ConfigKind::Limits;
    if (has(sysctl))
        return ConfigKind::Sysctl;
    if (has(fstab))
        return ConfigKind::Fstab;
    return std::nullopt;
}

QString yamlParserVersion()
{
    return QString::fromLatin1(yaml_get_version_string());
}

std::optional<quint64> parseToolSize(SizeSyntax syntax, const QString &text, QString *why,
                                     bool *percent)
{
    if (percent)
        *percent = false;
    switch (syntax) {
    case SizeSyntax::Docker:
        return parseDockerSize(text, why);
    case SizeSyntax::Kubernetes:
        return parseKubernetesQuantity(text, why);
    case SizeSyntax::Kernel:
        if (const std::optional<KernelSize> k = parseKernelSize(text, why)) {
            if (!k->percent)
                return k->value;
            if (percent)
                *percent = true;
        }
        return std::nullopt;
    }
    return std::nullopt;
}

} // namespace shmwise
