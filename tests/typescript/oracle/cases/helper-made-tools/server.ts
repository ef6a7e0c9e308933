import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

// @winor30/mcp-server-datadog 1.8.0's form: a helper that only returns what it is given,
// arranged (here a tool's config from its description and shape)
function configOf(description: string, shape: z.ZodRawShape) {
  return { description, inputSchema: shape };
}

const titled = (title: string, description: string) => ({ title, description, inputSchema: { id: z.string().describe(title) } });

const server = new McpServer({ name: "helper-made-tools", version: "1.0.0" });

server.registerTool("list_incidents", configOf("Get incidents", { pageSize: z.number().min(1).max(100).default(10) }),
  async () => ({ content: [] }));
server.registerTool("get_incident", configOf("Get one incident", { incidentId: z.string().min(1) }),
  async () => ({ content: [] }));
server.registerTool("get_host", titled("Host", "Get a host"), async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
