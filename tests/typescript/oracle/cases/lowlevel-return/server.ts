import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const server = new Server({ name: "lowlevel2", version: "1.0.0" }, { capabilities: { tools: {} } });
const tools = [
  { name: "a", description: "first", inputSchema: { type: "object", properties: { x: { type: "number" } }, additionalProperties: false } },
  { name: "b", inputSchema: { type: "object", properties: { y: { anyOf: [{ type: "string" }, { type: "array", items: { type: "string" } }] } } }, outputSchema: { type: "object", properties: { ok: { type: "boolean" } } } },
];
server.setRequestHandler(ListToolsRequestSchema, async () => {
  return { tools };
});
await server.connect(new StdioServerTransport());
