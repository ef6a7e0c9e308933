import { McpServer } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import * as z from "zod";

const server = new McpServer({ name: "v2-date", version: "1.0.0" });

server.registerTool("fine", { inputSchema: z.object({ text: z.string() }) }, async () => ({ content: [] }));
server.registerTool("since", { inputSchema: z.object({ when: z.date() }) }, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
