// The fake MCP server on stdio: `node fake-mcp-server.mjs SCRIPT.json [LOG.jsonl]`. One JSON-RPC
// message a line in, one answer a line out; see fake-mcp-responder.mjs for what it answers. LOG,
// when given, receives every message the client sent (one JSON a line).
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";

import { createResponder } from "./fake-mcp-responder.mjs";

const script = JSON.parse(readFileSync(process.argv[2], "utf8"));
if (process.argv[3]) script.log = process.argv[3];
const respond = createResponder(script);
const lines = createInterface({ input: process.stdin });
lines.on("line", (line) => {
  if (!line.trim()) return;
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    return;
  }
  for (const one of Array.isArray(message) ? message : [message]) {
    const reply = respond(one);
    if (reply) process.stdout.write(JSON.stringify(reply) + "\n");
  }
});
lines.on("close", () => process.exit(0));
