// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/ray.h"

#include <QCoreApplication>

#include <algorithm>

namespace shmwise::ray {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(Ray)
};
} // namespace

Bytes defaultObjectStoreBytes(Bytes memory, std::optional<Bytes> shmBytes)
{
    Bytes store = memory / 100 * DefaultStorePercent + memory % 100 * DefaultStorePercent / 100;
    Bytes cap = DefaultStoreCapBytes;
    if (shmBytes)
        cap = std::min(cap, std::max(ShmThresholdBytes, *shmBytes / 100 * ShmCapPercent));
    return std::min(store, cap);
}

StorePlace storePlace(Bytes store, Bytes shmBytes)
{
    if (shmBytes > store)
        return StorePlace::DevShm;
    return store <= ShmThresholdBytes ? StorePlace::Tmp : StorePlace::RefusedStart;
}

std::optional<Bytes> memorySeen(const Profile &p)
{
    if (p.job.memoryBytes)
        return p.job.memoryBytes;
    return p.host.memoryBytes;
}

std::optional<Bytes> storeBytes(const Profile &p)
{
    if (!p.usesRay())
        return Bytes(0);
    if (p.ray.objectStoreBytes)
        return p.ray.objectStoreBytes;
    if (const auto m = memorySeen(p))
        return std::max(defaultObjectStoreBytes(*m), MinObjectStoreBytes);
    return std::nullopt;
}

QString explainStore(const Profile &p, Bytes store)
{
    QString why;
    if (p.ray.objectStoreBytes) {
        why = Tr::tr("Ray's object store of %1 (ray.object_store_memory) lives in /dev/shm, and "
                     "the job's DataLoaders share it: the store can fill to its size.")
                  .arg(formatSize(store));
    } else {
        why = Tr::tr("Ray's object store lives in /dev/shm beside the job's DataLoaders. Unset, "
                     "Ray makes it %1% of the memory available when it starts (of %2 here: "
                     "%3), at most 200 GB, and on Linux at most the larger of 10 GB and 95% of "
                     "the free /dev/shm: a /dev/shm made larger for the loaders alone is then "
                     "mostly taken by the store. The generated files set the store to %3 "
                     "(--object-store-memory), so the two fit side by side.")
                  .arg(DefaultStorePercent)
                  .arg(formatSize(*memorySeen(p)), formatSize(store));
    }
    return why + QLatin1Char(' ') +
           Tr::tr("A store larger than the free /dev/shm moves to /tmp when it is 10 GB or less "
                  "(slower, with a warning) and stops Ray with a ValueError when it is larger, "
                  "unless RAY_OBJECT_STORE_ALLOW_SLOW_STORAGE=1.");
}

} // namespace shmwise::ray
