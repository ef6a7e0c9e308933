import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "pick-omit-partial", version: "1.0.0" });

const User = z.object({ id: z.string(), name: z.string(), email: z.string().email(), age: z.number() });
server.tool("update", {
  picked: User.pick({ id: true, name: true }),
  omitted: User.omit({ email: true }),
  patch: User.partial(),
  some: User.partial({ age: true }),
}, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
