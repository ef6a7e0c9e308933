import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

// @drawio/mcp 1.6.1's form: a literal list, then items pushed onto it right after
const tools = [
  {
    name: "open_diagram",
    description: "Open a diagram",
    inputSchema: { type: "object", properties: { xml: { type: "string" } }, required: ["xml"] },
  },
];

// always advertised
tools.push({
  name: "search_shapes",
  description: "Search the shape library",
  inputSchema: {
    type: "object",
    properties: { query: { type: "string" }, limit: { type: "number" } },
    required: ["query"],
  },
});
tools.push(
  { name: "list_pages", description: "The pages", inputSchema: { type: "object", properties: {} } },
  ...[{ name: "get_page", description: "One page", inputSchema: { type: "object", properties: { page: { type: "integer", minimum: 0 } } } }],
);

const server = new Server({ name: "lowlevel-pushed-tools", version: "1.0.0" },
  { capabilities: { tools: {} } });

server.setRequestHandler(ListToolsRequestSchema, async () => {
  return { tools };
});

server.setRequestHandler(CallToolRequestSchema, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
