import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "unions", version: "1.0.0" });

server.tool("unions", {
  listOrText: z.union([z.string(), z.array(z.string())]),
  prim: z.union([z.string(), z.number(), z.boolean()]),
  orMethod: z.string().or(z.number()),
  objects: z.union([z.object({ kind: z.literal("a"), a: z.string() }), z.object({ kind: z.literal("b"), b: z.number() })]),
}, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
