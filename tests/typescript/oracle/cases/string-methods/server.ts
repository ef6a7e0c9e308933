import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "string-methods", version: "1.0.0" });

// descriptions built with string methods whose result does not depend on the locale
const long = `
    Searches the web.
    Returns at most ten results.
`.trim();
server.registerTool("trimmed", { description: long, inputSchema: { q: z.string() } },
  async () => ({ content: [] }));
server.registerTool("js-space", {
  // ECMAScript's whitespace (no-break space, BOM) is trimmed; U+0085 is not whitespace there
  description: "\u00a0\ufeff Kept \u0085".trimStart().trimEnd(),
}, async () => ({ content: [] }));
server.registerTool("joined", {
  description: ["Line one.", "Line two."].join("\n"),
  inputSchema: { mode: z.enum(["a", "b"]).describe(["Pick", "one"].join()) },
}, async () => ({ content: [] }));
server.registerTool("concat-replace", {
  description: "Part one. ".concat("Part two.").replace("one", "1").replaceAll(".", "!"),
  title: "shout".toUpperCase(),
}, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
