// SPDX-License-Identifier: GPL-3.0-or-later
// Admission policies that touch emptyDirs: Kyverno's ClusterPolicy, Policy and MutatingPolicy,
// and Kubernetes' MutatingAdmissionPolicy. kyverno/policies' add-emptydir-sizelimit
// (other/add-emptydir-sizelimit) gives every emptyDir without a sizeLimit 100Mi, whatever its
// medium: a pod's /dev/shm volume written without a sizeLimit is then capped at 100Mi.
#include "validators/validate_kubernetes_p.h"

namespace shmwise::validators {

namespace {

// Every key and scalar under `n`, joined (the text a mutation is written in: patches, anchors,
// CEL expressions).
void collectText(const YamlNode &n, QString &out, int depth)
{
    if (!n.isDefined() || depth > 64 || out.size() > 1 << 20)
        return;
    if (n.isScalar()) {
        out += scalar(n);
        out += QLatin1Char('\n');
    } else if (n.isMap()) {
        for (std::size_t i = 0; i < n.size(); ++i) {
            collectText(n.key(i), out, depth + 1);
            collectText(n.value(i), out, depth + 1);
        }
    } else if (n.isSequence()) {
        for (std::size_t i = 0; i < n.size(); ++i)
            collectText(n.item(i), out, depth + 1);
    }
}

// A mutation that writes a sizeLimit into emptyDirs and never looks at their medium.
void checkMutation(const YamlNode &mutation, const YamlNode &at, Sink &sink)
{
    QString text;
    collectText(mutation, text, 0);
    if (!text.contains(QLatin1String("emptyDir")) || !text.contains(QLatin1String("sizeLimit")) ||
        text.contains(QLatin1String("medium")))
        return;
    sink.warning(
        lineOf(at), columnOf(at),
        Tr::tr("this mutation gives emptyDir volumes a sizeLimit without looking at their "
               "medium, so a memory-backed /dev/shm written without one is capped too "
               "(Kyverno's add-emptydir-sizelimit makes it 100Mi, and DataLoader workers "
               "fail with a Bus error): skip emptyDir volumes with medium: Memory, or give "
               "every /dev/shm volume its own sizeLimit"));
}

} // namespace

void checkPolicy(const YamlNode &doc, const QString &kind, Sink &sink)
{
    const YamlNode spec = child(doc, "spec");
    if (kind == QLatin1String("MutatingAdmissionPolicy") || child(spec, "mutations").isDefined()) {
        const YamlNode m = child(spec, "mutations");
        if (m.isSequence())
            for (std::size_t i = 0; i < m.size(); ++i)
                checkMutation(m.item(i), m.item(i), sink);
        return;
    }
    const YamlNode rules = child(spec, "rules");
    if (!rules.isSequence())
        return;
    for (std::size_t i = 0; i < rules.size(); ++i) {
        const YamlNode mutate = child(rules.item(i), "mutate");
        if (mutate.isDefined())
            checkMutation(mutate, rules.item(i), sink);
    }
}

} // namespace shmwise::validators
