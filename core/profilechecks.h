// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Checks shared by the profile reader and validateProfile(): each returns an empty string when the
// value is fine, or the message to show. Internal to core.

#include "profile.h"

#include <functional>

namespace shmwise::profilechecks {

QString checkDnsLabel(const QString &value);
QString checkImage(const QString &value);
bool hasControlChars(const QString &s);
QString checkCommand(const QStringList &command);
QString checkTensorName(const QString &name);
// Semantic rules that apply however the workload was assembled.
void checkWorkloadRules(const Workload &w,
                        const std::function<void(const QString &key, const QString &msg)> &report);

} // namespace shmwise::profilechecks
