import { McpServer } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import * as z from "zod";

const server = new McpServer({ name: "v2-strictness", version: "1.0.0" });

server.registerTool("strict", { inputSchema: z.strictObject({ a: z.string(), inner: z.object({ b: z.string() }).strict() }) }, async () => ({ content: [] }));
server.registerTool("loose", { inputSchema: z.looseObject({ a: z.string() }) }, async () => ({ content: [] }));
server.registerTool("catchall", { inputSchema: z.object({ a: z.string() }).catchall(z.number()) }, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
