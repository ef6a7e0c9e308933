import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { ListToolsRequestSchema, CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const server = new Server({ name: "lowlevel", version: "1.0.0" }, { capabilities: { tools: {} } });

const SEARCH_TOOL = {
  name: "search",
  description: "Search the index",
  inputSchema: {
    type: "object",
    properties: {
      query: { type: "string", description: "Query text" },
      limit: { type: ["integer", "null"], minimum: 1 },
    },
    required: ["query"],
  },
};

server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
    SEARCH_TOOL,
    { name: "stats", inputSchema: { type: "object", properties: {} }, annotations: { readOnlyHint: true } },
  ],
}));
server.setRequestHandler(CallToolRequestSchema, async () => ({ content: [] }));
await server.connect(new StdioServerTransport());
