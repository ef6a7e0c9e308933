import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "zod4-discriminator-absent", version: "1.0.0" });

server.registerTool("plain", { description: "Listed if the server starts", inputSchema: { q: z.string() } }, async () => ({ content: [] }));
// an option without the discriminator key: Zod 4 throws when the union is made
const Shape = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("circle"), radius: z.number() }),
  z.object({ side: z.number() }),
]);
server.registerTool("area", { description: "Area", inputSchema: { shape: Shape } }, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
