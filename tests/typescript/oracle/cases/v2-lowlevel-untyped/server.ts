import { Server } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";

const server = new Server({ name: "v2-lowlevel-untyped", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler("tools/list", async () => ({
  tools: [
    { name: "fine", inputSchema: { type: "object" } },
    { name: "untyped", inputSchema: { properties: { a: { type: "string" } } } },
  ],
}));
await server.connect(new StdioServerTransport());
