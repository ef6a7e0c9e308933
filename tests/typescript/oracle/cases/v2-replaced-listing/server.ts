import { McpServer } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import * as z from "zod";

// SDK 2.x: the method string replaces the McpServer's own tools/list handler as well
const server = new McpServer({ name: "v2-replaced-listing", version: "1.0.0" });
server.registerTool("ask", { description: "Ask", inputSchema: z.object({ q: z.string() }) }, async () => ({ content: [] }));
server.server.setRequestHandler("tools/list", async () => ({
  tools: [{ name: "other", description: "Listed instead", inputSchema: { type: "object", properties: { n: { type: "number" } } } }],
}));

await server.connect(new StdioServerTransport());
