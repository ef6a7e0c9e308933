import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "zod4-objects", version: "1.0.0" });

server.tool("objects4", {
  strict: z.strictObject({ a: z.string() }),
  loose: z.looseObject({ a: z.string() }),
  extended: z.object({ a: z.string() }).extend({ b: z.number() }),
}, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
