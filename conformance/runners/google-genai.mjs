// Runner for @google/genai's MCP path: `mcpToTool(client)` handed to `models.generateContent`.
//   node google-genai.mjs JOB.json OUT.json
// For each case: an MCP SDK client (the install's @modelcontextprotocol/sdk) connects to the fake
// MCP server in memory, lists the tools once itself (so that a listing failure is told apart from
// the SDK's own conversion), then `generateContent` runs with `tools: [mcpToTool(client)]`
// against the fake Gemini API (job.api), whose model asks for the case's function calls; the SDK's
// automatic function calling makes them through the MCP client. What the SDK sent is read by the
// harness from the fake API's log; this runner reports errors and console output.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { createResponder } from "./fake-mcp-responder.mjs";

const job = JSON.parse(readFileSync(process.argv[2], "utf8"));
const modules = path.join(job.install, "node_modules");
const load = (file) => import(pathToFileURL(path.join(modules, file)).href);
const { Client } = await load("@modelcontextprotocol/sdk/dist/esm/client/index.js");
const { InMemoryTransport } = await load("@modelcontextprotocol/sdk/dist/esm/inMemory.js");
const genai = await load("@google/genai/dist/node/index.mjs");

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

async function runOnce(kase) {
  captured.length = 0;
  const log = `${kase.script}.memory.log`;
  const outcome = { transport: "memory", server_log: log };
  const script = JSON.parse(readFileSync(kase.script, "utf8"));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const respond = createResponder({ ...script, log });
  serverSide.onmessage = (message) => {
    const reply = respond(message);
    if (reply) serverSide.send(reply).catch(() => {});
  };
  await serverSide.start();
  const client = new Client({ name: "portlint-conformance", version: "1.0.0" });
  try {
    await client.connect(clientSide);
    outcome.connect = { ok: true };
  } catch (error) {
    outcome.connect = { ok: false, error: describeError(error) };
    outcome.console = [...captured];
    return outcome;
  }
  try {
    await client.listTools();
    outcome.listed = { ok: true };
  } catch (error) {
    outcome.listed = { ok: false, error: describeError(error) };
  }
  if (outcome.listed.ok) {
    const ai = new genai.GoogleGenAI({ apiKey: job.key, httpOptions: { baseUrl: job.api } });
    try {
      await ai.models.generateContent({
        model: kase.model, contents: "Call each tool once.",
        config: { tools: [genai.mcpToTool(client)] },
      });
    } catch (error) {
      outcome.error = describeError(error);
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

const results = {};
for (const kase of job.cases) results[kase.id] = [await runOnce(kase)];
writeFileSync(process.argv[3], JSON.stringify(results));
process.exit(0);
