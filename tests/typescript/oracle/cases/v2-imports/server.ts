import { McpServer } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import * as z from "zod";

const server = new McpServer({ name: "v2-imports", version: "1.0.0" });

import { Filters, Sort } from "./schema.js";
server.registerTool("query", { description: "Query", inputSchema: Filters.extend({ sort: Sort.optional() }) }, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
