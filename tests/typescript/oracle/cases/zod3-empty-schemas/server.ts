import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "zod3-empty-schemas", version: "1.0.0" });

// zod-to-json-schema keeps an empty schema ({} for z.any()) wherever it keeps any other object
server.registerTool("empty", {
  description: "Empty schemas inside others",
  inputSchema: {
    pair: z.tuple([z.string(), z.any().optional()]),
    both: z.intersection(z.any(), z.object({ a: z.string() })),
    piped: z.unknown().pipe(z.string()),
    list: z.array(z.unknown().optional()),
    voids: z.void().array(),
    restless: z.tuple([z.string()]).rest(z.void()),
  },
}, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
