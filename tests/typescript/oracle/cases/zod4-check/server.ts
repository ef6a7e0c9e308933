import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "zod4-check", version: "1.0.0" });
server.registerTool("checked", {
  description: "Checks as objects and as functions",
  inputSchema: {
    name: z.string().check(z.minLength(2), z.maxLength(20)),
    code: z.string().check(z.regex(/^[A-Z]+$/)),
    even: z.number().check((ctx) => { if (ctx.value % 2) ctx.issues.push({ code: "custom", message: "odd", input: ctx.value }); }),
  },
}, async () => ({ content: [] }));
await server.connect(new StdioServerTransport());
