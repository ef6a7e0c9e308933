import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "any-unknown", version: "1.0.0" });

server.tool("free", { anything: z.any(), whatever: z.unknown(), list: z.array(z.unknown()) }, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
