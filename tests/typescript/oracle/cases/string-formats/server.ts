import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "string-formats", version: "1.0.0" });

server.tool("formats", {
  email: z.string().email(),
  url: z.string().url(),
  uuid: z.string().uuid(),
  when: z.string().datetime(),
  cuid: z.string().cuid(),
}, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
