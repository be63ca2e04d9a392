// SPDX-License-Identifier: GPL-3.0-or-later
// workflow-judge.mjs NPM_TOOLS_DIR FILE
// Parses a GitHub Actions workflow with GitHub's own parser (@actions/workflow-parser, the one
// the Actions language service uses): exit 0 and the jobs' container options when it takes the
// file, 1 and its first errors when it does not. Each step's run script is printed as GitHub
// hands it to the shell: its expressions evaluated (@actions/expressions) in a context whose
// github.event.pull_request.title is "INJECTED", as an attacker's pull request would set it.
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
// A run script: a literal string token (.value), or an expression token (.expr, the parser's
// format(...) of the literal parts and the expressions) that GitHub evaluates first. (This
// release of @actions/expressions undoubles only the first '' of a string literal, so a quote in
// the literal parts may show doubled; GitHub's runner undoubles them all.)
const ex = await import(pathToFileURL(path.join(process.argv[2], "node_modules", "@actions",
  "expressions", "dist", "index.js")).href);
const context = JSON.parse(JSON.stringify({
  github: { event: { pull_request: { title: "INJECTED" } } },
}), ex.data.reviver);
for (const job of template.jobs || []) {
  for (const step of job.steps || []) {
    if (!step.run) continue;
    let text = step.run.value;
    if (text === undefined && step.run.expr !== undefined) {
      const lexed = new ex.Lexer(step.run.expr).lex();
      const tree = new ex.Parser(lexed.tokens, ["github"], []).parse();
      text = new ex.Evaluator(tree, context).evaluate().coerceString();
    }
    console.log(`${job.id.value}: run ${text}`);
  }
}
