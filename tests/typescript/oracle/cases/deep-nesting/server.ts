import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "deep-nesting", version: "1.0.0" });

server.tool("deep", {
  l1: z.object({ l2: z.object({ l3: z.object({ l4: z.object({ l5: z.array(z.object({ leaf: z.string().optional() })) }) }) }) }),
}, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
