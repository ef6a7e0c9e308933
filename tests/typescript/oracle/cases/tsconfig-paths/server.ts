import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";
import { userShape } from "@/schemas/user";
import { MAX_RESULTS } from "#limits";

const server = new McpServer({ name: "tsconfig-paths", version: "1.0.0" });

server.tool("get-user", "Reads a user", userShape, async () => ({ content: [] }));
server.registerTool("search-users", {
  description: "Searches users",
  inputSchema: { query: z.string(), limit: z.number().int().max(MAX_RESULTS) },
}, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
