import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "zod3-required-by-parse", version: "1.0.0" });

// Zod 3 marks a key required unless undefined parses: a coercion converts it first, and a
// default is parsed by the schema it defaults
server.registerTool("coerced", {
  description: "Coercing schemas",
  inputSchema: {
    text: z.coerce.string(),
    nine: z.coerce.string().min(9),
    ten: z.coerce.string().min(10),
    exactly: z.coerce.string().length(9),
    email: z.coerce.string().email(),
    cuid2: z.coerce.string().cuid2(),
    shouting: z.coerce.string().toUpperCase().cuid2(),
    prefixed: z.coerce.string().startsWith("und"),
    flag: z.coerce.boolean(),
    count: z.coerce.number(),
    when: z.coerce.date(),
  },
}, async () => ({ content: [] }));
server.registerTool("defaults", {
  description: "Defaults their own schema refuses",
  inputSchema: {
    fine: z.string().min(2).default("abc"),
    tooShort: z.string().min(5).default("abc"),
    missingText: z.string().includes("q").default("id"),
    inRange: z.number().int().min(1).max(100).default(10),
    outOfRange: z.number().max(5).default(10),
    notInt: z.number().int().default(1.5),
    emptyList: z.array(z.string()).nonempty().default([]),
    list: z.array(z.number().min(0)).default([1, 2]),
    badItem: z.array(z.number().min(0)).default([1, -2]),
    member: z.enum(["asc", "desc"]).default("asc"),
    literal: z.literal("v1").default("v1"),
    object: z.object({ a: z.string().optional() }).default({}),
    objectMissing: z.object({ a: z.string() }).default({}),
    strictExtra: z.object({ a: z.string() }).strict().default({ a: "x", b: 1 } as never),
    nullable: z.string().nullable().default(null),
    union: z.union([z.string().min(3), z.number()]).default(2),
    coercedDefault: z.coerce.string().min(2).default(7 as never),
    record: z.record(z.number().min(0)).default({ a: -1 }),
    tuple: z.tuple([z.string(), z.number()]).default(["a", 1]),
    // the url check is `new URL(text)`: an absolute URL passes, a path or nothing does not
    image: z.string().url().default("https://developers-resource.landpress.line.me/fx/img/01_1_cafe.png"),
    socket: z.string().url().default("ws://localhost-dev.example:8080/feed"),
    imagePath: z.string().url().default("/img/cafe.png"),
    noUrl: z.string().url().default(""),
    hostOnly: z.string().url().default("www.example.com"),
  },
}, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
