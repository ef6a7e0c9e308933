import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "regexp-constructed", version: "1.0.0" });

// @makeplane/plane-mcp-server's `z.string().regex(new RegExp("^[-a-zA-Z0-9_]+$"))`
const SLUG = "^[a-z0-9-]+$";

server.tool("constructed", {
  identifier: z.string().regex(new RegExp("^[-a-zA-Z0-9_]+$")),
  slug: z.string().regex(new RegExp(SLUG)),
  caseless: z.string().regex(new RegExp("^abc$", "i")),
  escaped: z.string().regex(new RegExp("^\\d{3}-\\w+$")),
}, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
