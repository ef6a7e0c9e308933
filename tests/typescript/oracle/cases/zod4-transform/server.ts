import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "zod4-transform", version: "1.0.0" });

server.tool("fine", { text: z.string() }, async () => ({ content: [] }));
server.tool("trimmed", { text: z.string().transform((s) => s.trim()) }, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
