import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "tuples", version: "1.0.0" });

server.tool("tuples", {
  point: z.tuple([z.number(), z.number()]),
  labelled: z.tuple([z.string(), z.number(), z.boolean()]),
}, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
