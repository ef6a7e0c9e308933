import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "zod4-unrepresentable", version: "1.0.0" });

server.tool("fine", { text: z.string() }, async () => ({ content: [] }));
// Zod 4 cannot write a Date in JSON Schema: listing the tools fails, the fine one too
server.tool("since", { when: z.date() }, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
