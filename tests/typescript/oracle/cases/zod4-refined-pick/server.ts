import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "zod4-refined-pick", version: "1.0.0" });

server.registerTool("plain", { description: "Listed if the server starts", inputSchema: { q: z.string() } }, async () => ({ content: [] }));
// Zod 4 keeps the object type through .refine(), so TypeScript allows .pick(); Zod 4.3 on throws
const Range = z.object({ from: z.number(), to: z.number() }).refine((r) => r.from <= r.to);
server.registerTool("start", { description: "A start", inputSchema: { range: Range.pick({ from: true }) } }, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
