import { FastMCP } from "fastmcp";
import { z } from "zod";

const server = new FastMCP({ name: "fastmcp-unions", version: "1.0.0" });

server.addTool({
  name: "pay",
  description: "Pays",
  parameters: z.object({
    method: z.discriminatedUnion("kind", [
      z.object({ kind: z.literal("card"), number: z.string() }),
      z.object({ kind: z.literal("bank"), iban: z.string() }),
    ]),
    amount: z.union([z.number(), z.string()]),
    memo: z.object({ text: z.string() }).nullable(),
    currency: z.enum(["EUR", "USD"]).optional(),
    flag: z.literal(true),
  }),
  execute: async () => "ok",
});

server.start({ transportType: "stdio" });
