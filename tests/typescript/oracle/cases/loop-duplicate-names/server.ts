import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "loop-duplicate-names", version: "1.0.0" });

// the list names one tool twice: the SDK throws at the second registration and the server stops
const tools = [
  { name: "search", shape: { q: z.string() } },
  { name: "fetch", shape: { url: z.string().url() } },
  { name: "search", shape: { query: z.string() } },
];
for (const tool of tools) {
  server.registerTool(tool.name, { inputSchema: tool.shape }, async () => ({ content: [] }));
}

await server.connect(new StdioServerTransport());
