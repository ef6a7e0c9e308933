import { McpServer } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import * as z from "zod";

const server = new McpServer({ name: "v2-numbers-arrays", version: "1.0.0" });

server.registerTool("na", { inputSchema: z.object({
  n: z.number().int().positive(), r: z.number().min(0).max(1), m: z.number().multipleOf(0.5),
  list: z.array(z.string()).min(1).max(3), sized: z.string().array().length(2),
}) }, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
