import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "imports-basic", version: "1.0.0" });

import { QuerySchema, LIMIT } from "./schemas.js";
server.tool("query", "Runs a query", { sql: QuerySchema, limit: z.number().max(LIMIT) }, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
