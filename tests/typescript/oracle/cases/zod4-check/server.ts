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
server.registerTool("bounds", {
  description: "Every comparison check",
  inputSchema: {
    open: z.number().check(z.gt(0), z.lt(10)),
    closed: z.number().check(z.gte(-1, "too small"), z.lte(1, { message: "too big" })),
    signs: z.number().check(z.positive()),
    signed: z.number().check(z.nonnegative(), z.nonpositive()),
    below: z.number().check(z.negative({ abort: true })),
    step: z.number().int().check(z.multipleOf(5)),
    mixed: z.number().min(2).check(z.gt(2)),
  },
}, async () => ({ content: [] }));
server.registerTool("strings", {
  inputSchema: {
    exact: z.string().check(z.length(4)),
    lower: z.string().check(z.lowercase()),
    upper: z.string().with(z.uppercase()),
    head: z.string().check(z.startsWith("a.b"), z.endsWith("$")),
    body: z.string().check(z.includes("x+"), z.includes("y", { position: 3 })),
    trimmed: z.string().check(z.trim(), z.toLowerCase(), z.minLength(1)),
    refined: z.string().check(z.refine((s) => s !== "no"), z.superRefine(() => {})),
    method: z.string().includes("q", { position: 2 }),
  },
}, async () => ({ content: [] }));
server.registerTool("lists", {
  inputSchema: {
    tags: z.array(z.string()).check(z.minLength(1), z.maxLength(3)),
    pair: z.array(z.number()).check(z.length(2)),
    described: z.string().describe("kept").check(z.maxLength(9)),
  },
}, async () => ({ content: [] }));
await server.connect(new StdioServerTransport());
