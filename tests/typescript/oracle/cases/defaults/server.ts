import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "defaults", version: "1.0.0" });

server.tool("defaults", {
  limit: z.number().default(10),
  order: z.enum(["asc", "desc"]).default("asc"),
  tags: z.array(z.string()).default([]),
  verbose: z.boolean().default(false).describe("Print more"),
  described: z.string().describe("With a default").default("x"),
}, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
