// The MCP TypeScript SDK's client (from PORTLINT_TS_SDK) listing the tools of a stdio server:
// prints {"tools": N} or {"error": "<the SDK's error message, verbatim>"}.
// Usage: node ts_sdk_list_tools.mjs COMMAND ARG...
import { pathToFileURL } from "node:url";
import { join } from "node:path";

const root = process.env.PORTLINT_TS_SDK;
const load = (p) => import(pathToFileURL(join(root, "node_modules", p)).href);
const { Client } = await load("@modelcontextprotocol/sdk/dist/esm/client/index.js");
const { StdioClientTransport } = await load("@modelcontextprotocol/sdk/dist/esm/client/stdio.js");

const [command, ...args] = process.argv.slice(2);
const client = new Client({ name: "portlint-oracle", version: "0" });
await client.connect(new StdioClientTransport({ command, args, stderr: "ignore", env: process.env }));
try {
  const result = await client.listTools();
  process.stdout.write(JSON.stringify({ tools: result.tools.length }) + "\n");
} catch (error) {
  process.stdout.write(JSON.stringify({ error: String(error && error.message || error) }) + "\n");
}
await client.close();
