import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "zod4-stringbool", version: "1.0.0" });

// z.stringbool() reads a text as a boolean: the input schema is the text, the output the boolean
server.registerTool("toggle", {
  description: "Toggles",
  inputSchema: { on: z.stringbool(), strict: z.stringbool({ truthy: ["y"], falsy: ["n"] }).optional() },
  outputSchema: { on: z.stringbool() },
}, async () => ({ content: [], structuredContent: { on: true } }));

// a codec transforms: Zod lists no default for it in an input schema (a plain string keeps its own)
server.registerTool("defaulted", {
  description: "Defaults",
  inputSchema: { on: z.stringbool().default("yes"), flag: z.stringbool().describe("A flag").default(true), text: z.string().default("x") },
  outputSchema: { on: z.stringbool().default(false) },
}, async () => ({ content: [], structuredContent: { on: true } }));

await server.connect(new StdioServerTransport());
