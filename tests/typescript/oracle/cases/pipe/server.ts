import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "pipe", version: "1.0.0" });

server.tool("piped", { value: z.string().pipe(z.string().min(2)) }, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
