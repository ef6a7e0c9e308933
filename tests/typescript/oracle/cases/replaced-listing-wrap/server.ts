import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

// @perplexity-ai/mcp-server's shape: the SDK's own handler wrapped through its private map,
// and each listed schema rewritten
const server = new McpServer({ name: "replaced-listing-wrap", version: "1.0.0" });
server.registerTool("ask", { description: "Ask", inputSchema: { q: z.string() } }, async () => ({ content: [] }));
server.registerTool("search", { description: "Search", inputSchema: { q: z.string(), n: z.number().optional() } }, async () => ({ content: [] }));
rewrite(server.server);

function rewrite(low: any) {
  const handlers = low._requestHandlers;
  const listTools = handlers.get("tools/list");
  handlers.set("tools/list", async (request: any, extra: any) => {
    const result = await listTools(request, extra);
    for (const tool of result.tools) tool.inputSchema.$schema = "https://json-schema.org/draft/2020-12/schema";
    return result;
  });
}

await server.connect(new StdioServerTransport());
