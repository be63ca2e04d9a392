// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "validators/validate_common_p.h"
#include "validators/yamljson_p.h"

#include <QString>
#include <QVector>

namespace shmwise::validators {

struct SchemaProblem
{
    QString path; // JSON pointer of the offending value, or of the unknown key
    QString message;
    int line = 0;
    int column = 0;
};

// Checks `doc` against the definition `ref` ("#/definitions/Pod", or "#" for the whole
// document) of the schema in resource `schemaFile` (":/schemas/..."), with valijson. Only the
// innermost problems are reported, at most `max`. Thread-safe; schemas are parsed once.
QVector<SchemaProblem> checkSchema(const QString &schemaFile, const QString &ref,
                                   const YamlJson &doc, int max = 8);

} // namespace shmwise::validators
