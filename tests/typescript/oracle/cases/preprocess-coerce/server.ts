import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "preprocess-coerce", version: "1.0.0" });

server.tool("coerced", {
  n: z.coerce.number(),
  b: z.coerce.boolean().optional(),
  p: z.preprocess((v) => String(v), z.string()),
}, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
