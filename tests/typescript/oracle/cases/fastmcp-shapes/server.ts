import { FastMCP } from "fastmcp";
import { z } from "zod";

const server = new FastMCP({ name: "fastmcp-shapes", version: "1.0.0" });

const Address = z.object({
  street: z.string(),
  geo: z.object({ lat: z.number(), lon: z.number() }),
});

server.addTool({
  name: "ship",
  description: "Ships a parcel",
  parameters: z.object({
    to: Address,
    from: Address.optional(),
    parcels: z.array(z.object({ weight: z.number(), fragile: z.boolean().default(false) })),
    mode: z.enum(["air", "sea"]),
    note: z.string().nullable(),
    gift: z.object({ message: z.string() }).nullable(),
    kind: z.union([z.literal("box"), z.literal("tube")]),
    tags: z.record(z.string(), z.string()).optional(),
    options: z.object({ insured: z.boolean() }).passthrough().optional(),
  }),
  execute: async () => "ok",
});

server.addTool({
  name: "strict",
  parameters: z.object({ only: z.string() }).strict(),
  execute: async () => "ok",
});

server.start({ transportType: "stdio" });
