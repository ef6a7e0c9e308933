import { McpServer } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import * as z from "zod";

const server = new McpServer({ name: "v2-unrepresentable", version: "1.0.0" });

server.registerTool("fine", { inputSchema: z.object({ text: z.string() }) }, async () => ({ content: [] }));
// a transform has no JSON Schema: listing the tools fails, the fine one too
server.registerTool("trimmed", {
  inputSchema: z.object({ text: z.string().transform((s) => s.trim()) }),
}, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
