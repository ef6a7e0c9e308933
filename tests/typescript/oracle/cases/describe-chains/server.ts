import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "describe-chains", version: "1.0.0" });

server.tool("chains", {
  a: z.string().describe("first").describe("second"),
  b: z.string().describe("before min").min(2),
  c: z.number().optional().describe("on the optional"),
  d: z.array(z.string().describe("item")).describe("list"),
  e: z.string().nullable().describe("nullable"),
}, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
