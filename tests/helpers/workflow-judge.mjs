// SPDX-License-Identifier: GPL-3.0-or-later
// workflow-judge.mjs NPM_TOOLS_DIR FILE
// Parses a GitHub Actions workflow with GitHub's own parser (@actions/workflow-parser, the one
// the Actions language service uses): exit 0 and the jobs' container options when it takes the
// file, 1 and its first errors when it does not.
import { register } from "node:module";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

// The package imports its schema as JSON without an import attribute (it is built for
// bundlers); this hook adds the attribute Node asks for.
register("data:text/javascript," + encodeURIComponent(`
export async function load(url, context, next) {
  if (url.endsWith(".json"))
    return next(url, { ...context, importAttributes: { type: "json" } });
  return next(url, context);
}`));
const dist = path.join(process.argv[2], "node_modules", "@actions", "workflow-parser", "dist", "index.js");
const { parseWorkflow, NoOperationTraceWriter, convertWorkflowTemplate } = await import(pathToFileURL(dist).href);
const name = process.argv[3];
const parsed = parseWorkflow({ name, content: fs.readFileSync(name, "utf8") }, new NoOperationTraceWriter());
const errors = parsed.context.errors.getErrors().map((e) => e.message);
let template = null;
if (!errors.length && parsed.value) {
  template = await convertWorkflowTemplate(parsed.context, parsed.value);
  for (const e of template.errors || []) errors.push(e.Message);
}
if (errors.length) {
  console.error(errors.slice(0, 5).join("\n"));
  process.exit(1);
}
// Tokens: each key and value carries its text in .value.
for (const job of template.jobs || []) {
  const c = job.container;
  if (!c || !c.map) continue;
  for (const kv of c.map)
    if (kv.key && kv.key.value === "options") console.log(`${job.id.value}: options ${kv.value.value}`);
}
