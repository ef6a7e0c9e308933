import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "objects-strictness", version: "1.0.0" });

server.tool("objects", {
  plain: z.object({ a: z.string() }),
  strict: z.object({ a: z.string() }).strict(),
  open: z.object({ a: z.string() }).passthrough(),
  extra: z.object({ a: z.string() }).catchall(z.number()),
  empty: z.object({}),
}, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
