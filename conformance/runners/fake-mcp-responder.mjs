// The fake MCP server's brain: answers every request from a prepared script, serving the case's
// tools verbatim. fake-mcp-server.mjs puts it on stdio; the runners wire it to an in-memory
// transport where the client library has one.
//
// The script (written by conformance/harness/served.py) holds everything the server says:
//   tools            the tools/list `tools` array, byte for byte as the case has it
//   calls            tool name -> the tools/call result to return
//   legacy_versions  protocol revisions answered through `initialize` (newest last)
//   modern_versions  revisions offered through `server/discover` ([] = a legacy-only server)
//   server_info      the serverInfo object
//   log              optional path: every message received is appended there as a JSON line
import { appendFileSync } from "node:fs";

const METHOD_NOT_FOUND = -32601;
const INVALID_PARAMS = -32602;

export function createResponder(script) {
  // The era of this connection: legacy once `initialize` arrived; otherwise modern where the
  // script offers a modern revision (a 2026-07-28 client may discover on another connection, as
  // the v2 SDK's stdio probe does, and then send its requests without any handshake).
  let initialized = false;
  const isModern = () => !initialized && script.modern_versions.length > 0;
  const log = (message) => {
    if (script.log) appendFileSync(script.log, JSON.stringify(message) + "\n");
  };
  // 2026-07-28 results carry resultType; list results are cacheable (ttlMs, cacheScope)
  const modern = (result) => (isModern() ? { resultType: "complete", ...result } : result);
  const cacheable = () => (isModern() ? { ttlMs: 0, cacheScope: "private" } : {});
  const handlers = {
    initialize(params) {
      initialized = true;
      const asked = params?.protocolVersion;
      const versions = script.legacy_versions;
      const chosen = versions.includes(asked) ? asked : versions[versions.length - 1];
      return { protocolVersion: chosen, capabilities: { tools: { listChanged: false } },
               serverInfo: script.server_info };
    },
    "server/discover"() {
      if (script.modern_versions.length === 0) return null;
      return { resultType: "complete", supportedVersions: script.modern_versions,
               capabilities: { tools: {} }, serverInfo: script.server_info, ttlMs: 0,
               cacheScope: "private" };
    },
    ping() { return modern({}); },
    "tools/list"() { return modern({ ...cacheable(), tools: script.tools }); },
    "tools/call"(params) {
      const name = params?.name;
      if (typeof name === "string" && Object.hasOwn(script.calls, name)) {
        return modern(script.calls[name]);
      }
      return { error: { code: INVALID_PARAMS, message: `Unknown tool: ${name}` } };
    },
  };
  return (message) => {
    log(message);
    if (message === null || typeof message !== "object" || !("id" in message) || !message.method) {
      return null; // a notification or a response: nothing to answer
    }
    const handler = Object.hasOwn(handlers, message.method) ? handlers[message.method] : null;
    const result = handler ? handler(message.params) : null;
    if (result === null) {
      return { jsonrpc: "2.0", id: message.id,
               error: { code: METHOD_NOT_FOUND, message: `Method not found: ${message.method}` } };
    }
    if (result.error && Object.keys(result).length === 1) {
      return { jsonrpc: "2.0", id: message.id, error: result.error };
    }
    return { jsonrpc: "2.0", id: message.id, result };
  };
}
