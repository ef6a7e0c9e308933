import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "shape-spread", version: "1.0.0" });

const Filters = z.object({ from: z.string().optional(), to: z.string().optional() });
server.tool("report", { ...Filters.shape, format: z.enum(["csv", "json"]) }, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
