import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "annotations", version: "1.0.0" });

server.tool("delete_file", "Deletes a file", { path: z.string() }, { destructiveHint: true, idempotentHint: true }, async () => ({ content: [] }));
server.tool("read_only", { path: z.string() }, { readOnlyHint: true, title: "Read" }, async () => ({ content: [] }));
server.tool("hinted", "No arguments", { openWorldHint: false }, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
