import { McpServer } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import * as z from "zod";

const server = new McpServer({ name: "v2-unions", version: "1.0.0" });

server.registerTool("unions", { inputSchema: z.object({
  listOrText: z.union([z.string(), z.array(z.string())]),
  kinds: z.discriminatedUnion("kind", [z.object({ kind: z.literal("a"), a: z.string() }), z.object({ kind: z.literal("b") })]),
  lits: z.union([z.literal("x"), z.literal("y")]),
  multi: z.literal(["p", "q"]),
  both: z.intersection(z.object({ a: z.string() }), z.object({ b: z.number() })),
}) }, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
