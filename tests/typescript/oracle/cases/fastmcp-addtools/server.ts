import { FastMCP } from "fastmcp";
import { z } from "zod";

const server = new FastMCP({ name: "fastmcp-addtools", version: "1.0.0" });

const listTool = {
  name: "list",
  description: "Lists items",
  parameters: z.object({ folder: z.string() }),
  execute: async () => "[]",
};

server.addTools([
  listTool,
  {
    name: "remove",
    parameters: z.object({ id: z.string(), force: z.boolean().optional() }),
    annotations: { destructiveHint: true },
    execute: async () => "ok",
  },
]);

server.addTool({
  name: "list",
  description: "Lists items, again",
  parameters: z.object({ folder: z.string(), deep: z.boolean() }),
  execute: async () => "[]",
});

server.start({ transportType: "stdio" });
