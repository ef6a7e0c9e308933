import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "refine-transform", version: "1.0.0" });

server.tool("refined", {
  even: z.number().refine((n) => n % 2 === 0, "must be even"),
  trimmed: z.string().trim(),
  upper: z.string().transform((s) => s.toUpperCase()),
  checked: z.string().superRefine((s, ctx) => { if (!s) ctx.addIssue({ code: "custom", message: "x" }); }),
}, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
