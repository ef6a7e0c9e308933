import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "register-tool", version: "1.0.0" });

server.registerTool("lookup", {
  title: "Lookup",
  description: "Looks a word up",
  inputSchema: { word: z.string().describe("The word"), lang: z.enum(["en", "fr"]).default("en") },
  annotations: { readOnlyHint: true },
}, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
