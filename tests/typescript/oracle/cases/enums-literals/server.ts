import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "enums-literals", version: "1.0.0" });

server.tool("enums", {
  color: z.enum(["red", "green", "blue"]),
  mode: z.literal("fast"),
  level: z.literal(3),
  flag: z.literal(true),
  either: z.union([z.literal("a"), z.literal("b")]),
}, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
