import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "nested", version: "1.0.0" });

server.tool("order", "Place an order", {
  customer: z.object({
    name: z.string(),
    address: z.object({ street: z.string(), zip: z.string().regex(/^\d{5}$/) }),
  }),
  items: z.array(z.object({ sku: z.string(), qty: z.number().int().positive() })).min(1),
}, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
