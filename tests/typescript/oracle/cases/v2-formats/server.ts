import { McpServer } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import * as z from "zod";

const server = new McpServer({ name: "v2-formats", version: "1.0.0" });

server.registerTool("formats", { inputSchema: z.object({
  email: z.email(), url: z.url(), id: z.uuid(), when: z.iso.datetime(), day: z.iso.date(),
  tuple: z.tuple([z.string(), z.number()]),
  rec: z.record(z.string(), z.number()),
  keyed: z.record(z.enum(["a", "b"]), z.boolean()),
}) }, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
