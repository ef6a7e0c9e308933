import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "zod3-refined-extend", version: "1.0.0" });

server.registerTool("plain", { description: "Listed if the server starts", inputSchema: { q: z.string() } }, async () => ({ content: [] }));
// Zod 3's .refine() returns an effects schema, which has no object methods
const Range = z.object({ from: z.number(), to: z.number() }).refine((r) => r.from <= r.to);
server.registerTool("labelled", { description: "Labelled", inputSchema: { range: (Range as any).extend({ label: z.string() }) } }, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
