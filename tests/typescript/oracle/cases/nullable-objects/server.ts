import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "nullable-objects", version: "1.0.0" });

const Filter = z.object({ field: z.string(), op: z.enum(["eq", "lt", "gt"]), value: z.union([z.string(), z.number()]) });
server.tool("filtered", { filter: Filter.nullable(), filters: z.array(Filter).optional() }, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
