import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

// changed in place after their declarations: what is listed is not what is declared
const schema = { type: "object", properties: { q: { type: "string" } }, required: [] as string[] };
schema.required.push("q");
const tools: any[] = [
  { name: "zeta", description: "old", inputSchema: schema, annotations: { title: "Z" } },
  { name: "alpha", description: "A", inputSchema: { type: "object", properties: {} } },
];
for (const tool of tools) tool.description = tool.description + " (v2)";
tools.push({ name: "beta", description: "B", inputSchema: { type: "object" } });
tools.sort((x, y) => x.name.localeCompare(y.name));

const server = new Server({ name: "mutated-lists", version: "1.0.0" },
  { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));

await server.connect(new StdioServerTransport());
