import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "object-getters", version: "1.0.0" });

const Tag = z.object({ label: z.string() });

// a getter in a shape gives the schema it returns (Zod 4's documented way to recursive shapes)
server.registerTool("tagged", {
  description: "Getters in a shape",
  inputSchema: {
    item: z.object({
      name: z.string(),
      get tags() { return z.array(Tag); },
      get note() { return z.string().optional(); },
    }),
  },
}, async () => ({ content: [] }));

const Category = z.object({
  name: z.string(),
  get subcategories(): z.ZodArray<typeof Category> { return z.array(Category); },
});
// a getter returning the schema it is in: a recursive schema, not derived
server.registerTool("categories", { description: "Recursive", inputSchema: { root: Category } }, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
