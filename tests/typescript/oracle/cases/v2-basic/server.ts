import { McpServer } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import * as z from "zod";

const server = new McpServer({ name: "v2-basic", version: "1.0.0" });

server.registerTool("echo", { description: "Echoes", inputSchema: z.object({ text: z.string() }) }, async () => ({ content: [] }));
server.registerTool("ping", { description: "Pong" }, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
