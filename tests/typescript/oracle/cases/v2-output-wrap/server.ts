import { McpServer } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import * as z from "zod";

const server = new McpServer({ name: "v2-output-wrap", version: "1.0.0" });

server.registerTool("list", {
  inputSchema: z.object({}),
  outputSchema: z.array(z.string()),
}, async () => ({ content: [], structuredContent: [] as unknown as Record<string, unknown> }));
server.registerTool("maybe", {
  inputSchema: z.object({ q: z.string() }),
  outputSchema: z.union([z.object({ ok: z.literal(true) }), z.object({ ok: z.literal(false), error: z.string() })]),
}, async () => ({ content: [], structuredContent: { ok: true } }));

await server.connect(new StdioServerTransport());
