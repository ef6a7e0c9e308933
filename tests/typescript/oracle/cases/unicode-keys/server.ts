import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "unicode-keys", version: "1.0.0" });

server.tool("unicode", { "naïve": z.string(), "with space": z.number(), "2": z.boolean() }, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
