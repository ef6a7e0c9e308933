import { FastMCP } from "fastmcp";
import { z } from "zod";

const server = new FastMCP({ name: "fastmcp-defaults", version: "1.0.0" });

server.addTool({
  name: "configure",
  description: "Configures",
  parameters: z.object({
    level: z.number().default(3),
    mode: z.enum(["a", "b"]).default("a"),
    verbose: z.boolean().optional().default(false),
    label: z.string().optional().describe("A label"),
    retries: z.number().int().nonnegative().default(0).describe("Retries"),
    options: z.object({ dry: z.boolean().default(true) }).default({ dry: true }),
  }),
  execute: async () => "ok",
});

server.start({ transportType: "stdio" });
