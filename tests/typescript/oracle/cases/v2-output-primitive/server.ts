import { McpServer } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import * as z from "zod";

const server = new McpServer({ name: "v2-output-primitive", version: "1.0.0" });

server.registerTool("count", { inputSchema: z.object({ q: z.string() }), outputSchema: z.number().int() },
  async () => ({ content: [], structuredContent: 1 as unknown as Record<string, unknown> }));

await server.connect(new StdioServerTransport());
