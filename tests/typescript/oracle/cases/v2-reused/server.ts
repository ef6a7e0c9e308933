import { McpServer } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import * as z from "zod";

const server = new McpServer({ name: "v2-reused", version: "1.0.0" });

const Point = z.object({ x: z.number(), y: z.number() });
server.registerTool("line", { inputSchema: z.object({ from: Point, to: Point, label: z.string().optional() }) }, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
