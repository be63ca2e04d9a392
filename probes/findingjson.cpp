// SPDX-License-Identifier: GPL-3.0-or-later
// A finding's words for its severity and certainty, and its JSON.
#include "probes/findings.h"

#include <QCoreApplication>

namespace shmwise {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(shmwise::Findings)
};

} // namespace

QString findingSeverityTitle(FindingSeverity s)
{
    switch (s) {
    case FindingSeverity::Info:
        return Tr::tr("info");
    case FindingSeverity::Warning:
        return Tr::tr("warning");
    case FindingSeverity::Error:
        return Tr::tr("error");
    }
    return {};
}

QString findingSeverityName(FindingSeverity s)
{
    switch (s) {
    case FindingSeverity::Info:
        return QStringLiteral("info");
    case FindingSeverity::Warning:
        return QStringLiteral("warning");
    case FindingSeverity::Error:
        return QStringLiteral("error");
    }
    return {};
}

QString certaintyName(Certainty c)
{
    switch (c) {
    case Certainty::Certain:
        return QStringLiteral("certain");
    case Certainty::Likely:
        return QStringLiteral("likely");
    case Certainty::Possible:
        return QStringLiteral("possible");
    }
    return {};
}

QString certaintyTitle(Certainty c)
{
    switch (c) {
    case Certainty::Certain:
        return Tr::tr("certain");
    case Certainty::Likely:
        return Tr::tr("likely");
    case Certainty::Possible:
        return Tr::tr("possible");
    }
    return {};
}

QJsonObject findingToJson(const Finding &f)
{
    QJsonObject o{
        {QStringLiteral("id"), f.id},
        {QStringLiteral("severity"), findingSeverityName(f.severity)},
        {QStringLiteral("title"), f.title},
        {QStringLiteral("evidence"), f.evidence},
        {QStringLiteral("fix"), f.fix},
    };
    if (f.line > 0) {
        o.insert(QStringLiteral("line"), f.line);
        o.insert(QStringLiteral("occurrences"), f.occurrences);
        o.insert(QStringLiteral("confidence"), certaintyName(f.certainty));
        if (!f.certaintyWhy.isEmpty())
            o.insert(QStringLiteral("confidence_why"), f.certaintyWhy);
    }
    return o;
}

QJsonArray findingsToJson(const QVector<Finding> &findings)
{
    QJsonArray a;
    for (const Finding &f : findings)
        a.append(findingToJson(f));
    return a;
}

} // namespace shmwise
