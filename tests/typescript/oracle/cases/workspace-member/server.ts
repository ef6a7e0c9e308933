import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";
import { customerShape, Money } from "@acme/schemas";
import orderShape from "@acme/schemas/orders";

const server = new McpServer({ name: "workspace-member", version: "1.0.0" });
server.tool("customer", "Finds a customer", customerShape, async () => ({ content: [] }));
server.tool("refund", { amount: Money, reason: z.string().optional() }, async () => ({ content: [] }));
server.tool("order", orderShape, async () => ({ content: [] }));
await server.connect(new StdioServerTransport());
