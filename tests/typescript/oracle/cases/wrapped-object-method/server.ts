import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "wrapped-object-method", version: "1.0.0" });

server.registerTool("plain", { description: "Listed if the server starts", inputSchema: { q: z.string() } }, async () => ({ content: [] }));
// .optional() wraps the object: the wrapper has no .pick()
const Filter = z.object({ text: z.string(), limit: z.number() }).optional();
server.registerTool("search", { description: "Searches", inputSchema: { filter: (Filter as any).pick({ text: true }) } }, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
