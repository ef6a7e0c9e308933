// `z.strictObject(shape)`: Zod 3 has it too (`z.object(shape).strict()`); Zod 4's `looseObject`
// is Zod 4's only (@a-bonus/google-docs-mcp's tools are written with `z.strictObject`).
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "strict-object-factory", version: "1.0.0" });
server.registerTool("strict_root", {
  description: "A strict object as the whole input.",
  inputSchema: z.strictObject({ path: z.string(), depth: z.number().int().optional() }),
}, async () => ({ content: [] }));
server.registerTool("strict_inside", {
  description: "A strict object as a property.",
  inputSchema: { filter: z.strictObject({ owner: z.string() }).describe("Who owns it") },
}, async () => ({ content: [] }));
await server.connect(new StdioServerTransport());
