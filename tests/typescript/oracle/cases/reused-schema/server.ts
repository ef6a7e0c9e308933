import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "reused-schema", version: "1.0.0" });

const Id = z.string().describe("An identifier");
const Point = z.object({ x: z.number(), y: z.number() });
server.tool("line", { from: Point, to: Point, id: Id, parent: Id.optional() }, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
