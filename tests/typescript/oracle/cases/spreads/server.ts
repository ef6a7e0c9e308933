import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "spreads", version: "1.0.0" });

const paging = { page: z.number().int().min(1).optional(), size: z.number().int().max(100).optional() };
const base = { query: z.string().describe("Search text") };
server.tool("search", { ...base, ...paging }, async () => ({ content: [] }));
server.tool("search_more", { ...base, ...paging, sort: z.enum(["new", "old"]) }, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
