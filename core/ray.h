// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Ray's object store, which lives in /dev/shm beside the job's DataLoaders: the size Ray gives it
// when nobody sets one, and what Ray does when /dev/shm is too small for it. The figures are
// Ray's own (python/ray/_private/ray_constants.py, resource_and_label_spec.py, services.py).

#include "core/profile.h"
#include "core/size.h"
#include "core/sizing.h"

#include <QString>

#include <optional>

namespace shmwise::ray {

// DEFAULT_OBJECT_STORE_MEMORY_PROPORTION: the share of the memory available when Ray starts
// (the smaller of the cgroup's limit and the host's memory, less what is in use) that the store
// takes by default.
inline constexpr quint64 DefaultStorePercent = 30;
// DEFAULT_OBJECT_STORE_MAX_MEMORY_BYTES: the default's cap, 200 GB (decimal).
inline constexpr Bytes DefaultStoreCapBytes = 200ULL * 1000 * 1000 * 1000;
// On Linux the default is also capped at the larger of this and 95% of the free space in
// /dev/shm (REQUIRE_SHM_SIZE_THRESHOLD); a store this size or smaller that does not fit the free
// space moves to /tmp with a warning, a larger one stops Ray with a ValueError
// (services.py, determine_plasma_store_config).
inline constexpr Bytes ShmThresholdBytes = 10ULL * 1000 * 1000 * 1000;
inline constexpr quint64 ShmCapPercent = 95;
// OBJECT_STORE_MINIMUM_MEMORY_BYTES: Ray refuses a smaller store.
inline constexpr Bytes MinObjectStoreBytes = 75ULL * 1024 * 1024;

// Ray's default store for `memory` bytes available and, when known, `shmBytes` free in /dev/shm.
Bytes defaultObjectStoreBytes(Bytes memory, std::optional<Bytes> shmBytes = std::nullopt);

// Where Ray puts a store of `store` bytes when /dev/shm has `shmBytes` free.
enum class StorePlace
{
    DevShm,       // in /dev/shm, where the job's DataLoaders share it
    Tmp,          // 10 GB or less and too large for /dev/shm: /tmp, with a warning (slow)
    RefusedStart, // larger: Ray stops unless RAY_OBJECT_STORE_ALLOW_SLOW_STORAGE=1
};
StorePlace storePlace(Bytes store, Bytes shmBytes);

// The memory Ray sizes its default store by: the job's memory, else the host's.
std::optional<Bytes> memorySeen(const Profile &p);
// The store Ray makes: ray.object_store_memory, else Ray's default for memorySeen() (capped by
// a /dev/shm the profile says cannot change); nullopt when the profile gives neither (the plan
// says what to add). 0 without Ray.
std::optional<Bytes> storeBytes(const Profile &p);
// Where that store goes: /dev/shm unless the profile's /dev/shm cannot change and is too small
// for it (then /tmp, or Ray refuses to start).
StorePlace storePlaceFor(const Profile &p, Bytes store);
// The store in words, for the plan's breakdown.
QString explainStore(const Profile &p, Bytes store);
// What the plan counts of it in /dev/shm: the store where Ray puts it there, else 0.
Bytes countedStoreBytes(const Profile &p);
// The plan's `ray` term, and what it says when the store's size is not known, when Ray moves
// the store to /tmp, or when Ray refuses to start.
void appendToPlan(const Profile &p, ShmPlan &plan);

} // namespace shmwise::ray
