import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { z, toJSONSchema } from "zod";

const Search = z.object({
  query: z.string().min(1).describe("What to look for"),
  tags: z.union([z.string(), z.array(z.string())]).optional(),
  limit: z.number().int().max(50).default(10),
});
const Result = z.object({ hits: z.array(z.object({ id: z.string(), score: z.number() })) });

const server = new Server({ name: "lowlevel-to-json-schema", version: "1.0.0" },
  { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
    { name: "plain", description: "Default target and io", inputSchema: z.toJSONSchema(Search) },
    { name: "draft7-input", inputSchema: z.toJSONSchema(Search, { target: "draft-7", io: "input" }),
      outputSchema: toJSONSchema(Result, { target: "draft-07" }) },
    { name: "named-2020", inputSchema: z.toJSONSchema(Search, { target: "draft-2020-12", io: "output" }) },
  ],
}));
await server.connect(new StdioServerTransport());
