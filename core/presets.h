// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>
#include <QVector>

#include <optional>

namespace shmwise {

// A workload preset: a typical sample and DataLoader settings for one kind of model. The
// settings live in resources/presets/<id>.yaml as a `workload:` mapping in profile syntax.
struct PresetInfo
{
    QString id;
    QString title;       // translated
    QString description; // translated
};

QVector<PresetInfo> presets();
std::optional<PresetInfo> presetInfo(const QString &id);
// The preset's YAML text, or nullopt for an unknown id.
std::optional<QByteArray> presetYaml(const QString &id);

} // namespace shmwise
