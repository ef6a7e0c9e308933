import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "zod3-descriptions", version: "1.0.0" });

const Tag = z.string().describe("A tag");

server.registerTool("descriptions", {
  description: "Where a described schema's description goes when it is wrapped",
  inputSchema: {
    methodArray: Tag.array(),
    functionArray: z.array(Tag),
    methodOptional: z.number().describe("A count").optional(),
    functionOptional: z.optional(z.number().describe("A count")),
    methodNullable: z.boolean().describe("A flag").nullable(),
    functionNullable: z.nullable(z.boolean().describe("A flag")),
    methodNullish: z.string().describe("A note").nullish(),
    methodOr: z.string().describe("Text").or(z.number()),
    functionUnion: z.union([z.string().describe("Text"), z.number()]),
    described: z.array(Tag).describe("The tags"),
    methodDefault: z.string().describe("A mode").default("fast"),
    merged: z.object({ a: z.string() }).describe("Merged away").merge(z.object({ b: z.number() }).strict()),
    extended: z.object({ a: z.string() }).describe("Extended").extend({ b: z.number() }),
  },
}, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
