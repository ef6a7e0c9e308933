import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { ListToolsRequestSchema, CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";

// a handler that lists some of its tools, chosen at run time by the environment (as
// mcp-server-kubernetes and desktop-commander do): every tool it may list is derived and linted
const server = new Server({ name: "lowlevel-filtered-lists", version: "1.0.0" }, { capabilities: { tools: {} } });

const readTools = [
  { name: "get", description: "Reads a resource", inputSchema: { type: "object", properties: { id: { type: "string" } }, required: ["id"] } },
  { name: "list", inputSchema: { type: "object", properties: { limit: { type: ["integer", "null"] } } } },
];
const writeTools = [
  { name: "put", description: "Writes a resource", inputSchema: { type: "object", properties: { id: { type: "string" }, body: {} } } },
];
const allTools = [...readTools, ...writeTools];
const readOnly = process.env.PORTLINT_ORACLE_READ_ONLY === "true";
const disabled = (process.env.PORTLINT_ORACLE_DISABLED ?? "").split(",");

server.setRequestHandler(ListToolsRequestSchema, async () => {
  const base = readOnly ? readTools : allTools;
  const tools = base.filter((tool) => !disabled.includes(tool.name));
  return { tools };
});
server.setRequestHandler(CallToolRequestSchema, async () => ({ content: [] }));
await server.connect(new StdioServerTransport());
