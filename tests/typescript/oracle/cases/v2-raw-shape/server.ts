import { McpServer } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import * as z from "zod";

const server = new McpServer({ name: "v2-raw-shape", version: "1.0.0" });

server.registerTool("add", { title: "Add", description: "Adds", inputSchema: { a: z.number(), b: z.number().default(0) } }, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
