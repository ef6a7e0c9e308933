import { FastMCP } from "fastmcp";
import { z } from "zod";

const server = new FastMCP({ name: "fastmcp-loops", version: "1.0.0" });

const tools = [
  { name: "alpha", description: "Alpha", parameters: z.object({ a: z.string() }) },
  { name: "beta", description: "Beta", parameters: z.object({ b: z.number().min(1) }) },
];
for (const tool of tools) {
  server.addTool({ ...tool, execute: async () => "ok" });
}

const more: Record<string, z.ZodObject<z.ZodRawShape>> = {
  gamma: z.object({ g: z.boolean().optional() }),
  delta: z.object({ d: z.enum(["x", "y"]) }),
};
Object.entries(more).forEach(([name, parameters]) => {
  server.addTool({ name, description: `The ${name} tool`, parameters, execute: async () => "ok" });
});

server.start({ transportType: "stdio" });
