// SPDX-License-Identifier: GPL-3.0-or-later
#include "validators/imageref_p.h"

#include "validators/validate_common_p.h"

#include <QRegularExpression>

namespace shmwise::validators {

std::optional<QString> checkImageReference(const QString &ref)
{
    if (ref.isEmpty())
        return Tr::tr("the image name is empty");
    QString name = ref;
    const qsizetype at = name.indexOf(QLatin1Char('@'));
    if (at >= 0) {
        static const QRegularExpression digest(
            QStringLiteral("^[a-z0-9]+(?:[.+_-][a-z0-9]+)*:[a-zA-Z0-9=_-]{32,}$"));
        if (!digest.match(name.mid(at + 1)).hasMatch())
            return Tr::tr("invalid reference format: the digest after @ must be like "
                          "sha256:<64 hex digits>");
        name.truncate(at);
    }
    // Split off the registry host: the first component, when it has a dot, a port or
    // capitals, or is localhost.
    QString domain, remainder = name;
    const qsizetype slash = name.indexOf(QLatin1Char('/'));
    if (slash >= 0) {
        const QString first = name.left(slash);
        if (first.contains(QLatin1Char('.')) || first.contains(QLatin1Char(':')) ||
            first == QLatin1String("localhost") || first != first.toLower()) {
            domain = first;
            remainder = name.mid(slash + 1);
        }
    }
    QString tag;
    const qsizetype colon = remainder.lastIndexOf(QLatin1Char(':'));
    if (colon >= 0) {
        tag = remainder.mid(colon + 1);
        remainder.truncate(colon);
        static const QRegularExpression tagRe(QStringLiteral("^[\\w][\\w.-]{0,127}$"));
        if (!tagRe.match(tag).hasMatch())
            return Tr::tr("invalid reference format: tag '%1' (a tag is letters, digits, _, . "
                          "and -, up to 128)")
                .arg(tag);
    }
    if (!domain.isEmpty()) {
        static const QRegularExpression domainRe(
            QStringLiteral("^(?:(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])"
                           "(?:\\.(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9]))*"
                           "|\\[[0-9a-fA-F:.]+\\])(?::[0-9]+)?$"));
        if (!domainRe.match(domain).hasMatch())
            return Tr::tr("invalid reference format: registry '%1'").arg(domain);
    }
    if (remainder != remainder.toLower())
        return Tr::tr("invalid reference format: repository name (%1) must be lowercase")
            .arg(remainder);
    static const QRegularExpression pathRe(
        QStringLiteral("^[a-z0-9]+(?:(?:[._]|__|[-]+)[a-z0-9]+)*"
                       "(?:/[a-z0-9]+(?:(?:[._]|__|[-]+)[a-z0-9]+)*)*$"));
    if (!pathRe.match(remainder).hasMatch())
        return Tr::tr("invalid reference format: '%1' (names are lowercase letters, digits and "
                      "single separators . _ -, parts joined by /)")
            .arg(ref);
    if (domain.size() + 1 + remainder.size() > 255)
        return Tr::tr("invalid reference format: the repository name is longer than 255 "
                      "characters");
    return std::nullopt;
}

} // namespace shmwise::validators
