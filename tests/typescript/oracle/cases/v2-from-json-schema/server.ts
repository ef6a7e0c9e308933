import { McpServer, fromJsonSchema } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";

const server = new McpServer({ name: "v2-from-json-schema", version: "1.0.0" });
server.registerTool("raw", {
  description: "Literal JSON Schema",
  inputSchema: fromJsonSchema({ type: "object", properties: { q: { type: "string" }, n: { type: ["integer", "null"] } }, required: ["q"] }),
}, async () => ({ content: [] }));
server.registerTool("untyped", {
  inputSchema: fromJsonSchema({ properties: { x: { type: "number" } } }),
  outputSchema: fromJsonSchema({ type: "array", items: { type: "string" } }),
}, async () => ({ content: [], structuredContent: {} }));
await server.connect(new StdioServerTransport());
