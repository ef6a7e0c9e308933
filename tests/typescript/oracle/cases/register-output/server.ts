import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "register-output", version: "1.0.0" });

server.registerTool("stats", {
  description: "Statistics",
  inputSchema: { metric: z.string() },
  outputSchema: { mean: z.number(), values: z.array(z.number()), label: z.string().optional() },
}, async () => ({ content: [], structuredContent: { mean: 1, values: [1] } }));

await server.connect(new StdioServerTransport());
