import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "zod4-output", version: "1.0.0" });

server.registerTool("out4", {
  description: "Output with defaults",
  inputSchema: z.object({ q: z.string(), n: z.number().default(5) }),
  outputSchema: z.object({ items: z.array(z.string()), total: z.number().default(0), note: z.string().optional() }),
}, async () => ({ content: [], structuredContent: { items: [], total: 0 } }));

await server.connect(new StdioServerTransport());
