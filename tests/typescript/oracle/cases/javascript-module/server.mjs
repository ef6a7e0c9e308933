import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "js", version: "1.0.0" });
const shape = { path: z.string().describe("A path"), depth: z.number().int().optional() };
server.tool("tree", "Lists a tree", shape, async () => ({ content: [] }));
await server.connect(new StdioServerTransport());
