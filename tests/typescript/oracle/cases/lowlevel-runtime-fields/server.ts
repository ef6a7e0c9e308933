import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { ListToolsRequestSchema, CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";

// a literal tool whose description is made at run time: left out and said, its schema derived
// and linted all the same
const server = new Server({ name: "lowlevel-runtime-fields", version: "1.0.0" }, { capabilities: { tools: {} } });

server.setRequestHandler(ListToolsRequestSchema, async () => {
  const started = Date.now();
  return {
    tools: [
      { name: "uptime", description: `Up since ${started}`, inputSchema: { type: "object", properties: { unit: { type: "string", enum: ["s", "ms"] } } } },
      { name: "echo", description: "Echoes", inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] } },
    ],
  };
});
server.setRequestHandler(CallToolRequestSchema, async () => ({ content: [] }));
await server.connect(new StdioServerTransport());
