import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "zod4-meta", version: "1.0.0" });

server.tool("meta4", {
  a: z.string().meta({ description: "from meta", examples: ["x"] }),
  b: z.number().meta({ title: "B", deprecated: true }),
  c: z.string().describe("described").optional(),
}, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
