import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "string-checks", version: "1.0.0" });

server.tool("strings", {
  short: z.string().min(1).max(10),
  exact: z.string().length(5),
  slug: z.string().regex(/^[a-z0-9-]+$/),
  flags: z.string().regex(/^abc$/i),
  nonempty: z.string().nonempty(),
  prefix: z.string().startsWith("user_"),
  suffix: z.string().endsWith(".json"),
  contains: z.string().includes("w+x"),
}, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
