import { McpServer } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import * as z from "zod";

const server = new McpServer({ name: "v2-meta-annotations", version: "1.0.0" });

server.registerTool("annotated", {
  title: "Annotated",
  description: "With annotations and meta",
  inputSchema: z.object({ x: z.number().meta({ description: "x value", examples: [1, 2] }) }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  _meta: { "example.com/k": 1 },
}, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
