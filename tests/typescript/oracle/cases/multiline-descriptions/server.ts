import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "multiline-descriptions", version: "1.0.0" });

server.tool(
  "summarise",
  "Summarises a document.\nReturns at most `max` words.",
  {
    text: z.string().describe("The text: \"quoted\" and é"),
    max: z.number().int().describe(`Maximum words`),
  },
  async () => ({ content: [] }),
);

await server.connect(new StdioServerTransport());
