import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

// @winor30/mcp-server-datadog 1.8.0's `pickRootObjectProperty`: a helper that names a few
// constants before it returns what it arranges of them and its parameters
function configOf(description: string, shape: z.ZodRawShape, readOnly: boolean) {
  const annotations = { readOnlyHint: readOnly, openWorldHint: true };
  const full = `${description} (Datadog)`;
  return { description: full, inputSchema: shape, annotations };
}

const paged = (size: number) => {
  // a comment between the statements
  const pageSize = z.number().min(1).max(size).default(10);
  const pageOffset = z.number().min(0).default(0);
  return { pageSize, pageOffset };
};

// a `let` may change before the return: not read
function changing(description: string) {
  let text = description;
  text = text.toUpperCase();
  return { description: text, inputSchema: { q: z.string() } };
}

const server = new McpServer({ name: "helper-constants", version: "1.0.0" });

server.registerTool("list_incidents", configOf("Get incidents", paged(100), true),
  async () => ({ content: [] }));
server.registerTool("get_incident", configOf("Get one incident", { incidentId: z.string().min(1) }, false),
  async () => ({ content: [] }));
server.registerTool("shout", changing("Shout"), async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
