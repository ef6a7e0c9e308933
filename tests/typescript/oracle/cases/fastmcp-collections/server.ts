import { FastMCP } from "fastmcp";
import { z } from "zod";

const server = new FastMCP({ name: "fastmcp-collections", version: "1.0.0" });

server.addTool({
  name: "batch",
  description: "Runs a batch",
  parameters: z.object({
    jobs: z.array(z.object({ id: z.string(), args: z.array(z.string()).max(5) })).min(1),
    pair: z.tuple([z.string(), z.number()]),
    env: z.record(z.string(), z.object({ value: z.string() })),
    any: z.any(),
    unknown: z.unknown().optional(),
  }),
  execute: async () => "ok",
});

server.start({ transportType: "stdio" });
