import { McpServer } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import * as z from "zod";

const server = new McpServer({ name: "v2-hidden", version: "1.0.0" });

server.registerTool("hidden", { inputSchema: z.object({
  even: z.number().refine((n) => n % 2 === 0),
  trimmed: z.string().trim(),
  coerced: z.coerce.number(),
  piped: z.string().transform((s) => s.length).pipe(z.number()),
}) }, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
