import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "zod4-unknown-mask-key", version: "1.0.0" });

server.registerTool("plain", { description: "Listed if the server starts", inputSchema: { q: z.string() } }, async () => ({ content: [] }));
// Zod 4 throws on a mask key the object does not have (Zod 3 ignores it)
const User = z.object({ id: z.string(), name: z.string() });
server.registerTool("rename", { description: "Renames", inputSchema: { user: User.omit({ email: true } as never) } }, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
