import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "register-zod-object", version: "1.0.0" });

const Input = z.object({ query: z.string(), limit: z.number().int().max(50).optional() });
server.registerTool("search", { description: "Search", inputSchema: Input.shape }, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
