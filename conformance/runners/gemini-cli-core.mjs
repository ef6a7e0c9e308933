// Runner for @google/gemini-cli-core: its own MCP discovery (`discoverTools` in
// dist/src/tools/mcp-client.js) over a client of the MCP SDK that the installed gemini-cli-core
// resolves, connected over stdio to the fake server. Usage: node gemini-cli-core.mjs JOB OUT.
// What is handed on is each discovered tool's function declaration (what Gemini receives):
// `parametersJsonSchema` (or `parameters`) compared with the served inputSchema. Calls go
// through the discovered tool's own callable, so its error wrapping is observed too.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const job = JSON.parse(readFileSync(process.argv[2], "utf8"));
const here = path.dirname(new URL(import.meta.url).pathname);
const core = path.join(job.install, "node_modules", "@google", "gemini-cli-core");
// the SDK gemini-cli-core resolves: its own nested copy, else the hoisted one
const sdk = [path.join(core, "node_modules", "@modelcontextprotocol", "sdk"),
             path.join(job.install, "node_modules", "@modelcontextprotocol", "sdk")]
  .find((folder) => existsSync(path.join(folder, "package.json")));
const load = (file) => import(pathToFileURL(file).href);

const captured = [];
for (const level of ["log", "info", "warn", "error", "debug"]) {
  console[level] = (...args) => captured.push(`${level}: ${args.map(String).join(" ")}`);
}
process.on("unhandledRejection", (reason) => captured.push(`unhandledRejection: ${reason}`));

const { Client } = await load(path.join(sdk, "dist/esm/client/index.js"));
const { StdioClientTransport } = await load(path.join(sdk, "dist/esm/client/stdio.js"));
const mcpClientModule = await load(path.join(core, "dist/src/tools/mcp-client.js"));
const sdkVersion = JSON.parse(readFileSync(path.join(sdk, "package.json"), "utf8")).version;

const cliConfig = new Proxy({
  emitMcpDiagnostic(level, message) { captured.push(`${level}: ${message}`); },
  getDebugMode() { return false; },
}, { get: (target, key) => (key in target ? target[key] : () => undefined) });

function describeError(error) {
  if (error === null || typeof error !== "object") return String(error);
  return `${error.constructor?.name ?? "Error"}: ${error.message}`;
}

async function runOnce(kase) {
  captured.length = 0;
  const outcome = { transport: "stdio", calls: [], server_log: `${kase.script}.stdio.log` };
  const server = "conformance";
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [path.join(here, "fake-mcp-server.mjs"), kase.script, outcome.server_log],
    stderr: "pipe",
  });
  const client = new Client({ name: "gemini-cli-mcp-client", version: "0.0.1" });
  try {
    await client.connect(transport, { timeout: 10000 });
    outcome.connect = { ok: true };
  } catch (error) {
    outcome.connect = { ok: false, error: describeError(error) };
    outcome.console = [...captured];
    return outcome;
  }
  let tools = [];
  try {
    tools = await mcpClientModule.discoverTools(server, { command: "node" }, client, cliConfig,
                                                undefined, {});
    const failed = captured.find((line) => line.includes("Error discovering tools from"));
    outcome.list = failed && tools.length === 0 ? { ok: false, error: failed }
      : { ok: true, tools: tools.map(declaration) };
  } catch (error) {
    outcome.list = { ok: false, error: describeError(error) };
  }
  for (const tool of tools) {
    const name = tool.serverToolName;
    const call = kase.calls.find((one) => one.name === name);
    if (!call) continue;
    try {
      const parts = await tool.mcpTool.callTool([{ name, args: call.arguments }]);
      const response = parts?.[0]?.functionResponse?.response ?? {};
      if (response.error) {
        outcome.calls.push({ name, ok: false, error: response.error.message });
      } else {
        outcome.calls.push({ name, ok: true, result: response });
      }
    } catch (error) {
      outcome.calls.push({ name, ok: false, error: describeError(error) });
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

function declaration(tool) {
  const decl = tool.schema ?? {};
  const view = { name: tool.serverToolName };
  if (decl.description !== undefined) view.description = decl.description;
  view.inputSchema = decl.parametersJsonSchema ?? decl.parameters;
  if (decl.name !== tool.serverToolName) view.declaredName = decl.name;
  return view;
}

const results = { sdk_version: sdkVersion, cases: {} };
for (const kase of job.cases) results.cases[kase.id] = [await runOnce(kase)];
writeFileSync(process.argv[3], JSON.stringify(results));
process.exit(0);
