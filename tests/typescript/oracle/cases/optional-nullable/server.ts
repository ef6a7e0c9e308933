import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "optional-nullable", version: "1.0.0" });

server.tool("options", {
  a: z.string().optional(),
  b: z.string().nullable(),
  c: z.number().nullish(),
  d: z.boolean().optional().default(false),
  e: z.array(z.string()).nullable(),
  f: z.object({ x: z.number() }).nullable(),
}, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
