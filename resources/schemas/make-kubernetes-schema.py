#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes kubernetes-workloads.json: JSON schemas for the workload kinds validate checks (Pod,
Deployment, StatefulSet, DaemonSet, Job, CronJob, PyTorchJob), made from

- the PodTemplateSpec schema inside the PyTorchJob CRD (kubeflow.org_pytorchjobs-v1.9.0.yaml,
  training-operator v1.9.0, generated from Kubernetes' own API types), which covers every field
  of a pod template;
- the field lists and simple types of ObjectMeta and the workload specs from the type
  declarations of the npm package kubernetes-models 5.1.0 (generated from Kubernetes' OpenAPI
  documents);
- the PyTorchJob CRD's openAPIV3Schema itself;
- the openAPIV3Schema of KubeRay's RayJob and RayCluster CRDs (ray.io/v1, KubeRay v1.7.0) and of
  Kubeflow Trainer's TrainJob CRD at each release ShmWise writes for (trainer.kubeflow.org/
  v1alpha1; definitions TrainJob-2.0 to TrainJob-2.3, since the field that patches the
  runtime's pods changed in each);
- the openAPIV3Schema of the LeaderWorkerSet CRD (leaderworkerset.x-k8s.io/v1, LWS v0.10.0) and
  of KServe's InferenceService CRD (serving.kserve.io/v1beta1, KServe v0.20.0);
- the openAPIV3Schema of Kyverno's ClusterPolicy CRD (kyverno.io/v1, Kyverno v1.19.0).

Kubernetes' schemas do not say `additionalProperties: false`, but the API server's strict field
validation (kubectl's default) refuses unknown fields, so every object schema that lists its
properties gets it here.

    make-kubernetes-schema.py NPM_TOOLS_DIR > kubernetes-workloads.json
"""
import json
import os
import re
import sys

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
npm = os.path.join(sys.argv[1] if len(sys.argv) > 1 else "/var/cache/shmwise/npm", "node_modules")
crd = yaml.safe_load(open(os.path.join(HERE, "kubeflow.org_pytorchjobs-v1.9.0.yaml")))
job = crd["spec"]["versions"][0]["schema"]["openAPIV3Schema"]
template = job["properties"]["spec"]["properties"]["pytorchReplicaSpecs"]["additionalProperties"][
    "properties"]["template"]


def dts(path):
    """Property name -> JSON schema from the first interface of a kubernetes-models .d.ts."""
    text = open(os.path.join(npm, path)).read()
    body = text[text.index("export interface"):]
    body = body[:body.index("\n}")]
    props = {}
    required = []
    for m in re.finditer(r'^    "([A-Za-z0-9_$]+)"(\??): (.+?);?$', body, re.M):
        name, opt, t = m.groups()
        if not opt:
            required.append(name)
        if t == "number":
            props[name] = {"type": "integer"}
        elif t == "string":
            props[name] = {"type": "string"}
        elif t == "boolean":
            props[name] = {"type": "boolean"}
        elif t.startswith("Array<string>"):
            props[name] = {"type": "array", "items": {"type": "string"}}
        elif t.startswith("Array<"):
            props[name] = {"type": "array"}
        elif t.startswith("{") and name in ("labels", "annotations", "matchLabels", "nodeSelector"):
            props[name] = {"type": "object", "additionalProperties": {"type": "string"}}
        elif t.startswith("{") and "string" in t:
            props[name] = {"type": "object", "additionalProperties": {"type": "string"}}
        elif t == "IPodTemplateSpec" or t.endswith("PodTemplateSpec"):
            props[name] = {"$ref": "#/definitions/podTemplate"}
        elif t.startswith('"'):
            props[name] = {"enum": re.findall(r'"([^"]*)"', t)}
        else:
            props[name] = {"type": "object"}
    return props, required


meta_props, _ = dts("@kubernetes-models/apimachinery/apis/meta/v1/ObjectMeta.d.ts")
meta = {"type": "object", "properties": meta_props}
template = json.loads(json.dumps(template))
template["properties"]["metadata"] = {"$ref": "#/definitions/objectMeta"}
defs = {"objectMeta": meta, "podTemplate": template}


def top(spec):
    return {"type": "object", "required": ["apiVersion", "kind", "metadata"],
            "properties": {"apiVersion": {"type": "string"}, "kind": {"type": "string"},
                           "metadata": {"$ref": "#/definitions/objectMeta"}, "spec": spec,
                           "status": {"type": "object", "additionalProperties": True}}}


for kind, path in [("Deployment", "kubernetes-models/apps/v1/DeploymentSpec.d.ts"),
                   ("StatefulSet", "kubernetes-models/apps/v1/StatefulSetSpec.d.ts"),
                   ("DaemonSet", "kubernetes-models/apps/v1/DaemonSetSpec.d.ts"),
                   ("Job", "kubernetes-models/batch/v1/JobSpec.d.ts")]:
    props, req = dts(path)
    defs[kind + "Spec"] = {"type": "object", "properties": props, "required": req}
    defs[kind] = top({"$ref": "#/definitions/%sSpec" % kind})
cron, cron_req = dts("kubernetes-models/batch/v1/CronJobSpec.d.ts")
cron["jobTemplate"] = {"type": "object", "properties": {
    "metadata": {"$ref": "#/definitions/objectMeta"}, "spec": {"$ref": "#/definitions/JobSpec"}}}
defs["CronJobSpec"] = {"type": "object", "properties": cron, "required": cron_req}
defs["CronJob"] = top({"$ref": "#/definitions/CronJobSpec"})
defs["Pod"] = top(template["properties"]["spec"])
defs["Pod"]["required"] = ["apiVersion", "kind", "metadata", "spec"]
pj = json.loads(json.dumps(job))
pj["properties"]["metadata"] = {"$ref": "#/definitions/objectMeta"}
pj["properties"]["spec"]["properties"]["pytorchReplicaSpecs"]["additionalProperties"][
    "properties"]["template"] = {"$ref": "#/definitions/podTemplate"}
pj["required"] = ["apiVersion", "kind", "metadata", "spec"]
defs["PyTorchJob"] = pj


def crd_schema(name, version):
    doc = yaml.safe_load(open(os.path.join(HERE, name)))
    for v in doc["spec"]["versions"]:
        if v["name"] == version:
            s = json.loads(json.dumps(v["schema"]["openAPIV3Schema"]))
            s["properties"]["metadata"] = {"$ref": "#/definitions/objectMeta"}
            s["required"] = ["apiVersion", "kind", "metadata", "spec"]
            return s
    raise SystemExit("%s has no version %s" % (name, version))


defs["RayJob"] = crd_schema("ray.io_rayjobs-v1.7.0.yaml", "v1")
defs["RayCluster"] = crd_schema("ray.io_rayclusters-v1.7.0.yaml", "v1")
defs["InferenceService"] = crd_schema("serving.kserve.io_inferenceservices-v0.20.0.yaml", "v1beta1")
defs["LeaderWorkerSet"] = crd_schema("leaderworkerset.x-k8s.io_leaderworkersets-v0.10.0.yaml", "v1")
defs["ClusterPolicy"] = crd_schema("kyverno.io_clusterpolicies-v1.19.0.yaml", "v1")
for release, tag in [("2.0", "2.0.1"), ("2.1", "2.1.0"), ("2.2", "2.2.1"), ("2.3", "2.3.0")]:
    defs["TrainJob-" + release] = crd_schema(
        "trainer.kubeflow.org_trainjobs-v%s.yaml" % tag, "v1alpha1")


def strict(s):
    if isinstance(s, list):
        return [strict(x) for x in s]
    if not isinstance(s, dict):
        return s
    out = {}
    for k, v in s.items():
        if k.startswith("x-kubernetes") and k != "x-kubernetes-preserve-unknown-fields":
            continue
        if k in ("description", "format"):
            continue  # long texts; formats (int32, date-time) are not checked by validate
        if k == "properties":  # field names, which may be any word ("description" too)
            out[k] = {name: strict(sub) for name, sub in v.items()}
        else:
            out[k] = strict(v) if k not in ("enum", "required") else v
    if s.get("x-kubernetes-int-or-string"):
        out["anyOf"] = [{"type": "integer"}, {"type": "string"}]
    if "properties" in out and "additionalProperties" not in out and \
            not s.get("x-kubernetes-preserve-unknown-fields"):
        out["additionalProperties"] = False
    out.pop("x-kubernetes-preserve-unknown-fields", None)
    return out


json.dump({"_source": "made by make-kubernetes-schema.py from kubeflow.org_pytorchjobs-v1.9.0.yaml "
                      "(training-operator v1.9.0), kubernetes-models 5.1.0, KubeRay v1.7.0's "
                      "RayJob and RayCluster CRDs and Kubeflow Trainer's TrainJob CRDs "
                      "(v2.0.1, v2.1.0, v2.2.1, v2.3.0), LeaderWorkerSet v0.10.0's CRD, KServe v0.20.0's "
                      "InferenceService CRD and "
                      "Kyverno v1.19.0's ClusterPolicy CRD",
           "definitions": strict(defs)}, sys.stdout, separators=(",", ":"), sort_keys=True)
