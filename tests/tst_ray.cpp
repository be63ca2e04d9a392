// SPDX-License-Identifier: GPL-3.0-or-later
// Ray's object store in /dev/shm (core/ray): the size Ray gives it, where Ray puts it, and the
// plan's term for it.
#include "core/ray.h"
#include "core/sizing.h"

#include <QTest>

using namespace shmwise;

namespace {
constexpr Bytes GB = 1000ULL * 1000 * 1000;

Profile rayProfile()
{
    Profile p = newProfile();
    p.environment = Environment::Docker;
    p.ray.used = true;
    return p;
}

const PlanTerm *term(const ShmPlan &plan, const QString &id)
{
    for (const PlanTerm &t : plan.breakdown)
        if (t.id == id)
            return &t;
    return nullptr;
}
} // namespace

class TestRay : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void defaultStore()
    {
        // 30% of the memory available.
        QCOMPARE(ray::defaultObjectStoreBytes(64 * GiB), 64 * GiB * 3 / 10);
        QCOMPARE(ray::defaultObjectStoreBytes(10), Bytes(3));
        // At most 200 GB (decimal), whatever the memory.
        QCOMPARE(ray::defaultObjectStoreBytes(2048 * GiB), 200 * GB);
        // On Linux at most the larger of 10 GB and 95% of the free /dev/shm: Docker's 64 MiB
        // still gives a store of up to 10 GB (which then goes to /tmp).
        QCOMPARE(ray::defaultObjectStoreBytes(64 * GiB, Bytes(64) << 20), 10 * GB);
        QCOMPARE(ray::defaultObjectStoreBytes(64 * GiB, 16 * GiB), 16 * GiB / 100 * 95);
        QCOMPARE(ray::defaultObjectStoreBytes(64 * GiB, 512 * GiB), 64 * GiB * 3 / 10);
    }

    void place()
    {
        QCOMPARE(ray::storePlace(8 * GiB, 16 * GiB), ray::StorePlace::DevShm);
        QCOMPARE(ray::storePlace(8 * GiB, 8 * GiB), ray::StorePlace::Tmp); // not more than free
        QCOMPARE(ray::storePlace(10 * GB, Bytes(64) << 20), ray::StorePlace::Tmp);
        QCOMPARE(ray::storePlace(10 * GB + 1, Bytes(64) << 20), ray::StorePlace::RefusedStart);
    }

    void storeFromTheProfile()
    {
        Profile p = rayProfile();
        p.job.memoryBytes.reset();
        p.host.memoryBytes.reset();
        QVERIFY(!ray::storeBytes(p)); // nothing to size the default by
        p.host.memoryBytes = 100 * GiB;
        QCOMPARE(*ray::storeBytes(p), 30 * GiB);
        p.job.memoryBytes = 10 * GiB; // the job's (its container's) memory comes first
        QCOMPARE(*ray::storeBytes(p), 3 * GiB);
        p.ray.objectStoreBytes = 5 * GiB;
        QCOMPARE(*ray::storeBytes(p), 5 * GiB);
        p.ray.used = false;
        QCOMPARE(*ray::storeBytes(p), Bytes(0));
        // KubeRay's kinds are Ray's whatever the profile says.
        p.environment = Environment::Kubernetes;
        p.kubernetes.kind = KubernetesKind::RayCluster;
        QVERIFY(p.usesRay());
        QCOMPARE(*ray::storeBytes(p), 5 * GiB);
    }

    void planCountsTheStore()
    {
        Profile p = rayProfile();
        p.job.memoryBytes = 64 * GiB;
        Profile without = p;
        without.ray.used = false;
        const ShmPlan a = computePlan(p);
        const ShmPlan b = computePlan(without);
        QVERIFY(a.errors.isEmpty());
        const PlanTerm *t = term(a, QStringLiteral("ray"));
        QVERIFY(t);
        QCOMPARE(t->bytes, ray::defaultObjectStoreBytes(64 * GiB));
        QVERIFY(!term(b, QStringLiteral("ray")));
        // The store is added as it is: no margin over a ceiling Ray keeps to.
        QCOMPARE(a.requiredBytes, b.requiredBytes + t->bytes);
        // Headroom is over the rest: what is recommended beyond the store is about what the
        // job without Ray gets (rounding aside), not a quarter of the store on top.
        QVERIFY(a.recommendedBytes >= a.requiredBytes);
        QVERIFY(a.recommendedBytes < t->bytes + b.recommendedBytes + b.recommendedBytes / 4 + GiB);
        QVERIFY(t->why.contains(QLatin1String("RAY_OBJECT_STORE_ALLOW_SLOW_STORAGE")));
    }

    // A /dev/shm that cannot change caps Ray's default at 95% of it (at least 10 GB), and a
    // store it cannot hold goes to /tmp (10 GB or less) or stops Ray.
    void fixedShmMovesOrStopsTheStore()
    {
        Profile p = rayProfile();
        p.job.memoryBytes = 512 * GiB;
        p.host.shmAdjustable = false;
        p.host.shmBytes = 64 * GiB;
        QCOMPARE(*ray::storeBytes(p), 64 * GiB / 100 * 95);
        ShmPlan plan = computePlan(p);
        const PlanTerm *t = term(plan, QStringLiteral("ray"));
        QVERIFY(t);
        QCOMPARE(t->bytes, 64 * GiB / 100 * 95);
        // Docker's 64 MiB: the default (at most 10 GB) goes to /tmp, none of it in /dev/shm.
        p.host.shmBytes = Bytes(64) << 20;
        QCOMPARE(*ray::storeBytes(p), 10 * GB);
        QCOMPARE(ray::storePlaceFor(p, *ray::storeBytes(p)), ray::StorePlace::Tmp);
        plan = computePlan(p);
        QVERIFY(!term(plan, QStringLiteral("ray")));
        QVERIFY(plan.errors.isEmpty());
        QVERIFY(plan.warnings.join(QLatin1Char(' ')).contains(QLatin1String("/tmp")));
        // A store set above 10 GB that does not fit: Ray refuses to start.
        p.ray.objectStoreBytes = 16 * GiB;
        plan = computePlan(p);
        QVERIFY(!plan.errors.isEmpty());
        QVERIFY(plan.errors.join(QLatin1Char(' '))
                    .contains(QLatin1String("RAY_OBJECT_STORE_ALLOW_SLOW_STORAGE")));
        // Where /dev/shm can be raised, the files raise it: the store is counted in full.
        p.host.shmAdjustable = true;
        QCOMPARE(term(computePlan(p), QStringLiteral("ray"))->bytes, 16 * GiB);
    }

    void unknownMemoryIsAnError()
    {
        Profile p = rayProfile();
        p.job.memoryBytes.reset();
        p.host.memoryBytes.reset();
        const ShmPlan plan = computePlan(p);
        QCOMPARE(plan.errors.size(), 1);
        QVERIFY(plan.errors.first().contains(QLatin1String("ray.object_store_memory")));
        p.ray.objectStoreBytes = 2 * GiB;
        QVERIFY(computePlan(p).errors.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestRay)
#include "tst_ray.moc"
