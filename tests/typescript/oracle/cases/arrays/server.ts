import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "arrays", version: "1.0.0" });

server.tool("arrays", {
  ids: z.array(z.number()),
  names: z.string().array(),
  some: z.array(z.string()).min(1).max(5),
  exact: z.array(z.boolean()).length(2),
  nonempty: z.array(z.string()).nonempty(),
  anything: z.array(z.any()),
}, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
