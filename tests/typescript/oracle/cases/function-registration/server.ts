import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "function-registration", version: "1.0.0" });

function registerTools(s: McpServer) {
  s.tool("inside", "Registered in a function", { n: z.number() }, async () => ({ content: [] }));
}
registerTools(server);

await server.connect(new StdioServerTransport());
