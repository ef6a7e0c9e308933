import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { ListToolsRequestSchema, CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";

// a literal tool whose description is made at run time: left out and said, its schema derived
// and linted all the same
const server = new Server({ name: "lowlevel-runtime-fields", version: "1.0.0" }, { capabilities: { tools: {} } });

// (a value known only when it runs, and the same at each recording: an unset variable's default)
const region = process.env.PORTLINT_ORACLE_REGION ?? "eu";
server.setRequestHandler(ListToolsRequestSchema, async () => {
  return {
    tools: [
      { name: "uptime", description: `Uptime of the ${region} region`, inputSchema: { type: "object", properties: { unit: { type: "string", enum: ["s", "ms"] } } } },
      { name: "echo", description: "Echoes", inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] } },
    ],
  };
});
server.setRequestHandler(CallToolRequestSchema, async () => ({ content: [] }));
await server.connect(new StdioServerTransport());
