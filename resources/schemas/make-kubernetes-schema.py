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
- the PyTorchJob CRD's openAPIV3Schema itself.

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
        out[k] = strict(v) if k not in ("enum", "required") else v
    if s.get("x-kubernetes-int-or-string"):
        out["anyOf"] = [{"type": "integer"}, {"type": "string"}]
    if "properties" in out and "additionalProperties" not in out and \
            not s.get("x-kubernetes-preserve-unknown-fields"):
        out["additionalProperties"] = False
    out.pop("x-kubernetes-preserve-unknown-fields", None)
    return out


json.dump({"_source": "made by make-kubernetes-schema.py from kubeflow.org_pytorchjobs-v1.9.0.yaml "
                      "(training-operator v1.9.0) and kubernetes-models 5.1.0",
           "definitions": strict(defs)}, sys.stdout, separators=(",", ":"), sort_keys=True)
