import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "catch", version: "1.0.0" });
server.tool("caught", "Fallbacks on bad input", {
  count: z.number().int().catch(1),
  mode: z.enum(["fast", "slow"]).catch("fast").describe("How to run"),
  label: z.string().optional().catch(undefined),
}, async () => ({ content: [] }));
await server.connect(new StdioServerTransport());
