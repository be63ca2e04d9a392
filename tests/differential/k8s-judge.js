// SPDX-License-Identifier: GPL-3.0-or-later
// k8s-judge.js NPM_TOOLS_DIR FILE
// Judges Kubernetes manifests as the API server does with strict field validation (kubectl's
// default): the OpenAPI schemas compiled in kubernetes-models (types, required fields, enums),
// unknown fields refused (the field lists of kubernetes-models' type declarations and the
// PyTorchJob CRD's openAPIV3Schema, training-operator v1.9.0), the API server's name rules
// (pkg/apis/core/validation: DNS-1123 names, mounts naming a volume) and the training
// operator's webhook rules for PyTorchJob; KubeRay's RayJob and RayCluster, Kubeflow Trainer's
// TrainJob and Kyverno's ClusterPolicy by their pinned CRDs (resources/schemas) with KubeRay's and
// Trainer's admission rules. Exit 0: accepted; 1: refused, first reason printed.
const path = require("path");
const fs = require("fs");
const root = path.join(process.argv[2], "node_modules");
const yaml = require(path.join(root, "js-yaml"));
const km = (p) => require(path.join(root, "kubernetes-models", p));
const crdPath = path.join(__dirname, "..", "..", "resources", "schemas", "kubeflow.org_pytorchjobs-v1.9.0.yaml");
const crd = yaml.load(fs.readFileSync(fs.existsSync(crdPath) ? crdPath : "/work/shared/schemas/kubeflow.org_pytorchjobs-v1.9.0.yaml", "utf8"));
const jobSchema = crd.spec.versions[0].schema.openAPIV3Schema;
const templateSchema = jobSchema.properties.spec.properties.pytorchReplicaSpecs.additionalProperties.properties.template;

function declaredKeys(file) {
  const text = fs.readFileSync(path.join(root, file), "utf8");
  const body = text.slice(text.indexOf("export interface"));
  const end = body.indexOf("\n}");
  const keys = new Set();
  for (const m of body.slice(0, end).matchAll(/^    "([A-Za-z0-9_$]+)"\??:/gm)) keys.add(m[1]);
  return keys;
}
const objectMeta = declaredKeys("@kubernetes-models/apimachinery/apis/meta/v1/ObjectMeta.d.ts");
const specKeys = {
  Deployment: declaredKeys("kubernetes-models/apps/v1/DeploymentSpec.d.ts"),
  StatefulSet: declaredKeys("kubernetes-models/apps/v1/StatefulSetSpec.d.ts"),
  DaemonSet: declaredKeys("kubernetes-models/apps/v1/DaemonSetSpec.d.ts"),
  Job: declaredKeys("kubernetes-models/batch/v1/JobSpec.d.ts"),
  CronJob: declaredKeys("kubernetes-models/batch/v1/CronJobSpec.d.ts"),
};
const models = {
  "v1/Pod": () => km("v1/Pod").Pod,
  "apps/v1/Deployment": () => km("apps/v1/Deployment").Deployment,
  "apps/v1/StatefulSet": () => km("apps/v1/StatefulSet").StatefulSet,
  "apps/v1/DaemonSet": () => km("apps/v1/DaemonSet").DaemonSet,
  "batch/v1/Job": () => km("batch/v1/Job").Job,
  "batch/v1/CronJob": () => km("batch/v1/CronJob").CronJob,
  "v1/ConfigMap": () => km("v1/ConfigMap").ConfigMap,
  "v1/Secret": () => km("v1/Secret").Secret,
  "v1/Service": () => km("v1/Service").Service,
  "v1/Namespace": () => km("v1/Namespace").Namespace,
  "v1/PersistentVolumeClaim": () => km("v1/PersistentVolumeClaim").PersistentVolumeClaim,
};
const errors = [];
const isObj = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

function strictKeys(obj, keys, where) {
  if (!isObj(obj)) return;
  for (const k of Object.keys(obj)) if (!keys.has(k)) errors.push(`${where}: unknown field "${k}"`);
}
// Unknown fields against a structural schema (CRD openAPIV3Schema).
function strict(obj, schema, where) {
  if (!schema || obj === null || obj === undefined) return;
  if (schema["x-kubernetes-preserve-unknown-fields"]) return;
  if (Array.isArray(obj)) {
    if (schema.items) obj.forEach((v, i) => strict(v, schema.items, `${where}[${i}]`));
    return;
  }
  if (!isObj(obj)) return;
  if (schema.properties) {
    for (const [k, v] of Object.entries(obj)) {
      if (!(k in schema.properties)) errors.push(`${where}: unknown field "${k}"`);
      else strict(v, schema.properties[k], `${where}.${k}`);
    }
  } else if (isObj(schema.additionalProperties)) {
    for (const [k, v] of Object.entries(obj)) strict(v, schema.additionalProperties, `${where}.${k}`);
  }
}
const dns1123Label = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const dns1123Sub = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
function checkMeta(meta, where, needName) {
  if (!isObj(meta)) { if (needName) errors.push(`${where}: metadata.name is required`); return; }
  strictKeys(meta, objectMeta, where);
  if (meta.name === undefined && meta.generateName === undefined && needName) errors.push(`${where}.name: required`);
  if (typeof meta.name === "string" && (meta.name.length > 253 || !dns1123Sub.test(meta.name)))
    errors.push(`${where}.name: "${meta.name}" is not a DNS-1123 subdomain`);
}
function checkPodSpec(spec, where) {
  if (!isObj(spec)) return;
  strict(spec, templateSchema.properties.spec, where);
  const vols = new Set();
  for (const v of spec.volumes || []) {
    if (!isObj(v)) continue;
    if (typeof v.name === "string" && (v.name.length > 63 || !dns1123Label.test(v.name)))
      errors.push(`${where}.volumes: name "${v.name}" is not a DNS-1123 label`);
    vols.add(v.name);
  }
  for (const list of ["containers", "initContainers"]) {
    for (const c of spec[list] || []) {
      if (!isObj(c)) continue;
      if (typeof c.name === "string" && (c.name.length > 63 || !dns1123Label.test(c.name)))
        errors.push(`${where}.${list}: name "${c.name}" is not a DNS-1123 label`);
      for (const m of c.volumeMounts || []) {
        if (isObj(m) && !vols.has(m.name)) errors.push(`${where}.${list}.volumeMounts: volume "${m.name}" not found`);
      }
    }
  }
}
function checkTemplate(t, where) {
  if (!isObj(t)) return;
  strictKeys(t, new Set(["metadata", "spec"]), where);
  if (t.metadata) checkMeta(t.metadata, where + ".metadata", false);
  checkPodSpec(t.spec, where + ".spec");
}
function validateModel(make, doc, what) {
  try { new (make())(doc).validate(); } catch (e) { errors.push(what + ": " + e.message); }
}
// Custom resources judged by their pinned CRDs (resources/schemas): the openAPIV3Schema with
// unknown fields refused, then the operator's own admission rules. A TrainJob is taken when one
// of Trainer's releases takes it (one apiVersion, a schema per release).
const schemaDir = path.join(__dirname, "..", "..", "resources", "schemas");
const crdFiles = {
  "ray.io/v1/RayJob": ["ray.io_rayjobs-v1.7.0.yaml"],
  "ray.io/v1/RayCluster": ["ray.io_rayclusters-v1.7.0.yaml"],
  "trainer.kubeflow.org/v1alpha1/TrainJob": ["trainer.kubeflow.org_trainjobs-v2.0.1.yaml",
    "trainer.kubeflow.org_trainjobs-v2.1.0.yaml", "trainer.kubeflow.org_trainjobs-v2.2.1.yaml",
    "trainer.kubeflow.org_trainjobs-v2.3.0.yaml"],
  "kyverno.io/v1/ClusterPolicy": ["kyverno.io_clusterpolicies-v1.19.0.yaml"],
  "leaderworkerset.x-k8s.io/v1/LeaderWorkerSet": ["leaderworkerset.x-k8s.io_leaderworkersets-v0.10.0.yaml"],
  "serving.kserve.io/v1beta1/InferenceService": ["serving.kserve.io_inferenceservices-v0.20.0.yaml"],
  // Versions the CRDs still serve.
  "ray.io/v1alpha1/RayJob": ["ray.io_rayjobs-v1.7.0.yaml"],
  "ray.io/v1alpha1/RayCluster": ["ray.io_rayclusters-v1.7.0.yaml"],
  "kyverno.io/v2beta1/ClusterPolicy": ["kyverno.io_clusterpolicies-v1.19.0.yaml"],
};
// The API server prunes nulls given for a custom resource's fields that are not nullable
// (apiextensions-apiserver, PruneNonNullableNullsWithoutDefaults): such a field is unset.
const dropNulls = (v) => {
  if (Array.isArray(v)) v.forEach(dropNulls);
  else if (isObj(v)) for (const k of Object.keys(v)) { if (v[k] === null) delete v[k]; else dropNulls(v[k]); }
};
function crdSchemas(key) {
  const version = key.split("/").slice(-2)[0];
  return crdFiles[key].map((f) => {
    const crd = yaml.load(fs.readFileSync(path.join(schemaDir, f), "utf8"));
    const v = crd.spec.versions.find((x) => x.name === version);
    return { file: f, schema: v.schema.openAPIV3Schema };
  });
}
function schemaErrors(doc, jobSchemaIn, label) {
  const errs = [];
  const Ajv = require(path.join(root, "ajv"));
  const ajv = new Ajv({ strict: false, allErrors: false, logger: false, validateFormats: false });
  const fix = (s) => {
    if (!isObj(s)) return s;
    if (s["x-kubernetes-int-or-string"]) return { anyOf: [{ type: "integer" }, { type: "string" }] };
    for (const [k, v] of Object.entries(s)) {
      if (k === "properties" && isObj(v)) { for (const [n, sub] of Object.entries(v)) v[n] = fix(sub); continue; }
      if (Array.isArray(v)) s[k] = v.map(fix); else if (isObj(v)) s[k] = fix(v);
    }
    return s;
  };
  const schema = fix(JSON.parse(JSON.stringify(jobSchemaIn)));
  const strip = (s) => {
    if (Array.isArray(s)) { s.forEach(strip); return; }
    if (!isObj(s)) return;
    for (const k of Object.keys(s)) {
      if (k === "properties" && isObj(s[k])) { Object.values(s[k]).forEach(strip); continue; }
      if (k.startsWith("x-kubernetes")) delete s[k]; else strip(s[k]);
    }
  };
  strip(schema);
  if (!ajv.validate(schema, doc)) errs.push(label + " schema: " + ajv.errorsText(ajv.errors));
  const before = errors.length;
  strict(doc.spec, jobSchemaIn.properties.spec, "spec");
  errs.push(...errors.splice(before));
  return errs;
}
const dns1035 = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;
// KubeRay v1.7.0, ray-operator/controllers/ray/utils/validation.go.
function checkRay(doc) {
  const most = doc.kind === "RayJob" ? 47 : 53;
  const name = (doc.metadata || {}).name;
  if (typeof name === "string" && (name.length > most || !dns1035.test(name)))
    errors.push(`${doc.kind}: name "${name}" is not a DNS-1035 label of at most ${most}`);
  const spec = doc.spec || {};
  let cluster = spec;
  if (doc.kind === "RayJob") {
    if (!spec.rayClusterSpec && !spec.clusterSelector) errors.push("RayJob: one of rayClusterSpec or clusterSelector must be set");
    cluster = spec.rayClusterSpec || {};
  }
  const groups = [["head", cluster.headGroupSpec]].concat((cluster.workerGroupSpecs || []).map((g, i) => [`worker ${i}`, g]));
  for (const [what, g] of groups) {
    if (!isObj(g)) continue;
    const ps = ((g.template || {}).spec) || {};
    if (!Array.isArray(ps.containers) || !ps.containers.length) errors.push(`${what}: at least one container`);
    checkPodSpec(ps, `${what}.template.spec`);
    if (g.minReplicas !== undefined && g.maxReplicas !== undefined && g.minReplicas > g.maxReplicas)
      errors.push(`${what}: minReplicas greater than maxReplicas`);
  }
}
// Kubeflow Trainer's webhook (pkg/webhooks/trainjob_webhook.go): runtimePatches' manager is a
// domain-prefixed path; patches name containers the shipped runtimes have.
const shippedRuntimes = new Set(["torch-distributed", "deepspeed-distributed", "mlx-distributed", "mpi-distributed",
  "jax-distributed", "xgboost-distributed", "torchtune-llama3.2-1b", "torchtune-llama3.2-3b", "torchtune-qwen2.5-1.5b"]);
function checkTrainJob(doc) {
  const spec = doc.spec || {};
  const name = (doc.metadata || {}).name;
  if (typeof name === "string" && (name.length > 63 || !dns1123Label.test(name))) errors.push(`TrainJob: name "${name}" is not a DNS-1123 label`);
  const parts = [];
  for (const o of spec.podSpecOverrides || []) parts.push(o);
  for (const o of spec.podTemplateOverrides || []) parts.push((o || {}).spec || {});
  for (const p of spec.runtimePatches || []) {
    if (!isObj(p)) continue;
    if (typeof p.manager === "string" && !/^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/[A-Za-z0-9\/\-._~%!$&'()*+,;=:]+$/.test(p.manager))
      errors.push(`TrainJob: manager "${p.manager}" is not a domain-prefixed path`);
    const jobs = ((((p.trainingRuntimeSpec || {}).template || {}).spec || {}).replicatedJobs) || [];
    for (const j of jobs) parts.push(((((j || {}).template || {}).spec || {}).template || {}).spec || {});
  }
  const runtime = (spec.runtimeRef || {}).name;
  if (shippedRuntimes.has(runtime))
    for (const p of parts)
      for (const c of (isObj(p) && p.containers) || [])
        if (isObj(c) && !["node", "dataset-initializer", "model-initializer"].includes(c.name))
          errors.push(`TrainJob: runtime ${runtime} has no container ${c.name}`);
}
const top = new Set(["apiVersion", "kind", "metadata", "spec", "status"]);
let docs;
try {
  docs = yaml.loadAll(fs.readFileSync(process.argv[3], "utf8"));
} catch (e) {
  console.error("YAML: " + e.message.split("\n")[0]);
  process.exit(1);
}
for (const doc of docs) {
  if (doc === null || doc === undefined) continue;
  if (!isObj(doc)) { errors.push("a document is not a mapping"); continue; }
  const key = doc.apiVersion + "/" + doc.kind;
  if (key === "kubeflow.org/v1/PyTorchJob") {
    dropNulls(doc);
    strictKeys(doc, top, "PyTorchJob");
    checkMeta(doc.metadata, "metadata", true);
    const Ajv = require(path.join(root, "ajv"));
    const ajv = new Ajv({ strict: false, allErrors: false, logger: false, validateFormats: false });
    // int-or-string fields (quantities, ports) are typed by x-kubernetes-int-or-string.
    const fix = (s) => {
      if (!isObj(s)) return s;
      if (s["x-kubernetes-int-or-string"]) return { anyOf: [{ type: "integer" }, { type: "string" }] };
      for (const [k, v] of Object.entries(s)) {
        if (Array.isArray(v)) s[k] = v.map(fix); else if (isObj(v)) s[k] = fix(v);
      }
      return s;
    };
    const schema = fix(JSON.parse(JSON.stringify(jobSchema)));
    const strip = (s) => { if (isObj(s)) for (const k of Object.keys(s)) { if (k.startsWith("x-kubernetes")) delete s[k]; else strip(s[k]); } else if (Array.isArray(s)) s.forEach(strip); };
    strip(schema);
    const ok = ajv.validate(schema, doc);
    if (!ok) errors.push("PyTorchJob schema: " + ajv.errorsText(ajv.errors));
    const spec = doc.spec || {};
    strict(spec, jobSchema.properties.spec, "spec");
    const specs = spec.pytorchReplicaSpecs || {};
    for (const [role, rs] of Object.entries(specs)) {
      if (!["Master", "Worker"].includes(role)) errors.push(`PyTorchJob: replica type ${role} is not Master or Worker`);
      if (!isObj(rs)) continue;
      checkTemplate(rs.template, `${role}.template`);
      const cs = (((rs.template || {}).spec) || {}).containers || [];
      if (!cs.length) errors.push(`${role}: no containers`);
      for (const c of cs) if (isObj(c) && !c.image) errors.push(`${role}: a container has no image`);
      if (!cs.some((c) => isObj(c) && c.name === "pytorch")) errors.push(`${role}: no container named pytorch`);
    }
    if (specs.Master && (specs.Master.replicas ?? 1) !== 1) errors.push("PyTorchJob: Master must have 1 replica");
    if (specs.Worker && specs.Worker.replicas !== undefined && specs.Worker.replicas < 1) errors.push("PyTorchJob: Worker needs at least 1 replica");
    if (spec.elasticPolicy && !specs.Worker) errors.push("PyTorchJob: elasticPolicy needs a Worker");
    if (spec.elasticPolicy && spec.elasticPolicy.nProcPerNode !== undefined && spec.nprocPerNode !== undefined)
      errors.push("PyTorchJob: nprocPerNode and elasticPolicy.nProcPerNode are both set");
  } else if (crdFiles[key]) {
    dropNulls(doc);
    strictKeys(doc, top, doc.kind);
    checkMeta(doc.metadata, "metadata", true);
    let best = null;
    for (const { file, schema } of crdSchemas(key)) {
      const errs = schemaErrors(doc, schema, `${doc.kind} (${file})`);
      if (!errs.length) { best = []; break; }
      if (best === null || errs.length <= best.length) best = errs;
    }
    errors.push(...best);
    if (doc.kind === "RayJob" || doc.kind === "RayCluster") checkRay(doc);
    if (doc.kind === "TrainJob") checkTrainJob(doc);
  } else if (models[key]) {
    validateModel(models[key], doc, doc.kind);
    const dataKinds = { ConfigMap: ["data", "binaryData", "immutable"], Secret: ["data", "stringData", "type", "immutable"] };
    strictKeys(doc, new Set([...top, ...(dataKinds[doc.kind] || [])]), doc.kind);
    checkMeta(doc.metadata, "metadata", true);
    if (doc.kind === "Pod") checkPodSpec(doc.spec, "spec");
    else if (specKeys[doc.kind] && isObj(doc.spec)) {
      strictKeys(doc.spec, specKeys[doc.kind], "spec");
      if (doc.kind === "CronJob") {
        const jt = doc.spec.jobTemplate;
        if (isObj(jt)) {
          strictKeys(jt, new Set(["metadata", "spec"]), "spec.jobTemplate");
          if (isObj(jt.spec)) {
            strictKeys(jt.spec, specKeys.Job, "spec.jobTemplate.spec");
            checkTemplate(jt.spec.template, "spec.jobTemplate.spec.template");
          }
        }
      } else {
        checkTemplate(doc.spec.template, "spec.template");
      }
    }
  } else {
    errors.push(`no such kind: ${key}`);
  }
}
if (errors.length) { console.error(errors.join("\n")); process.exit(1); }
console.log("accepted");
