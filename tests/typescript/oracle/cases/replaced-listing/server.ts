import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";

// the McpServer's tools/list handler replaced on its low-level server: what is listed is what
// the new handler returns (here a literal), not what is registered
const server = new McpServer({ name: "replaced-listing", version: "1.0.0" });
server.registerTool("ask", { description: "Ask", inputSchema: { q: z.string() } }, async () => ({ content: [] }));
server.server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{ name: "other", description: "Listed instead", inputSchema: { type: "object", properties: { n: { type: "number" } } } }],
}));

await server.connect(new StdioServerTransport());
