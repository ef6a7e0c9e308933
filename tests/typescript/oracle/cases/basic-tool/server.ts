import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "basic-tool", version: "1.0.0" });

server.tool("ping", "Replies with pong", async () => ({ content: [] }));
server.tool("echo", { text: z.string() }, async () => ({ content: [] }));
server.tool("add", "Adds two numbers", { a: z.number(), b: z.number() }, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
