import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "zod4-refined-extend", version: "1.0.0" });

server.registerTool("plain", { description: "Listed if the server starts", inputSchema: { q: z.string() } }, async () => ({ content: [] }));
// extending a refined object is allowed unless it redefines a key
const Range = z.object({ from: z.number(), to: z.number() }).refine((r) => r.from <= r.to);
const Labelled = Range.extend({ label: z.string() });
server.registerTool("labelled", { description: "Labelled", inputSchema: { range: Labelled } }, async () => ({ content: [] }));
server.registerTool("redefined", { description: "Redefined", inputSchema: { range: Range.extend({ to: z.string() }) } }, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
