import { Server } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";

const server = new Server({ name: "v2-lowlevel", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler("tools/list", async () => ({
  tools: [
    { name: "raw", description: "Literal", inputSchema: { type: "object", properties: { a: { type: "string" } }, required: ["a"] } },
    { name: "arr", inputSchema: { type: "object" }, outputSchema: { type: "array", items: { type: "number" } } },
  ],
}));
await server.connect(new StdioServerTransport());
