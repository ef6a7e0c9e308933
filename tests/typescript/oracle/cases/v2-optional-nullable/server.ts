import { McpServer } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import * as z from "zod";

const server = new McpServer({ name: "v2-optional-nullable", version: "1.0.0" });

server.registerTool("opts", { inputSchema: z.object({
  a: z.string().optional(), b: z.string().nullable(), c: z.number().nullish(),
  d: z.string().default("x"), e: z.object({ f: z.number() }).nullable(),
  g: z.string().describe("g").nullable(),
}) }, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
