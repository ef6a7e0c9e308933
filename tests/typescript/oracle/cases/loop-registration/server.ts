import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "loop-registration", version: "1.0.0" });

// (a) an array of tool objects registered in a loop
const tools = [
  { name: "loop_a", description: "A", schema: { q: z.string() } },
  { name: "loop_b", description: "B", schema: { n: z.number().int() } },
];
for (const t of tools) {
  server.registerTool(t.name, { description: t.description, inputSchema: t.schema }, async () => ({ content: [] }));
}

// (b) forEach with destructuring
[
  { name: "each_a", shape: { x: z.boolean() } },
  { name: "each_b", shape: { y: z.enum(["a", "b"]) } },
].forEach(({ name, shape }) => server.tool(name, shape, async () => ({ content: [] })));

// (c) a helper
function register(name: string, description: string, shape: z.ZodRawShape) {
  server.registerTool(name, { description, inputSchema: shape }, async () => ({ content: [] }));
}
register("helper_a", "Helper A", { id: z.string().uuid() });
register("helper_b", "Helper B", { limit: z.number().max(10).optional() });

// (d) a map of tools
const byName: Record<string, { description: string; inputSchema: z.ZodRawShape }> = {
  map_a: { description: "Map A", inputSchema: { a: z.string() } },
  map_b: { description: "Map B", inputSchema: { b: z.string().optional() } },
};
for (const [name, def] of Object.entries(byName)) {
  server.registerTool(name, def, async () => ({ content: [] }));
}

// (e) a class
class Tools {
  constructor(private s: McpServer) {}
  install() {
    this.s.registerTool("class_a", { description: "Class A", inputSchema: { k: z.string() } }, async () => ({ content: [] }));
  }
}
new Tools(server).install();

// (f) spread config
const common = { annotations: { readOnlyHint: true } };
server.registerTool("spread_a", { ...common, description: "Spread", inputSchema: { s: z.string() } }, async () => ({ content: [] }));

// (g) map over an array
const names = ["m1", "m2"] as const;
names.map((n) => server.tool(n, `Tool ${n}`, { v: z.string() }, async () => ({ content: [] })));

// (h) a helper given the server, called from a loop over imported-style definitions
type Def = { name: string; title?: string; shape: z.ZodRawShape };
function install(target: McpServer, def: Def) {
  target.registerTool(def.name, { title: def.title, inputSchema: def.shape }, async () => ({ content: [] }));
}
const defs: Def[] = [
  { name: "nested_a", title: "Nested A", shape: { when: z.string().datetime() } },
  { name: "nested_b", shape: { count: z.number().int().positive() } },
];
for (const def of defs) install(server, def);

// (i) keys of an object
const descriptions = { key_a: "Key A", key_b: "Key B" };
for (const key in descriptions) {
  server.tool(key, descriptions[key as keyof typeof descriptions], { k: z.string() }, async () => ({ content: [] }));
}

// (j) a helper's parameters not given: their defaults, or undefined
function titled(name: string, title?: string, shape: z.ZodRawShape = { q: z.string() }) {
  server.registerTool(name, { title, inputSchema: shape }, async () => ({ content: [] }));
}
titled("default_a");
titled("default_b", "Default B", { n: z.number() });

await server.connect(new StdioServerTransport());
