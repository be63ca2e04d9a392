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
    // A /dev/shm that stays as it is caps Ray's default; one the files raise does not.
    const std::optional<Bytes> fixedShm = p.shmAdjustable() ? std::nullopt : p.host.shmBytes;
    if (const auto m = memorySeen(p))
        return std::max(defaultObjectStoreBytes(*m, fixedShm), MinObjectStoreBytes);
    return std::nullopt;
}

StorePlace storePlaceFor(const Profile &p, Bytes store)
{
    if (p.shmAdjustable() || !p.host.shmBytes)
        return StorePlace::DevShm;
    return storePlace(store, *p.host.shmBytes);
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
                     "mostly taken by the store. KubeRay's files set the store to %3 "
                     "(object-store-memory); elsewhere start Ray with --object-store-memory, so "
                     "the two fit side by side.")
                  .arg(DefaultStorePercent)
                  .arg(formatSize(*memorySeen(p)), formatSize(store));
    }
    return why + QLatin1Char(' ') +
           Tr::tr("A store larger than the free /dev/shm moves to /tmp when it is 10 GB or less "
                  "(slower, with a warning) and stops Ray with a ValueError when it is larger, "
                  "unless RAY_OBJECT_STORE_ALLOW_SLOW_STORAGE=1.");
}

Bytes countedStoreBytes(const Profile &p)
{
    const std::optional<Bytes> store = storeBytes(p);
    if (!store || storePlaceFor(p, *store) != StorePlace::DevShm)
        return 0;
    return *store;
}

void appendToPlan(const Profile &p, ShmPlan &plan)
{
    if (!p.usesRay())
        return;
    const std::optional<Bytes> store = storeBytes(p);
    if (!store) {
        addPlanError(plan, "ray-store-size-unknown",
                     Tr::tr("Ray's object store shares /dev/shm with the job, and its default "
                            "size follows the memory Ray sees, which the profile does not "
                            "give: set ray.object_store_memory (Object store size in the "
                            "wizard) or the job's memory."));
        return;
    }
    const QString shm = p.host.shmBytes ? formatSize(*p.host.shmBytes) : QString();
    switch (storePlaceFor(p, *store)) {
    case StorePlace::DevShm:
        plan.breakdown.append(
            {QStringLiteral("ray"), Tr::tr("Ray's object store"), *store, explainStore(p, *store)});
        break;
    case StorePlace::Tmp:
        addPlanWarning(plan, "ray-store-in-tmp",
                       Tr::tr("Ray's object store (%1) does not fit the %2 of /dev/shm that "
                              "cannot change here, so Ray puts it in /tmp, on disk: slower, "
                              "and Ray warns at start. The plan counts no store in /dev/shm.")
                           .arg(formatSize(*store), shm));
        break;
    case StorePlace::RefusedStart:
        addPlanError(plan, "ray-store-refused",
                     Tr::tr("Ray's object store (%1) is over 10 GB and larger than the %2 of "
                            "/dev/shm that cannot change here: Ray refuses to start with a "
                            "ValueError. Set a smaller ray.object_store_memory, or "
                            "RAY_OBJECT_STORE_ALLOW_SLOW_STORAGE=1 to let it use /tmp.")
                         .arg(formatSize(*store), shm));
        break;
    }
}

} // namespace shmwise::ray
