import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { zodToJsonSchema } from "zod-to-json-schema";
import { z } from "zod";

// a low-level server converting its Zod schemas itself, as @winor30/mcp-server-datadog 1.8.0
// does: zodToJsonSchema with a `name` puts the schema under `definitions` and refers to it;
// `pickRootObjectProperty` takes the object's parts back out of it
function pickRootObjectProperty(fullSchema: any, schemaName: string) {
  const definitions = fullSchema.definitions ?? {};
  const root = definitions[schemaName];
  return {
    type: "object",
    properties: root?.properties ?? {},
    required: root?.required ?? [],
  };
}

function createToolSchema(schema: z.ZodTypeAny, name: string, description: string) {
  return { name, description, inputSchema: pickRootObjectProperty(zodToJsonSchema(schema, { name }), name) };
}

const Paged = z.object({
  pageSize: z.number().min(1).max(100).default(10),
  pageOffset: z.number().min(0).default(0),
});
const Tag = z.object({ key: z.string(), value: z.string().optional() });
const Tagged = z.object({ incidentId: z.string().nonempty(), tags: z.array(Tag), also: z.array(Tag) });

const TOOLS = [
  createToolSchema(Paged, "list_incidents", "Get incidents"),
  createToolSchema(Tagged, "tag_incident", "Tag an incident"),
  { name: "plain", description: "Converted whole", inputSchema: zodToJsonSchema(Paged) },
  { name: "named", description: "Converted with a name", inputSchema: zodToJsonSchema(Tagged, "Tagged") },
  { name: "parts", description: "Parts of a conversion",
    inputSchema: { type: "object", properties: zodToJsonSchema(Paged).properties } },
  { name: "spread", description: "A conversion spread into a literal",
    inputSchema: { ...zodToJsonSchema(Tagged), additionalProperties: true, title: "Spread" } },
];

const server = new Server({ name: "lowlevel-zod-to-json-schema", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));
await server.connect(new StdioServerTransport());
