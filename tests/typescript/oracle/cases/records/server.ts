import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "records", version: "1.0.0" });

server.tool("records", {
  counts: z.record(z.string(), z.number()),
  keyed: z.record(z.enum(["a", "b"]), z.string()),
  patterned: z.record(z.string().min(2), z.boolean()),
}, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
