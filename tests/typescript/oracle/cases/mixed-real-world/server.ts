import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "mixed-real-world", version: "1.0.0" });

const Issue = z.object({
  title: z.string().min(1).max(256).describe("Issue title"),
  body: z.string().optional().describe("Markdown body"),
  labels: z.array(z.string()).optional(),
  assignees: z.array(z.string()).max(10).optional(),
  state: z.enum(["open", "closed"]).default("open"),
});
server.tool("create_issue", "Create a GitHub issue", { owner: z.string(), repo: z.string(), issue: Issue }, async () => ({ content: [] }));
server.tool("list_issues", "List issues", {
  owner: z.string(), repo: z.string(),
  state: z.enum(["open", "closed", "all"]).optional(),
  since: z.string().datetime().optional().describe("ISO 8601 timestamp"),
  per_page: z.number().int().min(1).max(100).default(30),
}, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
