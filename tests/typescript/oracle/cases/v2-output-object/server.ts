import { McpServer } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import * as z from "zod";

const server = new McpServer({ name: "v2-output-object", version: "1.0.0" });

server.registerTool("stats", {
  inputSchema: z.object({ metric: z.string() }),
  outputSchema: z.object({ mean: z.number(), label: z.string().optional() }),
}, async () => ({ content: [], structuredContent: { mean: 1 } }));

await server.connect(new StdioServerTransport());
