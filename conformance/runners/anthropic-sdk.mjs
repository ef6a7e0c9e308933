// Runner for @anthropic-ai/sdk's tool-schema helpers. Usage:
//   node anthropic-sdk.mjs JOB.json OUT.json
// job.mode "mcp-tools": an MCP SDK client (the install's @modelcontextprotocol/sdk) connects to the
//   fake MCP server in memory and lists the tools; `mcpTools(tools, client)` (helpers/beta/mcp)
//   turns them into the tools the Messages API receives; each tool the case calls is run through
//   the helper's own `run`, which calls the MCP client.
// job.mode "transform-json-schema": `transformJSONSchema` (lib/transform-json-schema, the strict
//   helper) on each served tool's inputSchema and outputSchema, one tool at a time; a raise is that
//   tool's conversion error.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { createResponder } from "./fake-mcp-responder.mjs";

const job = JSON.parse(readFileSync(process.argv[2], "utf8"));
const modules = path.join(job.install, "node_modules");
const load = (file) => import(pathToFileURL(path.join(modules, file)).href);

const captured = [];
for (const level of ["log", "info", "warn", "error", "debug"]) {
  console[level] = (...args) => captured.push(`${level}: ${args.map(String).join(" ")}`);
}
process.on("unhandledRejection", (reason) => captured.push(`unhandledRejection: ${reason}`));

function describeError(error) {
  if (error === null || typeof error !== "object") return String(error);
  const name = error.constructor?.name ?? "Error";
  const code = error.code !== undefined ? ` [code ${JSON.stringify(error.code)}]` : "";
  return `${name}${code}: ${error.message}`;
}

function view(tool) {
  const out = { name: tool.name };
  if (tool.description !== undefined) out.description = tool.description;
  out.inputSchema = tool.input_schema;
  return out;
}

async function mcpToolsOnce(kase, helpers, sdk) {
  captured.length = 0;
  const log = `${kase.script}.memory.log`;
  const outcome = { transport: "memory", server_log: log, calls: [] };
  const script = JSON.parse(readFileSync(kase.script, "utf8"));
  const [clientSide, serverSide] = sdk.InMemoryTransport.createLinkedPair();
  const respond = createResponder({ ...script, log });
  serverSide.onmessage = (message) => {
    const reply = respond(message);
    if (reply) serverSide.send(reply).catch(() => {});
  };
  await serverSide.start();
  const client = new sdk.Client({ name: "portlint-conformance", version: "1.0.0" });
  try {
    await client.connect(clientSide);
    outcome.connect = { ok: true };
  } catch (error) {
    outcome.connect = { ok: false, error: describeError(error) };
    outcome.console = [...captured];
    return outcome;
  }
  let listed;
  try {
    listed = (await client.listTools()).tools;
  } catch (error) {
    outcome.list = { ok: false, error: describeError(error) };
  }
  if (listed) {
    let tools;
    try {
      tools = helpers.mcpTools(listed, client);
      outcome.list = { ok: true, tools: tools.map(view) };
    } catch (error) {
      outcome.conversion = { ok: false, error: describeError(error) };
    }
    for (const tool of tools ?? []) {
      const call = kase.calls.find((one) => one.name === tool.name);
      if (!call) continue;
      try {
        const content = await tool.run(call.arguments);
        outcome.calls.push({ name: tool.name, ok: true,
                             result: { content: typeof content === "string"
                               ? [{ type: "text", text: content }] : content } });
      } catch (error) {
        if (error?.constructor?.name === "ToolError") {
          outcome.calls.push({ name: tool.name, ok: true,
                               result: { isError: true, content: error.content } });
        } else {
          outcome.calls.push({ name: tool.name, ok: false, error: describeError(error) });
        }
      }
    }
  }
  try {
    await client.close();
  } catch {
    // closing is not observed
  }
  outcome.console = [...captured];
  return outcome;
}

function transformOnce(kase, lib) {
  captured.length = 0;
  const script = JSON.parse(readFileSync(kase.script, "utf8"));
  const outcome = { transport: "in-process", connect: { ok: true }, calls: [],
                    conversion_errors: {} };
  const tools = [];
  for (const tool of script.tools) {
    const out = { name: tool?.name };
    if (tool?.description !== undefined) out.description = tool.description;
    let failed = null;
    for (const field of ["inputSchema", "outputSchema"]) {
      if (tool === null || typeof tool !== "object" || !(field in tool)) continue;
      try {
        out[field] = lib.transformJSONSchema(tool[field]);
      } catch (error) {
        failed = `${field}: ${describeError(error)}`;
        break;
      }
    }
    if (failed) outcome.conversion_errors[String(tool?.name)] = failed;
    else tools.push(out);
  }
  outcome.list = { ok: true, tools };
  outcome.console = [...captured];
  return outcome;
}

const results = {};
if (job.mode === "mcp-tools") {
  const helpers = await load("@anthropic-ai/sdk/helpers/beta/mcp.mjs");
  const sdk = {
    ...(await load("@modelcontextprotocol/sdk/dist/esm/client/index.js")),
    ...(await load("@modelcontextprotocol/sdk/dist/esm/inMemory.js")),
  };
  for (const kase of job.cases) results[kase.id] = [await mcpToolsOnce(kase, helpers, sdk)];
} else {
  const lib = await load("@anthropic-ai/sdk/lib/transform-json-schema.mjs");
  for (const kase of job.cases) results[kase.id] = [transformOnce(kase, lib)];
}
writeFileSync(process.argv[3], JSON.stringify(results));
process.exit(0);
