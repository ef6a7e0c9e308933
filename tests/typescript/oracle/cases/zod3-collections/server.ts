import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "zod3-collections", version: "1.0.0" });

// zod-to-json-schema writes a map as an array of [key, value] pairs and a set as an array of
// unique items
server.registerTool("collections", {
  description: "Maps and sets",
  inputSchema: {
    scores: z.map(z.string(), z.number()),
    anyPairs: z.map(z.string(), z.any()),
    tags: z.set(z.string()),
    sized: z.set(z.number()).min(1).max(5),
    exactly: z.set(z.string()).size(2),
    some: z.set(z.boolean()).nonempty().optional(),
  },
}, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
