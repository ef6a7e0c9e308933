import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "zod3-whole-schema", version: "1.0.0" });

const Query = z.object({ query: z.string().describe("What to find"), limit: z.number().int().optional() });

server.registerTool("shape", { description: "A raw shape", inputSchema: { query: z.string() } }, async () => ({ content: [] }));
server.registerTool("whole", { description: "A whole object schema", inputSchema: Query, outputSchema: z.object({ hits: z.array(z.string()) }) }, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
