// A TypeScript-SDK MCP server for the live tests (@modelcontextprotocol/sdk 1.x with zod 3),
// over stdio. The SDK is imported from the cached npm project named by PORTLINT_TS_SDK.
import { pathToFileURL } from "node:url";
import { join } from "node:path";

const root = process.env.PORTLINT_TS_SDK;
const load = (p) => import(pathToFileURL(join(root, "node_modules", p)).href);
const { McpServer } = await load("@modelcontextprotocol/sdk/dist/esm/server/mcp.js");
const { StdioServerTransport } = await load("@modelcontextprotocol/sdk/dist/esm/server/stdio.js");
const { z } = await load("zod/index.js");

const server = new McpServer({ name: "ts-notes", version: "1.0.0" });

server.registerTool("add_note", {
  description: "Store a note.",
  inputSchema: { title: z.string(), body: z.string().optional(), tags: z.array(z.string()),
                 priority: z.union([z.number(), z.null()]) },
}, async () => ({ content: [{ type: "text", text: "ok" }] }));

server.registerTool("find_notes", {
  description: "Search the notes.",
  inputSchema: { query: z.string().min(1), limit: z.number().int().max(50).optional() },
  outputSchema: { hits: z.array(z.object({ title: z.string(), score: z.number() })) },
}, async () => ({ content: [{ type: "text", text: "[]" }], structuredContent: { hits: [] } }));

await server.connect(new StdioServerTransport());
