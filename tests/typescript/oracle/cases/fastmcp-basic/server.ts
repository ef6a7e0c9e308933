import { FastMCP } from "fastmcp";
import { z } from "zod";

const server = new FastMCP({ name: "fastmcp-basic", version: "1.0.0" });

server.addTool({
  name: "add",
  description: "Adds two numbers",
  parameters: z.object({
    a: z.number().describe("The first number"),
    b: z.number().int().min(0).default(1),
  }),
  annotations: { readOnlyHint: true, title: "Add" },
  execute: async (args) => String(args.a + args.b),
});

server.addTool({
  name: "ping",
  execute: async () => "pong",
});

server.addTool({
  name: "search",
  description: "Searches the index",
  parameters: z.object({ query: z.string().min(1), limit: z.number().optional() }),
  outputSchema: z.object({ hits: z.array(z.string()), next: z.object({ cursor: z.string() }) }),
  _meta: { ui: { resourceUri: "ui://search" } },
  timeoutMs: 5000,
  execute: async () => ({ content: [], structuredContent: { hits: [], next: { cursor: "" } } }),
});

server.addTool({
  name: "ping",
  description: "Answers, the second time this name is added",
  parameters: z.object({ loud: z.boolean() }),
  execute: async () => "PONG",
});

server.start({ transportType: "stdio" });
