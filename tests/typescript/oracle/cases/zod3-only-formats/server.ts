import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "zod3-only-formats", version: "1.0.0" });

server.tool("zod3formats", {
  ip: z.string().ip(),
  ipv4: z.string().ip({ version: "v4" }),
  emoji: z.string().emoji(),
  ulid: z.string().ulid(),
  uuidAndMin: z.string().uuid().min(36),
  twoFormats: z.string().email().url(),
  twoPatterns: z.string().regex(/a/).regex(/b/),
}, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
