import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "zod3-discriminator-duplicate", version: "1.0.0" });

server.registerTool("plain", { description: "Listed if the server starts", inputSchema: { q: z.string() } }, async () => ({ content: [] }));
// Zod 3 throws when two options share a discriminator value (Zod 4 lists both)
const Event = z.discriminatedUnion("type", [
  z.object({ type: z.literal("click"), x: z.number() }),
  z.object({ type: z.enum(["key", "click"]), code: z.string() }),
]);
server.registerTool("record", { description: "Records", inputSchema: { event: Event } }, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
