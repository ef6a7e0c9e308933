import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

class App {
  server = new McpServer({ name: "class", version: "1.0.0" });
  constructor() {
    this.server.tool("hello", { who: z.string().default("world") }, async () => ({ content: [] }));
  }
}
const app = new App();
await app.server.connect(new StdioServerTransport());
