import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "zod4-collections", version: "1.0.0" });

server.registerTool("plain", { description: "Listed, but the list fails", inputSchema: { q: z.string() } }, async () => ({ content: [] }));
// Zod 4 cannot represent a Map in JSON Schema: every tools/list of this server fails
server.registerTool("scores", { description: "A map", inputSchema: { scores: z.map(z.string(), z.number()) } }, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
