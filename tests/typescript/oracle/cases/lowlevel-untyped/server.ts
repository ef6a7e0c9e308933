import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const server = new Server({ name: "lowlevel-untyped", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
    { name: "fine", inputSchema: { type: "object" } },
    { name: "untyped", inputSchema: { properties: { a: { type: "string" } } } },
  ],
}));
await server.connect(new StdioServerTransport());
