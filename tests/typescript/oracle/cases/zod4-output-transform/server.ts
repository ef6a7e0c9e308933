import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "zod4-output-transform", version: "1.0.0" });

server.tool("fine", { text: z.string() }, async () => ({ content: [] }));
// an output schema is written for what the tool returns: a transform's result has no schema
server.registerTool("counted", {
  inputSchema: { text: z.string() },
  outputSchema: { length: z.string().transform((s) => s.length) },
}, async () => ({ content: [], structuredContent: { length: 0 } }));

await server.connect(new StdioServerTransport());
