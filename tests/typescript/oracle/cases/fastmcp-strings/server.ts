import { FastMCP } from "fastmcp";
import { z } from "zod";

const server = new FastMCP({ name: "fastmcp-strings", version: "1.0.0" });

server.addTool({
  name: "contact",
  description: "Contacts someone",
  parameters: z.object({
    email: z.string().email(),
    site: z.string().url().optional(),
    id: z.string().uuid(),
    code: z.string().regex(/^[A-Z]{3}$/),
    name: z.string().min(2).max(40),
    when: z.string().datetime(),
    count: z.number().int().positive().max(10),
    ratio: z.number().gte(0).lt(1),
  }),
  execute: async () => "ok",
});

server.start({ transportType: "stdio" });
