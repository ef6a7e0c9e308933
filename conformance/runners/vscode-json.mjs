// Runner for the vscode-json-languageservice lane: an APPROXIMATION of VS Code's MCP client, not
// VS Code itself. Usage:
//   node vscode-json.mjs JOB.json OUT.json
// For each served tool it does what VS Code's `McpServer._normalizeTool` does (as read in
// microsoft/vscode src/vs/workbench/contrib/mcp/common/mcpServer.ts): an empty description
// becomes "<empty>", a name with characters outside [a-z0-9_-] has them replaced by "_", and
// `JSON.stringify(inputSchema)` goes to the `json.validate` command with the schema URI
// https://json-schema.org/draft-07/schema; any diagnostic leaves the tool out, its messages shown
// as "<message> (at <JSON pointer>)". The `json.validate` command is played here by the language
// service the JSON extension runs: a temporary `json` document associated with that schema URI
// and validated with the JSON extension's settings for `json` documents (comments and trailing
// commas are errors). A `$schema` the tool declares takes precedence, as in the editor. A schema
// the language service does not carry, VS Code downloads: here the official meta-schemas are
// served from job.meta_schemas (by URI, http or https, with or without "#"), and any other
// download is refused (the refusal is what the record then shows).
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const job = JSON.parse(readFileSync(process.argv[2], "utf8"));
const require = createRequire(path.join(job.install, "package.json"));
const service = require("vscode-json-languageservice");
const { TextDocument } = require("vscode-languageserver-textdocument");
const jsonc = require("jsonc-parser");

const DRAFT_07 = "https://json-schema.org/draft-07/schema";
const INVALID_CHARS = /[^a-z0-9_-]/gi;
const DOCUMENT = "vscode://schemas/temp/portlint-conformance";

const metaSchemas = job.meta_schemas ?? {};
function requestSchema(uri) {
  const key = uri.replace(/#$/, "");
  for (const candidate of [key, key.replace(/^https:/, "http:"), key.replace(/^http:/, "https:")]) {
    if (Object.hasOwn(metaSchemas, candidate)) {
      return Promise.resolve(JSON.stringify(metaSchemas[candidate]));
    }
  }
  return Promise.reject(`portlint conformance: no schema download here (VS Code would fetch ${uri})`);
}

const languageService = service.getLanguageService({
  schemaRequestService: requestSchema,
  workspaceContext: { resolveRelativePath: (relative, resource) => new URL(relative, resource).href },
});
languageService.configure({ validate: true, schemas: [{ uri: DRAFT_07, fileMatch: [DOCUMENT] }] });

let counter = 0;
async function validate(text) {
  counter += 1;
  const document = TextDocument.create(`${DOCUMENT}-${counter}`, "json", 1, text);
  languageService.configure({
    validate: true, schemas: [{ uri: DRAFT_07, fileMatch: [document.uri] }] });
  const parsed = languageService.parseJSONDocument(document);
  return languageService.doValidation(document, parsed,
                                      { comments: "error", trailingCommas: "error" });
}

async function normalise(original, console) {
  const tool = { ...original };
  if (!tool.description) {
    console.push(`warn: Tool ${tool.name} does not have a description. Tools must be accurately ` +
                 "described to be called");
    tool.description = "<empty>";
  }
  if (typeof tool.name === "string" && new RegExp(INVALID_CHARS.source, "i").test(tool.name)) {
    console.push(`warn: Tool ${JSON.stringify(tool.name)} is invalid. Tools names may only ` +
                 "contain [a-z0-9_-]");
    tool.name = tool.name.replace(INVALID_CHARS, "_");
  }
  const text = JSON.stringify(tool.inputSchema);
  let diagnostics = [];
  if (text !== undefined) {  // VS Code's command would throw on no content; it ignores that
    diagnostics = await validate(text);
  }
  if (!diagnostics.length) return { tool };
  const tree = jsonc.parseTree(text);
  return {
    error: diagnostics.map((d) => {
      const node = jsonc.findNodeAtOffset(tree, d.range.start.character);
      const where = node && `/${jsonc.getNodePath(node).join("/")}`;
      return d.message + (where ? ` (at ${where})` : "");
    }),
  };
}

const results = {};
for (const kase of job.cases) {
  const script = JSON.parse(readFileSync(kase.script, "utf8"));
  const console = [];
  const outcome = { transport: "in-process", connect: { ok: true }, calls: [], dropped: {},
                    console };
  const tools = [];
  let omitted = 0;
  for (const served of script.tools) {
    const result = await normalise(served, console);
    if (result.error) {
      omitted += 1;
      outcome.dropped[String(served?.name)] =
        `Tool \`${served?.name}\` has invalid JSON parameters:\n` +
        result.error.map((message) => `\t- ${message}`).join("\n");
    } else {
      const view = { name: result.tool.name, description: result.tool.description,
                     inputSchema: result.tool.inputSchema };
      // an entry that is not an object has no name (`served?.name`): the spread above made
      // an empty tool of it, as it would in _normalizeTool
      if (result.tool.name !== served?.name) view.serverToolName = served?.name;
      tools.push(view);
    }
  }
  if (omitted) console.push(`warn: ${omitted} tools have invalid JSON schemas and will be omitted`);
  outcome.list = { ok: true, tools };
  results[kase.id] = [outcome];
}
writeFileSync(process.argv[3], JSON.stringify(results));
process.exit(0);
