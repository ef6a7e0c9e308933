import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "zod4-repeated-patterns", version: "1.0.0" });

const Slug = /^[a-z-]+$/;

// Zod 4 keeps a string's patterns in a Set of RegExp objects: a format's shared pattern is
// listed once however often it is checked, a pattern made for each check as often as checked
server.registerTool("patterns", {
  description: "Repeated string checks",
  inputSchema: {
    uuids: z.string().uuid().uuid(),
    emails: z.string().email().email(),
    suffixes: z.string().endsWith("z").endsWith("z"),
    prefixes: z.string().startsWith("a").startsWith("a"),
    sameRegex: z.string().regex(Slug).regex(Slug),
    twoLiterals: z.string().regex(/^[a-z-]+$/).regex(/^[a-z-]+$/),
    lower: z.string().lowercase().lowercase(),
    datetimes: z.string().datetime().datetime(),
    mixed: z.string().email().regex(Slug).email(),
  },
}, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
