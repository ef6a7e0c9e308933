// Runner for the MCP TypeScript SDK clients: `@modelcontextprotocol/sdk` 1.x (flavour "v1") and
// `@modelcontextprotocol/client` 2.x (flavour "v2"). Usage:
//   node ts-sdk.mjs JOB.json OUT.json
// JOB names the install folder, flavour, era ("legacy" or "modern") and transports, and lists the
// cases (each with its fake-server script and the calls to make). For each case and transport the
// runner connects, lists the tools, calls each listed tool the case names, and writes what
// happened — raw: results, error texts, console output. Classification is the harness's job.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { createResponder } from "./fake-mcp-responder.mjs";

const job = JSON.parse(readFileSync(process.argv[2], "utf8"));
const here = path.dirname(new URL(import.meta.url).pathname);
const modules = path.join(job.install, "node_modules", "@modelcontextprotocol");
const entry = job.flavour === "v1"
  ? { client: "sdk/dist/esm/client/index.js", stdio: "sdk/dist/esm/client/stdio.js",
      memory: "sdk/dist/esm/inMemory.js" }
  : { client: "client/dist/index.mjs", stdio: "client/dist/stdio.mjs",
      memory: "client/dist/index.mjs" };
const load = (file) => import(pathToFileURL(path.join(modules, file)).href);
const { Client } = await load(entry.client);
const { StdioClientTransport } = await load(entry.stdio);
const { InMemoryTransport } = await load(entry.memory);

const TIMEOUT_MS = job.timeout_ms ?? 10000;
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

function withTimeout(promise, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`conformance timeout: ${what}`)), TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function memoryTransport(script, log) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const respond = createResponder({ ...script, log });
  serverSide.onmessage = (message) => {
    const reply = respond(message);
    if (reply) serverSide.send(reply).catch(() => {});
  };
  return { transport: clientSide, start: () => serverSide.start() };
}

function stdioTransport(scriptPath, log) {
  const transport = new StdioClientTransport({
    command: process.execPath, args: [path.join(here, "fake-mcp-server.mjs"), scriptPath, log],
    stderr: "pipe",
  });
  return { transport, start: async () => {} };
}

function clientOptions() {
  const options = { capabilities: {} };
  if (job.era === "modern") options.versionNegotiation = { mode: { pin: job.modern_version } };
  return options;
}

async function runOnce(kase, transportName) {
  captured.length = 0;
  const outcome = { transport: transportName };
  const script = JSON.parse(readFileSync(kase.script, "utf8"));
  const log = `${kase.script}.${transportName}.log`;
  const { transport, start } = transportName === "memory"
    ? memoryTransport(script, log) : stdioTransport(kase.script, log);
  const client = new Client({ name: "portlint-conformance", version: "1.0.0" }, clientOptions());
  try {
    await start();
    await withTimeout(client.connect(transport), "connect");
    outcome.connect = { ok: true };
  } catch (error) {
    outcome.connect = { ok: false, error: describeError(error) };
  }
  if (outcome.connect.ok) {
    try {
      const listed = await withTimeout(client.listTools(), "tools/list");
      outcome.list = { ok: true, tools: listed.tools };
    } catch (error) {
      outcome.list = { ok: false, error: describeError(error) };
    }
  }
  outcome.calls = [];
  if (outcome.list?.ok) {
    const listedNames = new Set(outcome.list.tools.map((tool) => tool.name));
    for (const call of kase.calls) {
      if (!listedNames.has(call.name)) continue;
      try {
        const result = await withTimeout(
          client.callTool({ name: call.name, arguments: call.arguments }), `call ${call.name}`);
        outcome.calls.push({ name: call.name, ok: true, result });
      } catch (error) {
        outcome.calls.push({ name: call.name, ok: false, error: describeError(error) });
      }
    }
  }
  try {
    await withTimeout(client.close(), "close");
  } catch {
    // closing is not observed
  }
  outcome.console = [...captured];
  outcome.server_log = log;
  return outcome;
}

const results = {};
for (const kase of job.cases) {
  results[kase.id] = [];
  for (const transportName of job.transports) {
    results[kase.id].push(await runOnce(kase, transportName));
  }
}
writeFileSync(process.argv[3], JSON.stringify(results));
process.exit(0);
