import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "duplicate-names", version: "1.0.0" });

server.registerTool("find", { description: "Find by text.", inputSchema: { text: z.string() } },
  async () => ({ content: [] }));
server.registerTool("count", { inputSchema: { items: z.array(z.string()) } },
  async () => ({ content: [] }));
// the second registration through `tool()` (the v2 case repeats `registerTool`)
server.tool("find", "Find by number.", { number: z.number() }, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
