import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "zod3-effects-object", version: "1.0.0" });

const Range = z.object({ start: z.number(), end: z.number() }).refine((r) => r.end >= r.start, "end before start");
server.tool("range", { range: Range, label: z.string().brand<"Label">() }, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
