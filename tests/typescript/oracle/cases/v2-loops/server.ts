import { McpServer } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import * as z from "zod";

const server = new McpServer({ name: "v2-loops", version: "1.0.0" });

const tools = [
  { name: "list", description: "Lists", input: z.object({ page: z.number().int().optional() }) },
  { name: "get", description: "Gets", input: z.object({ id: z.uuid() }) },
];
tools.forEach(({ name, description, input }) => {
  server.registerTool(name, { description, inputSchema: input }, async () => ({ content: [] }));
});

await server.connect(new StdioServerTransport());
