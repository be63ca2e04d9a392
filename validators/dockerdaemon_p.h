// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QtGlobal>

#include <optional>

namespace shmwise::validators {

// What dockerd checks when it creates a container (moby's verifyPlatformContainerSettings and
// its helpers, as the daemons of Debian 12 and 13, 20.10 and 26.1, answer them), for values the
// docker CLI and Compose pass unchecked. Given an option's long name (docker run's) and value:
// nullopt when the daemon takes it, otherwise why it refuses the container.
std::optional<QString> checkCreateValue(const QString &longName, const QString &value);

// A value one supported daemon refuses and another takes (nullopt otherwise): a warning that
// names which.
std::optional<QString> createValueCaveat(const QString &longName, const QString &value);

// dockerd's least memory limit and reservation, and 20.10's least kernel memory limit ("Minimum
// memory limit allowed is 6MB").
constexpr quint64 kDockerdMinMemory = 6ull * 1024 * 1024;

// A key runc refuses to set in the host's namespace: the IPC keys with --ipc=host ("ipc"), the
// network keys with --network=host ("network"); empty when it may be set either way.
QString sysctlNamespace(const QString &key);

} // namespace shmwise::validators
