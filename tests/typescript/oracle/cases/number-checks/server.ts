import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "number-checks", version: "1.0.0" });

server.tool("numbers", {
  count: z.number().int(),
  positive: z.number().positive(),
  nonneg: z.number().nonnegative(),
  negative: z.number().negative(),
  range: z.number().min(1).max(100),
  open: z.number().gt(0).lt(1),
  step: z.number().multipleOf(5),
  page: z.number().int().min(1).default(1),
}, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
