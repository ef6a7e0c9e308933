import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "zod4-strings-misc", version: "1.0.0" });

server.tool("strings4", {
  lower: z.string().lowercase(),
  local: z.iso.datetime({ local: true }),
  offset: z.iso.datetime({ offset: true }),
  precise: z.iso.datetime({ precision: 3 }),
  e164: z.e164(),
  hex: z.hex(),
  twoPatterns: z.string().regex(/a/).regex(/b/),
}, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
