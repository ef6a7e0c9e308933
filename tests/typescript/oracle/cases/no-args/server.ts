import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "no-args", version: "1.0.0" });

server.tool("now", "The current time", async () => ({ content: [] }));
server.registerTool("version", { description: "The version" }, async () => ({ content: [] }));
server.tool("empty", {}, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
