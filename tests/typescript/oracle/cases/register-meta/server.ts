import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "register-meta", version: "1.0.0" });

server.registerTool("meta", {
  description: "Has meta",
  inputSchema: { q: z.string() },
  _meta: { "example.com/owner": "team-a" },
}, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
